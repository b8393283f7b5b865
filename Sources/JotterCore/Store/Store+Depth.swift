extension Store {
    /// How deep lists and items nest: the root's own entries are at depth 1. Every
    /// entry's path is written out by exports, the trash and restore, so a very deep
    /// chain made them quadratic; a person never nests a thousand levels.
    public static let deepestLevel = 1_000

    /// The one line that refuses `text` at `depth`, below the deepest level.
    static func tooDeep(_ text: String, at depth: Int) -> String {
        "\(DisplayText.escaped(Store.quoted(text))) would be \(depth) levels deep; "
            + "lists and items nest at most \(deepestLevel) deep: put it higher up"
    }

    /// Refuses a new entry under `path` when it would be below the deepest level.
    func checkDepth(ofNew text: String, under path: NavigationPath) throws {
        let depth = path.nodes.count + 1
        if depth > Store.deepestLevel { throw JotterError.input(Store.tooDeep(text, at: depth)) }
    }

    /// Refuses moving `node` to `line` when it, or what it holds, would end below the
    /// deepest level. Only a move deeper than where the node is can, so only such a
    /// move walks what it holds.
    func checkDepth(moving node: Node, into line: NavigationPath) throws {
        let newDepth = line.nodes.count + 1
        if newDepth > Store.deepestLevel { throw JotterError.input(Store.tooDeep(node.text, at: newDepth)) }
        guard newDepth > (try ancestry(of: node).nodes.count) else { return }
        let room = Store.deepestLevel - newDepth
        let below = try database.statement(
            """
            WITH RECURSIVE below (seq, level) AS (
                SELECT ?1, 0
                UNION ALL
                SELECT node.seq, below.level + 1 FROM below JOIN node ON node.parent = below.seq WHERE below.level <= ?2
            )
            SELECT max(level) FROM below
            """)
            .bind(1, node.seq).bind(2, Int64(room))
        defer { below.reset() }
        guard try below.step() else { return }
        let levels = Int(below.int64(0))
        if levels > room {
            throw JotterError.input(
                "moving \(DisplayText.escaped(Store.quoted(node.text))) into \(line.display) would put what it holds "
                    + "more than \(Store.deepestLevel) levels deep; lists and items nest at most \(Store.deepestLevel) deep")
        }
    }
}
