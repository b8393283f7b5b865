/// The store as a replica: what it sends to the hub, and what the hub acknowledged.
///
/// Two kinds of operation go out. Changes of nodes the hub has are rows of `sync_op`,
/// written by triggers (see `SyncTriggers`), their values read from the store as it is
/// when they are sent. Nodes the hub does not have yet, the rows above
/// `sync_pushed_to`, go out whole as creates, read from `node` in row order (or from
/// `sync_tombstone`, for one handed out and deleted for good since), after the changes
/// but those that name them: an add or an import writes nothing for sync. A
/// create's counter is worked out from its row (`createCounter`), negative, so that a
/// push cut short and made again sends it with the same counter, and it never meets the
/// triggers' counters, which count up from 1.
/// A create's stamp is a tick of the clock given when it is first handed out, and
/// kept in its row (`order_stamp`) as its place among its siblings: sent again, it
/// carries the same one.
extension Store: SyncReplica {
    public func syncReplicaID() throws -> NodeID {
        try read { try replicaID() }
    }

    func replicaID() throws -> NodeID {
        guard let id = try setting(.replicaID, { NodeID(bytes: $0.blob(0)) }) ?? nil else {
            throw damaged("the setting \(Setting.replicaID), this store's name for sync, is missing or not 16 bytes")
        }
        return id
    }

    public func syncCursor() throws -> Int64 {
        try read { try integerSetting(.syncCursor) }
    }

    /// Bits of a create's counter below its row number: 0 for the node, then its place's
    /// field definitions and options.
    static let createCounterShift: Int64 = 20
    private static let optionCounterBit: Int64 = 1 << 19

    /// The greatest row a create's counter can be worked out from: past it, `seq << 20`
    /// leaves 64 bits and the negation traps. No store gives such a row (they are
    /// numbered one after another); a damaged file can hold one.
    static let largestSyncedRow: Int64 = (1 << (63 - createCounterShift)) - 1

    /// Refuses, as damage, a row past `largestSyncedRow`.
    func requireRowsSyncCanNumber() throws {
        let highest = try database.statement("SELECT max(seq) FROM node").firstRow { $0.optionalInt64(0) } ?? nil
        if let highest, highest > Store.largestSyncedRow {
            throw damaged("a list or item has the row \(highest), past the rows a store gives and sync can number (1 to \(Store.largestSyncedRow))")
        }
    }

    static func createCounter(seq: Int64, part: Int64 = 0) -> Int64 {
        -(seq << createCounterShift | part)
    }

    /// The row a create's counter was worked out from.
    static func createdRow(counter: Int64) -> Int64 {
        (-counter) >> createCounterShift
    }

    public func outgoingOperations(limit: Int) throws -> [SyncOperation] {
        // A write: the rows sent are watched from now on, so that a change made to one
        // before the hub acknowledges it becomes an operation of its own.
        try write {
            let replica = try replicaID()
            try requireRowsSyncCanNumber()
            try requireSyncLogSwitchedOn()
            var operations: [SyncOperation] = []
            let pushedTo = try syncMark(.syncPushedTo)
            let handedOut = try syncMark(.syncWatchedTo)
            var watchedTo = max(handedOut, 0)
            if pushedTo < 0 {
                // The root, row 0, has no create of its own: only its forms go out.
                operations += try placeOperations(seq: nil, created: 0, replica: replica)
            }
            try placeUnsent(after: max(pushedTo, 0), upTo: limit, replica: replica)
            // Changes of nodes deleted since with no last state kept went with them.
            try database.execute(
                """
                DELETE FROM sync_op WHERE seq IS NOT NULL AND property <> 'purge'
                  AND NOT EXISTS (SELECT 1 FROM node WHERE node.seq = sync_op.seq)
                  AND NOT EXISTS (SELECT 1 FROM sync_tombstone WHERE sync_tombstone.seq = sync_op.seq)
                """)
            let creates = try database.statement(
                """
                SELECT \(Self.nodeColumnsButText), p.id, p.created,
                       (SELECT json_group_object(name, value) FROM field_value WHERE item = n.seq), n.order_stamp, n.text,
                       ifnull(n.hidden < 0, 0)
                FROM node AS n LEFT JOIN node AS p ON p.seq = n.parent
                WHERE n.seq > ? AND n.seq NOT IN (SELECT seq FROM sync_pulled) ORDER BY n.seq
                """)
                .bind(1, max(pushedTo, 0))
            defer { creates.reset() }
            // The next create to send, its row the statement's current one; nil past the last.
            // An add undone before it went out is not sent: sent, every other machine put it
            // in its trash while this one listed it nowhere. It is redone, and then goes, or
            // the next change discards it; what was added after it waits. One handed out
            // before (a push cut short) may be on the hub, and goes out in the trash, where
            // this store lists it (`undoneAddSent`).
            func nextCreate() throws -> Int64? {
                guard try creates.step(), creates.int64(NodeColumn.count + 5) == 0 || creates.int64(0) <= handedOut else {
                    return nil
                }
                return creates.int64(0)
            }
            func sendCreate() throws {
                let node = node(from: creates)
                let parentID = node.parentSeq.map { id(seq: $0, stored: creates, column: NodeColumn.count, createdMilliseconds: creates.int64(NodeColumn.count + 1)) }
                let stamp = creates.int64(NodeColumn.count + 3)
                let group = creates.isNull(NodeColumn.hidden.position)
                    ? nil
                    : try trashGroupOfCreate(seq: node.seq, hiddenBy: creates.int64(NodeColumn.hidden.position), stamp: stamp,
                                             replica: replica)
                let value = Self.createValue(
                    kind: node.kind, parent: parentID, text: creates, column: NodeColumn.count + 4,
                    created: node.created.milliseconds, offset: Int64(node.created.offsetSeconds),
                    done: creates.optionalInt64(NodeColumn.done.position), group: group,
                    fields: creates.isNull(NodeColumn.count + 2) ? "{}" : creates.string(NodeColumn.count + 2))
                operations.append(SyncOperation(
                    replica: replica, counter: Store.createCounter(seq: node.seq), stamp: stamp,
                    node: node.id, property: "create", value: value))
                operations += try placeOperations(seq: node.seq, created: node.created.milliseconds, replica: replica)
                watchedTo = max(watchedTo, node.seq)
            }
            // A change's base is the stamp of the value it replaced: `sync_stamp` is
            // written only when the hub acknowledges a change or a pull applies one, so
            // it still holds that value's stamp, and no stamp means the create's. A
            // purge's is that of the trash mark its maker saw: a machine where the node
            // left the trash by a restore its maker never saw keeps it out.
            let pending = try database.statement(
                """
                SELECT o.counter, o.stamp, o.seq, o.created, o.id, o.property, s.stamp, \(Self.latestRowNamed(by: "o"))
                FROM sync_op AS o LEFT JOIN sync_stamp AS s
                  ON s.seq = ifnull(o.seq, 0) AND s.property = iif(o.property = 'purge', 'trashed', o.property)
                ORDER BY o.counter LIMIT ?
                """)
                .bind(1, Int64(limit))
            var rows: [(counter: Int64, stamp: Int64, seq: Int64?, node: NodeID?, property: String, base: Int64?, naming: Int64)] = []
            while try pending.step() {
                let seq = pending.optionalInt64(2)
                let node = seq.map { id(seq: $0, stored: pending, column: 4, createdMilliseconds: pending.int64(3)) }
                let property = pending.string(5)
                let base = pending.optionalInt64(6) ?? Store.createStamp(pending.optionalInt64(3) ?? 0)
                rows.append((pending.int64(0), pending.int64(1), seq, node, property, base, pending.int64(7)))
            }
            // A create sends its row as it is now, so it goes after the changes, as late as
            // it can: right before the first change that names its row or a later one (a
            // change of a row whose create went out in a push cut short, a move into a list
            // made here), else last. Sent before every change, the create of a list made or
            // renamed after an `rm` of another list of its name landed before that `rm`,
            // where every other machine merged the two and this one had not.
            var create = try nextCreate()
            var buried = try handedOutCreatesDeletedSince(pushedTo: max(pushedTo, 0), handedOut: handedOut)[...]
            func nextCreateRow() -> Int64? {
                [create, buried.first].compactMap { $0 }.min()
            }
            func sendNextCreate() throws {
                if let seq = buried.first, create.map({ seq < $0 }) ?? true {
                    operations.append(try buriedCreate(seq: seq, replica: replica))
                    buried.removeFirst()
                } else {
                    try sendCreate()
                    create = try nextCreate()
                }
            }
            var changesSent = 0
            for row in rows {
                while let seq = nextCreateRow(), operations.count < limit, seq <= row.naming {
                    try sendNextCreate()
                }
                guard operations.count < limit else { break }
                let value = row.property == "create"
                    ? try mergedCreateValue(survivor: row.seq, counter: row.counter)
                    : try currentValue(seq: row.seq, property: row.property)
                operations.append(SyncOperation(
                    replica: replica, counter: row.counter, stamp: row.stamp, node: row.node, property: row.property,
                    value: value, base: row.base))
                changesSent += 1
            }
            while nextCreateRow() != nil, operations.count < limit {
                try sendNextCreate()
            }
            try database.statement("UPDATE setting SET value = ? WHERE key = \(Setting.syncWatchedTo.sql)").bind(1, watchedTo).run()
            // What a push has read may be on the hub: undoing its change sends the
            // earlier value from now on.
            if changesSent > 0 {
                try database.statement("UPDATE sync_op SET unsent_change = NULL WHERE counter <= ? AND unsent_change IS NOT NULL")
                    .bind(1, rows[changesSent - 1].counter).run()
            }
            return operations
        }
    }

    /// Rows made here whose creates a push handed out and the hub has not acknowledged,
    /// deleted for good here since. The hub may hold such a create or not; the changes
    /// sent since name the row all the same (a move into it, its purge), so it goes out
    /// again from its last state, with the counter it had: a hub that holds it keeps one.
    private func handedOutCreatesDeletedSince(pushedTo: Int64, handedOut: Int64) throws -> [Int64] {
        var rows: [Int64] = []
        let buried = try database.statement(
            "SELECT seq FROM sync_tombstone WHERE seq > ? AND seq <= ? AND seq NOT IN (SELECT seq FROM sync_pulled) ORDER BY seq")
            .bind(1, pushedTo).bind(2, handedOut)
        while try buried.step() { rows.append(buried.int64(0)) }
        return rows
    }

    /// The create of row `seq`, deleted for good here, read from its last state: in the
    /// trash, in the group it went out in, when it was in the trash as it was handed
    /// out (`trashGroupOfCreate` kept the group); the changes made since follow it.
    private func buriedCreate(seq: Int64, replica: NodeID) throws -> SyncOperation {
        let last = try database.statement(
            """
            SELECT t.id, t.kind, t.parent, t.created, t.created_offset, t.done, ifnull(t.fields, '{}'), t.order_stamp, t.text,
                   (SELECT stamp FROM sync_stamp WHERE seq = t.seq AND property = 'trashgroup')
            FROM sync_tombstone AS t WHERE t.seq = ?
            """)
            .bind(1, seq)
        defer { last.reset() }
        guard try last.step() else { throw damaged("the last state of row \(seq) went while a push read it") }
        let id = id(seq: seq, stored: last, column: 0, createdMilliseconds: last.int64(3))
        let parent = try last.optionalInt64(2).flatMap { try nodeID(seq: $0) ?? lastStateID(of: $0) }
        let created = last.int64(3)
        guard let kind = Node.Kind(rawValue: last.int64(1)) else {
            throw damaged("the last state of row \(seq) in sync_tombstone has a kind that is neither a list nor an item")
        }
        let value = Self.createValue(
            kind: kind, parent: parent, text: last, column: 8, created: created,
            offset: last.int64(4), done: last.optionalInt64(5), group: last.optionalInt64(9), fields: last.string(6))
        return SyncOperation(replica: replica, counter: Store.createCounter(seq: seq),
                             stamp: last.optionalInt64(7) ?? Store.createStamp(created), node: id, property: "create", value: value)
    }

    /// A create's value, its text read from `column` of `row`: in the trash when it has a
    /// group. Put together in one string of the size it ends at: an interpolation grew its
    /// buffer by doubling, far past a long entry's size.
    private static func createValue(kind: Node.Kind, parent: NodeID?, text row: Statement, column: Int32, created: Int64,
                                    offset: Int64, done: Int64?, group: Int64?, fields: String) -> String {
        let head = "{\"kind\":\"\(kind == .list ? "list" : "item")\",\"parent\":\(SyncValue.id(parent)),\"text\":"
        let tail = """
            ,"created":\(created),"offset":\(offset),"done":\(SyncValue.number(done)),"trashed":\(group != nil),\
            \(group.map { "\"group\":\($0)," } ?? "")"fields":\(fields)}
            """
        return row.withColumnText(column) { SyncValue.value(head, quoting: $0, tail) }
    }

    /// The create of a list made here that a pulled list of its name took in before it
    /// went out (`keepOwnUnsentCreate`): a list of the survivor's name and place, which
    /// names the survivor (`alias`); nil when the survivor is gone too.
    private func mergedCreateValue(survivor seq: Int64?, counter: Int64) throws -> String? {
        guard let seq, let survivor = try nodeID(seq: seq),
              let row = try database.statement(
                  "SELECT n.parent, n.text, o.created FROM node AS n, sync_op AS o WHERE n.seq = ? AND o.counter = ?")
                  .bind(1, seq).bind(2, counter)
                  .firstRow({ (parent: $0.optionalInt64(0), text: $0.string(1), created: $0.int64(2)) })
        else { return nil }
        let parent = try row.parent.flatMap { try nodeID(seq: $0) }
        return "{\"kind\":\"list\",\"parent\":\(SyncValue.id(parent)),\"text\":\(SyncValue.quoted(row.text)),"
            + "\"created\":\(row.created),\"offset\":0,\"done\":null,\"trashed\":false,\"fields\":{},"
            + "\"alias\":\(SyncValue.id(survivor))}"
    }

    /// The stamp that names the trash group of node `seq`, made here and put in the
    /// trash by change `hidden` before it went out: the one its group's other nodes
    /// went out with, or else its create's. Kept as the node's `trashgroup`, and sent
    /// in its create (`group`), so that every machine groups it alike. A create sent
    /// again, its acknowledgement lost, leaves alone the group of an `rm` made here
    /// since and not sent: that `rm` follows the create and takes the node into its
    /// own group everywhere.
    private func trashGroupOfCreate(seq: Int64, hiddenBy hidden: Int64, stamp: Int64, replica: NodeID) throws -> Int64 {
        let group = try database.statement(
            """
            SELECT t.stamp FROM node AS mate JOIN sync_stamp AS t ON t.seq = mate.seq AND t.property = 'trashgroup'
            WHERE mate.hidden = ?1 AND ?1 > 0 AND mate.seq <> ?2 LIMIT 1
            """)
            .bind(1, hidden).bind(2, seq).firstRow { $0.int64(0) } ?? stamp
        // Named by another node's stamp, it is the create's mark all the same, here as
        // where the create is pulled (`SyncMerge.groupOfCreate`).
        for property in group == stamp ? ["trashgroup"] : ["trashgroup", SyncMerge.groupOfCreate] {
            try database.statement(
                """
                INSERT OR REPLACE INTO sync_stamp (seq, property, stamp, replica) SELECT ?1, ?4, ?2, ?3
                WHERE NOT EXISTS (SELECT 1 FROM sync_op WHERE seq = ?1 AND property = 'trashed')
                """)
                .bind(1, seq).bind(2, group).bind(3, blob: replica.bytes).bind(4, property).run()
        }
        return group
    }

    /// The clock moved past its last value and the time now, as the triggers move it:
    /// later than every stamp this store made or pulled, so that a node sent now goes
    /// after every sibling that has a stamp, where it already was.
    private func tickedClock() throws -> Int64 {
        _ = try syncClock()
        return try database.statement(
            "SELECT max(value + 1, CAST(unixepoch('subsec') * 1000 AS INTEGER) << 16) FROM setting WHERE key = \(Setting.hlc.sql)")
            .firstRow { $0.int64(0) } ?? 0
    }

    /// Gives nodes their place among their siblings: the stamp of their create, and
    /// the replica that made it.
    func place(_ nodes: [(seq: Int64, stamp: Int64)], replica: NodeID) throws {
        for node in nodes {
            try database.statement("UPDATE node SET order_stamp = ?, order_replica = ? WHERE seq = ?")
                .bind(1, node.stamp).bind(2, Store.orderReplica(replica)).bind(3, node.seq).run()
        }
    }

    /// The stamp the create of row `seq`, made here and not sent, goes out with: handed
    /// out now when it has none yet, with those of the rows made before it, in the order
    /// they were made, as a push hands them out. Nil for a row the hub has or was given.
    func unsentCreateStamp(of seq: Int64) throws -> Int64? {
        guard try isUnsentCreate(seq: seq) else { return nil }
        let pushedTo = max(try syncMark(.syncPushedTo), 0)
        let unplaced = try database.statement(
            "SELECT count(*) FROM node WHERE seq > ? AND seq <= ? AND seq NOT IN (SELECT seq FROM sync_pulled) AND order_stamp IS NULL")
            .bind(1, pushedTo).bind(2, seq).firstRow { $0.int64(0) } ?? 0
        if unplaced > 0 { try placeUnsent(after: pushedTo, upTo: Int(unplaced), replica: try replicaID()) }
        return try database.statement("SELECT order_stamp FROM node WHERE seq = ?").bind(1, seq).firstRow { $0.optionalInt64(0) } ?? nil
    }

    /// Gives the first `limit` rows after `seq` made here and not placed yet their place
    /// among siblings, in the order they were made, before a push reads them: an update
    /// rewrites the whole row, and one of a long entry made while the push held the
    /// batch's values was its peak. A push visits at most `limit` rows, each at least
    /// one operation, so every row it sends is placed.
    private func placeUnsent(after seq: Int64, upTo limit: Int, replica: NodeID) throws {
        let rows = try database.statement(
            """
            SELECT seq FROM node
            WHERE seq > ? AND seq NOT IN (SELECT seq FROM sync_pulled) AND order_stamp IS NULL
            ORDER BY seq LIMIT ?
            """)
            .bind(1, seq).bind(2, Int64(limit))
        defer { rows.reset() }
        var unplaced: [Int64] = []
        while try rows.step() { unplaced.append(rows.int64(0)) }
        guard !unplaced.isEmpty else { return }
        let first = try tickedClock()
        try place(unplaced.enumerated().map { ($0.element, first + Int64($0.offset)) }, replica: replica)
        try database.statement("UPDATE setting SET value = max(value, ?) WHERE key = \(Setting.hlc.sql)")
            .bind(1, first + Int64(unplaced.count - 1)).run()
    }

    /// A replica as the order of siblings compares it: its first 8 bytes, a whole
    /// number that is the same on every machine.
    static func orderReplica(_ replica: NodeID) -> Int64 {
        Int64(bitPattern: replica.bytes.prefix(8).reduce(0) { $0 << 8 | UInt64($1) })
    }

    /// The stamp of the field definitions and options sent with a place's create, and
    /// of the creates of store version 10, whose nodes still sort by it: the creation
    /// time, so that any change made after it, here or elsewhere, wins over it.
    static func createStamp(_ milliseconds: Int64) -> Int64 {
        min(max(milliseconds, 0), DerivedIDs.millisecondsRange.upperBound) << 16
    }

    /// The field definitions and options of a place sent with its create (the root's
    /// at the first push), each an operation of its own.
    private func placeOperations(seq: Int64?, created: Int64, replica: NodeID) throws -> [SyncOperation] {
        var operations: [SyncOperation] = []
        let node = try seq.flatMap { try nodeID(seq: $0) }
        let stamp = Store.createStamp(created)
        let fields = try database.statement("SELECT seq, name FROM field WHERE ifnull(owner, 0) = ? ORDER BY seq")
            .bind(1, seq ?? 0)
        var names: [(Int64, String)] = []
        while try fields.step() { names.append((fields.int64(0), fields.string(1))) }
        for (fieldSeq, name) in names {
            let part = 1 + (fieldSeq - 1) % (Store.optionCounterBit - 1)
            operations.append(SyncOperation(
                replica: replica, counter: Store.createCounter(seq: seq ?? 0, part: part), stamp: stamp, node: node,
                property: "fielddef:" + name, value: try currentValue(seq: seq, property: "fielddef:" + name)))
        }
        let options = try database.statement("SELECT rowid, key FROM place_option WHERE ifnull(owner, 0) = ? ORDER BY rowid")
            .bind(1, seq ?? 0)
        var keys: [(Int64, String)] = []
        while try options.step() { keys.append((options.int64(0), options.string(1))) }
        for (rowid, key) in keys {
            let part = Store.optionCounterBit | rowid % Store.optionCounterBit
            operations.append(SyncOperation(
                replica: replica, counter: Store.createCounter(seq: seq ?? 0, part: part), stamp: stamp, node: node,
                property: "option:" + key, value: try currentValue(seq: seq, property: "option:" + key)))
        }
        return operations
    }

    /// The id of row `seq`, nil when there is no such row.
    func nodeID(seq: Int64) throws -> NodeID? {
        try database.statement("SELECT seq, id, created FROM node WHERE seq = ?").bind(1, seq)
            .firstRow { id(seq: $0.int64(0), stored: $0, column: 1, createdMilliseconds: $0.int64(2)) }
    }

    /// The row of the node `id`, wherever it is (the trash included); nil when there is none.
    func nodeSeq(of id: NodeID) throws -> Int64? {
        if let row = derivedIDs.row(of: id),
           let seq = try database.statement("SELECT seq FROM node WHERE seq = ? AND id IS NULL AND created = ?")
               .bind(1, row.seq).bind(2, row.createdMilliseconds).firstRow({ $0.int64(0) }) {
            return seq
        }
        return try database.statement(
            """
            SELECT seq FROM node WHERE id = ?1
            UNION ALL SELECT node.seq FROM node_alias JOIN node ON node.seq = node_alias.seq WHERE node_alias.id = ?1
            LIMIT 1
            """)
            .bind(1, blob: id.bytes).firstRow { $0.int64(0) }
    }

    /// `NodeColumn.all` of the node `n` with an empty text in the text's place: a create's
    /// value quotes the text where SQLite holds it, never copied into the `Node`.
    private static let nodeColumnsButText = NodeColumn.allCases
        .map { $0 == .text ? "''" : "n." + $0.name }.joined(separator: ", ")

    /// The id of node `seq`, deleted for good, from its last state.
    func lastStateID(of seq: Int64) throws -> NodeID? {
        try database.statement("SELECT seq, id, created FROM sync_tombstone WHERE seq = ?").bind(1, seq)
            .firstRow { id(seq: $0.int64(0), stored: $0, column: 1, createdMilliseconds: $0.int64(2)) }
    }

    /// A property of node `seq`, deleted for good, as its last state holds it: the
    /// value of a change made before the deletion and sent after it.
    private func lastStateValue(seq: Int64, property: SyncProperty) throws -> String? {
        let state = try database.statement(
            "SELECT text, parent, done, created, created_offset, ifnull(fields, '{}') FROM sync_tombstone WHERE seq = ?")
            .bind(1, seq)
        defer { state.reset() }
        guard try state.step() else { return nil }
        switch property {
        case .text: return state.withColumnText(0) { SyncValue.value("", quoting: $0, "") }
        case .parent:
            let parent = state.optionalInt64(1)
            return SyncValue.id(try parent.flatMap { try nodeID(seq: $0) ?? lastStateID(of: $0) })
        case .done: return SyncValue.number(state.optionalInt64(2))
        case .trashed: return "true"
        case .created: return "{\"created\":\(state.int64(3)),\"offset\":\(state.int64(4))}"
        case .field(let name):
            return try database.statement("SELECT value FROM json_each(?) WHERE key = ?").bind(1, state.string(5)).bind(2, name)
                .firstRow { SyncValue.quoted($0.string(0)) }
        default: return nil
        }
    }

    /// A property of node `seq` (nil: the root) as the wire gives it; nil when it is
    /// removed (a field value, definition or option) or the node is not there.
    func currentValue(seq: Int64?, property name: String) throws -> String? {
        guard let property = SyncProperty(name) else { return nil }
        if let value = try nodeValue(seq: seq, property: property) { return value }
        // Removed from a node here, or the node deleted for good since it changed.
        guard let seq, try database.statement("SELECT 1 FROM node WHERE seq = ?").bind(1, seq).firstRow({ _ in true }) == nil
        else { return nil }
        return try lastStateValue(seq: seq, property: property)
    }

    /// A property of node `seq` (nil: the root) as the wire gives it, read from the
    /// node; nil when it is removed or the node is not there.
    private func nodeValue(seq: Int64?, property: SyncProperty) throws -> String? {
        switch property {
        case .create: return nil
        case .purge: return "true"
        case .text:
            return try database.statement("SELECT text FROM node WHERE seq = ?").bind(1, seq)
                .firstRow { $0.withColumnText(0) { SyncValue.value("", quoting: $0, "") } }
        case .parent:
            // A move refused here, as a pull put it in a cycle, still goes out: every
            // other machine refuses it at its position and keeps the same conflict. It
            // names the list it was made into, deleted for good here since or not.
            guard let row = try database.statement(
                """
                SELECT CASE WHEN h.sending IS NULL THEN n.parent ELSE nullif(h.sending, 0) END
                FROM node AS n LEFT JOIN sync_hub_parent AS h ON h.seq = n.seq WHERE n.seq = ?
                """).bind(1, seq)
                .firstRow({ $0.optionalInt64(0) }) else { return nil }
            return SyncValue.id(try row.flatMap { try nodeID(seq: $0) ?? lastStateID(of: $0) })
        case .done:
            return try database.statement("SELECT done FROM node WHERE seq = ?").bind(1, seq)
                .firstRow { SyncValue.number($0.optionalInt64(0)) }
        case .trashed:
            return try database.statement("SELECT hidden IS NOT NULL FROM node WHERE seq = ?").bind(1, seq)
                .firstRow { $0.int64(0) != 0 ? "true" : "false" }
        case .created:
            return try database.statement("SELECT created, created_offset FROM node WHERE seq = ?").bind(1, seq)
                .firstRow { "{\"created\":\($0.int64(0)),\"offset\":\($0.int64(1))}" }
        case .field(let name):
            return try database.statement("SELECT value FROM field_value WHERE item = ? AND name = ?")
                .bind(1, seq).bind(2, name).firstRow { SyncValue.quoted($0.string(0)) }
        case .fieldDefinition(let name):
            return try database.statement(
                "SELECT type, choices, required, inherit FROM field WHERE ifnull(owner, 0) = ? AND name = ?")
                .bind(1, seq ?? 0).bind(2, name).firstRow { row in
                    let kind = Field.Kind(stored: row.string(0), choices: row.isNull(1) ? nil : row.string(1))
                    var choices = "null"
                    if case .choice(let list) = kind { choices = "[" + list.map(SyncValue.quoted).joined(separator: ",") + "]" }
                    return """
                        {"type":\(SyncValue.quoted(kind.name)),"choices":\(choices),\
                        "required":\(row.int64(2) != 0),"inherit":\(row.int64(3) != 0)}
                        """
                }
        case .option(let key):
            return try database.statement(
                "SELECT value, typeof(value) FROM place_option WHERE ifnull(owner, 0) = ? AND key = ?")
                .bind(1, seq ?? 0).bind(2, key).firstRow { row in
                    row.string(1) == "integer" ? String(row.int64(0)) : SyncValue.quoted(row.string(0))
                }
        }
    }

    public func acknowledge(_ operations: [SyncOperation], movingCursorFrom base: HubHead?, to head: HubHead?,
                            allAdded: Bool) throws {
        try write {
            let replica = try replicaID()
            // The push landed on the head this store had pulled to: what lies between it
            // and the new head is this store's own, which a pull would pass over. Moved in
            // the same transaction, the cursor is past every operation acknowledged, so a
            // hub that loses one of them is told from the one this store synced with.
            if let base, let head, try integerSetting(.syncCursor) == base.position {
                try setSyncCursor(head.position, hash: head.hash)
            }
            if let head { try noteAcknowledgedHead(head) }
            try notePassedSyncLogBeforeAcknowledging()
            let aheadBefore = try ownOperationsAhead()
            let loggedBefore = try lastLoggedRow()
            for operation in operations { _ = try logSyncOperation(operation) }
            // Landed on the head this store had pulled to, they stand before all it
            // pulls from now on; else what the next pull brings may have landed first.
            if base != nil {
                try passSyncLog()
            } else {
                try noteOwnOperationsLanded(by: head?.position, count: operations.count, aheadBefore: aheadBefore,
                                            loggedBefore: loggedBefore, allAdded: allAdded)
            }
            var pushedTo = try syncMark(.syncPushedTo)
            // A node of each `rm` landed, by its stamp: one change puts all its nodes in
            // the trash with one stamp.
            var removalsLanded: [Int64: Int64] = [:]
            let sent = try database.statement("SELECT seq, property FROM sync_op WHERE counter = ?")
            for operation in operations where operation.replica == replica {
                guard operation.counter > 0 else {
                    pushedTo = max(pushedTo, Store.createdRow(counter: operation.counter))
                    continue
                }
                // A row changed again since it was sent has a new counter: it stays.
                guard let row = try sent.bind(1, operation.counter).firstRow({
                    (seq: $0.optionalInt64(0) ?? 0, property: $0.string(1))
                }) else {
                    try acknowledgeChangedAgain(operation, replica: replica)
                    continue
                }
                // A rename of a list merged away here names that list, not the one its
                // row now is, whose value it leaves as it was everywhere. A row deleted
                // since keeps the stamp in its last state.
                let namesAnotherRow = try row.seq != 0 && nodeID(seq: row.seq).map { $0 != operation.node } ?? false
                if row.property != "purge", !namesAnotherRow {
                    try recordStamp(seq: row.seq, property: row.property, stamp: operation.stamp, replica: replica)
                }
                if SyncProperty(row.property)?.forgetsWhatItSaw == true { try forgetSyncConflicts(seenBy: operation) }
                // A restore that still holds trims the purges it was made over, as every
                // machine that pulls it does.
                if row.property == "trashed", operation.value == "false", let node = operation.node, let base = operation.base,
                   try database.statement("SELECT 1 FROM node WHERE seq = ? AND hidden IS NULL").bind(1, row.seq)
                       .firstRow({ _ in true }) == true {
                    try keepOnlyTheLatestPurge(of: node, since: base)
                }
                try database.statement("DELETE FROM sync_op WHERE counter = ?").bind(1, operation.counter).run()
                if row.property == "trashed", operation.value == "true", removalsLanded[operation.stamp] == nil {
                    removalsLanded[operation.stamp] = row.seq
                }
            }
            for seq in removalsLanded.values { try gatherTrashGroup(landedWith: seq, replica: replica) }
            try database.statement("UPDATE setting SET value = ? WHERE key = \(Setting.syncPushedTo.sql)").bind(1, pushedTo).run()
            try database.statement("DELETE FROM sync_pulled WHERE seq <= ?").bind(1, pushedTo).run()
            if base != nil { try passOwnOperationsLanded(after: loggedBefore) }
            if try !hasLocalCreatesUnsent() { try markEverythingSent() }
        }
    }

    /// A node pulled into the group of an `rm` made here while that `rm` was on its way
    /// went to a change of the sync's for the group, as an undo before it went out would
    /// have left it apart (`trashGroupChange`). Once the hub holds the `rm`, it joins the
    /// `rm`'s own change, where a pull after the acknowledgement puts it: one group is
    /// one change, so `trash` lists it as one and `restore` brings it back whole, as on
    /// every other machine (random run seed 745729177, sealed).
    private func gatherTrashGroup(landedWith seq: Int64, replica: NodeID) throws {
        try database.statement(
            """
            UPDATE node SET hidden = landed.hidden
            FROM node AS landed JOIN sync_stamp AS group_mark ON group_mark.seq = landed.seq AND group_mark.property = 'trashgroup'
            WHERE landed.seq = ?1 AND landed.hidden > 0 AND group_mark.replica = ?2
              AND node.hidden IN (SELECT seq FROM change WHERE what = ?3 AND stamp = group_mark.stamp)
              AND EXISTS (SELECT 1 FROM sync_stamp AS t WHERE t.seq = node.seq AND t.property = 'trashgroup'
                          AND t.stamp = group_mark.stamp AND t.replica = group_mark.replica)
            """)
            .bind(1, seq).bind(2, blob: replica.bytes).bind(3, Store.syncChangeWhat).run()
    }

    /// The hub holds `operation`, and its property changed again here while it was
    /// on its way (a prompt's edit during `--auto`'s sync): every other machine applies
    /// the two one after the other. The property keeps the acknowledged stamp, which
    /// the next change names as its base. A move's place in the hub's order is told
    /// when the pull gives it back (`sync_hub_parent`).
    private func acknowledgeChangedAgain(_ operation: SyncOperation, replica: NodeID) throws {
        guard operation.property != "purge" else { return }
        let seq = try operation.node.map { try nodeSeq(of: $0) } ?? 0
        guard let seq, try database.statement("SELECT 1 FROM sync_op WHERE ifnull(seq, 0) = ? AND property = ?")
            .bind(1, seq).bind(2, operation.property).firstRow({ _ in true }) == true
        else { return }
        try recordStamp(seq: seq, property: operation.property, stamp: operation.stamp, replica: replica)
    }

    /// A row mark of sync (`sync_pushed_to`, `sync_watched_to`): a whole number from -1
    /// (nothing sent, the root's forms included) to the highest row given. One out of
    /// that range would leave rows unsent, silently: it is damage.
    func syncMark(_ key: Setting) throws -> Int64 {
        let value = try integerSetting(key)
        let highest = try highestNodeSeq()
        guard (-1...highest).contains(value) else {
            throw damaged("the setting \(key) is \(value), outside the rows the store has given (-1 to \(highest))")
        }
        return value
    }

    /// The sync clock as the file holds it: a whole number among the stamps a clock
    /// gives. One near Int64.max is damage, as ticking past it overflows.
    func syncClock() throws -> Int64 {
        let value = try integerSetting(.hlc)
        guard SyncOperation.stampRange.contains(value) else {
            throw damaged(
                "the setting \(Setting.hlc), the clock of sync, is \(value), outside the stamps a clock gives (0 to \(SyncOperation.stampRange.upperBound))")
        }
        return value
    }

    /// Refuses, as damage, a store whose triggers are switched off outside a pull: they
    /// log a change only while `sync_applying` is 0, and it is 1 only inside a pull's
    /// transaction. Left at 1 in the file, every change made here stayed here, and each
    /// sync said "sent 0".
    func requireSyncLogSwitchedOn() throws {
        let applying = try integerSetting(.syncApplying)
        guard applying == 0 else {
            throw damaged("the setting \(Setting.syncApplying) is \(applying) outside a pull, so changes made here are not logged for sync")
        }
    }

    /// What `check` finds wrong with the settings of sync.
    func syncSettingProblems() throws -> [String] {
        var problems: [String] = []
        for key in [Setting.syncPushedTo, .syncWatchedTo, .syncCursor, .hlc, .syncApplying] {
            do {
                switch key {
                case .hlc: _ = try syncClock()
                case .syncApplying: try requireSyncLogSwitchedOn()
                case .syncPushedTo, .syncWatchedTo: _ = try syncMark(key)
                default: _ = try integerSetting(key)
                }
            } catch let error as JotterError {
                problems.append(error.message)
            }
        }
        do {
            try requireRowsSyncCanNumber()
        } catch let error as JotterError {
            problems.append(error.message)
        }
        // A row whose machine is not an id is passed over where it is read: a stamp so
        // damaged made its value the create's, which any pulled change then beat with
        // no conflict kept.
        for table in ["sync_stamp", "sync_conflict", "sync_parked"] {
            // A missing table is named by the look at the tables.
            guard try database.statement("SELECT 1 FROM sqlite_schema WHERE type = 'table' AND name = ?").bind(1, table)
                .firstRow({ _ in true }) == true else { continue }
            let damagedRows = try database.statement(
                "SELECT count(*) FROM \(table) WHERE typeof(replica) <> 'blob' OR length(replica) <> 16 OR typeof(stamp) <> 'integer'")
                .firstRow { $0.int64(0) } ?? 0
            if damagedRows > 0 {
                problems.append("\(damagedRows) row\(damagedRows == 1 ? "" : "s") of \(table) \(damagedRows == 1 ? "has" : "have") a machine that is not a 16-byte id or a stamp that is not a whole number")
            }
        }
        if try setting(.replicaID, { $0.blob(0).count }) != 16 {
            problems.append("the setting \(Setting.replicaID), this store's name for sync, is missing or not 16 bytes")
        }
        return problems
    }

    /// Makes this connection's triggers that log changes for sync, once the store has
    /// begun to sync and when they are not there. Looked for each time rather than
    /// remembered: made inside a transaction, they go with it when it rolls back. Call
    /// inside a write transaction.
    func prepareSyncLog() throws {
        guard try integerSetting(.syncWatchedTo) >= 0,
              try database.statement("SELECT 1 FROM sqlite_temp_schema WHERE name = 'sync_node_text'").firstRow({ _ in true }) == nil
        else { return }
        try database.execute(Store.recordingTable + SyncTriggers.sql)
    }

    /// Keeps the stamp of the value a property holds, unless it holds a later one.
    func recordStamp(seq: Int64, property: String, stamp: Int64, replica: NodeID) throws {
        try database.statement(
            """
            INSERT INTO sync_stamp (seq, property, stamp, replica) VALUES (?, ?, ?, ?)
            ON CONFLICT (seq, property) DO UPDATE SET stamp = excluded.stamp, replica = excluded.replica
            WHERE excluded.stamp > sync_stamp.stamp OR (excluded.stamp = sync_stamp.stamp AND excluded.replica > sync_stamp.replica)
            """)
            .bind(1, seq).bind(2, property).bind(3, stamp).bind(4, blob: replica.bytes).run()
    }

    public func hasOperationsToSend() throws -> Bool {
        try read { try hasChangesUnsent() }
    }

    /// Whether a create or a change made here is not on the hub yet (`exceptAddsUndone`:
    /// see `hasLocalCreatesUnsent`). Call inside a transaction.
    func hasChangesUnsent(exceptAddsUndone: Bool = false) throws -> Bool {
        try hasLocalCreatesUnsent(exceptAddsUndone: exceptAddsUndone)
            || database.statement("SELECT EXISTS (SELECT 1 FROM sync_op)").firstRow { $0.int64(0) != 0 } == true
    }

    /// Whether rows made here (or the root's forms) have not gone out as creates yet;
    /// rows pulled from the hub are not this store's to send. With `exceptAddsUndone`,
    /// an add undone and never handed out, which waits for its redo and is not sent
    /// unless redone, does not count.
    /// The latest row a change not sent yet (`alias`, a row of `sync_op`) names: its
    /// node's, or for a move the list it puts the node in; 0 for none.
    static func latestRowNamed(by alias: String) -> String {
        """
        max(ifnull(\(alias).seq, 0), iif(\(alias).property = 'parent', coalesce((
            SELECT max(ifnull(moved.parent, 0), ifnull(hub.sending, 0)) FROM node AS moved
            LEFT JOIN sync_hub_parent AS hub ON hub.seq = moved.seq WHERE moved.seq = \(alias).seq),
            (SELECT buried.parent FROM sync_tombstone AS buried WHERE buried.seq = \(alias).seq), 0), 0))
        """
    }

    /// Whether row `seq` was made here and its create has not gone out yet. A pull that
    /// began with none such does not remember the rows it makes (`remembersPulledRows`).
    func isUnsentCreate(seq: Int64) throws -> Bool {
        try seq > max(syncMark(.syncPushedTo), 0)
            && database.statement("SELECT 1 FROM sync_pulled WHERE seq = ?").bind(1, seq).firstRow({ _ in true }) == nil
    }

    func hasLocalCreatesUnsent(exceptAddsUndone: Bool = false) throws -> Bool {
        let pushedTo = try syncMark(.syncPushedTo)
        if pushedTo < 0, try database.statement(
            "SELECT EXISTS (SELECT 1 FROM field WHERE owner IS NULL) OR EXISTS (SELECT 1 FROM place_option WHERE owner IS NULL)")
            .firstRow({ $0.int64(0) != 0 }) == true {
            return true
        }
        let undone = exceptAddsUndone ? " AND NOT (ifnull(hidden < 0, 0) AND seq > ?2)" : ""
        // A create handed out and deleted here since goes again (`handedOutCreatesDeletedSince`).
        return try database.statement(
            """
            SELECT EXISTS (SELECT 1 FROM node WHERE seq > ?1 AND seq NOT IN (SELECT seq FROM sync_pulled)\(undone))
                OR EXISTS (SELECT 1 FROM sync_tombstone WHERE seq > ?1 AND seq <= ?2 AND seq NOT IN (SELECT seq FROM sync_pulled))
            """)
            .bind(1, max(pushedTo, 0)).bind(2, try syncMark(.syncWatchedTo))
            .firstRow { $0.int64(0) != 0 } ?? false
    }

    /// Every row is on the hub: the marks move past them all, and no pulled row needs
    /// remembering.
    func markEverythingSent() throws {
        let highest = try highestNodeSeq()
        try database.statement(
            "UPDATE setting SET value = max(value, ?) WHERE key IN (\(Setting.syncPushedTo.sql), \(Setting.syncWatchedTo.sql))")
            .bind(1, highest).run()
        try database.execute("DELETE FROM sync_pulled")
    }
}
