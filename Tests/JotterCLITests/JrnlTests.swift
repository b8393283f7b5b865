import Foundation
import Testing

/// jrnl journals into jotter and back out, checked against the real jrnl, which
/// `Scripts/setup jrnl` installs into `.build/tools/jrnl-venv`.
@Suite struct JrnlTests {
    let jotter = Jotter()

    static var executable: String { Jotter.packageRoot + "/.build/tools/jrnl-venv/bin/jrnl" }

    /// A jrnl with a HOME of its own, its config there naming a journal file in it.
    func jrnl(_ name: String) throws -> (tool: ExternalTool, journal: String) {
        let home = jotter.folder.file(name)
        try FileManager.default.createDirectory(atPath: home + "/.config/jrnl", withIntermediateDirectories: true)
        let journal = home + "/journal.txt"
        let config = """
            colors: {body: none, date: none, tags: none, title: none}
            default_hour: 9
            default_minute: 0
            editor: ''
            encrypt: false
            highlight: false
            indent_character: '|'
            journals:
              default: \(journal)
            linewrap: 79
            tagsymbols: '#@'
            template: false
            timeformat: '%Y-%m-%d %H:%M'
            version: v4.6
            """
        try config.write(toFile: home + "/.config/jrnl/jrnl.yaml", atomically: true, encoding: .utf8)
        let tool = ExternalTool(
            executable: JrnlTests.executable,
            environment: ["PATH": "/usr/bin:/bin", "HOME": home, "XDG_CONFIG_HOME": home + "/.config", "TZ": "UTC",
                          "LANG": "C.UTF-8", "PYTHONIOENCODING": "utf-8"])
        return (tool, journal)
    }

    /// Entries made with jrnl: bodies, tags, stars; then the fixtures' lines, written
    /// into its journal file as jrnl keeps it.
    func sourceJournal() throws -> (tool: ExternalTool, journal: String) {
        let (tool, journal) = try jrnl("source")
        try tool.run(["2026-11-01 10:15: Walked to the lake. It was cold and #windy.\nSecond line @anna\n\nA new paragraph."])
        try tool.run(["2026-11-02 08:00: A starred one *"])
        try tool.run(["2026-11-03 21:30: 一日の終わりに日記を書く #日記"])
        var text = try String(contentsOfFile: journal, encoding: .utf8)
        var minute = 0
        for name in ["hostile.txt", "multilingual.txt"] {
            let fixture = try String(contentsOfFile: Jotter.fixtures + "/" + name, encoding: .utf8)
            for line in fixture.split(whereSeparator: \.isNewline) where !line.trimmingCharacters(in: .whitespaces).isEmpty {
                minute += 1
                text += "\n[2026-11-04 \(String(format: "%02d:%02d", minute / 60, minute % 60))] from \(name) \(minute)\n"
                text += line.trimmingCharacters(in: .whitespaces) + "\n"
            }
        }
        try text.write(toFile: journal, atomically: true, encoding: .utf8)
        return (tool, journal)
    }

    struct Entry: Decodable {
        let date: String
        let time: String
        let title: String
        let body: String
        let starred: Bool
        let tags: [String]
    }

    struct Export: Decodable {
        let entries: [Entry]
    }

    static func entries(_ tool: ExternalTool) throws -> [Entry] {
        try JSONDecoder().decode(Export.self, from: try tool.run(["--export", "json"])).entries
    }

    @Test(arguments: ["json", "txt"])
    func entriesComeInAndGoBackToJrnlAsTheyWere(layout: String) throws {
        let (source, journal) = try sourceJournal()
        let before = try Self.entries(source)
        #expect(before.count > 20)
        let input = jotter.folder.file("input." + layout)
        if layout == "json" {
            try source.run(["--export", "json"]).write(to: URL(fileURLWithPath: input))
        } else {
            try FileManager.default.copyItem(atPath: journal, toPath: input)
        }
        let imported = try jotter.run("import", "--from", "jrnl", input)
        #expect(imported.status == 0, "\(imported.errors)")

        let (fresh, freshJournal) = try jrnl("fresh")
        let back = try jotter.run("export", "/", "--format", "jrnl")
        try back.output.write(to: URL(fileURLWithPath: freshJournal))
        let after = try Self.entries(fresh)
        #expect(after.count == before.count)
        for (old, new) in zip(before, after) {
            #expect([old.date, old.time, old.title, old.body] == [new.date, new.time, new.title, new.body])
            #expect(old.starred == new.starred, "\(old.title)")
            // jrnl lists an entry's tags in no fixed order.
            #expect(Set(old.tags) == Set(new.tags), "\(old.title)")
        }
    }

    @Test func theMappingIsTheDocumentedOne() throws {
        let (source, _) = try sourceJournal()
        let input = jotter.folder.file("journal.json")
        try source.run(["--export", "json"]).write(to: URL(fileURLWithPath: input))
        #expect(try jotter.run("import", "--from", "jrnl", input).status == 0)
        let entries = try jotter.run("export", "/").lines.map {
            try #require(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
        #expect(entries[0]["text"] as? String
            == "Walked to the lake. It was cold and #windy.\nSecond line @anna\n\nA new paragraph.")
        #expect(entries[0]["created"] as? String == "2026-11-01T10:15:00.000+00:00")
        #expect(entries[1]["text"] as? String == "A starred one #starred")
    }

    @Test func timesAreTakenInTheZoneTZOrTzNames() throws {
        let file = jotter.folder.file("journal.txt")
        try "[2026-07-01 09:30] Summer\n\n".write(toFile: file, atomically: true, encoding: .utf8)
        #expect(try jotter.run("import", "--from", "jrnl", file, zone: "Europe/Paris").status == 0)
        #expect(try jotter.run("import", "--from", "jrnl", "--tz", "Asia/Tokyo", file, zone: "Europe/Paris").status == 0)
        #expect(try jotter.run("import", "--from", "jrnl", "--tz=-03:30", file, zone: "Europe/Paris").status == 0)
        let created = try jotter.run("export", "/").lines.map {
            try #require(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])["created"] as? String
        }
        #expect(created == ["2026-07-01T09:30:00.000+02:00", "2026-07-01T09:30:00.000+09:00", "2026-07-01T09:30:00.000-03:30"])
        let unknown = try jotter.run("import", "--from", "jrnl", "--tz", "Mars/Olympus", file)
        #expect(unknown.status == 1)
        #expect(unknown.errors.contains("--tz: 'Mars/Olympus' is neither a time zone"), "\(unknown.errors)")
    }

    @Test func aTimeFormatOfItsOwnIsRead() throws {
        let file = jotter.folder.file("journal.log")
        try "[03/11/2026 9:05 PM] Evening *\nthe body\n\n[04/11/2026 7:00 AM] Morning\n".write(
            toFile: file, atomically: true, encoding: .utf8)
        let result = try jotter.run("import", "--from", "jrnl", "--time-format", "%d/%m/%Y %I:%M %p", file)
        #expect(result.status == 0, "\(result.errors)")
        let entries = try jotter.run("export", "/").lines.map {
            try #require(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
        #expect(entries.map { $0["text"] as? String } == ["Evening #starred\nthe body", "Morning"])
        #expect(entries.map { $0["created"] as? String } == ["2026-11-03T21:05:00.000+00:00", "2026-11-04T07:00:00.000+00:00"])
    }

    @Test func reimportingAddsNothingAndUndoTakesItBack() throws {
        let (_, journal) = try sourceJournal()
        #expect(try jotter.run("import", "--from", "jrnl", journal).status == 0)
        let first = try jotter.run("export", "-r", "/").text
        let again = try jotter.run("import", "--from", "jrnl", journal)
        #expect(again.errors.contains("imported 0 entries"), "\(again.errors)")
        #expect(try jotter.run("export", "-r", "/").text == first)
        #expect(try jotter.run("undo").status == 0)
        #expect(try jotter.run("export", "-r", "/").text.isEmpty)
    }

    @Test(arguments: [
        ("journal.json", "{\"tags\": {},\n \"entries\": [\n  {\"date\": \"2026-11-01\", \"time\": \"10:00\", \"title\": \"fine\", \"body\": \"\"},\n  {\"date\": \"2026-13-01\", \"time\": \"10:00\", \"title\": \"bad\", \"body\": \"\"}\n]}\n",
         "journal.json:4: '2026-13-01 10:00' is not a date and time"),
        ("journal.txt", "a line before any entry\n[2026-11-01 10:00] fine\n", "journal.txt:1: not an entry's first line"),
    ])
    func aMalformedEntryIsNamedByItsLineAndChangesNothing(name: String, content: String, problem: String) throws {
        let file = jotter.folder.file(name)
        try content.write(toFile: file, atomically: true, encoding: .utf8)
        let result = try jotter.run("import", "--from", "jrnl", file)
        #expect(result.status == 1)
        #expect(result.errors.contains(problem), "\(result.errors)")
        #expect(try jotter.run("export", "-r", "/").text.isEmpty)
    }

    /// Each entry was kept whole, to number equal entries, for the whole import: the
    /// memory grew with the journal (300,000 entries, 144 MiB).
    @Test func aJournalOfManyEntriesComesInWithoutKeepingEachEntry() throws {
        let file = jotter.folder.file("journal.txt")
        var entries = (0..<200_000).map { "[2026-11-01 10:\(String(format: "%02d", $0 % 60))] entry \($0)\nits body, a line of words\n" }
        entries += ["[2026-11-02 09:00] same\n", "[2026-11-02 09:00] same\n"]
        try entries.joined(separator: "\n").write(toFile: file, atomically: true, encoding: .utf8)
        let run = try jotter.peakMemory(["import", "--from", "jrnl", file], extraEnvironment: ["TZ": "UTC"])
        #expect(run.status == 0 && run.kibibytes < 64 * 1024, "\(run.kibibytes) KiB, \(run.errors)")
        #expect(run.errors.contains("imported 200002 entries"), "\(run.errors)")
    }

    /// The text of an entry was made with a copy of its body beside the body, and grew
    /// into a second buffer: an entry near 16 MiB took 68 MiB. In a JSON export, the
    /// entry's bytes also grew a byte at a time beside the reader's line, and were
    /// copied to be decoded and kept while the record was made: 84 MiB. A text ending
    /// in white space was copied trimmed to learn whether it was blank: 68 MiB. The
    /// decoder made a string of each run between a body's escapes and appended it to
    /// the value, so a body with one quote near its start was held a third time: 68 MiB.
    @Test(arguments: [("txt", "\n"), ("json", "\n"), ("json", " "), ("json", "\"")])
    func anEntryNearTheCapComesInWholeInUnder64MiB(layout: String, between: String) throws {
        let file = jotter.folder.file("journal." + layout)
        let line = "a line of the body, and more words 漢字"
        let lines = Array(repeating: line, count: 1_040_000 / (line.utf8.count + 1))
        let body = switch between {
        case "\n": lines.joined(separator: "\n") + "\nand ends"
        case " ": lines.joined(separator: " ") + " "
        default: "say \"hi\" " + lines.joined(separator: " ")
        }
        if layout == "txt" {
            try ("[2026-11-01 10:00] a title\n" + body + "\n").write(toFile: file, atomically: true, encoding: .utf8)
        } else {
            // As jrnl --export json lays an entry out, its body's line breaks escaped.
            let escaped = body.replacingOccurrences(of: "\"", with: "\\\"").replacingOccurrences(of: "\n", with: "\\n")
            try ("{\n  \"tags\": {},\n  \"entries\": [\n    {\n      \"title\": \"a title\",\n      \"body\": \"" + escaped
                + "\",\n      \"date\": \"2026-11-01\",\n      \"time\": \"10:00\",\n      \"tags\": [],\n      \"starred\": false\n    }\n  ]\n}\n")
                .write(toFile: file, atomically: true, encoding: .utf8)
        }
        let run = try jotter.peakMemory(["import", "--from", "jrnl", file], extraEnvironment: ["TZ": "UTC"])
        #expect(run.status == 0 && run.kibibytes < 64 * 1024, "\(run.kibibytes) KiB, \(run.errors)")
        #expect(try jotter.texts() == ["a title\n" + body])
    }

    /// An entry is read until the next header, or the end of its object: one that ran
    /// on to the end of a 40 MB file was held line by line and imported whole, in 283
    /// MiB. As a line, an entry is read up to 16 MiB.
    @Test(arguments: [
        ("journal.txt", "[2026-11-01 10:00] a title\n", String(repeating: "a line of the body, and more words\n", count: 500_000), ""),
        ("journal.json", "{\"entries\": [\n{\"date\": \"2026-11-01\", \"time\": \"10:00\", \"title\": \"a title\",\n",
         String(repeating: "\"body\": \"a line of the body, and more\",\n", count: 500_000), "\"starred\": false}]}\n"),
    ])
    func anEntryLongerThanALineIsRefusedWithItsLine(name: String, start: String, middle: String, end: String) throws {
        let file = jotter.folder.file(name)
        try (start + middle + end).write(toFile: file, atomically: true, encoding: .utf8)
        let run = try jotter.peakMemory(["import", "--from", "jrnl", file], extraEnvironment: ["TZ": "UTC"])
        #expect(run.status == 1 && run.kibibytes < 64 * 1024, "\(run.kibibytes) KiB, \(run.errors)")
        #expect(run.errors.contains("\(name):\(name.hasSuffix("json") ? 2 : 1): the entry is longer than 16 MiB; an entry holds at most 1 MiB"), "\(run.errors)")
        #expect(try jotter.run("export", "-r", "/").text.isEmpty)
    }
}


