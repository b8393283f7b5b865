/// Reading a journal in the order it was written, for the static site.
extension Store {
    /// Calls `time` with the creation time of every item in sight under `top` (the
    /// root when nil), at every level, oldest first; then `entry` with each of the same
    /// items, with its place and values, in the same order. Both passes run in one
    /// read, so that the counts the first gathers (which days hold entries, so which
    /// pages there will be) are those of the entries the second gives. Each streams
    /// from the index of items by time: only one entry is held at a time.
    public func forEachJournalEntry(under top: Node?, time: (Int64) throws -> Void,
                                    entry: (Found) throws -> Void) throws {
        try bringLogIndexUpToDate()
        try read {
            let under = top == nil ? "" : Store.inSubtree(ofParameter: 1)
            let times = try itemTimes()
            func statement(selecting columns: String) throws -> Statement {
                let statement = try database.statement(
                    """
                    SELECT \(columns) FROM \(times) AS time JOIN node ON node.seq = time.seq
                    WHERE node.hidden IS NULL \(under)
                    ORDER BY time.created, time.seq
                    """)
                if let top { statement.bind(1, top.seq) }
                return statement
            }
            let created = try statement(selecting: "time.created")
            do {
                defer { created.reset() }
                while try created.step() { try time(created.int64(0)) }
            }
            try forEachFound(try statement(selecting: NodeColumn.all(of: "node")), entry)
        }
    }

    /// The names of the fields declared decimal anywhere: the numbers a site charts.
    public func decimalFieldNames() throws -> [String] {
        try read {
            let statement = try database.statement("SELECT DISTINCT name FROM field WHERE type = 'decimal' ORDER BY name")
            defer { statement.reset() }
            var names: [String] = []
            while try statement.step() { names.append(statement.string(0)) }
            return names
        }
    }
}
