extension Store {
    /// The node in a row selected with `NodeColumn.all`.
    func node(from row: Statement) -> Node {
        let seq = row.int64(NodeColumn.seq.position)
        let created = Timestamp(milliseconds: row.int64(NodeColumn.created.position),
                                offsetSeconds: Int32(truncatingIfNeeded: row.int64(NodeColumn.createdOffset.position)))
        return Node(
            seq: seq,
            id: id(seq: seq, stored: row, column: NodeColumn.id.position, createdMilliseconds: created.milliseconds),
            kind: Node.Kind(rawValue: row.int64(NodeColumn.kind.position)) ?? .item,
            text: row.string(NodeColumn.text.position),
            parentSeq: row.optionalInt64(NodeColumn.parent.position),
            created: created,
            updatedMilliseconds: row.optionalInt64(NodeColumn.updated.position) ?? created.milliseconds,
            doneMilliseconds: row.optionalInt64(NodeColumn.done.position))
    }

    /// The id of a row: the one it stores in `column`, or else the one derived from it.
    func id(seq: Int64, stored row: Statement, column: Int32, createdMilliseconds: Int64) -> NodeID {
        if !row.isNull(column), let stored = NodeID(bytes: row.blob(column)) { return stored }
        // A row stores its id whenever one cannot be derived, so this always succeeds.
        return derivedIDs.id(seq: seq, createdMilliseconds: createdMilliseconds)
            ?? NodeID(bytes: [UInt8](repeating: 0, count: 16))!
    }

    func nodes(_ statement: Statement) throws -> [Node] {
        var nodes: [Node] = []
        while try statement.step() {
            nodes.append(node(from: statement))
        }
        return nodes
    }

    /// The node with `id`, unless it is in the trash or an undo took it away; with
    /// `includingHidden`, wherever it is.
    public func node(id: NodeID, includingHidden: Bool = false) throws -> Node? {
        try nodeRow(id: id, includingHidden: includingHidden, columns: NodeColumn.all, node(from:))
    }

    /// `body`'s reading of the row of the node with `id` (as `node(id:includingHidden:)`
    /// finds it), `columns` selected.
    func nodeRow<T>(id: NodeID, includingHidden: Bool, columns: String, _ body: (Statement) throws -> T) throws -> T? {
        let visible = includingHidden ? "" : " AND hidden IS NULL"
        if let row = derivedIDs.row(of: id),
           let found = try database.statement(
               "SELECT \(columns) FROM node WHERE seq = ? AND id IS NULL AND created = ?\(visible)")
               .bind(1, row.seq).bind(2, row.createdMilliseconds).firstRow(body) {
            return found
        }
        if let found = try database.statement("SELECT \(columns) FROM node WHERE id = ?\(visible)")
            .bind(1, blob: id.bytes).firstRow(body) {
            return found
        }
        // A list merged by sync into another of the same name: its id names that one.
        return try database.statement(
            "SELECT \(columns) FROM node WHERE seq = (SELECT seq FROM node_alias WHERE id = ?)\(visible)")
            .bind(1, blob: id.bytes).firstRow(body)
    }

    /// Whether `node` is still there and in sight, read without its text.
    func isInSight(_ node: Node) throws -> Bool {
        try database.statement("SELECT 1 FROM node WHERE seq = ? AND hidden IS NULL").bind(1, node.seq).firstRow { _ in true }
            ?? false
    }

    func node(seq: Int64) throws -> Node? {
        let statement = try database.statement("SELECT \(NodeColumn.all) FROM node WHERE seq = ?")
            .bind(1, seq)
        return try statement.firstRow(node(from:))
    }

    public func children(of parent: Node?) throws -> [Node] {
        var children: [Node] = []
        try forEachChild(of: parent) { children.append($0) }
        return children
    }

    /// Calls `body` with each child of `parent` in order, without holding them all.
    public func forEachChild(of parent: Node?, _ body: (Node) throws -> Void) throws {
        try forEachChildRow(of: parent, columns: NodeColumn.all) { try body(node(from: $0)) }
    }

    /// Calls `body` with the row of each child of `parent` in order, `columns` selected,
    /// `seq` first; in one read, so that a node placed meanwhile by a push is met once.
    /// Each child must come after the one before it (`requireInOrder`): an index that
    /// names a row twice stops the listing as damage.
    func forEachChildRow(of parent: Node?, columns: String, _ body: (Statement) throws -> Void) throws {
        try read {
            for run in NodeColumn.siblingRuns() {
                let statement = try database.statement(
                    """
                    SELECT \(columns)\(run.placeColumns) FROM node
                    WHERE parent IS ? AND hidden IS NULL AND \(run.condition) ORDER BY \(run.order)
                    """)
                    .bind(1, parent?.seq)
                defer { statement.reset() }
                let placeColumn = run.placeColumns.isEmpty ? nil : statement.columnCount - 2
                var previous: SiblingPlace?
                while try statement.step() {
                    let place = SiblingPlace(statement, seqAt: 0, placeFrom: placeColumn)
                    try requireInOrder(place, after: previous, under: parent?.seq)
                    previous = place
                    try body(statement)
                }
            }
        }
    }

    /// The lists under `parent` named `name`: one at most, as list names are unique
    /// beside each other. Found through an index of lists alone, where looking among
    /// all children would read every item of a large list.
    public func lists(under parent: Node?, named name: String) throws -> [Node] {
        try lists(underSeq: parent?.seq, named: name)
    }

    func lists(underSeq parent: Int64?, named name: String) throws -> [Node] {
        try nodes(database.statement(
            "SELECT \(NodeColumn.all) FROM node WHERE parent IS ? AND kind = 0 AND text = ? AND hidden IS NULL ORDER BY \(NodeColumn.siblingOrder())")
            .bind(1, parent).bind(2, name))
    }

    public func children(of parent: Node?, named name: String) throws -> [Node] {
        try nodes(database.statement(
            "SELECT \(NodeColumn.all) FROM node WHERE parent IS ? AND text = ? AND hidden IS NULL ORDER BY \(NodeColumn.siblingOrder())")
            .bind(1, parent?.seq).bind(2, name))
    }

    /// The item added last directly under `parent` that is still in sight: what `edit`
    /// without a target changes.
    public func lastAddedItem(under parent: Node?) throws -> Node? {
        try database.statement(
            "SELECT \(NodeColumn.all) FROM node WHERE parent IS ? AND kind = 1 AND hidden IS NULL ORDER BY seq DESC LIMIT 1")
            .bind(1, parent?.seq).firstRow(node(from:))
    }

    public func childCount(of parent: Node?) throws -> Int {
        Int(try database.statement("SELECT count(*) FROM node WHERE parent IS ? AND hidden IS NULL")
            .bind(1, parent?.seq).firstRow { $0.int64(0) } ?? 0)
    }

    /// Distinct names of `parent`'s children that start with `prefix`, for completion.
    public func childNames(of parent: Node?, startingWith prefix: String, limit: Int = 200) throws -> [String] {
        try read {
            let statement = try database.statement(
                """
                SELECT DISTINCT text FROM node
                WHERE parent IS ? AND substr(text, 1, length(?2)) = ?2 AND hidden IS NULL
                ORDER BY text LIMIT ?3
                """)
                .bind(1, parent?.seq).bind(2, prefix).bind(3, Int64(limit))
            var names: [String] = []
            while try statement.step() {
                names.append(statement.string(0))
            }
            return names
        }
    }

    /// The child at a 1-based position in `parent`'s order: in the run of children
    /// with a place, or past them in the run of those without.
    public func child(of parent: Node?, at position: Int64) throws -> Node? {
        guard position >= 1 else { return nil }
        return try read {
            var offset = position - 1
            let runs = NodeColumn.siblingRuns()
            for (index, run) in runs.enumerated() {
                let condition = "parent IS ? AND hidden IS NULL AND \(run.condition)"
                if let node = try database.statement(
                    "SELECT \(NodeColumn.all) FROM node WHERE \(condition) ORDER BY \(run.order) LIMIT 1 OFFSET ?")
                    .bind(1, parent?.seq).bind(2, offset).firstRow(node(from:)) {
                    return node
                }
                guard index < runs.count - 1 else { break }
                offset -= try database.statement("SELECT count(*) FROM node WHERE \(condition)").bind(1, parent?.seq)
                    .firstRow { $0.int64(0) } ?? 0
            }
            return nil
        }
    }

    /// The 1-based position of `node` among its siblings, in their order: those with a
    /// stamp before it, or all of them and those of lower rows when it has none.
    public func position(of node: Node) throws -> Int64 {
        try database.statement(
            """
            SELECT count(*) FROM node AS sibling, (SELECT order_stamp, order_replica FROM node WHERE seq = ?2) AS this
            WHERE sibling.parent IS ?1 AND sibling.hidden IS NULL
              AND CASE WHEN this.order_stamp IS NULL THEN sibling.order_stamp IS NOT NULL OR sibling.seq <= ?2
                       ELSE (sibling.order_stamp, sibling.order_replica, sibling.seq) <= (this.order_stamp, this.order_replica, ?2) END
            """)
            .bind(1, node.parentSeq).bind(2, node.seq).firstRow { $0.int64(0) } ?? 0
    }

    /// Nodes whose id ends with the hex digits `tail`: among `parent`'s children, or
    /// anywhere in the store when `parent` is `.anywhere`. Most ids are derived, not
    /// stored, so the rows are read and their ids worked out here.
    public func nodes(withIDEnding tail: String, in scope: IDScope, limit: Int = 20) throws -> [Node] {
        // Only what the id is made from is read; a node is built for a match alone.
        let statement: Statement
        switch scope {
        case .anywhere:
            statement = try database.statement("SELECT seq, id, created FROM node WHERE hidden IS NULL ORDER BY seq")
        case .childrenOf(let parent):
            var matches: [Int64] = []
            try forEachChildRow(of: parent, columns: "seq, id, created") { row in
                let seq = row.int64(0)
                if matches.count < limit, id(seq: seq, stored: row, column: 1, createdMilliseconds: row.int64(2)).hasTail(tail) {
                    matches.append(seq)
                }
            }
            return try matches.compactMap { try node(seq: $0) }
        }
        defer { statement.reset() }
        var matches: [Int64] = []
        while matches.count < limit, try statement.step() {
            let seq = statement.int64(0)
            if id(seq: seq, stored: statement, column: 1, createdMilliseconds: statement.int64(2)).hasTail(tail) {
                matches.append(seq)
            }
        }
        return try matches.compactMap { try node(seq: $0) }
    }

    public enum IDScope {
        case childrenOf(Node?)
        case anywhere
    }

    /// Adds a list or an item as the last child of `parent`. Call inside `write`.
    @discardableResult
    /// `created` dates the row in the past (or future); nil is now.
    public func insert(_ kind: Node.Kind, text: String, under parent: Node?, created: Timestamp? = nil) throws -> Node {
        if let problem = SizeCap.problem(with: text, of: kind) { throw JotterError.input(problem) }
        let now = created ?? clock()
        let seq = try insert(NodeRow(parent: parent?.seq, kind: kind, created: now), .made, text: text)
        let id = try derivedIDs.id(seq: seq, createdMilliseconds: now.milliseconds) ?? storeID(forRow: seq)
        return Node(seq: seq, id: id, kind: kind, text: text, parentSeq: parent?.seq,
                    created: now, updatedMilliseconds: now.milliseconds)
    }

    /// Gives the row `seq`, whose id cannot be derived, an id of its own.
    func storeID(forRow seq: Int64) throws -> NodeID {
        let id = idGenerator.next(milliseconds: UInt64(max(0, clock().milliseconds)))
        try database.statement("UPDATE node SET id = ? WHERE seq = ?").bind(1, blob: id.bytes).bind(2, seq).run()
        return id
    }

    /// The path from the root down to `node`, following its parents.
    public func ancestry(of node: Node) throws -> NavigationPath {
        var nodes = [node]
        var seen: Set<Int64> = [node.seq]
        var parentSeq = node.parentSeq
        while let seq = parentSeq {
            // Parent links are read from the file: damage can make them a loop.
            guard seen.insert(seq).inserted else { throw damaged("the lists above row \(node.seq) form a loop") }
            guard let parent = try self.node(seq: seq) else { break }
            nodes.append(parent)
            parentSeq = parent.parentSeq
        }
        return NavigationPath(nodes: nodes.reversed())
    }
}
