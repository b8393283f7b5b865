import Foundation
import Testing
import TestSupport

/// Encrypted stores from the outside: what a user types and what lands on disk. One at
/// a time, as the kernel keyring that caches keys is the user's, and `lock` empties it.
@Suite(.serialized) struct EncryptedStoreTests {
    let passphrase = "tr0ub4dor & 3"

    /// A jotter holding `items`, encrypted with `passphrase` from its passphrase command.
    func encryptedJotter(items: [String] = ["zanzibarquux meeting notes"]) throws -> (Jotter, [String: String]) {
        let jotter = Jotter()
        for item in items { try jotter.ok("add", item) }
        let command = try passphraseCommand(in: jotter)
        let encrypted = try jotter.run(["encrypt"], extraEnvironment: command)
        #expect(encrypted.status == 0, "\(encrypted.errors)")
        return (jotter, command)
    }

    /// A passphrase command that prints `passphrase` from a 0600 file in the jotter's
    /// folder, `passphrase`, as the environment that sets it.
    func passphraseCommand(in jotter: Jotter) throws -> [String: String] {
        let file = jotter.folder.file("passphrase")
        try Data((passphrase + "\n").utf8).write(to: URL(fileURLWithPath: file))
        chmod(file, 0o600)
        return ["JOTTER_PASSPHRASE_COMMAND": "cat '\(file)'"]
    }

    /// The files in the store's folder that hold `word`, as raw bytes.
    func filesHolding(_ word: String, in jotter: Jotter) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: jotter.folder.path)
            .filter { $0.hasPrefix("store.sqlite3") }
            .filter { name in
                let data = try Data(contentsOf: URL(fileURLWithPath: jotter.folder.file(name)))
                return data.range(of: Data(word.utf8)) != nil
            }
    }

    /// A process holding a store's key could be dumped: a core of `edit` held the raw
    /// key and the entry, and other processes of the user could read its memory. The
    /// kernel makes the /proc files of a process that cannot be dumped root's: the
    /// passphrase command (asked as `encrypt` starts) and the editor (once `edit` has
    /// opened the store) look at jotter's, run as the user nobody.
    @Test func aProcessHoldingAKeyOrAPassphraseCannotBeDumped() throws {
        var jotter = Jotter()
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: jotter.folder.path)
        let own = jotter.folder.file("nobody")
        try FileManager.default.createDirectory(atPath: own, withIntermediateDirectories: true)
        #expect(chown(own, 65534, 65534) == 0)
        let store = own + "/store.sqlite3"
        jotter.ownEnvironment["JOTTER_PASSPHRASE_COMMAND"] = "stat -c %U /proc/$PPID/mem > '\(own)/asked'; echo a passphrase"
        jotter.ownEnvironment["EDITOR"] = "stat -c %U /proc/$PPID/mem > '\(own)/edited'; true"
        #expect(try jotter.runToEnd("--store", store, "add", "an entry", asNobody: true).status == 0)
        let encrypted = try jotter.runToEnd("--store", store, "encrypt", asNobody: true)
        #expect(encrypted.status == 0, "\(encrypted.errors)")
        #expect(try String(contentsOfFile: own + "/asked", encoding: .utf8) == "root\n")
        let edited = try jotter.runToEnd("--store", store, "edit", "1", asNobody: true)
        #expect(edited.status == 0, "\(edited.errors)")
        #expect(try String(contentsOfFile: own + "/edited", encoding: .utf8) == "root\n")
    }

    /// `kill -9` of an `edit` left the entry in plain text in /dev/shm until the
    /// machine restarted: the next jotter of the user removes it. A folder whose
    /// process runs, and another user's, are left alone.
    @Test func anEditKilledLeavesNoPlainTextOnceJotterStartsAgain() throws {
        let (created, command) = try encryptedJotter(items: ["zanzibarquux secret"])
        var jotter = created
        let reported = jotter.folder.file("editing")
        let editor = jotter.folder.file("editor.sh")
        try "#!/bin/sh\necho $$ > '\(reported).pid'; printf %s \"$1\" > '\(reported).part' && mv '\(reported).part' '\(reported)'\nexec sleep 600\n"
            .write(toFile: editor, atomically: true, encoding: .utf8)
        chmod(editor, 0o755)
        jotter.ownEnvironment = command.merging(["EDITOR": editor]) { $1 }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Jotter.binary)
        process.arguments = ["edit", "1"]
        process.environment = jotter.environment
        try process.run()
        let deadline = Date().addingTimeInterval(PseudoTerminalSession.patience)
        while !FileManager.default.fileExists(atPath: reported) {
            guard Date() < deadline else { throw CancellationError() }
            usleep(10_000)
        }
        let file = try String(contentsOfFile: reported, encoding: .utf8)
        let folder = (file as NSString).deletingLastPathComponent
        #expect(folder.hasPrefix("/dev/shm/jotter-edit-"))
        #expect(try String(contentsOfFile: file, encoding: .utf8).contains("zanzibarquux"))
        kill(process.processIdentifier, SIGKILL)
        // The kill leaves the editor running: it goes too, before the wait, as
        // Foundation's Process waits for what holds the descriptors it gave jotter.
        if let editorProcess = pid_t(try String(contentsOfFile: reported + ".pid", encoding: .utf8)
            .trimmingCharacters(in: .whitespacesAndNewlines)) {
            kill(editorProcess, SIGKILL)
        }
        process.waitUntilExit()
        // Whether the kill left the file is not asked here: a jotter another suite runs
        // at the same moment is a next jotter of this user too, and may remove it first.

        let running = "/dev/shm/jotter-edit-\(getpid())-kept01"
        let theirs = "/dev/shm/jotter-edit-\(process.processIdentifier)-theirs"
        for kept in [running, theirs] {
            try FileManager.default.createDirectory(atPath: kept, withIntermediateDirectories: false)
        }
        defer { for kept in [running, theirs] { try? FileManager.default.removeItem(atPath: kept) } }
        #expect(chown(theirs, 65534, 65534) == 0)
        #expect(try jotter.run(["list"]).status == 0)
        #expect(!FileManager.default.fileExists(atPath: folder))
        #expect(FileManager.default.fileExists(atPath: running))
        #expect(FileManager.default.fileExists(atPath: theirs))
    }

    @Test func noWordOfAnEncryptedStoreIsFoundInItsFiles() throws {
        let (jotter, command) = try encryptedJotter()
        for arguments in [["add", "zanzibarquux", "second", "#quuxtag"], ["find", "zanzibarquux"], ["tags"],
                          ["log", "--since", "yesterday"], ["new", "xylophonia"], ["list"]] {
            let result = try jotter.run(arguments, extraEnvironment: command)
            #expect(result.status == 0, "\(arguments): \(result.errors)")
        }
        #expect(try jotter.run(["find", "zanzibarquux"], extraEnvironment: command).lines.count == 2)
        for word in ["zanzibarquux", "quuxtag", "xylophonia", "meeting"] {
            #expect(try filesHolding(word, in: jotter).isEmpty, "\(word)")
        }
        // Past its salt the file looks like random bytes: zeros, the bulk of a plain
        // store's pages, are as rare as any other byte.
        let bytes = try Data(contentsOf: URL(fileURLWithPath: jotter.store))
        #expect(bytes.prefix(16) != Data("SQLite format 3\0".utf8))
        let zeros = bytes.dropFirst(16).filter { $0 == 0 }.count
        #expect(Double(zeros) / Double(bytes.count - 16) < 0.01, "\(zeros) zeros in \(bytes.count) bytes")
    }

    @Test func everyCommandWorksTheSameOnAnEncryptedStore() throws {
        let script: [[String]] = [
            ["new", "expenses"], ["field", "add", "amount", "decimal", "--in", "/expenses"],
            ["add", "--to", "/expenses", "lunch", "amount:12.50"], ["add", "--to", "/expenses", "taxi", "amount:30"],
            ["sum", "amount", "/expenses"], ["add", "a \u{1b}[31mred\u{1b}[0m line, «quoted», 日本語"],
            ["find", "lunch"], ["done", "/expenses/taxi"], ["undo"], ["list", "-r", "--format", "jsonl", "/"],
            ["export", "-r", "/"], ["tags"], ["check"], ["log", "--since", "yesterday"],
            ["import", "--to", "/expenses", Jotter.fixtures + "/hostile.txt"],
            ["import", "--to", "/expenses", Jotter.fixtures + "/multilingual.txt"], ["find", "zero"], ["undo"],
        ]
        // The encrypted store starts as a copy of the plain one. A copy derives ids of
        // its own for the rows it makes (so that the two never give two entries one
        // id), so the short ids are set aside when the lines are compared.
        let plain = Jotter()
        try plain.ok("list")
        let encrypted = Jotter()
        #expect(copyfile(plain.store, encrypted.store))
        let command = try passphraseCommand(in: encrypted)
        #expect(try encrypted.run(["encrypt"], extraEnvironment: command).status == 0)
        for arguments in script {
            let expected = try plain.run(arguments)
            let got = try encrypted.run(arguments, extraEnvironment: command)
            #expect(got.status == expected.status, "\(arguments): \(got.errors)")
            // add and new print the new entry's id, made anew each time, and list and export
            // print times; the rest must print the same.
            if !["add", "new", "check", "list", "export", "log"].contains(arguments[0]) {
                #expect(withoutShortIDs(got.text) == withoutShortIDs(expected.text), "\(arguments)")
            }
        }
        let export = try encrypted.run(["export", "-r", "/"], extraEnvironment: command).text
        let imported = Jotter()
        let backup = imported.folder.file("backup.jsonl")
        try Data(export.utf8).write(to: URL(fileURLWithPath: backup))
        try imported.ok("import", "--to", "/", backup)
        #expect(try imported.texts("/expenses") == plain.texts("/expenses"), "\(export)")
        #expect(try imported.texts("/expenses").count > 3)
    }

    @Test func aWrongPassphraseIsRefusedInOneLineAndTheFileLeftAsItIs() throws {
        let (jotter, _) = try encryptedJotter()
        try jotter.ok("lock")
        let before = try Data(contentsOf: URL(fileURLWithPath: jotter.store))
        let wrong = try jotter.run(["list"], extraEnvironment: ["JOTTER_PASSPHRASE_COMMAND": "echo not-it"])
        #expect(wrong.status == 3)
        #expect(wrong.errors.split(separator: "\n").count == 1, "\(wrong.errors)")
        #expect(wrong.errors.contains("wrong passphrase"))
        #expect(!wrong.errors.contains("not-it"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: jotter.store)) == before)
    }

    /// A page changed on disk fails SQLCipher's check of it as it is decrypted, which
    /// SQLite passes on as a plain SQLITE_ERROR: `check` and `export -r /` said "SQL
    /// logic error", marked nothing, and the next `add` wrote into the damaged file.
    @Test(arguments: [2, 12])
    func aPageThatNoLongerDecryptsIsDamageForCheckAndExport(page: Int) throws {
        let (jotter, command) = try encryptedJotter()
        let handle = try FileHandle(forUpdating: URL(fileURLWithPath: jotter.store))
        let offset = UInt64((page - 1) * 4096 + 2048)
        try handle.seek(toOffset: offset)
        let byte = try #require(try handle.read(upToCount: 1)).first! ^ 0x01
        try handle.seek(toOffset: offset)
        try handle.write(contentsOf: [byte])
        try handle.close()
        for arguments in [["export", "-r", "/"], ["check"]] {
            let result = try jotter.run(arguments, extraEnvironment: command)
            #expect(result.status == 3, "\(arguments): \(result.errors)")
            #expect(result.errors.contains("damaged"), "\(arguments): \(result.errors)")
            #expect(!result.errors.contains("SQL logic error"), "\(arguments): \(result.errors)")
        }
        #expect(try jotter.run(["check"], extraEnvironment: command).text.contains("page \(page)"))
        #expect(FileManager.default.fileExists(atPath: jotter.store + ".jotter-damaged"))
        let add = try jotter.run(["add", "more"], extraEnvironment: command)
        #expect(add.status == 3)
        #expect(add.errors.contains("damaged"), "\(add.errors)")
    }

    @Test func aPlainStoreOpensAsBeforeWhateverPassphraseCommandIsSet() throws {
        let jotter = Jotter()
        try jotter.ok("add", "plain")
        let result = try jotter.run(["list"], extraEnvironment: ["JOTTER_PASSPHRASE_COMMAND": "exit 1"])
        #expect(result.status == 0)
        #expect(result.text.contains("plain"))
    }

    @Test func aPlainStoreOpensWhateverTheEncryptionSettingsHold() throws {
        let jotter = Jotter()
        try jotter.ok("add", "plain")
        let settings = ["JOTTER_KEY_TIMEOUT": "soon", "JOTTER_PASSPHRASE_TIMEOUT": "-1"]
        let result = try jotter.run(["list"], extraEnvironment: settings)
        #expect(result.status == 0, "\(result.errors)")
    }

    /// A file of whole pages that starts with zeros or with text is not taken for an
    /// encrypted store: no passphrase is asked for it.
    @Test func aFileOfZerosOrTextIsNotTakenForAnEncryptedStore() throws {
        let jotter = Jotter()
        for (name, bytes) in [("zeros", Data(count: 4096)), ("text", Data(String(repeating: "dear diary, ", count: 1024).utf8.prefix(8192)))] {
            let path = jotter.folder.file(name)
            try bytes.write(to: URL(fileURLWithPath: path))
            let result = try jotter.run(["--store", path, "list"], extraEnvironment: ["JOTTER_PASSPHRASE_COMMAND": "exit 9"])
            #expect(result.status == 3)
            #expect(result.errors.contains("not a jotter store (not an SQLite database)"), "\(name): \(result.errors)")
            #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == bytes)
        }
    }

    @Test func aStoreReachedThroughASymbolicLinkIsEncryptedWhereItLies() throws {
        let jotter = Jotter()
        let real = jotter.folder.file("real.sqlite3")
        try jotter.ok("--store", real, "add", "zanzibarquux")
        #expect(symlink(real, jotter.store) == 0)
        let command = try passphraseCommand(in: jotter)
        let encrypted = try jotter.run(["encrypt"], extraEnvironment: command)
        #expect(encrypted.status == 0, "\(encrypted.errors)")
        var info = stat()
        #expect(lstat(jotter.store, &info) == 0 && (info.st_mode & S_IFMT) == S_IFLNK)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: real))
        #expect(bytes.range(of: Data("zanzibarquux".utf8)) == nil)
        let listed = try jotter.run(["list"], extraEnvironment: command)
        #expect(listed.text.contains("zanzibarquux"))
        // The link's own mode is not the store's: nothing to make private.
        #expect(!listed.errors.contains("made private"), "\(listed.errors)")
    }

    @Test func aStoreWithASecondNameIsNotEncrypted() throws {
        let jotter = Jotter()
        try jotter.ok("add", "zanzibarquux")
        #expect(link(jotter.store, jotter.folder.file("backup.sqlite3")) == 0)
        let result = try jotter.run(["encrypt"], extraEnvironment: ["JOTTER_PASSPHRASE_COMMAND": "echo secret"])
        #expect(result.status == 3)
        #expect(result.errors.contains("hard link"), "\(result.errors)")
        #expect(try jotter.texts() == ["zanzibarquux"])
    }

    @Test func aPassphraseCommandAfterTheWordsOfAnAddIsAnOptionNotText() throws {
        let (jotter, _) = try encryptedJotter()
        try jotter.ok("lock")
        let file = jotter.folder.file("passphrase")
        let added = try jotter.run(["add", "buy", "milk", "--passphrase-command=cat '\(file)'"])
        #expect(added.status == 0, "\(added.errors)")
        #expect(try jotter.run(["list"], extraEnvironment: ["JOTTER_PASSPHRASE_COMMAND": "cat '\(file)'"]).lines
            .contains { $0.hasSuffix("  buy milk") })
    }

    /// Every write another jotter reports done while the store is encrypted is in the
    /// encrypted store: a write either lands before the rewrite takes the write lock, or
    /// waits for it and is refused, the store having been replaced.
    @Test func writesDuringAnEncryptionAreKeptOrRefusedNeverLost() throws {
        let jotter = Jotter()
        let input = jotter.folder.file("items.txt")
        try Data((1...20_000).map { "item \($0)" }.joined(separator: "\n").utf8).write(to: URL(fileURLWithPath: input))
        try jotter.ok("import", "--to", "/", input)
        let command = try passphraseCommand(in: jotter)
        for round in 0..<3 {
            // A rewrite that meets another jotter with the store open is refused, and
            // tried again, as a user would.
            var rewritten = false
            var saved: [String] = []
            var attempt = 0
            for _ in 0..<50 where !rewritten {
                let encrypting = Process()
                encrypting.executableURL = URL(fileURLWithPath: Jotter.binary)
                encrypting.arguments = [round % 2 == 0 ? "encrypt" : "decrypt"]
                encrypting.environment = jotter.environment.merging(command) { $1 }
                encrypting.standardError = FileHandle.nullDevice
                try encrypting.run()
                while encrypting.isRunning {
                    attempt += 1
                    let text = "written during round \(round), number \(attempt)"
                    if try jotter.run(["add", text], extraEnvironment: command).status == 0 { saved.append(text) }
                }
                encrypting.waitUntilExit()
                rewritten = encrypting.terminationStatus == 0
            }
            #expect(rewritten, "round \(round)")
            let texts = Set(try jotter.run(["list", "--format", "jsonl"], extraEnvironment: command).lines)
            for text in saved {
                #expect(texts.contains { $0.contains("\"\(text)\"") }, "round \(round): \(text) was reported saved")
            }
        }
    }

    @Test func theKeyIsCachedUntilLock() throws {
        let (jotter, _) = try encryptedJotter()
        // The passphrase command fails from now on: only the cached key opens the store.
        let failing = ["JOTTER_PASSPHRASE_COMMAND": "exit 7"]
        let cached = try jotter.run(["list"], extraEnvironment: failing)
        #expect(cached.status == 0, "\(cached.errors)")
        #expect(cached.text.contains("zanzibarquux"))
        try jotter.ok("lock")
        let locked = try jotter.run(["list"], extraEnvironment: failing)
        #expect(locked.status == 1)
        #expect(locked.errors.contains("status 7"), "\(locked.errors)")
    }

    @Test func aPassphraseCommandThatSaysNothingOrTakesTooLongIsRefused() throws {
        let (jotter, _) = try encryptedJotter()
        try jotter.ok("lock")
        let empty = try jotter.run(["list"], extraEnvironment: ["JOTTER_PASSPHRASE_COMMAND": "true"])
        #expect(empty.status == 1)
        #expect(empty.errors.split(separator: "\n").count == 1, "\(empty.errors)")
        let slow = try jotter.run(["list"], extraEnvironment: ["JOTTER_PASSPHRASE_COMMAND": "sleep 20; echo late",
                                                                "JOTTER_PASSPHRASE_TIMEOUT": "1"])
        #expect(slow.status == 1)
        #expect(slow.errors.contains("1 s"), "\(slow.errors)")
        let option = try jotter.run(["--passphrase-command", "cat passphrase-nowhere", "list"])
        #expect(option.status == 1, "\(option.errors)")
    }

    @Test func aCachedKeyExpiresAfterItsTimeout() throws {
        let (jotter, command) = try encryptedJotter()
        try jotter.ok("lock")
        let cachedBriefly = command.merging(["JOTTER_KEY_TIMEOUT": "2"]) { $1 }
        #expect(try jotter.run(["list"], extraEnvironment: cachedBriefly).status == 0)
        let failing = ["JOTTER_PASSPHRASE_COMMAND": "exit 7"]
        #expect(try jotter.run(["list"], extraEnvironment: failing).status == 0)
        var expired = false
        for _ in 0..<60 where !expired {
            usleep(250_000)
            expired = try jotter.run(["list"], extraEnvironment: failing).status == 1
        }
        #expect(expired)
    }

    @Test func decryptAndRekeyTakeThePassphrasesFromTheCommand() throws {
        let (jotter, command) = try encryptedJotter()
        let newFile = jotter.folder.file("new-passphrase")
        try Data("another passphrase\n".utf8).write(to: URL(fileURLWithPath: newFile))
        // The old passphrase opens, then the new one is asked for: a command that prints
        // the old one on its first run and the new one after.
        let counter = jotter.folder.file("runs")
        let switching = ["JOTTER_PASSPHRASE_COMMAND":
            "if [ -e '\(counter)' ]; then cat '\(newFile)'; else touch '\(counter)'; printf '%s\\n' '\(passphrase)'; fi"]
        let same = try jotter.run(["rekey"], extraEnvironment: command)
        #expect(same.status == 1)
        #expect(same.errors.contains("the new passphrase is the old one"), "\(same.errors)")
        try jotter.ok("lock")
        let rekeyed = try jotter.run(["rekey"], extraEnvironment: switching)
        #expect(rekeyed.status == 0, "\(rekeyed.errors)")
        try jotter.ok("lock")
        #expect(try jotter.run(["list"], extraEnvironment: command).status == 3)
        let withNew = ["JOTTER_PASSPHRASE_COMMAND": "cat '\(newFile)'"]
        #expect(try jotter.run(["list"], extraEnvironment: withNew).text.contains("zanzibarquux"))
        let decrypted = try jotter.run(["decrypt"], extraEnvironment: withNew)
        #expect(decrypted.status == 0, "\(decrypted.errors)")
        let header = try Data(contentsOf: URL(fileURLWithPath: jotter.store)).prefix(16)
        #expect(header == Data("SQLite format 3\0".utf8))
        #expect(try jotter.texts("/") == ["zanzibarquux meeting notes"])
    }

    @Test func thePromptAsksForThePassphraseWithoutEchoThreeTimes() throws {
        let (jotter, _) = try encryptedJotter()
        let session = try askedOnATerminal(jotter, ["list"])
        try session.expect("Passphrase")
        session.type("first-wrong\r")
        try session.expect("Passphrase")
        session.type(passphrase + "\r")
        try session.expect("zanzibarquux")
        #expect(try session.waitForExit() == 0)
        #expect(!session.text.contains("first-wrong"))
        #expect(!session.text.contains(passphrase))

        let refused = try askedOnATerminal(jotter, ["list"])
        for attempt in 1...3 {
            try refused.expect("Passphrase")
            refused.type("wrong \(attempt)\r")
        }
        #expect(try refused.waitForExit() == 3)
        #expect(refused.text.contains("wrong passphrase"))
    }

    /// Where the kernel refuses its keyring (a container's seccomp profile), the one
    /// asked is told once, and the next command asks again; no key goes to a file.
    @Test func withoutAKeyringEachCommandAsksAndSaysWhyOnce() throws {
        let (jotter, _) = try encryptedJotter()
        try jotter.ok("lock")
        var environment = jotter.environment.merging(["TERM": "xterm", "NO_COLOR": "1"]) { $1 }
        environment["PATH"] = "/usr/bin:/bin"
        let launcher = ["/usr/bin/python3", Project.root + "/Tests/Tools/without-keyring.py", Jotter.binary, "list"]
        for _ in 1...2 {
            let session = try PseudoTerminalSession(launcher: launcher, environment: environment)
            try session.expect("Passphrase")
            session.type(passphrase + "\r")
            try session.expect("zanzibarquux")
            #expect(try session.waitForExit() == 0)
            #expect(session.text.components(separatedBy: "no kernel keyring").count == 2, "\(session.text)")
        }
        let files = try FileManager.default.contentsOfDirectory(atPath: jotter.folder.path)
        #expect(files.filter { !$0.hasPrefix("store.sqlite3") && $0 != "passphrase" }.isEmpty, "\(files)")
    }

    /// A signal while the passphrase is typed gives the terminal its echo back, then
    /// does what it would have done: SIGHUP, when the terminal closes, ends jotter. In
    /// a process of its own, as signal handlers are the whole process's.
    @Test func aSignalWhileThePassphraseIsTypedGivesTheTerminalBack() throws {
        let (jotter, _) = try encryptedJotter()
        let session = try askedOnATerminal(jotter, ["list"])
        try session.expect("Passphrase")
        session.type("half-typ")
        // Taken by the terminal while echo is off: sent, they could still be on their
        // way when the handler turns echo back on, and be echoed then.
        try session.waitUntilTaken()
        kill(session.pid, SIGHUP)
        #expect(try session.waitForExit() == 128 + SIGHUP)
        #expect(session.terminalSettings().c_lflag & tcflag_t(ECHO) != 0)
        #expect(!session.text.contains("half-typ"))
    }

    /// Ctrl-Z while the passphrase is typed does nothing: a shell that stopped jotter
    /// would turn echo back on, and the rest of the passphrase would show after `fg`.
    @Test func ctrlZWhileThePassphraseIsTypedDoesNotStopIt() throws {
        let (jotter, _) = try encryptedJotter()
        let session = try askedOnATerminal(jotter, ["list"])
        try session.expect("Passphrase")
        // The terminal drops what was typed of the line when it sees the key.
        session.type("\u{1a}")
        session.type(passphrase + "\r")
        try session.expect("zanzibarquux")
        #expect(try session.waitForExit() == 0)
        #expect(!session.text.contains(passphrase))
    }

    @Test func thePromptOpensOnAnEncryptedStoreOnceThePassphraseIsTyped() throws {
        let (jotter, command) = try encryptedJotter()
        let session = try askedOnATerminal(jotter, [])
        try session.expect("Passphrase")
        session.type(passphrase + "\r")
        try session.expect("/ › ")
        session.type("xylophonia entry\r")
        try session.expect("/ › ")
        session.type(":quit\r")
        #expect(try session.waitForExit() == 0)
        #expect(try jotter.run(["list"], extraEnvironment: command).text.contains("xylophonia entry"))
        #expect(try filesHolding("xylophonia", in: jotter).isEmpty)
        #expect(try filesHolding(passphrase, in: jotter).isEmpty)
    }

    @Test func thePromptSendsTheRewritingCommandsToTheShell() throws {
        let jotter = Jotter()
        let session = try jotter.prompt()
        session.type(":encrypt\r")
        try session.expect("run 'jotter encrypt' from a shell")
        // Each command after the prompt that follows the message: typed before it, a
        // line is typed ahead, in a burst, and taken as pasted text.
        try session.expect("/ › ")
        session.type(":list --passphrase-command true\r")
        try session.expect("--passphrase-command cannot be given at the prompt")
        try session.expect("/ › ")
        session.type(":quit\r")
        #expect(try session.waitForExit() == 0)
    }

    @Test func editWritesItsFileInMemoryForAnEncryptedStore() throws {
        let (jotter, command) = try encryptedJotter()
        let record = jotter.folder.file("where")
        let editor = jotter.folder.file("editor.sh")
        try Data("#!/bin/sh\ndirname \"$1\" > '\(record)'\necho edited > \"$1\"\n".utf8).write(to: URL(fileURLWithPath: editor))
        chmod(editor, 0o700)
        let result = try jotter.run(["edit", "/1"], extraEnvironment: command.merging(["EDITOR": editor]) { $1 })
        #expect(result.status == 0, "\(result.errors)")
        let folder = try String(contentsOfFile: record, encoding: .utf8)
        #expect(folder.hasPrefix("/dev/shm/") || folder.hasPrefix("/run/"), "\(folder)")
        #expect(!FileManager.default.fileExists(atPath: folder.trimmingCharacters(in: .whitespacesAndNewlines)))
        #expect(try jotter.run(["list"], extraEnvironment: command).text.contains("edited"))
    }

    /// An encrypted store keeps SQLite's temporary data in memory, its statement
    /// journals among them: an editor turning a 16.5 MB entry into another took 76
    /// MiB, and its undo and redo as much, the rewrite's journal holding a copy of
    /// every page of the old text as SQLite zeroed it, or of the new one as it wrote
    /// it, beside the old text the triggers read.
    @Test func anEditorTurningAnEntryAtTheCapIntoAnotherIsSavedUndoneAndRedoneInUnder64MiB() throws {
        var (jotter, command) = try encryptedJotter(items: [])
        jotter.ownEnvironment = command
        try jotter.editAnEntryAtTheCapIntoAnotherThenUndoAndRedo()
    }

    /// An `import --on-conflict replace` of a record giving the 16.5 MB entry a 16 MB
    /// text took 76 MiB on an encrypted store (jsonl; csv 75): the rewrite ran with the
    /// search index's and undo's triggers on, which made SQLite keep its statement
    /// journal, in memory here, a copy of every page of the old text as SQLite zeroed
    /// it, beside the old text the triggers read. Its undo and redo, 75 MiB before
    /// undo and redo ran without those triggers, are held to 64 MiB with it.
    @Test(arguments: ["jsonl", "csv"])
    func anImportReplacingAnEntryAtTheCapWithAnotherIsMadeUndoneAndRedoneInUnder64MiB(format: String) throws {
        var (jotter, command) = try encryptedJotter(items: [])
        jotter.ownEnvironment = command
        try jotter.importReplacingAnEntryAtTheCapWithAnotherThenUndoAndRedo(format: format)
    }

    /// `kill -9` at moments spread over the whole of `encrypt`, `decrypt` and `rekey`:
    /// afterwards the store is the old one or the new one, whole, with nothing readable
    /// left beside it.
    @Test func aKillAtAnyMomentOfARewriteLeavesOneWholeStore() throws {
        let items = (1...2_000).map { "zanzibarquux item \($0)" }
        let jotter = Jotter()
        let input = jotter.folder.file("items.txt")
        try Data(items.joined(separator: "\n").utf8).write(to: URL(fileURLWithPath: input))
        try jotter.ok("import", "--to", "/", input)
        // Two passphrases: the command answers the one that opens the store now, and the
        // other when a new one is asked; after each kill the test finds which opens it.
        let passphrases = ["alpha passphrase", "beta passphrase"]
        let (current, next) = (jotter.folder.file("current"), jotter.folder.file("next"))
        func use(_ index: Int) throws {
            try Data((passphrases[index] + "\n").utf8).write(to: URL(fileURLWithPath: current))
            try Data((passphrases[1 - index] + "\n").utf8).write(to: URL(fileURLWithPath: next))
        }
        let command = ["JOTTER_PASSPHRASE_COMMAND":
            "if [ \"$JOTTER_PASSPHRASE_PURPOSE\" = new ]; then cat '\(next)'; else cat '\(current)'; fi"]
        try use(0)
        let start = Date()
        let first = try jotter.run(["encrypt"], extraEnvironment: command)
        let fullRun = Date().timeIntervalSince(start)
        #expect(first.status == 0, "\(first.errors)")
        try use(1)
        let rekeyed = try jotter.run(["rekey"], extraEnvironment: command)
        #expect(rekeyed.status == 0, "\(rekeyed.errors)")
        try use(0)
        #expect(try jotter.run(["decrypt"], extraEnvironment: command).status == 0)

        var generator = SystemRandomNumberGenerator()
        for round in 0..<24 {
            let verb = ["encrypt", "decrypt", "rekey"][round % 3]
            let process = Process()
            process.executableURL = URL(fileURLWithPath: Jotter.binary)
            process.arguments = [verb]
            process.environment = jotter.environment.merging(command) { $1 }
            process.standardError = FileHandle.nullDevice
            try process.run()
            usleep(UInt32(Double.random(in: 0...1.2, using: &generator) * fullRun * 1_000_000))
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()

            // Which passphrase opens the store now, with no cached key to hide it.
            try jotter.ok("lock")
            let header = try Data(contentsOf: URL(fileURLWithPath: jotter.store)).prefix(16)
            let isEncrypted = header != Data("SQLite format 3\0".utf8)
            if isEncrypted {
                let opensWithCurrent = try jotter.run(["path"], extraEnvironment: command).status == 0
                if !opensWithCurrent {
                    try use(Int(passphrases.firstIndex(of: try String(contentsOfFile: next, encoding: .utf8)
                        .trimmingCharacters(in: .newlines))!))
                }
            }
            let listed = try jotter.run(["list", "--format", "jsonl"], extraEnvironment: command)
            #expect(listed.status == 0, "round \(round), \(verb): \(listed.errors)")
            #expect(listed.lines.count == items.count, "round \(round), \(verb)")
            #expect(try jotter.run(["check"], extraEnvironment: command).status == 0)
            let left = try FileManager.default.contentsOfDirectory(atPath: jotter.folder.path).filter { $0.contains("jotter-") }
            #expect(left.isEmpty, "round \(round): \(left)")
            if isEncrypted {
                #expect(try filesHolding("zanzibarquux", in: jotter).isEmpty, "round \(round)")
            }
            // The next round's verb needs the matching kind of store.
            let nextVerb = ["encrypt", "decrypt", "rekey"][(round + 1) % 3]
            if nextVerb == "encrypt" && isEncrypted {
                #expect(try jotter.run(["decrypt"], extraEnvironment: command).status == 0)
            }
            if nextVerb != "encrypt" && !isEncrypted {
                #expect(try jotter.run(["encrypt"], extraEnvironment: command).status == 0)
                try use(Int(passphrases.firstIndex(of: try String(contentsOfFile: next, encoding: .utf8)
                    .trimmingCharacters(in: .newlines))!))
            }
        }
    }

    /// jotter run with `arguments` under a pseudo-terminal, with no key cached and no
    /// passphrase command: it asks on the terminal.
    func askedOnATerminal(_ jotter: Jotter, _ arguments: [String]) throws -> PseudoTerminalSession {
        try jotter.ok("lock")
        var environment = jotter.environment.merging(["TERM": "xterm", "NO_COLOR": "1"]) { $1 }
        environment["JOTTER_PASSPHRASE_COMMAND"] = nil
        return try PseudoTerminalSession(arguments: arguments, environment: environment)
    }

    func copyfile(_ from: String, _ to: String) -> Bool {
        (try? FileManager.default.copyItem(atPath: from, toPath: to)) != nil && chmod(to, 0o600) == 0
    }

}

/// `text` with each word of eight hex digits, a short id, written as `ID`.
private func withoutShortIDs(_ text: String) -> String {
    text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
        line.split(separator: " ", omittingEmptySubsequences: false).map { word in
            word.count == 8 && word.allSatisfy(\.isHexDigit) ? "ID" : String(word)
        }.joined(separator: " ")
    }.joined(separator: "\n")
}
