import Foundation
import Testing

/// todo.txt into jotter and back out, checked against the real todo.txt-cli.
@Suite struct TodoTxtTests {
    let jotter = Jotter()

    /// todo.txt-cli with a folder of its own (TODO_DIR) and a config naming its files.
    func todo(_ name: String) throws -> (tool: ExternalTool, folder: String) {
        let folder = jotter.folder.file(name)
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let config = """
            export TODO_DIR=\(folder)
            export TODO_FILE=$TODO_DIR/todo.txt
            export DONE_FILE=$TODO_DIR/done.txt
            export REPORT_FILE=$TODO_DIR/report.txt
            """
        try config.write(toFile: folder + "/config", atomically: true, encoding: .utf8)
        let tool = ExternalTool(
            executable: "/usr/bin/todo-txt",
            environment: ["PATH": "/usr/bin:/bin", "HOME": folder, "TZ": "UTC", "LANG": "C.UTF-8", "TODOTXT_CFG_FILE": folder + "/config"])
        return (tool, folder)
    }

    /// `--tz` is the zone of the file's dates alone: a line without a creation date is
    /// made now, at the offset of the zone the machine is in.
    @Test func theZoneTzNamesIsTheZoneOfTheFilesDatesAlone() throws {
        let file = jotter.folder.file("todo.txt")
        try "2026-07-01 dated\nundated\n".write(toFile: file, atomically: true, encoding: .utf8)
        let result = try jotter.run("import", "--from", "todotxt", "--tz", "Asia/Tokyo", file, zone: "Asia/Kolkata")
        #expect(result.status == 0, "\(result.errors)")
        let created = try jotter.run("export", "/").lines.map {
            try #require(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])["created"] as? String
        }
        #expect(created.count == 2)
        #expect(created.first == "2026-07-01T00:00:00.000+09:00")
        #expect(created.last??.hasSuffix("+05:30") == true, "\(created)")
    }

    /// Lines made with todo.txt-cli: priorities, dates, projects, contexts, key:value
    /// pairs, done ones in done.txt; then the fixtures' lines, hostile and multilingual.
    func sourceLines() throws -> (folder: String, lines: [String]) {
        let (tool, folder) = try todo("source")
        let add = ["-d", folder + "/config", "-t", "add"]
        try tool.run(add + ["(A) call mom +family @phone due:2026-12-01"])
        try tool.run(add + ["buy 卵 🥚 +shopping @town"])
        try tool.run(add + ["(B) write report +work @office est:2h"])
        try tool.run(add + ["read http://example.com/a:b later"])
        try tool.run(add + ["fix issue #12 +jotter"])
        try tool.run(["-d", folder + "/config", "do", "3"])
        var fixtures: [String] = []
        for name in ["hostile.txt", "multilingual.txt"] {
            let text = try String(contentsOfFile: Jotter.fixtures + "/" + name, encoding: .utf8)
            for line in text.split(whereSeparator: \.isNewline) {
                let trimmed = line.trimmingCharacters(in: .whitespaces)
                if !trimmed.isEmpty && !trimmed.hasPrefix("x ") { fixtures.append("2026-11-01 " + trimmed) }
            }
        }
        let todoFile = folder + "/todo.txt"
        let own = try String(contentsOfFile: todoFile, encoding: .utf8)
        try (own + fixtures.joined(separator: "\n") + "\n").write(toFile: todoFile, atomically: true, encoding: .utf8)
        let all = (try String(contentsOfFile: todoFile, encoding: .utf8) + String(contentsOfFile: folder + "/done.txt", encoding: .utf8))
            .split(separator: "\n").map(String.init)
        return (folder, all)
    }

    @Test func todoLinesComeInAndGoBackToTodoTxtAsTheyWere() throws {
        let (folder, lines) = try sourceLines()
        let imported = try jotter.run("import", "--from", "todotxt", folder + "/todo.txt", "--done", folder + "/done.txt")
        #expect(imported.status == 0, "\(imported.errors)")
        let back = try jotter.run("export", "/", "--format", "todotxt")
        #expect(back.status == 0, "\(back.errors)")
        #expect(back.lines.sorted() == lines.sorted())

        // A fresh todo.txt-cli lists what jotter wrote, every line of it.
        let (fresh, freshFolder) = try todo("fresh")
        try back.output.write(to: URL(fileURLWithPath: freshFolder + "/todo.txt"))
        let listed = String(decoding: try fresh.run(["-d", freshFolder + "/config", "-p", "ls"]), as: UTF8.self)
        #expect(listed.contains("TODO: \(lines.count) of \(lines.count) tasks shown"), "\(listed.suffix(200))")
    }

    @Test func theMappingIsTheDocumentedOne() throws {
        let (folder, _) = try sourceLines()
        #expect(try jotter.run("import", "--from", "todotxt", folder + "/todo.txt", "--done", folder + "/done.txt").status == 0)
        let entries = try jotter.run("export", "/").lines.map {
            try #require(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
        let call = try #require(entries.first { $0["text"] as? String == "call mom #family #phone" })
        #expect(call["fields"] as? [String: String]
            == ["context": "phone", "due": "2026-12-01", "priority": "A", "project": "family"])
        let report = try #require(entries.first { $0["text"] as? String == "write report #work #office" })
        #expect(report["done"] != nil)
        #expect((report["created"] as? String)?.hasSuffix("T00:00:00.000+00:00") == true)
        #expect(entries.contains { $0["text"] as? String == "read http://example.com/a:b later" })
    }

    @Test func tagsOfJottersOwnGoOutAsProjects() throws {
        #expect(try jotter.run("add", "water the #garden").status == 0)
        #expect(try jotter.run("export", "/", "--format", "todotxt").text.hasSuffix(" water the +garden\n"))
    }

    @Test func projectsCanBeLists() throws {
        let file = jotter.folder.file("todo.txt")
        try "2026-11-02 plant bulbs +garden @home\n".write(toFile: file, atomically: true, encoding: .utf8)
        #expect(try jotter.run("import", "--from", "todotxt", "--projects-as-lists", file).status == 0)
        #expect(try jotter.texts("/garden") == ["plant bulbs #home"])
        #expect(try jotter.run("export", "/", "--format", "todotxt").text == "2026-11-02 plant bulbs @home +garden\n")
    }

    @Test func reimportingAddsNothingAndUndoTakesItBack() throws {
        let (folder, _) = try sourceLines()
        let arguments = ["import", "--from", "todotxt", folder + "/todo.txt", "--done", folder + "/done.txt"]
        #expect(try jotter.run(arguments, extraEnvironment: ["TZ": "UTC"]).status == 0)
        let first = try jotter.run("export", "-r", "/").text
        let again = try jotter.run(arguments, extraEnvironment: ["TZ": "UTC"])
        #expect(again.errors.contains("imported 0 entries"), "\(again.errors)")
        #expect(try jotter.run("export", "-r", "/").text == first)
        #expect(try jotter.run("undo").status == 0)
        #expect(try jotter.run("export", "-r", "/").text.isEmpty)
    }

    @Test func aBadLineInDoneTxtIsNamedByItsFileAndChangesNothing() throws {
        let todoFile = jotter.folder.file("todo.txt"), doneFile = jotter.folder.file("done.txt")
        try "2026-11-02 fine\n".write(toFile: todoFile, atomically: true, encoding: .utf8)
        try "x 2026-11-03 2026-11-01 fine too\nx 2026-11-03 (A)\n".write(toFile: doneFile, atomically: true, encoding: .utf8)
        let result = try jotter.run("import", "--from", "todotxt", todoFile, "--done", doneFile)
        #expect(result.status == 1)
        #expect(result.errors.contains("done.txt:2: the line holds no task"), "\(result.errors)")
        #expect(try jotter.run("export", "-r", "/").text.isEmpty)
        let dry = try jotter.run("import", "--from", "todotxt", "--dry-run", todoFile)
        #expect(dry.errors.contains("dry run: would import 1 entry"), "\(dry.errors)")
        #expect(try jotter.run("export", "-r", "/").text.isEmpty)
    }

    /// Each line was kept whole, to number equal lines, for the whole import: the
    /// memory grew with the file (300,000 lines, 85 MiB; 2,000,000, 343 MiB).
    @Test func aTodoTxtOfManyLinesComesInWithoutKeepingEachLine() throws {
        let file = jotter.folder.file("todo.txt")
        var lines = (0..<300_000).map { "2026-11-01 task number \($0) with a few words +project @context" }
        lines += ["same task", "same task"]
        try (lines.joined(separator: "\n") + "\n").write(toFile: file, atomically: true, encoding: .utf8)
        let run = try jotter.peakMemory(["import", "--from", "todotxt", file], extraEnvironment: ["TZ": "UTC"])
        #expect(run.status == 0 && run.kibibytes < 64 * 1024, "\(run.kibibytes) KiB, \(run.errors)")
        #expect(run.errors.contains("imported 300002 entries"), "\(run.errors)")
        let again = try jotter.run("import", "--from", "todotxt", file)
        #expect(again.errors.contains("imported 0 entries (300002 already there)"), "\(again.errors)")
    }

    /// A line's words were held in arrays, twice, beside its text: 6 MB of words took
    /// 125 MiB, and a 16 MB line of 8,000,000 words 570 MiB. Here an entry near the cap
    /// of 200,000 words, its projects and contexts values near the cap on a value.
    @Test func aLineOfTwoHundredThousandWordsComesInWithoutAnArrayOfThem() throws {
        let file = jotter.folder.file("todo.txt")
        let words = String(repeating: "word ", count: 180_000) + String(repeating: "+garden @home ", count: 9_000)
        try ("(A) 2026-11-01 " + words + "due:2026-12-01 ends\n").write(toFile: file, atomically: true, encoding: .utf8)
        let run = try jotter.peakMemory(["import", "--from", "todotxt", file], extraEnvironment: ["TZ": "UTC"])
        #expect(run.status == 0 && run.kibibytes < 64 * 1024, "\(run.kibibytes) KiB, \(run.errors)")
        let entry = try #require(try jotter.entries().first)
        let text = try #require(entry["text"] as? String)
        #expect(text == String(repeating: "word ", count: 180_000) + String(repeating: "#garden #home ", count: 9_000) + "ends")
        let fields = try #require(entry["fields"] as? [String: String])
        #expect(fields["due"] == "2026-12-01" && fields["priority"] == "A")
        #expect(fields["project"]?.utf8.count == 9_000 * 7 - 1 && fields["context"]?.utf8.count == 9_000 * 5 - 1)
    }

    /// A 16 MB line with white space at its ends was held as a string of the whole
    /// line, and again trimmed, beside the text made of it: 68 MiB.
    @Test func aLineAtTheCapComesInWholeInUnder64MiB() throws {
        let file = jotter.folder.file("todo.txt")
        let cycle = "plain words here and there 漢字 more words "
        let words = "zanzibar opens " + String(repeating: cycle, count: 1_040_000 / cycle.utf8.count) + "漢字 ends"
        try ("   " + words + "  \n").write(toFile: file, atomically: true, encoding: .utf8)
        let run = try jotter.peakMemory(["import", "--from", "todotxt", file], extraEnvironment: ["TZ": "UTC"])
        #expect(run.status == 0 && run.kibibytes < 64 * 1024, "\(run.kibibytes) KiB, \(run.errors)")
        #expect(try jotter.texts() == [words])
    }

    @Test func aLineOfMoreKeyValuePairsThanARecordHoldsIsRefused() throws {
        let file = jotter.folder.file("todo.txt")
        let pairs = (0...10_000).map { "key\($0):value" }.joined(separator: " ")
        try ("2026-11-01 fine\ntask " + pairs + "\n").write(toFile: file, atomically: true, encoding: .utf8)
        let result = try jotter.run("import", "--from", "todotxt", file)
        #expect(result.status == 1)
        #expect(result.errors.contains("todo.txt:2: a line holds at most 10000 key:value pairs"), "\(result.errors)")
        #expect(try jotter.run("export", "-r", "/").text.isEmpty)
    }
}


