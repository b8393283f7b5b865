import Foundation
import JotterCore
import TestSupport
import Testing

/// Runs the built jotter binary as a user would, with a private HOME and store.
struct Jotter: Sendable {
    struct Result {
        let status: Int32
        let output: Data
        let errors: String
        var text: String { String(decoding: output, as: UTF8.self) }
        var lines: [String] { text.split(separator: "\n").map(String.init) }
    }

    static var binary: String {
        if let path = ProcessInfo.processInfo.environment["JOTTER_BINARY"], !path.isEmpty { return path }
        return packageRoot + "/.build/debug/jotter"
    }

    static var packageRoot: String { Project.root }
    static var fixtures: String { Project.fixtures }

    let folder = TemporaryFolder()
    var store: String { folder.file("store.sqlite3") }
    /// Settings this machine gives every command it runs, as a passphrase command.
    var ownEnvironment: [String: String] = [:]

    var environment: [String: String] {
        [
            "PATH": "/usr/bin:/bin",
            "HOME": folder.path,
            "LANG": "C.UTF-8",
            "JOTTER_STORE": store,
        ].merging(ownEnvironment) { $1 }
    }

    @discardableResult
    /// With `outputTo`, standard output goes to that file (`/dev/full`), and the
    /// result holds none of it.
    func run(_ arguments: [String], input: Data? = nil, extraEnvironment: [String: String] = [:],
             outputTo outputFile: String? = nil) throws -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Jotter.binary)
        process.arguments = arguments
        process.environment = environment.merging(extraEnvironment) { $1 }
        let inputPath = folder.file("stdin-\(UUID().uuidString)")
        let outputPath = folder.file("stdout-\(UUID().uuidString)")
        let errorPath = folder.file("stderr-\(UUID().uuidString)")
        try (input ?? Data()).write(to: URL(fileURLWithPath: inputPath))
        try Data().write(to: URL(fileURLWithPath: outputPath))
        try Data().write(to: URL(fileURLWithPath: errorPath))
        defer {
            for path in [inputPath, outputPath, errorPath] { try? FileManager.default.removeItem(atPath: path) }
        }
        process.standardInput = try FileHandle(forReadingFrom: URL(fileURLWithPath: inputPath))
        process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: outputFile ?? outputPath))
        process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: errorPath))
        try process.run()
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus,
            output: try Data(contentsOf: URL(fileURLWithPath: outputPath)),
            errors: try String(contentsOfFile: errorPath, encoding: .utf8))
    }

    /// Peak resident memory, in KiB, of jotter run with `arguments`, as GNU time
    /// reports it, with its exit status and what it wrote to standard error. With
    /// `outputTo`, standard output goes to that file, which must exist; with
    /// `inputFrom`, standard input comes from that file, else it is empty.
    func peakMemory(_ arguments: [String], outputTo outputFile: String? = nil, inputFrom inputFile: String? = nil,
                    extraEnvironment: [String: String] = [:]) throws
        -> (kibibytes: Int, status: Int32, errors: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/time")
        process.arguments = ["-f", "%M", Jotter.binary] + arguments
        process.environment = environment.merging(extraEnvironment) { $1 }
        process.standardInput = try inputFile.map { try FileHandle(forReadingFrom: URL(fileURLWithPath: $0)) }
            ?? FileHandle.nullDevice
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = try outputFile.map { try FileHandle(forWritingTo: URL(fileURLWithPath: $0)) }
            ?? FileHandle.nullDevice
        try process.run()
        let report = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        var lines = report.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        let peak = try #require(lines.popLast().flatMap { Int($0) }, "\(report)")
        // time adds a line of its own when the command fails.
        if lines.last?.hasPrefix("Command exited with non-zero status") == true { lines.removeLast() }
        return (peak, process.terminationStatus, lines.joined(separator: "\n"))
    }

    /// Runs and requires success, returning standard output.
    @discardableResult
    func ok(_ arguments: String..., input: String? = nil) throws -> String {
        let result = try run(arguments, input: input.map { Data($0.utf8) })
        #expect(result.status == 0, "jotter \(arguments.joined(separator: " ")): \(result.errors)")
        return result.text
    }

    /// Runs with TZ set to `zone`, so that days are the same days as in the tool
    /// beside it (a Taskwarrior, a todo.txt, a jrnl kept in UTC).
    func run(_ arguments: String..., zone: String = "UTC") throws -> Result {
        try run(arguments, extraEnvironment: ["TZ": zone])
    }

    /// The text of the file `name` in the test's folder, where a hook wrote it; empty
    /// when there is none.
    func contents(_ name: String) -> String {
        (try? String(contentsOfFile: folder.file(name), encoding: .utf8)) ?? ""
    }

    /// The entries of `target` (the saved place when nil), as jsonl objects.
    func entries(_ target: String? = nil) throws -> [[String: Any]] {
        let result = try run(["list", "--format", "jsonl"] + (target.map { [$0] } ?? []))
        #expect(result.status == 0, "\(result.errors)")
        return try result.lines.map { line in
            try #require(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        }
    }

    func texts(_ target: String? = nil) throws -> [String] {
        try entries(target).map { ($0["text"] ?? $0["name"]) as? String ?? "" }
    }
}

/// Waits until another process holds the write lock of the store at `path`: the moment
/// a writer is inside its transaction, seen from outside as a writer would see it.
func waitForWriteLock(on path: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
    let deadline = Date().addingTimeInterval(PseudoTerminalSession.patience)
    // Opened only once the writer has made the store, so that this never makes it.
    var info = stat()
    while stat(path, &info) != 0 || info.st_size == 0 {
        guard Date() < deadline else {
            Issue.record("no writer made the store \(path)", sourceLocation: sourceLocation)
            throw CancellationError()
        }
        usleep(2_000)
    }
    let database = try Database(path: path)
    database.setBusyTimeout(milliseconds: 0)
    while true {
        do {
            try database.execute("BEGIN IMMEDIATE")
            try database.execute("ROLLBACK")
        } catch let error as SQLiteError where error.isBusy {
            return
        }
        guard Date() < deadline else {
            Issue.record("no writer took the lock of \(path)", sourceLocation: sourceLocation)
            throw CancellationError()
        }
        usleep(2_000)
    }
}

/// Runs `command` with /bin/sh, quietly, and returns its exit status: for the set-up a
/// test needs from outside jotter (mounting a small disk, filling it).
func shell(_ command: String) throws -> Int32 {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", command]
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    return process.terminationStatus
}

/// Shows `folder` again at `view`, read-only, as a copy on read-only media is seen.
/// A fresh bind mount is made read-only rather than remounting the folder's own file
/// system: that remount is refused while any process, such as one another test is
/// starting at that moment, still holds a file of it open for writing.
func mountReadOnlyView(of folder: String, at view: String) throws {
    try FileManager.default.createDirectory(atPath: view, withIntermediateDirectories: true)
    let status = try shell("mount --bind '\(folder)' '\(view)' && mount -o remount,ro,bind '\(view)'")
    guard status == 0 else {
        _ = try? shell("umount '\(view)'")
        throw MountFailure(command: "a read-only view of \(folder)", status: status)
    }
}

struct MountFailure: Error, CustomStringConvertible {
    let command: String
    let status: Int32
    var description: String { "mounting \(command) ended with status \(status) (it needs root)" }
}

extension Jotter {
    /// Imports an entry at the cap and fills the search index with it, then an editor
    /// turns it into another text of that size; undo, redo, undo, redo follow. Each
    /// step stays under 64 MiB and leaves the text whole, found by its own words and
    /// not by the other's; `check` finds the store sound at the end.
    func editAnEntryAtTheCapIntoAnotherThenUndoAndRedo() throws {
        let (first, second) = try importAnEntryAtTheCapIndexedForFind()
        let replacement = folder.file("second.txt")
        try (second + "\n").write(toFile: replacement, atomically: true, encoding: .utf8)
        let editor = folder.file("editor")
        try "#!/bin/sh\ncp '\(replacement)' \"$1\"\n".write(toFile: editor, atomically: true, encoding: .utf8)
        #expect(chmod(editor, 0o700) == 0)
        let edited = try peakMemory(["edit", "1"], extraEnvironment: ["EDITOR": editor])
        #expect(edited.status == 0 && edited.kibibytes < 64 * 1024, "edit: \(edited.kibibytes) KiB, \(edited.errors)")
        try expectUndoAndRedoUnder64MiB(after: "edit", between: first, and: second)
    }

    /// Imports an entry at the cap and fills the search index with it, then a `format`
    /// record (jsonl or csv) gives it another text of that size under its id, through
    /// `import --on-conflict replace`; undo, redo, undo, redo follow. Each step stays
    /// under 64 MiB and leaves the text whole, found by its own words and not by the
    /// other's; `check` finds the store sound at the end.
    func importReplacingAnEntryAtTheCapWithAnotherThenUndoAndRedo(format: String) throws {
        let (first, second) = try importAnEntryAtTheCapIndexedForFind()
        let id = try #require(try entries("/").first?["id"] as? String)
        let record = format == "jsonl"
            ? "{\"id\":\"\(id)\",\"kind\":\"item\",\"text\":\"\(second.replacingOccurrences(of: "\"", with: "\\\""))\"}\n"
            : "id,kind,text\r\n\(id),item,\"\(second.replacingOccurrences(of: "\"", with: "\"\""))\"\r\n"
        let replacing = folder.file("replacing.\(format)")
        try record.write(toFile: replacing, atomically: true, encoding: .utf8)
        let replaced = try peakMemory(["import", "--on-conflict", "replace", replacing])
        #expect(replaced.status == 0 && replaced.kibibytes < 64 * 1024, "import: \(replaced.kibibytes) KiB, \(replaced.errors)")
        #expect(replaced.errors == "jotter: imported 0 entries (1 replaced) into /")
        try expectUndoAndRedoUnder64MiB(after: "import", between: first, and: second)
    }

    /// Imports into `/` an entry of just under the cap ("zanzibar …") and finds it, so
    /// that its row is in the search index, whose triggers a change of its text sets
    /// off. Returns its text, and another of that size ("mombasa …") to change it into.
    private func importAnEntryAtTheCapIndexedForFind() throws -> (first: String, second: String) {
        let cycle = "plain words 漢字かな交じり文 \"quoted\", # dash "
        let first = "zanzibar opens " + String(repeating: cycle, count: 1_040_000 / cycle.utf8.count) + "and ends"
        let otherCycle = "other words 別の文章です \"quoted\", # dash "
        let second = "mombasa opens " + String(repeating: otherCycle, count: 1_040_000 / otherCycle.utf8.count) + "and ends"
        let file = folder.file("first.txt")
        try first.write(toFile: file, atomically: true, encoding: .utf8)
        try ok("import", "--to", "/", file)
        try ok("find", "zanzibar")
        return (first, second)
    }

    /// After `change` turned the one entry of `/` from `first` ("zanzibar …") into
    /// `second` ("mombasa …"): requires the entry to hold `second`, then runs undo,
    /// redo, undo, redo, each under 64 MiB and leaving the text whole, found by its own
    /// first word and not by the other's; `check` finds the store sound at the end.
    private func expectUndoAndRedoUnder64MiB(after change: String, between first: String, and second: String) throws {
        for (step, expected) in [(change, second), ("undo", first), ("redo", second), ("undo", first), ("redo", second)] {
            if step != change {
                let run = try peakMemory([step])
                #expect(run.status == 0 && run.kibibytes < 64 * 1024, "\(step): \(run.kibibytes) KiB, \(run.errors)")
            }
            let texts = try entries("/").compactMap { $0["text"] as? String }
            #expect(texts.count == 1 && texts.first == expected, "after \(step): \(texts.map(\.utf8.count))")
            let word = expected == first ? "zanzibar" : "mombasa"
            let other = expected == first ? "mombasa" : "zanzibar"
            #expect(!(try run(["find", word]).text.isEmpty), "after \(step)")
            #expect(try run(["find", other]).text.isEmpty, "after \(step)")
        }
        try ok("check")
    }
}
