import Foundation
@testable import JotterCLI
@testable import JotterCore
import Testing

/// `stats FIELD` over the whole store reads the totals kept per quarter hour
/// (`value_bucket`); after every kind of change they must give what the entries give.
@Suite struct StatsTotalsTests {
    /// A zone of one offset all year.
    struct FixedZone: LocalZone {
        let seconds: Int64
        func offsetSeconds(atUTCSeconds _: Int64) -> Int64 { seconds }
    }

    /// New York in 2026: daylight time from 2026-03-08 07:00 UTC to 2026-11-01 06:00 UTC.
    struct NewYork2026: LocalZone {
        func offsetSeconds(atUTCSeconds utcSeconds: Int64) -> Int64 {
            (1_772_953_200..<1_793_512_800).contains(utcSeconds) ? -4 * 3600 : -5 * 3600
        }
    }

    /// The process's zone, UTC, Kathmandu (+05:45), Chatham (+12:45), New York across its
    /// change to daylight time, and Amsterdam's offset of the 1930s (+00:19:32), whose
    /// days start inside quarter hours.
    static let zones: [(name: String, zone: any LocalZone)] = [
        ("TZ", SystemZone()), ("UTC", FixedZone(seconds: 0)), ("Kathmandu", FixedZone(seconds: 5 * 3600 + 45 * 60)),
        ("Chatham", FixedZone(seconds: 12 * 3600 + 45 * 60)), ("New York", NewYork2026()),
        ("Amsterdam 1937", FixedZone(seconds: 19 * 60 + 32)),
    ]

    /// Entries either side of Kathmandu's and New York's midnights and of the change
    /// to daylight time, with exact decimals, one without a value.
    private func journal() throws -> InProcess {
        let jotter = try InProcess()
        try jotter.run(["field", "add", "price", "decimal"])
        try importEntries([
            ("kathmandu before", "2026-03-07T18:14:59Z", "0.1"), ("kathmandu after", "2026-03-07T18:15:00Z", "0.2"),
            ("new york before", "2026-03-08T04:59:59Z", "-3"), ("new york after", "2026-03-08T05:00:00Z", "1000.005"),
            ("before the change", "2026-03-08T06:59:59Z", "7"), ("after the change", "2026-03-08T07:00:00Z", "12345678901234567890.5"),
            ("amsterdam", "2026-03-09T23:40:27Z", "2"), ("no price", "2026-03-10T12:00:00Z", nil),
            ("later", "2026-04-02T09:00:00Z", "0.30"),
        ], into: jotter)
        return jotter
    }

    private func importEntries(_ entries: [(text: String, utc: String, price: String?)], into jotter: InProcess,
                               onConflict: String? = nil) throws {
        let lines = entries.map { entry in
            "{\"kind\":\"item\",\"text\":\"\(entry.text)\",\"created\":\"\(entry.utc)\""
                + (entry.price.map { ",\"fields\":{\"price\":\"\($0)\"}" } ?? "") + "}"
        }
        let file = jotter.folder.file("entries-\(UUID().uuidString).jsonl")
        try (lines.joined(separator: "\n") + "\n").write(toFile: file, atomically: true, encoding: .utf8)
        try jotter.run(["import", "--format", "jsonl"] + (onConflict.map { ["--on-conflict", $0] } ?? []) + [file])
    }

    private func node(_ text: String, in jotter: InProcess) throws -> Node {
        try #require(try jotter.store.children(of: nil).first { $0.text == text })
    }

    /// Each zone's days and months of `price`, from the kept totals and from every
    /// entry's value, are the same; `stats` is run first, so that it keeps what it reads.
    private func expectTotalsMatchTheEntries(_ jotter: InProcess, after what: Comment) throws {
        try jotter.run(["stats", "price", "--by", "day"])
        try expectTotalsMatchTheEntries(jotter.store, after: what)
    }

    private func expectTotalsMatchTheEntries(_ store: Store, after what: Comment) throws {
        for (name, zone) in StatsTotalsTests.zones {
            guard let bounds = try store.datedBounds(on: nil, under: nil, zone: zone) else { continue }
            for period in [StatsPeriod.day, .month] {
                let days = LocalDays(from: period.start(of: bounds.first), through: bounds.last, zone: zone)
                var fromEntries = PeriodStats(days: days, by: period)
                try store.forEachValue(of: "price", on: nil, days: days, under: nil) { day, value in
                    fromEntries.addEntry(onDay: day, value: try ExactDecimal(parsing: try #require(value)))
                }
                var kept = PeriodStats(days: days, by: period)
                for (day, totals) in try store.valueTotals(of: "price", days: days).enumerated() {
                    if let totals { kept.addEntries(totals, onDay: day) }
                }
                #expect(kept.periods == fromEntries.periods, "\(what), \(name), by \(period)")
                #expect(fromEntries.periods.contains { $0.entries > 0 }, "\(what), \(name): no value counted")
            }
        }
    }

    private func count(_ sql: String, in jotter: InProcess) throws -> Int64 {
        try count(sql, in: jotter.store)
    }

    private func count(_ sql: String, in store: Store) throws -> Int64 {
        try store.database.statement(sql).firstRow { $0.int64(0) } ?? -1
    }

    @Test func theKeptTotalsFollowEditsMovesTheTrashImportsAndUndo() throws {
        let jotter = try journal()
        try expectTotalsMatchTheEntries(jotter, after: "the first stats")
        #expect(try count("SELECT count(*) FROM value_bucket WHERE name = 'price'", in: jotter) == 8)
        #expect(try count("SELECT count(*) FROM value_bucket_stale", in: jotter) == 0)

        try jotter.run(["edit", try node("kathmandu after", in: jotter).id.description, "kathmandu after price:5.25"])
        try expectTotalsMatchTheEntries(jotter, after: "an edit of a value")
        try jotter.run(["edit", "--at", "2026-03-20 10:00", try node("new york before", in: jotter).id.description])
        try expectTotalsMatchTheEntries(jotter, after: "edit --at")
        try jotter.run(["rm", try node("after the change", in: jotter).id.description])
        try expectTotalsMatchTheEntries(jotter, after: "rm")
        try jotter.run(["restore", "1"])
        try expectTotalsMatchTheEntries(jotter, after: "restore")
        try jotter.run(["rm", try node("amsterdam", in: jotter).id.description])
        try jotter.run(["trash", "--empty", "--yes"])
        try expectTotalsMatchTheEntries(jotter, after: "emptying the trash")
        try importEntries([("imported", "2026-03-07T18:20:00Z", "-0.05"), ("imported later", "2026-05-01T00:00:00Z", "9")],
                          into: jotter)
        try expectTotalsMatchTheEntries(jotter, after: "an import")
        try jotter.run(["undo"])
        try expectTotalsMatchTheEntries(jotter, after: "undo of the import")
        try jotter.run(["redo"])
        try expectTotalsMatchTheEntries(jotter, after: "redo of the import")
        // An import that moves an entry to another time and gives it another value.
        let later = try node("later", in: jotter)
        let replacing = jotter.folder.file("replacing.jsonl")
        try """
            {"kind":"item","id":"\(later.id)","text":"later","created":"2026-03-09T23:50:00Z","fields":{"price":"4"}}

            """.write(toFile: replacing, atomically: true, encoding: .utf8)
        try jotter.run(["import", "--format", "jsonl", "--on-conflict", "replace", replacing])
        try expectTotalsMatchTheEntries(jotter, after: "an import that replaces an entry")
        try jotter.run(["undo"])
        try expectTotalsMatchTheEntries(jotter, after: "undo of the replacing import")
        // Another program writing the store: the triggers are plain SQL.
        try jotter.store.database.execute("UPDATE field_value SET value = '0.75' WHERE item = \(later.seq)")
        try jotter.store.database.execute("UPDATE node SET created = created - 86400000 WHERE seq = \(later.seq)")
        try expectTotalsMatchTheEntries(jotter, after: "changes written by another program")
        try jotter.store.database.execute("DELETE FROM field_value WHERE item = \(later.seq)")
        try expectTotalsMatchTheEntries(jotter, after: "a value deleted by another program")
        #expect(try jotter.store.check().isEmpty)
    }

    @Test func aValueThatIsNotANumberIsNamedWithItsDayAndTheOthersAreStillKept() throws {
        let jotter = try journal()
        try jotter.run(["stats", "price"])
        let later = try node("later", in: jotter)
        try jotter.store.database.execute("UPDATE field_value SET value = 'ten' WHERE item = \(later.seq)")
        let day = SystemZone().localDateTime(atMilliseconds: later.created.milliseconds).dateText
        #expect(throws: JotterError.input("price holds 'ten' on \(day), which is not a number")) {
            try jotter.run(["stats", "price", "--by", "year"])
        }
        try jotter.store.database.execute("UPDATE field_value SET value = '10' WHERE item = \(later.seq)")
        try expectTotalsMatchTheEntries(jotter, after: "the value made a number again")
    }

    /// A store of version 16 has no totals: its first `stats` works them all out, from
    /// every value it holds, including those written before the step.
    @Test func aStoreBroughtUpToDateWorksOutItsTotalsAtItsFirstStats() throws {
        let jotter = try journal()
        try jotter.store.database.execute(
            """
            DROP TABLE value_bucket; DROP TABLE value_bucket_stale;
            DROP TRIGGER value_bucket_value_insert; DROP TRIGGER value_bucket_value_update;
            DROP TRIGGER value_bucket_value_delete; DROP TRIGGER value_bucket_node_insert;
            DROP TRIGGER value_bucket_node_update; DROP TRIGGER value_bucket_node_delete;
            DELETE FROM setting WHERE key = 'value_bucketed_to';
            PRAGMA user_version = 16;
            """)
        let reopened = try Store(path: jotter.store.path)
        #expect(try count("SELECT count(*) FROM value_bucket", in: reopened) == 0)
        try expectTotalsMatchTheEntries(reopened, after: "the migration")
        #expect(try count("SELECT count(*) FROM value_bucket", in: reopened) == 8)
    }

    @Test func checkNamesASettingOfTheTotalsOutsideTheRows() throws {
        let jotter = try journal()
        try jotter.store.database.execute("UPDATE setting SET value = 1000000 WHERE key = 'value_bucketed_to'")
        #expect(try jotter.store.check().contains { $0.contains("value_bucketed_to is 1000000") })
    }
}
