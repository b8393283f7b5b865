/// What `cal` and `stats` ask of the store: entries counted by local day, and a
/// field's values by the day of each entry, in sight only, under a list if given.
extension Store {
    /// How many items in sight were entered on each of `days`, under `top` when given.
    ///
    /// Over the whole store, each day is one count of a range of the index of items by
    /// time (`item_time`, which holds only a time and a row each): no row of `node` is
    /// read for an entry in sight, and the few in the trash (its own index) are taken
    /// off after. Under a list, the entries of its subtree are read, as `log` reads them.
    public func itemCounts(on days: LocalDays, under top: Node?) throws -> [Int] {
        try bringLogIndexUpToDate()
        return try read {
            var counts = [Int](repeating: 0, count: days.count)
            let window = days.window
            if let top {
                let entries = try database.statement(
                    """
                    WITH RECURSIVE subtree (seq) AS (
                        SELECT ?3
                        UNION ALL
                        SELECT node.seq FROM subtree JOIN node ON node.parent = subtree.seq WHERE node.hidden IS NULL
                    )
                    SELECT node.created FROM subtree JOIN node ON node.seq = subtree.seq
                    WHERE node.kind = 1 AND node.hidden IS NULL AND node.created >= ?1 AND node.created < ?2
                    """)
                    .bind(1, window.start).bind(2, window.end).bind(3, top.seq)
                defer { entries.reset() }
                while try entries.step() {
                    if let day = days.index(ofMilliseconds: entries.int64(0)) { counts[day] += 1 }
                }
                return counts
            }
            let inDay = try database.statement("SELECT count(*) FROM item_time WHERE created >= ? AND created < ?")
            for day in 0..<days.count {
                let span = days.span(ofDay: day)
                counts[day] = Int(try inDay.bind(1, span.start).bind(2, span.end).firstRow { $0.int64(0) } ?? 0)
                inDay.reset()
            }
            let indexed = try rowSetting(.logIndexedTo, atMost: try highestNodeSeq())
            // In the index but in the trash: taken off. After the index (a store that can
            // only be read): added. The trash is read through its own index: told of the
            // bound on row numbers, SQLite walked the whole table by them instead.
            let others = try database.statement(
                """
                SELECT created, -1 FROM node INDEXED BY node_hidden
                WHERE hidden IS NOT NULL AND kind = 1 AND created >= ?1 AND created < ?2 AND seq <= ?3
                UNION ALL
                SELECT created, 1 FROM node WHERE seq > ?3 AND kind = 1 AND hidden IS NULL AND created >= ?1 AND created < ?2
                """)
                .bind(1, window.start).bind(2, window.end).bind(3, indexed)
            defer { others.reset() }
            while try others.step() {
                if let day = days.index(ofMilliseconds: others.int64(0)) { counts[day] += Int(others.int64(1)) }
            }
            return counts
        }
    }

    /// Calls `body` with the day of each item in sight (under `top` when given) that
    /// holds a value for `field`, and that value; with `field` nil, with every item and
    /// nil. The day is the one `dateField` holds, when given (items without a valid
    /// date there are passed over), else the local day the item was entered on;
    /// only days among `days` count.
    public func forEachValue(of field: String?, on dateField: String?, days: LocalDays, under top: Node?,
                             _ body: (_ day: Int, _ value: String?) throws -> Void) throws {
        try bringLogIndexUpToDate()
        try read {
            let window = days.window
            let subtree = top == nil ? "" : """
                AND node.seq IN (
                    WITH RECURSIVE subtree (seq) AS (
                        SELECT ?5
                        UNION ALL
                        SELECT node.seq FROM subtree JOIN node ON node.parent = subtree.seq WHERE node.hidden IS NULL
                    )
                    SELECT seq FROM subtree)
                """
            let value = field == nil ? "NULL" : "value.value"
            let valueJoin = field == nil ? "" : "JOIN field_value AS value ON value.item = node.seq AND value.name = ?3"
            let sql: String
            if dateField != nil {
                // Date fields are text, ISO 8601: the window is the days' dates as text.
                sql = """
                    SELECT dated.value, \(value) FROM field_value AS dated JOIN node ON node.seq = dated.item \(valueJoin)
                    WHERE dated.name = ?4 AND dated.value >= ?1 AND dated.value < ?2
                      AND node.kind = 1 AND node.hidden IS NULL \(subtree)
                    """
            } else {
                let times = !readsIndexesAsTheyAre ? "item_time" : """
                    (SELECT created, seq FROM item_time
                     UNION ALL
                     SELECT created, seq FROM node WHERE seq > \(try rowSetting(.logIndexedTo, atMost: try highestNodeSeq()))
                       AND kind = 1)
                    """
                sql = """
                    SELECT time.created, \(value) FROM \(times) AS time JOIN node ON node.seq = time.seq \(valueJoin)
                    WHERE time.created >= ?1 AND time.created < ?2 AND node.hidden IS NULL \(subtree)
                    """
            }
            let statement = try database.statement(sql)
            if dateField != nil {
                statement.bind(1, days.date(at: 0).description).bind(2, days.date(at: days.count - 1).adding(days: 1).description)
            } else {
                statement.bind(1, window.start).bind(2, window.end)
            }
            if let field { statement.bind(3, field) }
            if let dateField { statement.bind(4, dateField) }
            if let top { statement.bind(5, top.seq) }
            defer { statement.reset() }
            while try statement.step() {
                let day: Int?
                if dateField != nil {
                    day = (try? FieldDate(parsing: statement.string(0), today: days.date(at: 0))).flatMap(days.index(of:))
                } else {
                    day = days.index(ofMilliseconds: statement.int64(0))
                }
                guard let day else { continue }
                try body(day, field == nil ? nil : statement.string(1))
            }
        }
    }

    /// The form's kind of field `name` anywhere in the store, for `stats` to tell a
    /// decimal field from another; nil when no place defines it.
    public func fieldKinds(named name: String) throws -> [Field.Kind] {
        try read {
            let statement = try database.statement("SELECT DISTINCT type, choices FROM field WHERE name = ?").bind(1, name)
            var kinds: [Field.Kind] = []
            while try statement.step() {
                kinds.append(Field.Kind(stored: statement.string(0), choices: statement.isNull(1) ? nil : statement.string(1)))
            }
            return kinds
        }
    }

    /// The local days of the first and the last item in sight (under `top` when given),
    /// or, with `dateField`, the least and greatest day that field holds among them;
    /// nil when there is none.
    public func datedBounds(on dateField: String?, under top: Node?, zone: some LocalZone) throws
        -> (first: FieldDate, last: FieldDate)? {
        try bringLogIndexUpToDate()
        return try read {
            let subtree = top == nil ? "" : """
                AND node.seq IN (
                    WITH RECURSIVE subtree (seq) AS (
                        SELECT ?2
                        UNION ALL
                        SELECT node.seq FROM subtree JOIN node ON node.parent = subtree.seq WHERE node.hidden IS NULL
                    )
                    SELECT seq FROM subtree)
                """
            if let dateField {
                let statement = try database.statement(
                    """
                    SELECT min(dated.value), max(dated.value) FROM field_value AS dated JOIN node ON node.seq = dated.item
                    WHERE dated.name = ?1 AND node.kind = 1 AND node.hidden IS NULL \(subtree)
                    """)
                    .bind(1, dateField)
                if let top { statement.bind(2, top.seq) }
                let today = CalendarSpan.day(atMilliseconds: clock().milliseconds, zone: zone)
                return try statement.firstRow { row -> (FieldDate, FieldDate)? in
                    guard !row.isNull(0), let first = try? FieldDate(parsing: row.string(0), today: today),
                          let last = try? FieldDate(parsing: row.string(1), today: today) else { return nil }
                    return (first, last)
                } ?? nil
            }
            let times = !readsIndexesAsTheyAre ? "item_time" : """
                (SELECT created, seq FROM item_time
                 UNION ALL
                 SELECT created, seq FROM node WHERE seq > \(try rowSetting(.logIndexedTo, atMost: try highestNodeSeq()))
                   AND kind = 1)
                """
            // Walked in the index's order from either end, to the first in sight.
            func end(_ order: String) throws -> Int64? {
                let statement = try database.statement(
                    """
                    SELECT time.created FROM \(times) AS time JOIN node ON node.seq = time.seq
                    WHERE node.hidden IS NULL \(subtree)
                    ORDER BY time.created \(order) LIMIT 1
                    """)
                if let top { statement.bind(2, top.seq) }
                return try statement.firstRow { $0.int64(0) }
            }
            guard let first = try end("ASC"), let last = try end("DESC") else { return nil }
            return (CalendarSpan.day(atMilliseconds: first, zone: zone), CalendarSpan.day(atMilliseconds: last, zone: zone))
        }
    }
}
