/// The prompt's history lives in the store, written with the entry it produced, so a
/// crash loses none of it and no second file holds private text.
extension Store {
    /// How many lines of history the prompt loads at start: enough to recall and
    /// search, few enough that start-up does not grow with the store.
    public static let historyLoadLimit = 1000

    public func appendHistory(_ line: String) throws {
        try write {
            try database.statement("INSERT INTO history (line, entered) VALUES (?, ?)")
                .bind(1, line).bind(2, clock().milliseconds).run()
        }
    }

    /// The latest `limit` lines, oldest first.
    public func recentHistory(limit: Int = Store.historyLoadLimit) throws -> [String] {
        try read {
            let statement = try database.statement(
                "SELECT line FROM (SELECT seq, line FROM history ORDER BY seq DESC LIMIT ?) ORDER BY seq")
                .bind(1, Int64(limit))
            var lines: [String] = []
            while try statement.step() {
                lines.append(statement.string(0))
            }
            return lines
        }
    }
}
