import Foundation
import JotterCore
import Testing

/// The one-shot commands, as scripts call them.
@Suite struct OneShotTests {
    let jotter = Jotter()

    @Test func addPrintsTheNewItemsIDAndListShowsIt() throws {
        let output = try jotter.ok("add", "milk", "and", "honey")
        let id = try #require(NodeID(String(output.dropLast())))
        #expect(output.hasSuffix("\n"))
        let entries = try jotter.entries()
        #expect(entries.count == 1)
        #expect(entries[0]["id"] as? String == id.description)
        #expect(entries[0]["text"] as? String == "milk and honey")
        #expect(entries[0]["kind"] as? String == "item")
        #expect(entries[0]["parent"] is NSNull)
        #expect((entries[0]["created"] as? String)?.count == 29)
    }

    @Test func textIsTakenLiterallyEvenWithAColonOrADash() throws {
        try jotter.ok("add", ":not a command")
        try jotter.ok("add", "--", "-5 degrees")
        #expect(try jotter.texts() == [":not a command", "-5 degrees"])
    }

    @Test func outputThatCannotBeWrittenExitsFourAndSaysWhetherTheStoreChanged() throws {
        for arguments in [["add", "x"], ["add", "--", "-y"], ["new", "--in", "/", "z"]] {
            let result = try jotter.run(arguments, outputTo: "/dev/full")
            #expect(result.status == 4, "\(arguments): \(result.errors)")
            #expect(result.errors == "jotter: cannot write the output: No space left on device; "
                + "the store was changed all the same, so do not do it again\n", "\(arguments)")
        }
        #expect(try jotter.texts("/") == ["x", "-y", "z"], "each change made once")
        for arguments in [["list", "/"], ["path"], ["export", "/"], ["find", "x"]] {
            let result = try jotter.run(arguments, outputTo: "/dev/full")
            #expect(result.status == 4, "\(arguments): \(result.errors)")
            #expect(result.errors == "jotter: cannot write the output: No space left on device\n", "\(arguments)")
        }
    }

    @Test func aListNameThatShowsNothingOrHoldsALineBreakIsRefusedWhereverListsAreMade() throws {
        let new = try jotter.run(["new", "--in", "/", "\u{200B}"])
        #expect(new.status == 1 && new.errors.contains("needs a character that shows"), "\(new.errors)")
        try jotter.ok("new", "--in", "/", "inbox")
        let renamed = try jotter.run(["edit", "/inbox", ".\u{200B}."])
        #expect(renamed.status == 1 && renamed.errors.contains("looks like '..'"), "\(renamed.errors)")
        let folder = jotter.folder
        let imports = [
            ("names.jsonl", "{\"kind\":\"list\",\"name\":\"two\\nlines\"}\n", 1),
            ("names.csv", "text,list\na,\u{FEFF}\u{200D}/x\n", 2),
            ("names.md", "# \u{2066}\n- a\n", 1),
        ]
        for (name, text, line) in imports {
            try text.write(toFile: folder.file(name), atomically: true, encoding: .utf8)
            let result = try jotter.run(["import", "--to", "/", folder.file(name)])
            #expect(result.status == 1 && result.errors.hasPrefix("jotter: \(folder.file(name)):\(line): a list's name"),
                    "\(result.errors)")
        }
        #expect(try jotter.texts("/") == ["inbox"])
    }

    @Test func newOpensTheListAndAddGoesThere() throws {
        let listID = try jotter.ok("new", "groceries").dropLast()
        #expect(NodeID(String(listID)) != nil)
        #expect(try jotter.ok("path") == "/groceries\n")
        try jotter.ok("add", "milk")
        try jotter.ok("new", "weekend", "--in", "/")
        #expect(try jotter.ok("path") == "/groceries\n")
        try jotter.ok("add", "--to", "/weekend", "hike")
        #expect(try jotter.texts() == ["milk"])
        #expect(try jotter.texts("/") == ["groceries", "weekend"])
        #expect(try jotter.texts("/weekend") == ["hike"])
        let groceries = try jotter.entries("/")[0]
        #expect(groceries["kind"] as? String == "list")
        #expect(groceries["name"] as? String == "groceries")
        #expect(try jotter.entries()[0]["parent"] as? String == String(listID))
    }

    @Test func cdUpAndPathMoveTheSavedPlace() throws {
        try jotter.ok("new", "a")
        try jotter.ok("new", "b")
        #expect(try jotter.ok("path") == "/a/b\n")
        try jotter.ok("up")
        #expect(try jotter.ok("path") == "/a\n")
        try jotter.ok("cd", "/")
        #expect(try jotter.ok("path") == "/\n")
        let atRoot = try jotter.run(["up"])
        #expect(atRoot.status == 0)
        #expect(atRoot.errors == "already at the root\n")
        try jotter.ok("cd", "a/b")
        try jotter.ok("cd", "..")
        #expect(try jotter.ok("path") == "/a\n")
        try jotter.ok("cd")
        #expect(try jotter.ok("path") == "/\n")
    }

    @Test func targetsByPositionAndByIDTail() throws {
        try jotter.ok("add", "first")
        let second = try #require(NodeID(String(try jotter.ok("add", "second").dropLast())))
        try jotter.ok("add", "--to", "2", "under the second")
        try jotter.ok("add", "--to", second.shortForm(), "also under it")
        #expect(try jotter.texts(second.description) == ["under the second", "also under it"])
    }

    @Test func listFormats() throws {
        try jotter.ok("new", "groceries")
        try jotter.ok("add", "tab\there")
        try jotter.ok("add", "two\nlines")
        let tsv = try jotter.ok("list", "--format", "tsv").split(separator: "\n")
        #expect(tsv.count == 2)
        #expect(tsv[0].split(separator: "\t").count == 5)
        #expect(tsv[0].contains("\ttab\\there\t"))
        #expect(tsv[1].contains("\ttwo\\nlines\t"))

        let json = try jotter.run(["list", "--format", "json"])
        let array = try #require(try JSONSerialization.jsonObject(with: json.output) as? [[String: Any]])
        #expect(array.map { $0["text"] as? String } == ["tab\there", "two\nlines"])

        let text = try jotter.ok("list")
        #expect(text.contains("  tab\\there\n"))
        #expect(text.contains("  two\n"))
        let continuation = try #require(text.split(separator: "\n").last)
        #expect(continuation.hasSuffix("lines"))
        #expect(continuation.hasPrefix("             "))
        #expect(!text.contains("\u{1B}"), "no colour when not a terminal")
    }

    @Test func anUnknownTargetIsOneLineAndExitOne() throws {
        let result = try jotter.run(["list", "nowhere"])
        #expect(result.status == 1)
        #expect(result.errors == "jotter: no list or item 'nowhere' in /\n")
        #expect(result.output.isEmpty)
    }

    @Test func aWrongCommandLineIsOneLineAndExitTwo() throws {
        for arguments in [["frobnicate"], ["add"], ["list", "--format", "yaml"]] {
            let result = try jotter.run(arguments)
            #expect(result.status == 2, "\(arguments)")
            #expect(result.errors.hasPrefix("jotter: "))
            #expect(result.errors.filter { $0 == "\n" }.count == 1, "\(result.errors)")
        }
    }

    @Test func controlCharactersInAnArgumentAreEscapedInTheError() throws {
        let result = try jotter.run(["list", "--format", "x\u{1B}]0;owned\u{7}"])
        #expect(result.status == 2)
        #expect(!result.errors.contains("\u{1B}"))
        #expect(result.errors.contains("x\\x1b]0;owned\\x07"))
    }

    @Test func anArgumentThatIsNotUTF8IsRefusedNotRepaired() throws {
        // Only a shell can hand over bytes that are not UTF-8; Swift strings cannot.
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "\"$0\" add \"$(printf 'bad \\377 byte')\"", Jotter.binary]
        process.environment = jotter.environment
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 1)
        #expect(String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            == "jotter: argument 2 is not valid UTF-8; nothing was done\n")
        #expect(try jotter.texts().isEmpty)
    }

    @Test func emptyTextAddsNothing() throws {
        let result = try jotter.run(["add", "  "])
        #expect(result.status == 1)
        #expect(result.errors == "jotter: nothing to add: the text is empty\n")
        #expect(try jotter.texts().isEmpty)
    }

    @Test func aDuplicateListNameIsRefused() throws {
        try jotter.ok("new", "x", "--in", "/")
        let result = try jotter.run(["new", "x", "--in", "/"])
        #expect(result.status == 1)
        #expect(result.errors == "jotter: a list named 'x' already exists in /\n")
    }

    @Test func aFileThatIsNotAStoreIsRefusedUntouchedWithExitThree() throws {
        let notes = jotter.folder.file("notes.txt")
        try "precious\n".write(toFile: notes, atomically: true, encoding: .utf8)
        let result = try jotter.run(["--store", notes, "add", "x"])
        #expect(result.status == 3)
        #expect(result.errors == "jotter: \(notes): not a jotter store (not an SQLite database); the file was left as it is\n")
        #expect(try String(contentsOfFile: notes, encoding: .utf8) == "precious\n")
    }

    @Test func theStoreOptionWorksBeforeAndAfterTheCommand() throws {
        let other = jotter.folder.file("other/store.sqlite3")
        try jotter.ok("--store", other, "--create", "add", "one")
        try jotter.ok("add", "--store", other, "two")
        let listed = try jotter.run(["list", "--store", other, "--format", "tsv"])
        #expect(listed.lines.map { $0.split(separator: "\t")[3] } == ["one", "two"])
        #expect(try jotter.texts().isEmpty)
    }

    @Test func theDefaultStoreFollowsXDGDataHome() throws {
        let dataHome = jotter.folder.file("data")
        var environment = jotter.environment
        environment["JOTTER_STORE"] = nil
        environment["XDG_DATA_HOME"] = dataHome
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Jotter.binary)
        process.arguments = ["add", "x"]
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let attributes = try FileManager.default.attributesOfItem(atPath: dataHome + "/jotter/jotter.sqlite3")
        #expect(attributes[.posixPermissions] as? Int == 0o600)
        let folder = try FileManager.default.attributesOfItem(atPath: dataHome + "/jotter")
        #expect(folder[.posixPermissions] as? Int == 0o700)
    }

    @Test func helpAndVersionGoToStandardOutput() throws {
        let help = try jotter.run(["--help"])
        #expect(help.status == 0)
        #expect(help.text.contains("USAGE: jotter [--store <path>] [<command>] [<options>]"))
        #expect(help.errors.isEmpty)
        let version = try jotter.run(["--version"])
        #expect(version.status == 0)
        #expect(version.text == "0.1.0\n")
    }
}

/// Standard input that is not a terminal: one entry per line, no line editor.
@Suite struct PipedInputTests {
    let jotter = Jotter()

    @Test func eachLineIsAnEntryAndTheSummaryGoesToStandardError() throws {
        let result = try jotter.run([], input: Data("a\n\n  b  \r\nc".utf8))
        #expect(result.status == 0)
        #expect(result.output.isEmpty)
        #expect(result.errors == "jotter: added 3 items\n")
        #expect(try jotter.texts() == ["a", "b", "c"])
    }

    @Test func linesAreTakenAsTheyAreNeverAsCommands() throws {
        try jotter.ok("new", "inbox")
        let lines = ["one", ":q", "two", "\\\\server\\share", ":-) nice day", ":cd /"]
        let result = try jotter.run([], input: Data(lines.joined(separator: "\n").utf8))
        #expect(result.status == 0)
        #expect(result.errors == "jotter: added 6 items\n")
        #expect(try jotter.texts() == lines)
        #expect(try jotter.ok("path") == "/inbox\n")
    }

    @Test func aBadLineIsReportedWithItsNumberAndTheRestIsAdded() throws {
        let input = try Data(contentsOf: URL(fileURLWithPath: Jotter.fixtures + "/invalid-utf8.txt"))
        let result = try jotter.run([], input: input)
        #expect(result.status == 1)
        #expect(result.errors == "jotter: stdin:73: the line is not valid UTF-8; it was not added\njotter: added 99 items; 1 line failed\n")
        let texts = try jotter.texts()
        #expect(texts.count == 99)
        #expect(!texts.contains { $0.contains("\u{FFFD}") })
    }

    @Test func hostileTextIsStoredExactlyAndEscapedInJSON() throws {
        let input = try Data(contentsOf: URL(fileURLWithPath: Jotter.fixtures + "/hostile.txt"))
        let result = try jotter.run([], input: input)
        #expect(result.status == 0)
        let expected = input.split(separator: UInt8(ascii: "\n"))
            .map { EntryText.trimmed(String(decoding: $0, as: UTF8.self)) }
        let json = try jotter.run(["list", "--format", "jsonl"])
        #expect(!json.output.contains(0x1B), "JSON output escapes ESC")
        #expect(try jotter.texts() == expected)
        #expect(expected.contains { $0.count == 200_000 })
        #expect(expected.contains("'); DROP TABLE items; --"))
    }

    @Test func theCorpusOfManyLanguagesRoundTrips() throws {
        let input = try Data(contentsOf: URL(fileURLWithPath: Jotter.fixtures + "/multilingual.txt"))
        try jotter.run([], input: input)
        let expected = input.split(separator: UInt8(ascii: "\n"))
            .map { EntryText.trimmed(String(decoding: $0, as: UTF8.self)) }
            .filter { !$0.isEmpty }
        #expect(try jotter.texts().map { Array($0.utf8) } == expected.map { Array($0.utf8) })
    }
}

/// Several writers on one store at once.
@Suite struct ConcurrencyTests {
    @Test func concurrentOneShotAddsLoseNothingAndNeverSayLocked() async throws {
        let jotter = Jotter()
        try jotter.ok("cd", "/")
        let writers = 4
        let itemsEach = 40
        let failures = try await withThrowingTaskGroup(of: [String].self) { group in
            for writer in 0..<writers {
                group.addTask {
                    var failures: [String] = []
                    for item in 0..<itemsEach {
                        let result = try jotter.run(["add", "w\(writer)-\(item)"])
                        if result.status != 0 || !result.errors.isEmpty { failures.append(result.errors) }
                    }
                    return failures
                }
            }
            return try await group.reduce(into: []) { $0 += $1 }
        }
        #expect(failures.isEmpty, "\(failures)")
        let texts = try jotter.texts()
        #expect(texts.count == writers * itemsEach)
        #expect(Set(texts).count == writers * itemsEach)
    }
}

/// Several processes meeting a store that does not exist yet.
@Suite struct StoreCreationTests {
    @Test func eightProcessesCreatingOneStoreAtOnceAllSucceed() throws {
        let jotter = Jotter()
        let processes = try (0..<8).map { index -> Process in
            let process = Process()
            process.executableURL = URL(fileURLWithPath: Jotter.binary)
            process.arguments = ["add", "--to", "/", "from \(index)"]
            process.environment = jotter.environment
            process.standardOutput = FileHandle.nullDevice
            try process.run()
            return process
        }
        for process in processes {
            process.waitUntilExit()
            #expect(process.terminationStatus == 0)
        }
        #expect(Set(try jotter.texts("/")) == Set((0..<8).map { "from \($0)" }))
        let database = try Database(path: jotter.store)
        let version = try database.statement("SELECT user_version, (SELECT count(*) FROM sqlite_schema WHERE name = 'node') FROM pragma_user_version")
        #expect(try version.step())
        #expect(version.int64(0) == Store.schemaVersion)
        #expect(version.int64(1) == 1)
    }

    /// What made the test above fail now and then under load: while one process
    /// switched the new, empty store to WAL mode, holding its write lock for that,
    /// another's switch failed at once ("database is locked") where SQLite waits for
    /// a write lock. Here the test holds that lock for a moment, as the first
    /// process does by chance; jotter must wait it out.
    @Test func aNewStoreLockedByAnotherProcessIsMadeOnceTheLockIsLetGo() throws {
        let jotter = Jotter()
        #expect(FileManager.default.createFile(atPath: jotter.store, contents: nil, attributes: [.posixPermissions: 0o600]))
        let other = try Database(path: jotter.store)
        try other.execute("BEGIN IMMEDIATE")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Jotter.binary)
        process.arguments = ["add", "--to", "/", "made after the wait"]
        process.environment = jotter.environment
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        // Not a limit: how long the lock is held, which jotter waits through.
        Thread.sleep(forTimeInterval: 0.5)
        try other.execute("COMMIT")
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(try jotter.texts("/") == ["made after the wait"])
    }
}
