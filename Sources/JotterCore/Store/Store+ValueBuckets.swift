/// `stats FIELD` over the whole store: a decimal field's values totalled per quarter
/// hour of UTC (`value_bucket`, store version 17), so that a month is read as
/// some three thousand totals rather than every entry's value. Triggers mark the
/// buckets a change touches stale; `stats` works out again the stale ones it shows.
extension Store {
    /// A quarter of an hour: every zone's offset from UTC is a whole number of them
    /// today, so a local day is a run of whole buckets. A day that starts inside one
    /// (an offset of the past, such as local mean time) has that bucket read from the
    /// entries.
    static let bucketMilliseconds: Int64 = 900_000

    /// The bucket of the instant `milliseconds`, rounded down, as the triggers work it out.
    static func bucket(ofMilliseconds milliseconds: Int64) -> Int64 {
        let quotient = milliseconds / bucketMilliseconds
        return milliseconds % bucketMilliseconds < 0 ? quotient - 1 : quotient
    }

    /// A value of the field that is not a number, on the day it was entered (an index
    /// of the days asked about).
    public struct ValueNotANumber: Error {
        public let value: String
        public let day: Int
    }

    /// For each of `days`, the figures of `field`'s values among the entries in sight
    /// entered that day; nil for a day without any. The same figures as `forEachValue`
    /// over the whole store gives, read from the totals kept per bucket: the stale
    /// buckets among the days are worked out again and kept first, where the store can
    /// be written; where it cannot, they are worked out from the entries and not kept.
    public func valueTotals(of field: String, days: LocalDays) throws -> [ValueTotals?] {
        try bringLogIndexUpToDate()
        let window = days.window
        let buckets = Store.bucket(ofMilliseconds: window.start)..<(Store.bucket(ofMilliseconds: window.end - 1) + 1)
        try fillingIndex { try refreshStaleBuckets(of: field, in: buckets) }
        return try read {
            var totals = [ValueTotals?](repeating: nil, count: days.count)
            // The buckets read from the entries: those cut by the start of a day, those
            // marked stale, and those of entries made since the marks were brought up to
            // date (or all of them, in a store known damaged).
            var fromEntries: Set<Int64> = []
            for day in 0...days.count {
                let start = day < days.count ? days.span(ofDay: day).start : window.end
                if start % Store.bucketMilliseconds != 0 { fromEntries.insert(Store.bucket(ofMilliseconds: start)) }
            }
            guard !isKnownDamaged else {
                try addValues(of: field, from: window.start, to: window.end, days: days, to: &totals)
                return totals
            }
            fromEntries.formUnion(try staleBuckets(of: field, in: buckets))
            fromEntries.formUnion(try bucketsOfUnwatchedEntries(of: field, in: buckets))
            let kept = try database.statement(
                "SELECT bucket, entries, sum, least, greatest FROM value_bucket WHERE name = ?1 AND bucket >= ?2 AND bucket < ?3")
                .bind(1, field).bind(2, buckets.lowerBound).bind(3, buckets.upperBound)
            defer { kept.reset() }
            while try kept.step() {
                let bucket = kept.int64(0)
                guard !fromEntries.contains(bucket),
                      let day = days.index(ofMilliseconds: bucket * Store.bucketMilliseconds) else { continue }
                guard let sum = try? ExactDecimal(parsing: kept.string(2)),
                      let least = try? ExactDecimal(parsing: kept.string(3)),
                      let greatest = try? ExactDecimal(parsing: kept.string(4)), kept.int64(1) > 0 else {
                    // Not jotter's figures: the entries are read instead.
                    fromEntries.insert(bucket)
                    continue
                }
                let bucketTotals = ValueTotals(entries: Int(kept.int64(1)), sum: sum, least: least, greatest: greatest)
                totals[day] = totals[day].map { $0.adding(bucketTotals) } ?? bucketTotals
            }
            for bucket in fromEntries.sorted() {
                let start = max(window.start, bucket * Store.bucketMilliseconds)
                let end = min(window.end, (bucket + 1) * Store.bucketMilliseconds)
                guard start < end else { continue }
                try addValues(of: field, from: start, to: end, days: days, to: &totals)
            }
            return totals
        }
    }

    /// Marks stale the buckets of the values of items made since the last time, then
    /// works out again and keeps the stale buckets of `field` among `buckets`, in one
    /// transaction: a bucket kept holds only items the triggers watch from then on.
    /// A bucket holding a value that is not a number stays stale, for `valueTotals`
    /// to name it if it is among the days.
    private func refreshStaleBuckets(of field: String, in buckets: Range<Int64>) throws {
        // Asked first in a read, as the indexes are: most runs find nothing to do, and
        // need not wait for a writer.
        let isUpToDate = try read {
            let highest = try highestNodeSeq()
            return try rowSetting(.valueBucketedTo, atMost: highest) == highest
                && staleBuckets(of: field, in: buckets).isEmpty
        }
        guard !isUpToDate else { return }
        let changesBefore = database.totalChanges
        defer { indexRowsWritten += database.totalChanges - changesBefore }
        try write(changingSyncedRows: false) {
            let highest = try highestNodeSeq()
            let watched = try rowSetting(.valueBucketedTo, atMost: highest)
            if watched < highest {
                try database.statement(
                    """
                    INSERT OR IGNORE INTO value_bucket_stale (name, bucket)
                    SELECT value.name, node.created / 900000 - (node.created % 900000 < 0)
                    FROM field_value AS value JOIN node ON node.seq = value.item
                    WHERE value.item > ?1 AND value.item <= ?2
                    """)
                    .bind(1, watched).bind(2, highest).run()
                try database.statement("UPDATE setting SET value = ? WHERE key = \(Setting.valueBucketedTo.sql)").bind(1, highest).run()
            }
            let stale = try staleBuckets(of: field, in: buckets)
            guard !stale.isEmpty else { return }
            for bucket in stale {
                guard let totals = try bucketTotals(of: field, bucket: bucket) else { continue }
                if let totals {
                    try database.statement(
                        """
                        INSERT OR REPLACE INTO value_bucket (name, bucket, entries, sum, least, greatest)
                        VALUES (?1, ?2, ?3, ?4, ?5, ?6)
                        """)
                        .bind(1, field).bind(2, bucket).bind(3, Int64(totals.entries)).bind(4, totals.sum.description)
                        .bind(5, totals.least.description).bind(6, totals.greatest.description).run()
                } else {
                    try database.statement("DELETE FROM value_bucket WHERE name = ?1 AND bucket = ?2")
                        .bind(1, field).bind(2, bucket).run()
                }
                try database.statement("DELETE FROM value_bucket_stale WHERE name = ?1 AND bucket = ?2")
                    .bind(1, field).bind(2, bucket).run()
            }
        }
    }

    private func staleBuckets(of field: String, in buckets: Range<Int64>) throws -> [Int64] {
        let statement = try database.statement(
            "SELECT bucket FROM value_bucket_stale WHERE name = ?1 AND bucket >= ?2 AND bucket < ?3")
            .bind(1, field).bind(2, buckets.lowerBound).bind(3, buckets.upperBound)
        defer { statement.reset() }
        var stale: [Int64] = []
        while try statement.step() { stale.append(statement.int64(0)) }
        return stale
    }

    /// The buckets among `buckets` of `field`'s values on items the triggers do not
    /// watch yet: a store that can only be read has not marked them.
    private func bucketsOfUnwatchedEntries(of field: String, in buckets: Range<Int64>) throws -> Set<Int64> {
        let highest = try highestNodeSeq()
        let statement = try database.statement(
            """
            SELECT node.created FROM field_value AS value JOIN node ON node.seq = value.item
            WHERE value.item > ?1 AND value.name = ?2 AND node.created >= ?3 AND node.created < ?4
            """)
            .bind(1, try rowSetting(.valueBucketedTo, atMost: highest)).bind(2, field)
            .bind(3, buckets.lowerBound * Store.bucketMilliseconds).bind(4, buckets.upperBound * Store.bucketMilliseconds)
        defer { statement.reset() }
        var found: Set<Int64> = []
        while try statement.step() { found.insert(Store.bucket(ofMilliseconds: statement.int64(0))) }
        return found
    }

    /// The figures of one bucket from its entries: nil inside when it has no value,
    /// nil outside when a value is not a number.
    private func bucketTotals(of field: String, bucket: Int64) throws -> ValueTotals?? {
        var totals: ValueTotals?
        var isANumber = true
        try forEachValueEntered(of: field, from: bucket * Store.bucketMilliseconds,
                                to: (bucket + 1) * Store.bucketMilliseconds) { _, text in
            guard let value = try? ExactDecimal(parsing: text) else {
                isANumber = false
                return false
            }
            totals = totals.map { $0.adding(value) } ?? ValueTotals(value)
            return true
        }
        return isANumber ? .some(totals) : nil
    }

    /// Adds the values of `field` on entries made from `start` to `end` to their days.
    private func addValues(of field: String, from start: Int64, to end: Int64, days: LocalDays,
                           to totals: inout [ValueTotals?]) throws {
        var problem: ValueNotANumber?
        try forEachValueEntered(of: field, from: start, to: end) { created, text in
            guard let day = days.index(ofMilliseconds: created) else { return true }
            guard let value = try? ExactDecimal(parsing: text) else {
                problem = ValueNotANumber(value: text, day: day)
                return false
            }
            totals[day] = totals[day].map { $0.adding(value) } ?? ValueTotals(value)
            return true
        }
        if let problem { throw problem }
    }

    /// Calls `body` with the time and value of each of `field`'s values on an entry in
    /// sight made from `start` to `end`, until it returns false. The rows after the
    /// time index are read too: a bucket kept must hold every entry made so far.
    private func forEachValueEntered(of field: String, from start: Int64, to end: Int64,
                                     _ body: (_ created: Int64, _ value: String) throws -> Bool) throws {
        let statement = try database.statement(
            """
            SELECT time.created, value.value
            FROM (SELECT created, seq FROM item_time
                  UNION ALL
                  SELECT created, seq FROM node WHERE seq > ?4 AND kind = 1) AS time
            JOIN node ON node.seq = time.seq
            JOIN field_value AS value ON value.item = node.seq AND value.name = ?3
            WHERE time.created >= ?1 AND time.created < ?2 AND node.hidden IS NULL
            """)
            .bind(1, start).bind(2, end).bind(3, field)
            .bind(4, try rowSetting(.logIndexedTo, atMost: try highestNodeSeq()))
        defer { statement.reset() }
        while try statement.step() {
            guard try body(statement.int64(0), statement.string(1)) else { return }
        }
    }
}
