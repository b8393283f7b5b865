import Foundation
import Testing

/// Taskwarrior data into jotter and back out, checked against the real `task`.
@Suite struct TaskwarriorTests {
    let jotter = Jotter()

    /// A Taskwarrior of its own: its rc file and data folder in the test's folder, and
    /// UTC as its zone and jotter's, so that days are the same days in both.
    func taskwarrior(_ name: String) throws -> ExternalTool {
        let folder = jotter.folder.file(name)
        try FileManager.default.createDirectory(atPath: folder + "/data", withIntermediateDirectories: true)
        let rc = """
            data.location=\(folder)/data
            confirmation=off
            verbose=nothing
            recurrence=off
            uda.estimate.type=string
            uda.estimate.label=Estimate
            """
        try rc.write(toFile: folder + "/taskrc", atomically: true, encoding: .utf8)
        return ExternalTool(
            executable: "/usr/bin/task",
            environment: ["PATH": "/usr/bin:/bin", "HOME": folder, "TASKRC": folder + "/taskrc",
                          "TASKDATA": folder + "/data", "TZ": "UTC", "LANG": "C.UTF-8"])
    }

    /// The tasks of a `task export`, by uuid. Taskwarrior writes control characters
    /// raw inside its strings, which JSONSerialization refuses: they are escaped first.
    static func tasks(_ export: Data) throws -> [String: [String: Any]] {
        var escaped = Data()
        var inString = false, afterBackslash = false
        for byte in export {
            if inString && byte < 0x20 {
                escaped.append(contentsOf: Array(String(format: "\\u%04x", byte).utf8))
                continue
            }
            escaped.append(byte)
            if afterBackslash { afterBackslash = false } else if byte == 0x5C { afterBackslash = inString } else if byte == 0x22 { inString.toggle() }
        }
        let array = try #require(JSONSerialization.jsonObject(with: escaped) as? [[String: Any]])
        return Dictionary(uniqueKeysWithValues: array.map { ($0["uuid"] as! String, $0) })
    }

    /// The fixtures' lines, hostile and multilingual, as tasks `task import` takes.
    static func fixtureTasks() throws -> Data {
        var lines: [String] = []
        for name in ["hostile.txt", "multilingual.txt"] {
            let text = try String(contentsOfFile: Jotter.fixtures + "/" + name, encoding: .utf8)
            for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
            where !line.trimmingCharacters(in: .whitespaces).isEmpty {
                let task: [String: Any] = [
                    "uuid": UUID().uuidString.lowercased(), "description": String(line),
                    "entry": "20261101T1000\(String(format: "%02d", index % 60))Z", "status": "pending",
                    "project": name == "hostile.txt" ? "hostile" : "多言語",
                    "annotations": [["entry": "20261102T120000Z", "description": String(line.prefix(80))]],
                ]
                lines.append(String(decoding: try JSONSerialization.data(withJSONObject: task), as: UTF8.self))
            }
        }
        return Data((lines.joined(separator: "\n") + "\n").utf8)
    }

    /// Tasks made with `task` itself: projects, tags, annotations, dates, priorities, a
    /// user-defined attribute, dependencies, done and deleted ones, and the fixtures.
    func sourceTasks() throws -> ExternalTool {
        let task = try taskwarrior("source")
        try task.run(["add", "buy seeds", "project:home.garden", "+shop", "+spring", "due:2026-12-01", "priority:H",
                      "estimate:3h"])
        try task.run(["add", "call the plumber", "priority:L", "scheduled:2026-12-02T09:30:00", "until:2027-01-01",
                      "depends:1"])
        try task.run(["add", "water the plants", "project:home.garden", "wait:2027-02-01"])
        try task.run(["add", "an old idea", "project:work"])
        try task.run(["add", "finished thing", "+errand", "priority:M"])
        try task.run(["1", "annotate", "the blue packet"])
        try task.run(["1", "annotate", "ask about bulbs"])
        try task.run(["5", "done"])
        try task.run(["4", "delete"])
        let fixtures = jotter.folder.file("fixture-tasks.json")
        try Self.fixtureTasks().write(to: URL(fileURLWithPath: fixtures))
        try task.run(["import", fixtures])
        return task
    }

    static let comparedKeys = ["description", "entry", "modified", "end", "status", "project", "due", "scheduled",
                               "wait", "until", "priority", "estimate", "depends"]

    @Test func tasksComeInWholeAndGoBackToTaskwarriorAsTheyWere() throws {
        let source = try sourceTasks()
        let exported = try source.run(["export"])
        let exportFile = jotter.folder.file("export.json")
        try exported.write(to: URL(fileURLWithPath: exportFile))
        let imported = try jotter.run("import", "--from", "taskwarrior", exportFile)
        #expect(imported.status == 0, "\(imported.errors)")
        #expect(imported.errors.contains("1 of them to the trash"), "\(imported.errors)")

        let backFile = jotter.folder.file("back.json")
        let back = try jotter.run("export", "/", "--format", "taskwarrior")
        #expect(back.status == 0, "\(back.errors)")
        try back.output.write(to: URL(fileURLWithPath: backFile))
        let fresh = try taskwarrior("fresh")
        try fresh.run(["import", backFile])

        // Every task comes back, the deleted one too (it was left out of the export).
        let before = try Self.tasks(exported), after = try Self.tasks(try fresh.run(["export"]))
        #expect(Set(after.keys) == Set(before.keys))
        let fixtureCount = try Self.fixtureTasks().split(separator: UInt8(ascii: "\n")).count
        #expect(before.count == 5 + fixtureCount)
        #expect(after.values.filter { $0["status"] as? String == "deleted" }.count == 1)
        for (uuid, task) in before {
            let other = try #require(after[uuid], "\(uuid) did not come back")
            for key in Self.comparedKeys {
                #expect(String(describing: task[key] ?? "none") == String(describing: other[key] ?? "none"),
                        "\(uuid) \(key)")
            }
            #expect(Set(task["tags"] as? [String] ?? []) == Set(other["tags"] as? [String] ?? []), "\(uuid) tags")
            let notes = { (task: [String: Any]) in
                (task["annotations"] as? [[String: String]] ?? []).map { [$0["entry"]!, $0["description"]!] }
            }
            #expect(notes(task) == notes(other), "\(uuid) annotations")
        }
        // The deleted task is in jotter's trash, not among the entries.
        #expect(try jotter.run("trash").text.contains("an old idea"))
    }

    /// An item removed in jotter goes back to Taskwarrior as a deleted task, ended
    /// when it was removed; a note removed from a task in sight is left out.
    @Test func anItemInTheTrashGoesToTaskwarriorAsADeletedTask() throws {
        #expect(try jotter.run("add", "kept").status == 0)
        #expect(try jotter.run("add", "gone").status == 0)
        #expect(try jotter.run("add", "--to", "kept", "a note").status == 0)
        #expect(try jotter.run("add", "--to", "kept", "a dropped note").status == 0)
        #expect(try jotter.run("rm", "kept/2").status == 0)
        #expect(try jotter.run("rm", "2").status == 0)
        let exportFile = jotter.folder.file("back.json")
        let export = try jotter.run("export", "/", "--format", "taskwarrior")
        #expect(export.status == 0, "\(export.errors)")
        try export.output.write(to: URL(fileURLWithPath: exportFile))
        let fresh = try taskwarrior("fresh")
        try fresh.run(["import", exportFile])
        let tasks = try Self.tasks(try fresh.run(["export"])).values
        #expect(tasks.count == 2)
        let gone = try #require(tasks.first { $0["description"] as? String == "gone" })
        #expect(gone["status"] as? String == "deleted")
        let end = try #require(gone["end"] as? String)
        #expect(end >= (gone["entry"] as? String ?? ""), "\(gone)")
        let kept = try #require(tasks.first { $0["description"] as? String == "kept" })
        #expect(kept["status"] as? String == "pending")
        #expect((kept["annotations"] as? [[String: String]])?.map { $0["description"] } == ["a note"])
    }

    @Test func theMappingIsTheDocumentedOne() throws {
        let source = try sourceTasks()
        let exportFile = jotter.folder.file("export.json")
        try source.run(["export"]).write(to: URL(fileURLWithPath: exportFile))
        #expect(try jotter.run("import", "--format", "taskwarrior", exportFile).status == 0)
        let garden = try jotter.entries("/home/garden")
        let seeds = try #require(garden.first { ($0["text"] as? String)?.hasPrefix("buy seeds") == true })
        #expect(seeds["text"] as? String == "buy seeds #shop #spring")
        #expect(seeds["fields"] as? [String: String] == ["due": "2026-12-01", "estimate": "3h", "priority": "H"])
        #expect(try jotter.texts("/home/garden/buy seeds #shop #spring") == ["the blue packet", "ask about bulbs"])
        // Exported, not listed: a listing leaves done items out.
        let root = try jotter.run("export", "/").lines.map {
            try #require(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
        let done = try #require(root.first { $0["text"] as? String == "finished thing #errand" })
        #expect(done["done"] != nil)
        let plumber = try #require(root.first { $0["text"] as? String == "call the plumber" })
        let fields = try #require(plumber["fields"] as? [String: String])
        #expect(fields["scheduled"] == "2026-12-02T09:30:00.000+00:00")
        #expect(fields["until"] == "2027-01-01")
        #expect(fields["depends"] == seeds["id"] as? String)
    }

    @Test func reimportingAddsNothingAndUndoTakesTheWholeImportBack() throws {
        let source = try sourceTasks()
        let exportFile = jotter.folder.file("export.json")
        try source.run(["export"]).write(to: URL(fileURLWithPath: exportFile))
        #expect(try jotter.run("import", "--from", "taskwarrior", exportFile).status == 0)
        let first = try jotter.run("export", "-r", "/").text
        let again = try jotter.run("import", "--from", "taskwarrior", exportFile)
        #expect(again.status == 0)
        #expect(again.errors.contains("imported 0 entries"), "\(again.errors)")
        #expect(try jotter.run("export", "-r", "/").text == first)

        // The second import changed nothing, so one undo takes the first one back.
        #expect(try jotter.run("undo").status == 0)
        #expect(try jotter.run("export", "-r", "/").text.isEmpty)
        #expect(try jotter.run("trash").text.contains("an old idea") == false)
    }

    @Test func aMalformedTaskStopsTheImportAtItsLineAndChangesNothing() throws {
        #expect(try jotter.run("add", "already here").status == 0)
        let before = try jotter.run("export", "-r", "/").text
        let file = jotter.folder.file("bad.json")
        try """
            [
            {"uuid":"6f1b3c0e-8d1a-4c1e-9a53-0a3c7f0e2b11","description":"fine","entry":"20261101T100000Z","status":"pending"},
            {"uuid":"6f1b3c0e-8d1a-4c1e-9a53-0a3c7f0e2b12","description":"bad date","entry":"yesterday","status":"pending"}
            ]
            """.write(toFile: file, atomically: true, encoding: .utf8)
        let result = try jotter.run("import", "--from", "taskwarrior", file)
        #expect(result.status == 1)
        #expect(result.errors.contains("bad.json:3: 'entry' is not a Taskwarrior date"), "\(result.errors)")
        #expect(try jotter.run("export", "-r", "/").text == before)
    }

    /// Taskwarrior's dates are UTC years 0000 to 9999; an entry of the first hours of
    /// year 0 east of UTC falls before them. Its date was written "00-11231T100000Z",
    /// which neither Taskwarrior nor jotter reads, and the export said nothing.
    @Test(arguments: ["0000-01-01T00:00:00.000+14:00", "9999-12-31T23:00:00.000-12:00"])
    func aTimeTaskwarriorCannotHoldStopsTheExportNamingItsEntry(created: String) throws {
        let file = jotter.folder.file("edge.jsonl")
        let id = "11111111-1111-4111-8111-111111111111"
        try "{\"id\":\"\(id)\",\"kind\":\"item\",\"text\":\"edge\",\"created\":\"\(created)\"}\n"
            .write(toFile: file, atomically: true, encoding: .utf8)
        #expect(try jotter.run("import", file).status == 0)
        let export = try jotter.run("export", "/", "--format", "taskwarrior")
        #expect(export.status == 1, "\(export.text)")
        #expect(export.errors.contains("\(id): its creation time is \(created)"), "\(export.errors)")
        #expect(!export.text.contains("\"entry\""), "\(export.text)")
    }

    /// The decoder made a string of each run between the escapes of a description and
    /// appended it to the value: a 16 MB description holding a quote, or a tab that
    /// Taskwarrior writes raw, was held a third time beside the line and the value
    /// (69 MiB).
    @Test(arguments: ["a \\\"quoted\\\" word", "a\ttab"])
    func aDescriptionAtTheCapWithEscapesComesInWholeInUnder64MiB(start: String) throws {
        let file = jotter.folder.file("tasks.json")
        let cycle = "plain words here and there 漢字 more words "
        let rest = String(repeating: cycle, count: 1_040_000 / cycle.utf8.count) + "and ends"
        try ("[\n{\"uuid\":\"11111111-2222-4333-8444-555555555555\",\"description\":\"" + start + " " + rest
            + "\",\"entry\":\"20261124T090000Z\",\"status\":\"pending\",\"tags\":[\"long\"]}\n]\n")
            .write(toFile: file, atomically: true, encoding: .utf8)
        let run = try jotter.peakMemory(["import", "--from", "taskwarrior", file], extraEnvironment: ["TZ": "UTC"])
        #expect(run.status == 0 && run.kibibytes < 64 * 1024, "\(run.kibibytes) KiB, \(run.errors)")
        let unescaped = start.replacingOccurrences(of: "\\\"", with: "\"")
        #expect(try jotter.texts() == [unescaped + " " + rest + " #long"])
    }

    /// A JSON array of tasks on one line (`task export | jq -c`) was decoded whole, and
    /// every record made of it waited beside the others: 12 MB took 96 MiB.
    @Test func anArrayOfTasksOnOneLineIsReadATaskAtATime() throws {
        let file = jotter.folder.file("tasks.json")
        let tasks = (0..<60_000).map { number in
            let uuid = String(format: "%08x-1111-4111-8111-111111111111", number)
            return "{\"uuid\":\"\(uuid)\",\"description\":\"task \(number)\",\"entry\":\"20261124T090000Z\","
                + "\"status\":\"pending\",\"annotations\":[{\"entry\":\"20261124T090000Z\",\"description\":\"a note\"}]}"
        }
        try ("[" + tasks.joined(separator: ",") + "]\n").write(toFile: file, atomically: true, encoding: .utf8)
        let run = try jotter.peakMemory(["import", "--from", "taskwarrior", file], extraEnvironment: ["TZ": "UTC"])
        #expect(run.status == 0 && run.kibibytes < 64 * 1024, "\(run.kibibytes) KiB, \(run.errors)")
        #expect(run.errors.contains("imported 120000 entries"), "\(run.errors)")
        let last = try jotter.entries().last
        #expect(last?["text"] as? String == "task 59999")
    }

    /// Equal annotations (the same time and text; Taskwarrior itself keys them by their
    /// time, so the file comes from elsewhere) were given one id: one note was kept,
    /// and an empty store said "imported 2 entries (2 already there)".
    @Test func equalAnnotationsAreEachANote() throws {
        let file = jotter.folder.file("tasks.json")
        let note = "{\"entry\":\"20261124T090000Z\",\"description\":\"same\"}"
        try ("[\n{\"uuid\":\"11111111-2222-4333-8444-555555555555\",\"description\":\"task\",\"entry\":\"20261124T090000Z\","
            + "\"status\":\"pending\",\"annotations\":[\(note),\(note),\(note)]}\n]\n")
            .write(toFile: file, atomically: true, encoding: .utf8)
        let imported = try jotter.run("import", "--from", "taskwarrior", file)
        #expect(imported.status == 0)
        #expect(imported.errors.contains("imported 4 entries into"), "\(imported.errors)")
        #expect(!imported.errors.contains("already there"), "\(imported.errors)")
        #expect(try jotter.texts("/task") == ["same", "same", "same"])
        // Imported again, each is the one already there.
        let again = try jotter.run("import", "--from", "taskwarrior", file)
        #expect(again.errors.contains("imported 0 entries (4 already there)"), "\(again.errors)")
    }

    /// An array inside the array of tasks was read as punctuation: `[[]]` imported
    /// nothing with exit 0, and `[[[task]]]` imported the task.
    @Test(arguments: ["[[]]", "[[[{\"uuid\":\"11111111-2222-4333-8444-555555555555\",\"description\":\"task\",\"status\":\"pending\"}]]]"])
    func anArrayInTheArrayOfTasksIsRefused(content: String) throws {
        let file = jotter.folder.file("tasks.json")
        try (content + "\n").write(toFile: file, atomically: true, encoding: .utf8)
        let result = try jotter.run("import", "--from", "taskwarrior", file)
        #expect(result.status == 1)
        #expect(result.errors.hasPrefix("jotter: \(file):1: not a task: a JSON object was expected"), "\(result.errors)")
        #expect(result.errors.filter { $0 == "\n" }.count == 1)
        #expect(try jotter.run("export", "-r", "/").text.isEmpty)
    }

    /// A deleted task replacing one in sight (`--on-conflict replace`) was counted
    /// replaced and left in sight.
    @Test func aDeletedTaskReplacingOneInSightPutsItInTheTrash() throws {
        let source = try taskwarrior("source")
        try source.run(["add", "soon gone"])
        try source.run(["add", "stays"])
        let first = jotter.folder.file("first.json")
        try source.run(["export"]).write(to: URL(fileURLWithPath: first))
        #expect(try jotter.run("import", "--from", "taskwarrior", first).status == 0)
        try source.run(["1", "delete"])
        let second = jotter.folder.file("second.json")
        try source.run(["export"]).write(to: URL(fileURLWithPath: second))
        let replaced = try jotter.run("import", "--from", "taskwarrior", "--on-conflict", "replace", second)
        #expect(replaced.status == 0, "\(replaced.errors)")
        #expect(try jotter.texts() == ["stays"])
        #expect(try jotter.run("trash").text.contains("soon gone"))
    }

    @Test func dryRunReportsAndChangesNothing() throws {
        let source = try sourceTasks()
        let exportFile = jotter.folder.file("export.json")
        try source.run(["export"]).write(to: URL(fileURLWithPath: exportFile))
        let result = try jotter.run("import", "--from", "taskwarrior", "--dry-run", exportFile)
        #expect(result.errors.contains("dry run: would import"), "\(result.errors)")
        #expect(try jotter.run("export", "-r", "/").text.isEmpty)
    }
}
