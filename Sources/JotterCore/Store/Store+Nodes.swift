extension Store {
    static let nodeColumns = "seq, id, kind, text, parent, created, created_offset, updated"

    func node(from row: Statement) -> Node {
        Node(
            seq: row.int64(0),
            id: NodeID(bytes: row.blob(1)) ?? NodeID(bytes: [UInt8](repeating: 0, count: 16))!,
            kind: Node.Kind(rawValue: row.int64(2)) ?? .item,
            text: row.string(3),
            parentSeq: row.optionalInt64(4),
            created: Timestamp(milliseconds: row.int64(5), offsetSeconds: Int32(truncatingIfNeeded: row.int64(6))),
            updatedMilliseconds: row.int64(7))
    }

    func nodes(_ statement: Statement) throws -> [Node] {
        var nodes: [Node] = []
        while try statement.step() {
            nodes.append(node(from: statement))
        }
        return nodes
    }

    public func node(id: NodeID) throws -> Node? {
        let statement = try database.statement("SELECT \(Store.nodeColumns) FROM node WHERE id = ?")
            .bind(1, blob: id.bytes)
        return try statement.firstRow(node(from:))
    }

    public func node(seq: Int64) throws -> Node? {
        let statement = try database.statement("SELECT \(Store.nodeColumns) FROM node WHERE seq = ?")
            .bind(1, seq)
        return try statement.firstRow(node(from:))
    }

    /// The statement that walks the children of `parent` (the root when nil) in order.
    public func childrenStatement(of parent: Node?) throws -> Statement {
        if let parent {
            return try database.statement("SELECT \(Store.nodeColumns) FROM node WHERE parent = ? ORDER BY seq")
                .bind(1, parent.seq)
        }
        return try database.statement("SELECT \(Store.nodeColumns) FROM node WHERE parent IS NULL ORDER BY seq")
    }

    public func children(of parent: Node?) throws -> [Node] {
        try nodes(childrenStatement(of: parent))
    }

    /// Calls `body` with each child of `parent` in order, without holding them all.
    public func forEachChild(of parent: Node?, _ body: (Node) throws -> Void) throws {
        let statement = try childrenStatement(of: parent)
        while try statement.step() {
            try body(node(from: statement))
        }
    }

    public func children(of parent: Node?, named name: String) throws -> [Node] {
        if let parent {
            return try nodes(database.statement(
                "SELECT \(Store.nodeColumns) FROM node WHERE parent = ? AND text = ? ORDER BY seq")
                .bind(1, parent.seq).bind(2, name))
        }
        return try nodes(database.statement(
            "SELECT \(Store.nodeColumns) FROM node WHERE parent IS NULL AND text = ? ORDER BY seq")
            .bind(1, name))
    }

    public func childCount(of parent: Node?) throws -> Int {
        let statement = parent == nil
            ? try database.statement("SELECT count(*) FROM node WHERE parent IS NULL")
            : try database.statement("SELECT count(*) FROM node WHERE parent = ?").bind(1, parent!.seq)
        return Int(try statement.firstRow { $0.int64(0) } ?? 0)
    }

    /// Distinct names of `parent`'s children that start with `prefix`, for completion.
    public func childNames(of parent: Node?, startingWith prefix: String, limit: Int = 200) throws -> [String] {
        try read {
            let statement = try database.statement(
                """
                SELECT DISTINCT text FROM node
                WHERE parent IS ? AND substr(text, 1, length(?2)) = ?2
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

    /// The child at a 1-based position in `parent`'s order.
    public func child(of parent: Node?, at position: Int64) throws -> Node? {
        guard position >= 1 else { return nil }
        let statement: Statement
        if let parent {
            statement = try database.statement(
                "SELECT \(Store.nodeColumns) FROM node WHERE parent = ? ORDER BY seq LIMIT 1 OFFSET ?")
                .bind(1, parent.seq).bind(2, position - 1)
        } else {
            statement = try database.statement(
                "SELECT \(Store.nodeColumns) FROM node WHERE parent IS NULL ORDER BY seq LIMIT 1 OFFSET ?")
                .bind(1, position - 1)
        }
        return try statement.firstRow(node(from:))
    }

    /// The 1-based position of `node` among its siblings.
    public func position(of node: Node) throws -> Int64 {
        let statement: Statement
        if let parent = node.parentSeq {
            statement = try database.statement("SELECT count(*) FROM node WHERE parent = ? AND seq <= ?")
                .bind(1, parent).bind(2, node.seq)
        } else {
            statement = try database.statement("SELECT count(*) FROM node WHERE parent IS NULL AND seq <= ?")
                .bind(1, node.seq)
        }
        return try statement.firstRow { $0.int64(0) } ?? 0
    }

    /// Nodes whose id ends with the hex digits `tail`: among `parent`'s children, or
    /// anywhere in the store when `parent` is `.anywhere`.
    public func nodes(withIDEnding tail: String, in scope: IDScope) throws -> [Node] {
        let pattern = "%" + tail.uppercased()
        switch scope {
        case .anywhere:
            return try nodes(database.statement(
                "SELECT \(Store.nodeColumns) FROM node WHERE hex(id) LIKE ? ORDER BY seq LIMIT 20")
                .bind(1, pattern))
        case .childrenOf(let parent?):
            return try nodes(database.statement(
                "SELECT \(Store.nodeColumns) FROM node WHERE parent = ? AND hex(id) LIKE ? ORDER BY seq LIMIT 20")
                .bind(1, parent.seq).bind(2, pattern))
        case .childrenOf(nil):
            return try nodes(database.statement(
                "SELECT \(Store.nodeColumns) FROM node WHERE parent IS NULL AND hex(id) LIKE ? ORDER BY seq LIMIT 20")
                .bind(1, pattern))
        }
    }

    public enum IDScope {
        case childrenOf(Node?)
        case anywhere
    }

    /// Adds a list or an item as the last child of `parent`. Call inside `write`.
    @discardableResult
    public func insert(_ kind: Node.Kind, text: String, under parent: Node?) throws -> Node {
        let now = clock()
        let id = idGenerator.next(milliseconds: UInt64(max(0, now.milliseconds)))
        try database.statement(
            """
            INSERT INTO node (id, parent, kind, text, created, created_offset, updated)
            VALUES (?, ?, ?, ?, ?, ?, ?)
            """)
            .bind(1, blob: id.bytes).bind(2, parent?.seq).bind(3, kind.rawValue).bind(4, text)
            .bind(5, now.milliseconds).bind(6, Int64(now.offsetSeconds)).bind(7, now.milliseconds)
            .run()
        return Node(seq: database.lastInsertedRowID, id: id, kind: kind, text: text, parentSeq: parent?.seq,
                    created: now, updatedMilliseconds: now.milliseconds)
    }

    /// The path from the root down to `node`, following its parents.
    public func ancestry(of node: Node) throws -> NavigationPath {
        var nodes = [node]
        var parentSeq = node.parentSeq
        while let seq = parentSeq, nodes.count < 10_000 {
            guard let parent = try self.node(seq: seq) else { break }
            nodes.append(parent)
            parentSeq = parent.parentSeq
        }
        return NavigationPath(nodes: nodes.reversed())
    }
}
