/// Full-text search, tags and the dated log: questions across the whole store.
extension Store {
    /// Adds the rows made since the last search to the search index. A million rows
    /// take seconds, so they go in batches, each its own transaction: a prompt adding
    /// an entry meanwhile waits for one batch, never the whole. False when the store
    /// cannot be written, so that the search covers only what was indexed before.
    @discardableResult
    public func bringSearchIndexUpToDate() throws -> Bool {
        let batch: Int64 = 20_000
        while try read({ try searchIndexedTo() < highestNodeSeq() }) {
            do {
                try write {
                    let indexed = try searchIndexedTo()
                    let upTo = min(try highestNodeSeq(), indexed + batch)
                    guard upTo > indexed else { return }
                    try database.statement(
                        "INSERT INTO node_search (rowid, text) SELECT seq, text FROM node WHERE seq > ? AND seq <= ?")
                        .bind(1, indexed).bind(2, upTo).run()
                    try database.statement("UPDATE setting SET value = ? WHERE key = 'search_indexed_to'")
                        .bind(1, upTo).run()
                }
            } catch where StoreFile.whyNotWritable(path) != nil {
                return false
            }
        }
        return true
    }

    private func searchIndexedTo() throws -> Int64 {
        try setting("search_indexed_to") { $0.int64(0) } ?? 0
    }

    /// One node found by `find` or `log`, with the path of the place that holds it.
    public struct Found: Sendable {
        public let node: Node
        public let place: NavigationPath
        public let fields: [FieldValue]
    }

    /// Calls `body` with each list and item that matches `query`, oldest first.
    public func find(_ query: SearchQuery, _ body: (Found) throws -> Void) throws {
        try bringSearchIndexUpToDate()
        try read {
            let statement = try database.statement(
                """
                SELECT \(Store.nodeColumns.split(separator: ",").map { "node." + $0.drop { $0 == " " } }.joined(separator: ", "))
                FROM node_search JOIN node ON node.seq = node_search.rowid
                WHERE node_search MATCH ? AND node.hidden IS NULL
                ORDER BY node.created, node.seq
                """)
                .bind(1, query.matchExpression)
            try forEachFound(statement, body)
        }
    }

    /// Calls `body` with each item created in `window`, oldest first; under `top`
    /// only, when given. The rows stream: a log of years holds no more than one.
    public func log(_ window: LogWindow, under top: Node?, _ body: (Found) throws -> Void) throws {
        try read {
            let columns = Store.nodeColumns.split(separator: ",").map { "node." + $0.drop { $0 == " " } }.joined(separator: ", ")
            let range = "node.kind = 1 AND node.created >= ?1 AND node.created < ?2 AND node.hidden IS NULL"
            let statement = try top == nil
                ? database.statement("SELECT \(columns) FROM node WHERE \(range) ORDER BY node.created, node.seq")
                : database.statement(
                    """
                    WITH RECURSIVE subtree (seq) AS (
                        SELECT ?3
                        UNION ALL
                        SELECT node.seq FROM subtree JOIN node ON node.parent = subtree.seq WHERE node.hidden IS NULL
                    )
                    SELECT \(columns) FROM node JOIN subtree ON subtree.seq = node.seq
                    WHERE \(range) ORDER BY node.created, node.seq
                    """)
                    .bind(3, top!.seq)
            statement.bind(1, window.startMilliseconds ?? Int64.min).bind(2, window.endMilliseconds ?? Int64.max)
            try forEachFound(statement, body)
        }
    }

    private func forEachFound(_ statement: Statement, _ body: (Found) throws -> Void) throws {
        defer { statement.reset() }
        // Places are looked up once each: the entries of a day or a search share few.
        var places: [Int64: NavigationPath] = [:]
        let holdsValues = try holdsFieldValues()
        while try statement.step() {
            let node = node(from: statement)
            var place = NavigationPath.root
            if let parent = node.parentSeq {
                if let known = places[parent] {
                    place = known
                } else {
                    place = try self.node(seq: parent).map(ancestry(of:)) ?? .root
                    places[parent] = place
                }
            }
            try body(Found(node: node, place: place, fields: holdsValues ? try fieldValues(ofSeq: node.seq) : []))
        }
    }

    /// Every tag in the store's items and lists, with how many hold it, most used first.
    public func tags() throws -> [(tag: String, count: Int)] {
        try bringSearchIndexUpToDate()
        try database.execute(
            "CREATE VIRTUAL TABLE IF NOT EXISTS temp.node_search_terms USING fts5vocab(main, node_search, row)")
        return try read {
            // Tags are the index's terms that start with '#'; each is counted among the
            // nodes still in sight, which the index alone does not know.
            let terms = try database.statement("SELECT term FROM temp.node_search_terms WHERE term >= '#' AND term < '$'")
            var names: [String] = []
            while try terms.step() { names.append(String(terms.string(0).dropFirst())) }
            let count = try database.statement(
                """
                SELECT count(*) FROM node_search JOIN node ON node.seq = node_search.rowid
                WHERE node_search MATCH ? AND node.hidden IS NULL
                """)
            var tags: [(tag: String, count: Int)] = []
            for name in names {
                count.reset()
                let found = try count.bind(1, Store.tagExpression(name)).firstRow { Int($0.int64(0)) } ?? 0
                if found > 0 { tags.append((name, found)) }
            }
            return tags.sorted { $0.count != $1.count ? $0.count > $1.count : $0.tag < $1.tag }
        }
    }

    /// The rows of the items and lists tagged `tag` (without its '#'), in sight or not.
    public func tagged(_ tag: String) throws -> Set<Int64> {
        try bringSearchIndexUpToDate()
        return try read {
            let statement = try database.statement("SELECT rowid FROM node_search WHERE node_search MATCH ?")
                .bind(1, Store.tagExpression(tag))
            var seqs: Set<Int64> = []
            while try statement.step() { seqs.insert(statement.int64(0)) }
            return seqs
        }
    }

    private static func tagExpression(_ tag: String) -> String {
        "\"#" + tag.split(separator: "\"", omittingEmptySubsequences: false).joined(separator: "\"\"") + "\""
    }
}
