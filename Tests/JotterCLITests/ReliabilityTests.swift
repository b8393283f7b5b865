import Foundation
@testable import JotterCore
import Testing

// What a journal must hold through: many writers at once, kills, a full disk, a
// store that cannot be written, a lock held by another process.

/// Many writers on one store at once, as a busy user's scripts and terminals make them.
@Suite struct LoadTests {
    let jotter = Jotter()

    /// Runs `script` with /bin/sh in the background, its standard error to a file.
    func background(_ script: String, environment: [String: String], errors: String) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", script]
        process.environment = jotter.environment.merging(environment) { $1 }
        FileManager.default.createFile(atPath: errors, contents: nil)
        process.standardOutput = FileHandle.nullDevice
        process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: errors))
        try process.run()
        return process
    }

    @Test func eightScriptsTwoPromptsAndAnImportLoseNothing() throws {
        try jotter.ok("cd", "/")
        let writers = 8, addsEach = 2_000, promptEntries = 200, importLines = 100_000
        let importFile = jotter.folder.file("import.txt")
        try (1...importLines).map { "import \($0)" }.joined(separator: "\n").write(toFile: importFile, atomically: true, encoding: .utf8)

        let prompts = try (0..<2).map { _ in try jotter.prompt() }
        var processes: [(Process, String)] = []
        for writer in 0..<writers {
            let errors = jotter.folder.file("writer-\(writer).err")
            let script = #"i=1; while [ $i -le "$COUNT" ]; do "$JOTTER" add "w$WRITER-$i" >/dev/null || echo "exit $? at $i"; i=$((i+1)); done"#
            processes.append((try background(script, environment: [
                "JOTTER": Jotter.binary, "WRITER": String(writer), "COUNT": String(addsEach),
            ], errors: errors), errors))
        }
        let importErrors = jotter.folder.file("import.err")
        processes.append((try background(#""$JOTTER" import "$FILE""#, environment: ["JOTTER": Jotter.binary, "FILE": importFile],
                                         errors: importErrors), importErrors))

        // The two prompts type in turn while the scripts and the import run.
        for entry in 1...promptEntries {
            for (index, prompt) in prompts.enumerated() {
                prompt.type("p\(index)-\(entry)\r")
                try prompt.expect("/ › ")
            }
        }
        for prompt in prompts {
            prompt.type("\u{4}")
            #expect(try prompt.waitForExit() == 0)
            #expect(!prompt.text.contains("locked"), "\(prompt.text)")
            #expect(!prompt.text.contains("busy"), "\(prompt.text)")
        }
        for (process, errors) in processes {
            process.waitUntilExit()
            #expect(process.terminationStatus == 0)
            let said = try String(contentsOfFile: errors, encoding: .utf8)
            // The scripts' own echo goes nowhere: jotter's message on standard error
            // is what tells a failed add.
            #expect(said.split(separator: "\n").allSatisfy { $0.hasPrefix("jotter: imported ") }, "\(said)")
        }

        let store = try Store(path: jotter.store)
        var counts: [String: Int] = [:]
        try store.forEachChild(of: nil) { counts[$0.text, default: 0] += 1 }
        var expected = Set((1...importLines).map { "import \($0)" })
        for writer in 0..<writers { expected.formUnion((1...addsEach).map { "w\(writer)-\($0)" }) }
        for index in 0..<2 { expected.formUnion((1...promptEntries).map { "p\(index)-\($0)" }) }
        #expect(counts.count == expected.count)
        #expect(Set(counts.keys) == expected, "every entry is there")
        #expect(counts.values.allSatisfy { $0 == 1 }, "and only once")
        let check = try store.database.statement("PRAGMA integrity_check").firstRow { $0.string(0) }
        #expect(check == "ok")
    }
}

/// Processes killed without warning, as a crash or a pulled plug stops them.
@Suite struct CrashTests {
    let jotter = Jotter()

    @Test func anImportKilledAtAnyMomentLeavesAllOfItOrNone() throws {
        try jotter.ok("cd", "/")
        let lines = 20_000
        let file = jotter.folder.file("import.txt")
        try (1...lines).map { "line \($0)" }.joined(separator: "\n").write(toFile: file, atomically: true, encoding: .utf8)
        let input = try Data(contentsOf: URL(fileURLWithPath: file))
        // The commit is at the end of the input; the kills after it fall anywhere in the
        // time one whole import takes, measured here.
        let started = Date()
        try jotter.ok("import", file)
        let whole = UInt32(Date().timeIntervalSince(started) * 1_000_000)
        var generator = SystemRandomNumberGenerator()
        var killed = 0
        // A writer whose reader has died gets an error, not a signal that ends the tests.
        signal(SIGPIPE, SIG_IGN)
        for round in 1...50 {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: Jotter.binary)
            process.arguments = ["import"]
            process.environment = jotter.environment
            let feed = Pipe()
            process.standardInput = feed
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            if round.isMultiple(of: 2) {
                // Part way through the input, which stays open: the import cannot have
                // committed, whatever the machine's speed.
                let cut = input.index(input.startIndex, offsetBy: Int.random(in: 0..<input.count, using: &generator))
                try feed.fileHandleForWriting.write(contentsOf: input[..<cut])
                kill(process.processIdentifier, SIGKILL)
                killed += 1
            } else {
                // Once the whole input is in: before, during or after the commit.
                try feed.fileHandleForWriting.write(contentsOf: input)
                try feed.fileHandleForWriting.close()
                usleep(UInt32.random(in: 0...whole, using: &generator))
                if process.isRunning {
                    kill(process.processIdentifier, SIGKILL)
                    killed += 1
                }
            }
            process.waitUntilExit()

            let store = try Store(path: jotter.store)
            #expect(try store.childCount(of: nil) % lines == 0, "an import is in the store whole or not at all")
            #expect(try store.database.statement("PRAGMA integrity_check").firstRow { $0.string(0) } == "ok")
        }
        #expect(killed >= 25, "at least every other run was stopped part way: \(killed) of 50")
    }

    @Test func aPromptKilledAtAnyMomentAfterEnterKeepsEachEntryWholeOrNotAtAll() throws {
        var generator = SystemRandomNumberGenerator()
        var kept: [String] = []
        var killedBeforeThePromptCameBack = 0
        // The random kills fall within the longest time seen from Enter to the prompt.
        var longestReturn: TimeInterval = 0
        for round in 1...50 {
            let text = "entry \(round)"
            let prompt = try jotter.prompt()
            // Every fourth round is stopped before Enter reaches it, so that the kill
            // falls before jotter can have committed and drawn the prompt again: killed
            // at once after Enter instead, a loaded machine let it finish first every time.
            if round % 4 == 2 { kill(prompt.pid, SIGSTOP) }
            let entered = Date()
            prompt.type(text + "\r")
            // Every other round, at a random moment after Enter: before the commit,
            // during it or after it; otherwise the moment the prompt is back.
            switch round % 4 {
            case 2:
                break
            case 0:
                usleep(UInt32.random(in: 0...UInt32(longestReturn * 1_000_000), using: &generator))
            default:
                try prompt.expect("/ › ")
                longestReturn = max(longestReturn, Date().timeIntervalSince(entered))
            }
            kill(prompt.pid, SIGKILL)
            #expect(try prompt.waitForExit() == 128 + SIGKILL)
            // The first prompt, and the one drawn once the entry was committed.
            let promptCameBack = prompt.text.components(separatedBy: "/ › ").count > 2

            let database = try Store(path: jotter.store).database
            #expect(try database.statement("PRAGMA integrity_check").firstRow { $0.string(0) } == "ok")
            let counts = try #require(try database.statement(
                "SELECT (SELECT count(*) FROM node WHERE text = ?1), (SELECT count(*) FROM history WHERE line = ?1)")
                .bind(1, text).firstRow { [$0.int64(0), $0.int64(1)] })
            #expect(counts == [0, 0] || counts == [1, 1], "\(text): the entry and its history line, or neither: \(counts)")
            if promptCameBack {
                #expect(counts == [1, 1], "\(text) was in the store when the prompt came back")
            } else {
                killedBeforeThePromptCameBack += 1
            }
            if counts == [1, 1] { kept.append(text) }
        }
        let store = try Store(path: jotter.store)
        #expect(try store.children(of: nil).map(\.text) == kept, "nothing else, and each once")
        #expect(try store.recentHistory() == kept)
        #expect(killedBeforeThePromptCameBack > 0, "some kills fell before the prompt came back")
    }
}

/// A store from an older jotter that cannot be brought up to date.
@Suite struct FailedMigrationTests {
    let jotter = Jotter()

    /// Step 4 fails part-way, whether the store needs it alone or steps before it too.
    @Test(arguments: [1, 3])
    func aStoreThatCannotBeMigratedIsLeftByteForByteAsItWas(version: Int) throws {
        let store = jotter.store
        #expect(FileManager.default.createFile(atPath: store, contents: nil))
        do {
            // The store as the jotter of that version left it, its last writes still
            // in the log beside it.
            let database = try Database(path: store)
            try database.execute("PRAGMA journal_mode = WAL; PRAGMA wal_autocheckpoint = 0")
            for step in Migrations.steps.prefix(version) { try database.execute(step) }
            try database.execute("PRAGMA user_version = \(version); PRAGMA wal_checkpoint(TRUNCATE)")
            try database.execute("INSERT INTO node (id, kind, text, created, created_offset, updated) VALUES (randomblob(16), 1, 'kept', 0, 0, 0)")
            // A table of another tool, with the name of the last one step 4 makes.
            try database.execute("CREATE TABLE place_option (note TEXT)")
            database.leaveWALAsItIsOnClose()
        }
        let file = try Data(contentsOf: URL(fileURLWithPath: store))
        let log = try Data(contentsOf: URL(fileURLWithPath: store + "-wal"))
        #expect(!log.isEmpty)

        let result = try jotter.run(["add", "new"])
        #expect(result.status == 3)
        #expect(result.errors == "jotter: \(store): written by an older jotter (store version \(version)), and bringing it up to date failed at step 4 (table place_option already exists); the file was left as it is\n")
        #expect(try Data(contentsOf: URL(fileURLWithPath: store)) == file)
        #expect(try Data(contentsOf: URL(fileURLWithPath: store + "-wal")) == log)
    }
}

/// A store cut short, as a copy interrupted part-way leaves it.
@Suite struct DamagedStoreTests {
    let jotter = Jotter()

    @Test func aTruncatedStoreIsRefusedUntouched() throws {
        try jotter.ok("cd", "/")
        let file = jotter.folder.file("lines.txt")
        try (1...20_000).map { "entry number \($0)" }.joined(separator: "\n").write(toFile: file, atomically: true, encoding: .utf8)
        try jotter.ok("import", file)
        let whole = try Data(contentsOf: URL(fileURLWithPath: jotter.store))
        let page = 4096
        let truncated = whole.prefix(whole.count / 2 / page * page)
        try truncated.write(to: URL(fileURLWithPath: jotter.store))

        let result = try jotter.run(["add", "one more"])
        #expect(result.status == 3)
        #expect(result.errors == "jotter: \(jotter.store): the store is damaged (database disk image is malformed); the file was left as it is; restore it from a backup, or see 'jotter check --help' to save what can be read\n")
        #expect(try Data(contentsOf: URL(fileURLWithPath: jotter.store)) == truncated)
        for made in [jotter.store + "-wal", jotter.store + "-shm"] {
            #expect(!FileManager.default.fileExists(atPath: made), "the opening left \(made) beside the refused store")
        }
    }

    @Test func theLogOfAStoreAnotherProcessHoldsIsNotTakenAway() throws {
        try jotter.ok("add", "one")
        let prompt = try jotter.prompt()
        // As a refused opening in this process does, when the files were not there
        // before it: the prompt holds them, so they stay.
        StoreFile.removeLogsMadeByOpening(path: jotter.store, before: StoreFile.Logs(path: jotter.folder.file("none")))
        #expect(FileManager.default.fileExists(atPath: jotter.store + "-wal"))
        #expect(FileManager.default.fileExists(atPath: jotter.store + "-shm"))
        prompt.type("two\r")
        try prompt.expect("/ › ")
        prompt.type("\u{4}")
        #expect(try prompt.waitForExit() == 0)
        #expect(try jotter.texts() == ["one", "two"])
    }
}

/// What is typed goes to the store and nowhere else.
@Suite struct PrivacyTests {
    let jotter = Jotter()

    @Test func noFileButTheStoreHoldsWhatWasTyped() throws {
        let temporary = jotter.folder.file("tmp")
        try FileManager.default.createDirectory(atPath: temporary, withIntermediateDirectories: true)
        let secret = "a private thought"
        let prompt = try jotter.prompt(environment: ["TMPDIR": temporary])
        prompt.type(secret + "\r")
        try prompt.expect("/ › ")
        // Regular files the prompt holds open: the store's own, and nothing else.
        let descriptors = "/proc/\(prompt.pid)/fd"
        var openFiles: Set<String> = []
        for descriptor in try FileManager.default.contentsOfDirectory(atPath: descriptors) {
            let link = descriptors + "/" + descriptor
            var info = stat()
            guard stat(link, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { continue }
            openFiles.insert(try FileManager.default.destinationOfSymbolicLink(atPath: link))
        }
        #expect(openFiles == [jotter.store, jotter.store + "-wal", jotter.store + "-shm"])
        prompt.type("\u{4}")
        #expect(try prompt.waitForExit() == 0)
        let lines = Data((1...20_000).map { "\(secret) \($0)\n" }.joined().utf8)
        #expect(try jotter.run(["import"], input: lines, extraEnvironment: ["TMPDIR": temporary]).status == 0)
        #expect(try jotter.run(["export", "--recursive", "/"], extraEnvironment: ["TMPDIR": temporary]).status == 0)

        #expect(try FileManager.default.contentsOfDirectory(atPath: temporary).isEmpty)
        #expect(try FileManager.default.contentsOfDirectory(atPath: jotter.folder.path).sorted() == ["store.sqlite3", "tmp"])
    }
}

/// A store on a disk that fills up while the prompt is open.
@Suite struct FullDiskTests {
    let jotter = Jotter()

    @Test func aFullDiskKeepsTheEntryInTheLineUntilThereIsRoom() throws {
        // A small filesystem of its own, so that filling it fills nothing else; room
        // for a new store with its log, whose migrations write about 400 KiB before the
        // first checkpoint: at 400k, the checkpoint after the first entry found the disk
        // full already once store version 11 added its index.
        let disk = jotter.folder.file("small-disk")
        try FileManager.default.createDirectory(atPath: disk, withIntermediateDirectories: true)
        try #require(try shell("mount -t tmpfs -o size=800k tmpfs '\(disk)'") == 0, "mounting a tmpfs needs root")
        defer { _ = try? shell("umount '\(disk)'") }
        let store = disk + "/store.sqlite3"
        try #require(try jotter.run(["--store", store, "add", "first"]).status == 0)
        let prompt = try jotter.prompt(arguments: ["--store", store])
        prompt.type("second\r")
        try prompt.expect("/ › ")
        _ = try shell("dd if=/dev/zero of='\(disk)/filler' bs=1k count=1000")

        var refused: String?
        for letter in "abcdefgh" {
            let text = String(repeating: letter, count: 3000)
            prompt.type(text + "\r")
            let shown = try prompt.expect("/ › ")
            if shown.contains("the disk is full") {
                refused = text
                break
            }
        }
        let text = try #require(refused, "the disk filled up")
        // The entry is back in the line; once there is room, Enter adds it.
        try FileManager.default.removeItem(atPath: disk + "/filler")
        prompt.type("\r")
        try prompt.expect("/ › ")
        prompt.type("\u{4}")
        #expect(try prompt.waitForExit() == 0)

        let texts = try Store(path: store).children(of: nil).map(\.text)
        #expect(Array(texts.prefix(2)) == ["first", "second"])
        #expect(texts.last == text)
        #expect(texts.filter { $0 == text }.count == 1)
        #expect(try Store(path: store).database.statement("PRAGMA integrity_check").firstRow { $0.string(0) } == "ok")
    }
}

/// The questions that fill an index first still answer on a full disk.
@Suite struct FullDiskQuestionTests {
    let jotter = Jotter()

    @Test func findTagsAndLogAnswerWhenTheDiskIsFull() throws {
        try onASmallDisk(with: jotter) { disk, store in
            // Open elsewhere, as by a prompt, so that the store's log and its index stay
            // beside it: the disk fills up under a store in use.
            let inUse = try Database(path: store)
            try inUse.execute("SELECT count(*) FROM node")
            _ = try shell("dd if=/dev/zero of='\(disk)/filler' bs=1k count=10000")

            let found = try jotter.run(["--store", store, "find", "waiting", "1999"])
            #expect(found.status == 0, "\(found.errors)")
            #expect(found.text.contains("entry 1999 waiting for the index #late"))
            let tags = try jotter.run(["--store", store, "tags"])
            #expect(tags.status == 0, "\(tags.errors)")
            #expect(tags.text.contains("#late"))
            let log = try jotter.run(["--store", store, "log", "--format", "tsv"])
            #expect(log.status == 0, "\(log.errors)")
            #expect(log.lines.count == 2_001)
        }
    }
}

/// A store closed cleanly has no log beside it, and SQLite cannot open it for writing
/// on a full disk: it must make the log's index (`-shm`) first. It is read as it is.
@Suite struct FullDiskOpeningTests {
    let jotter = Jotter()

    @Test func aStoreWithNoLogBesideItIsReadOnAFullDiskAndWritesAreRefused() throws {
        try onASmallDisk(with: jotter) { disk, store in
            // The last jotter out took the log and its index away.
            try #require(!FileManager.default.fileExists(atPath: store + "-wal"))
            try #require(!FileManager.default.fileExists(atPath: store + "-shm"))
            _ = try shell("dd if=/dev/zero of='\(disk)/filler' bs=1k count=10000")
            let before = try Data(contentsOf: URL(fileURLWithPath: store))
            let notice = "\(store): the disk is full; the store was read as it is, and nothing can be written\n"

            let listed = try jotter.run(["--store", store, "list", "--format", "tsv"])
            #expect(listed.status == 0, "\(listed.errors)")
            #expect(listed.lines.count == 2_001)
            #expect(listed.errors == notice)
            let found = try jotter.run(["--store", store, "find", "waiting", "1999"])
            #expect(found.status == 0, "\(found.errors)")
            #expect(found.text.contains("entry 1999 waiting for the index #late"))
            let tags = try jotter.run(["--store", store, "tags"])
            #expect(tags.status == 0 && tags.text.contains("#late"), "\(tags.errors)")
            let log = try jotter.run(["--store", store, "log", "--format", "tsv"])
            #expect(log.status == 0 && log.lines.count == 2_001, "\(log.errors)")
            let exported = try jotter.run(["--store", store, "export", "-r", "/"])
            #expect(exported.status == 0 && exported.lines.count == 2_001, "\(exported.errors)")

            let added = try jotter.run(["--store", store, "add", "one more"])
            #expect(added.status == 3)
            #expect(added.errors == "jotter: \(store): the disk is full; nothing was changed\n")
            #expect(try Data(contentsOf: URL(fileURLWithPath: store)) == before, "the store is as it was")
            #expect(!FileManager.default.fileExists(atPath: store + "-wal"))
            #expect(!FileManager.default.fileExists(atPath: store + "-shm"))
        }
    }
}

/// A store of 2,001 items on a small disk (a tmpfs, so the tests need root), the first
/// of them in the search index and the rest waiting for it: for what a disk that fills
/// up does to it.
func onASmallDisk(with jotter: Jotter, _ body: (_ disk: String, _ store: String) throws -> Void) throws {
    let disk = jotter.folder.file("small-disk")
    try FileManager.default.createDirectory(atPath: disk, withIntermediateDirectories: true)
    try #require(try shell("mount -t tmpfs -o size=600k tmpfs '\(disk)'") == 0, "mounting a tmpfs needs root")
    defer { _ = try? shell("umount '\(disk)'") }
    let store = disk + "/store.sqlite3"
    try #require(try jotter.run(["--store", store, "add", "indexed #early"]).status == 0)
    try #require(try jotter.run(["--store", store, "find", "indexed"]).status == 0)
    let lines = (1...2_000).map { "entry \($0) waiting for the index #late" }.joined(separator: "\n")
    try #require(try jotter.run(["--store", store, "import"], input: Data(lines.utf8)).status == 0)
    try body(disk, store)
}

/// A store jotter may read but not write: refused before the prompt opens.
@Suite struct ReadOnlyStoreTests {
    let jotter = Jotter()

    @Test(arguments: [
        (0o644, "the file is read-only to you"),
        (0o666, "its folder is read-only to you, and the store's log is kept beside it"),
    ])
    func aStoreThatCannotBeWrittenIsRefusedBeforeThePrompt(mode: Int, reason: String) throws {
        let folder = jotter.folder.file("shared")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let store = folder + "/store.sqlite3"
        try #require(try jotter.run(["--store", store, "add", "kept"]).status == 0)
        // The store as another user finds it: readable, but not writable, whether
        // through the file or through its folder.
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: jotter.folder.path)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder)
        try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: store)
        let before = try Data(contentsOf: URL(fileURLWithPath: store))

        var environment = jotter.environment.merging(["TERM": "xterm"]) { $1 }
        environment["HOME"] = "/nonexistent"
        let session = try PseudoTerminalSession(
            launcher: ["/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups",
                       Jotter.binary, "--store", store],
            environment: environment)
        #expect(try session.waitForExit() == 3)
        #expect(session.text == "jotter: \(store): the store cannot be written (\(reason))\r\n")
        #expect(try Data(contentsOf: URL(fileURLWithPath: store)) == before, "the file is as it was")
    }
}

/// Another process holding the store's write lock for longer than jotter waits.
@Suite struct HeldLockTests {
    let jotter = Jotter()

    @Test func anEntryRefusedByAHeldLockStaysInTheLine() throws {
        try jotter.ok("cd", "/")
        let prompt = try jotter.prompt()
        let other = try Database(path: jotter.store)
        try other.execute("BEGIN IMMEDIATE")
        prompt.type("waited for\r")
        let shown = try prompt.expect("/ › ")
        #expect(shown.contains("the store is busy (another jotter is writing to it); nothing was changed, try again"))
        try other.execute("ROLLBACK")
        // The entry waits in the line: Enter adds it now that the lock is gone.
        prompt.type("\r")
        try prompt.expect("/ › ")
        prompt.type("\u{4}")
        #expect(try prompt.waitForExit() == 0)
        #expect(try jotter.texts() == ["waited for"])
    }
}

/// Text that is hostile to terminals, databases or memory: stored exactly, shown safely.
@Suite struct HostileTextTests {
    let jotter = Jotter()

    @Test func aLineAtTheCapIsStoredAndListedExactly() throws {
        try jotter.ok("cd", "/")
        let line = String(repeating: "0123456789abcdef", count: SizeCap.entryBytes / 16)
        let file = jotter.folder.file("long.txt")
        try (line + "\n").write(toFile: file, atomically: true, encoding: .utf8)
        try jotter.ok("import", file)
        #expect(try jotter.run([], input: Data((line + "\n").utf8)).status == 0)
        let texts = try jotter.texts()
        #expect(texts.count == 2)
        #expect(texts.allSatisfy { $0 == line })
    }

    @Test func rightToLeftControlsAreStoredExactlyAndOverridesShownEscaped() throws {
        try jotter.ok("cd", "/")
        // An override turns the rest of a line around on screen: "invoice fdp.exe"
        // would read as "invoice exe.pdf". The right-to-left mark only orders what is
        // beside it, and is shown as it is.
        let text = "invoice \u{202E}fdp.exe\u{202C} and \u{2067}isolated\u{2069}, marked\u{200F}"
        try jotter.ok("add", text)
        #expect(try jotter.texts().map { Array($0.utf8) } == [Array(text.utf8)])
        #expect(try jotter.ok("list", "--format", "jsonl").contains("invoice \\u202efdp.exe\\u202c and \\u2067isolated\\u2069, marked\u{200F}"))
        let environment = jotter.environment.merging(["TERM": "xterm", "NO_COLOR": "1"]) { $1 }
        let session = try PseudoTerminalSession(arguments: ["list"], environment: environment)
        #expect(try session.waitForExit() == 0)
        #expect(session.text.contains("invoice \\u{202e}fdp.exe\\u{202c} and \\u{2067}isolated\\u{2069}, marked\u{200F}"))
        for control: Unicode.Scalar in ["\u{202E}", "\u{202C}", "\u{2067}", "\u{2069}"] {
            #expect(!session.text.unicodeScalars.contains(control))
        }
    }

    @Test func listOnATerminalShowsNoEscapeFromTextOrValues() throws {
        try jotter.ok("new", "hostile")
        try jotter.ok("field", "add", "note", "text")
        let input = try Data(contentsOf: URL(fileURLWithPath: Jotter.fixtures + "/hostile.txt"))
        #expect(try jotter.run([], input: input).status == 0)
        try jotter.ok("add", "styled", "note:\u{1B}[31mred\u{1B}]0;title\u{7}")
        let environment = jotter.environment.merging(["TERM": "xterm", "NO_COLOR": "1"]) { $1 }
        // Longer than the screen: without --no-pager, less would show it and wait.
        let session = try PseudoTerminalSession(arguments: ["list", "--no-pager"], environment: environment)
        #expect(try session.waitForExit() == 0)
        #expect(session.text.contains("\\x1b[31mred text from an escape sequence\\x1b[0m"))
        #expect(session.text.contains("note:\\x1b[31mred\\x1b]0;title\\x07"))
        #expect(!session.transcript.contains(0x1B), "no escape byte reaches the terminal")
        #expect(!session.transcript.contains(0x07))
    }
}
