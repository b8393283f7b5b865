/// Undo and redo. Every change of the store's content is recorded in the store itself,
/// so that `undo` walks back through changes made by any process, before or after a
/// restart. A change's added nodes are a range of rows; the rows it changed keep their
/// earlier state in the `_before` tables. Undoing swaps that state with the current
/// one and hides the added nodes; redoing swaps back and shows them: the same rows
/// and ids come back, never copies.
extension Store {
    /// One recorded change, as undo and redo report it.
    public struct Change: Equatable, Sendable {
        /// What was done, in a few words: `add "milk"`.
        public let what: String
        public let made: Timestamp
        /// What undo left as it was because another machine changed it since (see
        /// `keepWhatOtherMachinesChanged`): `the text of 1a2b3c4d`.
        public var keptFromOtherMachines: [String] = []
    }

    /// Runs `body` as one write transaction recorded as one change that `undo` reverts.
    /// `body` returns its result and the words that describe the change. With
    /// `capturing` false, `body` may only add nodes and their values, which need no
    /// earlier state kept, nor the sync log's triggers (`write(changingSyncedRows:)`).
    /// A change that turns out to change nothing is not recorded.
    ///
    /// The statements that rewrite rows of `node` (and of `node_before`) say `OR
    /// ROLLBACK`: a failure anywhere rolls the whole change back in any case, and so
    /// SQLite keeps no statement journal for them, but for the search index's
    /// triggers, whose writes into a virtual table always make it keep one (in memory
    /// for an encrypted store: see `keepTemporaryData`), which is why texts are
    /// rewritten without them (`withoutTextTriggers`).
    public func recordingChange<T>(capturing: Bool = true, _ body: () throws -> (result: T, what: String)) throws -> T {
        if capturing { try prepareRecording() }
        return try write(changingSyncedRows: capturing) {
            try discardUndoneChanges()
            let boundary = try highestNodeSeq()
            // Undo tells a value another machine changed since by it (docs/sync.md).
            let clockBefore = try database.statement("SELECT value FROM setting WHERE key = \(Setting.hlc.sql) AND typeof(value) = 'integer'")
                .firstRow { $0.int64(0) }
            // The triggers name the change before its row exists; an entry at the
            // prompt needs no number ahead, and its row takes the next one by itself.
            var change: Int64?
            if capturing {
                change = try database.statement("SELECT ifnull(max(seq), 0) + 1 FROM change").firstRow { $0.int64(0) }
                try database.statement("INSERT INTO recording (change, boundary) VALUES (?, ?)")
                    .bind(1, change).bind(2, boundary).run()
            }
            let (result, what) = try body()
            if capturing { try database.execute("DELETE FROM recording") }
            let last = try highestNodeSeq()
            guard try last > boundary || change.map(hasEarlierState(change:)) == true else { return result }
            let now = clock()
            try database.statement(
                """
                INSERT INTO change (seq, what, made, made_offset, first_node, last_node, stamp) VALUES (?, ?, ?, ?, ?, ?, ?)
                """)
                .bind(1, change).bind(2, what).bind(3, now.milliseconds).bind(4, Int64(now.offsetSeconds))
                .bind(5, last > boundary ? boundary + 1 : nil).bind(6, last > boundary ? last : nil).bind(7, clockBefore).run()
            return result
        }
    }

    /// An entry's text as a change names it: its first line, cut short, in quotes.
    static func quoted(_ text: String) -> String {
        let line = text.prefix { $0 != "\n" }
        let short = line.count > 40 ? line.prefix(39) + "…" : line
        return "\"\(short)\(line.count < text.count && line.count <= 40 ? " …" : "")\""
    }

    /// Reverts the latest change not yet undone; nil when there is none.
    public func undo() throws -> Change? {
        // An earlier parent put back is one the node had when the change was made,
        // and it is still there: only emptying the trash deletes nodes for good, and
        // it forgets every change.
        try withoutForeignKeyChecks { try write {
            guard let change = try nextChange(undone: false) else { return nil }
            var summary = change.summary
            summary.keptFromOtherMachines = try keepWhatOtherMachinesChanged(since: change.seq, made: change.summary.made)
            try swapEarlierState(of: change.seq)
            try keepPulledIntoTheTrash(by: change.seq)
            try forgetUnsentOperations(of: change.seq)
            if let added = change.added {
                try database.statement("UPDATE OR ROLLBACK node SET hidden = ? WHERE seq BETWEEN ? AND ? AND hidden IS NULL")
                    .bind(1, -change.seq).bind(2, added.lowerBound).bind(3, added.upperBound).run()
            }
            try database.statement("UPDATE change SET undone = 1 WHERE seq = ?").bind(1, change.seq).run()
            return summary
        } }
    }

    /// Makes the earliest undone change again; nil when there is none. A change made
    /// after an undo discards what could have been redone.
    public func redo() throws -> Change? {
        // As for undo: the parents put back are there.
        try withoutForeignKeyChecks { try write {
            guard let change = try nextChange(undone: true) else { return nil }
            try swapEarlierState(of: change.seq)
            try database.statement("UPDATE OR ROLLBACK node SET hidden = NULL WHERE hidden = ?").bind(1, -change.seq).run()
            try database.statement("UPDATE change SET undone = 0 WHERE seq = ?").bind(1, change.seq).run()
            return change.summary
        } }
    }

    /// Forgets every recorded change: nothing before now can be undone. Operations no
    /// longer name the change that logged them, whose number a new change takes.
    func forgetChanges() throws {
        try database.execute(
            """
            DELETE FROM text_before; DELETE FROM node_before; DELETE FROM value_before; DELETE FROM field_before;
            DELETE FROM option_before; DELETE FROM change;
            UPDATE sync_op SET unsent_change = NULL WHERE unsent_change IS NOT NULL
            """)
    }

    /// The change undo reverts next, the latest not undone; with `undone`, the one redo
    /// makes again, the earliest undone. The flag is written into the SQL, not bound:
    /// only a literal `undone = 1` lets SQLite use the index of undone changes.
    private func nextChange(undone: Bool) throws -> RecordedChange? {
        do {
            return try database.statement(
                """
                SELECT seq, what, made, made_offset, first_node, last_node FROM change
                WHERE undone = \(undone ? 1 : 0) AND what <> '\(Store.syncChangeWhat)'
                ORDER BY seq \(undone ? "ASC" : "DESC") LIMIT 1
                """)
                .firstRow(RecordedChange.init)
        } catch let damage as DamagedChange {
            throw damaged("the change log's step \(damage.seq) gives a range of rows that cannot be")
        }
    }

    private struct RecordedChange {
        let seq: Int64
        let summary: Change
        let added: ClosedRange<Int64>?

        init(_ row: Statement) throws {
            seq = row.int64(0)
            summary = Change(
                what: row.string(1),
                made: Timestamp(milliseconds: row.int64(2), offsetSeconds: Int32(truncatingIfNeeded: row.int64(3))))
            guard !row.isNull(4) || !row.isNull(5) else {
                added = nil
                return
            }
            // The range is read from the file: damage can leave one end, or the ends
            // the wrong way round.
            guard !row.isNull(4), !row.isNull(5), row.int64(4) <= row.int64(5) else {
                throw DamagedChange(seq: seq)
            }
            added = row.int64(4)...row.int64(5)
        }
    }

    private struct DamagedChange: Error {
        let seq: Int64
    }

    /// The highest row number nodes have been given, which AUTOINCREMENT never gives again.
    func highestNodeSeq() throws -> Int64 {
        try database.statement("SELECT seq FROM sqlite_sequence WHERE name = 'node'").firstRow { $0.int64(0) } ?? 0
    }

    private func hasEarlierState(change: Int64) throws -> Bool {
        try database.statement(
            """
            SELECT EXISTS (SELECT 1 FROM node_before WHERE change = ?1)
                OR EXISTS (SELECT 1 FROM value_before WHERE change = ?1)
                OR EXISTS (SELECT 1 FROM field_before WHERE change = ?1)
                OR EXISTS (SELECT 1 FROM option_before WHERE change = ?1)
            """)
            .bind(1, change).firstRow { $0.int64(0) != 0 } ?? false
    }

    /// Deletes for good what undone changes had added, and the changes themselves:
    /// once something new is done, they cannot be redone.
    func discardUndoneChanges() throws {
        let undone = try database.statement("SELECT seq FROM change WHERE undone = 1")
        var seqs: [Int64] = []
        while try undone.step() { seqs.append(undone.int64(0)) }
        guard let first = seqs.min() else { return }
        // An add writes without the sync log's triggers, and what it deletes here may
        // be on the hub, which must be sent its purge.
        try prepareSyncLog()
        for seq in seqs {
            // Deleted one table at a time rather than by cascade: an import runs with
            // SQLite's foreign key actions off.
            let owned = "(SELECT seq FROM node WHERE hidden IN (?1, -?1))"
            try database.statement("DELETE FROM field_value WHERE item IN \(owned)").bind(1, -seq).run()
            try database.statement("DELETE FROM field WHERE owner IN \(owned)").bind(1, -seq).run()
            try database.statement("DELETE FROM place_option WHERE owner IN \(owned)").bind(1, -seq).run()
            // What the change added straight to the trash (an import's deleted tasks)
            // stayed hidden by the change itself when it was undone.
            try database.statement("DELETE FROM node WHERE hidden IN (?1, -?1)").bind(1, seq).run()
        }
        try database.statement("DELETE FROM text_before WHERE seq IN (SELECT text_before FROM node_before WHERE change >= ?)")
            .bind(1, first).run()
        for table in ["node_before", "value_before", "field_before", "option_before"] {
            try database.statement("DELETE FROM \(table) WHERE change >= ?").bind(1, first).run()
        }
        // What another machine put in the trash stays there.
        try database.statement("DELETE FROM change WHERE seq >= ? AND what <> '\(Store.syncChangeWhat)'").bind(1, first).run()
    }

    /// The columns of `field` that `field_before` keeps beside a field's `seq`.
    static let fieldColumns = ["owner", "name", "type", "choices", "required", "inherit"]

    /// Swaps the current state of everything change `seq` changed with the state kept
    /// before it, so that the same call undoes and redoes. The current state is kept
    /// under the change's negated seq while the swap is made.
    ///
    /// The swap goes through the rows a batch at a time, each batch whole before the
    /// next (see `forEachBatch`): a statement that reads and writes one table, as
    /// keeping the current state beside the earlier one does, has SQLite gather every
    /// row it reads first, in its temporary store (memory, for an encrypted store:
    /// see `keepTemporaryData`), and an update of many rows gathers their row numbers:
    /// for the undo of a large import, more than a command may use. A batch's rows are
    /// swapped and renumbered before the next batch is read, and the batches of a
    /// table never share a row, so the swap ends as it did in one go, in the same
    /// transaction.
    private func swapEarlierState(of seq: Int64) throws {
        try forEachBatch(of: "node_before", key: "seq", change: seq) { batch in
            try swapNodes(of: seq, in: batch)
        }
        try forEachBatch(of: "value_before", key: "item", change: seq) { batch in
            try swap(
                table: "value_before", key: "item", seq: seq, batch: batch,
                keepCurrent: """
                    INSERT INTO value_before SELECT ?2, b.item, b.name, v.value
                    FROM value_before AS b LEFT JOIN field_value AS v ON v.item = b.item AND v.name = b.name
                    WHERE b.change = ?1 AND b.item > ?3 AND b.item <= ?4
                    """,
                putEarlier: [
                    """
                    DELETE FROM field_value WHERE (item, name) IN (
                        SELECT item, name FROM value_before WHERE change = ?1 AND item > ?3 AND item <= ?4)
                    """,
                    """
                    INSERT INTO field_value (item, name, value, value_sum)
                    SELECT item, name, value, jotter_checksum(name, value) FROM value_before
                    WHERE change = ?1 AND item > ?3 AND item <= ?4 AND value IS NOT NULL
                    """,
                ])
        }
        let fieldColumns = Store.fieldColumns.joined(separator: ", ")
        try forEachBatch(of: "field_before", key: "seq", change: seq) { batch in
            try swap(
                table: "field_before", key: "seq", seq: seq, batch: batch,
                keepCurrent: """
                    INSERT INTO field_before (change, seq, \(fieldColumns))
                    SELECT ?2, b.seq, \(Store.fieldColumns.map { "f." + $0 }.joined(separator: ", "))
                    FROM field_before AS b LEFT JOIN field AS f ON f.seq = b.seq
                    WHERE b.change = ?1 AND b.seq > ?3 AND b.seq <= ?4
                    """,
                putEarlier: [
                    "DELETE FROM field WHERE seq IN (SELECT seq FROM field_before WHERE change = ?1 AND seq > ?3 AND seq <= ?4)",
                    """
                    INSERT INTO field (seq, \(fieldColumns))
                    SELECT seq, \(fieldColumns) FROM field_before
                    WHERE change = ?1 AND seq > ?3 AND seq <= ?4 AND name IS NOT NULL
                    """,
                ])
        }
        try forEachBatch(of: "option_before", key: "owner", change: seq) { batch in
            try swap(
                table: "option_before", key: "owner", seq: seq, batch: batch,
                keepCurrent: """
                    INSERT INTO option_before SELECT ?2, b.owner, b.key, o.value, o.key IS NOT NULL
                    FROM option_before AS b LEFT JOIN place_option AS o ON ifnull(o.owner, 0) = b.owner AND o.key = b.key
                    WHERE b.change = ?1 AND b.owner > ?3 AND b.owner <= ?4
                    """,
                putEarlier: [
                    """
                    DELETE FROM place_option WHERE (ifnull(owner, 0), key) IN (
                        SELECT owner, key FROM option_before WHERE change = ?1 AND owner > ?3 AND owner <= ?4)
                    """,
                    """
                    INSERT INTO place_option (owner, key, value)
                    SELECT nullif(owner, 0), key, value FROM option_before
                    WHERE change = ?1 AND owner > ?3 AND owner <= ?4 AND present
                    """,
                ])
        }
    }

    /// How many rows of a `_before` table one step of a swap reads at most: a few
    /// hundred KiB of rows gathered, whatever the size of the change.
    static let swapBatchSize: Int64 = 5_000

    /// The keys of change `seq`'s rows of `table` are `key`: calls `body` with one
    /// range of keys after another, each holding at most `swapBatchSize` rows (and
    /// every row of its last key), up to the highest. A range is worked out when its
    /// turn comes, from the rows still under the change: `body` puts the rows of its
    /// range back under the change, and the next range begins after it.
    private func forEachBatch(of table: String, key: String, change seq: Int64,
                              _ body: (_ batch: (after: Int64, upTo: Int64)) throws -> Void) throws {
        let next = try database.statement(
            """
            SELECT max(\(key)) FROM (
                SELECT \(key) FROM \(table) WHERE change = ?1 AND \(key) > ?2 ORDER BY \(key) LIMIT ?3)
            """)
        var after = Int64.min
        while let upTo = try next.bind(1, seq).bind(2, after).bind(3, Store.swapBatchSize).firstRow({ $0.optionalInt64(0) }) ?? nil {
            // A key that is no whole number (damage) would read as one the walk has
            // passed, and the walk would never end.
            guard upTo > after else { throw damaged("the change log's step \(seq) keeps rows of \(table) under a \(key) that is not a number") }
            try body((after, upTo))
            after = upTo
        }
    }

    /// The swap of `node_before`'s rows of change `seq` whose node is in `batch`.
    private func swapNodes(of seq: Int64, in batch: (after: Int64, upTo: Int64)) throws {
        // A text is swapped only where the change rewrote it: every other change
        // leaves a long entry's text where it is, unread. Kept texts are rows of
        // `text_before`, which renumbering `node_before` never touches (a renumbered
        // row is rewritten whole, and a text in it was): the current text is kept
        // under the kept one's number negated, and the kept one goes back into its
        // node and out of the table.
        let kept = NodeColumn.list(NodeColumn.keptBesideText)
        let inBatch = "b.change = ?1 AND b.seq > ?3 AND b.seq <= ?4"
        func run(_ sql: String) throws {
            try database.statement(sql).bind(1, seq).bind(2, -seq).bind(3, batch.after).bind(4, batch.upTo).run()
        }
        // The numbers come from the file: one named twice in the change, or one whose
        // negation is taken, or is no whole number, fails this on a constraint or a
        // mismatch, whose words say nothing of damage. Nothing else makes it fail so.
        // Caught rather than looked for first, which took a table in memory the size
        // of an undone import's change.
        do {
            try run(
                """
                INSERT OR ROLLBACK INTO text_before (seq, text)
                SELECT -b.text_before, n.text FROM node_before AS b JOIN node AS n ON n.seq = b.seq
                WHERE \(inBatch) AND b.text_before IS NOT NULL
                """)
        } catch let error as SQLiteError where error.isConstraint || error.isMismatch {
            throw damaged("the change log's step \(seq) names its earlier texts wrongly: one twice, or one whose place is taken")
        }
        try run(
            """
            INSERT OR ROLLBACK INTO node_before (change, seq, \(kept), text_before)
            SELECT ?2, n.seq, \(NodeColumn.list(NodeColumn.keptBesideText, of: "n")), -b.text_before
            FROM node_before AS b JOIN node AS n ON n.seq = b.seq WHERE \(inBatch)
            """)
        // The texts swapped leave the search index before the node's other columns are
        // put back.
        let swapped = "seq IN (SELECT seq FROM node_before WHERE change = ?1 AND seq > ?2 AND seq <= ?3 AND text_before IS NOT NULL)"
        try unindexTexts(ofNodesWhere: swapped) { $0.bind(1, seq).bind(2, batch.after).bind(3, batch.upTo) }
        do {
            // Not UPDATE ... FROM, which gathers the rows it joins, each whole, first.
            try run(
                """
                UPDATE OR ROLLBACK node SET (\(NodeColumn.list(NodeColumn.changedByVerbs))) = (
                    SELECT \(NodeColumn.list(NodeColumn.changedByVerbs, of: "b")) FROM node_before AS b
                    WHERE b.change = ?1 AND b.seq = node.seq)
                WHERE seq IN (SELECT b.seq FROM node_before AS b WHERE \(inBatch))
                """)
            try run(
                """
                UPDATE OR ROLLBACK node SET (\(NodeColumn.list(NodeColumn.settledAtMaking))) = (
                    SELECT \(NodeColumn.list(NodeColumn.settledAtMaking, of: "b")) FROM node_before AS b
                    WHERE b.change = ?1 AND b.seq = node.seq)
                WHERE seq IN (
                    SELECT b.seq FROM node_before AS b JOIN node AS n ON n.seq = b.seq
                    WHERE \(inBatch)
                      AND (\(NodeColumn.settledAtMaking.map { "b.\($0.name) IS NOT n.\($0.name)" }.joined(separator: " OR "))))
                """)
            try withoutTextTriggers { try putEarlierTexts(of: seq, in: batch) }
        }
        try run("DELETE FROM text_before WHERE seq IN (SELECT b.text_before FROM node_before AS b WHERE \(inBatch))")
        try renumber(table: "node_before", key: "seq", seq: seq, batch: batch)
    }

    private func swap(table: String, key: String, seq: Int64, batch: (after: Int64, upTo: Int64),
                      keepCurrent: String, putEarlier: [String]) throws {
        for sql in [keepCurrent] + putEarlier {
            try database.statement(sql).bind(1, seq).bind(2, -seq).bind(3, batch.after).bind(4, batch.upTo).run()
        }
        try renumber(table: table, key: key, seq: seq, batch: batch)
    }

    /// Drops the earlier state of change `seq` in `batch`, put back, and files the
    /// state it replaced, kept under the negated seq, under the change.
    private func renumber(table: String, key: String, seq: Int64, batch: (after: Int64, upTo: Int64)) throws {
        let range = "\(key) > ?3 AND \(key) <= ?4"
        try database.statement("DELETE FROM \(table) WHERE change = ?1 AND \(range)")
            .bind(1, seq).bind(3, batch.after).bind(4, batch.upTo).run()
        try database.statement("UPDATE OR ROLLBACK \(table) SET change = ?1 WHERE change = ?2 AND \(range)")
            .bind(1, seq).bind(2, -seq).bind(3, batch.after).bind(4, batch.upTo).run()
    }

    /// Puts back into their nodes, and into the search index, the texts change `seq`
    /// kept for the nodes in `batch`, each handed from the row SQLite read it into to
    /// the statements that write it, as the C string it is there. Set from a subquery,
    /// a long text was held once more, when the search index's trigger read it as a
    /// C string. Runs inside `withoutTextTriggers`; sync's trigger on texts logs them.
    private func putEarlierTexts(of seq: Int64, in batch: (after: Int64, upTo: Int64)) throws {
        let kept = try database.statement(
            """
            SELECT b.seq, CAST(t.text AS TEXT), t.seq IS NULL FROM node_before AS b LEFT JOIN text_before AS t ON t.seq = b.text_before
            WHERE b.change = ?1 AND b.seq > ?2 AND b.seq <= ?3 AND b.text_before IS NOT NULL
            """)
            .bind(1, seq).bind(2, batch.after).bind(3, batch.upTo)
        let put = try database.statement("UPDATE OR ROLLBACK node SET text = ?2, text_sum = jotter_checksum(?2) WHERE seq = ?1")
        let index = try indexingText()
        // None keeps a row read, nor the address of a text bound, once done.
        defer {
            put.reset()
            index.reset()
            kept.reset()
        }
        while try kept.step() {
            guard kept.int64(2) == 0 else { throw damaged("the change log's step \(seq) names an earlier text that is not there") }
            let node = kept.int64(0)
            try kept.withColumnText(1) { text in
                for statement in [put, index] {
                    statement.bind(1, node)
                    statement.bind(2, borrowingColumnText: text)
                    try statement.run()
                    statement.resetKeepingBindings()
                }
            }
        }
    }

    /// Takes the texts of the nodes `nodes` selects (a condition on `seq`, its
    /// parameters bound by `bind`) out of the search index, by a statement of its
    /// own, before `withoutTextTriggers` gives them others.
    func unindexTexts(ofNodesWhere nodes: String, _ bind: (Statement) -> Statement) throws {
        try bind(database.statement(
            """
            INSERT INTO node_search (node_search, rowid, text) SELECT 'delete', seq, text FROM node
            WHERE seq <= (SELECT value FROM setting WHERE key = \(Setting.searchIndexedTo.sql)) AND \(nodes)
            """))
            .run()
    }

    /// The statement that puts text ?2, bound where it is held, into the search index
    /// as node ?1's, where the index has reached that node and the node is there: a
    /// text given by `withoutTextTriggers`, once its node holds it. An undo finds no
    /// node to put a text back into where another machine deleted it since (a pulled
    /// purge, a list merged into another of its name); indexed all the same, the text
    /// was a row of the index for no node, which `check` calls damage.
    func indexingText() throws -> Statement {
        try database.statement(
            """
            INSERT INTO node_search (rowid, text)
            SELECT ?1, ?2 WHERE ?1 <= (SELECT value FROM setting WHERE key = \(Setting.searchIndexedTo.sql))
                AND EXISTS (SELECT 1 FROM node WHERE seq = ?1)
            """)
    }

    /// Runs `body`, which empties texts and gives nodes new ones, without the triggers
    /// that read a node's text as it changes: the search index's (the caller takes the
    /// old texts out of it first, `unindexTexts`, and puts the new ones in,
    /// `indexingText`) and the undo triggers' (the caller keeps the rows and their
    /// texts). Such a trigger read the old text whole, and made SQLite keep
    /// a statement journal, a copy of every page the statement rewrote: writes into
    /// the search index, a virtual table, and those of a TEMP trigger into the store
    /// are statements SQLite may have to undo. An encrypted store keeps that journal
    /// in memory (`keepTemporaryData`), where it held a copy of a long text, zeroed
    /// by SQLite as it freed it (`secure_delete`) or written anew. Every trigger of the
    /// store's schema is off meanwhile: `body` changes only texts and update times,
    /// which no other trigger of the store's watches. The sync triggers, in the
    /// connection's TEMP schema, stay.
    func withoutTextTriggers<T>(_ body: () throws -> T) throws -> T {
        let hadRecordingTriggers = isPreparedForRecording
        if hadRecordingTriggers {
            try database.execute("DROP TRIGGER temp.record_node; DROP TRIGGER temp.record_node_text")
            isPreparedForRecording = false
        }
        let result = try database.withoutStoreTriggers(body)
        if hadRecordingTriggers { try prepareRecording() }
        return result
    }

    /// The change being recorded, while it is; the triggers of sync read it too.
    static let recordingTable = "CREATE TEMP TABLE IF NOT EXISTS recording (change INTEGER NOT NULL, boundary INTEGER NOT NULL);"

    /// Sets up, once per connection, the triggers that keep the earlier state of what
    /// a change alters. They live in the connection's temporary schema, in memory, and
    /// act only while a change is being recorded; everything else leaves them idle.
    private func prepareRecording() throws {
        guard !isPreparedForRecording else { return }
        // The first state a row had in the change is the one kept. That is tested with
        // NOT EXISTS rather than INSERT OR IGNORE: a statement's own conflict clause,
        // such as an upsert's, overrides the one of a trigger it sets off.
        func keep(_ table: String, key: [(column: String, value: String)], values: [(column: String, value: String)]) -> String {
            let match = key.map { "\($0.column) = \($0.value)" }.joined(separator: " AND ")
            let columns = (key + values).map(\.column).joined(separator: ", ")
            return """
                INSERT INTO \(table) (change, \(columns)) SELECT change, \((key + values).map(\.value).joined(separator: ", "))
                FROM recording WHERE NOT EXISTS (SELECT 1 FROM \(table) WHERE change = recording.change AND \(match));
                """
        }
        // A row's text is kept only by an update of the text: marking a long entry
        // done would otherwise copy its text, and SQLite read it to do so. The row is
        // kept without it first (NULL: the text stayed as it was), and an update of the
        // text then keeps it in `text_before` and names it there, where it was not kept yet.
        func node(_ row: String) -> String {
            keep("node_before", key: [("seq", "\(row).seq")],
                 values: NodeColumn.keptBesideText.map { ($0.name, "\(row).\($0.name)") })
        }
        let textNotKept = "change = (SELECT change FROM recording) AND seq = old.seq AND text_before IS NULL"
        let nodeText = """
            INSERT INTO text_before (text) SELECT old.text WHERE EXISTS (SELECT 1 FROM node_before WHERE \(textNotKept));
            UPDATE node_before SET text_before = last_insert_rowid() WHERE \(textNotKept);
            """
        func value(_ row: String, absent: Bool) -> String {
            keep("value_before", key: [("item", "\(row).item"), ("name", "\(row).name")],
                 values: [("value", absent ? "NULL" : "\(row).value")])
        }
        func field(_ row: String, absent: Bool) -> String {
            keep("field_before", key: [("seq", "\(row).seq")],
                 values: Store.fieldColumns.map { ($0, absent ? "NULL" : "\(row).\($0)") })
        }
        func option(_ row: String, absent: Bool) -> String {
            keep("option_before", key: [("owner", "ifnull(\(row).owner, 0)"), ("key", "\(row).key")],
                 values: [("value", absent ? "NULL" : "\(row).value"), ("present", absent ? "0" : "1")])
        }
        let recording = "EXISTS (SELECT 1 FROM recording)"
        let existedBefore = { (row: String) in "\(row) <= (SELECT boundary FROM recording)" }
        try keepTemporaryData()
        try database.execute(
            """
            \(Store.recordingTable)
            CREATE TEMP TRIGGER IF NOT EXISTS record_node AFTER UPDATE ON node
            WHEN \(existedBefore("old.seq")) BEGIN \(node("old")) END;
            CREATE TEMP TRIGGER IF NOT EXISTS record_node_text AFTER UPDATE OF text ON node
            WHEN \(existedBefore("old.seq")) BEGIN \(node("old")) \(nodeText) END;
            CREATE TEMP TRIGGER IF NOT EXISTS record_value_insert AFTER INSERT ON field_value
            WHEN \(existedBefore("new.item")) BEGIN \(value("new", absent: true)) END;
            CREATE TEMP TRIGGER IF NOT EXISTS record_value_update AFTER UPDATE ON field_value
            WHEN \(existedBefore("old.item")) BEGIN \(value("old", absent: false)) \(value("new", absent: true)) END;
            CREATE TEMP TRIGGER IF NOT EXISTS record_value_delete AFTER DELETE ON field_value
            WHEN \(existedBefore("old.item")) BEGIN \(value("old", absent: false)) END;
            CREATE TEMP TRIGGER IF NOT EXISTS record_field_insert AFTER INSERT ON field
            WHEN \(recording) BEGIN \(field("new", absent: true)) END;
            CREATE TEMP TRIGGER IF NOT EXISTS record_field_update AFTER UPDATE ON field
            WHEN \(recording) BEGIN \(field("old", absent: false)) \(field("new", absent: true)) END;
            CREATE TEMP TRIGGER IF NOT EXISTS record_field_delete AFTER DELETE ON field
            WHEN \(recording) BEGIN \(field("old", absent: false)) END;
            CREATE TEMP TRIGGER IF NOT EXISTS record_option_insert AFTER INSERT ON place_option
            WHEN \(recording) BEGIN \(option("new", absent: true)) END;
            CREATE TEMP TRIGGER IF NOT EXISTS record_option_update AFTER UPDATE ON place_option
            WHEN \(recording) BEGIN \(option("old", absent: false)) \(option("new", absent: true)) END;
            CREATE TEMP TRIGGER IF NOT EXISTS record_option_delete AFTER DELETE ON place_option
            WHEN \(recording) BEGIN \(option("old", absent: false)) END;
            """)
        isPreparedForRecording = true
    }
}
