/// Imports: a stream of records written in one transaction, all or nothing.
extension Store {
    /// What to do with a record whose id is in the store with other content (kind,
    /// text, created or updated time, field values). One with the same content is left
    /// alone, so that importing a file twice adds nothing.
    public enum ConflictPolicy: String, CaseIterable, Sendable {
        /// Stop, and change nothing.
        case fail
        /// Leave the store's version and go on.
        case keep
        /// Overwrite the store's version, field values included, with the file's (it
        /// stays where it is).
        case replace
    }

    public struct ImportOptions {
        public var target: NavigationPath
        public var conflicts: ConflictPolicy
        public var dryRun: Bool
        /// Called now and then with the number of records done.
        public var progress: (Int) -> Void
        /// Checked between records: true abandons the import, rolling it back.
        public var shouldStop: () -> Bool
        /// Called with each item before it is written (`import --hooks`): its text,
        /// field values and line; returns them as the item is to be written (a hook may
        /// replace them). Throwing stops the import, and nothing is imported.
        public var checkItem: ((String, [FieldValue], Int) throws -> (text: String, fields: [FieldValue]))?

        public init(target: NavigationPath, conflicts: ConflictPolicy = .fail, dryRun: Bool = false,
                    progress: @escaping (Int) -> Void = { _ in }, shouldStop: @escaping () -> Bool = { false }) {
            self.target = target
            self.conflicts = conflicts
            self.dryRun = dryRun
            self.progress = progress
            self.shouldStop = shouldStop
        }
    }

    public struct ImportSummary: Equatable, Sendable {
        public var added = 0
        public var unchanged = 0
        public var kept = 0
        public var replaced = 0
        public var listsCreated = 0
        /// Of those added, how many went to the trash.
        public var trashed = 0
        /// The rows the import added, for `forEachItem(addedBy:)`.
        var addedRows: ClosedRange<Int64>?

        public init() {}

        /// The import as undo names it: `import 1000 items, 2 lists`.
        var described: String {
            var parts = [added == 1 ? "1 item" : "\(added) items"]
            if listsCreated > 0 { parts.append(listsCreated == 1 ? "1 list" : "\(listsCreated) lists") }
            if replaced > 0 { parts.append("\(replaced) replaced") }
            return "import " + parts.joined(separator: ", ")
        }
    }

    /// The import was stopped by `shouldStop`; nothing was written.
    public struct ImportInterrupted: Error {
        public init() {}
    }

    private struct DryRunFinished: Error {
        let summary: ImportSummary
    }

    /// SQLite's page cache, as `PRAGMA cache_size` gives it (KiB, negated): its
    /// default, and an import's.
    static let defaultPageCache = -2000
    static let importPageCache = -8192

    /// Runs `feed` in one import's transaction, with an importer for it to add records
    /// to: the import formats read their records into it (`importRecords(from:options:)`
    /// in JotterFormats). A bad record stops it with an `ImportProblem` and the store as
    /// it was; with `dryRun`, everything is checked and written, then rolled back.
    public func importing(options: ImportOptions, _ feed: (inout Importer) throws -> Void) throws -> ImportSummary {
        // The importer resolves every parent itself inside the transaction, so SQLite's
        // own check of each row's parent is work done twice. It can only be switched
        // outside a transaction.
        defer { try? database.execute("PRAGMA foreign_keys = ON; PRAGMA cache_size = \(Store.defaultPageCache)") }
        try database.execute("PRAGMA foreign_keys = OFF")
        // With SQLite's default 2 MiB page cache, a big transaction spills pages into
        // the WAL and writes them again each time they change, many times over for
        // each page. 8 MiB keeps the pages being filled in memory much longer, and
        // memory stays bounded by it whatever the size of the input.
        try database.execute("PRAGMA cache_size = \(Store.importPageCache)")
        do {
            return try recordingChange {
                guard try stillHolds(options.target) else {
                    throw JotterError.input("\(options.target.display) was moved or deleted just now; nothing was imported")
                }
                let boundary = try highestNodeSeq()
                var importer = try Importer(store: self, options: options, rowsBefore: boundary)
                try feed(&importer)
                try importer.flush()
                let highest = try highestNodeSeq()
                if highest > boundary { importer.summary.addedRows = (boundary + 1)...highest }
                // A signal can arrive as the input ends (the writer killed with it closes
                // the pipe): the read sees the end, not the signal, so look once more.
                if options.shouldStop() { throw ImportInterrupted() }
                if options.dryRun { throw DryRunFinished(summary: importer.summary) }
                return (importer.summary, importer.summary.described)
            }
        } catch let finished as DryRunFinished {
            return finished.summary
        }
    }
}

/// A node of the store that a record names by its id, read without its text: a long
/// entry's was held whole beside the record's own text while the import compared and
/// replaced them.
private struct ExistingNode {
    let seq: Int64
    let id: NodeID
    /// Whether the row stores its id, rather than deriving it from its row and
    /// creation time.
    let storesID: Bool
    let kind: Node.Kind
    let parentSeq: Int64?
    let created: Timestamp
    let updatedMilliseconds: Int64
    /// The row's `updated`, NULL until the node changed.
    let storedUpdated: Int64?
    /// The row's `hidden`: nil in sight, the change that put it in the trash, or one
    /// an undo took it away by.
    let hidden: Int64?

    /// A whole node's columns, in their places, the text NULL.
    static let columns = NodeColumn.allCases.map { $0 == .text ? "NULL" : $0.name }.joined(separator: ", ")

    init(_ row: Statement, store: Store) {
        seq = row.int64(NodeColumn.seq.position)
        created = Timestamp(milliseconds: row.int64(NodeColumn.created.position),
                            offsetSeconds: Int32(truncatingIfNeeded: row.int64(NodeColumn.createdOffset.position)))
        id = store.id(seq: seq, stored: row, column: NodeColumn.id.position, createdMilliseconds: created.milliseconds)
        storesID = !row.isNull(NodeColumn.id.position)
        kind = Node.Kind(rawValue: row.int64(NodeColumn.kind.position)) ?? .item
        parentSeq = row.optionalInt64(NodeColumn.parent.position)
        storedUpdated = row.optionalInt64(NodeColumn.updated.position)
        updatedMilliseconds = storedUpdated ?? created.milliseconds
        hidden = row.optionalInt64(NodeColumn.hidden.position)
    }
}

/// The state of one import while its transaction is open.
public struct Importer {
    let store: Store
    let options: Store.ImportOptions
    /// The highest row before the import: a record's id found above it was given
    /// earlier in the same file.
    let rowsBefore: Int64
    /// Where the rows this import added for records with ids came from, for naming
    /// the earlier line of an id given twice: runs of rows whose lines go up with
    /// them, each as its first row and that row's line, so that a file of one record a
    /// line takes one run whatever its size.
    var lineRuns: [(seq: Int64, line: Int)] = []
    let now: Timestamp
    let insert: Statement
    let insertBatch: Statement
    /// A batch of new items of this store's own that differ only in their text, as
    /// every line of a `lines` import does: one value bound a row instead of seven.
    let insertAlike: Statement
    var summary = Store.ImportSummary()
    /// Rows waiting to go in together: one statement for many rows saves SQLite most
    /// of its per-statement work. Flushed before anything is looked up.
    var pending: [Row] = []
    /// The texts of the pending rows, end to end: SQLite reads them from here rather
    /// than from copies of its own.
    var pendingTexts: [UInt8] = []
    static let batchSize = 64
    /// A text this long goes in on its own rather than through `pendingTexts`.
    static let longText = 64 * 1024

    struct Row {
        /// Its columns; `done` is set afterwards, for the rows that have it.
        let node: NodeRow
        /// Where the text is in `pendingTexts`.
        let text: Range<Int>
        /// The line of the record it was made from.
        let line: Int

        /// Whether the row is a new item of this store's own with the parent and
        /// creation time of `other`, so that only the texts of the two differ.
        func differsOnlyInText(from other: Row) -> Bool {
            node.id == nil && node.kind == .item && node.updated == nil && other.node.id == nil
                && other.node.kind == .item && other.node.updated == nil && node.parent == other.node.parent
                && node.created == other.node.created && node.createdOffset == other.node.createdOffset
        }
    }
    /// The highest row number named by an imported id that carries this store's mark
    /// (it came from a copy of this store): no new row may get that number, or its
    /// derived id could be one already taken.
    var highestMarkedSeq: Int64 = 0
    /// Lists created or found for `list` paths, by path below the target.
    var lists: [[String]: Int64] = [:]
    /// Parents named by records but not found, with the line that named them: one
    /// that turns up later in the file means the file has a child before its parent.
    var missingParents: [NodeID: Int] = [:]
    /// Whether `sync_tombstone` holds any row, looked up at the first record with an id.
    var holdsTombstones: Bool?
    /// The forms of the places records with field values went under, by row.
    var forms: [Int64?: EntryForm] = [:]
    /// The depth of each row a record went under, by row: a chain of records each
    /// under the one before looks one row up a record.
    var depths: [Int64: Int] = [:]
    let today = FieldDate.today()

    init(store: Store, options: Store.ImportOptions, rowsBefore: Int64) throws {
        self.store = store
        self.options = options
        self.rowsBefore = rowsBefore
        now = store.clock()
        // Held for the whole import: looking a statement up by its SQL for every
        // record would cost more than some of the inserts.
        insert = try store.database.statement(NodeRow.Shape.imported.insertOne)
        insertBatch = try store.database.statement(NodeRow.insert(rows: Importer.batchSize, .imported))
        insertAlike = try store.database.statement(NodeRow.insertAlike(rows: Importer.batchSize, .made))
        pending.reserveCapacity(Importer.batchSize)
        if let top = options.target.top { depths[top.seq] = options.target.nodes.count }
    }

    public mutating func add(_ record: ImportRecord) throws {
        // A long text goes in with SQLite's default page cache: its pages pass through
        // once, and the import's 8 MiB, kept for the many rows of a large input, came
        // on top of the texts held. Looking up the entry a long text replaces filled
        // it, SQLite reaching the columns after a text through the text's pages.
        // Should the import stop here, it ends with the default cache anyway.
        let isLong = record.text.utf8.count >= Importer.longText
        if isLong { try usePageCache(of: Store.defaultPageCache) }
        try addRecord(record)
        if isLong { try usePageCache(of: Store.importPageCache) }
    }

    /// Sets SQLite's page cache, as `PRAGMA cache_size` gives it.
    private func usePageCache(of size: Int) throws {
        try store.database.execute("PRAGMA cache_size = \(size)")
    }

    private mutating func addRecord(_ record: ImportRecord) throws {
        if let problem = SizeCap.problem(with: record.text, of: record.kind) {
            throw ImportProblem(line: record.line, problem)
        }
        if record.id != nil || record.kind == .list || record.placement != .target || record.fields?.isEmpty == false
            || record.doneMilliseconds != nil || record.isTrashed {
            try flush()
        }
        if let id = record.id, let line = missingParents[id] {
            throw ImportProblem(
                line: line, "its parent \(id) comes later, on line \(record.line); a parent must come before what it holds")
        }
        if let id = record.id, let existing = try existing(id, line: record.line, inTrash: record.isTrashed, ofRecord: true) {
            var record = record
            record.fields = try checkedFields(of: record, under: existing.parentSeq)
            try reconcile(record, with: existing)
        } else if record.kind == .list,
                  let sameName = try store.lists(underSeq: try parentSeq(for: record), named: record.text).first {
            // Names address lists, so two lists beside each other never share one: a
            // list of the file joins the list of that name already there. One with an
            // id of its own would lose it, and what the file puts under that id would
            // be put elsewhere, so it is refused.
            if record.id != nil {
                throw ImportProblem(
                    line: record.line,
                    "a list named '\(DisplayText.escaped(record.text))' is already there, with the id \(sameName.id); "
                        + "lists beside each other need names of their own; rename one and import again")
            }
            summary.unchanged += 1
        } else {
            if let id = record.id, try wasDeletedWhileSyncing(id) {
                throw ImportProblem(
                    line: record.line,
                    "\(id) was deleted for good here while the store syncs, and stays deleted on every machine; "
                        + "import it without its id to add it anew")
            }
            let parent = try parentSeq(for: record)
            let depth = try depth(ofRow: parent) + 1
            if depth > Store.deepestLevel { throw ImportProblem(line: record.line, Store.tooDeep(record.text, at: depth)) }
            let fields = try checkedFields(of: record, under: parent)
            let created = record.created ?? now
            if let id = record.id, let row = store.derivedIDs.row(of: id) {
                highestMarkedSeq = max(highestMarkedSeq, row.seq)
            }
            let id = record.id ?? storedIDUnlessDerivable(created: created)
            let updated = record.updatedMilliseconds.flatMap { $0 == created.milliseconds ? nil : $0 }
            try queue(id: id, kind: record.kind, text: record.text.utf8, parent: parent, created: created, updated: updated,
                      line: record.line)
            if record.fields?.isEmpty == false || record.doneMilliseconds != nil || record.isTrashed {
                // The values name the item's row, which only an insert of the row alone tells.
                try flush()
                let seq = store.database.lastInsertedRowID
                try store.insertValues(fields ?? [], of: seq)
                if let done = record.doneMilliseconds {
                    try store.database.statement("UPDATE node SET done = ? WHERE seq = ?").bind(1, done).bind(2, seq).run()
                }
                if record.isTrashed {
                    // Hidden by this change, as `rm` hides what it removes: in the trash
                    // once the import is made, and gone with it when it is undone.
                    try store.database.statement("UPDATE node SET hidden = (SELECT change FROM recording) WHERE seq = ?")
                        .bind(1, seq).run()
                    summary.trashed += 1
                }
            } else if pending.count == Importer.batchSize {
                try flush()
            }
            summary.added += 1
        }
        reportProgress()
    }

    /// Adds a new item with `text` under the target, as each line of a `lines` import.
    public mutating func addItem(text: UnsafeBufferPointer<UInt8>, line: Int) throws {
        if let problem = SizeCap.problem(withEntryOf: text.count) { throw ImportProblem(line: line, problem) }
        // As for a record (`add`).
        let isLong = text.count >= Importer.longText
        if isLong { try usePageCache(of: Store.defaultPageCache) }
        try queue(id: storedIDUnlessDerivable(created: now), kind: .item, text: text, parent: options.target.top?.seq,
              created: now, updated: nil, line: 0)
        if isLong { try usePageCache(of: Store.importPageCache) }
        if pending.count == Importer.batchSize { try flush() }
        summary.added += 1
        reportProgress()
    }

    private func reportProgress() {
        let done = summary.added + summary.unchanged + summary.kept + summary.replaced
        if done % 4096 == 0 { options.progress(done) }
    }

    /// The node the file names by `id`. One in the trash is neither replaced, kept as
    /// it is, nor written under, which would all happen out of sight: the import stops,
    /// unless the file puts that record in the trash too (`inTrash`).
    /// Whether `id` is a node this store emptied from the trash, or learnt was emptied
    /// elsewhere, while it syncs (its last state is kept in `sync_tombstone`). The hub
    /// keeps one create of a node, so one made again under that id would reach no other
    /// machine, and only this one would list it.
    private mutating func wasDeletedWhileSyncing(_ id: NodeID) throws -> Bool {
        if holdsTombstones == nil {
            holdsTombstones = try store.database.statement("SELECT EXISTS (SELECT 1 FROM sync_tombstone)")
                .firstRow { $0.int64(0) != 0 } ?? false
        }
        guard holdsTombstones == true else { return false }
        if let row = store.derivedIDs.row(of: id), try store.database.statement(
            "SELECT 1 FROM sync_tombstone WHERE seq = ? AND id IS NULL AND created = ?")
            .bind(1, row.seq).bind(2, row.createdMilliseconds).firstRow({ _ in true }) == true {
            return true
        }
        return try store.database.statement("SELECT 1 FROM sync_tombstone WHERE id = ?").bind(1, blob: id.bytes)
            .firstRow { _ in true } == true
    }

    /// With `ofRecord`, `id` is a record's own, and one this import added is refused:
    /// given twice in the file, it was taken for a node already in the store.
    private func existing(_ id: NodeID, line: Int, inTrash: Bool = false, ofRecord: Bool = false) throws -> ExistingNode? {
        guard let node = try store.nodeRow(id: id, includingHidden: true, columns: ExistingNode.columns, {
            ExistingNode($0, store: store)
        }) else { return nil }
        if ofRecord && node.seq > rowsBefore {
            let earlier = self.line(ofRow: node.seq).map { "line \($0)" } ?? "an earlier line"
            throw ImportProblem(line: line, "\(id) is given on \(earlier) already; an id names one entry")
        }
        if inTrash, let hidden = node.hidden, hidden > 0 { return node }
        if node.hidden != nil {
            throw ImportProblem(line: line, "\(id) is in the trash; restore it, or empty the trash, and import again")
        }
        return node
    }

    private mutating func reconcile(_ record: ImportRecord, with existing: ExistingNode) throws {
        let created = record.created ?? existing.created
        let updated = record.updatedMilliseconds ?? existing.updatedMilliseconds
        let holdsText = try holds(record.text, existing)
        // The values are looked up last, only for what is otherwise the same.
        let isSame = try existing.kind == record.kind && holdsText
            && (existing.hidden != nil) == record.isTrashed
            && existing.created == created && existing.updatedMilliseconds == updated
            && (record.fields == nil || Importer.byName(store.fieldValues(ofSeq: existing.seq)) == Importer.byName(record.fields!))
        if isSame {
            summary.unchanged += 1
            return
        }
        switch options.conflicts {
        case .fail:
            throw ImportProblem(
                line: record.line,
                "\(record.id!) is already in the store with other content (--on-conflict keep or replace chooses)")
        case .keep:
            summary.kept += 1
        case .replace:
            if record.kind == .list, !(holdsText && existing.kind == .list),
               let sibling = try store.lists(underSeq: existing.parentSeq, named: record.text).first(where: { $0.seq != existing.seq }) {
                // Names address lists: two beside each other never share one.
                throw ImportProblem(
                    line: record.line,
                    "\(existing.id) would be renamed '\(DisplayText.escaped(record.text))', the name of the list \(sibling.id) "
                        + "beside it; lists beside each other need names of their own; rename one and import again")
            }
            try replace(existing, with: record, created: created, updated: updated, holdsText: holdsText)
            if let fields = record.fields { try store.replaceValues(fields, of: existing.seq) }
            // A record from the trash puts the entry it replaces there, as `rm` would.
            if record.isTrashed && existing.hidden == nil { try store.putInTrash(seq: existing.seq) }
            summary.replaced += 1
        }
    }

    /// Whether `existing` holds `text`: compared in SQLite, where `text` is bound as the
    /// record holds it, not read into a string beside the record's.
    private func holds(_ text: String, _ existing: ExistingNode) throws -> Bool {
        let comparison = try store.database.statement(
            "SELECT CASE WHEN octet_length(text) = ?2 THEN text = ?1 ELSE 0 END FROM node WHERE seq = ?3")
            .bind(2, Int64(text.utf8.count)).bind(3, existing.seq)
        return try comparison.withBorrowedText(1, text) { try comparison.firstRow { $0.int64(0) != 0 } } ?? false
    }

    /// Gives `existing` the record's kind, text and times, writing only the columns
    /// that differ, the new text bound where the record holds it; the undo triggers
    /// keep what it held.
    private func replace(_ existing: ExistingNode, with record: ImportRecord, created: Timestamp, updated: Int64,
                         holdsText: Bool) throws {
        var changed: [NodeColumn] = []
        if record.kind != existing.kind { changed.append(.kind) }
        if !holdsText { changed.append(.text) }
        if created != existing.created {
            changed += [.created, .createdOffset]
            // An id derived from the row would change with its creation time.
            if !existing.storesID && created.milliseconds != existing.created.milliseconds { changed.append(.id) }
        }
        if updated != existing.storedUpdated { changed.append(.updated) }
        guard !changed.isEmpty else { return }
        try update(existing, setting: changed, record: record, created: created, updated: updated)
    }

    /// Rewrites the columns `columns` of `existing`'s row with the record's values, by
    /// one statement, the text bound where the record holds it.
    private func update(_ existing: ExistingNode, setting columns: [NodeColumn], record: ImportRecord,
                        created: Timestamp, updated: Int64) throws {
        var assignments = columns.enumerated().map { "\($0.element.name) = ?\($0.offset + 1)" }
        if let text = columns.firstIndex(of: .text) { assignments.append("text_sum = jotter_checksum(?\(text + 1))") }
        let update = try store.database.statement(
            "UPDATE OR ROLLBACK node SET \(assignments.joined(separator: ", ")) WHERE seq = ?\(columns.count + 1)")
        for (offset, column) in columns.enumerated() {
            let index = Int32(offset + 1)
            switch column {
            case .id: update.bind(index, blob: existing.id.bytes)
            case .kind: update.bind(index, record.kind.rawValue)
            case .created: update.bind(index, created.milliseconds)
            case .createdOffset: update.bind(index, Int64(created.offsetSeconds))
            case .updated: update.bind(index, updated)
            case .text: break
            case .seq, .parent, .done, .hidden: preconditionFailure("an import does not replace \(column.name)")
            }
        }
        update.bind(Int32(columns.count + 1), existing.seq)
        guard let text = columns.firstIndex(of: .text) else {
            try update.run()
            return
        }
        try update.withBorrowedText(Int32(text + 1), record.text) { try update.run() }
    }

    /// The record's values as entering them under `parent` would store them: one for
    /// a field of the form there must be of its type (a decimal, a date, one of the
    /// choices), and goes in in its canonical form; one for a field the form lacks
    /// goes in as it is. A value the prompt would refuse would make `sum` fail later.
    private mutating func checkedFields(of record: ImportRecord, under parent: Int64?) throws -> [FieldValue]? {
        guard let fields = record.fields, !fields.isEmpty else { return record.fields }
        for value in fields {
            if let problem = SizeCap.problem(withValue: value.value, ofField: value.name) {
                throw ImportProblem(line: record.line, problem)
            }
        }
        let form = try form(under: parent)
        guard !form.fields.isEmpty else { return fields }
        return try fields.map { value in
            guard let index = form.index(ofField: value.name) else { return value }
            let field = form.fields[index]
            do throws(FieldValueProblem) {
                return FieldValue(name: value.name, value: try field.storedValue(of: value.value, today: today))
            } catch {
                throw ImportProblem(line: record.line, field.message(for: error, typed: value.value))
            }
        }
    }

    private mutating func form(under parent: Int64?) throws -> EntryForm {
        if let known = forms[parent] { return known }
        let path = try parent.flatMap { try store.node(seq: $0) }.map { try store.ancestry(of: $0) } ?? .root
        let form = try store.form(at: path)
        forms[parent] = form
        return form
    }

    /// Field values as a record and the store may each order them.
    private static func byName(_ values: [FieldValue]) -> [String: String] {
        Dictionary(values.map { ($0.name, $0.value) }) { _, last in last }
    }

    private mutating func parentSeq(for record: ImportRecord) throws -> Int64? {
        switch record.placement {
        case .target:
            return options.target.top?.seq
        case .under(let id, let otherwise):
            if let parent = try existing(id, line: record.line, inTrash: record.isTrashed) { return parent.seq }
            if missingParents[id] == nil { missingParents[id] = record.line }
            return try listSeq(for: otherwise, line: record.line)
        case .path(let names):
            return try listSeq(for: names, line: record.line)
        }
    }

    /// How deep the row `seq` is (0 for the root), or a depth past the deepest level
    /// once the walk up goes beyond it, as it would round a loop in a damaged file.
    private mutating func depth(ofRow seq: Int64?) throws -> Int {
        guard let seq else { return 0 }
        var walked: [Int64] = []
        var next: Int64? = seq
        var above = 0
        while let current = next {
            if let known = depths[current] {
                above = known
                break
            }
            walked.append(current)
            if walked.count > Store.deepestLevel { return walked.count }
            let parent = try store.database.statement("SELECT parent FROM node WHERE seq = ?").bind(1, current)
            defer { parent.reset() }
            next = try parent.step() ? parent.optionalInt64(0) : nil
        }
        for (offset, row) in walked.enumerated() { depths[row] = above + walked.count - offset }
        return above + walked.count
    }

    /// The list at `names` below the target, created when missing.
    private mutating func listSeq(for names: [String], line: Int) throws -> Int64? {
        var parent = options.target.top?.seq
        for depth in names.indices {
            let prefix = Array(names[...depth])
            if let known = lists[prefix] {
                parent = known
                continue
            }
            let name = names[depth]
            if let problem = Store.problem(withListName: name) { throw ImportProblem(line: line, problem) }
            if let found = try store.lists(underSeq: parent, named: name).first?.seq {
                parent = found
            } else {
                try queue(id: storedIDUnlessDerivable(created: now), kind: .list, text: name.utf8, parent: parent, created: now,
                      updated: nil, line: 0)
                try flush()
                parent = store.database.lastInsertedRowID
                summary.listsCreated += 1
            }
            lists[prefix] = parent
        }
        return parent
    }

    /// Nil for a new row whose id can be derived from its creation time; otherwise an
    /// id for it to store.
    private mutating func storedIDUnlessDerivable(created: Timestamp) -> NodeID? {
        DerivedIDs.millisecondsRange.contains(created.milliseconds)
            ? nil : store.idGenerator.next(milliseconds: UInt64(max(0, now.milliseconds)))
    }

    private mutating func queue(id: NodeID?, kind: Node.Kind, text: some Collection<UInt8>, parent: Int64?,
                                created: Timestamp, updated: Int64?, line: Int) throws {
        var row = NodeRow(id: id, parent: parent, kind: kind, created: created)
        row.updated = updated
        if text.count >= Importer.longText {
            // Inserted alone, from where the text is: in `pendingTexts` it would be one
            // more copy, and a batch of long entries at the cap (`SizeCap.entryBytes`)
            // would hold the batch's texts at once.
            try flush()
            let inserted: Void? = try text.withContiguousStorageIfAvailable { text in
                pending.append(Row(node: row, text: 0..<text.count, line: line))
                try flush(texts: text)
            }
            if inserted != nil { return }
        }
        let start = pendingTexts.count
        pendingTexts.append(contentsOf: text)
        pending.append(Row(node: row, text: start..<pendingTexts.count, line: line))
    }

    /// Writes the rows waiting to go in: a full batch in one statement, fewer one by
    /// one (so that after a single row, its rowid is SQLite's last inserted one).
    /// `texts` holds the texts of the rows instead of `pendingTexts`, for a long one.
    mutating func flush(texts borrowed: UnsafeBufferPointer<UInt8>? = nil) throws {
        guard !pending.isEmpty else { return }
        // Before the rows go in: a row of this batch must not take a number that an
        // id in it was derived from.
        if highestMarkedSeq > 0 {
            try store.database.statement("UPDATE sqlite_sequence SET seq = max(seq, ?) WHERE name = 'node'")
                .bind(1, highestMarkedSeq).run()
            highestMarkedSeq = 0
        }
        if let borrowed {
            try insertPending(texts: borrowed)
        } else {
            try pendingTexts.withUnsafeBufferPointer { try insertPending(texts: $0) }
        }
        let last = store.database.lastInsertedRowID
        for (offset, row) in pending.enumerated() where row.node.id != nil && row.line > 0 {
            noteLine(row.line, ofRow: last - Int64(pending.count - 1 - offset))
        }
        // Row numbers this high no longer fit a derived id: such rows store one.
        if last > DerivedIDs.seqRange.upperBound {
            for (offset, row) in pending.enumerated() where row.node.id == nil {
                let seq = last - Int64(pending.count - 1 - offset)
                if seq > DerivedIDs.seqRange.upperBound { _ = try store.storeID(forRow: seq) }
            }
        }
        pending.removeAll(keepingCapacity: true)
        pendingTexts.removeAll(keepingCapacity: true)
    }

    private mutating func noteLine(_ line: Int, ofRow seq: Int64) {
        if let run = lineRuns.last, seq - run.seq == Int64(line - run.line) { return }
        lineRuns.append((seq, line))
    }

    /// The line of the record that made the row `seq`, one noted by `noteLine`.
    private func line(ofRow seq: Int64) -> Int? {
        var low = 0, high = lineRuns.count
        while low < high {
            let middle = (low + high) / 2
            if lineRuns[middle].seq <= seq { low = middle + 1 } else { high = middle }
        }
        guard low > 0 else { return nil }
        let run = lineRuns[low - 1]
        return run.line + Int(seq - run.seq)
    }

    /// Inserts the pending rows, their texts read from `texts`.
    private func insertPending(texts: UnsafeBufferPointer<UInt8>) throws {
        if pending.count == Importer.batchSize, pending.allSatisfy({ $0.differsOnlyInText(from: pending[0]) }) {
            insertAlike.resetKeepingBindings()
            pending[0].node.bind(to: insertAlike, row: 0, .made, text: UnsafeBufferPointer(rebasing: texts[pending[0].text]))
            for (offset, row) in pending.enumerated().dropFirst() {
                NodeRow.bind(text: UnsafeBufferPointer(rebasing: texts[row.text]), ofAlikeRow: offset, .made, to: insertAlike)
            }
            try insertAlike.run()
        } else if pending.count == Importer.batchSize {
            insertBatch.resetKeepingBindings()
            for (offset, row) in pending.enumerated() {
                row.node.bind(to: insertBatch, row: offset, .imported, text: UnsafeBufferPointer(rebasing: texts[row.text]))
            }
            try insertBatch.run()
        } else {
            for row in pending {
                insert.resetKeepingBindings()
                row.node.bind(to: insert, row: 0, .imported, text: UnsafeBufferPointer(rebasing: texts[row.text]))
                try insert.run()
            }
        }
    }
}

extension Store {
    /// Calls `body` with each item an import added that is still there, in order: for
    /// `import --hooks`, once the import is committed.
    public func forEachItem(addedBy summary: ImportSummary, _ body: (Node) throws -> Void) throws {
        guard let rows = summary.addedRows else { return }
        let statement = try database.statement(
            "SELECT \(NodeColumn.all) FROM node WHERE seq BETWEEN ? AND ? AND kind = 1 AND hidden IS NULL ORDER BY seq")
            .bind(1, rows.lowerBound).bind(2, rows.upperBound)
        // One row at a time: an import may have added millions.
        defer { statement.reset() }
        while try statement.step() { try body(node(from: statement)) }
    }
}
