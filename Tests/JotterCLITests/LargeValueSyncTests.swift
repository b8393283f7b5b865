import Foundation
import JotterCore
import JotterHub
import TestSupport
import Testing

/// Huge values through a real hub: the longest entry a line may hold, and a value on
/// the hub longer than any jotter applies. Each sync's peak memory is measured with GNU
/// time around the binary alone (run it with the release binary, `JOTTER_BINARY`).
@Suite struct LargeValueSyncTests {
    static let budget = 64 * 1024

    /// Requires `kibibytes` under the bound of 64 MiB (docs/reliability.md).
    func expectPeak(_ kibibytes: Int, of what: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(kibibytes < Self.budget, "\(what): \(kibibytes) KiB", sourceLocation: sourceLocation)
    }

    /// One entry near the 1 MiB cap, of characters that JSON escapes
    /// (tabs, backslashes, quotes), control characters among them, and CJK.
    @Test func anEntryNearTheLineLimitArrivesExactInBoundedMemory() throws {
        let machines = try SyncTests.Machines()
        let cycle = "plain words tab\there back\\slash \u{1}\u{7} 漢字かな交じり文 \"quoted\", comma, # head - dash "
        let text = "zanzibar opens " + String(repeating: cycle, count: 1_040_000 / cycle.utf8.count) + "and ends"
        let file = machines.a.folder.file("long.txt")
        try text.write(toFile: file, atomically: true, encoding: .utf8)
        try machines.a.ok("import", "--to", "/", file)
        try machines.a.ok("add", "a short one after it")

        let push = try machines.a.peakMemory(["sync"])
        #expect(push.status == 0 && push.errors == "sent 2, received 0", "\(push.errors)")
        expectPeak(push.kibibytes, of: "push")
        let pull = try machines.b.peakMemory(["sync"])
        #expect(pull.status == 0 && pull.errors == "sent 0, received 2", "\(pull.errors)")
        expectPeak(pull.kibibytes, of: "pull")

        #expect(try machines.b.texts() == [text, "a short one after it"])
        #expect(try machines.everything(on: machines.a) == machines.everything(on: machines.b))

        // Edited there, and back: the text operation is as long as the create was.
        let edited = text.replacingOccurrences(of: "zanzibar opens", with: "zanzibar edited")
        let editFile = machines.b.folder.file("edited.txt")
        try Data(edited.utf8).write(to: URL(fileURLWithPath: editFile))
        try machines.b.ok("import", "--to", "/", editFile)
        let editedBack = try machines.b.peakMemory(["sync"])
        #expect(editedBack.status == 0 && editedBack.errors == "sent 1, received 0", "\(editedBack.errors)")
        expectPeak(editedBack.kibibytes, of: "second push")
        let second = try machines.a.peakMemory(["sync"])
        #expect(second.status == 0 && second.errors == "sent 0, received 1", "\(second.errors)")
        expectPeak(second.kibibytes, of: "second pull")
        #expect(try machines.a.texts() == [text, "a short one after it", edited])
        try machines.expectChecksClean()
    }

    /// A value on the hub longer than any jotter applies, put there by hand: the pull
    /// passes over it in one line, without reading it, and applies the rest.
    @Test func aValueOverTheLimitOnTheHubIsPassedOverInOneLineAndTheRestApplies() throws {
        let machines = try SyncTests.Machines()
        let before = try machines.a.ok("add", "before").trimmingCharacters(in: .whitespacesAndNewlines)
        try machines.sync(machines.a)
        let length = Hub.largestValueBytes + 1
        // An edit of "before" whose JSON text is one byte too long.
        try machines.server.psql("""
            INSERT INTO jotter.op (journal, position, replica, counter, stamp, node, property, value)
            SELECT name, next_position, gen_random_uuid(), 1, 1 << 62, '\(before)', 'text',
                   '"' || repeat('x', \(length - 2)) || '"'
            FROM jotter.journal WHERE name = 'main';
            UPDATE jotter.journal SET next_position = next_position + 1 WHERE name = 'main';
            """, database: machines.database)
        try machines.a.ok("add", "after")
        try machines.sync(machines.a)
        let position = try machines.server.psql(
            "SELECT position FROM jotter.op WHERE property = 'text'", database: machines.database)
            .trimmingCharacters(in: .whitespacesAndNewlines)

        let pull = try machines.b.peakMemory(["sync"])
        #expect(pull.status == 0, "\(pull.errors)")
        #expect(pull.errors == """
            operation \(position) of the hub (text) has a value of \(length) bytes, more than any jotter writes; it was passed over
            sent 0, received 2
            """, "\(pull.errors)")
        expectPeak(pull.kibibytes, of: "pull")
        #expect(try machines.b.texts() == ["before", "after"])
        // Passed over for good: the next sync does not meet it again.
        #expect(try machines.sync(machines.b) == ["sent 0, received 0\n"])
    }

    /// Values that each fit but together are far more than a page holds: the hub sends
    /// a page's worth at a time, not every value up to the page's count.
    @Test func manyLongValuesArePulledAPageAtATime() throws {
        let machines = try SyncTests.Machines()
        try machines.server.psql("""
            INSERT INTO jotter.op (journal, position, replica, counter, stamp, node, property, value)
            SELECT name, next_position + n, gen_random_uuid(), 1, n,
                   gen_random_uuid(), 'create',
                   '{"kind":"item","text":"long ' || n || ' ' || repeat('y', 1000000) || '","created":' || n || '}'
            FROM jotter.journal, generate_series(0, 11) AS n WHERE name = 'main';
            UPDATE jotter.journal SET next_position = next_position + 12 WHERE name = 'main';
            """, database: machines.database)
        let pull = try machines.b.peakMemory(["sync"])
        #expect(pull.status == 0 && pull.errors == "sent 0, received 12", "\(pull.errors)")
        expectPeak(pull.kibibytes, of: "pull")
        #expect(try machines.b.texts().map { $0.prefix(8) } == (0..<12).map { "long \($0) y".prefix(8) })
    }

    /// Long changes of entries not here wait in the store for them; each batch that
    /// makes an entry tries them again, and read them back all at once, 24 values of
    /// 6 MiB at a time (252 MiB in a debug build).
    @Test func changesWaitingForTheirEntriesAreTriedAgainOneAtATime() throws {
        let machines = try SyncTests.Machines()
        try machines.server.psql("""
            INSERT INTO jotter.op (journal, position, replica, counter, stamp, node, property, value)
            SELECT name, next_position + n, gen_random_uuid(), 1, n + 1, gen_random_uuid(), 'text',
                   '"waiting ' || n || ' ' || repeat('y', 1000000) || '"'
            FROM jotter.journal, generate_series(0, 23) AS n WHERE name = 'main';
            INSERT INTO jotter.op (journal, position, replica, counter, stamp, node, property, value)
            SELECT name, next_position + 24, gen_random_uuid(), 1, 25, gen_random_uuid(), 'create',
                   '{"kind":"item","text":"arrived","created":25}'
            FROM jotter.journal WHERE name = 'main';
            UPDATE jotter.journal SET next_position = next_position + 25 WHERE name = 'main';
            """, database: machines.database)
        let pull = try machines.b.peakMemory(["sync"])
        #expect(pull.status == 0 && pull.errors.hasSuffix("sent 0, received 25"), "\(pull.errors.suffix(200))")
        expectPeak(pull.kibibytes, of: "pull")
        #expect(try machines.b.texts() == ["arrived"])
    }

    /// A property is not counted in a page's bytes: 40 of 5 MB, each longer than any
    /// jotter writes, came in one page, and a pull of them peaked at 424 MB.
    @Test func longPropertiesOnTheHubArePassedOverUnread() throws {
        let machines = try SyncTests.Machines()
        try machines.server.psql("""
            INSERT INTO jotter.op (journal, position, replica, counter, stamp, node, property, value)
            SELECT name, next_position + n, gen_random_uuid(), 1, n + 1, gen_random_uuid(),
                   'field:' || repeat('p', 5000000), '"x"'
            FROM jotter.journal, generate_series(0, 39) AS n WHERE name = 'main';
            UPDATE jotter.journal SET next_position = next_position + 40 WHERE name = 'main';
            """, database: machines.database)
        let pull = try machines.b.peakMemory(["sync"])
        #expect(pull.status == 0)
        let lines = pull.errors.split(separator: "\n")
        #expect(lines.first == "operation 1 of the hub has a property of 5000006 bytes, longer than any jotter writes; it was passed over")
        #expect(lines.count == 41 && lines.last == "sent 0, received 0", "\(pull.errors.suffix(300))")
        expectPeak(pull.kibibytes, of: "pull")
    }
}
