/// Full-text search, tags and the dated log: questions across the whole store.
extension Store {
    /// Adds the rows made since the last search to the search index. Many rows take a
    /// while, so they go in batches, each its own transaction: a prompt adding
    /// an entry meanwhile waits for one batch, never the whole. A store that can only
    /// be read, or whose disk is full, keeps its index as it is; the rows after it go
    /// into an index of this connection's own, in memory, that searches read too
    /// (`searchHits`).
    func bringSearchIndexUpToDate() throws {
        try fillingIndex {
            try catchUp(indexedTo: .searchIndexedTo, batch: 20_000,
                        "INSERT INTO node_search (rowid, text) SELECT seq, text FROM node WHERE seq > ? AND seq <= ?")
        }
        if readsIndexesAsTheyAre {
            // What the connection indexes is the user's text: kept in memory for an
            // encrypted store (see `keepTemporaryData`).
            try keepTemporaryData()
            let changesBefore = database.totalChanges
            defer { indexRowsWritten += database.totalChanges - changesBefore }
            try read {
                let indexed = try rowSetting(.searchIndexedTo, atMost: try highestNodeSeq())
                try database.execute(
                    """
                    CREATE VIRTUAL TABLE IF NOT EXISTS temp.node_search_tail USING fts5 (text, tokenize = 'jotter');
                    DELETE FROM temp.node_search_tail;
                    """)
                try database.statement("INSERT INTO temp.node_search_tail (rowid, text) SELECT seq, text FROM node WHERE seq > ?")
                    .bind(1, indexed).run()
            }
        }
    }

    /// Runs `fill` to bring an index up to date, unless the store can only be read, or
    /// is known damaged (marked since it was opened, too: a prompt stays open). On
    /// a full disk the question is answered all the same, from the index as it is and
    /// the rows after it.
    func fillingIndex(_ fill: () throws -> Void) throws {
        noticeDamageMarkedSinceOpening()
        guard !readsIndexesAsTheyAre else { return }
        do {
            try fill()
        } catch where StoreFile.diskIsFull(under: path) {
            // SQLite says so as SQLITE_FULL or, writing its log, as an I/O error:
            // the disk is asked instead.
            indexesCannotGrow = true
        }
    }

    /// Adds the items made since the last log to the index of items by time. A store
    /// that can only be read keeps it as it is; `log` reads the rows after it as they are.
    func bringLogIndexUpToDate() throws {
        try fillingIndex {
            try catchUp(indexedTo: .logIndexedTo, batch: 100_000,
                        "INSERT INTO item_time (created, seq) SELECT created, seq FROM node WHERE seq > ? AND seq <= ? AND kind = 1")
        }
    }

    /// The rows of the nodes whose text matches the parameter `match`: from the index,
    /// and on a store that can only be read from the index of the rows after it too.
    private func searchHits(_ match: String) -> String {
        let indexed = "SELECT rowid FROM node_search WHERE node_search MATCH \(match)"
        guard readsIndexesAsTheyAre else { return indexed }
        return indexed + " UNION ALL SELECT rowid FROM temp.node_search_tail WHERE node_search_tail MATCH \(match)"
    }

    /// Runs `insert` over the rows after the setting `indexedTo`, a batch at a time.
    /// Each turn moves the setting on, so the loop ends; a setting that is missing or
    /// out of range is damage, reported rather than indexed around.
    private func catchUp(indexedTo key: Setting, batch: Int64, _ insert: String) throws {
        while try read({ try rowSetting(key, atMost: try highestNodeSeq()) < highestNodeSeq() }) {
            let changesBefore = database.totalChanges
            defer { indexRowsWritten += database.totalChanges - changesBefore }
            try write {
                let highest = try highestNodeSeq()
                let indexed = try rowSetting(key, atMost: highest)
                // Both come from the file: near the top of 64 bits, a sum would overflow.
                let upTo = highest - indexed > batch ? indexed + batch : highest
                guard upTo > indexed else { return }
                try database.statement(insert).bind(1, indexed).bind(2, upTo).run()
                try database.statement("UPDATE setting SET value = ? WHERE key = ?").bind(1, upTo).bind(2, key.key).run()
            }
        }
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
            // The hits are put in order by their row numbers alone, and each is read
            // after: sorting whole rows copied every text into SQLite's sorter, a long
            // entry held once more.
            let hits = try database.statement(
                """
                SELECT node.seq FROM (\(searchHits("?1"))) AS hit JOIN node ON node.seq = hit.rowid
                WHERE node.hidden IS NULL
                ORDER BY node.created, node.seq
                """)
                .bind(1, query.matchExpression)
            defer { hits.reset() }
            try forEachFound(next: { try hits.step() ? self.node(seq: hits.int64(0)) : nil }, body)
        }
    }

    /// Calls `body` with each item created in `window`, oldest first; under `top`
    /// only, when given. The rows stream: a log of years holds no more than one.
    /// The creation time of the earliest item, in or out of the trash; nil when there
    /// is none.
    public func earliestItemCreated() throws -> Int64? {
        try bringLogIndexUpToDate()
        return try read {
            let statement = try database.statement(
                """
                SELECT min(created) FROM (
                    SELECT min(created) AS created FROM item_time
                    UNION ALL
                    SELECT min(created) FROM node WHERE seq > ?1 AND kind = 1)
                """)
            defer { statement.reset() }
            statement.bind(1, try rowSetting(.logIndexedTo, atMost: try highestNodeSeq()))
            guard try statement.step() else { return nil }
            return statement.optionalInt64(0)
        }
    }

    /// A condition on `node` that holds for the rows in sight under the row bound to
    /// `?parameter`, at every level.
    static func inSubtree(ofParameter parameter: Int) -> String {
        """
        AND node.seq IN (
            WITH RECURSIVE subtree (seq) AS (
                SELECT ?\(parameter)
                UNION ALL
                SELECT node.seq FROM subtree JOIN node ON node.parent = subtree.seq WHERE node.hidden IS NULL
            )
            SELECT seq FROM subtree)
        """
    }

    /// The items by creation time (`created, seq`) as `log` reads them: the time index,
    /// and on a store that can only be read, the items after the index from their table
    /// beside it.
    func itemTimes() throws -> String {
        guard readsIndexesAsTheyAre else { return "item_time" }
        return """
            (SELECT created, seq FROM item_time
             UNION ALL
             SELECT created, seq FROM node WHERE seq > \(try rowSetting(.logIndexedTo, atMost: try highestNodeSeq()))
               AND kind = 1)
            """
    }

    /// Calls `body` with each item entered within `window`, under `top` if given,
    /// oldest first or `newestFirst`, at most `limit` of them.
    public func log(_ window: LogWindow, under top: Node?, newestFirst: Bool = false, limit: Int? = nil,
                    _ body: (Found) throws -> Void) throws {
        try bringLogIndexUpToDate()
        try read {
            let columns = NodeColumn.all(of: "node")
            let under = top == nil ? "" : Store.inSubtree(ofParameter: 3)
            let times = try itemTimes()
            let statement = try database.statement(
                """
                SELECT \(columns) FROM \(times) AS time JOIN node ON node.seq = time.seq
                WHERE time.created >= ?1 AND time.created < ?2 AND node.hidden IS NULL \(under)
                ORDER BY time.created \(newestFirst ? "DESC" : ""), time.seq \(newestFirst ? "DESC" : "") LIMIT ?4
                """)
            statement.bind(1, window.startMilliseconds ?? Int64.min).bind(2, window.endMilliseconds ?? Int64.max)
                .bind(4, limit.map(Int64.init) ?? -1)
            if let top { statement.bind(3, top.seq) }
            try forEachFound(statement, body)
        }
    }

    func forEachFound(_ statement: Statement, _ body: (Found) throws -> Void) throws {
        defer { statement.reset() }
        try forEachFound(next: { try statement.step() ? self.node(from: statement) : nil }, body)
    }

    /// Calls `body` with each node `next` gives, and where it is, until it gives nil.
    private func forEachFound(next: () throws -> Node?, _ body: (Found) throws -> Void) throws {
        // Places are looked up once each: the entries of a day or a search share few.
        var places: [Int64: NavigationPath] = [:]
        let holdsValues = try holdsFieldValues()
        while let node = try next() {
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
        var vocabularies = "SELECT term FROM temp.node_search_terms"
        if readsIndexesAsTheyAre {
            try database.execute(
                "CREATE VIRTUAL TABLE IF NOT EXISTS temp.node_search_tail_terms USING fts5vocab(temp, node_search_tail, row)")
            vocabularies += " UNION SELECT term FROM temp.node_search_tail_terms"
        }
        return try read {
            // Tags are the index's terms that start with '#'; each is counted among the
            // nodes still in sight, which the index alone does not know.
            let terms = try database.statement(
                "SELECT term FROM (\(vocabularies)) WHERE term >= '#' AND term < '$' ORDER BY term")
            var names: [String] = []
            while try terms.step() { names.append(String(terms.string(0).dropFirst())) }
            let count = try database.statement(
                """
                SELECT count(*) FROM (\(searchHits("?1"))) AS hit JOIN node ON node.seq = hit.rowid
                WHERE node.hidden IS NULL
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

    /// The items and lists that hold a tag, in sight or not: what a listing is
    /// filtered by (`forEachChildWithFields(of:tagged:)`).
    public struct TaggedNodes {
        let seqs: Set<Int64>

        func contains(_ node: Node) -> Bool { seqs.contains(node.seq) }
    }

    /// The items and lists tagged `tag`, with or without its '#'. This brings the
    /// search index up to date, a write: ask before a read transaction, not inside one.
    public func tagged(_ tag: String) throws -> TaggedNodes {
        try bringSearchIndexUpToDate()
        return try read {
            let statement = try database.statement(searchHits("?1"))
                .bind(1, Store.tagExpression(String(tag.drop { $0 == "#" })))
            var seqs: Set<Int64> = []
            while try statement.step() { seqs.insert(statement.int64(0)) }
            return TaggedNodes(seqs: seqs)
        }
    }

    private static func tagExpression(_ tag: String) -> String {
        "\"#" + tag.split(separator: "\"", omittingEmptySubsequences: false).joined(separator: "\"\"") + "\""
    }
}
