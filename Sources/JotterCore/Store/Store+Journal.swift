/// The everyday verbs on what is already in the store: edit, done, move, the trash.
/// Each is one recorded change, so `undo` reverts it.
extension Store {
    /// Gives `node` new text (a list: a new name) and sets the field values named in
    /// `values`, keeping its id and creation time. False when that is what it holds.
    @discardableResult
    public func edit(_ node: Node, text: String, values: [FieldValue] = []) throws -> Bool {
        if node.kind == .list, let problem = Store.problem(withListName: text) { throw JotterError.input(problem) }
        if let problem = SizeCap.problem(with: text, of: node.kind) { throw JotterError.input(problem) }
        try Store.checkSizes(of: values)
        return try recordingChange {
            // The text held is compared, and named, where it is: a long entry is not
            // read into a string beside the copies SQLite makes to rewrite its row.
            // SQLite gives a text's length in bytes without reading the text. The new
            // text is bound where the string holds it, here and below, so that SQLite
            // makes no copy of a long one on top.
            let comparison = try database.statement(
                """
                SELECT parent, CASE WHEN octet_length(text) = ?3 THEN text = ?2 ELSE 0 END
                FROM node WHERE seq = ?1 AND hidden IS NULL
                """)
                .bind(1, node.seq).bind(3, Int64(text.utf8.count))
            let current = try comparison.withBorrowedText(2, text) {
                try comparison.firstRow { (parentSeq: $0.optionalInt64(0), isSameText: $0.int64(1) != 0) }
            }
            guard let current else { throw JotterError.gone(node) }
            let held = Dictionary(try fieldValues(ofSeq: node.seq).map { ($0.name, $0.value) }) { _, last in last }
            let changesValues = values.contains { held[$0.name] != $0.value }
            guard !current.isSameText || changesValues else { return (false, "") }
            if node.kind == .list, !current.isSameText,
               try !lists(underSeq: current.parentSeq, named: text).isEmpty {
                throw JotterError.input("a list named '\(DisplayText.escaped(text))' is already there")
            }
            if current.isSameText {
                // Only the values change: the text is left where it is, not kept. A
                // long one emptied and written back was a change of the text to the
                // sync log, which sent it whole.
                try database.statement("UPDATE OR ROLLBACK node SET updated = ? WHERE seq = ?")
                    .bind(1, clock().milliseconds).bind(2, node.seq).run()
            } else {
                // The triggers keep the earlier row and text for undo, index the new
                // text and log its change for sync.
                let update = try database.statement(
                    "UPDATE OR ROLLBACK node SET text = ?1, text_sum = jotter_checksum(?1), updated = ?2 WHERE seq = ?3")
                    .bind(2, clock().milliseconds).bind(3, node.seq)
                try update.withBorrowedText(1, text) { try update.run() }
            }
            try insertValues(values, of: node.seq)
            return (true, "edit \(Store.quoted(node.text))")
        }
    }

    /// Dates an item `created` (`edit --at`), keeping its id and its place in its list.
    /// False when that is its date already. An id derived from the row's creation time
    /// (`DerivedIDs`) would change with it: it is stored in the row in the same
    /// statement, as an import's replace does, and undo puts back both.
    @discardableResult
    public func redate(_ node: Node, to created: Timestamp) throws -> Bool {
        guard node.kind == .item else {
            throw JotterError.input("'\(DisplayText.escaped(node.text))' is a list; only items are dated")
        }
        return try recordingChange {
            guard let held = try database.statement(
                "SELECT created, created_offset FROM node WHERE seq = ? AND hidden IS NULL")
                .bind(1, node.seq).firstRow({ (milliseconds: $0.int64(0), offset: $0.int64(1)) })
            else { throw JotterError.gone(node) }
            guard held.milliseconds != created.milliseconds || held.offset != Int64(created.offsetSeconds) else {
                return (false, "")
            }
            try database.statement(
                "UPDATE OR ROLLBACK node SET id = ifnull(id, ?1), created = ?2, created_offset = ?3, updated = ?4 WHERE seq = ?5")
                .bind(1, blob: node.id.bytes).bind(2, created.milliseconds).bind(3, Int64(created.offsetSeconds))
                .bind(4, clock().milliseconds).bind(5, node.seq).run()
            return (true, "date \(Store.quoted(node.text))")
        }
    }

    /// Marks items done (or, with `done` false, not done). Returns how many changed.
    @discardableResult
    public func markDone(_ nodes: [Node], done: Bool = true) throws -> Int {
        if let list = nodes.first(where: { $0.kind == .list }) {
            throw JotterError.input("'\(DisplayText.escaped(list.text))' is a list; only items are done or not")
        }
        return try recordingChange {
            // The time goes in as NULL to take the mark away: one statement for both.
            let statement = try database.statement(
                "UPDATE OR ROLLBACK node SET done = ?1 WHERE seq = ?2 AND (done IS NULL) = (?1 IS NOT NULL) AND hidden IS NULL")
            var count = 0
            for node in nodes {
                // Its row now: the journal applied again after a rebuild numbers rows anew.
                try statement.bind(1, done ? clock().milliseconds : nil).bind(2, try nodeSeq(of: node.id) ?? node.seq).run()
                count += Int(database.changes)
                statement.resetKeepingBindings()
            }
            return (count, "\(done ? "done" : "undone") \(Store.described(nodes))")
        }
    }

    /// Moves nodes, with everything under them, to the end of `destination`'s path.
    public func move(_ nodes: [Node], to destination: NavigationPath) throws {
        // The destination is checked below, inside the transaction.
        try withoutForeignKeyChecks { try recordingChange {
            guard try stillHolds(destination) else {
                throw JotterError.input("\(destination.display) was moved or deleted just now; nothing was moved")
            }
            // Where the destination is now, read inside this transaction: another
            // process may have moved one of its ancestors since the path was resolved,
            // and a check on that path would let two crossed moves make a cycle.
            let line = try destination.top.flatMap { try self.node(id: $0.id) }.map { try ancestry(of: $0) } ?? .root
            for node in nodes {
                guard try isInSight(node) else { throw JotterError.gone(node) }
                if line.nodes.contains(where: { $0.seq == node.seq }) {
                    throw JotterError.input(
                        "cannot move '\(DisplayText.escaped(node.text))' into \(line.display), which is inside it")
                }
                if node.kind == .list, node.parentSeq != destination.top?.seq,
                   try !lists(under: destination.top, named: node.text).isEmpty {
                    throw JotterError.input(
                        "a list named '\(DisplayText.escaped(node.text))' is already in \(destination.display); nothing was moved")
                }
                try checkDepth(moving: node, into: line)
                try database.statement("UPDATE OR ROLLBACK node SET parent = ? WHERE seq = ?")
                    .bind(1, destination.top?.seq).bind(2, node.seq).run()
            }
            return ((), "mv \(Store.described(nodes)) to \(destination.display)")
        } }
    }

    /// Puts nodes, with everything under them, in the trash.
    public func remove(_ nodes: [Node]) throws {
        try recordingChange {
            for node in nodes where try !isInSight(node) { throw JotterError.gone(node) }
            // A target inside another one, or named twice, went with the first.
            for node in nodes where try hiddenBy(node) == nil { try putInTrash(seq: node.seq) }
            return ((), "rm \(Store.described(nodes))")
        }
    }

    /// Hides the node at `seq` and what is in sight under it by the change being recorded.
    func putInTrash(seq: Int64) throws {
        try database.statement(
            """
            WITH RECURSIVE subtree (seq) AS (
                SELECT ?1
                UNION ALL
                SELECT node.seq FROM subtree JOIN node ON node.parent = subtree.seq WHERE node.hidden IS NULL
            )
            UPDATE OR ROLLBACK node SET hidden = (SELECT change FROM recording)
            WHERE seq IN subtree AND hidden IS NULL
            """)
            .bind(1, seq).run()
    }

    /// Something in the trash: what was removed, and from where.
    public struct TrashEntry: Equatable, Sendable {
        public let node: Node
        /// Where it was, which `restore` puts it back under.
        public let place: NavigationPath
        public let removed: Timestamp
        /// How many nodes were removed under it.
        public let below: Int

        /// The entry with its node as a command that changes it holds it (see `Node.naming`).
        public var naming: TrashEntry {
            TrashEntry(node: node.naming, place: place, removed: removed, below: below)
        }
    }

    /// What `rm` put in the trash, most recent last: each node removed by a command,
    /// not the nodes under it. A store that syncs lists them alike on every machine:
    /// by their `rm`'s group (the sync clock when it was made, docs/sync.md), then by
    /// id; what no group names yet (never synced) comes after, in the order made here.
    public func trash() throws -> [TrashEntry] {
        try read {
            let statement = try database.statement(
                """
                SELECT \(NodeColumn.all(of: "n")),
                       change.made, change.made_offset, t.stamp, t.replica, abs(n.hidden)
                FROM node AS n JOIN change ON change.seq = abs(n.hidden)
                LEFT JOIN sync_stamp AS t ON t.seq = n.seq AND t.property = 'trashgroup'
                WHERE (n.hidden > 0 AND change.undone = 0 OR \(Store.undoneAddSent("n")))
                  AND (n.parent IS NULL OR (SELECT hidden FROM node AS p WHERE p.seq = n.parent) IS NOT n.hidden)
                """)
            // Put in order here, not by SQLite: no index gives this order, and SQLite's
            // sorter holds a copy of every row it sorts, an entry's whole text with it.
            var removedBy: [Int64: Int64] = [:]
            var listed: [(node: Node, removed: Timestamp, group: TrashGroup?)] = []
            while try statement.step() {
                let made = NodeColumn.count
                let group = statement.isNull(made + 2) ? nil : NodeID(bytes: statement.blob(made + 3))
                    .map { TrashGroup(stamp: statement.int64(made + 2), replica: $0) }
                // A group's time is its `rm`'s, as its maker's clock gave it.
                let milliseconds = group.map { $0.stamp >> 16 } ?? statement.int64(made)
                let node = node(from: statement)
                removedBy[node.seq] = statement.int64(made + 4)
                listed.append((node, Timestamp(
                    milliseconds: milliseconds, offsetSeconds: Int32(truncatingIfNeeded: statement.int64(made + 1))), group))
            }
            listed.sort { (removedBy[$0.node.seq] ?? 0, $0.node.seq) < (removedBy[$1.node.seq] ?? 0, $1.node.seq) }
            let entries = Store.inTrashOrder(listed)
            return try entries.map { node, removed in
                let place = try node.parentSeq.flatMap { try self.node(seq: $0) }.map(ancestry(of:)) ?? .root
                return TrashEntry(node: node, place: place, removed: removed, below: try countBelow(node))
            }
        }
    }

    /// The trash's lines as every machine that holds them numbers them: those of a
    /// group by the group, then by id; the rest after them, as read.
    private static func inTrashOrder(_ listed: [(node: Node, removed: Timestamp, group: TrashGroup?)]) -> [(Node, Timestamp)] {
        listed.enumerated().sorted { first, second in
            switch (first.element.group, second.element.group) {
            case let (one?, other?):
                one != other ? one < other : first.element.node.id < second.element.node.id
            case (.some, nil): true
            case (nil, .some): false
            case (nil, nil): first.offset < second.offset
            }
        }.map { ($0.element.node, $0.element.removed) }
    }

    private func countBelow(_ node: Node) throws -> Int {
        Int(try database.statement(
            """
            WITH RECURSIVE subtree (seq) AS (
                SELECT seq FROM node WHERE parent = ?1 AND hidden = ?2
                UNION ALL
                SELECT node.seq FROM subtree JOIN node ON node.parent = subtree.seq WHERE node.hidden = ?2
            )
            SELECT count(*) FROM subtree
            """)
            .bind(1, node.seq).bind(2, try hiddenBy(node)).firstRow { $0.int64(0) } ?? 0)
    }

    func hiddenBy(_ node: Node) throws -> Int64? {
        try database.statement("SELECT hidden FROM node WHERE seq = ?").bind(1, node.seq).firstRow { $0.optionalInt64(0) }
            ?? nil
    }

    /// How many lists and items are in the trash, those under what was removed included:
    /// what emptying it deletes.
    public func trashedCount() throws -> Int {
        try read {
            Int(try database.statement("SELECT count(*) FROM node AS n WHERE n.hidden > 0 OR \(Store.undoneAddSent("n"))")
                .firstRow { $0.int64(0) } ?? 0)
        }
    }

    /// Puts a node from the trash back where it was, with what was removed with it.
    public func restore(_ entry: TrashEntry) throws {
        try keepUndoneAddSentInTheTrash(entry.node.seq)
        try recordingChange {
            guard let removedBy = try hiddenBy(entry.node), removedBy > 0 else {
                throw JotterError.input("'\(DisplayText.escaped(entry.node.text))' is no longer in the trash")
            }
            if let parent = entry.node.parentSeq, try node(seq: parent).map({ try hiddenBy($0) != nil }) ?? true {
                throw JotterError.input(
                    "'\(DisplayText.escaped(entry.node.text))' was in \(entry.place.display), which is in the trash too; restore that first")
            }
            if entry.node.kind == .list, try !lists(underSeq: entry.node.parentSeq, named: entry.node.text).isEmpty {
                throw JotterError.input(
                    "a list named '\(DisplayText.escaped(entry.node.text))' is in \(entry.place.display) now; rename it first")
            }
            try database.statement(
                """
                WITH RECURSIVE subtree (seq) AS (
                    SELECT ?1
                    UNION ALL
                    SELECT node.seq FROM subtree JOIN node ON node.parent = subtree.seq WHERE node.hidden = ?2
                )
                UPDATE OR ROLLBACK node SET hidden = NULL WHERE seq IN subtree AND hidden = ?2
                """)
                .bind(1, entry.node.seq).bind(2, removedBy).run()
            return ((), "restore \(Store.quoted(entry.node.text))")
        }
    }

    /// Deletes everything in the trash for good, and forgets the history of changes
    /// with it: the steps before could bring back what is now gone, and they hold
    /// earlier texts that emptying the trash should not leave behind. Returns how many
    /// lists and items were deleted.
    @discardableResult
    public func emptyTrash() throws -> Int {
        try write {
            let deleted = try trashedCount()
            guard deleted > 0 else { return 0 }
            try discardUndoneChanges()
            // What the trash holds, the deepest first: an entry's purge goes out before
            // its list's, so a machine where the list holds more when its purge arrives
            // knows that this one never saw it (docs/sync.md, "Merging", case 4).
            let leaves = """
                WITH RECURSIVE doomed (seq) AS (
                    SELECT seq FROM node WHERE hidden > 0
                    UNION SELECT node.seq FROM node JOIN doomed ON node.parent = doomed.seq
                )
                DELETE FROM node WHERE seq IN doomed AND NOT EXISTS (SELECT 1 FROM node AS child WHERE child.parent = node.seq)
                """
            repeat { try database.statement(leaves).run() } while database.changes > 0
            try forgetChanges()
            return deleted
        }
    }

    /// Nodes as a change names them: the one's text, or how many.
    static func described(_ nodes: [Node]) -> String {
        nodes.count == 1 ? quoted(nodes[0].text) : "\(nodes.count) entries"
    }
}
