import Foundation
@testable import JotterCore
import TestSupport
import Testing

/// The cap on an entry (1 MiB), a field value (64 KiB) and a list's name (4 KiB):
/// refused wherever one is written anew, in one line that says what to do instead, the
/// store left as it was; an entry an older jotter stored longer still opens.
@Suite struct SizeCapTests {
    let jotter = Jotter()

    /// 1,100,010 bytes in words the kernel passes as arguments (each under 128 KiB).
    static let overCapWords = Array(repeating: String(repeating: "x", count: 100_000), count: 11)
    static let overCapMessage =
        "jotter: the entry is 1.1 MiB; an entry holds at most 1 MiB: keep long text in a file and write its path in the entry"

    /// Words that make an entry of exactly the cap.
    static let atCapWords = Array(repeating: String(repeating: "x", count: 100_000), count: 10)
        + [String(repeating: "x", count: SizeCap.entryBytes - 1_000_010)]

    @Test func theSizeOfWhatIsRefusedIsRoundedUpSoItNeverReadsAsTheCap() {
        #expect(SizeCap.size(SizeCap.entryBytes) == "1 MiB")
        #expect(SizeCap.size(SizeCap.entryBytes + 1) == "1.1 MiB")
        #expect(SizeCap.size(65_537) == "64.1 KiB")
        #expect(SizeCap.size(900) == "900 bytes")
    }

    @Test func addRefusesAnEntryOverTheCapAndTakesOneAtIt() throws {
        try jotter.ok("add", "before")
        let refused = try jotter.run(["add"] + Self.overCapWords)
        #expect(refused.status != 0)
        #expect(refused.errors == Self.overCapMessage + "\n")
        #expect(try jotter.texts("/") == ["before"])
        let atCap = try jotter.run(["add"] + Self.atCapWords)
        #expect(atCap.status == 0, "\(atCap.errors)")
        #expect(try jotter.texts("/").map(\.utf8.count) == [6, SizeCap.entryBytes])
    }

    @Test func editRefusesATextOverTheCapAndLeavesTheEntry() throws {
        let id = try jotter.ok("add", "before").trimmingCharacters(in: .newlines)
        let refused = try jotter.run(["edit", id] + Self.overCapWords)
        #expect(refused.status != 0)
        #expect(refused.errors == Self.overCapMessage + "\n")
        #expect(try jotter.texts("/") == ["before"])
    }

    @Test func anEditorsTextOverTheCapIsRefusedAndTheEntryLeft() throws {
        try jotter.ok("add", "before")
        let long = jotter.folder.file("long.txt")
        try String(repeating: "y", count: SizeCap.entryBytes + 1).write(toFile: long, atomically: true, encoding: .utf8)
        let editor = jotter.folder.file("editor")
        try "#!/bin/sh\ncp '\(long)' \"$1\"\n".write(toFile: editor, atomically: true, encoding: .utf8)
        #expect(chmod(editor, 0o700) == 0)
        let refused = try jotter.run(["edit", "1"], extraEnvironment: ["EDITOR": editor])
        #expect(refused.status != 0)
        #expect(refused.errors.contains(Self.overCapMessage), "\(refused.errors)")
        #expect(try jotter.texts("/") == ["before"])
    }

    @Test(arguments: ["jsonl", "lines"])
    func anImportRefusesARecordOverTheCapByItsLineAndImportsNothing(format: String) throws {
        let long = String(repeating: "z", count: SizeCap.entryBytes + 1)
        let lines = format == "jsonl"
            ? ["{\"kind\":\"item\",\"text\":\"first\"}", "{\"kind\":\"item\",\"text\":\"\(long)\"}", "{\"kind\":\"item\",\"text\":\"third\"}"]
            : ["first", long, "third"]
        let file = jotter.folder.file("records.\(format)")
        try (lines.joined(separator: "\n") + "\n").write(toFile: file, atomically: true, encoding: .utf8)
        let refused = try jotter.run(["import", "--format", format, "--to", "/", file])
        #expect(refused.status != 0)
        #expect(refused.errors.contains("records.\(format):2: the entry is"), "\(refused.errors)")
        #expect(refused.errors.contains("the entry is 1.1 MiB; an entry holds at most 1 MiB"), "\(refused.errors)")
        #expect(refused.errors.split(separator: "\n").count == 1, "\(refused.errors)")
        #expect(try jotter.texts("/") == [])
    }

    @Test func aFieldValueOverItsCapIsRefused() throws {
        try jotter.ok("field", "add", "note", "text", "--in", "/")
        let value = String(repeating: "n", count: SizeCap.fieldValueBytes + 1)
        let refused = try jotter.run(["add", "lunch", "note:" + value])
        #expect(refused.status != 0)
        #expect(refused.errors == "jotter: the value of 'note' is 64.1 KiB; a field value holds at most 64 KiB: "
            + "put long text in the entry itself\n")
        #expect(try jotter.texts("/") == [])
        try jotter.ok("add", "lunch", "note:" + String(repeating: "n", count: SizeCap.fieldValueBytes))
    }

    @Test func aListNameOverItsCapIsRefused() throws {
        let refused = try jotter.run(["new", String(repeating: "l", count: SizeCap.nameBytes + 1)])
        #expect(refused.status != 0)
        #expect(refused.errors == "jotter: the name is 4.1 KiB; a list's name holds at most 4 KiB: give the list a shorter name\n")
        #expect(try jotter.texts("/") == [])
    }

    /// At the prompt the entry stays in the line: one Backspace brings it to the cap,
    /// and Enter adds it.
    @Test func atThePromptAnEntryOverTheCapStaysInTheLine() throws {
        let prompt = try jotter.prompt()
        prompt.pasteReadingMeanwhile(String(repeating: "p", count: SizeCap.entryBytes + 1) + "\r")
        try prompt.expect("the entry is 1.1 MiB; an entry holds at most 1 MiB")
        try prompt.expect("/ › ")
        #expect(try jotter.texts("/") == [])
        prompt.type("\u{7f}\r")
        try prompt.expect("/ › ")
        prompt.type("\u{4}")
        _ = try prompt.waitForExit()
        #expect(try jotter.texts("/") == [String(repeating: "p", count: SizeCap.entryBytes)])
    }

    /// A create and a text change over the cap, as an older jotter pushed them, are set
    /// aside with their reason, and what follows them applies.
    @Test func pulledEntriesOverTheCapAreSetAsideWithTheirReason() throws {
        let machines = try SyncTests.Machines()
        let before = try machines.a.ok("add", "before").trimmingCharacters(in: .whitespacesAndNewlines)
        try machines.sync(machines.a, machines.b)
        let new = "01234567-89ab-7def-8123-456789abcdef"
        let long = "repeat('q', \(SizeCap.entryBytes + 1))"
        try machines.server.psql("""
            INSERT INTO jotter.op (journal, position, replica, counter, stamp, node, property, value)
            SELECT name, next_position, gen_random_uuid(), 1, 1 << 40, '\(new)', 'create',
                   '{"kind":"item","text":"' || \(long) || '","created":1}'
            FROM jotter.journal WHERE name = 'main';
            INSERT INTO jotter.op (journal, position, replica, counter, stamp, node, property, value)
            SELECT name, next_position + 1, gen_random_uuid(), 1, 1 << 41, '\(before)', 'text', '"' || \(long) || '"'
            FROM jotter.journal WHERE name = 'main';
            UPDATE jotter.journal SET next_position = next_position + 2 WHERE name = 'main';
            """, database: machines.database)
        try machines.a.ok("add", "after")
        try machines.sync(machines.a)
        let pull = try machines.b.run(["sync"])
        #expect(pull.status == 0, "\(pull.errors)")
        let lines = pull.errors.split(separator: "\n")
        let reason = "its text is 1.1 MiB, over the 1 MiB an entry holds now (written by an older jotter); set aside"
        #expect(lines.count == 3, "\(pull.errors)")
        #expect(lines.first?.hasPrefix("create of ") == true && lines.first?.hasSuffix(reason) == true, "\(pull.errors)")
        #expect(lines.dropFirst().first?.hasPrefix("text of ") == true && lines.dropFirst().first?.hasSuffix(reason) == true,
                "\(pull.errors)")
        #expect(lines.last == "sent 0, received 3")
        #expect(try machines.b.texts("/") == ["before", "after"])
        #expect(try machines.sync(machines.b) == ["sent 0, received 0\n"])
    }

    /// A store an older jotter wrote may hold a longer entry: it opens, lists and
    /// exports it, and takes new entries beside it.
    @Test func anEntryOverTheCapInAnOlderStoreStillListsAndExports() throws {
        try jotter.ok("add", "placeholder")
        let long = "older " + String(repeating: "o", count: 2 * SizeCap.entryBytes)
        do {
            let database = try Database(path: jotter.store)
            try database.registerSearchTokenizer()
            try database.registerChecksumFunction()
            let update = try database.statement(
                "UPDATE node SET text = ?1, text_sum = jotter_checksum(?1) WHERE text = 'placeholder'")
            try update.bind(1, long).run()
        }
        #expect(try jotter.texts("/") == [long])
        let listed = try jotter.run(["list", "/"])
        #expect(listed.status == 0 && listed.text.contains(String(repeating: "o", count: 1000)), "\(listed.errors)")
        let exported = try jotter.run(["export", "--format", "csv", "/"])
        #expect(exported.status == 0 && exported.text.contains(long), "\(exported.errors)")
        try jotter.ok("add", "beside it")
        #expect(try jotter.texts("/") == [long, "beside it"])
        try jotter.ok("check")
    }
}
