/// Operations pulled from the hub, applied: per property, the later stamp wins (ties
/// go to the greater replica id), and the value that loses is kept in
/// `sync_conflict`. See docs/sync.md, "Merging".
extension Store {
    /// What `trash` lists as the change that put a node in the trash when another
    /// machine did: never undone here, as undo reverts this machine's own changes.
    static let syncChangeWhat = "sync"

    public func applyPulled(_ operations: [SyncOperation], at positions: [Int64] = [], after start: Int64, cursor: Int64,
                            hash: String? = nil) throws -> SyncApplyReport? {
        try write {
            // Checked here, on the state written to: two syncs of one store each read the
            // cursor before pulling, and the later one to apply went back over pages the
            // other had applied, bringing back an entry a later page had purged.
            guard try integerSetting(.syncCursor) == start else { return nil }
            let remembersPulledRows = try hasLocalCreatesUnsent()
            // A change made here and not sent may now be what wins over a pulled one, or
            // what keeps a node deleted elsewhere: undoing it sends the earlier value.
            try database.execute("UPDATE sync_op SET unsent_change = NULL WHERE unsent_change IS NOT NULL")
            let ahead = try ownOperationsAhead()
            let replica = try replicaID()
            let neverAcknowledged = try Set(operations.filter { try $0.replica == replica && loggedRow(of: $0) == nil }
                .map(OperationKey.init))
            let freeLogRow = try makeRoomInTheLog(for: neverAcknowledged.count, after: ahead.passedTo)
            var merge = SyncMerge(store: self, replica: replica, remembersPulledRows: remembersPulledRows,
                                  ownAhead: ahead, ownLastPushFrom: try ownLastPushFrom())
            merge.freeLogRow = freeLogRow
            // One the log holds is here already: a hub rebuilt holds again what this
            // store pulled before it was lost.
            var known = 0
            var ownLeftAhead = false
            try applyingAsTheHubGives {
                for (index, operation) in operations.enumerated() {
                    merge.position = positions.count == operations.count ? positions[index] : nil
                    // This store's own, given back at its position in the hub's order.
                    if operation.replica == merge.replica {
                        known += 1
                        try logTheHubsCopy(ofOwn: operation)
                        if neverAcknowledged.contains(OperationKey(operation)) {
                            try merge.applyOwnNeverAcknowledged(operation)
                        } else {
                            try merge.apply(operation)
                        }
                        continue
                    }
                    guard try logSyncOperation(operation) else {
                        known += 1
                        continue
                    }
                    try merge.apply(operation)
                }
                // Where they landed not known, the hub gives them back each at its place,
                // and each is passed there: passed at the end of a batch before that, a
                // create acknowledged as held would meet lists as its row is now, not as
                // the hub holds it (in-process merge schedule seed 899920714).
                let reachesOwnAhead = try ahead.landedBy.map { cursor >= $0 } ?? (ownOperationsLogged(after: merge.ownAhead.passedTo) == 0)
                try merge.finish(reachesOwnAhead: reachesOwnAhead)
                ownLeftAhead = !reachesOwnAhead
            }
            try database.statement("UPDATE setting SET value = max(value, ?) WHERE key = \(Setting.hlc.sql)")
                .bind(1, operations.map(\.stamp).filter(SyncOperation.stampRange.contains).max() ?? 0).run()
            try setSyncCursor(cursor, hash: hash)
            try passSyncLog(upTo: ownLeftAhead ? merge.ownAhead.passedTo : nil)
            if !remembersPulledRows { try markEverythingSent() }
            var report = merge.report
            report.known = known
            return report
        }
    }

    /// Passes this store's own operations the log holds after row `seq`, which a push
    /// just landed right after all this store pulled (`SyncMerge.passOwnAhead`): nothing
    /// pulls past them later. Call inside the acknowledgement's write transaction.
    func passOwnOperationsLanded(after seq: Int64) throws {
        var merge = SyncMerge(store: self, replica: try replicaID(), remembersPulledRows: try hasLocalCreatesUnsent(),
                              ownAhead: (passedTo: seq, landedBy: nil), ownLastPushFrom: seq)
        try applyingAsTheHubGives {
            try merge.passAllOwnAhead()
            try merge.finish(reachesOwnAhead: false)
        }
    }

    /// Runs `apply` with the triggers that log this store's changes switched off
    /// (`sync_applying`): what it changes comes from the hub's order, and goes out
    /// nowhere. The hub's parents of nodes deleted meanwhile are forgotten before and
    /// after. Call inside a write transaction.
    private func applyingAsTheHubGives(_ apply: () throws -> Void) throws {
        try database.execute("UPDATE setting SET value = 1 WHERE key = \(Setting.syncApplying.sql)")
        try forgetHubParentsOfNodesGone()
        try apply()
        try forgetHubParentsOfNodesGone()
        try database.execute("UPDATE setting SET value = 0 WHERE key = \(Setting.syncApplying.sql)")
    }

    /// Deletes the hub's parents kept for nodes deleted since without a last state. One
    /// emptied from the trash keeps its row until its move comes back: a move pulled
    /// before that is judged against the parent the hub's order gave it, not against
    /// this store's own move, which comes later there (in-process trash schedule seed
    /// 18985871).
    private func forgetHubParentsOfNodesGone() throws {
        try database.execute(
            "DELETE FROM sync_hub_parent WHERE seq NOT IN (SELECT seq FROM node) AND seq NOT IN (SELECT seq FROM sync_tombstone)")
    }
}

/// One batch of pulled operations being applied, inside its write transaction, with
/// the triggers that log changes switched off.
struct SyncMerge {
    let store: Store
    let replica: NodeID
    /// Whether rows this pull makes must be remembered as not to be sent: rows made
    /// here wait to be sent too, so the mark of what was sent cannot move past them.
    let remembersPulledRows: Bool
    var report = SyncApplyReport()
    private var syncChange: Int64?
    private var madeNodes = false
    /// Set while parked operations are tried again: their reasons were given already.
    private var isRetrying = false
    /// The report's lines of the operations this batch parked to wait for a node, by
    /// their row of `sync_parked`, given only if they still wait when the batch ends.
    private var waitingLines: [Int64: String] = [:]
    /// The line of the waiting operation being tried again.
    private var retriedLine: String?
    /// The change that holds each trash group met in this batch (`trashGroupChange`).
    private var trashGroupChanges: [TrashGroup: Int64] = [:]
    /// Purges of nodes that held entries when they arrived, settled when the batch ends.
    private var pendingPurges: [PendingPurge] = []
    /// For each node whose purge waits, what came after the purge in the hub's order and
    /// would have brought it back from its last state had the purge been settled first
    /// (`noteComeback`).
    private var comebacks: [Int64: Comeback] = [:]
    /// Whether this batch passed where this store's own operations landed (`passAllOwnAhead`).
    private var passedOwnAhead = false
    /// How many operations this batch applied, which orders them where the hub's
    /// positions are not known.
    private var applied: Int64 = 0
    /// The replica of each purge the log holds, by node and stamp, read when a node
    /// first comes back in the batch.
    private var purgeSenders: [PurgeKey: NodeID]?
    /// The purges this batch met, each with the number of the `trash --empty` it came
    /// from, as far as the order tells (`noteEmptying`).
    private var emptyings: [OperationKey: Int] = [:]
    private var emptyingsMet = 0
    private var lastPurger: NodeID?

    /// A purge that waits for the end of the batch, with where it stands in the hub's
    /// order (`position`, `ownAhead`), which the operations after it move on.
    private struct PendingPurge {
        let seq: Int64
        let id: NodeID
        let operation: SyncOperation
        let position: Int64?
        let ownAhead: (passedTo: Int64, landedBy: Int64?)
        /// The last row of the log when it came.
        let loggedUpTo: Int64
        /// Where it stands in the hub's order (`place(of:)`).
        let place: HubPlace
    }

    private struct PurgeKey: Hashable {
        let node: NodeID
        let stamp: Int64
    }

    /// Where an operation stands in the hub's order, as this batch can tell: pulled ones
    /// that landed before this store's own acknowledged ones, then those, then pulled
    /// ones that landed after them, then this store's own not sent yet.
    private struct HubPlace: Comparable {
        enum Tier: Int, Comparable {
            case pulledBeforeOwn, ownAcknowledged, pulledAfterOwn, ownUnsent
            static func < (lhs: Tier, rhs: Tier) -> Bool { lhs.rawValue < rhs.rawValue }
        }
        let tier: Tier
        let order: Int64
        /// Among creates not sent yet that go out before one change: their rows.
        var row: Int64 = 0

        /// This store's own change not sent yet of counter `counter`.
        static func unsent(counter: Int64) -> HubPlace { HubPlace(tier: .ownUnsent, order: counter << 1) }

        static func < (lhs: HubPlace, rhs: HubPlace) -> Bool {
            lhs.tier != rhs.tier ? lhs.tier < rhs.tier : (lhs.order, lhs.row) < (rhs.order, rhs.row)
        }
    }

    /// What came after a waiting purge of a node: the operations that would have
    /// brought it back, with the entries they put into it; the `rm`s of the node among
    /// them, which a node brought back joins as it joins any (`joinEarlierTrashGroup`);
    /// and the purges that deleted entries it held and the moves that took them out.
    private struct Comeback {
        struct Note {
            let place: HubPlace
            let group: TrashGroup
            let restores: Bool
            let placing: NodeID?
        }
        var notes: [Note] = []
        var removals: [(place: HubPlace, operation: SyncOperation)] = []
        var emptied: [(place: HubPlace, purge: SyncOperation)] = []
        var movedOut: [(place: HubPlace, entry: NodeID)] = []
    }

    /// Where this store's own operations not pulled past yet stand in the hub's order
    /// (`Store.ownOperationsAhead`); those given back in this batch are passed.
    private(set) var ownAhead: (passedTo: Int64, landedBy: Int64?)
    /// Whether this store's own operations are being passed, each at its place: those
    /// the log holds after the one passed come later in the hub's order.
    private var passesOwnOneByOne = false
    /// The hub's position of the operation being applied; nil when not known.
    var position: Int64?
    /// This store's own operations the hub gave back in this batch at known positions,
    /// by their rows of the log: each, and those the log holds before it, stand there.
    private var givenBackAt: [(row: Int64, position: Int64)] = []
    /// The node of the pulled operation being applied: its create stands before it in
    /// the hub's order, even one made here whose acknowledgement was lost.
    private var pulledNode: NodeID?

    /// Whether the operation being applied landed after this store's own operations
    /// not pulled past yet (a pull after a push gives what landed before and after).
    private var isAfterOwnAcknowledged: Bool {
        guard let position, let landedBy = ownAhead.landedBy else { return false }
        return position > landedBy
    }

    /// The row of `sync_log` after which this store's own operations ahead are those of
    /// its last push, which landed after every operation pulled up to `landedBy`
    /// (`Store.ownLastPushFrom`); where those of earlier pushes landed is not known.
    private let ownLastPushFrom: Int64
    /// The next row of the log made free, before the rows of this store's own operations
    /// not pulled past, for those of its own the batch gives back that it never heard
    /// acknowledged (`Store.makeRoomInTheLog`); nil: they go last.
    var freeLogRow: Int64?

    init(store: Store, replica: NodeID, remembersPulledRows: Bool, ownAhead: (passedTo: Int64, landedBy: Int64?),
         ownLastPushFrom: Int64) {
        self.store = store
        self.replica = replica
        self.remembersPulledRows = remembersPulledRows
        self.ownAhead = ownAhead
        self.ownLastPushFrom = ownLastPushFrom
    }

    private var database: Database { store.database }

    /// Why an operation cannot be applied. `waiting` ones name a node or parent not
    /// here yet, and are tried again when nodes arrive.
    private struct Parked: Error {
        let reason: String
        var waiting = false
    }

    mutating func apply(_ operation: SyncOperation) throws {
        applied += 1
        if !passedOwnAhead, isAfterOwnAcknowledged { try passAllOwnAhead() }
        if operation.replica == replica {
            try passOwn(operation)
            try takeBack(operation)
        } else {
            pulledNode = operation.node
            defer { pulledNode = nil }
            do {
                try merge(operation)
            } catch let parked as Parked {
                try park(operation, parked)
            }
        }
        noteEmptying(operation)
        // What waited in this batch for a node made just now goes in right after it, at
        // its place in the hub's order, not at the end of the batch after what came later:
        // a push sends an entry moved into a list made after it before the list.
        if madeNodes, !isRetrying, !waitingLines.isEmpty { try retryWaiting() }
    }

    /// This store's own operation, given back, that it never heard the hub acknowledge:
    /// changed again here since its push, it went out again under another counter. It
    /// landed before those of its own pushed since: the log takes it in the rows made
    /// free before theirs (`freeLogRow`), which do not stand before what follows it, and
    /// it is passed alone.
    mutating func applyOwnNeverAcknowledged(_ operation: SyncOperation) throws {
        applied += 1
        if !passedOwnAhead, isAfterOwnAcknowledged { try passAllOwnAhead() }
        noteEmptying(operation)
        if let row = freeLogRow {
            _ = try store.logSyncOperation(operation, at: row)
            freeLogRow = row + 1
            ownAhead.passedTo = max(ownAhead.passedTo, row)
        } else {
            _ = try store.logSyncOperation(operation)
            ownAhead.passedTo = try store.lastLoggedRow()
        }
        if operation.property == "purge", let id = operation.node, let seq = try store.nodeSeq(of: id) {
            try purge(seq, id: id, by: operation)
        }
        // A rename, move or restore of a list, at that place: what this store changed
        // since comes after it (in-process merge schedule seed 837569404).
        if SyncProperty(operation.property)?.placesAList == true, let id = operation.node {
            passesOwnOneByOne = true
            defer { passesOwnOneByOne = false }
            try passOwnChange(operation, of: id, purges: [])
        }
        try takeBack(operation)
    }

    /// This store's own operation, given back at its position: it and those of its own
    /// the log took before it (in that push or an earlier one) stand before what follows.
    private mutating func passOwn(_ operation: SyncOperation) throws {
        guard let row = try loggedRow(ofOwn: operation) else { return }
        if let position { givenBackAt.append((row, position)) }
        try passOwnAhead(upTo: row, givenBack: operation)
    }

    /// Passes all of this store's own operations the log holds, where they landed.
    mutating func passAllOwnAhead() throws {
        passedOwnAhead = true
        try passOwnAhead(upTo: try store.lastLoggedRow(), givenBack: nil)
    }

    /// The row of `sync_log` that took this store's own `operation` when the hub acknowledged it.
    private func loggedRow(ofOwn operation: SyncOperation) throws -> Int64? {
        try store.loggedRow(of: operation)
    }

    private mutating func park(_ operation: SyncOperation, _ parked: Parked) throws {
        try database.statement(
            """
            INSERT INTO sync_parked (replica, counter, stamp, node, property, value, reason, waiting)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?)
            """)
            .bind(1, blob: operation.replica.bytes).bind(2, operation.counter).bind(3, operation.stamp)
            .bind(4, id: operation.node).bind(5, operation.property)
            .bind(6, operation.value.map { $0.utf8.count > SyncValue.largest ? nil : $0 } ?? nil)
            .bind(7, parked.reason).bind(8, parked.waiting ? 1 : 0).run()
        let node = operation.node.map { " of \($0.shortForm())" } ?? ""
        let line = "\(DisplayText.escaped(String(operation.property.prefix(80))))\(node) from \(operation.replica.shortForm()) (counter \(operation.counter)): \(parked.reason)"
        if parked.waiting {
            if let line = isRetrying ? retriedLine : line { waitingLines[database.lastInsertedRowID] = line }
        } else if !isRetrying {
            report.parked.append(line)
        }
    }

    /// Tries again the operations that waited for a node, and reports those that
    /// still wait: one whose node came later in the batch is no news.
    /// `reachesOwnAhead`: whether the batch ends at or past where this store's own
    /// operations not pulled past landed.
    mutating func finish(reachesOwnAhead: Bool) throws {
        try retryWaiting()
        try rebaseOwnMoves()
        try settlePendingPurges()
        try rebaseOwnRemovals()
        if reachesOwnAhead, !passedOwnAhead {
            try passAllOwnAhead()
            try settlePendingPurges()
        }
        report.parked += waitingLines.sorted { $0.key < $1.key }.map(\.value)
        waitingLines = [:]
    }

    /// Tries again the operations that waited for a node, until none more applies. They
    /// are read one at a time: every value that waits, up to 64 MiB each, read back at
    /// once held them all in memory together. One that waits again goes in at a row
    /// after `last`, for the next round.
    private mutating func retryWaiting() throws {
        while madeNodes {
            madeNodes = false
            let last = try database.statement("SELECT ifnull(max(seq), 0) FROM sync_parked").firstRow { $0.int64(0) } ?? 0
            var after: Int64 = 0
            isRetrying = true
            defer { isRetrying = false }
            while let (seq, operation) = try waitingOperation(after: after, upTo: last) {
                after = seq
                guard let operation else { continue }
                try database.statement("DELETE FROM sync_parked WHERE seq = ?").bind(1, seq).run()
                retriedLine = waitingLines.removeValue(forKey: seq)
                try apply(operation)
                retriedLine = nil
            }
        }
    }

    /// The first operation waiting for a node in a row after `seq` and up to `last`:
    /// its row, and the operation, nil when its replica is not an id (damage, left where
    /// it is); nil when there is none.
    private func waitingOperation(after seq: Int64, upTo last: Int64) throws -> (Int64, SyncOperation?)? {
        try database.statement(
            """
            SELECT seq, replica, counter, stamp, node, property, value FROM sync_parked
            WHERE waiting = 1 AND seq > ? AND seq <= ? ORDER BY seq LIMIT 1
            """)
            .bind(1, seq).bind(2, last)
            .firstRow { row in
                (row.int64(0), NodeID(bytes: row.blob(1)).map { replica in
                    SyncOperation(replica: replica, counter: row.int64(2), stamp: row.int64(3), node: NodeID(bytes: row.blob(4)),
                                  property: row.string(5), value: row.isNull(6) ? nil : row.string(6))
                })
            }
    }

    private mutating func merge(_ operation: SyncOperation) throws {
        guard SyncOperation.stampRange.contains(operation.stamp) else {
            throw Parked(reason: "its stamp \(operation.stamp) is no time a clock gives (1970 to the year 4199)")
        }
        guard let property = SyncProperty(operation.property) else {
            throw Parked(reason: "a kind of change this jotter does not know (from a newer jotter?)")
        }
        if let value = operation.value, value.utf8.count > SyncValue.largest {
            throw Parked(reason: "its value is \(value.utf8.count) bytes, over the 64 MiB an entry may hold")
        }
        // Values are read with SQLite's JSON functions: a pull of a million creates
        // spent most of its time in a JSON decoder otherwise.
        let value = SyncJSON(text: operation.value ?? "null")
        if property == .create || property == .text, let bytes = try textBytes(of: operation, value, property),
           bytes > SizeCap.entryBytes {
            throw Parked(reason: "its text is \(SizeCap.size(bytes)), over the \(SizeCap.size(SizeCap.entryBytes)) "
                + "an entry holds now (written by an older jotter); set aside")
        }
        if property == .create, let id = operation.node {
            // Its value is checked as it is read, in one statement.
            return try create(id, value, by: operation)
        }
        guard let type = try jsonType(value) else { throw Parked(reason: "its value is not JSON") }
        try SyncMerge.check(type, of: property)
        if type == "text", try !decodesToUTF8(value) {
            throw Parked(reason: "its text is not valid UTF-8 (an escape of half a surrogate pair)")
        }
        guard let id = operation.node else {
            guard property.isOfAPlace else { throw Parked(reason: "it names no list or item") }
            return try set(property, of: nil, to: value, by: operation)
        }
        guard let seq = try store.nodeSeq(of: id) ?? bringBack(id, property, value, for: operation) else {
            // Written into the node's last state, or kept as a conflict.
            return
        }
        if property == .purge { return try purge(seq, id: id, by: operation) }
        try noteComeback(of: seq, by: operation)
        try set(property, of: seq, to: value, by: operation)
    }

    // MARK: Creates

    private mutating func create(_ id: NodeID, _ value: SyncJSON, by operation: SyncOperation) throws {
        // Already here: pulled before, or a copy of it. A store copied before its first
        // sync sent the node too, but the hub keeps one create of a node, this one: its
        // stamp places the node alike everywhere. A list of the same name merged into
        // another keeps the other's place.
        if let seq = try store.nodeSeq(of: id) {
            if try store.nodeID(seq: seq) == id {
                try database.statement("UPDATE node SET order_stamp = ?, order_replica = ? WHERE seq = ?")
                    .bind(1, operation.stamp).bind(2, Store.orderReplica(operation.replica)).bind(3, seq).run()
            }
            return
        }
        // Its members are read in one pass of one parse: each call site of a JSON
        // function keeps a parse of its own for the statement's life, so reading each
        // member by a call of its own held the value once per call. SQLite refuses a value
        // that is not JSON; one that is not an object has no member of these names.
        let read = try database.statement("SELECT key, type, value FROM json_each(?1)")
        var kindName: String?, text: String?, created: Int64?, parentID: String?, fields: String?, alias: String?
        var hasParent = false, trashed = false, offset: Int64 = 0, done: Int64?, group: Int64?
        do {
            // Bound where the string holds it, and reset as soon as it is read: its
            // parse and the text it gave are copies of an entry the insert has no use for.
            try read.withBorrowedText(1, value.text) {
                while try read.step() {
                    let type = read.string(1)
                    switch read.string(0) {
                    case "kind": kindName = read.string(2)
                    case "text": text = type == "text" ? read.string(2) : nil
                    case "created": created = type == "integer" ? read.int64(2) : nil
                    case "parent":
                        parentID = type == "text" ? read.string(2) : nil
                        hasParent = type != "null"
                    case "offset": offset = type == "integer" ? read.int64(2) : 0
                    case "done": done = type == "integer" ? read.int64(2) : nil
                    case "trashed": trashed = type == "true"
                    case "group": group = type == "integer" ? read.int64(2) : nil
                    case "fields": fields = type == "object" ? read.string(2) : nil
                    case "alias": alias = type == "text" ? read.string(2) : nil
                    default: break
                    }
                }
            }
        } catch let error as SQLiteError where error.message.contains("malformed JSON") {
            throw Parked(reason: "a create without its kind, text and time")
        }
        guard let kindName, text != nil, let created else {
            throw Parked(reason: "a create without its kind, text and time")
        }
        guard let kind: Node.Kind = kindName == "list" ? .list : kindName == "item" ? .item : nil else {
            throw Parked(reason: "a create of a kind this jotter does not know: \(DisplayText.escaped(String(kindName.prefix(40))))")
        }
        guard parentID != nil || !hasParent else { throw Parked(reason: "its parent is not an id") }
        if kind == .list, let survivor = try alias.flatMap(NodeID.init).flatMap({ try store.nodeSeq(of: $0) }) {
            // Its maker merged it into that list before it went out, at this place in
            // the hub's order: its id names that list here too.
            try database.statement("INSERT OR REPLACE INTO node_alias (id, seq) VALUES (?, ?)")
                .bind(1, blob: id.bytes).bind(2, survivor).run()
            report.applied += 1
            madeNodes = true
            return
        }
        let parent = try parentSeq(named: parentID, for: operation)
        let trashGroup = trashed ? TrashGroup(of: operation, stamp: group) : nil
        var sameName: Int64?
        if kind == .list, !trashed,
           let existing = try listsInSightBringingBackBuried(under: parent, named: text ?? "", by: operation).first {
            // Two machines made a list of one name in one place: the one with the lesser
            // id stays, on every machine alike, and the other's id names it.
            guard id < existing.id else {
                try database.statement("INSERT OR REPLACE INTO node_alias (id, seq) VALUES (?, ?)")
                    .bind(1, blob: id.bytes).bind(2, existing.seq).run()
                report.applied += 1
                madeNodes = true
                return
            }
            sameName = existing.seq
        }
        var row = NodeRow(id: id, parent: parent, kind: kind, created: created, createdOffset: offset)
        row.done = done
        row.hidden = try trashGroup.map { try trashGroupChange($0) }
        row.orderStamp = operation.stamp
        row.orderReplica = Store.orderReplica(operation.replica)
        let seq = try store.insert(row, .pulled, text: text ?? "")
        if let trashGroup {
            try keepTrashGroup(trashGroup, of: seq)
            if trashGroup.stamp != operation.stamp { try keepTrashGroup(trashGroup, of: seq, as: Self.groupOfCreate) }
        }
        if let fields {
            try database.statement(
                """
                INSERT OR REPLACE INTO field_value (item, name, value, value_sum)
                SELECT ?1, key, value, jotter_checksum(key, value) FROM json_each(?2) WHERE type IN ('text', 'integer', 'real')
                """)
                .bind(1, seq).bind(2, fields).run()
        }
        if remembersPulledRows {
            try database.statement("INSERT OR IGNORE INTO sync_pulled (seq) VALUES (?)").bind(1, seq).run()
        }
        if let sameName { try mergeList(sameName, into: seq) }
        madeNodes = true
        report.applied += 1
    }

    /// Merges list `seq`, renamed, moved or restored by a pulled change, with a list of
    /// the same name it now stands beside, by the rule of creates: the lesser id stays.
    /// The lists they hold that now share a name merge by the same rule, level by level,
    /// as they do where each one's create arrives after the other list is there.
    private mutating func mergeWithListsOfItsName(_ seq: Int64, by operation: SyncOperation) throws {
        var unsettled = [seq]
        while let next = unsettled.popLast() {
            guard let node = try store.node(seq: next), node.kind == .list else { continue }
            // Where it stands at this place: a rename or move of its own that comes later
            // takes it elsewhere there.
            let sameName = try listsInSightBringingBackBuried(under: parentBeforeOwnLaterMove(of: node) ?? node.parentSeq,
                                                              named: nameBeforeOwnLaterRename(of: node) ?? node.text, by: operation)
            guard sameName.count > 1, sameName.contains(where: { $0.seq == next }),
                  let survivor = sameName.min(by: { $0.id < $1.id }) else { continue }
            for list in sameName where list.seq != survivor.seq {
                try mergeList(list.seq, into: survivor.seq)
            }
            // A move of the survivor made here into the list merged away, or into one
            // it held, now puts it inside itself: refused, as every machine refuses it.
            try refuseOwnMovesInACycle(through: survivor.seq)
            // Each list inside, in the trash here or not, by the name it has there: one
            // this store renames or removes by a change of its own that comes later stands
            // in sight there under its name before it (`listsInSight` tells).
            let inside = try database.statement("SELECT seq FROM node WHERE parent = ? AND kind = ? AND ifnull(hidden, 0) >= 0")
                .bind(1, survivor.seq).bind(2, Node.Kind.list.rawValue)
            while try inside.step() { unsettled.append(inside.int64(0)) }
        }
    }

    /// The lists named `name` under `parent` that stand in sight where the operation
    /// being applied stands in the hub's order: one this store put in the trash, or took
    /// out of it, renamed away from that name or moved away from `parent`, by a change
    /// of its own that comes later stood as it did before that, and one it moved there
    /// later was not there yet. One made or renamed into that name by an operation of
    /// its own that comes after this one, sent or not, is not there yet: it meets lists
    /// of its name at that operation's place (`passOwnAhead`), where what came between
    /// stands too. Merged now, a list renamed or made here would stay merged when a later
    /// change here renamed it again or removed it before it went out, where no other
    /// machine merges it.
    private func listsInSight(under parent: Int64?, named name: String) throws -> [Node] {
        let named = try database.statement(
            "SELECT seq, hidden IS NULL FROM node WHERE parent IS ? AND kind = 0 AND text = ? AND ifnull(hidden, 0) >= 0 ORDER BY \(NodeColumn.siblingOrder())")
            .bind(1, parent).bind(2, name)
        var rows: [(seq: Int64, shown: Bool)] = []
        while try named.step() { rows.append((named.int64(0), named.int64(1) != 0)) }
        var lists = try rows.compactMap { row -> Node? in
            guard let list = try store.node(seq: row.seq), try standsInSight(list, shown: row.shown),
                  try !takesItsNameLaterOnTheHub(list), try parentBeforeOwnLaterMove(of: list).map({ $0 == parent }) ?? true
            else { return nil }
            return list
        }
        for list in try listsChangedHereLater(under: parent, property: "text") where list.text != name && !lists.contains(list) {
            if try standsInSight(list, shown: store.hiddenBy(list) == nil), try nameBeforeOwnLaterRename(of: list) == name,
               try parentBeforeOwnLaterMove(of: list).map({ $0 == parent }) ?? true {
                lists.append(list)
            }
        }
        for list in try listsChangedHereLater(under: nil, property: "parent") where list.parentSeq != parent && !lists.contains(list) {
            if try parentBeforeOwnLaterMove(of: list) == .some(parent), try standsInSight(list, shown: store.hiddenBy(list) == nil),
               try (nameBeforeOwnLaterRename(of: list) ?? list.text) == name {
                lists.append(list)
            }
        }
        return lists
    }

    /// `listsInSight`, where `operation` stands, with a list of that name and place this
    /// store deleted for good by a purge of its own that comes later brought back into
    /// the trash among them: it stood there, and merges as it does everywhere before that
    /// purge, which then settles the merged list again when it lands.
    private mutating func listsInSightBringingBackBuried(under parent: Int64?, named name: String,
                                                         by operation: SyncOperation) throws -> [Node] {
        if let buried = try listBuriedByOwnLaterPurge(under: parent, named: name) {
            _ = try revive(buried, for: operation, keepingPurge: false)
        }
        return try listsInSight(under: parent, named: name)
    }

    /// Whether `list` has its name by an operation of this store's own that comes after
    /// the one being applied in the hub's order: its create or a rename from another
    /// name, not sent yet, known to be there (of the last push) or, where this store's
    /// own are passed one by one, logged after the one being passed.
    private func takesItsNameLaterOnTheHub(_ list: Node) throws -> Bool {
        if remembersPulledRows, try store.isUnsentCreate(seq: list.seq),
           try pulledNode.flatMap({ try store.nodeSeq(of: $0) }) != list.seq, try !ownCreateGivenBack(of: list.seq) {
            return true
        }
        if try database.statement("SELECT 1 FROM sync_op WHERE seq = ? AND property = 'text'").bind(1, list.seq)
            .firstRow({ _ in true }) == true {
            return try nameBeforeOwnLaterRename(of: list) != list.text
        }
        guard !isAfterOwnAcknowledged,
              let created = try database.statement(
                  """
                  SELECT max(property = 'create') FROM sync_log
                  WHERE seq > ? AND +replica = ? AND node = ? AND property IN ('create', 'text')
                  """)
                  .bind(1, passesOwnOneByOne ? ownAhead.passedTo : max(ownAhead.passedTo, ownLastPushFrom))
                  .bind(2, blob: replica.bytes).bind(3, blob: list.id.bytes)
                  .firstRow({ $0.optionalInt64(0) }) ?? nil else { return false }
        return try created == 1 || nameBeforeOwnLaterRename(of: list) != list.text
    }

    /// Whether the hub gave back the create of row `seq`, made here, before the
    /// operation being applied: sent with its acknowledgement lost, it still counts as
    /// not sent where its row is gone, and nothing acknowledged it as held.
    private func ownCreateGivenBack(of seq: Int64) throws -> Bool {
        try database.statement("SELECT seq FROM sync_log WHERE replica = ? AND counter = ?")
            .bind(1, blob: replica.bytes).bind(2, Store.createCounter(seq: seq))
            .firstRow { $0.int64(0) <= ownAhead.passedTo } ?? false
    }

    /// Passes this store's own operations the log holds up to row `row`, at their place
    /// in the hub's order: given back there, or else before the first operation pulled
    /// after where they landed, or at the end of the batch that reaches it. A list they
    /// made, renamed, moved or restored merges with a list of its name it now stands
    /// beside, as every other machine merges it when it pulls them. A node they emptied
    /// from the trash that operations pulled before them brought back here is settled
    /// by that purge again, as every other machine settles it there, where that place is
    /// known: the purge given back (`givenBack`), or one of the last push, which landed
    /// after what was pulled up to there.
    private mutating func passOwnAhead(upTo row: Int64, givenBack: SyncOperation?) throws {
        guard row > ownAhead.passedTo else { return }
        var purges = try ownPurges(after: max(ownAhead.passedTo, ownLastPushFrom), upTo: row)
        if let givenBack, givenBack.property == "purge", !purges.contains(where: { $0.counter == givenBack.counter }) {
            purges.append(givenBack)
        }
        // Lists alone, told from entries in the log where it can: a first sync passes
        // every entry of the journal here. Each change with its row.
        let changed = try database.statement(
            """
            SELECT node, seq FROM sync_log
            WHERE seq > ? AND seq <= ? AND +replica = ? AND node IS NOT NULL
              AND (property IN ('text', 'parent', 'trashed') OR (property = 'create' AND value LIKE '{"kind":"list"%'))
            ORDER BY seq
            """)
            .bind(1, ownAhead.passedTo).bind(2, row).bind(3, blob: replica.bytes)
        var listChanges: [(id: NodeID, row: Int64)] = []
        while try changed.step() { if let id = NodeID(bytes: changed.blob(0)) { listChanges.append((id, changed.int64(1))) } }
        for purge in purges {
            noteEmptying(purge)
            guard let id = purge.node, let seq = try store.nodeSeq(of: id) else { continue }
            // At its own place: this store's changes logged after it still come later.
            ownAhead.passedTo = try loggedRow(ofOwn: purge) ?? row
            try self.purge(seq, id: id, by: purge)
        }
        // Each at the place of the change: this store's changes logged after it still
        // come later, so a list renamed beside one of its new name and then moved away,
        // or removed, meets it there, as every other machine meets it.
        passesOwnOneByOne = true
        defer { passesOwnOneByOne = false }
        for change in listChanges {
            ownAhead.passedTo = change.row
            guard let operation = try store.loggedSyncOperations(after: change.row - 1, limit: 1).operations.first else { continue }
            try passOwnChange(operation, of: change.id, purges: purges)
        }
        ownAhead.passedTo = row
    }

    /// Passes this store's own `change` of node `id`, at its row of the log: a list it
    /// made, renamed, moved or restored merges with a list of its name it stood beside
    /// there, as every other machine merges it; one deleted here since by a purge of its
    /// own (one of `purges`, or not sent yet) merges too (`mergeEmptiedHereLater`).
    private mutating func passOwnChange(_ change: SyncOperation, of id: NodeID, purges: [SyncOperation]) throws {
        guard let seq = try store.nodeSeq(of: id) else {
            try mergeEmptiedHereLater(by: change, purges: purges)
            return
        }
        guard let node = try store.node(seq: seq), node.kind == .list else { return }
        try mergeWithListsOfItsName(seq, by: change)
    }

    /// The list this store's own `change`, being passed, made, renamed, moved or
    /// restored, deleted for good here by a purge of its own that comes after it (one of
    /// `purges`, or not sent yet): standing there beside a list of its name, it merged
    /// with it on every other machine, and that purge then settled the merged list. It
    /// comes back into the trash, merges, and the purge settles it again here.
    private mutating func mergeEmptiedHereLater(by change: SyncOperation, purges: [SyncOperation]) throws {
        guard let id = change.node, let seq = try tombstoneSeq(of: id), try changedHereLater(seq: seq, id: id, property: "purge"),
              try mergeBuriedList(seq, by: change) else { return }
        let passedTo = ownAhead.passedTo
        for purge in purges where purge.node == id {
            guard let row = try loggedRow(ofOwn: purge), row > passedTo, let merged = try store.nodeSeq(of: id) else { continue }
            ownAhead.passedTo = row
            try self.purge(merged, id: id, by: purge)
        }
        ownAhead.passedTo = passedTo
    }

    /// This store's own purges the log holds after row `seq`, up to row `row`.
    private func ownPurges(after seq: Int64, upTo row: Int64) throws -> [SyncOperation] {
        let rows = try database.statement(
            """
            SELECT counter, stamp, node, base FROM sync_log
            WHERE seq > ? AND seq <= ? AND +replica = ? AND property = 'purge' AND node IS NOT NULL ORDER BY seq
            """)
            .bind(1, seq).bind(2, row).bind(3, blob: replica.bytes)
        var purges: [SyncOperation] = []
        while try rows.step() {
            purges.append(SyncOperation(replica: replica, counter: rows.int64(0), stamp: rows.int64(1),
                                        node: NodeID(bytes: rows.blob(2)), property: "purge", value: "true",
                                        base: rows.optionalInt64(3)))
        }
        return purges
    }

    /// Whether `list`, out of the trash here or not (`shown`), stood out of it where the
    /// operation being applied stands: before a trash mark or restore of this store's
    /// own that comes later, it stood as the last mark the log holds from before that
    /// gave it, or else the other way round. Another machine's `rm` of it that comes
    /// earlier had put it in the trash already, where this store's later one found it.
    private func standsInSight(_ list: Node, shown: Bool) throws -> Bool {
        guard try lastTrashMarkHereLater(seq: list.seq, id: list.id) != nil else { return shown }
        guard let logged = try lastLoggedBeforeOwnAhead(list.id, "trashed") else { return !shown }
        return logged.value == "0"
    }

    /// The rows this store changes by an operation of its own of `property` that comes
    /// later in the hub's order than the one being applied, in order: not sent yet, or
    /// sent after it, where a sent one's node is found by `row`.
    private func rowsChangedHereLater(by property: String, row: (NodeID) throws -> Int64?) throws -> [Int64] {
        var seqs: [Int64] = []
        let unsent = try database.statement("SELECT seq FROM sync_op WHERE property = ? AND seq IS NOT NULL").bind(1, property)
        while try unsent.step() { seqs.append(unsent.int64(0)) }
        // Sent after it: only in a sync whose push landed, as the log is read from where
        // this store's operations were last given back, or among those being passed.
        if ownAhead.landedBy != nil || passesOwnOneByOne, !isAfterOwnAcknowledged {
            let sent = try database.statement(
                "SELECT DISTINCT node FROM sync_log WHERE seq > ? AND +replica = ? AND property = ? AND node IS NOT NULL")
                .bind(1, ownAhead.passedTo).bind(2, blob: replica.bytes).bind(3, property)
            while try sent.step() {
                if let id = NodeID(bytes: sent.blob(0)), let seq = try row(id) { seqs.append(seq) }
            }
        }
        return Set(seqs).sorted()
    }

    /// The lists this store renamed (`property` `text`, those under `parent`) or moved
    /// (`parent`, wherever they are now) by a change of its own that comes later in the
    /// hub's order than the operation being applied: not sent yet, or sent after it.
    private func listsChangedHereLater(under parent: Int64?, property: String) throws -> [Node] {
        try rowsChangedHereLater(by: property) { try store.nodeSeq(of: $0) }.compactMap { try store.node(seq: $0) }
            .filter { $0.kind == .list && (property == "parent" || $0.parentSeq == parent) }
    }

    /// The parent list `list` had before this store's own move of it that comes later
    /// in the hub's order, as the last move or create the log holds from before that
    /// move gives it (nil inside: the root); nil when it has no such move, or the log
    /// holds none from before it.
    private func parentBeforeOwnLaterMove(of list: Node) throws -> Int64?? {
        guard try changedHereLater(seq: list.seq, id: list.id, property: "parent"),
              let logged = try lastLoggedBeforeOwnAhead(list.id, "parent") else { return nil }
        guard let value = logged.value else { return .some(nil) }
        guard let id = NodeID(value), let seq = try store.nodeSeq(of: id) else { return nil }
        return .some(seq)
    }

    /// The name list `list` had before this store's own rename of it that comes later in
    /// the hub's order: the last the log holds from before it, from the hub or its
    /// create; nil when it has no such rename.
    private func nameBeforeOwnLaterRename(of list: Node) throws -> String? {
        guard try changedHereLater(seq: list.seq, id: list.id, property: "text") else { return nil }
        return try lastLoggedBeforeOwnAhead(list.id, "text")?.value
    }

    /// The last change of `property` (`text` or `parent`) of node `id`, or its create,
    /// that the log holds from before this store's own operations ahead, `excluded`
    /// left out: the value it gave (nil: null) and its stamp and replica. Of a list
    /// merged, a change by the id of a list merged into it counts too, but not that
    /// list's create, which gave the merged list neither its name nor its place.
    private func lastLoggedBeforeOwnAhead(_ id: NodeID, _ property: String, excluding excluded: SyncOperation? = nil)
        throws -> (value: String?, stamp: Int64, replica: NodeID)? {
        try database.statement(
            """
            SELECT iif(property = 'create', json_extract(value, '$.' || ?5), json_extract(value, '$')), stamp, replica
            FROM sync_log
            WHERE node IN (SELECT ?1 UNION ALL SELECT id FROM node_alias WHERE seq = ?8)
              AND (property = ?5 OR (property = 'create' AND node = ?1)) AND (replica <> ?2 OR seq <= ?3 OR ?4)
              AND NOT (replica IS ?6 AND counter IS ?7)
            ORDER BY seq DESC LIMIT 1
            """)
            .bind(1, blob: id.bytes).bind(2, blob: replica.bytes).bind(3, ownAhead.passedTo).bind(8, try store.nodeSeq(of: id))
            .bind(4, isAfterOwnAcknowledged ? 1 : 0).bind(5, property)
            .bind(6, id: excluded?.replica).bind(7, excluded?.counter)
            .firstRow { row in
                NodeID(bytes: row.blob(2)).map { (row.isNull(0) ? nil : row.string(0), row.int64(1), $0) }
            } ?? nil
    }

    /// Moves what list `seq` holds (entries, field definitions and options of names the
    /// other has not, hooks) into list `survivor`, and makes its id name the survivor.
    private mutating func mergeList(_ seq: Int64, into survivor: Int64) throws {
        guard let id = try store.nodeID(seq: seq) else { return }
        try keepOwnUnsentCreate(of: seq, id: id, for: survivor)
        try database.statement("UPDATE node SET parent = ?1 WHERE parent = ?2").bind(1, survivor).bind(2, seq).run()
        // And what it held that was emptied from the trash: brought back, it comes back
        // into the survivor, as where it was emptied after the merge (in-process merge
        // schedule seed 101093).
        try database.statement("UPDATE sync_tombstone SET parent = ?1 WHERE parent = ?2").bind(1, survivor).bind(2, seq).run()
        try database.statement("UPDATE OR IGNORE field SET owner = ?1 WHERE owner = ?2").bind(1, survivor).bind(2, seq).run()
        try database.statement("UPDATE OR IGNORE place_option SET owner = ?1 WHERE owner = ?2").bind(1, survivor).bind(2, seq).run()
        try database.statement("UPDATE hook SET owner = ?1 WHERE owner = ?2").bind(1, survivor).bind(2, seq).run()
        try database.statement("UPDATE OR IGNORE hook_scope SET owner = ?1 WHERE owner = ?2").bind(1, survivor).bind(2, seq).run()
        // Before the ids that name it name the survivor: a change here later of a list
        // merged into this one before is found by that list's id (in-process merge
        // schedule seed 200828).
        try keepOwnRemoval(of: seq, for: survivor)
        try takeOwnLaterName(of: seq, id: id, for: survivor)
        try keepOwnRename(of: seq, id: id, for: survivor)
        try keepOwnMove(of: seq, id: id, for: survivor)
        try database.statement("UPDATE node_alias SET seq = ?1 WHERE seq = ?2").bind(1, survivor).bind(2, seq).run()
        try database.statement("INSERT OR REPLACE INTO node_alias (id, seq) VALUES (?, ?)").bind(1, blob: id.bytes).bind(2, survivor).run()
        // A create of a list merged into this one before it went out now names this
        // one's survivor.
        try database.statement("UPDATE OR IGNORE sync_op SET seq = ?1 WHERE seq = ?2 AND property = 'create'")
            .bind(1, survivor).bind(2, seq).run()
        try database.statement("DELETE FROM sync_op WHERE seq = ?").bind(1, seq).run()
        try database.statement("DELETE FROM sync_stamp WHERE seq = ?").bind(1, seq).run()
        try database.statement("DELETE FROM node WHERE seq = ?").bind(1, seq).run()
    }

    /// A list made here and not sent yet that merges into list `survivor`, pulled: its
    /// create still goes out, after what was pulled, as one that names the survivor
    /// (`alias`), so that its id names the survivor on every machine, as it does here.
    /// The forms it fills the survivor with go out as its own. A pulled list of its name
    /// no longer meets it before its create lands (`takesItsNameLaterOnTheHub`).
    private func keepOwnUnsentCreate(of seq: Int64, id: NodeID, for survivor: Int64) throws {
        // Pulled rows are told apart from this store's own only while some of its own
        // wait to go out (`sync_pulled`); when none did, the list is not one of them.
        guard remembersPulledRows, try store.isUnsentCreate(seq: seq),
              let created = try database.statement("SELECT created, order_stamp FROM node WHERE seq = ?").bind(1, seq)
                  .firstRow({ (milliseconds: $0.int64(0), stamp: $0.optionalInt64(1)) })
        else { return }
        let record = { (property: String, stamp: Int64) in
            try self.database.statement("INSERT OR IGNORE INTO sync_op (stamp, seq, created, id, property) VALUES (?, ?, ?, ?, ?)")
                .bind(1, stamp).bind(2, survivor).bind(3, created.milliseconds).bind(4, blob: id.bytes).bind(5, property).run()
        }
        try record("create", try created.stamp ?? tickClock())
        let forms = try database.statement(
            """
            SELECT 'fielddef:' || name FROM field AS f WHERE owner = ?1
              AND NOT EXISTS (SELECT 1 FROM field WHERE owner = ?2 AND name = f.name)
            UNION ALL
            SELECT 'option:' || key FROM place_option AS o WHERE owner = ?1
              AND NOT EXISTS (SELECT 1 FROM place_option WHERE owner = ?2 AND key = o.key)
            """)
            .bind(1, seq).bind(2, survivor)
        var properties: [String] = []
        while try forms.step() { properties.append(forms.string(0)) }
        for property in properties { try record(property, Store.createStamp(created.milliseconds)) }
    }

    /// An `rm` of list `seq` made here that comes after the merge into list `survivor` in
    /// the hub's order (not sent yet, or sent after it), where the list's id names the
    /// survivor: it removes the merged list, in its group, as on every other machine,
    /// unless a trash mark or restore of the survivor not sent yet comes after it. A
    /// restore of the survivor the hub gave, stamped later, comes before it there: the
    /// `rm` is stamped past it, as an `rm` of the survivor itself would be, or every
    /// other machine would let the restore win by its stamp (in-process merge schedule
    /// seed 241488275).
    private mutating func keepOwnRemoval(of seq: Int64, for survivor: Int64) throws {
        guard let id = try store.nodeID(seq: seq), try lastTrashMarkHereLater(seq: seq, id: id) != nil,
              let mark = try database.statement("SELECT hidden FROM node WHERE seq = ? AND hidden > 0").bind(1, seq)
                  .firstRow({ $0.int64(0) }) else { return }
        let database = database
        let counter = { (row: Int64) in
            try database.statement("SELECT counter FROM sync_op WHERE seq = ? AND property = 'trashed'").bind(1, row)
                .firstRow { $0.int64(0) }
        }
        if let survivorsOwn = try counter(survivor) {
            guard let removal = try counter(seq), removal > survivorsOwn else { return }
            try database.statement("DELETE FROM sync_op WHERE counter = ?").bind(1, survivorsOwn).run()
        }
        try database.statement(
            """
            UPDATE sync_op SET (seq, id, created) = (SELECT seq, id, created FROM node WHERE seq = ?1)
            WHERE seq = ?2 AND property = 'trashed'
            """)
            .bind(1, survivor).bind(2, seq).run()
        try database.statement("UPDATE node SET hidden = ? WHERE seq = ? AND hidden IS NULL").bind(1, mark).bind(2, survivor).run()
        guard database.changes > 0 else { return }
        try database.statement(
            """
            INSERT OR REPLACE INTO sync_stamp (seq, property, stamp, replica)
            SELECT ?1, property, stamp, replica FROM sync_stamp WHERE seq = ?2 AND property = 'trashgroup'
            """)
            .bind(1, survivor).bind(2, seq).run()
        if let own = try currentStamp(seq: survivor, property: "trashed"), own.isLocal,
           let hub = try currentStamp(seq: survivor, property: "trashed", ofTheHub: true),
           hub.stamp > own.stamp || (hub.stamp == own.stamp && hub.replica > replica) {
            try restampOwnRemoval(of: survivor, stamped: own.stamp, past: hub.stamp)
        }
    }

    /// A rename of list `seq` made here and not sent yet, into the name of list
    /// `survivor` that it merges into: it still goes out, naming the list merged away,
    /// so that every other machine merges the two at its place in the hub's order.
    /// Its value is the survivor's name, which is the one it gave; a survivor with a
    /// rename of its own not sent yet takes none.
    private func keepOwnRename(of seq: Int64, id: NodeID, for survivor: Int64) throws {
        try database.statement(
            """
            UPDATE OR IGNORE sync_op SET seq = ?1, id = ?2, created = (SELECT created FROM node WHERE seq = ?3)
            WHERE seq = ?3 AND property = 'text'
              AND (SELECT text FROM node WHERE seq = ?3) = (SELECT text FROM node WHERE seq = ?1)
            """)
            .bind(1, survivor).bind(2, blob: id.bytes).bind(3, seq).run()
    }

    /// A rename pulled that loses here only to this store's own later rename of the
    /// list, and wins over the name it had before that, still gave it its name at its
    /// place in the hub's order: there it merges with the lists of that name in sight,
    /// as on every other machine, and this store's later rename then renames the merged
    /// list (`takeOwnLaterName`; random run seed 741972736).
    private mutating func mergeAtRenameLostToOwnLater(_ seq: Int64, by operation: SyncOperation, to value: SyncJSON) throws {
        guard let name = try scalar(value).text, let list = try store.node(seq: seq), list.kind == .list,
              try standsInSight(list, shown: store.hiddenBy(list) == nil) else { return }
        if let before = try lastLoggedBeforeOwnAhead(list.id, "text", excluding: operation),
           !operation.wins(over: before.stamp, before.replica) {
            return
        }
        let others = try listsInSight(under: try parentBeforeOwnLaterMove(of: list) ?? list.parentSeq, named: name)
            .filter { $0.seq != seq }
        guard !others.isEmpty, let survivor = (others + [list]).min(by: { $0.id < $1.id }) else { return }
        for merged in others + [list] where merged.seq != survivor.seq {
            try mergeList(merged.seq, into: survivor.seq)
        }
        try refuseOwnMovesInACycle(through: survivor.seq)
    }

    /// A rename of list `seq` made here that comes after the merge into list `survivor`
    /// in the hub's order (not sent yet, or sent after it), into another name than the
    /// one the merge met: by the id that now names the survivor, it renames the merged
    /// list on every machine where it wins over the survivor's name, and so here; one not
    /// sent yet then goes out with the survivor (`keepOwnRename`). One sent that loses is
    /// kept as the conflict every machine keeps; one not sent yet that loses goes with
    /// the list merged away, as before, on every machine alike.
    private mutating func takeOwnLaterName(of seq: Int64, id: NodeID, for survivor: Int64) throws {
        guard try changedHereLater(seq: seq, id: id, property: "text"),
              try database.statement("SELECT (SELECT text FROM node WHERE seq = ?1) IS NOT (SELECT text FROM node WHERE seq = ?2)")
                  .bind(1, seq).bind(2, survivor).firstRow({ $0.int64(0) != 0 }) == true,
              let own = try stampHeld(seq: seq, id: id, property: "text") else { return }
        if let kept = try stampHeld(seq: survivor, id: try store.nodeID(seq: survivor), property: "text"),
           own.stamp < kept.stamp || (own.stamp == kept.stamp && own.replica < kept.replica) {
            if !own.isLocal {
                try keepConflict(node: try store.nodeID(seq: survivor), property: "text",
                                 value: try store.currentValue(seq: seq, property: "text"), stamp: own.stamp, replica: own.replica)
            }
            return
        }
        try database.statement(
            "UPDATE node SET (text, text_sum) = (SELECT text, text_sum FROM node WHERE seq = ?2) WHERE seq = ?1")
            .bind(1, survivor).bind(2, seq).run()
        if !own.isLocal {
            try database.statement("INSERT OR REPLACE INTO sync_stamp (seq, property, stamp, replica) VALUES (?, 'text', ?, ?)")
                .bind(1, survivor).bind(2, own.stamp).bind(3, blob: own.replica.bytes).run()
        }
    }

    /// The stamp of the value of `property` that node `seq` (`id`) holds here: this
    /// store's own change not sent yet (`isLocal`), else its own sent and not given back
    /// that won here, else the hub's. A sent change of a list merged into it before it
    /// went out was recorded under the list merged away, and the list took its value with
    /// no stamp of the hub's (in-process merge schedule seed 200828).
    private func stampHeld(seq: Int64, id: NodeID?, property: String) throws -> (stamp: Int64, replica: NodeID, isLocal: Bool)? {
        let current = try currentStamp(seq: seq, property: property)
        guard current?.isLocal != true, let id, let sent = try lastSentHereLater(seq: seq, id: id, property: property) else {
            return current
        }
        if let current, current.stamp > sent || (current.stamp == sent && current.replica > replica) { return current }
        return (sent, replica, false)
    }

    /// A move of list `seq` made here that comes after the merge into list `survivor` in
    /// the hub's order (not sent yet, or sent after it), where the list's id names the
    /// survivor: it takes the merged list where it took this one, as it does on every
    /// other machine, keeping its place among its siblings, but into a list inside the
    /// survivor, which every machine refuses and, sent, keeps as a conflict.
    private mutating func keepOwnMove(of seq: Int64, id: NodeID, for survivor: Int64) throws {
        guard try changedHereLater(seq: seq, id: id, property: "parent"),
              let parent = try database.statement("SELECT parent FROM node WHERE seq = ?").bind(1, seq)
                  .firstRow({ $0.optionalInt64(0) }) else { return }
        var above = parent
        while let current = above {
            if current == survivor {
                let unsent = try database.statement("SELECT 1 FROM sync_op WHERE seq = ? AND property = 'parent'").bind(1, seq)
                    .firstRow { _ in true } ?? false
                if !unsent, let made = try currentStamp(seq: seq, property: "parent") {
                    // Under the survivor's id, which every machine resolves the move's to.
                    try keepConflict(node: try store.nodeID(seq: survivor), property: "parent",
                                     value: try store.currentValue(seq: seq, property: "parent"),
                                     stamp: made.stamp, replica: made.replica)
                }
                return
            }
            above = try parentHere(of: current)
        }
        try database.statement(
            """
            INSERT INTO sync_hub_parent (seq, parent, stamp, replica)
            SELECT n.seq, n.parent, s.stamp, s.replica
            FROM node AS n LEFT JOIN sync_stamp AS s ON s.seq = n.seq AND s.property = 'parent' WHERE n.seq = ?1
            ON CONFLICT (seq) DO NOTHING
            """)
            .bind(1, survivor).run()
        try database.statement(
            """
            UPDATE node SET parent = (SELECT parent FROM node WHERE seq = ?2) WHERE seq = ?1
            """)
            .bind(1, survivor).bind(2, seq).run()
        try database.statement(
            """
            INSERT OR REPLACE INTO sync_stamp (seq, property, stamp, replica)
            SELECT ?1, property, stamp, replica FROM sync_stamp WHERE seq = ?2 AND property = 'parent'
            """)
            .bind(1, survivor).bind(2, seq).run()
        try database.statement(
            """
            UPDATE OR IGNORE sync_op SET seq = ?1, id = ?2, created = (SELECT created FROM node WHERE seq = ?3)
            WHERE seq = ?3 AND property = 'parent'
            """)
            .bind(1, survivor).bind(2, blob: id.bytes).bind(3, seq).run()
    }

    /// The row of the parent an id names: nil for the root (no id).
    private mutating func parentSeq(named text: String?, for operation: SyncOperation) throws -> Int64? {
        guard let text else { return nil }
        guard let id = NodeID(text) else { throw Parked(reason: "its parent is not an id") }
        guard let seq = try store.nodeSeq(of: id) else {
            // A list emptied from the trash before this change in the hub's order comes
            // back into the trash to hold what is made or moved into it.
            if let buried = try tombstoneSeq(of: id) { return try revive(buried, for: operation) }
            throw Parked(reason: "its parent \(id.shortForm()) is not here yet", waiting: true)
        }
        try noteComeback(of: seq, by: operation, placing: operation.node)
        return seq
    }

    /// The last state of the list a `parent` value names, deleted for good here, when
    /// moving node `seq` into it would put the node inside itself: the move is refused
    /// there, and brings back nothing but the node, on every machine, whether this
    /// store's own refused move named the list or not (in-process trash schedule seed
    /// 600484, groups compared). Nil for any other.
    private func buriedListClosingACycle(moving seq: Int64, into value: SyncJSON) throws -> Int64? {
        guard let text = try scalar(value).text, let id = NodeID(text), try store.nodeSeq(of: id) == nil,
              let buried = try tombstoneSeq(of: id), try closesCycleInHubOrder(moving: seq, to: buried) else { return nil }
        return buried
    }

    /// The row of the parent a `parent` value names: nil for the root (null).
    private mutating func parentSeq(_ value: SyncJSON, for operation: SyncOperation) throws -> Int64? {
        try parentSeq(named: try scalar(value).text, for: operation)
    }

    /// The JSON type of a value as SQLite names it (`null`, `true`, `false`, `integer`,
    /// `real`, `text`, `array`, `object`); nil when it is not JSON.
    private func jsonType(_ value: SyncJSON) throws -> String? {
        try firstRow("SELECT CASE WHEN json_valid(?1) THEN json_type(?1) END", value) { row -> String? in
            row.isNull(0) ? nil : row.string(0)
        } ?? nil
    }

    /// The first row of `sql` with `value` bound as ?N where its string holds it, and
    /// the statement then reset with its bindings: a copy bound in a cached statement
    /// stayed there after it, one more copy of a long entry per statement.
    private func firstRow<T>(_ sql: String, _ value: SyncJSON, as index: Int32 = 1,
                             binding: (Statement) -> Void = { _ in }, _ body: (Statement) throws -> T) throws -> T? {
        let statement = try database.statement(sql)
        binding(statement)
        return try statement.withBorrowedText(index, value.text) { try statement.firstRow(body) }
    }

    /// The length in bytes of the text a create or a text change gives, when it may be
    /// over the cap on an entry: a value no longer than the cap holds no longer text.
    private func textBytes(of operation: SyncOperation, _ value: SyncJSON, _ property: SyncProperty) throws -> Int? {
        guard value.text.utf8.count > SizeCap.entryBytes else { return nil }
        let path = property == .create ? "$.text" : "$"
        return try firstRow("SELECT octet_length(json_extract(?1, ?2)) WHERE json_valid(?1)", value,
                            binding: { $0.bind(2, path) }) { $0.optionalInt64(0).map(Int.init) } ?? nil
    }

    /// Whether a JSON string decodes to valid UTF-8: SQLite turns an escape of half a
    /// surrogate pair (`"\ud800"`) into bytes that are not.
    private func decodesToUTF8(_ value: SyncJSON) throws -> Bool {
        let bytes = try firstRow("SELECT CAST(json_extract(?1, '$') AS BLOB)", value) { $0.blob(0) } ?? []
        return String(validating: bytes, as: UTF8.self) != nil
    }

    /// A value that is a string or a number, as text and as a whole number; both nil
    /// for null.
    private func scalar(_ value: SyncJSON) throws -> (text: String?, integer: Int64?) {
        try firstRow("SELECT json_extract(?1, '$'), json_type(?1)", value) { row in
            switch row.string(1) {
            case "integer": (row.string(0), row.int64(0))
            case "text", "real": (row.string(0), nil)
            default: (nil, nil)
            }
        } ?? (nil, nil)
    }

    /// Whether two values are the same JSON; nil stands for null.
    private func same(_ held: String?, _ value: SyncJSON) throws -> Bool {
        try firstRow("SELECT json(?1) IS json(?2)", value, as: 2, binding: { $0.bind(1, held ?? "null") }) {
            $0.int64(0) != 0
        } ?? false
    }

    /// The change that holds what other machines put in the trash, made once per batch.
    private mutating func trashChange() throws -> Int64 {
        if let syncChange { return syncChange }
        let now = store.clock()
        try database.statement(
            """
            INSERT INTO change (seq, what, made, made_offset) VALUES ((SELECT ifnull(max(seq), 0) + 1 FROM change), ?, ?, ?)
            """)
            .bind(1, Store.syncChangeWhat).bind(2, now.milliseconds).bind(3, Int64(now.offsetSeconds)).run()
        syncChange = database.lastInsertedRowID
        return database.lastInsertedRowID
    }

    // MARK: The trash's groups

    /// The change that holds the trash group `group` names here, made at its first node:
    /// a change of its own for each `rm` another machine made, never one per pull. One
    /// made here holds its group once the hub has it: a node the group holds by a mark
    /// not sent yet may be in it no longer. A node in another machine's group holds it
    /// by that machine's `rm`, whatever mark of its own waits to go out: one pulled in an
    /// earlier batch made the group's change, which the next node joins (in-process trash
    /// schedule seed 253480720, with groups compared).
    private mutating func trashGroupChange(_ group: TrashGroup) throws -> Int64 {
        if let change = trashGroupChanges[group] { return change }
        let change = try mark(holding: group, sentOnly: true) ?? {
            let now = store.clock()
            try database.statement(
                """
                INSERT INTO change (seq, what, made, made_offset, stamp)
                VALUES ((SELECT ifnull(max(seq), 0) + 1 FROM change), ?, ?, ?, ?)
                """)
                .bind(1, Store.syncChangeWhat).bind(2, now.milliseconds).bind(3, Int64(now.offsetSeconds)).bind(4, group.stamp).run()
            return database.lastInsertedRowID
        }()
        trashGroupChanges[group] = change
        return change
    }

    /// The mark of a node, other than `seq`, that trash group `group` holds by a mark of
    /// its own; `sentOnly`, for a group of this store's, one whose mark the hub has.
    private func mark(holding group: TrashGroup, besides seq: Int64? = nil, sentOnly: Bool) throws -> Int64? {
        try database.statement(
            """
            SELECT n.hidden FROM node AS n JOIN sync_stamp AS t ON t.seq = n.seq AND t.property = 'trashgroup'
            WHERE n.hidden > 0 AND t.stamp = ?1 AND t.replica = ?2 AND n.seq IS NOT ?3
              AND NOT (?4 AND EXISTS (SELECT 1 FROM sync_op AS o WHERE o.seq = n.seq AND o.property = 'trashed'))
            LIMIT 1
            """)
            .bind(1, group.stamp).bind(2, blob: group.replica.bytes).bind(3, seq).bind(4, sentOnly && group.replica == replica ? 1 : 0)
            .firstRow { $0.int64(0) }
    }

    /// The change that put in the trash a node made here and not sent yet whose create's
    /// stamp names `group`: its create goes out in that group when no other node of the
    /// change names one and it is the change's first row, as a push hands out rows in
    /// their order and the later ones join the first's group (`trashGroupOfCreate`).
    private func unsentCreateMark(naming group: TrashGroup) throws -> Int64? {
        try database.statement(
            """
            SELECT n.hidden FROM node AS n
            WHERE n.hidden > 0 AND n.order_stamp = ?1 AND n.order_replica = ?2
              AND NOT EXISTS (SELECT 1 FROM sync_stamp WHERE seq = n.seq AND property = 'trashgroup')
              AND NOT EXISTS (SELECT 1 FROM node AS mate JOIN sync_stamp AS t ON t.seq = mate.seq AND t.property = 'trashgroup'
                              WHERE mate.hidden = n.hidden AND mate.seq <> n.seq)
              AND NOT EXISTS (SELECT 1 FROM node AS earlier WHERE earlier.hidden = n.hidden AND earlier.seq < n.seq)
            LIMIT 1
            """)
            .bind(1, group.stamp).bind(2, Store.orderReplica(replica)).firstRow { $0.int64(0) }
    }

    /// Keeps `group` as the one that put node `seq` in the trash (`trashgroup`), or under
    /// another `property` of `sync_stamp` that names a group.
    private func keepTrashGroup(_ group: TrashGroup, of seq: Int64, as property: String = "trashgroup") throws {
        try database.statement("INSERT OR REPLACE INTO sync_stamp (seq, property, stamp, replica) VALUES (?, ?, ?, ?)")
            .bind(1, seq).bind(2, property).bind(3, group.stamp).bind(4, blob: group.replica.bytes).run()
    }

    /// A node in the trash goes to the group of a pulled `rm` made before the one that
    /// put it there (by stamp, then replica): every machine, whichever `rm` it learned
    /// first, keeps it in the earliest group, so `restore` brings back the same entries
    /// everywhere; and to that of an `rm` made on top of that group's own mark, which
    /// its maker restored first. An `rm` made on top of another mark (its maker's own
    /// earlier one, which lost the group here) leaves the earlier group standing, and so
    /// does this store's own later `rm` made on the mark of the earlier group. An add
    /// undone after the hub had it is in the trash of every other machine, and joins as
    /// any does. One in the trash from before groups were kept stays where it is.
    private mutating func joinEarlierTrashGroup(_ seq: Int64, by operation: SyncOperation) throws {
        let group = TrashGroup(of: operation)
        if let id = try store.nodeID(seq: seq), try lastTrashMarkHereLater(seq: seq, id: id) != nil,
           let restored = try database.statement(
               "SELECT stamp, replica FROM sync_conflict WHERE node = ? AND property = 'trashed' AND value = 'false' ORDER BY stamp DESC LIMIT 1")
               .bind(1, blob: id.bytes).firstRow({ row in NodeID(bytes: row.blob(1)).map { (row.int64(0), $0) } }) ?? nil,
           !operation.wins(over: restored.0, restored.1) {
            // The mark held here is this store's own, which comes later in the hub's
            // order; at this `rm`'s place the entry was out of the trash by a restore
            // pulled before it that wins over it by its stamp, as everywhere else: the
            // `rm` lost there and groups nothing.
            return
        }
        guard let held = try database.statement(
            """
            SELECT t.stamp, t.replica FROM node AS n JOIN sync_stamp AS t ON t.seq = n.seq AND t.property = 'trashgroup'
            WHERE n.seq = ? AND (n.hidden > 0 OR \(Store.undoneAddSent("n")))
            """)
            .bind(1, seq).firstRow({ row in NodeID(bytes: row.blob(1)).map { TrashGroup(stamp: row.int64(0), replica: $0) } }) ?? nil,
            group != held else { return }
        // This store's own `rm`, later in the hub's order, made or rebased on the hub's
        // latest mark, which this `rm` does not pass: it goes out based on the mark every
        // other machine holds at its place, and takes the entry into its own group there,
        // as here (in-process trash schedule seed 600358, groups compared).
        if held.replica == replica, let id = try store.nodeID(seq: seq),
           let own = try lastTrashMarkAndBaseHereLater(seq: seq, id: id), own.stamp == held.stamp,
           let hub = try currentStamp(seq: seq, property: "trashed", ofTheHub: true), own.base == hub.stamp,
           !operation.wins(over: hub.stamp, hub.replica) {
            return
        }
        // Made on top of the mark of the group held here, the `rm` came after a restore
        // its maker made and sent with it as one mark: a group of its own, as it is there.
        // So it did on top of the mark the entry holds in that group, another `rm` of it
        // that met it there, unless that mark is this store's own and comes after it in
        // the hub's order (in-process trash schedule seed 16831877; random run seed
        // 964359536), other than this `rm` itself, passed here at its place (trash
        // schedule seed 600018, groups compared). Based on the create's stamp, it
        // replaced the mark the entry's create gave it, which is the one held here when
        // no other came since (random run seed 212580818), whichever machine made it.
        let madeAfterARestore = try operation.base == held.stamp
            || operation.base != nil && currentStamp(seq: seq, property: "trashed", ofTheHub: true)?.stamp == operation.base
                && store.nodeID(seq: seq).flatMap({ try lastTrashMarkHereLater(seq: seq, id: $0) })
                    .map({ operation.replica == replica && $0 == operation.stamp }) ?? true
            || isMarkedByItsCreate(seq, base: operation.base, group: held)
        guard group < held || madeAfterARestore else { return }
        // A restore stamped between the two took the entry out of the trash after this
        // `rm`, which lost to it, and the later `rm` put it back: that one's group holds.
        if !madeAfterARestore, let id = try store.nodeID(seq: seq), try wasRestored(id, after: group, before: held) { return }
        if !madeAfterARestore, held.replica == replica, let id = try store.nodeID(seq: seq),
           let own = try lastTrashMarkAndBaseHereLater(seq: seq, id: id), own.stamp == held.stamp, let base = own.base,
           let before = try groupLeft(seq: seq, id: id, whileTheHubsMarkWas: base), min(before, group).stamp == base {
            // The mark held here is this store's own `rm`, later in the hub's order, made
            // on the mark of the group the entry was in there before, which a restore of
            // its own that never went out took it out of. At this `rm`'s place the entry
            // is in that group, the earlier, and the later `rm` takes it into its own, on
            // every machine (random run seed 545390451).
            return
        }
        // This store's own `rm` holds its group under its own mark, which the rest of
        // what it removed may be under still.
        let ownMark = operation.replica == replica ? try mark(holding: group, besides: seq, sentOnly: false) : nil
        try moveToTrashGroup(seq, group, under: ownMark)
    }

    /// Whether a restore of node `id` that wins over `earlier`'s `rm` by its stamp (then
    /// replica), and loses to `later`'s when one is given, was sent or pulled here.
    private func wasRestored(_ id: NodeID, after earlier: TrashGroup, before later: TrashGroup? = nil) throws -> Bool {
        try database.statement(
            """
            SELECT 1 FROM sync_log WHERE node = ?1 AND property = 'trashed' AND value = 'false'
              AND (stamp > ?2 OR (stamp = ?2 AND replica > ?3))
              AND (?4 IS NULL OR stamp < ?4 OR (stamp = ?4 AND replica < ?5))
            LIMIT 1
            """)
            .bind(1, blob: id.bytes).bind(2, earlier.stamp).bind(3, blob: earlier.replica.bytes)
            .bind(4, later?.stamp).bind(5, blob: (later?.replica ?? earlier.replica).bytes).firstRow { _ in true } ?? false
    }

    // MARK: Deletion for good

    /// The row of the tombstone that keeps node `id`'s last state; nil when there is none.
    private func tombstoneSeq(of id: NodeID) throws -> Int64? {
        if let row = store.derivedIDs.row(of: id),
           let seq = try database.statement("SELECT seq FROM sync_tombstone WHERE seq = ? AND id IS NULL AND created = ?")
               .bind(1, row.seq).bind(2, row.createdMilliseconds).firstRow({ $0.int64(0) }) {
            return seq
        }
        return try database.statement("SELECT seq FROM sync_tombstone WHERE id = ?").bind(1, blob: id.bytes)
            .firstRow { $0.int64(0) }
    }

    /// The row for a change of node `id`, which is not here: when it was deleted (its
    /// trash emptied) before the change in the hub's order, it comes back from its last
    /// state, to the trash, and takes the change as if it had never gone: the stamps of
    /// that state are kept. A purge made here and not pulled past yet comes after the
    /// change in that order: the change applies before it, to the last state the purge
    /// keeps (nil), as every other machine applied it before the purge; one that state
    /// does not hold (a list's forms, an entry's date) is kept as a conflict. A restore instead
    /// takes the node out of the trash before the purge, which then keeps it on every
    /// machine, unless an `rm` made here comes between them. A node never seen waits.
    private mutating func bringBack(_ id: NodeID, _ property: SyncProperty, _ value: SyncJSON,
                                    for operation: SyncOperation) throws -> Int64? {
        guard let seq = try tombstoneSeq(of: id) else {
            throw Parked(reason: "it changes \(id.shortForm()), which is not here (not pulled yet, or deleted before it was sent)", waiting: true)
        }
        if operation.property == "purge" {
            if try firstChangeHereLater(seq: seq, id: id) != nil {
                // A change of this store's own, before its own purge, brings the node back
                // over this one, which every other machine keeps as a conflict; the own
                // purge then deletes it again, and its stamp is the last state's
                // (in-process trash schedule seed 600610, conflicts compared).
                try keepConflict(node: id, property: "purge", value: "true", stamp: operation.stamp, replica: operation.replica)
            } else {
                // Emptied on two machines: a change brings it back when it comes after both.
                try database.statement("UPDATE sync_tombstone SET stamp = max(stamp, ?) WHERE seq = ?")
                    .bind(1, operation.stamp).bind(2, seq).run()
            }
            if try changedHereLater(seq: seq, id: id, property: "purge") {
                try store.recordStamp(seq: seq, property: SyncMerge.purgedBeforeOwn, stamp: operation.stamp, replica: operation.replica)
                // Elsewhere this purge deletes again what a change brought back.
                try forgetComebackBeforeOwnPurge(of: seq)
            }
            return nil
        }
        let restores = operation.property == "trashed" && operation.value == "false"
        guard try restores || !changedHereLater(seq: seq, id: id, property: "purge") else {
            try noteComebackBeforeOwnPurge(of: seq, by: operation)
            try bringBackListOfComebackBeforeOwnPurge(seq, by: operation)
            // An `rm` meets the entry in the trash, where this store's own purge found it
            // after, and no other machine keeps it as a conflict, unless a restore pulled
            // before it wins over it by its stamp: there it lost, and is kept.
            if operation.property == "trashed", try !wasRestored(id, after: TrashGroup(of: operation)) {
                // It ends the conflicts it was made on here as on a node (`set`).
                try store.forgetSyncConflicts(seenBy: operation)
                // Its stamp is the entry's trash mark at the purge's place, which a restore
                // pulled after it loses to, as on every other machine (seed 645166758).
                let current = try currentStamp(seq: seq, property: "trashed")
                // Over an `rm` of this store's own not sent yet, it is judged against the
                // hub's mark too, as in `set` (in-process trash schedule seed 603938,
                // conflicts compared).
                let losesToTheHubsMark = try current?.isLocal == true
                    && currentStamp(seq: seq, property: "trashed", ofTheHub: true).map { !operation.wins(over: $0.stamp, $0.replica) } ?? false
                if !losesToTheHubsMark, current.map({ operation.wins(over: $0.stamp, $0.replica) }) ?? true {
                    try store.recordStamp(seq: seq, property: "trashed", stamp: operation.stamp, replica: operation.replica)
                    // This store's own `rm` not sent yet goes out on top of it, and loses to
                    // it by its stamp on every other machine, which keeps it as a value that
                    // agrees; so does this one, as `set` does for an entry still here
                    // (in-process trash schedule seed 600932, conflicts compared).
                    if let current, current.isLocal {
                        try keepConflict(node: id, property: "trashed", value: "true", stamp: current.stamp,
                                         replica: replica, agreeing: true)
                    }
                    // The `rm` whose mark the entry holds loses to it by its stamp: every
                    // other machine keeps that one, as a value that agrees while the entry
                    // stays in the trash; so for this store's own not sent yet, which comes
                    // after it in the hub's order (in-process trash schedule seeds 238021537
                    // and 600181, with every conflict compared). So is any mark its maker
                    // never saw, as `set` keeps it (seed 607436, conflicts compared).
                    if let current,
                       try operation.neverSaw(current.stamp, current.replica) || currentStamp(seq: seq, property: "trashgroup")
                           .map({ $0.stamp == current.stamp && $0.replica == current.replica }) == true {
                        try keepConflict(node: id, property: "trashed", value: "true", stamp: current.stamp,
                                         replica: current.replica, agreeing: true)
                    }
                    // At the `rm`'s place an entry in the trash by its list alone (no
                    // group of its own) is marked by it, a group of its own, as `write`
                    // makes it on every machine that still holds it there: a comeback
                    // from this store's later purge puts it back in that group, not
                    // inside its list (random run seed 135298634).
                    if try currentStamp(seq: seq, property: "trashgroup") == nil {
                        try keepTrashGroup(TrashGroup(of: operation), of: seq)
                    }
                } else {
                    // It loses by its stamp to the `rm` whose mark the entry holds, or to
                    // the hub's: every other machine keeps it, as a value that agrees while
                    // the entry stays in the trash, and lists it when a restore pulled later
                    // wins over both (in-process trash schedule seed 600096, conflicts
                    // compared).
                    try keepConflict(node: id, property: "trashed", value: "true", stamp: operation.stamp,
                                     replica: operation.replica, agreeing: true)
                }
                return nil
            }
            if try !setInLastState(property, of: seq, id: id, to: value, by: operation) {
                try keepConflict(node: id, property: operation.property, value: operation.value,
                                 stamp: operation.stamp, replica: operation.replica)
            }
            if property == .parent { try bringBackListOfBuriedEntry(seq, id: id, movedInto: value, by: operation) }
            // Renamed or moved there beside a list of its name, it merges with it, as it
            // does everywhere before this store's own `rm` and purge: it comes back into
            // the trash, where they settle the merged list again when they land.
            if property == .text || property == .parent { try mergeBuriedList(seq, by: operation) }
            return nil
        }
        if restores, try changedHereLater(seq: seq, id: id, property: "purge"),
           let ownMark = try lastTrashMarkAndBaseHereLater(seq: seq, id: id), !operation.wins(over: ownMark.stamp, replica) {
            // This store's own `rm` and purge come after the restore in the hub's order,
            // and the `rm` wins over it by its stamp: the purge finds the entry in the
            // trash by an `rm` its maker saw, and deletes it on every machine. An `rm` made
            // before the restore (an undo of its add) loses to it, as on a node. Made
            // without seeing the restore, the `rm` leaves it a conflict on every other
            // machine, and here too (in-process trash schedule seed 926965263, with every
            // conflict compared).
            if ownMark.base != operation.stamp {
                try keepConflict(node: id, property: operation.property, value: operation.value,
                                 stamp: operation.stamp, replica: operation.replica)
            }
            return nil
        }
        if restores, try changedHereLater(seq: seq, id: id, property: "purge"),
           let current = try currentStamp(seq: seq, property: operation.property),
           !operation.wins(over: current.stamp, current.replica) {
            // Before this store's own purge in the hub's order the entry is still in the
            // trash everywhere, and there the restore loses to the later `rm`, as it does
            // on a node: the purge then deletes the entry on every machine, unless it went
            // out on the mark this restore replaced and another's `rm` holds the entry:
            // there it finds the entry restored unseen and back in the trash, and keeps it
            // (`restoredUnseen`; random run seed 645166758).
            if current.replica != replica, let base = operation.base, operation.stamp > base,
               try ownPurgeSentLater(of: id).map({ $0 == base }) == true {
                return try revive(seq, for: operation)
            }
            try keepConflict(node: id, property: operation.property, value: operation.value,
                             stamp: operation.stamp, replica: operation.replica)
            return nil
        }
        if restores, try dropUnsentPurge(of: seq) {
            // Another machine's purge pulled since deleted the node first in the hub's
            // order: the restore brings it back over that one, kept as everywhere else
            // (random run seed 157465739).
            let purgedElsewhere = try currentStamp(seq: seq, property: SyncMerge.purgedBeforeOwn, ofTheHub: true)
            let revived = try revive(seq, for: operation, keepingPurge: false)
            if let purgedElsewhere {
                try keepConflict(node: id, property: "purge", value: "true", stamp: purgedElsewhere.stamp,
                                 replica: purgedElsewhere.replica)
            }
            return revived
        }
        let revived = try revive(seq, for: operation)
        if restores, let base = operation.base { try store.keepOnlyTheLatestPurge(of: id, since: base) }
        return revived
    }

    /// Whether the trash mark node `seq` (`id`) kept when a purge deleted it is a
    /// restore: it was in the trash by its list alone, and a restore brings it back so,
    /// into its list, which comes back in the restore's group, as the restore's maker
    /// brings it back (`purge`, `comeback`; in-process trash schedule seed 300040040).
    /// Anything else brings it back as an entry of its own (seed 600293, with every
    /// conflict compared).
    private func lastMarkRestored(seq: Int64, id: NodeID) throws -> Bool {
        guard let mark = try currentStamp(seq: seq, property: "trashed", ofTheHub: true) else { return false }
        return try isLoggedTrashMark(of: id, stamped: mark.stamp, by: mark.replica, removing: false)
    }

    /// Sets a text, a done mark, a field value or the parent of node `seq` (`id`), deleted for
    /// good here, in the last state its tombstone keeps, judged against the value
    /// there as `set` judges one against a node's. Returns false for a property the
    /// tombstone does not keep whole.
    private mutating func setInLastState(_ property: SyncProperty, of seq: Int64, id: NodeID, to value: SyncJSON,
                                         by operation: SyncOperation) throws -> Bool {
        let held: String?
        switch property {
        case .text:
            held = try database.statement("SELECT text FROM sync_tombstone WHERE seq = ?").bind(1, seq)
                .firstRow { SyncValue.quoted($0.string(0)) }
        case .done:
            held = try database.statement("SELECT done FROM sync_tombstone WHERE seq = ?").bind(1, seq)
                .firstRow { SyncValue.number($0.optionalInt64(0)) }
        case .field(let name):
            held = try database.statement("SELECT value FROM sync_tombstone, json_each(ifnull(fields, '{}')) WHERE seq = ? AND key = ?")
                .bind(1, seq).bind(2, name).firstRow { SyncValue.quoted($0.string(0)) }
        case .parent:
            let parent = try lastStateParent(of: seq)
            held = SyncValue.id(try parent.flatMap { try store.nodeID(seq: $0) ?? store.lastStateID(of: $0) })
        default:
            return false
        }
        var parent: Int64?
        if property == .parent {
            parent = try lastStateParentSeq(value)
            // Every machine that applied the move before the purge refused it there if
            // it put the entry inside itself: the entries inside were not deleted yet.
            if try closesCycleInHubOrder(moving: seq, to: parent) {
                try keepConflict(node: id, property: "parent", value: operation.value, stamp: operation.stamp,
                                 replica: operation.replica)
                return true
            }
        }
        try store.forgetSyncConflicts(seenBy: operation)
        if let current = try currentStamp(seq: seq, property: operation.property) {
            if current.stamp == operation.stamp && current.replica == operation.replica { return true }
            let agrees = try agree(held, isSame: same(held, value), value, of: property)
            // A change made here before the purge and not sent yet comes after the
            // pulled one in the hub's order, as `set` keeps it on a node; so does a move
            // to another place (in-process trash schedule seed 609294, conflicts
            // compared): dropped, it would be a conflict of this machine alone.
            if try current.isLocal && (property.isValue || (property == .parent && !same(held, value))) {
                if current.stamp < operation.stamp || (current.stamp == operation.stamp && operation.replica > replica) {
                    try restampLocalChange(of: seq, property: operation.property, past: operation.stamp)
                }
                try keepConflict(node: id, property: operation.property, value: operation.value,
                                 stamp: operation.stamp, replica: operation.replica, agreeing: agrees)
                return true
            }
            guard try winsKeepingTheLoser(operation, over: current, held: held, of: id, agrees: agrees) else { return true }
        }
        switch property {
        case .text:
            try database.statement("UPDATE sync_tombstone SET text = json_extract(?, '$') WHERE seq = ?")
                .bind(1, value.text).bind(2, seq).run()
        case .done:
            try database.statement("UPDATE sync_tombstone SET done = ? WHERE seq = ?")
                .bind(1, try scalar(value).integer).bind(2, seq).run()
        case .field(let name):
            try database.statement(
                """
                UPDATE sync_tombstone SET fields = (
                    SELECT json_group_object(key, value) FROM (
                        SELECT key, value FROM json_each(ifnull(fields, '{}')) WHERE key <> ?2
                        UNION ALL SELECT ?2, ?3 WHERE ?3 IS NOT NULL))
                WHERE seq = ?1
                """)
                .bind(1, seq).bind(2, name).bind(3, try scalar(value).text).run()
        case .parent:
            try database.statement("UPDATE sync_tombstone SET parent = ? WHERE seq = ?").bind(1, parent).bind(2, seq).run()
        default:
            return false
        }
        try database.statement("DELETE FROM sync_op WHERE seq = ? AND property = ?").bind(1, seq).bind(2, operation.property).run()
        try store.recordStamp(seq: seq, property: operation.property, stamp: operation.stamp, replica: operation.replica)
        report.applied += 1
        return true
    }

    /// The row of the parent a move into a last state names, here or deleted for good
    /// with it (which the move does not bring back: it comes before their purge).
    private func lastStateParentSeq(_ value: SyncJSON) throws -> Int64? {
        guard let text = try scalar(value).text else { return nil }
        guard let id = NodeID(text) else { throw Parked(reason: "its parent is not an id") }
        if let seq = try store.nodeSeq(of: id) ?? tombstoneSeq(of: id) { return seq }
        throw Parked(reason: "its parent \(id.shortForm()) is not here yet", waiting: true)
    }

    /// Brings back, into the trash, the list deleted for good here that a pulled move
    /// puts entry `seq` (`id`) into, an entry this store emptied later in the hub's
    /// order: at the move's place the entry is still there on every other machine, and
    /// goes into the list. A list deleted there already, by a purge before the move,
    /// comes back to hold it, as for an entry here (`parentSeq(named:)`), whether the
    /// move wins or not. One this store's own purge deletes later finds the entry in it
    /// unless the entry's own purge came first or in the same `trash --empty`: the
    /// list's maker did not see it there, and the list stays, its purge a conflict
    /// (in-process trash schedule seed 974275724).
    private mutating func bringBackListOfBuriedEntry(_ seq: Int64, id: NodeID, movedInto value: SyncJSON,
                                                     by operation: SyncOperation) throws {
        guard let list = try lastStateParentSeq(value), try store.nodeID(seq: list) == nil,
              let listID = try store.lastStateID(of: list) else { return }
        if try standsUntilOwnLaterPurge(list, id: listID) {
            guard try lastStateParent(of: seq) == list,
                  let listPurge = try ownPurgePlaceLater(seq: list, id: listID),
                  let entryPurge = try ownPurgePlaceLater(seq: seq, id: id),
                  listPurge < entryPurge, try !oneOwnEmptying(listPurge, entryPurge) else { return }
        }
        _ = try revive(list, for: operation)
    }

    /// Where the purge of node `seq` (`id`) that this store made after the operation
    /// being applied stands in the hub's order: its last not sent yet, else the last the
    /// hub acknowledged ahead; nil when there is none.
    private func ownPurgePlaceLater(seq: Int64, id: NodeID) throws -> HubPlace? {
        if let counter = try database.statement("SELECT max(counter) FROM sync_op WHERE seq = ? AND property = 'purge'")
            .bind(1, seq).firstRow({ $0.optionalInt64(0) }) ?? nil {
            return HubPlace.unsent(counter: counter)
        }
        if isAfterOwnAcknowledged { return nil }
        return try database.statement(
            """
            SELECT max(seq) FROM sync_log WHERE seq > ?1 AND +replica = ?2 AND node = ?3 AND property = 'purge'
            """)
            .bind(1, ownAhead.passedTo).bind(2, blob: replica.bytes).bind(3, blob: id.bytes)
            .firstRow { $0.optionalInt64(0).map { HubPlace(tier: .ownAcknowledged, order: $0) } } ?? nil
    }

    /// Whether two of this store's own purges, `first` before `second` in the hub's
    /// order, went out in one run with nothing between them: one `trash --empty`, as
    /// every machine tells them apart (`noteEmptying`).
    private func oneOwnEmptying(_ first: HubPlace, _ second: HubPlace) throws -> Bool {
        guard first.tier == second.tier else { return false }
        let between = first.tier == .ownUnsent
            ? try database.statement("SELECT 1 FROM sync_op WHERE counter > ?1 AND counter < ?2 AND property <> 'purge'")
                .bind(1, first.order >> 1).bind(2, second.order >> 1)
            : try database.statement("SELECT 1 FROM sync_log WHERE seq > ?1 AND seq < ?2 AND (replica <> ?3 OR property <> 'purge')")
                .bind(1, first.order).bind(2, second.order).bind(3, blob: replica.bytes)
        return try between.firstRow { _ in true } == nil
    }

    /// The base of this store's own purge of node `id` that the hub acknowledged after
    /// the operation being applied in its order; nil when there is none.
    private func ownPurgeSentLater(of id: NodeID) throws -> Int64? {
        if isAfterOwnAcknowledged { return nil }
        return try database.statement(
            """
            SELECT base FROM sync_log WHERE seq > ?1 AND +replica = ?2 AND node = ?3 AND property = 'purge'
            ORDER BY seq DESC LIMIT 1
            """)
            .bind(1, ownAhead.passedTo).bind(2, blob: replica.bytes).bind(3, blob: id.bytes)
            .firstRow { $0.optionalInt64(0) } ?? nil
    }

    /// Takes back this store's purge of node `seq` not sent yet, which a pulled restore
    /// comes before in the hub's order: at its place it would find the node out of the
    /// trash on every machine, and delete nothing. Sent, its base would be read after
    /// the restore, as the trash mark its maker saw, and it would delete the node
    /// elsewhere. Returns whether there was one.
    private func dropUnsentPurge(of seq: Int64) throws -> Bool {
        try database.statement("DELETE FROM sync_op WHERE seq = ? AND property = 'purge'").bind(1, seq).run()
        return database.changes > 0
    }

    /// Brings node `seq` back from its tombstone into the trash, with the list it was
    /// in when that was emptied too, and returns its row. The purge that deleted it
    /// lost, and is kept as a conflict (unless `keepingPurge` is false): the same one
    /// the machine whose change kept the node keeps when the purge arrives there. In the
    /// trash it is a group of the operation that brings it back, as on every machine,
    /// unless this store's own purge comes after that operation (`groupBeforeOwnPurge`).
    private mutating func revive(_ seq: Int64, for operation: SyncOperation, keepingPurge: Bool = true) throws -> Int64 {
        let lastID = try store.lastStateID(of: seq)
        // Another machine's purge, pulled after this store's own purge deleted the node,
        // deleted it for good before the operation in the hub's order, whatever that own
        // purge later: the operation brings it back as it does everywhere (random run
        // seed 496951302). One pulled before this store's own purge was made is not
        // that: something after it brought the node back here, which the own purge then
        // found (seed 754454585).
        let purgedElsewhereFirst = try lastID.map {
            try changedHereLater(seq: seq, id: $0, property: "purge")
                && currentStamp(seq: seq, property: SyncMerge.purgedBeforeOwn, ofTheHub: true) != nil
        } ?? false
        let groupBefore = purgedElsewhereFirst ? try comebackBeforeOwnPurge(of: seq) : try groupBeforeOwnPurge(of: seq)
        let group = groupBefore ?? TrashGroup(of: operation)
        // Before this store's own purge, which comes later in the hub's order, a node
        // with no group and no trash mark of its own was in the trash by its list alone,
        // or out of it where a restore of its list or a move took it out, and comes back
        // so: everywhere else the operation finds it there (in-process merge schedule
        // seed 719001597).
        let aloneByItsList = try !purgedElsewhereFirst && groupBefore == nil && lastID.map {
            try changedHereLater(seq: seq, id: $0, property: "purge") && lastTrashMarkHereLater(seq: seq, id: $0) == nil
        } ?? false
        let row = try database.statement(
            """
            SELECT id, kind, parent, text, created, created_offset, done, fields, stamp, order_stamp, order_replica
            FROM sync_tombstone WHERE seq = ?
            """)
            .bind(1, seq)
        guard try row.step() else { return seq }
        let restored = (storedID: row.isNull(0) ? nil : row.blob(0), kind: Node.Kind(rawValue: row.int64(1)),
                        parent: row.optionalInt64(2),
                        text: row.string(3), created: row.int64(4), offset: row.int64(5), done: row.optionalInt64(6),
                        fields: row.isNull(7) ? nil : row.string(7), purged: row.int64(8),
                        orderStamp: row.optionalInt64(9), orderReplica: row.optionalInt64(10))
        row.reset()
        var parent = restored.parent
        var cameBackInto: Int64?
        if let seq = parent, try store.nodeID(seq: seq) == nil {
            let buried = try database.statement("SELECT 1 FROM sync_tombstone WHERE seq = ?").bind(1, seq).firstRow { _ in true }
            parent = buried == true ? try revive(seq, for: operation) : nil
        } else {
            cameBackInto = parent
        }
        let inNoGroupOfItsOwn = try aloneByItsList && (parent != nil || lastID.map { try stoodOutOfTheTrash($0) } ?? false)
            || (parent != nil && operation.property == "trashed" && operation.value == "false"
                && lastID.map { try lastMarkRestored(seq: seq, id: $0) } ?? false)
        guard let kind = restored.kind else {
            throw JotterError.store("the last state of row \(seq) in sync_tombstone is damaged: its kind is neither a list nor an item")
        }
        var comeback = NodeRow(id: restored.storedID.flatMap { NodeID(bytes: $0) }, parent: parent, kind: kind,
                               created: restored.created, createdOffset: restored.offset)
        comeback.seq = seq
        comeback.done = restored.done
        comeback.hidden = inNoGroupOfItsOwn ? nil : try trashGroupChange(group)
        comeback.orderStamp = restored.orderStamp
        comeback.orderReplica = restored.orderReplica
        try store.insert(comeback, .pulled, text: restored.text)
        if let values = restored.fields {
            try database.statement(
                "INSERT OR REPLACE INTO field_value (item, name, value, value_sum) SELECT ?1, key, value, jotter_checksum(key, value) FROM json_each(?2)")
                .bind(1, seq).bind(2, values).run()
        }
        try database.statement("DELETE FROM sync_tombstone WHERE seq = ?").bind(1, seq).run()
        try database.statement("DELETE FROM sync_stamp WHERE seq = ? AND property IN (?, ?)")
            .bind(1, seq).bind(2, SyncMerge.purgedBeforeOwn).bind(3, SyncMerge.comebackBeforeOwn).run()
        if !inNoGroupOfItsOwn { try keepTrashGroup(group, of: seq) }
        let id = try store.nodeID(seq: seq)
        if let cameBackInto { try noteComeback(of: cameBackInto, by: operation, placing: id) }
        if keepingPurge {
            let purgedBy = try replica(ofPurge: id, stamped: restored.purged)
            try keepConflict(node: id, property: "purge", value: "true", stamp: restored.purged, replica: purgedBy)
            // This store's own purge, not sent yet, took the last state's stamp, but it
            // comes after the operation in the hub's order: the operation brings the node
            // back over the purge pulled before it, kept as on every other machine, and
            // the own purge meets the node brought back (random run seed 459308444).
            if purgedBy == replica, let lastID, try changedHereLater(seq: seq, id: lastID, property: "purge"),
               let pulled = try database.statement(
                   """
                   SELECT stamp, replica FROM sync_log WHERE node = ? AND property = 'purge' AND replica <> ?
                   ORDER BY stamp DESC, replica DESC LIMIT 1
                   """)
                   .bind(1, blob: lastID.bytes).bind(2, blob: replica.bytes)
                   .firstRow({ row in NodeID(bytes: row.blob(1)).map { (stamp: row.int64(0), replica: $0) } }) ?? nil {
                try keepConflict(node: lastID, property: "purge", value: "true", stamp: pulled.stamp, replica: pulled.replica)
            }
        }
        madeNodes = true
        return seq
    }

    /// The trash group node `seq`, deleted for good by this store's own purge that
    /// comes after the operation being applied in the hub's order, was in: at that
    /// operation's place it is still there on every machine. Nil for another's purge.
    private func groupBeforeOwnPurge(of seq: Int64) throws -> TrashGroup? {
        guard let id = try store.lastStateID(of: seq), try changedHereLater(seq: seq, id: id, property: "purge") else {
            return nil
        }
        return try database.statement("SELECT stamp, replica FROM sync_stamp WHERE seq = ? AND property = 'trashgroup'")
            .bind(1, seq).firstRow { row in NodeID(bytes: row.blob(1)).map { TrashGroup(stamp: row.int64(0), replica: $0) } } ?? nil
    }

    /// A list under `parent`, named `name` where the operation being applied stands in
    /// the hub's order, that this store deleted for good by a purge of its own that
    /// comes later there (not sent yet, or sent after it); nil when there is none.
    private func listBuriedByOwnLaterPurge(under parent: Int64?, named name: String) throws -> Int64? {
        let buried = try database.statement("SELECT text FROM sync_tombstone WHERE seq = ? AND kind = ?")
        for seq in try rowsChangedHereLater(by: "purge", row: { try tombstoneSeq(of: $0) }) {
            guard let text = try buried.bind(1, seq).bind(2, Node.Kind.list.rawValue).firstRow({ $0.string(0) }),
                  try hubParent(of: seq) == parent, let id = try store.lastStateID(of: seq), try stoodOutOfTheTrash(id)
            else { continue }
            if try (lastLoggedBeforeOwnAhead(id, "text")?.value ?? text) == name { return seq }
        }
        return nil
    }

    /// List `seq`, deleted for good here by a purge of this store's own that comes later
    /// in the hub's order, given a name or a place by `operation`: where it stands there
    /// beside a list of its name out of the trash, it comes back into the trash and
    /// merges with it (true), as it does everywhere before that purge.
    @discardableResult
    private mutating func mergeBuriedList(_ seq: Int64, by operation: SyncOperation) throws -> Bool {
        guard let last = try database.statement("SELECT kind, parent, text FROM sync_tombstone WHERE seq = ?").bind(1, seq)
            .firstRow({ (kind: $0.int64(0), parent: $0.optionalInt64(1), text: $0.string(2)) }),
            last.kind == Node.Kind.list.rawValue, try last.parent.map({ try store.nodeID(seq: $0) != nil }) ?? true,
            let id = try store.lastStateID(of: seq), try stoodOutOfTheTrash(id),
            try !listsInSight(under: last.parent, named: last.text).isEmpty
        else { return false }
        try mergeWithListsOfItsName(try revive(seq, for: operation, keepingPurge: false), by: operation)
        return true
    }

    /// Whether node `id`, deleted for good here, stood out of the trash where the
    /// operation being applied stands: by the last trash mark the log holds from before
    /// this store's own operations ahead, or by its create.
    private func stoodOutOfTheTrash(_ id: NodeID) throws -> Bool {
        try lastLoggedBeforeOwnAhead(id, "trashed").map { $0.value == "0" } ?? true
    }

    /// Notes that `operation`, a change of node `seq` this store deleted for good by a
    /// purge of its own that comes later in the hub's order, came after another
    /// machine's purge of it (`purgedBeforeOwn`): everywhere else it brings the node back
    /// into the trash, as a group of its own, which the node keeps when something later
    /// brings it back here too (`comebackBeforeOwn`). The first such change names it,
    /// and keeps that purge as a conflict, as `revive` keeps it there (in-process trash
    /// schedule seed 602158, conflicts compared).
    private mutating func noteComebackBeforeOwnPurge(of seq: Int64, by operation: SyncOperation) throws {
        guard let purge = try currentStamp(seq: seq, property: SyncMerge.purgedBeforeOwn, ofTheHub: true),
              try comebackBeforeOwnPurge(of: seq) == nil else { return }
        try keepTrashGroup(TrashGroup(of: operation), of: seq, as: SyncMerge.comebackBeforeOwn)
        try keepConflict(node: operation.node, property: "purge", value: "true", stamp: purge.stamp, replica: purge.replica)
    }

    /// Brings back, into the trash, the list that node `seq` was in when another
    /// machine's purge deleted both, where `operation` brings the node back on every
    /// other machine (`noteComebackBeforeOwnPurge`): there the list comes back with it
    /// (`revive`), and this store's own later purge deletes the node alone. One this
    /// store empties later itself is deleted again there too (in-process trash
    /// schedule seed 227077468). One a change of this store's own brought back already,
    /// later in that order, takes the operation's group, as it does there (seed 602819,
    /// groups compared).
    private mutating func bringBackListOfComebackBeforeOwnPurge(_ seq: Int64, by operation: SyncOperation) throws {
        guard try comebackBeforeOwnPurge(of: seq) != nil, let list = try lastStateParent(of: seq) else { return }
        if try store.nodeID(seq: list) != nil {
            try noteComeback(of: list, by: operation, placing: store.lastStateID(of: seq))
            return
        }
        guard let listID = try store.lastStateID(of: list),
              try !changedHereLater(seq: list, id: listID, property: "purge") else { return }
        _ = try revive(list, for: operation)
    }

    /// The group `noteComebackBeforeOwnPurge` kept for node `seq`; nil when none.
    private func comebackBeforeOwnPurge(of seq: Int64) throws -> TrashGroup? {
        try currentStamp(seq: seq, property: SyncMerge.comebackBeforeOwn, ofTheHub: true)
            .map { TrashGroup(stamp: $0.stamp, replica: $0.replica) }
    }

    private func forgetComebackBeforeOwnPurge(of seq: Int64) throws {
        try database.statement("DELETE FROM sync_stamp WHERE seq = ? AND property = ?")
            .bind(1, seq).bind(2, SyncMerge.comebackBeforeOwn).run()
    }

    /// The replica that sent the purge of `id` stamped `stamp`, as the log of the
    /// hub's operations holds it; this one when the log has none (its own purge, not
    /// sent yet). Of two machines' purges with one stamp, the one that wins by its
    /// replica, as the machine that made a restore over both keeps it (in-process trash
    /// schedule seed 601965, conflicts compared). The log has no index by node: its
    /// purges are read once a batch, when the first node comes back, and one logged
    /// since is looked for on its own.
    private mutating func replica(ofPurge id: NodeID?, stamped stamp: Int64) throws -> NodeID {
        guard let id else { return replica }
        if purgeSenders == nil {
            var senders: [PurgeKey: NodeID] = [:]
            let rows = try database.statement("SELECT node, stamp, replica FROM sync_log WHERE property = 'purge'")
            while try rows.step() {
                guard let node = NodeID(bytes: rows.blob(0)), let sender = NodeID(bytes: rows.blob(2)) else { continue }
                let key = PurgeKey(node: node, stamp: rows.int64(1))
                senders[key] = senders[key].map { max($0, sender) } ?? sender
            }
            purgeSenders = senders
        }
        if let sender = purgeSenders?[PurgeKey(node: id, stamp: stamp)] { return sender }
        let sender = try database.statement(
            "SELECT replica FROM sync_log WHERE node = ? AND property = 'purge' AND stamp = ? ORDER BY replica DESC LIMIT 1")
            .bind(1, blob: id.bytes).bind(2, stamp).firstRow { NodeID(bytes: $0.blob(0)) }
        return (sender ?? nil) ?? replica
    }

    /// Whether node `seq` is in the trash: marked, or inside a list that is.
    private func isInTrash(_ seq: Int64) throws -> Bool {
        try database.statement(
            """
            WITH RECURSIVE up (seq, parent, hidden) AS (
                SELECT seq, parent, hidden FROM node WHERE seq = ?
                UNION SELECT node.seq, node.parent, node.hidden FROM node JOIN up ON node.seq = up.parent
            )
            SELECT EXISTS (SELECT 1 FROM up WHERE hidden IS NOT NULL)
            """)
            .bind(1, seq).firstRow { $0.int64(0) != 0 } ?? false
    }

    /// Whether node `seq`, out of the trash here, left it by a restore the maker of
    /// `purge` did not see: one made here and not sent (later in the order than all
    /// that is pulled), or one whose stamp is not the trash mark the purge's base
    /// names. A purge from a jotter before the base was sent merges as before.
    private func leftTheTrashUnseen(_ seq: Int64, by purge: SyncOperation) throws -> Bool {
        guard let base = purge.base else { return false }
        if try database.statement("SELECT 1 FROM sync_op WHERE seq = ? AND property = 'trashed'").bind(1, seq)
            .firstRow({ _ in true }) == true {
            return true
        }
        let mark = try database.statement("SELECT stamp FROM sync_stamp WHERE seq = ? AND property = 'trashed'").bind(1, seq)
            .firstRow { $0.int64(0) }
        return mark.map { $0 != base } ?? false
    }

    /// Keeps `purge` of node `seq` (`id`), out of the trash by this store's own restore
    /// that comes after it in the hub's order, as the one conflict of the purges pulled
    /// since the trash mark the hub has: in that order they delete the entry one after
    /// another, and the restore brings it back over the latest, by its stamp, as every
    /// other machine keeps it (random run seed 158587213, with every conflict compared).
    private mutating func keepAsTheLatestPurgeBeforeOwnRestore(_ seq: Int64, id: NodeID, by purge: SyncOperation) throws {
        let mark = try database.statement("SELECT stamp FROM sync_stamp WHERE seq = ? AND property = 'trashed'").bind(1, seq)
            .firstRow { $0.int64(0) } ?? 0
        guard try store.purgesKept(of: id, since: mark).allSatisfy({ purge.wins(over: $0.stamp, $0.replica) }) else { return }
        try database.statement("DELETE FROM sync_conflict WHERE node = ?1 AND property = 'purge' AND \(Store.madeSinceMark)")
            .bind(1, blob: id.bytes).bind(2, mark).run()
        try keepConflict(node: id, property: "purge", value: "true", stamp: purge.stamp, replica: purge.replica)
    }

    /// Whether a list above node `seq` left the trash by a restore this store made that
    /// comes after the operation being applied in the hub's order.
    private func isInTheTrashByAListRestoredHereLater(_ seq: Int64) throws -> Bool {
        var above = try parentHere(of: seq)
        var seen: Set<Int64> = []
        while let list = above, seen.insert(list).inserted {
            if let id = try store.nodeID(seq: list), let mark = try lastTrashMarkHereLater(seq: list, id: id),
               try isOwnRestore(of: list, id: id, stamped: mark) {
                return true
            }
            above = try parentHere(of: list)
        }
        return false
    }

    /// Whether node `id`, in the trash here, left it unseen by the maker of `purge` and
    /// went back by another `rm` before it: a restore made on top of the trash mark
    /// the purge's base names is one its maker did not see. An `rm` alone, made
    /// elsewhere unaware of the purge's maker's own, wanted it gone as well. A purge
    /// that waited for the end of its batch counts only the restores logged when it
    /// came (`loggedUpTo`): one pulled after it comes after it in the hub's order, and
    /// brings the entry back from its last state where the purge came first (random
    /// run seed 190369992).
    private func restoredUnseen(_ id: NodeID, by purge: SyncOperation, loggedUpTo: Int64? = nil) throws -> Bool {
        guard let base = purge.base else { return false }
        return try database.statement(
            """
            SELECT 1 FROM sync_log WHERE base = ?1 AND node = ?2 AND property = 'trashed' AND value = 'false' AND stamp > ?1
              AND seq <= ifnull(?3, seq)
            """)
            .bind(1, base).bind(2, blob: id.bytes).bind(3, loggedUpTo).firstRow { _ in true } ?? false
    }

    /// Whether this store changed node `seq` (`id`), or only its `property`, by an
    /// operation that comes after the one being applied in the hub's order: one not
    /// sent yet, or one the hub acknowledged that landed after it (what a pull after a
    /// push gives landed before the push, up to where the push landed). One sent by the
    /// id of a list merged into it changes it too, on every machine.
    private func changedHereLater(seq: Int64, id: NodeID, property: String? = nil) throws -> Bool {
        if try database.statement("SELECT 1 FROM sync_op WHERE seq = ?1 AND ifnull(?2 = property, 1)")
            .bind(1, seq).bind(2, property).firstRow({ _ in true }) == true {
            return true
        }
        return try lastSentHereLater(seq: seq, id: id, property: property) != nil
    }

    /// The stamp of the last operation this store sent that changed node `seq` (`id`,
    /// or a list merged into it), or only its `property`, and that comes after the one
    /// being applied in the hub's order (`changedHereLater`); nil when there is none.
    private func lastSentHereLater(seq: Int64, id: NodeID, property: String? = nil) throws -> Int64? {
        if isAfterOwnAcknowledged { return nil }
        return try database.statement(
            """
            SELECT stamp FROM sync_log
            WHERE seq > ?1 AND +replica = ?2 AND node IN (SELECT ?3 UNION ALL SELECT id FROM node_alias WHERE seq = ?5)
              AND ifnull(?4 = property, 1)
            ORDER BY seq DESC LIMIT 1
            """)
            .bind(1, ownAhead.passedTo).bind(2, blob: replica.bytes).bind(3, blob: id.bytes).bind(4, property).bind(5, seq)
            .firstRow { $0.int64(0) }
    }

    /// The group a pulled create put its node in when another node of its maker's
    /// change named it (`Store.trashGroupOfCreate`), kept as a property of `sync_stamp`
    /// of this name: the node's mark is its create's all the same (`isMarkedByItsCreate`).
    static let groupOfCreate = "trashgroup_of_create"

    /// Another machine's purge of a node this store deleted for good by a purge of its
    /// own not sent past yet, pulled after that own purge was made, kept as a property
    /// of `sync_stamp` of this name until the node comes back: it comes before the own
    /// purge in the hub's order, and so deleted the node there first.
    static let purgedBeforeOwn = "purge_before_own"

    /// The group a change pulled after such a purge brought the node back in on every
    /// other machine (`noteComebackBeforeOwnPurge`), kept as a property of `sync_stamp`
    /// of this name until the node comes back here or another's purge deletes it again.
    static let comebackBeforeOwn = "comeback_before_own"

    /// The group a node came back in after a pulled purge, by a change of this store's
    /// own not sent yet (`Store.purge`, `comeback(of:)`), kept as a property of
    /// `sync_stamp` of this name, or by one the hub acknowledged that this store has not
    /// pulled past: an operation pulled while that change is not sent, or before it
    /// in the hub's order, comes before it, and the first that would have brought the
    /// node back names its group instead (`regroupComebackByOwn`).
    static let comebackByOwn = "comeback_by_own"

    /// The group of a pulled `rm` that lost here to this store's own restore not sent
    /// yet, of an entry out of the trash as the hub has it, kept as a property of
    /// `sync_stamp` of this name, with the restore's stamp as `metGroupAt`: in the hub's
    /// order the `rm` put the entry in its group before the restore, and a later pulled
    /// `rm` that wins over the restore meets it there (`joinGroupMetBeforeOwnRestore`).
    static let metGroup = "trashgroup_met"
    static let metGroupAt = "trashgroup_met_at"

    /// Whether node `seq` is in the trash in `group` by the mark its create gave it,
    /// which an operation based on it names by the create's stamp (`Store.createStamp`):
    /// its create named the group (by its own stamp, as one sent in the trash alone does,
    /// or by another node's of its change), no other mark was pulled since, and none made
    /// here waits. One put in a group by its list (brought back from its last state with
    /// it) has no mark of its own.
    private func isMarkedByItsCreate(_ seq: Int64, base: Int64?, group: TrashGroup) throws -> Bool {
        guard let base, let created = try database.statement(
            """
            SELECT created FROM node WHERE seq = ?1 AND hidden > 0
              AND (order_stamp = ?2 OR EXISTS (SELECT 1 FROM sync_stamp WHERE seq = ?1 AND property = '\(Self.groupOfCreate)'
                                               AND stamp = ?2 AND replica = ?3))
              AND NOT EXISTS (SELECT 1 FROM sync_stamp WHERE seq = ?1 AND property = 'trashed')
              AND NOT EXISTS (SELECT 1 FROM sync_op WHERE seq = ?1 AND property = 'trashed')
            """)
            .bind(1, seq).bind(2, group.stamp).bind(3, blob: group.replica.bytes).firstRow({ $0.int64(0) }) else { return false }
        return Store.createStamp(created) == base
    }

    /// The stamp of the last trash mark of node `seq` (`id`) this store made that comes
    /// after the operation being applied in the hub's order (see `changedHereLater`), and
    /// the base it goes or went out with: the stamp of the mark the hub had then, as far
    /// as this store knew, nil for the create's.
    private func lastTrashMarkAndBaseHereLater(seq: Int64, id: NodeID) throws -> (stamp: Int64, base: Int64?)? {
        if let unsent = try database.statement(
            """
            SELECT o.stamp, s.stamp FROM sync_op AS o LEFT JOIN sync_stamp AS s ON s.seq = o.seq AND s.property = 'trashed'
            WHERE o.seq = ? AND o.property = 'trashed'
            """)
            .bind(1, seq).firstRow({ (stamp: $0.int64(0), base: $0.optionalInt64(1)) }) {
            return unsent
        }
        if isAfterOwnAcknowledged { return nil }
        return try database.statement(
            """
            SELECT stamp, base FROM sync_log WHERE seq > ?1 AND +replica = ?2 AND node = ?3 AND property = 'trashed'
            ORDER BY seq DESC LIMIT 1
            """)
            .bind(1, ownAhead.passedTo).bind(2, blob: replica.bytes).bind(3, blob: id.bytes)
            .firstRow { (stamp: $0.int64(0), base: $0.optionalInt64(1)) }
    }

    /// The group node `seq` (`id`) left the trash from here while the hub's mark of it
    /// was the one stamped `mark`, unless a restore later than that mark stands before
    /// the operation being applied: another store's pulled since (random run seed
    /// 458901866), or this store's own passed already (one whose acknowledgement was
    /// lost, given back by the pull). It took the node out of that group there, in the
    /// hub's order as here.
    private func groupLeft(seq: Int64, id: NodeID, whileTheHubsMarkWas mark: Int64) throws -> TrashGroup? {
        try database.statement(
            """
            SELECT l.stamp, l.replica FROM sync_stamp AS l
            JOIN sync_stamp AS at ON at.seq = l.seq AND at.property = '\(SyncTriggers.leftGroupAt)' AND at.stamp = ?2
            WHERE l.seq = ?1 AND l.property = '\(SyncTriggers.leftGroup)'
              AND NOT EXISTS (SELECT 1 FROM sync_log WHERE node = ?3 AND property = 'trashed' AND value = 'false'
                              AND (replica <> ?4 OR seq <= ?5) AND stamp > ?2)
            """)
            .bind(1, seq).bind(2, mark).bind(3, blob: id.bytes).bind(4, blob: replica.bytes).bind(5, ownAhead.passedTo)
            .firstRow { row in NodeID(bytes: row.blob(1)).map { TrashGroup(stamp: row.int64(0), replica: $0) } } ?? nil
    }

    private func lastTrashMarkHereLater(seq: Int64, id: NodeID) throws -> Int64? {
        try lastTrashMarkAndBaseHereLater(seq: seq, id: id)?.stamp
    }

    /// The first change of node `seq` (`id`) this store made that comes after the
    /// operation being applied in the hub's order (see `changedHereLater`), where it
    /// stands and its stamp: one the hub acknowledged that landed after it, else the
    /// first not sent yet; nil when there is none. A purge is no such change: it wants
    /// the node gone, as the one being applied does. With `placing`, only a change that
    /// put the node where it is: its create, sent or not, or a move.
    private func firstChangeHereLater(seq: Int64, id: NodeID, placing: Bool = false) throws -> (place: HubPlace, stamp: Int64)? {
        if !isAfterOwnAcknowledged, let logged = try database.statement(
            """
            SELECT seq, stamp FROM sync_log
            WHERE seq > ?1 AND +replica = ?2 AND node = ?3 AND property <> 'purge' AND (NOT ?4 OR property IN ('create', 'parent'))
            ORDER BY seq LIMIT 1
            """)
            .bind(1, ownAhead.passedTo).bind(2, blob: replica.bytes).bind(3, blob: id.bytes).bind(4, placing ? 1 : 0)
            .firstRow({ (place: HubPlace(tier: .ownAcknowledged, order: $0.int64(0)), stamp: $0.int64(1)) }) {
            return logged
        }
        // A push sends the changes not sent yet by their counters and the creates of rows
        // made here after them, each create right before a change that names its row or
        // one made after it (`Store.outgoingOperations`). With no create unsent when the
        // pull began, every row above what was pushed is a pulled one, not yet remembered
        // as such (`remembersPulledRows`).
        if placing, remembersPulledRows, let stamp = try store.unsentCreateStamp(of: seq) {
            let naming = try database.statement("SELECT min(counter) FROM sync_op WHERE \(Store.latestRowNamed(by: "sync_op")) >= ?")
                .bind(1, seq).firstRow { $0.optionalInt64(0) } ?? nil
            return (HubPlace(tier: .ownUnsent, order: naming.map { ($0 << 1) - 1 } ?? Int64.max, row: seq), stamp)
        }
        return try database.statement(
            "SELECT counter, stamp FROM sync_op WHERE seq = ? AND property <> 'purge' AND (NOT ? OR property = 'parent') ORDER BY counter LIMIT 1")
            .bind(1, seq).bind(2, placing ? 1 : 0).firstRow { (place: HubPlace.unsent(counter: $0.int64(0)), stamp: $0.int64(1)) }
    }

    /// Deletes node `seq` for good, as a purge pulled asks, unless it must stay: it left
    /// the trash before the purge in the hub's order, unseen by its maker (and maybe went
    /// back by another `rm`), or by a change made here (later in the order than
    /// everything pulled); a change made here comes after the purge in
    /// that order (`changedHereLater`); or it holds an entry the purge's maker did not
    /// see, made or moved into it where the purge was not made. Each of these keeps the
    /// purge as a conflict. The maker purges every entry it deleted, each on its own, so
    /// a node that holds entries when its purge arrives waits for the end of the batch
    /// (`isFinal` false), by when their purges have come: what it still holds then was
    /// not seen. One changed here later waits too: an operation pulled after the purge
    /// may come before that change in the hub's order, and bring it back first.
    private mutating func purge(_ seq: Int64, id: NodeID, by operation: SyncOperation, isFinal: Bool = false,
                                loggedUpTo: Int64? = nil) throws {
        func keep() throws {
            try keepConflict(node: id, property: "purge", value: "true", stamp: operation.stamp, replica: operation.replica)
        }
        // The group an `rm` put the node in before this store's own restore is emptied
        // at this purge's place in the hub's order: an `rm` after it meets no group.
        try forgetGroupMetBeforeOwnRestore(seq)
        if try !isInTrash(seq) {
            if try leftTheTrashUnseen(seq, by: operation) {
                if try lastTrashMarkHereLater(seq: seq, id: id) != nil {
                    return try keepAsTheLatestPurgeBeforeOwnRestore(seq, id: id, by: operation)
                }
                return try keep()
            }
            // Its maker put it in the trash and emptied it before sending: the purge
            // went out alone, and says the trash too. One out by a restore of its list
            // that comes later in the hub's order (this store's own, or one pulled after
            // the purge waited) is in the trash by that list at the purge's place, and
            // leaves with it everywhere if it stays (in-process trash schedule seeds
            // 317239626 and 840369343).
            if !isFinal, try !isInTheTrashByAListRestoredHereLater(seq) {
                try database.statement("UPDATE node SET hidden = ? WHERE seq = ?").bind(1, try trashChange()).bind(2, seq).run()
            }
        } else if try restoredUnseen(id, by: operation, loggedUpTo: loggedUpTo),
                  try currentStamp(seq: seq, property: "trashed")?.replica != operation.replica {
            // Unless the mark it is in the trash by is the purge's maker's own: an `rm`
            // sent with the purge is based on the mark before it, as a restore made on top
            // of that mark elsewhere is, and the maker removed the entry after that one.
            return try keep()
        }
        if isFinal, let comeback = try comeback(of: seq, after: operation) {
            // Where the purge was settled before the operations after it came, the first
            // of them (or of this store's changes after it) brought the node back from its
            // last state, into its group, and the `rm`s of it after that one met it there.
            // A group of this store's own `rm` not sent yet is held by that `rm`'s change.
            // A restore brought it back out of the trash, into its list, which comes
            // back into the trash in the restore's group, as a pulled restore brings an
            // entry back from its last state (`revive`).
            // A restore of this store's after that first change, its last mark of the
            // node, took it out of the trash again: it stays out, as every machine
            // applies that restore after the change (random run seed 331324366).
            let outOfTheTrash = try database.statement("SELECT hidden IS NULL FROM node WHERE seq = ?").bind(1, seq)
                .firstRow { $0.int64(0) != 0 } ?? false
            let restoredHereLater = try outOfTheTrash && lastTrashMarkHereLater(seq: seq, id: id) != nil
            // A restore that lost to the mark of the `rm` the purge saw brought the node
            // back all the same, into the trash in its own group, as one pulled after the
            // purge does (`revive`; random run seed 190369992).
            let restoreLost = try comeback.restores && !outOfTheTrash
                && keepsConflict(node: id, property: "trashed", stamp: comeback.group.stamp, replica: comeback.group.replica)
            if !comeback.restores || restoreLost, !restoredHereLater {
                let ownMark = comeback.group.replica == replica
                    ? try mark(holding: comeback.group, besides: seq, sentOnly: false) ?? unsentCreateMark(naming: comeback.group)
                    : nil
                try moveToTrashGroup(seq, comeback.group, under: ownMark)
                if [.ownAcknowledged, .ownUnsent].contains(comeback.place.tier) {
                    try keepTrashGroup(comeback.group, of: seq, as: SyncMerge.comebackByOwn)
                }
            }
            let removals = (comebacks[seq]?.removals ?? []) + (try ownRemovalsLater(of: seq, id: id))
            for removal in removals.sorted(by: { $0.place < $1.place }) where comeback.place < removal.place {
                try joinEarlierTrashGroup(seq, by: removal.operation)
            }
            // It came back into the list it is in unless this store put it there later,
            // which brings that list back at that change's place (`comeback(of:)`).
            let placedLater = try firstChangeHereLater(seq: seq, id: id, placing: true).map { comeback.place < $0.place } ?? false
            if !placedLater,
               let parent = try parentHere(of: seq) {
                noteComeback(of: parent, at: comeback.place, group: comeback.group, placing: id)
            }
            // Purges of the node one after another before what brought it back are one
            // deletion where they came first: the last state keeps the latest's stamp,
            // and the comeback keeps that purge alone (`revive`; random run seed
            // 436291830, with every conflict compared).
            let purgesBefore = pendingPurges.filter { $0.seq == seq && $0.place < comeback.place }.map(\.operation)
            guard purgesBefore.contains(where: { $0.replica == operation.replica && $0.counter == operation.counter }),
                  let latest = purgesBefore.max(by: { $1.wins(over: $0) }) else { return try keep() }
            // So are those of an earlier batch, kept when a change made here kept the node,
            // with nothing between them in the hub's order that brought it back, whatever
            // mark each was made on (in-process trash schedule seeds 601541, 601902 and
            // 603292, conflicts compared).
            var winner = latest
            if let firstLogged = pendingPurges.filter({ $0.seq == seq }).map(\.loggedUpTo).min() {
                for earlier in try purgesKept(of: seq, id: id, loggedBefore: firstLogged) {
                    let loser = winner.wins(over: earlier) ? earlier : winner
                    if loser != earlier { winner = earlier }
                    try forgetConflict(of: id, property: "purge", stamped: loser.stamp, by: loser.replica)
                }
            }
            return try keepConflict(node: id, property: "purge", value: "true", stamp: winner.stamp, replica: winner.replica)
        }
        if try firstChangeHereLater(seq: seq, id: id) != nil
            || !children(of: seq).isEmpty || firstChangeHereLaterOfBuriedEntry(under: seq) != nil
            || holdsEntryEmptiedHereLater(seq, by: operation)
            || firstChangeHereLaterOfEntryMovedOut(of: seq) != nil
            || isFinal && leftUnseen(seq, by: operation) {
            if isFinal { return try keep() }
            pendingPurges.append(PendingPurge(seq: seq, id: id, operation: operation, position: position, ownAhead: ownAhead,
                                              loggedUpTo: try store.lastLoggedRow(), place: try place(of: operation)))
            return
        }
        if !isFinal, pendingPurges.contains(where: { $0.seq == seq }) {
            // Earlier purges of it waited for the end of the batch, and what brought it
            // back after them ends here: they settle now, on what came before this one,
            // as where the batch ended before it came (random run seed 184834334).
            try settle(pendingPurges.filter { $0.seq == seq })
            pendingPurges.removeAll { $0.seq == seq }
            guard try store.nodeID(seq: seq) == id else {
                try database.statement("UPDATE sync_tombstone SET stamp = max(stamp, ?) WHERE seq = ?")
                    .bind(1, operation.stamp).bind(2, seq).run()
                return
            }
        }
        try database.statement(
            """
            INSERT OR REPLACE INTO sync_tombstone (seq, id, kind, parent, text, created, created_offset, done, fields, stamp,
                                                   order_stamp, order_replica)
            SELECT seq, id, kind, parent, text, created, created_offset, done,
                   (SELECT json_group_object(name, value) FROM field_value WHERE item = ?1), ?2, order_stamp, order_replica
            FROM node WHERE seq = ?1
            """)
            .bind(1, seq).bind(2, operation.stamp).run()
        // Changes made here before the deletion there lost to it.
        let pending = try database.statement("SELECT stamp, property FROM sync_op WHERE seq = ?").bind(1, seq)
        var losers: [(stamp: Int64, property: String)] = []
        while try pending.step() { losers.append((pending.int64(0), pending.string(1))) }
        for loser in losers {
            try keepConflict(node: id, property: loser.property, value: try store.currentValue(seq: seq, property: loser.property),
                             stamp: loser.stamp, replica: replica)
        }
        try database.statement("DELETE FROM sync_op WHERE seq = ?").bind(1, seq).run()
        if !pendingPurges.isEmpty,
           let parent = try parentHere(of: seq),
           pendingPurges.contains(where: { $0.seq == parent }) {
            comebacks[parent, default: Comeback()].emptied.append((try place(of: operation), operation))
        }
        try database.statement("DELETE FROM node WHERE seq = ?").bind(1, seq).run()
        report.applied += 1
    }

    /// The purges of node `seq` (`id`) kept as conflicts and logged before row `row`,
    /// after which nothing logged before that row changed
    /// the node, an entry in it, or moved one into it: on every machine that met them
    /// before what keeps the node here, the first deleted it and the rest met it gone.
    private func purgesKept(of seq: Int64, id: NodeID, loggedBefore row: Int64) throws -> [SyncOperation] {
        let kept = try database.statement(
            """
            SELECT l.replica, l.counter, l.stamp, l.seq FROM sync_conflict AS c
            JOIN sync_log AS l ON l.replica = c.replica AND l.stamp = c.stamp AND l.node = c.node AND l.property = 'purge'
            WHERE c.node = ?1 AND c.property = 'purge' AND l.seq < ?2
            """)
            .bind(1, blob: id.bytes).bind(2, row)
        defer { kept.reset() }
        var purges: [(operation: SyncOperation, logged: Int64)] = []
        while try kept.step() {
            guard let replica = NodeID(bytes: kept.blob(0)) else { continue }
            purges.append((SyncOperation(replica: replica, counter: kept.int64(1), stamp: kept.int64(2), node: id,
                                         property: "purge", value: "true"), kept.int64(3)))
        }
        guard !purges.isEmpty else { return [] }
        var touching = [id]
        for child in try children(of: seq) {
            if let childID = try store.nodeID(seq: child) { touching.append(childID) }
        }
        let buried = try buriedEntries(under: seq)
        defer { buried.reset() }
        while try buried.step() {
            if let childID = try store.lastStateID(of: buried.int64(0)) { touching.append(childID) }
        }
        let between = try database.statement(
            "SELECT 1 FROM sync_log WHERE seq > ?1 AND seq < ?2 AND property <> 'purge' AND (node = ?3 OR (property = 'parent' AND value = ?4))")
        return try purges.filter { purge in
            try touching.allSatisfy { node in
                try between.bind(1, purge.logged).bind(2, row).bind(3, blob: node.bytes).bind(4, SyncValue.id(id))
                    .firstRow({ _ in true }) == nil
            }
        }.map(\.operation)
    }

    /// Notes that `operation` moves node `seq` (`id`) out of its parent in the hub's
    /// order, when that parent's purge waits for the end of the batch (`leftUnseen`).
    private mutating func noteMoveOut(of seq: Int64, id: NodeID, by operation: SyncOperation) throws {
        guard !pendingPurges.isEmpty, let parent = try hubParent(of: seq), pendingPurges.contains(where: { $0.seq == parent }) else {
            return
        }
        comebacks[parent, default: Comeback()].movedOut.append((try place(of: operation), id))
    }

    /// Whether an entry node `seq` held when `purge` came left it later in the batch:
    /// deleted by a purge of another emptying, or moved out (in-process trash schedule
    /// seed 639738524). `purge`'s maker did not see it, and the node stays at its purge,
    /// as where the batch ended right after the purge.
    private func leftUnseen(_ seq: Int64, by purge: SyncOperation) throws -> Bool {
        guard let comeback = comebacks[seq] else { return false }
        let purgePlace = try placeGivenBack(of: purge) ?? place(of: purge)
        let placedAfter = Set(comeback.notes.filter { $0.place > purgePlace }.compactMap(\.placing))
        let emptied = comeback.emptied.contains { emptied in
            emptied.place > purgePlace && !oneEmptying(purge, emptied.purge)
                && !(emptied.purge.node.map(placedAfter.contains) ?? false)
        }
        return emptied || comeback.movedOut.contains { $0.place > purgePlace && !placedAfter.contains($0.entry) }
    }

    /// Notes which `trash --empty` `operation`, met in the hub's order, came from: one
    /// sends its purges one after another (under counters with gaps where a purge of a
    /// row never sent went nowhere). Two of one machine with nothing between them in
    /// the order count as one: nothing came between to tell them apart.
    private mutating func noteEmptying(_ operation: SyncOperation) {
        guard operation.property == "purge" else { return lastPurger = nil }
        let id = OperationKey(operation)
        guard emptyings[id] == nil else { return }
        if lastPurger != operation.replica { emptyingsMet += 1 }
        emptyings[id] = emptyingsMet
        lastPurger = operation.replica
    }

    /// Whether two purges came from one `trash --empty` (`noteEmptying`).
    private func oneEmptying(_ one: SyncOperation, _ other: SyncOperation) -> Bool {
        emptyings[OperationKey(one)].map { $0 == emptyings[OperationKey(other)] } ?? false
    }

    /// Settles the purges that waited for the end of the batch, those of nodes deeper in
    /// the tree first, the last first among equals: a list that holds only what came
    /// back into it after its purge comes back with it. Purges of one node go in the
    /// hub's order: what brought it back after the last one decides where it stays,
    /// not what brought it back after an earlier one (random run seed 921771676).
    private mutating func settlePendingPurges() throws {
        let depth = try database.statement(
            """
            WITH RECURSIVE up (seq) AS (SELECT parent FROM node WHERE seq = ? UNION SELECT parent FROM node JOIN up USING (seq))
            SELECT count(seq) FROM up
            """)
        let depths = try pendingPurges.map { try depth.bind(1, $0.seq).firstRow { $0.int64(0) } ?? 0 }
        var lastOfNode: [Int64: Int] = [:]
        for (index, purge) in pendingPurges.enumerated() { lastOfNode[purge.seq] = index }
        let pending = pendingPurges.indices.sorted { one, other in
            let (oneLast, otherLast) = (lastOfNode[pendingPurges[one].seq]!, lastOfNode[pendingPurges[other].seq]!)
            if depths[one] != depths[other] { return depths[one] > depths[other] }
            return oneLast != otherLast ? oneLast > otherLast : one < other
        }.map { pendingPurges[$0] }
        defer { comebacks = [:] }
        try settle(pending)
        pendingPurges = []
    }

    /// Settles `pending`, in that order, each where it stands in the hub's order.
    private mutating func settle(_ pending: [PendingPurge]) throws {
        let now = (position, ownAhead)
        defer { (position, ownAhead) = now }
        for purge in pending where try store.nodeID(seq: purge.seq) == purge.id {
            (position, ownAhead) = (purge.position, purge.ownAhead)
            try self.purge(purge.seq, id: purge.id, by: purge.operation, isFinal: true, loggedUpTo: purge.loggedUpTo)
        }
    }

    /// Puts node `seq`, in the trash, in trash group `group`: under `mark`, or the
    /// change that holds the group.
    private mutating func moveToTrashGroup(_ seq: Int64, _ group: TrashGroup, under mark: Int64? = nil) throws {
        try database.statement("UPDATE node SET hidden = ? WHERE seq = ?").bind(1, try mark ?? trashGroupChange(group)).bind(2, seq).run()
        try keepTrashGroup(group, of: seq)
    }

    /// The trash group node `seq` left by a restore made here, while the hub's mark of
    /// the node is still the one it left at: the restore is not on the hub.
    private func groupLeft(byUnsentRestoreOf seq: Int64) throws -> TrashGroup? {
        try database.statement(
            "SELECT stamp, replica FROM sync_stamp AS l WHERE seq = ? AND property = '\(SyncTriggers.leftGroup)' AND \(SyncTriggers.leftGroupHolds("l"))")
            .bind(1, seq).firstRow { row in NodeID(bytes: row.blob(1)).map { TrashGroup(stamp: row.int64(0), replica: $0) } } ?? nil
    }

    /// Puts node `seq`, when it is in the trash by a mark of its own, back in `group`,
    /// that of this store's own `rm` of it: under the mark of another node that `rm`
    /// put there, which is the change that made it while the `rm` is not sent.
    private mutating func rejoinOwnRemoval(_ seq: Int64, _ group: TrashGroup) throws {
        guard try database.statement("SELECT 1 FROM node WHERE seq = ? AND hidden > 0").bind(1, seq).firstRow({ _ in true }) == true else {
            return
        }
        try moveToTrashGroup(seq, group, under: try mark(holding: group, besides: seq, sentOnly: false))
    }

    /// Notes `operation`, which changes node `seq` or puts entry `child` into it, when
    /// the node's purge waits for the end of the batch: on a machine that settled the
    /// purge before the operation came, it brought the node back. One that came back
    /// already by a change of this store's own may take the operation's group
    /// (`regroupComebackByOwn`).
    private mutating func noteComeback(of seq: Int64, by operation: SyncOperation, placing child: NodeID? = nil) throws {
        try regroupComebackByOwn(seq, by: operation)
        guard !pendingPurges.isEmpty else { return }
        let place = try place(of: operation)
        let marksTrash = child == nil && operation.property == "trashed"
        noteComeback(of: seq, at: place, group: TrashGroup(of: operation), placing: child,
                     removing: marksTrash && operation.value == "true" ? operation : nil,
                     restores: marksTrash && operation.value == "false")
    }

    /// Puts node `seq` and the lists around it, which came back in the trash after a
    /// purge by a change of this store's own (`SyncMerge.comebackByOwn`), in the group of
    /// `operation`, pulled from another machine, when it comes before that change in the
    /// hub's order: it would have brought them back first where the purge was settled
    /// after it came, as a machine does whose batch holds both (test
    /// `aListEmptiedElsewhereAndBroughtBackByLaterEntriesIsGroupedAlikeEverywhere`).
    private mutating func regroupComebackByOwn(_ seq: Int64, by operation: SyncOperation) throws {
        guard operation.replica != replica else { return }
        var next: Int64? = seq
        // An entry kept here for a change of its own after another machine's purge of
        // it brought back the list it is in, in that change's group (`broughtBackHereLater`);
        // a pulled change of the entry before it brought both back in its own group, as
        // everywhere (in-process trash schedule seed 600357, groups compared).
        if try currentStamp(seq: seq, property: SyncMerge.comebackByOwn, ofTheHub: true) == nil,
           let parent = try hubParent(of: seq),
           let group = try currentStamp(seq: parent, property: SyncMerge.comebackByOwn, ofTheHub: true),
           let kept = try broughtBackHereLater(seq, id: store.nodeID(seq: seq)),
           kept.group == TrashGroup(stamp: group.stamp, replica: group.replica) {
            next = parent
        }
        while let current = next,
              let group = try currentStamp(seq: current, property: SyncMerge.comebackByOwn, ofTheHub: true)
                  .map({ TrashGroup(stamp: $0.stamp, replica: $0.replica) }) {
            try database.statement("DELETE FROM sync_stamp WHERE seq = ? AND property = ?")
                .bind(1, current).bind(2, SyncMerge.comebackByOwn).run()
            guard try database.statement("SELECT hidden > 0 FROM node WHERE seq = ?").bind(1, current).firstRow({ $0.int64(0) != 0 }) == true,
                  try isUnsentOwnChange(stamped: group.stamp)
                      || place(of: operation).tier == .pulledBeforeOwn && isAcknowledgedOwnChangeAhead(stamped: group.stamp),
                  try currentStamp(seq: current, property: "trashgroup", ofTheHub: true).map({ $0.stamp == group.stamp && $0.replica == group.replica }) == true
            else { return }
            try moveToTrashGroup(current, TrashGroup(of: operation))
            // This store's own `rm`s of it after that change meet it there, as a settled
            // purge's comeback meets them (in-process trash schedule seed 600029, groups
            // compared).
            if let id = try store.nodeID(seq: current) {
                for removal in try ownRemovalsLater(of: current, id: id) { try joinEarlierTrashGroup(current, by: removal.operation) }
            }
            // The list the hub's order has it in at that change's place, which a move of
            // this store's own not sent yet has taken it out of here (in-process trash
            // schedule seed 600416, groups compared).
            next = try hubParent(of: current)
        }
    }

    /// Whether a change of this store's own stamped `stamp` is one the hub acknowledged
    /// that this store has not pulled past.
    private func isAcknowledgedOwnChangeAhead(stamped stamp: Int64) throws -> Bool {
        try database.statement("SELECT 1 FROM sync_log WHERE seq > ? AND +replica = ? AND stamp = ? LIMIT 1")
            .bind(1, ownAhead.passedTo).bind(2, blob: replica.bytes).bind(3, stamp).firstRow { _ in true } ?? false
    }

    /// Whether a change of this store's own stamped `stamp` is not sent yet: one of
    /// `sync_op`, or the create of a row above those pushed.
    private func isUnsentOwnChange(stamped stamp: Int64) throws -> Bool {
        let pushedTo = max(try store.syncMark(.syncPushedTo), 0)
        return try database.statement(
            """
            SELECT 1 WHERE EXISTS (SELECT 1 FROM sync_op WHERE stamp = ?1)
               OR EXISTS (SELECT 1 FROM node WHERE seq > ?2 AND order_stamp = ?1 AND order_replica = ?3
                          AND seq NOT IN (SELECT seq FROM sync_pulled))
            """)
            .bind(1, stamp).bind(2, pushedTo).bind(3, Store.orderReplica(replica)).firstRow { _ in true } ?? false
    }

    /// Where `operation`, being applied, stands in the hub's order beside this store's own.
    private func place(of operation: SyncOperation) throws -> HubPlace {
        if operation.replica == replica, let logged = try loggedRow(ofOwn: operation) {
            // One of this store's own that the hub gives back (a move) stands among them
            // as it went out, after those sent before it.
            return HubPlace(tier: .ownAcknowledged, order: logged)
        }
        if isAfterOwnAcknowledged, let position {
            return HubPlace(tier: .pulledAfterOwn, order: position)
        }
        return HubPlace(tier: .pulledBeforeOwn, order: position ?? applied)
    }

    /// Where the hub gave back `operation`, this store's own, in this batch, among the
    /// operations pulled around it (one the log holds before one given back stands
    /// there too); nil when it did not. By `place(of:)` it stands after every one pulled
    /// before this store's own, where it landed unknown, which a purge given back first
    /// in the batch does not (in-process merge schedule seed 113518801).
    private func placeGivenBack(of operation: SyncOperation) throws -> HubPlace? {
        guard operation.replica == replica, let logged = try loggedRow(ofOwn: operation),
              let givenBack = givenBackAt.first(where: { $0.row >= logged }) else { return nil }
        return HubPlace(tier: .pulledBeforeOwn, order: givenBack.position, row: logged)
    }

    private mutating func noteComeback(of seq: Int64, at place: HubPlace, group: TrashGroup, placing child: NodeID?,
                                       removing removal: SyncOperation? = nil, restores: Bool = false) {
        guard pendingPurges.contains(where: { $0.seq == seq }) else { return }
        var comeback = comebacks[seq] ?? Comeback()
        comeback.notes.append(Comeback.Note(place: place, group: group, restores: restores, placing: child))
        if let removal { comeback.removals.append((place, removal)) }
        comebacks[seq] = comeback
    }

    /// What brought node `seq` back after its purge, which waited for the end of the
    /// batch, in the hub's order: the first operation noted (`noteComeback`) or made
    /// here later that changed it or put into it an entry it holds. Nil when it holds,
    /// or held when the purge came (`leftUnseen`), an entry that was there before
    /// the purge, unseen by its maker (the purge is then kept where it is), or when
    /// nothing brought it back. `restores`: that operation was a restore of the node
    /// itself.
    private func comeback(of seq: Int64, after purge: SyncOperation) throws -> (place: HubPlace, group: TrashGroup, restores: Bool)? {
        let purgePlace = try place(of: purge)
        let notes = comebacks[seq]?.notes.filter { $0.place > purgePlace } ?? []
        let placed = Set(notes.compactMap(\.placing))
        if try leftUnseen(seq, by: purge) || holdsEntryEmptiedHereLater(seq, by: purge, besides: placed)
            || heldEntryMovedOutHere(seq, unseenBy: purge) {
            return nil
        }
        var first = notes.min { $0.place < $1.place }.map { (place: $0.place, group: $0.group, restores: $0.restores) }
        if let id = try store.nodeID(seq: seq), let later = try firstChangeHereLater(seq: seq, id: id),
           first.map({ later.place < $0.place }) ?? true {
            first = (later.place, TrashGroup(stamp: later.stamp, replica: replica),
                     try isOwnRestore(of: seq, id: id, stamped: later.stamp))
        }
        for child in try children(of: seq) {
            let id = try store.nodeID(seq: child)
            if let id, placed.contains(id) { continue }
            guard let placed = try broughtBackHereLater(child, id: id, emptiedBy: purge.replica) else { return nil }
            if first.map({ placed.place < $0.place }) ?? true { first = (placed.place, placed.group, false) }
        }
        for later in [try firstChangeHereLaterOfBuriedEntry(under: seq), try firstChangeHereLaterOfEntryMovedOut(of: seq)] {
            if let later, first.map({ later.place < $0.place }) ?? true {
                first = (later.place, TrashGroup(stamp: later.stamp, replica: replica), false)
            }
        }
        return first
    }

    /// The first change this store made after the operation being applied in the hub's
    /// order of an entry it moved out of node `seq` since: in the hub's order the entry
    /// is still in it there, and that change brings the entry back from its last state
    /// into the trash with this node, as every other machine's `revive` does
    /// (in-process trash schedule seed 456966175), whether the entry is here still or
    /// this store has emptied it since (seed 514887514).
    private func firstChangeHereLaterOfEntryMovedOut(of seq: Int64) throws -> (place: HubPlace, stamp: Int64)? {
        try firstChangeHereLater(of: entriesMovedOutHere(of: seq), id: { try store.nodeID(seq: $0) ?? store.lastStateID(of: $0) })
    }

    /// The rows of the entries the hub's order puts in node `seq` that this store has
    /// moved out of it since.
    private func entriesMovedOutHere(of seq: Int64) throws -> Statement {
        try database.statement("SELECT seq FROM sync_hub_parent WHERE parent = ?").bind(1, seq)
    }

    /// Whether node `seq` holds, at `purge`'s place in the hub's order, an entry this
    /// store has moved out of it since, which `purge`'s maker never emptied: every other
    /// machine finds it there, unseen, and keeps the node where it is. One its maker
    /// emptied too is deleted with the node there, and the move brings both back
    /// (`firstChangeHereLaterOfEntryMovedOut`).
    private func heldEntryMovedOutHere(_ seq: Int64, unseenBy purge: SyncOperation) throws -> Bool {
        let moved = try entriesMovedOutHere(of: seq)
        var entries: [NodeID] = []
        defer { moved.reset() }
        while try moved.step() { if let id = try store.nodeID(seq: moved.int64(0)) { entries.append(id) } }
        return try entries.contains { entry in
            try database.statement("SELECT 1 FROM sync_log WHERE node = ? AND property = 'purge' AND replica = ?")
                .bind(1, blob: entry.bytes).bind(2, blob: purge.replica.bytes).firstRow({ _ in true }) == nil
        }
    }

    /// The first change this store made after the operation being applied in the hub's
    /// order of an entry that was under node `seq` and that this store has since deleted
    /// for good itself: in the hub's order that change brings the entry back from its
    /// last state into the trash, with this node, as every other machine's `revive`
    /// does; the purge after it deletes the entry alone (random run seed 680360784).
    private func firstChangeHereLaterOfBuriedEntry(under seq: Int64) throws -> (place: HubPlace, stamp: Int64)? {
        try firstChangeHereLater(of: buriedEntries(under: seq), id: store.lastStateID(of:))
    }

    /// The rows of the last states kept of entries that were under node `seq`, at any
    /// depth, when they were deleted for good here.
    private func buriedEntries(under seq: Int64) throws -> Statement {
        try database.statement(
            """
            WITH RECURSIVE under (seq) AS (
                SELECT seq FROM sync_tombstone WHERE parent = ?1
                UNION SELECT t.seq FROM sync_tombstone AS t JOIN under AS u ON t.parent = u.seq)
            SELECT seq FROM under
            """)
            .bind(1, seq)
    }

    /// Whether node `seq` holds, at the place of `purge` in the hub's order, an entry
    /// this store has since emptied from its trash: its purge here comes later in that
    /// order, in another `trash --empty` than `purge`, and no other machine's purge
    /// deleted it before (or something brought it back since). Every other machine still
    /// holds the entry there, as a child (in-process trash schedule seeds 548003091 and
    /// 974275724). Those in `broughtBack` do not count: another machine's purge deleted
    /// them before, and an operation after `purge` brought them back (seed 602819); nor
    /// do those a move of this store's own put in it, later in that order (seed 602422,
    /// groups compared).
    private func holdsEntryEmptiedHereLater(_ seq: Int64, by purge: SyncOperation, besides broughtBack: Set<NodeID> = []) throws -> Bool {
        let buried = try buriedEntries(under: seq)
        var entries: [Int64] = []
        defer { buried.reset() }
        while try buried.step() { entries.append(buried.int64(0)) }
        let ownPurge = try purge.replica == replica ? place(of: purge) : nil
        return try entries.contains { entry in
            guard let id = try store.lastStateID(of: entry), !broughtBack.contains(id),
                  try isInside(hubParent(of: entry), of: seq, following: hubParent(of:)),
                  try standsUntilOwnLaterPurge(entry, id: id) else { return false }
            if let ownPurge, let entryPurge = try ownPurgePlaceLater(seq: entry, id: id) {
                return try !oneOwnEmptying(ownPurge, entryPurge)
            }
            return true
        }
    }

    /// Whether node `seq` (`id`), deleted for good here, still stands on every other
    /// machine at the place of the operation being applied in the hub's order: this
    /// store's own purge of it comes later, and no other machine's purge deleted it
    /// before (or something brought it back since).
    private func standsUntilOwnLaterPurge(_ seq: Int64, id: NodeID) throws -> Bool {
        try changedHereLater(seq: seq, id: id, property: "purge")
            && (currentStamp(seq: seq, property: SyncMerge.purgedBeforeOwn, ofTheHub: true) == nil
                || comebackBeforeOwnPurge(of: seq) != nil)
    }

    /// The first of this store's changes that come after the operation being applied in
    /// the hub's order, of the nodes whose rows `rows` reads (in its first column), each
    /// named by the id `id` gives it.
    private func firstChangeHereLater(of rows: Statement, id: (Int64) throws -> NodeID?) throws -> (place: HubPlace, stamp: Int64)? {
        var seqs: [Int64] = []
        defer { rows.reset() }
        while try rows.step() { seqs.append(rows.int64(0)) }
        return try seqs.compactMap { seq in try id(seq).flatMap { try firstChangeHereLater(seq: seq, id: $0) } }
            .min { $0.place < $1.place }
    }

    /// Whether this store's change of node `seq` (`id`) stamped `stamp` took it out of
    /// the trash: sent, as the log keeps it, or not yet, with the node out of it now.
    private func isOwnRestore(of seq: Int64, id: NodeID, stamped stamp: Int64) throws -> Bool {
        try database.statement(
            """
            SELECT 1 FROM sync_log WHERE node = ?2 AND property = 'trashed' AND value = 'false' AND replica = ?1 AND stamp = ?3
            UNION ALL
            SELECT 1 FROM sync_op AS o JOIN node AS n ON n.seq = o.seq
            WHERE o.seq = ?4 AND o.stamp = ?3 AND o.property = 'trashed' AND n.hidden IS NULL
            """)
            .bind(1, blob: replica.bytes).bind(2, blob: id.bytes).bind(3, stamp).bind(4, seq).firstRow { _ in true } ?? false
    }

    /// The first change this store made after the operation being applied in the hub's
    /// order that put node `seq` (`id`) where it is; or, for a node whose own purge came
    /// before and that stays (settled before, in this batch or an earlier one), the
    /// change made here that kept it (its group is that change's, or it restored the
    /// node), or the first that brought back an entry under it, when every entry under
    /// it came back so. With `maker`, only a node whose purge by that machine was kept
    /// counts as one that stays: an entry another machine emptied before, brought back
    /// and moved into a list whose purge by `maker` came after, unseen, was never
    /// deleted there, and keeps the list where it is (in-process trash schedule seed
    /// 603946, groups compared).
    private func broughtBackHereLater(_ seq: Int64, id: NodeID?, emptiedBy maker: NodeID? = nil) throws -> (place: HubPlace, group: TrashGroup)? {
        guard let id else { return nil }
        if let placed = try firstChangeHereLater(seq: seq, id: id, placing: true) {
            return (placed.place, TrashGroup(stamp: placed.stamp, replica: replica))
        }
        let keptPurge = try database.statement(
            "SELECT 1 FROM sync_conflict WHERE node = ?1 AND property = 'purge' AND (?2 IS NULL OR replica = ?2)")
            .bind(1, blob: id.bytes).bind(2, nil as String?)
        if let maker { _ = keptPurge.bind(2, blob: maker.bytes) }
        guard try keptPurge.firstRow({ _ in true }) == true else { return nil }
        if let kept = try firstChangeHereLater(seq: seq, id: id),
           try isOwnRestore(of: seq, id: id, stamped: kept.stamp) || database.statement(
               "SELECT 1 FROM sync_stamp WHERE seq = ? AND property = 'trashgroup' AND stamp = ? AND replica = ?")
               .bind(1, seq).bind(2, kept.stamp).bind(3, blob: replica.bytes).firstRow({ _ in true }) == true {
            return (kept.place, TrashGroup(stamp: kept.stamp, replica: replica))
        }
        // An entry under it that no change here brought back was kept by what its purge's
        // maker did not see, and keeps the node as it kept the entry, as in `comeback(of:)`
        // (in-process trash schedule seed 600604, groups compared).
        var first: (place: HubPlace, group: TrashGroup)?
        for child in try children(of: seq) {
            guard let brought = try broughtBackHereLater(child, id: store.nodeID(seq: child), emptiedBy: maker) else { return nil }
            if first.map({ brought.place < $0.place }) ?? true { first = brought }
        }
        return first
    }

    /// The `rm`s of node `seq` (`id`) this store made after the operation being applied
    /// in the hub's order (see `firstChangeHereLater`), as they go out: one not sent yet
    /// is based on the trash mark held now.
    private func ownRemovalsLater(of seq: Int64, id: NodeID) throws -> [(place: HubPlace, operation: SyncOperation)] {
        var removals: [(place: HubPlace, operation: SyncOperation)] = []
        if !isAfterOwnAcknowledged {
            let logged = try database.statement(
                """
                SELECT seq, counter, stamp, base FROM sync_log
                WHERE seq > ?1 AND +replica = ?2 AND node = ?3 AND property = 'trashed' AND value = 'true' ORDER BY seq
                """)
                .bind(1, ownAhead.passedTo).bind(2, blob: replica.bytes).bind(3, blob: id.bytes)
            while try logged.step() {
                removals.append((HubPlace(tier: .ownAcknowledged, order: logged.int64(0)),
                                 SyncOperation(replica: replica, counter: logged.int64(1), stamp: logged.int64(2), node: id,
                                               property: "trashed", value: "true", base: logged.optionalInt64(3))))
            }
        }
        if let unsent = try database.statement(
            """
            SELECT o.counter, o.stamp, s.stamp FROM sync_op AS o JOIN node AS n ON n.seq = o.seq
            LEFT JOIN sync_stamp AS s ON s.seq = o.seq AND s.property = 'trashed'
            WHERE o.seq = ? AND o.property = 'trashed' AND n.hidden > 0
            """)
            .bind(1, seq).firstRow({ row in
                SyncOperation(replica: replica, counter: row.int64(0), stamp: row.int64(1), node: id, property: "trashed",
                              value: "true", base: row.optionalInt64(2))
            }) {
            removals.append((HubPlace.unsent(counter: unsent.counter), unsent))
        }
        return removals
    }

    /// The rows under node `seq` that a purge finds there: not what an add or import
    /// undone here before any push was handed it made (hidden by the change, or by
    /// minus it), which never goes out and goes with its list.
    private func children(of seq: Int64) throws -> [Int64] {
        let rows = try database.statement(
            """
            SELECT seq FROM node WHERE parent = ?1
              AND NOT (seq > ?2 AND ifnull(hidden < 0 OR hidden IN (SELECT seq FROM change WHERE undone = 1), 0))
            """)
            .bind(1, seq).bind(2, try store.syncMark(.syncWatchedTo))
        var children: [Int64] = []
        while try rows.step() { children.append(rows.int64(0)) }
        return children
    }

    // MARK: Properties

    /// The stamp the value a property holds here was given, with the replica that gave
    /// it (`ofTheHub`: the last the hub acknowledged or a pull applied, passing by one
    /// made here and not sent); nil when it is the node's first (its create's).
    private func currentStamp(seq: Int64?, property: String, ofTheHub: Bool = false) throws -> (stamp: Int64, replica: NodeID, isLocal: Bool)? {
        if !ofTheHub, let stamp = try database.statement("SELECT stamp FROM sync_op WHERE ifnull(seq, 0) = ? AND property = ?")
            .bind(1, seq ?? 0).bind(2, property).firstRow({ $0.int64(0) }) {
            return (stamp, replica, true)
        }
        return try database.statement("SELECT stamp, replica FROM sync_stamp WHERE seq = ? AND property = ?")
            .bind(1, seq ?? 0).bind(2, property)
            .firstRow { row in NodeID(bytes: row.blob(1)).map { (row.int64(0), $0, false) } } ?? nil
    }

    private mutating func set(_ property: SyncProperty, of seq: Int64?, to value: SyncJSON, by operation: SyncOperation) throws {
        let node = try seq.flatMap { try store.nodeID(seq: $0) }
        let held = try store.currentValue(seq: seq, property: operation.property)
        let isSame = try same(held, value)
        let agrees = try agree(held, isSame: isSame, value, of: property)
        // Judged before the value held here: a move this store made and the hub has
        // not given back comes after this one in the hub's order.
        if property == .parent, let seq {
            let parent = try buriedListClosingACycle(moving: seq, into: value) ?? parentSeq(value, for: operation)
            guard try applyInHubOrder(moving: seq, to: parent, by: operation) else { return }
        }
        if property == .trashed, let seq, try jsonType(value) == "true" { try joinEarlierTrashGroup(seq, by: operation) }
        // A restore takes the node out of the group an `rm` before it put it in.
        if property == .trashed, let seq, try jsonType(value) == "false" { try forgetGroupMetBeforeOwnRestore(seq) }
        if property.forgetsWhatItSaw { try store.forgetSyncConflicts(seenBy: operation) }
        let current = try currentStamp(seq: seq, property: operation.property)
        // An `rm` pulled over this store's own restore not sent yet, which the hub's order
        // puts after it.
        let removesOverOwnRestore = try current?.isLocal == true && property == .trashed && held == "false"
            && jsonType(value) == "true"
        if let current {
            // Applied before: the same operation pulled again.
            if current.stamp == operation.stamp && current.replica == operation.replica { return }
            // A value changed here and not sent yet comes after the pulled one in the
            // hub's order: it stays, stamped past it if need be, and the pulled value is
            // kept as the conflict every other machine keeps when this change reaches it.
            // Dropped, it would be a conflict of this machine alone. So does a move made
            // here to another place; the hub's parent of the node has taken the pulled one,
            // and a list it put there merges with one of its name, as everywhere.
            if current.isLocal && (property.isValue || (property == .parent && !isSame)) {
                if current.stamp < operation.stamp || (current.stamp == operation.stamp && operation.replica > replica) {
                    try restampLocalChange(of: seq, property: operation.property, past: operation.stamp)
                }
                try keepConflict(node: node, property: operation.property, value: operation.value,
                                 stamp: operation.stamp, replica: operation.replica, agreeing: agrees)
                if property == .text, let seq { try mergeAtRenameLostToOwnLater(seq, by: operation, to: value) }
                if property == .parent, let seq { try mergeWithListsOfItsName(seq, by: operation) }
                return
            }
            // So does this store's own `rm` not sent yet, over a restore pulled: it puts
            // the entry back in the trash after that restore in the hub's order, in its
            // own group, as every other machine applies it. Dropped, the `rm` would be
            // lost on every machine. Out of the trash at the restore's place, a list
            // merges there with one of its name, as everywhere.
            if current.isLocal, property == .trashed, let seq, held == "true", try jsonType(value) == "false",
               operation.wins(over: current.stamp, current.replica) {
                try restampOwnRemoval(of: seq, stamped: current.stamp, past: operation.stamp)
                try keepConflict(node: node, property: operation.property, value: operation.value,
                                 stamp: operation.stamp, replica: operation.replica)
                try mergeWithListsOfItsName(seq, by: operation)
                return
            }
            // And this store's own restore not sent yet of a group the hub holds the
            // entry in, over an `rm` pulled: that `rm` met the entry in the group, and the
            // restore takes it out after it in the hub's order. Dropped, the entry would
            // stay in the trash on every machine, and the restore would be a conflict of
            // this machine alone. (A restore of an `rm` made here and never sent leaves
            // the entry as the hub has it, out of the trash, where the `rm` puts it.)
            var restatesTheHub = false
            if removesOverOwnRestore, let seq, operation.wins(over: current.stamp, current.replica) {
                guard try groupLeft(byUnsentRestoreOf: seq) == nil, try !hubMarkRemoves(of: node, besides: operation) else {
                    try restampOwnTrashMark(stamped: current.stamp, past: operation.stamp, removing: false)
                    try keepConflict(node: node, property: operation.property, value: operation.value,
                                     stamp: operation.stamp, replica: operation.replica)
                    return
                }
                // Out of the trash as the hub has it (an `rm` made here and undone, or an
                // add undone and redone): the mark changes nothing there, and the `rm`
                // pulled takes its place, a conflict nowhere, as in the hub's order; one
                // kept when an earlier pulled mark won over it goes with it (in-process
                // trash schedule seed 600268, conflicts compared).
                restatesTheHub = true
                try forgetOwnConflict(of: node, property: "trashed", stamped: current.stamp)
            }
            // A trash mark pulled over this store's own of the same value, not sent yet,
            // meets the hub's mark before that own one in the hub's order, and is judged
            // against it, as every other machine judges it. Losing, it is kept as a value
            // that agrees (in-process trash schedule seed 601832, conflicts compared). An
            // `rm` winning over another `rm` there is the hub's mark now, which the own one
            // goes out based on, though it loses to that one by its stamp: based on the
            // mark every other machine holds, the own `rm` takes the entry into its own
            // group there, as here (seed 601845, groups compared). A restore leaves the
            // mark to the own restore, as before (seeds 600265 and 600300).
            if current.isLocal, property == .trashed, isSame,
               let hubMark = try currentStamp(seq: seq, property: operation.property, ofTheHub: true) {
                guard operation.wins(over: hubMark.stamp, hubMark.replica) else {
                    try keepConflict(node: node, property: operation.property, value: operation.value,
                                     stamp: operation.stamp, replica: operation.replica, agreeing: agrees)
                    return
                }
                if held == "true", !operation.wins(over: current.stamp, current.replica), let node,
                   try isLoggedTrashMark(of: node, stamped: hubMark.stamp, by: hubMark.replica, removing: true) {
                    if operation.neverSaw(hubMark.stamp, hubMark.replica) {
                        try keepConflict(node: node, property: operation.property, value: operation.value,
                                         stamp: hubMark.stamp, replica: hubMark.replica, agreeing: true)
                    }
                    try store.recordStamp(seq: seq ?? 0, property: operation.property, stamp: operation.stamp,
                                          replica: operation.replica)
                    return
                }
            }
            if current.isLocal, property == .trashed, let seq, operation.wins(over: current.stamp, current.replica) {
                try keepMarkOwnChangeWasMadeOn(seq, node: node, displacedBy: operation)
            }
            // The trash mark an entry holds is the value its writer gave, whatever brought
            // the entry back into the trash since (in-process trash schedule seed 610173,
            // conflicts compared). The log is read where that mark is kept alone: a mark
            // the winner's maker never saw.
            let written = try property == .trashed && !current.isLocal && operation.neverSaw(current.stamp, current.replica)
                ? loggedValue(of: node, property: operation.property, stamped: current.stamp, by: current.replica) ?? held
                : held
            guard try winsKeepingTheLoser(operation, over: current, held: written, of: node, agrees: agrees,
                                          keepingTheHeld: !restatesTheHub) else {
                if removesOverOwnRestore, let seq {
                    try noteGroupMetBeforeOwnRestore(seq, by: operation, restore: current.stamp)
                }
                if property == .text, let seq, let node, current.replica == replica,
                   try changedHereLater(seq: seq, id: node, property: "text") {
                    try mergeAtRenameLostToOwnLater(seq, by: operation, to: value)
                }
                // A move before this store's own later one in the hub's order put the
                // list there, where it merges with one of its name, as everywhere.
                if property == .parent, let seq, let node, current.replica == replica,
                   try changedHereLater(seq: seq, id: node, property: "parent") {
                    try mergeWithListsOfItsName(seq, by: operation)
                }
                if property == .trashed, let seq, let node, current.replica == replica, try jsonType(value) == "false",
                   try changedHereLater(seq: seq, id: node, property: "trashed") {
                    // A restore before this store's own later `rm` in the hub's order took
                    // the entry out of the trash at its place, where a list merges with
                    // one of its name: the `rm` puts it back there in a group of its own,
                    // which an `rm` pulled before took it out of.
                    try rejoinOwnRemoval(seq, TrashGroup(stamp: current.stamp, replica: replica))
                    try mergeWithListsOfItsName(seq, by: operation)
                } else if property == .trashed, let seq, !current.isLocal, try jsonType(value) == "false",
                          let group = try currentStamp(seq: seq, property: "trashgroup"),
                          group.stamp != current.stamp || group.replica != current.replica,
                          operation.wins(over: group.stamp, group.replica) {
                    // By the stamps, the restore took the entry out of the group it is in,
                    // and the `rm` that wins over the restore put it back, in its own group:
                    // where the restore came before that `rm`, the `rm` met it out of the
                    // trash (random run seed 885797290).
                    try moveToTrashGroup(seq, TrashGroup(stamp: current.stamp, replica: current.replica))
                }
                return
            }
        }
        // This store's own move not sent yet, refused here by a pull, that names the
        // place the pulled one does: the pulled one is the node's move in the hub's
        // order now, and the node goes there, as on every other machine.
        var moves = !isSame
        if property == .parent, isSame, let seq, let current, current.isLocal,
           try database.statement("SELECT 1 FROM sync_hub_parent WHERE seq = ? AND sending IS NOT NULL").bind(1, seq)
               .firstRow({ _ in true }) == true {
            try database.statement("UPDATE sync_hub_parent SET sending = NULL WHERE seq = ?").bind(1, seq).run()
            try forgetOwnConflict(of: node, property: "parent", stamped: current.stamp)
            moves = true
        }
        if moves {
            if property == .parent, let seq, let node {
                try noteMoveOut(of: seq, id: node, by: operation)
            }
            try write(property, of: seq, value, by: operation)
            report.applied += 1
            if removesOverOwnRestore, let seq, let current {
                try joinGroupMetBeforeOwnRestore(seq, by: operation, restore: current.stamp)
            }
        }
        // A node this store emptied from its trash, brought back by a pull into the
        // trash (with an entry of it restored), now out of it, by this restore or by one
        // of its own not sent yet: this store's own purge not sent yet comes after the
        // restore in the hub's order, finds it out of the trash and deletes nothing, as
        // where the restore found it buried here (`bringBack`). Sent, its base would say
        // that it saw the restore (in-process trash schedule seeds 137800892 and
        // 547439777). The conflict its comeback kept of it goes too.
        if moves || isSame, property == .trashed, let seq, try jsonType(value) == "false",
           let ownPurge = try currentStamp(seq: seq, property: "purge"), ownPurge.isLocal, try dropUnsentPurge(of: seq) {
            try forgetOwnConflict(of: node, property: "purge", stamped: ownPurge.stamp)
        }
        // An `rm` made here and not sent yet of an entry a later pulled `rm` put in the
        // trash too still goes out: after that one in the hub's order, it keeps the
        // entry in its own earlier group on every machine, as here.
        if !(property == .trashed && isSame && current?.isLocal == true) {
            try database.statement("DELETE FROM sync_op WHERE ifnull(seq, 0) = ? AND property = ?")
                .bind(1, seq ?? 0).bind(2, operation.property).run()
        }
        try store.recordStamp(seq: seq ?? 0, property: operation.property, stamp: operation.stamp,
                              replica: operation.replica)
        if moves, property == .parent, let seq { try refuseOwnMovesInACycle(through: seq) }
        // So does one that changes nothing here, where a change of this store's own that
        // comes later gave the same value: at the pulled one's place it changes the list
        // on every machine (in-process merge schedule seed 990759335).
        if moves || isSame, property.placesAList, let seq {
            try mergeWithListsOfItsName(seq, by: operation)
        }
    }

    /// Two done marks agree whatever their times: both machines marked it done, and
    /// neither lost anything. The later time still wins, for every machine to show.
    private func agree(_ held: String?, isSame: Bool, _ value: SyncJSON, of property: SyncProperty) throws -> Bool {
        try isSame || (property == .done && (held ?? "null") != "null" && jsonType(value) == "integer")
    }

    /// Whether `operation` wins over the value `held` here, stamped `current`; the one
    /// that loses is kept as a conflict: the pulled value, or the one held when it is a
    /// change made here and not sent yet (not sent now), or one the winner's maker never
    /// saw. A value that agrees with the one shown is kept too, unlisted while it agrees,
    /// where its property's later value replaces it whole: a later change elsewhere may
    /// make it a conflict on every machine. Not `keepingTheHeld`, the value held is no
    /// conflict when the pulled one wins: it is what the hub had before it.
    private mutating func winsKeepingTheLoser(_ operation: SyncOperation,
                                              over current: (stamp: Int64, replica: NodeID, isLocal: Bool),
                                              held: String?, of node: NodeID?, agrees: Bool,
                                              keepingTheHeld: Bool = true) throws -> Bool {
        let keeps = !agrees || SyncProperty(operation.property)?.endsTheConflictsItSaw == true
        guard operation.wins(over: current.stamp, current.replica) else {
            if keeps {
                try keepConflict(node: node, property: operation.property, value: operation.value,
                                 stamp: operation.stamp, replica: operation.replica, agreeing: agrees)
            }
            return false
        }
        if keeps && keepingTheHeld && (current.isLocal || operation.neverSaw(current.stamp, current.replica)) {
            try keepConflict(node: node, property: operation.property, value: held, stamp: current.stamp,
                             replica: current.replica, agreeing: agrees)
        }
        return true
    }

    /// Whether the log of the hub's operations holds the trash mark of `node` stamped
    /// `stamp` by `replica` as an `rm` (`removing`) or as a restore.
    private func isLoggedTrashMark(of node: NodeID, stamped stamp: Int64, by replica: NodeID, removing: Bool) throws -> Bool {
        try database.statement(
            "SELECT 1 FROM sync_log WHERE node = ? AND property = 'trashed' AND stamp = ? AND replica = ? AND value = ?")
            .bind(1, blob: node.bytes).bind(2, stamp).bind(3, blob: replica.bytes).bind(4, removing ? "true" : "false")
            .firstRow { _ in true } ?? false
    }

    /// Whether the hub's trash mark of `node` before `operation`, the latest by its stamp
    /// of those this store logged, is another machine's `rm`: the hub holds the node in
    /// the trash, in that `rm`'s group or one it joined, which this store's own `rm` made
    /// before it was pulled joined too; a restore made here since, not sent yet, takes
    /// the node out of a group the hub holds (in-process trash schedule seed 600275,
    /// groups compared). A mark of this store's own that the hub holds is told by the
    /// group the restore left (`groupLeft(byUnsentRestoreOf:)`). The log is read by node
    /// alone, with no index: only a pulled `rm` winning over a restore here asks.
    private func hubMarkRemoves(of node: NodeID?, besides operation: SyncOperation) throws -> Bool {
        guard let node else { return false }
        return try database.statement(
            """
            SELECT value = 'true' AND replica <> ?3 FROM sync_log WHERE node = ?1 AND property = 'trashed'
              AND NOT (replica = ?2 AND counter = ?4)
            ORDER BY stamp DESC, replica DESC LIMIT 1
            """)
            .bind(1, blob: node.bytes).bind(2, blob: operation.replica.bytes).bind(3, blob: replica.bytes).bind(4, operation.counter)
            .firstRow { $0.int64(0) != 0 } ?? false
    }

    /// Notes the group of `operation`, an `rm` that lost to this store's own restore of
    /// node `seq` stamped `restore`, not sent yet, when the hub has the node out of the
    /// trash: in the hub's order the `rm` comes first and puts it in its group
    /// (`SyncMerge.metGroup`). The earliest such `rm` holds it.
    private func noteGroupMetBeforeOwnRestore(_ seq: Int64, by operation: SyncOperation, restore: Int64) throws {
        guard try groupLeft(byUnsentRestoreOf: seq) == nil else { return }
        if let at = try currentStamp(seq: seq, property: SyncMerge.metGroupAt, ofTheHub: true), at.stamp == restore, at.replica == replica {
            return
        }
        try keepTrashGroup(TrashGroup(of: operation), of: seq, as: SyncMerge.metGroup)
        try keepTrashGroup(TrashGroup(stamp: restore, replica: replica), of: seq, as: SyncMerge.metGroupAt)
    }

    /// Puts node `seq`, just put in the trash by `operation`, an `rm` that won over this
    /// store's own restore stamped `restore`, into the group an earlier pulled `rm` that
    /// lost to that restore put it in (`noteGroupMetBeforeOwnRestore`): in the hub's
    /// order both come before the restore, and the later `rm` meets the node in the
    /// earlier's group, which it joins as on every other machine (`joinEarlierTrashGroup`;
    /// in-process trash schedule seed 600106, groups compared).
    private mutating func joinGroupMetBeforeOwnRestore(_ seq: Int64, by operation: SyncOperation, restore: Int64) throws {
        guard let at = try currentStamp(seq: seq, property: SyncMerge.metGroupAt, ofTheHub: true),
              let met = try currentStamp(seq: seq, property: SyncMerge.metGroup, ofTheHub: true) else { return }
        try forgetGroupMetBeforeOwnRestore(seq)
        let group = TrashGroup(stamp: met.stamp, replica: met.replica)
        guard at.stamp == restore, at.replica == replica, group < TrashGroup(of: operation), operation.base != met.stamp else { return }
        try moveToTrashGroup(seq, group)
    }

    private func forgetGroupMetBeforeOwnRestore(_ seq: Int64) throws {
        try database.statement("DELETE FROM sync_stamp WHERE seq = ? AND property IN (?, ?)")
            .bind(1, seq).bind(2, SyncMerge.metGroup).bind(3, SyncMerge.metGroupAt).run()
    }

    /// Keeps the hub's trash mark of node `seq` (`node`) that this store's own change not
    /// sent yet was made on top of, which `operation`, winning over that change, takes
    /// the place of: the change goes out naming `operation` as its base, so no change
    /// on the hub names that mark, and every other machine keeps it (in-process trash
    /// schedule seed 600207, conflicts compared). Not one of `operation`'s maker's own
    /// stamped before it: that machine replaced it, and every machine forgets it at
    /// `operation` (`forgetSyncConflicts`; seed 606310, conflicts compared).
    private mutating func keepMarkOwnChangeWasMadeOn(_ seq: Int64, node: NodeID?, displacedBy operation: SyncOperation) throws {
        guard let node, let hub = try currentStamp(seq: seq, property: "trashed", ofTheHub: true), operation.base != hub.stamp,
              hub.replica != operation.replica || hub.stamp > operation.stamp,
              let value = try loggedValue(of: node, property: "trashed", stamped: hub.stamp, by: hub.replica)
        else { return }
        try keepConflict(node: node, property: "trashed", value: value, stamp: hub.stamp, replica: hub.replica,
                         agreeing: value == operation.value)
    }

    /// The value the log of the hub's operations holds for `replica`'s change of
    /// `property` of `node` stamped `stamp`; nil when it holds none.
    private func loggedValue(of node: NodeID?, property: String, stamped stamp: Int64, by replica: NodeID) throws -> String? {
        guard let node else { return nil }
        return try database.statement("SELECT value FROM sync_log WHERE replica = ? AND node = ? AND property = ? AND stamp = ?")
            .bind(1, blob: replica.bytes).bind(2, blob: node.bytes).bind(3, property).bind(4, stamp)
            .firstRow({ $0.isNull(0) ? nil : $0.string(0) }) ?? nil
    }

    /// Makes this store's unsent change of `property` a new operation, stamped later
    /// than `stamp` and every other this store made or pulled. A push may have taken it
    /// already, its acknowledgement lost: where the hub holds it, the new one is this
    /// machine's later change of the property, which replaces it everywhere.
    private func restampLocalChange(of seq: Int64?, property: String, past stamp: Int64) throws {
        let restamped = try tickClock(past: stamp)
        guard try writeUnsentAgain(seq: seq, property: property, stamp: restamped), let seq else { return }
        // A text's update time is when it was made, as its stamp says on every machine.
        if property == "text" {
            try database.statement("UPDATE node SET updated = ? WHERE seq = ?").bind(1, restamped >> 16).bind(2, seq).run()
        }
        // The node's purge not sent yet still goes out after its other changes, which
        // the node's last state holds on every machine (docs/sync.md).
        try writeUnsentPurgeAgain(of: seq)
    }

    /// Writes this store's purge of row `seq` not sent yet again as the latest, with the
    /// purges next to it in the order a push sends them: one `trash --empty`'s purges
    /// go out as one run, which a pull never cuts (`SyncOperation.continuesEmptying`).
    /// Alone, a list's purge went out before an entry's change and the entry's purge
    /// after it, and a machine whose batch ended between them settled the list's purge
    /// with the entry still in it (in-process trash schedule seed 1869193).
    private func writeUnsentPurgeAgain(of seq: Int64) throws {
        let run = try database.statement(
            """
            WITH purge (counter) AS (SELECT counter FROM sync_op WHERE seq = ?1 AND property = 'purge')
            SELECT o.seq FROM sync_op AS o, purge AS p WHERE o.property = 'purge'
              AND o.counter > ifnull((SELECT max(counter) FROM sync_op WHERE property <> 'purge' AND counter < p.counter), 0)
              AND o.counter < ifnull((SELECT min(counter) FROM sync_op WHERE property <> 'purge' AND counter > p.counter), 1 << 62)
            ORDER BY o.counter
            """).bind(1, seq)
        var purges: [Int64] = []
        while try run.step() { purges.append(run.int64(0)) }
        for purged in purges { try writeUnsentAgain(seq: purged, property: "purge") }
    }

    /// Makes this store's `rm` not sent yet of node `seq`, stamped `old`, a new one
    /// stamped past `stamp`, with every other node that `rm` put in the trash: one
    /// group, which every machine names by the new stamp. Node `seq` goes back to that
    /// group if a pulled `rm` had taken it to an earlier one.
    private mutating func restampOwnRemoval(of seq: Int64, stamped old: Int64, past stamp: Int64) throws {
        let (restamped, mates) = try restampOwnTrashMark(stamped: old, past: stamp, removing: true)
        let group = TrashGroup(stamp: restamped, replica: replica)
        for mate in mates {
            try database.statement(
                "UPDATE sync_stamp SET stamp = ?1 WHERE seq = ?2 AND property = 'trashgroup' AND stamp = ?3 AND replica = ?4")
                .bind(1, restamped).bind(2, mate).bind(3, old).bind(4, blob: replica.bytes).run()
        }
        if try currentStamp(seq: seq, property: "trashgroup").map({ TrashGroup(stamp: $0.stamp, replica: $0.replica) }) != group {
            try moveToTrashGroup(seq, group, under: try mark(holding: group, besides: seq, sentOnly: false))
        }
    }

    /// Makes this store's trash mark not sent yet stamped `old`, an `rm`'s when
    /// `removing`, else a restore's, a new one stamped past `stamp`, on every node that
    /// change marked and that still holds it: one change, which every machine applies
    /// after what the pull brought. Returns the new stamp and those nodes.
    @discardableResult
    private func restampOwnTrashMark(stamped old: Int64, past stamp: Int64, removing: Bool) throws -> (stamp: Int64, nodes: [Int64]) {
        let restamped = try tickClock(past: stamp)
        let marked = try database.statement(
            """
            SELECT o.seq FROM sync_op AS o JOIN node AS n ON n.seq = o.seq
            WHERE o.property = 'trashed' AND o.stamp = ? AND \(removing ? "n.hidden > 0" : "n.hidden IS NULL")
            """)
            .bind(1, old)
        var nodes: [Int64] = []
        while try marked.step() { nodes.append(marked.int64(0)) }
        for node in nodes {
            try writeUnsentAgain(seq: node, property: "trashed", stamp: restamped)
            try writeUnsentPurgeAgain(of: node)
        }
        return (restamped, nodes)
    }

    /// Moves the sync clock on, past `stamp` and to now at least, and returns it.
    private func tickClock(past stamp: Int64 = 0) throws -> Int64 {
        try database.statement(
            "UPDATE setting SET value = max(value + 1, ? + 1, CAST(unixepoch('subsec') * 1000 AS INTEGER) << 16) WHERE key = \(Setting.hlc.sql)")
            .bind(1, stamp).run()
        return try store.integerSetting(.hlc)
    }

    /// Writes the change of `property` of row `seq` not sent yet again, as the latest
    /// (a push sends them in that order), stamped `stamp` or as it was. Returns whether
    /// there was one.
    @discardableResult
    private func writeUnsentAgain(seq: Int64?, property: String, stamp: Int64? = nil) throws -> Bool {
        guard let row = try database.statement(
            "SELECT stamp, created, id, unsent_change FROM sync_op WHERE ifnull(seq, 0) = ? AND property = ?")
            .bind(1, seq ?? 0).bind(2, property)
            .firstRow({ (stamp: $0.int64(0), created: $0.optionalInt64(1), id: $0.isNull(2) ? nil : $0.blob(2), change: $0.optionalInt64(3)) })
        else { return false }
        try database.statement("DELETE FROM sync_op WHERE ifnull(seq, 0) = ? AND property = ?").bind(1, seq ?? 0).bind(2, property).run()
        let insert = try database.statement("INSERT INTO sync_op (stamp, seq, created, id, property, unsent_change) VALUES (?, ?, ?, ?, ?, ?)")
            .bind(1, stamp ?? row.stamp).bind(2, seq).bind(3, row.created).bind(5, property).bind(6, row.change)
        if let id = row.id { insert.bind(4, blob: id) } else { insert.bind(4, nil as Int64?) }
        try insert.run()
        return true
    }

    /// Refuses a value its property cannot hold, before anything is written for it.
    private static func check(_ type: String, of property: SyncProperty) throws {
        let allowed: Set<String> = switch property {
        case .create: ["object"]
        case .purge: ["true", "null"]
        case .parent: ["null", "text"]
        case .text: ["text"]
        case .done: ["null", "integer"]
        case .trashed: ["true", "false"]
        case .created: ["object"]
        case .field: ["null", "text"]
        case .fieldDefinition: ["null", "object"]
        case .option: ["null", "integer", "text"]
        }
        guard allowed.contains(type) else { throw Parked(reason: "a value its property cannot hold (\(type))") }
    }

    /// Writes a property's value, checked against what it may hold. A text's update
    /// time is when it was made, so that every machine shows the same entry alike.
    private mutating func write(_ property: SyncProperty, of seq: Int64?, _ value: SyncJSON, by operation: SyncOperation) throws {
        let madeMilliseconds = operation.stamp >> 16
        switch property {
        case .create, .purge:
            return
        case .text:
            guard let seq else { return }
            try database.statement("UPDATE node SET text = json_extract(?1, '$'), text_sum = jotter_checksum(json_extract(?1, '$')), updated = ?2 WHERE seq = ?3")
                .bind(1, value.text).bind(2, madeMilliseconds).bind(3, seq).run()
        case .parent:
            guard let seq else { return }
            try database.statement("UPDATE node SET parent = ? WHERE seq = ?").bind(1, try parentSeq(value, for: operation)).bind(2, seq).run()
        case .done:
            guard let seq else { return }
            try database.statement("UPDATE node SET done = ? WHERE seq = ?").bind(1, try scalar(value).integer).bind(2, seq).run()
        case .trashed:
            guard let seq else { return }
            if try jsonType(value) == "true" {
                let group = TrashGroup(of: operation)
                try database.statement("UPDATE node SET hidden = ? WHERE seq = ? AND hidden IS NULL")
                    .bind(1, try trashGroupChange(group)).bind(2, seq).run()
                if database.changes > 0 { try keepTrashGroup(group, of: seq) }
            } else {
                try database.statement("UPDATE node SET hidden = NULL WHERE seq = ?").bind(1, seq).run()
                try database.statement("DELETE FROM sync_stamp WHERE seq = ? AND property = 'trashgroup'").bind(1, seq).run()
                // Purges its maker did not see kept the node in the trash: it comes back
                // over them as over those that deleted it (`bringBack`).
                if let base = operation.base, let id = try store.nodeID(seq: seq) { try store.keepOnlyTheLatestPurge(of: id, since: base) }
            }
        case .created:
            guard let seq else { return }
            try writeCreated(of: seq, value, madeMilliseconds: madeMilliseconds)
        case .field(let name):
            guard let seq else { return }
            guard let text = try scalar(value).text else {
                try database.statement("DELETE FROM field_value WHERE item = ? AND name = ?").bind(1, seq).bind(2, name).run()
                return
            }
            try database.statement("INSERT OR REPLACE INTO field_value (item, name, value, value_sum) VALUES (?1, ?2, ?3, jotter_checksum(?2, ?3))")
                .bind(1, seq).bind(2, name).bind(3, text).run()
        case .fieldDefinition(let name):
            try writeFieldDefinition(name, of: seq, value)
        case .option(let key):
            let stored = try scalar(value)
            guard stored.text != nil else {
                try database.statement("DELETE FROM place_option WHERE ifnull(owner, 0) = ? AND key = ?")
                    .bind(1, seq ?? 0).bind(2, key).run()
                return
            }
            let update = try database.statement("UPDATE place_option SET value = ifnull(?, ?) WHERE ifnull(owner, 0) = ? AND key = ?")
                .bind(1, stored.integer).bind(2, stored.integer == nil ? stored.text : nil).bind(3, seq ?? 0).bind(4, key)
            try update.run()
            if database.changes == 0 {
                try database.statement("INSERT INTO place_option (owner, key, value) VALUES (?, ?, ifnull(?, ?))")
                    .bind(1, seq).bind(2, key).bind(3, stored.integer).bind(4, stored.integer == nil ? stored.text : nil).run()
            }
        }
    }

    /// Moves an entry's date. An id this store derives from the row's creation time is
    /// stored in the row first, so that the entry keeps it (as `Store.redate` does).
    private func writeCreated(of seq: Int64, _ value: SyncJSON, madeMilliseconds: Int64) throws {
        let read = try database.statement(
            """
            SELECT json_type(?1, '$.created') = 'integer' AND ifnull(json_type(?1, '$.offset'), 'integer') = 'integer',
                   json_extract(?1, '$.created'), ifnull(json_extract(?1, '$.offset'), 0)
            """)
            .bind(1, value.text)
        guard let (created, offset) = try read.firstRow({ row in
            row.int64(0) != 0 ? (row.int64(1), row.int64(2)) : nil
        }) ?? nil, abs(offset) < 86_400 else {
            throw Parked(reason: "a date that is not a time in milliseconds with an offset in seconds")
        }
        let id = try store.nodeID(seq: seq)
        try database.statement(
            "UPDATE node SET id = ifnull(id, ?1), created = ?2, created_offset = ?3, updated = ?4 WHERE seq = ?5")
            .bind(1, id: id).bind(2, created).bind(3, offset).bind(4, madeMilliseconds).bind(5, seq).run()
    }

    private func writeFieldDefinition(_ name: String, of seq: Int64?, _ value: SyncJSON) throws {
        guard try jsonType(value) == "object" else {
            try database.statement("DELETE FROM field WHERE ifnull(owner, 0) = ? AND name = ?").bind(1, seq ?? 0).bind(2, name).run()
            return
        }
        let read = try database.statement(
            """
            SELECT json_extract(?1, '$.type'), json_type(?1, '$.choices'),
                   (SELECT group_concat(value, ',') FROM json_each(?1, '$.choices')),
                   (SELECT count(*) FROM json_each(?1, '$.choices')
                    WHERE json_type(?1, '$.choices') = 'array' AND (type <> 'text' OR instr(value, ',') > 0 OR value = '')),
                   json_type(?1, '$.required') = 'true', json_type(?1, '$.inherit') = 'true'
            """)
            .bind(1, value.text)
        guard try read.step() else { return }
        let type = read.string(0)
        let hasChoices = read.string(1) == "array"
        let choices = hasChoices && !read.isNull(2) ? read.string(2) : nil
        let badChoices = read.int64(3)
        let required = read.int64(4)
        let inherit = read.int64(5)
        read.reset()
        guard ["text", "decimal", "date", "choice"].contains(type) else {
            throw Parked(reason: "a field definition of a type this jotter does not know")
        }
        guard badChoices == 0 else { throw Parked(reason: "a field definition with choices that are not plain words") }
        try database.statement(
            "UPDATE field SET type = ?, choices = ?, required = ?, inherit = ? WHERE ifnull(owner, 0) = ? AND name = ?")
            .bind(1, type).bind(2, choices).bind(3, required).bind(4, inherit).bind(5, seq ?? 0).bind(6, name).run()
        if database.changes == 0 {
            try database.statement("INSERT INTO field (owner, name, type, choices, required, inherit) VALUES (?, ?, ?, ?, ?, ?)")
                .bind(1, seq).bind(2, name).bind(3, type).bind(4, choices).bind(5, required).bind(6, inherit).run()
        }
    }

    // MARK: Crossed moves

    /// Applies a pulled move of `seq` under `parent` to the tree as the hub's order
    /// gives it so far: a move that would put the entry inside itself there is refused
    /// (false) and kept as a conflict, as every machine refuses it at this position.
    /// This store's own moves that the hub has not given back come after it in that
    /// order, and are not counted; a node moved here keeps its hub parent apart.
    private mutating func applyInHubOrder(moving seq: Int64, to parent: Int64?, by operation: SyncOperation) throws -> Bool {
        if try closesCycleInHubOrder(moving: seq, to: parent) {
            let node = try store.nodeID(seq: seq)
            try keepConflict(node: node, property: "parent", value: operation.value, stamp: operation.stamp,
                             replica: operation.replica)
            if !isRetrying, let node {
                report.parked.append("parent of \(node.shortForm()) from \(operation.replica.shortForm()): it would put the entry inside itself; kept as a conflict")
            }
            return false
        }
        if let held = try hubMove(of: seq), operation.wins(over: held) {
            // It displaces the hub's move of the node, which every other machine, where
            // that one is the node's parent, keeps as a conflict when this one's maker
            // never saw it, until this store's own move comes, unless that one saw it:
            // made after it (this store's own earlier move), sent on top of it, or going
            // out on top of it (in-process trash schedule seed 601942, conflicts compared).
            let heldParent = try database.statement("SELECT parent FROM sync_hub_parent WHERE seq = ?").bind(1, seq)
                .firstRow { $0.optionalInt64(0) } ?? nil
            if held.stamp != 0, heldParent != parent, held.replica != replica,
               operation.neverSaw(held.stamp, held.replica), let node = try store.nodeID(seq: seq),
               try currentStamp(seq: seq, property: "parent", ofTheHub: true)?.stamp != held.stamp,
               try !store.syncLogHoldsAChange(of: node, property: "parent", seeing: held.stamp) {
                try keepConflict(node: node, property: "parent",
                                 value: SyncValue.id(try heldParent.flatMap { try store.nodeID(seq: $0) }),
                                 stamp: held.stamp, replica: held.replica)
            }
            try database.statement("UPDATE sync_hub_parent SET parent = ?, stamp = ?, replica = ? WHERE seq = ?")
                .bind(1, parent).bind(2, operation.stamp).bind(3, blob: operation.replica.bytes).bind(4, seq).run()
        }
        return true
    }

    /// A move of this store's own that the hub gave back, at its position: judged as
    /// every other machine judges it there. The node's hub parent takes it, unless it
    /// closes a cycle there (kept as a conflict) or loses to a later stamp; once it is
    /// the last move of the node this store made, the node goes where the hub's order
    /// puts it and has no hub parent apart any more.
    private mutating func takeBack(_ operation: SyncOperation) throws {
        if operation.property == "trashed", let id = operation.node, let seq = try store.nodeSeq(of: id) {
            // Given back though its acknowledgement was lost, it is the hub's mark of the
            // node, as an acknowledgement makes it; a change of the mark made here since
            // goes out on top of it.
            if try currentStamp(seq: seq, property: "trashed", ofTheHub: true).map({ operation.wins(over: $0.stamp, $0.replica) }) ?? true {
                try store.recordStamp(seq: seq, property: "trashed", stamp: operation.stamp, replica: replica)
                // An `rm` that a restore made here since, not sent yet, took the node out
                // of, whatever this store did with the node after that restore: the hub
                // holds the node in its group, which the restore left, as if the
                // acknowledgement had come first (in-process trash schedule seeds 600264
                // and 600495, groups compared).
                if operation.value == "true", try groupLeft(byUnsentRestoreOf: seq) == nil,
                   try database.statement("SELECT 1 FROM sync_op WHERE seq = ? AND property = 'trashed' AND stamp <> ?")
                       .bind(1, seq).bind(2, operation.stamp).firstRow({ _ in true }) == true {
                    let group = TrashGroup(stamp: operation.stamp, replica: replica)
                    try keepTrashGroup(group, of: seq, as: SyncTriggers.leftGroup)
                    try keepTrashGroup(group, of: seq, as: SyncTriggers.leftGroupAt)
                }
            }
            try database.statement("DELETE FROM sync_op WHERE seq = ? AND property = 'trashed' AND stamp = ?")
                .bind(1, seq).bind(2, operation.stamp).run()
            return
        }
        guard operation.property == "parent", let id = operation.node else { return }
        let buried = try store.nodeSeq(of: id) == nil
        guard let seq = try buried ? tombstoneSeq(of: id) : store.nodeSeq(of: id), let held = try hubMove(of: seq) else { return }
        let value = SyncJSON(text: operation.value ?? "null")
        try noteMoveOut(of: seq, id: id, by: operation)
        // A node deleted for good here is judged in its last state, whose parent stays
        // where it is.
        func parentSeq() throws -> Int64? {
            try buried ? lastStateParentSeq(value) : buriedListClosingACycle(moving: seq, into: value) ?? self.parentSeq(value, for: operation)
        }
        // A parent no longer here leaves the hub's parent as it was.
        if operation.wins(over: held), try jsonType(value) == "null" || (try? parentSeq()) != nil {
            let parent = try parentSeq()
            if try closesCycleInHubOrder(moving: seq, to: parent) {
                try keepConflict(node: id, property: "parent", value: operation.value, stamp: operation.stamp,
                                 replica: operation.replica)
            } else {
                try database.statement("UPDATE sync_hub_parent SET parent = ?, stamp = ?, replica = ? WHERE seq = ?")
                    .bind(1, parent).bind(2, operation.stamp).bind(3, blob: operation.replica.bytes).bind(4, seq).run()
            }
        }
        let unsent = try database.statement("SELECT 1 FROM sync_op WHERE seq = ? AND property = 'parent'")
            .bind(1, seq).firstRow { _ in true } ?? false
        let movedAgain = try currentStamp(seq: seq, property: "parent")
            .map { $0.replica == replica && $0.stamp > operation.stamp } ?? false
        guard !unsent, !movedAgain else { return }
        // The hub's writer of the parent is its stamp again: a move of this store's that
        // was refused at its position had taken its place.
        try database.statement(
            """
            INSERT OR REPLACE INTO sync_stamp (seq, property, stamp, replica)
            SELECT seq, 'parent', stamp, replica FROM sync_hub_parent WHERE seq = ?1 AND stamp IS NOT NULL
            """).bind(1, seq).run()
        try database.statement(
            "DELETE FROM sync_stamp WHERE seq = ?1 AND property = 'parent' AND (SELECT stamp FROM sync_hub_parent WHERE seq = ?1) IS NULL")
            .bind(1, seq).run()
        for table in ["node", "sync_tombstone"] {
            try database.statement("UPDATE \(table) SET parent = (SELECT parent FROM sync_hub_parent WHERE seq = ?1) WHERE seq = ?1")
                .bind(1, seq).run()
        }
        try database.statement("DELETE FROM sync_hub_parent WHERE seq = ?").bind(1, seq).run()
        try refuseOwnMovesInACycle(through: seq)
    }

    /// The move that gave node `seq` its parent in the hub's order, when this store has
    /// moved it since (a zero stamp for its create); nil when `node` holds the hub's.
    private func hubMove(of seq: Int64) throws -> SyncOperation? {
        try database.statement("SELECT ifnull(stamp, 0), replica FROM sync_hub_parent WHERE seq = ?").bind(1, seq)
            .firstRow { row in
                SyncOperation(replica: (row.isNull(1) ? nil : NodeID(bytes: row.blob(1))) ?? NodeID(bytes: [UInt8](repeating: 0, count: 16))!,
                              counter: 0, stamp: row.int64(0), node: nil, property: "parent", value: nil)
            }
    }

    /// The parent of node `seq` here: nil for the root, or for a node not here.
    private func parentHere(of seq: Int64) throws -> Int64? {
        try database.statement("SELECT parent FROM node WHERE seq = ?").bind(1, seq).firstRow { $0.optionalInt64(0) } ?? nil
    }

    /// The parent the last state of node `seq`, deleted for good here, keeps: nil for
    /// the root, or for a node with no last state.
    private func lastStateParent(of seq: Int64) throws -> Int64? {
        try database.statement("SELECT parent FROM sync_tombstone WHERE seq = ?").bind(1, seq).firstRow { $0.optionalInt64(0) } ?? nil
    }

    /// The parent the hub's order gives node `seq` so far (nil the root, or a node not
    /// here); of one deleted for good here, the parent its last state holds.
    private func hubParent(of seq: Int64) throws -> Int64? {
        try database.statement(
            """
            SELECT CASE WHEN h.seq IS NULL THEN n.parent ELSE h.parent END
            FROM node AS n LEFT JOIN sync_hub_parent AS h ON h.seq = n.seq WHERE n.seq = ?1
            UNION ALL SELECT CASE WHEN h.seq IS NULL THEN t.parent ELSE h.parent END
            FROM sync_tombstone AS t LEFT JOIN sync_hub_parent AS h ON h.seq = t.seq WHERE t.seq = ?1
            """).bind(1, seq).firstRow { $0.optionalInt64(0) } ?? nil
    }

    /// Whether `parent` is `seq` or under it in the tree as the hub's order gives it.
    private func closesCycleInHubOrder(moving seq: Int64, to parent: Int64?) throws -> Bool {
        try isInside(parent, of: seq, following: hubParent(of:))
    }

    /// Whether `place` is node `seq` or lies under it, going up by `parent`.
    private func isInside(_ place: Int64?, of seq: Int64, following parent: (Int64) throws -> Int64?) throws -> Bool {
        var next = place
        var seen: Set<Int64> = []
        while let current = next, seen.insert(current).inserted {
            if current == seq { return true }
            next = try parent(current)
        }
        return false
    }

    /// After a pull changed the tree: this store's own moves are applied again on top
    /// of the hub's order, and one that now puts an entry inside itself is refused here
    /// (the last made of those in the cycle): the entry goes back to its parent in the
    /// hub's order, and the move is kept as a conflict. One not sent yet still goes out,
    /// as it was made, and every other machine refuses it at its position alike.
    private mutating func refuseOwnMovesInACycle(through seq: Int64) throws {
        for _ in 0..<64 {
            guard let cycle = try cycle(through: seq) else { return }
            let own = try database.statement(
                """
                SELECT n.seq, o.counter IS NOT NULL FROM node AS n JOIN sync_hub_parent AS h ON h.seq = n.seq
                LEFT JOIN sync_op AS o ON o.seq = n.seq AND o.property = 'parent'
                WHERE n.seq IN (SELECT value FROM json_each(?)) AND n.parent IS NOT h.parent
                ORDER BY ifnull(o.counter, 0) DESC, n.seq DESC LIMIT 1
                """).bind(1, "[" + cycle.map(String.init).joined(separator: ",") + "]")
                .firstRow { (seq: $0.int64(0), unsent: $0.int64(1) != 0) }
            guard let (moved, unsent) = own else {
                // Only the hub's moves left: none is this store's to refuse; the node
                // pulled goes to the root rather than stay inside itself.
                try database.statement("UPDATE node SET parent = NULL WHERE seq = ?").bind(1, seq).run()
                return
            }
            if let made = try currentStamp(seq: moved, property: "parent") {
                let node = try store.nodeID(seq: moved)
                // Sent, the move keeps the parent it named, which a merge since may have
                // made an alias of another list, as every other machine keeps it.
                let sent = try unsent ? nil : node.flatMap { node in
                    try database.statement(
                        "SELECT value FROM sync_log WHERE node = ? AND +replica = ? AND property = 'parent' ORDER BY seq DESC LIMIT 1")
                        .bind(1, blob: node.bytes).bind(2, blob: replica.bytes).firstRow { $0.isNull(0) ? nil : $0.string(0) } ?? nil
                }
                try keepConflict(node: node, property: "parent",
                                 value: try sent ?? store.currentValue(seq: moved, property: "parent"), stamp: made.stamp,
                                 replica: made.replica)
            }
            if unsent {
                try database.statement(
                    "UPDATE sync_hub_parent SET sending = ifnull((SELECT parent FROM node WHERE seq = ?1), 0) WHERE seq = ?1")
                    .bind(1, moved).run()
            }
            try database.statement("UPDATE node SET parent = (SELECT parent FROM sync_hub_parent WHERE seq = ?1) WHERE seq = ?1")
                .bind(1, moved).run()
        }
        throw Parked(reason: "moves here and elsewhere cross too many times to settle")
    }

    /// This store's own `rm`s not sent yet, on top of all the pull brought: each goes out
    /// based on the hub's mark as the pull leaves it, the latest by stamp, and takes its
    /// entry into its own group at its place, as every other machine applies it
    /// (`joinEarlierTrashGroup`, an `rm` made on the hub's mark). A pulled `rm` that took
    /// the entry into an earlier group here gives it back (in-process trash schedule
    /// seed 600818, groups compared). Where the hub's mark here is not the latest pulled,
    /// one that lost to this store's own `rm` being later, the `rm` is not based on the
    /// mark other machines hold, and the group stays.
    private mutating func rebaseOwnRemovals() throws {
        let removals = try database.statement(
            """
            SELECT o.seq, o.stamp, h.stamp FROM sync_op AS o
            JOIN node AS n ON n.seq = o.seq AND n.hidden > 0
            JOIN sync_stamp AS h ON h.seq = o.seq AND h.property = 'trashed'
            JOIN sync_stamp AS g ON g.seq = o.seq AND g.property = 'trashgroup'
            WHERE o.property = 'trashed' AND NOT (g.stamp = o.stamp AND g.replica = ?)
            """)
            .bind(1, blob: replica.bytes)
        var regrouped: [(seq: Int64, group: TrashGroup, hub: Int64)] = []
        while try removals.step() {
            regrouped.append((removals.int64(0), TrashGroup(stamp: removals.int64(1), replica: replica), removals.int64(2)))
        }
        for removal in regrouped {
            guard let id = try store.nodeID(seq: removal.seq),
                  try database.statement(
                      "SELECT 1 FROM sync_log WHERE node = ? AND property = 'trashed' AND stamp > ? AND +replica <> ?")
                      .bind(1, blob: id.bytes).bind(2, removal.hub).bind(3, blob: replica.bytes).firstRow({ _ in true }) == nil
            else { continue }
            try moveToTrashGroup(removal.seq, removal.group, under: mark(holding: removal.group, besides: removal.seq, sentOnly: false))
        }
    }

    /// This store's own moves not sent yet, applied again on top of all the pull brought,
    /// in the order a push sends them, as the hub's order will have them once they land
    /// and every other machine applies them: the nodes stand where the hub has them, then
    /// each move puts its node where it names unless that puts it inside itself there.
    /// One refused is kept as a conflict and still goes out; one that stands keeps none.
    /// A pulled move refuses them as it meets them, to keep the tree a tree, and which
    /// one it refuses, and whether a move pulled after it undid the cycle, must not
    /// decide where they end.
    private mutating func rebaseOwnMoves() throws {
        let unsent = try database.statement(
            """
            SELECT o.seq, CASE WHEN h.sending IS NULL THEN n.parent ELSE nullif(h.sending, 0) END, h.parent, o.stamp
            FROM sync_op AS o JOIN node AS n ON n.seq = o.seq JOIN sync_hub_parent AS h ON h.seq = o.seq
            WHERE o.property = 'parent'
              AND (h.parent IS NULL OR EXISTS (SELECT 1 FROM node WHERE seq = h.parent))
            ORDER BY o.counter
            """)
        var moves: [(seq: Int64, parent: Int64?, hubParent: Int64?, stamp: Int64)] = []
        while try unsent.step() {
            moves.append((unsent.int64(0), unsent.optionalInt64(1), unsent.optionalInt64(2), unsent.int64(3)))
        }
        guard !moves.isEmpty else { return }
        for move in moves {
            try database.statement("UPDATE node SET parent = ? WHERE seq = ?").bind(1, move.hubParent).bind(2, move.seq).run()
        }
        for move in moves {
            let node = try store.nodeID(seq: move.seq)
            // A refused move may name a list deleted since: it stays refused.
            if let parent = move.parent, try store.nodeID(seq: parent) == nil { continue }
            if try !isInside(move.parent, of: move.seq, following: parentHere(of:)) {
                try database.statement("UPDATE node SET parent = ? WHERE seq = ?").bind(1, move.parent).bind(2, move.seq).run()
                try database.statement("UPDATE sync_hub_parent SET sending = NULL WHERE seq = ?").bind(1, move.seq).run()
                try forgetOwnConflict(of: node, property: "parent", stamped: move.stamp)
            } else {
                try database.statement("UPDATE sync_hub_parent SET sending = ifnull(?, 0) WHERE seq = ?")
                    .bind(1, move.parent).bind(2, move.seq).run()
                try keepConflict(node: node, property: "parent", value: try store.currentValue(seq: move.seq, property: "parent"),
                                 stamp: move.stamp, replica: replica)
            }
        }
    }

    /// Forgets the conflict kept here of this store's own change of `property` of `node`
    /// stamped `stamp`: a move refused here that stands after all, or that the one pulled
    /// names the same place of; a purge taken back before it went out.
    private func forgetOwnConflict(of node: NodeID?, property: String, stamped stamp: Int64) throws {
        try forgetConflict(of: node, property: property, stamped: stamp, by: replica)
    }

    /// Forgets the conflict kept of `maker`'s change of `property` of `node` stamped `stamp`.
    private func forgetConflict(of node: NodeID?, property: String, stamped stamp: Int64, by maker: NodeID) throws {
        try database.statement("DELETE FROM sync_conflict WHERE node = ? AND property = ? AND stamp = ? AND replica = ?")
            .bind(1, id: node).bind(2, property).bind(3, stamp).bind(4, blob: maker.bytes).run()
    }

    /// The nodes of the cycle node `seq` is in, following parents in `node`; nil when
    /// following them from it ends at the root.
    private func cycle(through seq: Int64) throws -> [Int64]? {
        var path = [seq]
        var next = try parentHere(of: seq)
        var seen: Set<Int64> = [seq]
        while let current = next {
            if current == seq { return path }
            guard seen.insert(current).inserted else { return nil }
            path.append(current)
            next = try parentHere(of: current)
        }
        return nil
    }

    // MARK: Conflicts

    /// Keeps a value that lost, once.
    private mutating func keepConflict(node: NodeID?, property: String, value: String?, stamp: Int64, replica: NodeID,
                                       agreeing: Bool = false) throws {
        guard try !keepsConflict(node: node, property: property, stamp: stamp, replica: replica) else { return }
        if SyncProperty(property)?.endsTheConflictsItSaw == true, try store.syncLogHoldsAChange(of: node, property: property, seeing: stamp) {
            return
        }
        try database.statement(
            "INSERT INTO sync_conflict (node, property, value, stamp, replica, recorded) VALUES (?, ?, ?, ?, ?, ?)")
            .bind(1, id: node).bind(2, property).bind(3, value).bind(4, stamp).bind(5, blob: replica.bytes)
            .bind(6, store.clock().milliseconds).run()
        if !agreeing { report.conflicts += 1 }
    }

    /// Whether the change of `property` of `node` stamped `stamp` by `replica` is kept as
    /// a conflict.
    private func keepsConflict(node: NodeID?, property: String, stamp: Int64, replica: NodeID) throws -> Bool {
        try database.statement("SELECT 1 FROM sync_conflict WHERE node IS ? AND property = ? AND stamp = ? AND replica = ?")
            .bind(1, id: node).bind(2, property).bind(3, stamp).bind(4, blob: replica.bytes).firstRow { _ in true } ?? false
    }
}
