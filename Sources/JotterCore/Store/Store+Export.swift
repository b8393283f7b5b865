/// Walking a subtree for export.
extension Store {
    /// One node of a walk, with what the formats need to place it.
    public struct WalkStep {
        public let node: Node
        /// 1 for the children of the walk's top.
        public let depth: Int
        public let parentID: NodeID?
        /// The names of the lists from the walk's top down to the node, for CSV's
        /// `list` column; items on the way are passed over.
        public let listPath: String
    }

    /// Calls `body` with every node under `top` (the root when nil), depth first and in
    /// each list's order; with `recursive` false, only its children. With `itemsFirst`,
    /// each node's items come before its lists, for outlines whose headings cannot be
    /// closed (Markdown). One statement
    /// streams the walk: SQLite's recursive query, ordered deepest first, keeps just a
    /// frontier in memory, not the tree.
    public func walk(under top: Node?, recursive: Bool, itemsFirst: Bool = false,
                     _ body: (WalkStep) throws -> Void) throws {
        // The walk's rows come out in the order the queue yields them, so everything
        // a step needs is carried in the walk itself rather than joined afterwards.
        let statement = try database.statement(
            """
            WITH RECURSIVE walk (seq, id, kind, text, parent, created, created_offset, updated, depth, path, parent_id,
                                 rank) AS (
                SELECT seq, id, kind, text, parent, created, created_offset, updated, 1, '', ?3,
                       CASE WHEN ?4 THEN kind ELSE 0 END
                FROM node WHERE parent IS ?1
                UNION ALL
                SELECT child.seq, child.id, child.kind, child.text, child.parent, child.created, child.created_offset,
                       child.updated, walk.depth + 1,
                       CASE WHEN walk.kind = 0
                            THEN walk.path || CASE WHEN walk.path = '' THEN '' ELSE '/' END || walk.text
                            ELSE walk.path END,
                       walk.id,
                       CASE WHEN ?4 THEN child.kind ELSE 0 END
                FROM walk JOIN node AS child ON child.parent = walk.seq
                WHERE ?2
                ORDER BY 9 DESC, 12 DESC, 1
            )
            SELECT * FROM walk
            """)
            .bind(1, top?.seq).bind(2, recursive ? 1 : 0).bind(4, itemsFirst ? 1 : 0)
        if let top { statement.bind(3, blob: top.id.bytes) }
        while try statement.step() {
            try body(WalkStep(
                node: node(from: statement), depth: Int(statement.int64(8)), parentID: NodeID(bytes: statement.blob(10)),
                listPath: statement.string(9)))
        }
    }
}
