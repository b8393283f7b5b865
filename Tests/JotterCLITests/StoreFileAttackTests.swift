import Foundation
import JotterCore
import Testing

/// The store's file as an attacker, damage or the system leaves it: each is refused in
/// one line, or read without being changed, never crashed on or looped over.
extension Jotter {
    /// Runs jotter, as the user `nobody` with `asNobody`, killing it if it has not
    /// finished after a minute: a command that loops must fail its test, not hang the
    /// suite. This is a watchdog, not a limit on speed: every command here takes a
    /// fraction of a second.
    func runWatched(_ arguments: [String], asNobody: Bool = false) throws -> (result: Result, killed: Bool) {
        let process = Process()
        if asNobody {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
            process.arguments = ["--reuid=65534", "--regid=65534", "--clear-groups", Jotter.binary] + arguments
        } else {
            process.executableURL = URL(fileURLWithPath: Jotter.binary)
            process.arguments = arguments
        }
        process.environment = environment.merging(["SWIFT_BACKTRACE": "enable=no"]) { $1 }
        let outputPath = folder.file("stdout-\(UUID().uuidString)")
        let errorPath = folder.file("stderr-\(UUID().uuidString)")
        FileManager.default.createFile(atPath: outputPath, contents: nil)
        FileManager.default.createFile(atPath: errorPath, contents: nil)
        defer { for path in [outputPath, errorPath] { try? FileManager.default.removeItem(atPath: path) } }
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: outputPath))
        process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: errorPath))
        try process.run()
        let finished = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            process.waitUntilExit()
            finished.signal()
        }
        let killed = finished.wait(timeout: .now() + 60) == .timedOut
        if killed {
            // SIGKILL: jotter notes SIGTERM and goes on until it can roll back.
            kill(process.processIdentifier, SIGKILL)
            finished.wait()
        }
        let result = Result(
            status: process.terminationStatus,
            output: try Data(contentsOf: URL(fileURLWithPath: outputPath)),
            errors: try String(contentsOfFile: errorPath, encoding: .utf8))
        return (result, killed)
    }

    /// Runs to the end and requires that it ended by itself.
    func runToEnd(_ arguments: String..., asNobody: Bool = false) throws -> Result {
        try runToEnd(arguments, asNobody: asNobody)
    }

    func runToEnd(_ arguments: [String], asNobody: Bool = false) throws -> Result {
        let (result, killed) = try runWatched(arguments, asNobody: asNobody)
        #expect(!killed, "jotter \(arguments.joined(separator: " ")) did not finish; it was killed")
        return result
    }

    /// Runs and requires exit status 3 with one line on standard error holding `fragment`.
    func refused(_ arguments: String..., saying fragment: String, asNobody: Bool = false) throws {
        try refused(arguments, saying: fragment, asNobody: asNobody)
    }

    func refused(_ arguments: [String], saying fragment: String, asNobody: Bool = false) throws {
        let (result, killed) = try runWatched(arguments, asNobody: asNobody)
        #expect(!killed, "jotter \(arguments.joined(separator: " ")) did not finish; it was killed")
        #expect(result.status == 3, "jotter \(arguments.joined(separator: " ")): \(result.status) \(result.errors)")
        #expect(result.errors.contains(fragment), "\(result.errors)")
        #expect(result.errors.hasPrefix("jotter: ") && result.errors.filter { $0 == "\n" }.count == 1, "\(result.errors)")
    }
}

/// The files beside a path, and its bytes: what a refused file must keep.
struct FileState: Equatable {
    let bytes: Data?
    let besides: [String]

    init(_ path: String) {
        bytes = FileManager.default.contents(atPath: path)
        let folder = (path as NSString).deletingLastPathComponent
        let name = (path as NSString).lastPathComponent
        besides = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [])
            .filter { $0.hasPrefix(name) && $0 != name }.sorted()
    }
}

@Suite struct StoreFileAttackTests {
    let jotter = Jotter()

    // MARK: unbounded retries on file races

    @Test func aDanglingSymlinkAsTheStoreIsRefusedNamingItsTarget() throws {
        let link = jotter.folder.file("s")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "/nonexistent/x.sqlite3")
        try jotter.refused("--store", link, "list", saying: "\(link): the store is a symbolic link to /nonexistent/x.sqlite3, which does not exist")
        #expect(!FileManager.default.fileExists(atPath: "/nonexistent"))
    }

    @Test func aDefaultStoreWhoseFolderLinksToADriveNotMountedIsRefused() throws {
        let data = jotter.folder.file("data")
        try FileManager.default.createDirectory(atPath: data, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: data + "/jotter", withDestinationPath: "/nonexistent/drive/jotter")
        var environment = jotter.environment
        environment["JOTTER_STORE"] = nil
        environment["XDG_DATA_HOME"] = data
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Jotter.binary)
        process.arguments = ["list"]
        process.environment = environment.merging(["SWIFT_BACKTRACE": "enable=no"]) { $1 }
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 3)
        #expect(message.contains("is a symbolic link to /nonexistent/drive/jotter, which does not exist"), "\(message)")
    }

    /// Every opening clears what a stopped `encrypt`, `decrypt` or `rekey` left beside
    /// the store; it opened those names as files, and a FIFO there (another user's, in
    /// a folder with the sticky bit) held every command on the store for good.
    @Test(arguments: [".jotter-new", ".jotter-old"])
    func aFIFOWhereARewriteLeavesItsFilesHoldsNoCommand(suffix: String) throws {
        try jotter.ok("add", "kept")
        #expect(mkfifo(jotter.store + suffix, 0o600) == 0)
        let list = try jotter.runToEnd("list")
        #expect(list.status == 0, "\(list.errors)")
        #expect(list.text.contains("kept"))
        #expect(try jotter.runToEnd("add", "more").status == 0)
    }

    /// SQLite opens `STORE-journal` as it opens the store, to see whether a write was
    /// left half-done: a FIFO there held every command for good.
    @Test func aFIFOWhereTheStoresJournalGoesIsRefusedNotWaitedOn() throws {
        try jotter.ok("add", "kept")
        #expect(mkfifo(jotter.store + "-journal", 0o600) == 0)
        try jotter.refused("list", saying: "-journal: not a regular file, where the store keeps its journal")
    }

    // MARK: numbers read from the file

    /// A version from the file picks the migration steps: a negative one indexed them.
    @Test(arguments: ["PRAGMA user_version = -1", "flip"])
    func aNegativeStoreVersionIsDamageAndTheFileIsLeftAsItIs(how: String) throws {
        try jotter.ok("add", "kept")
        if how == "flip" {
            // One flipped bit in the header: the version's sign.
            let handle = try FileHandle(forUpdating: URL(fileURLWithPath: jotter.store))
            try handle.seek(toOffset: 60)
            let byte = try #require(try handle.read(upToCount: 1)).first! ^ 0x80
            try handle.seek(toOffset: 60)
            try handle.write(contentsOf: [byte])
            try handle.close()
        } else {
            let database = try Database(path: jotter.store)
            try database.execute(how)
        }
        let before = FileState(jotter.store)
        try jotter.refused("list", saying: "the store is damaged or not a jotter store")
        try jotter.refused("add", "more", saying: "the file was left as it is")
        #expect(FileState(jotter.store) == before)
    }

    /// A step of the change log whose range of rows runs backwards made `undo` trap.
    /// A hook's timeout is read from the file: 2^63 - 1 seconds overflowed the deadline
    /// made of it and crashed `add` (SIGILL); text or a negative number ran the hook
    /// with a timeout of one second.
    @Test(arguments: ["9223372036854775807", "-5", "'soon'"])
    func aHooksTimeoutOutsideItsRangeIsDamageNotACrash(value: String) throws {
        try jotter.ok("hook", "add", "before", "true")
        let database = try Database(path: jotter.store)
        try database.execute("UPDATE hook SET timeout_seconds = \(value)")
        try jotter.refused("add", "more", saying: "a timeout of")
        let check = try jotter.runToEnd("check")
        #expect(check.status == 3)
        #expect(check.text.contains("hook 1 has a timeout of"), "\(check.text)")
    }

    @Test func aChangeWhoseRangeRunsBackwardsIsDamageForUndo() throws {
        try jotter.ok("add", "one")
        try jotter.ok("add", "two")
        let database = try Database(path: jotter.store)
        try database.execute("UPDATE change SET first_node = last_node + 5")
        try jotter.refused("undo", saying: "the change log's step")
        try jotter.refused("check", saying: "the store is damaged")
    }

    /// An earlier text the change log names but that is not there: undo would have
    /// left the item's text as it is and called the edit undone.
    @Test func aMissingEarlierTextIsDamageForUndoAndCheck() throws {
        try jotter.ok("add", "first words")
        try jotter.ok("edit", "1", "second words")
        let database = try Database(path: jotter.store)
        try database.execute("DELETE FROM text_before")
        try jotter.refused("undo", saying: "names an earlier text that is not there")
        #expect(try jotter.texts("/") == ["second words"])
        let check = try jotter.runToEnd("check")
        #expect(check.status == 3)
        #expect(check.text.contains("the change log names 1 earlier texts that are not there"), "\(check.text)")
    }

    /// The numbers of a change's earlier texts come from the file: one named twice,
    /// or one whose negation (where undo keeps the current text) is taken, failed undo
    /// with "UNIQUE constraint failed: text_before.seq", which says nothing of damage
    /// or of what to do.
    @Test(arguments: [
        "UPDATE node_before SET text_before = (SELECT min(text_before) FROM node_before)",
        "INSERT INTO text_before (seq, text) SELECT -max(text_before), 'in the way' FROM node_before",
    ])
    func earlierTextsNamedWronglyAreDamageForUndo(damage: String) throws {
        try jotter.ok("add", "one")
        try jotter.ok("add", "two")
        let records = jotter.folder.file("records.jsonl")
        try jotter.ok("export", "--recursive", "/").replacingOccurrences(of: "\"one\"", with: "\"ONE\"")
            .replacingOccurrences(of: "\"two\"", with: "\"TWO\"").write(toFile: records, atomically: true, encoding: .utf8)
        try jotter.ok("import", "--on-conflict", "replace", records)
        let database = try Database(path: jotter.store)
        try database.execute(damage)
        try jotter.refused("undo", saying: "the store is damaged (the change log's step 3 names its earlier texts wrongly")
        #expect(try jotter.texts("/") == ["ONE", "TWO"])
        #expect(try jotter.runToEnd("check").status == 3)
    }

    @Test func anEarlierTextNoChangeNamesIsFoundByCheck() throws {
        try jotter.ok("add", "first words")
        try jotter.ok("edit", "1", "second words")
        let database = try Database(path: jotter.store)
        try database.execute("UPDATE node_before SET text_before = NULL")
        let check = try jotter.runToEnd("check")
        #expect(check.status == 3)
        #expect(check.text.contains("1 earlier texts belong to no step of the change log"), "\(check.text)")
    }

    @Test func aLoopOfParentLinksIsDamageNotAHang() throws {
        try jotter.ok("new", "a")
        try jotter.ok("new", "b")
        let database = try Database(path: jotter.store)
        try database.execute(
            "UPDATE node SET parent = (SELECT max(seq) FROM node) WHERE seq = (SELECT min(seq) FROM node)")
        let check = try jotter.runToEnd("check")
        #expect(check.status == 3)
        #expect(check.text.contains("loop of parent links"), "\(check.text)")
        // The saved place is inside the loop: following it up to the root must end.
        try jotter.refused("list", saying: "form a loop")
    }

    /// The highest row number and the index settings come from the file: at the top
    /// of 64 bits, the next batch's end overflowed.
    @Test(arguments: [["find", "kept"], ["log"]])
    func indexSettingsAtTheTopOfSixtyFourBitsDoNotOverflow(command: [String]) throws {
        try jotter.ok("add", "kept")
        let database = try Database(path: jotter.store)
        try database.execute(
            """
            UPDATE sqlite_sequence SET seq = 9223372036854775807 WHERE name = 'node';
            UPDATE setting SET value = 9223372036854775800 WHERE key IN ('search_indexed_to', 'log_indexed_to');
            """)
        let result = try jotter.runToEnd(command)
        #expect(result.status == 0, "\(result.status) \(result.errors)")
        // The row the settings claim is indexed is not: check says so.
        let check = try jotter.runToEnd("check")
        #expect(check.status == 3)
        #expect(check.text.contains("lacks 1"), "\(check.text)")
    }

    // MARK: identify before changing

    @Test(arguments: [1, 2, 5])
    func anSQLiteFileWithAVersionButNoTablesGetsNothingBesideIt(version: Int) throws {
        let path = jotter.folder.file("versioned.sqlite3")
        #expect(FileManager.default.createFile(atPath: path, contents: nil))
        do {
            let database = try Database(path: path)
            try database.execute("PRAGMA user_version = \(version)")
        }
        let before = FileState(path)
        #expect(before.besides.isEmpty)
        try jotter.refused("--store", path, "list", saying: "not a jotter store")
        #expect(FileState(path) == before, "no -wal or -shm beside it, and the same bytes")
    }

    @Test func anotherApplicationsWALDatabaseGetsNothingBesideIt() throws {
        let path = jotter.folder.file("other.db")
        #expect(FileManager.default.createFile(atPath: path, contents: nil))
        do {
            let database = try Database(path: path)
            try database.execute("PRAGMA journal_mode = WAL; CREATE TABLE accounts (name TEXT); INSERT INTO accounts VALUES ('x')")
        }
        let before = FileState(path)
        #expect(before.besides.isEmpty, "the other application closed it")
        try jotter.refused("--store", path, "add", "x", saying: "another application")
        #expect(FileState(path) == before)
    }

    /// With a log beside it, the file is judged through the log: until then its mode
    /// is not the store's to change.
    @Test func anotherApplicationsFileWithAPendingLogKeepsItsMode() throws {
        let path = jotter.folder.file("other.db")
        #expect(FileManager.default.createFile(atPath: path, contents: nil, attributes: [.posixPermissions: 0o644]))
        do {
            let database = try Database(path: path)
            try database.execute("PRAGMA journal_mode = WAL; PRAGMA wal_autocheckpoint = 0; CREATE TABLE t (x); INSERT INTO t VALUES (1)")
            database.leaveWALAsItIsOnClose()
        }
        let before = FileState(path)
        try jotter.refused("--store", path, "list", saying: "another application")
        #expect(FileState(path) == before)
        #expect(try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int == 0o644)
        #expect(try FileManager.default.attributesOfItem(atPath: path + "-wal")[.posixPermissions] as? Int == 0o644)
    }

    // MARK: internal state

    @Test(arguments: [
        (["find", "kept"], "search_indexed_to"),
        (["tags"], "search_indexed_to"),
        (["log"], "log_indexed_to"),
    ])
    func aMissingIndexSettingIsDamageNeverALoop(command: [String], setting: String) throws {
        try jotter.ok("add", "kept #tag")
        let database = try Database(path: jotter.store)
        try database.execute("DELETE FROM setting WHERE key = '\(setting)'")
        try jotter.ok("add", "after")
        let size = try FileManager.default.attributesOfItem(atPath: jotter.store)[.size] as? Int
        let (result, killed) = try jotter.runWatched(command)
        #expect(!killed, "jotter \(command.joined(separator: " ")) looped until it was killed")
        #expect(result.status == 3)
        #expect(result.errors.contains("the setting \(setting) is missing"), "\(result.errors)")
        #expect(result.errors.contains("'jotter check'"), "\(result.errors)")
        #expect(try FileManager.default.attributesOfItem(atPath: jotter.store)[.size] as? Int == size)
        let check = try jotter.runToEnd("check")
        #expect(check.status == 3)
        #expect(check.text.contains(setting))
    }

    @Test(arguments: [["add", "more"], ["list"]])
    func aMissingFormVersionIsDamage(command: [String]) throws {
        try jotter.ok("add", "kept")
        let database = try Database(path: jotter.store)
        try database.execute("DELETE FROM setting WHERE key = 'form_version'")
        let result = try jotter.run(command)
        #expect(result.status == 3)
        #expect(result.errors.contains("the setting form_version is missing"), "\(result.errors)")
        #expect(try jotter.runToEnd("check").text.contains("form_version"))
    }

    // MARK: partial reads and damage

    /// A store another writer holds is busy, not damaged: check says so.
    @Test func checkOnAStoreHeldByAnotherWriterSaysBusyNotDamaged() throws {
        try jotter.ok("add", "kept")
        let holder = try Database(path: jotter.store)
        try holder.execute("BEGIN IMMEDIATE")
        defer { try? holder.execute("ROLLBACK") }
        let check = try jotter.runToEnd("check")
        #expect(check.status == 3)
        #expect(check.errors.contains("busy"), "\(check.errors)")
        #expect(!check.errors.contains("damaged"), "\(check.errors)")
    }

    /// A store of several thousand items, found sound by check.
    private func storeOfFiveThousandItems() throws {
        try jotter.ok("cd", "/")
        let lines = jotter.folder.file("lines.txt")
        try (1...5_000).map { "entry number \($0)" }.joined(separator: "\n").write(toFile: lines, atomically: true, encoding: .utf8)
        try jotter.ok("import", lines)
        let sound = try jotter.runToEnd("check")
        #expect(sound.status == 0, "\(sound.errors)")
        #expect(sound.text.contains("sound"))
    }

    /// Sends one cell pointer of the items' table's first page out of its page: damage
    /// met only where a command reads that table, which SQLite alone did not notice.
    private func damageTheItemsTable() throws {
        let (root, pageSize): (Int64, Int64) = try {
            let database = try Database(path: jotter.store, readOnly: true)
            let root = try #require(try database.statement("SELECT rootpage FROM sqlite_schema WHERE name = 'node'").firstRow { $0.int64(0) })
            let pageSize = try #require(try database.statement("PRAGMA page_size").firstRow { $0.int64(0) })
            return (root, pageSize)
        }()
        let handle = try FileHandle(forUpdating: URL(fileURLWithPath: jotter.store))
        let page = UInt64((root - 1) * pageSize)
        try handle.seek(toOffset: page)
        let type = try #require(try handle.read(upToCount: 1)).first
        #expect(type == 5, "the table's first page is an interior page")
        // The third cell pointer, after an interior page's 12-byte header: its high
        // byte gets the bit that moves it a page further.
        try handle.seek(toOffset: page + 12 + 4)
        let high = try #require(try handle.read(upToCount: 1)).first! ^ UInt8(pageSize >> 8)
        try handle.seek(toOffset: page + 12 + 4)
        try handle.write(contentsOf: [high])
        try handle.close()
    }

    /// Several thousand rows, and one cell pointer of the items' table's first page
    /// sent out of its page: a partial read that SQLite alone did not notice.
    @Test func aDamagedStoreIsNeitherReadInPartNorWrittenInto() throws {
        try storeOfFiveThousandItems()
        try damageTheItemsTable()
        let damaged = FileState(jotter.store)

        for command in [["export", "--recursive", "/"], ["list"], ["add", "one more"]] {
            let (result, killed) = try jotter.runWatched(command)
            #expect(!killed)
            #expect(result.status == 3, "jotter \(command.joined(separator: " ")): \(result.status), \(result.lines.count) lines")
            #expect(result.errors.contains("the store is damaged"), "\(result.errors)")
            #expect(result.errors.contains("'jotter check'"))
        }
        #expect(FileState(jotter.store).bytes == damaged.bytes, "add wrote nothing into the damaged file")
        let check = try jotter.runToEnd("check", "--format", "json")
        #expect(check.status == 3)
        let report = try #require(try JSONSerialization.jsonObject(with: check.output) as? [String: Any])
        #expect(report["sound"] as? Bool == false)
        #expect(((report["problems"] as? [String]) ?? []).contains { $0.contains("out of range") })
    }

    /// A field added to a store whose items' table is damaged touches only sound
    /// pages, and went through after a command had met the damage. Damage met marks
    /// the store, beside it: nothing is written to it, and reading goes on, until
    /// check finds it sound.
    @Test(arguments: [["list"], ["check"]])
    func aStoreFoundDamagedTakesNoWriteUntilCheckFindsItSound(meeting: [String]) throws {
        try storeOfFiveThousandItems()
        let backup = try Data(contentsOf: URL(fileURLWithPath: jotter.store))
        try damageTheItemsTable()
        let mark = jotter.store + ".jotter-damaged"
        #expect(!FileManager.default.fileExists(atPath: mark))
        #expect(try jotter.runToEnd(meeting).status == 3)
        let damaged = FileState(jotter.store)
        try jotter.refused("field", "add", "extra", "text", saying: "nothing is written to it until 'jotter check' finds it sound")
        try jotter.refused("hook", "add", "after", "true", saying: "the store is damaged")
        #expect(FileState(jotter.store).bytes == damaged.bytes, "nothing was written into the damaged file")
        let attributes = try FileManager.default.attributesOfItem(atPath: mark)
        #expect(attributes[.posixPermissions] as? Int == 0o600)
        #expect(attributes[.ownerAccountID] as? Int == Int(geteuid()))
        // What reads no damaged page still answers.
        let fields = try jotter.runToEnd("field", "ls")
        #expect(fields.status == 0, "\(fields.errors)")

        // Put back from the backup, the store waits for check all the same; the
        // reading commands answer, and write nothing, not even their indexes.
        try backup.write(to: URL(fileURLWithPath: jotter.store))
        let restored = FileState(jotter.store)
        try jotter.refused("add", "after the backup", saying: "'jotter check'")
        #expect(try jotter.runToEnd("find", "entry", "number", "4999").text.contains("entry number 4999"))
        #expect(try jotter.runToEnd("log").text.contains("entry number 5000"))
        #expect(try jotter.runToEnd("list").lines.count == 5_000)
        #expect(FileState(jotter.store).bytes == restored.bytes)
        let check = try jotter.runToEnd("check")
        #expect(check.status == 0, "\(check.errors)")
        #expect(check.errors.contains("the mark of damage was taken away"), "\(check.errors)")
        #expect(!FileManager.default.fileExists(atPath: mark))
        try jotter.ok("field", "add", "extra", "text")
        try jotter.ok("add", "after the backup", "extra:yes")
        #expect(try jotter.runToEnd("check").status == 0)
    }

    /// The mark names the file it was made for: another file under the store's name
    /// (a backup moved into its place, a new store where the damaged one was removed)
    /// takes writes.
    @Test func anotherFileInTheDamagedStoresPlaceTakesWrites() throws {
        try storeOfFiveThousandItems()
        let backup = jotter.folder.file("backup.sqlite3")
        try FileManager.default.copyItem(atPath: jotter.store, toPath: backup)
        try damageTheItemsTable()
        #expect(try jotter.runToEnd("list").status == 3)
        let mark = jotter.store + ".jotter-damaged"
        #expect(FileManager.default.fileExists(atPath: mark))
        #expect(rename(backup, jotter.store) == 0)
        try jotter.ok("add", "into the backup")
        #expect(!FileManager.default.fileExists(atPath: mark), "the mark left over is taken away")

        try damageTheItemsTable()
        #expect(try jotter.runToEnd("list").status == 3)
        #expect(FileManager.default.fileExists(atPath: mark))
        for file in [jotter.store, jotter.store + "-wal", jotter.store + "-shm"] { unlink(file) }
        try jotter.ok("add", "into a new store")
        #expect(try jotter.texts("/") == ["into a new store"])
        #expect(!FileManager.default.fileExists(atPath: mark))
    }

    /// A mark is the user's own: one of another user (in a folder with the sticky
    /// bit, say) does not stop their writes; one of the user's that cannot be read as
    /// a mark does. (chown needs root.)
    @Test func onlyTheUsersOwnMarkStopsWrites() throws {
        try jotter.ok("add", "first")
        let mark = jotter.store + ".jotter-damaged"
        try "not a mark jotter made\n".write(toFile: mark, atomically: false, encoding: .utf8)
        try jotter.refused("add", "second", saying: "nothing is written to it until 'jotter check' finds it sound")
        #expect(chown(mark, 65534, 65534) == 0)
        try jotter.ok("add", "second")
        #expect(try jotter.texts("/") == ["first", "second"])
    }

    /// A backup on media the user cannot write, copied with its mark: check finds it
    /// sound, says so with status 0, and says that the mark stays and what to do.
    /// Failing to take the mark away failed the check, status 3, as for damage.
    @Test func checkFindsAStoreSoundWhoseMarkItCannotTakeAway() throws {
        let folder = jotter.folder.file("backup")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let store = folder + "/store.sqlite3"
        try jotter.ok("--store", store, "add", "kept")
        var info = stat()
        #expect(stat(store, &info) == 0)
        let mark = store + ".jotter-damaged"
        try "\(info.st_dev) \(info.st_ino)\nfound damaged by jotter\n".write(toFile: mark, atomically: false, encoding: .utf8)
        #expect(chown(mark, 65534, 65534) == 0)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: jotter.folder.path)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: store)

        let check = try jotter.runToEnd("--store", store, "check", asNobody: true)
        #expect(check.status == 0, "\(check.errors)")
        #expect(check.text.contains("sound"), "\(check.text)")
        #expect(check.errors.contains("the mark of damage beside it cannot be taken away"), "\(check.errors)")
        #expect(check.errors.split(separator: "\n").count == 1, "\(check.errors)")
        #expect(FileManager.default.fileExists(atPath: mark))
    }

    /// In a folder with the sticky bit, another user's link where the mark goes, which
    /// the user can neither open (jotter follows no link there) nor take away, is no
    /// mark: taken for one, it stopped every write, and check failed to take it away.
    @Test func anotherUsersLinkWhereTheMarkGoesStopsNoWrite() throws {
        let shared = jotter.folder.file("shared")
        try FileManager.default.createDirectory(atPath: shared, withIntermediateDirectories: true)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: jotter.folder.path)
        try FileManager.default.setAttributes([.posixPermissions: 0o1777], ofItemAtPath: shared)
        let store = shared + "/store.sqlite3"
        #expect(try jotter.runToEnd("--store", store, "add", "first", asNobody: true).status == 0)
        let mark = store + ".jotter-damaged"
        #expect(symlink("/nonexistent/mark", mark) == 0)

        let added = try jotter.runToEnd("--store", store, "add", "second", asNobody: true)
        #expect(added.status == 0, "\(added.errors)")
        let check = try jotter.runToEnd("--store", store, "check", asNobody: true)
        #expect(check.status == 0, "\(check.errors)")
        #expect(!check.errors.contains("mark"), "\(check.errors)")
        #expect(try jotter.runToEnd("--store", store, "list", asNobody: true).text.contains("second"))
    }

    // MARK: file ownership

    /// In a shared folder with the sticky bit, another user's file where `encrypt`
    /// and `decrypt` write the store anew cannot be removed by the store's owner: every
    /// try stopped there, and the message said neither whose it was nor what to do.
    @Test(arguments: ["encrypt", "decrypt"])
    func anotherUsersFileWhereTheStoreIsWrittenAnewIsNamedWithItsOwnerAndAWayOut(command: String) throws {
        var jotter = self.jotter
        jotter.ownEnvironment["JOTTER_PASSPHRASE_COMMAND"] = "echo a passphrase"
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: jotter.folder.path)
        let shared = jotter.folder.file("shared")
        try FileManager.default.createDirectory(atPath: shared, withIntermediateDirectories: true)
        try FileManager.default.setAttributes([.posixPermissions: 0o1777], ofItemAtPath: shared)
        let store = shared + "/v.sqlite3"
        #expect(try jotter.runToEnd("--store", store, "add", "kept", asNobody: true).status == 0)
        if command == "decrypt" {
            let encrypted = try jotter.runToEnd("--store", store, "encrypt", asNobody: true)
            #expect(encrypted.status == 0, "\(encrypted.errors)")
        }
        // Root's file, to the user nobody who owns the store.
        #expect(FileManager.default.createFile(atPath: store + ".jotter-new", contents: Data("theirs".utf8),
                                               attributes: [.posixPermissions: 0o600]))
        try jotter.refused(
            "--store", store, command,
            saying: "\(store).jotter-new: a file of another user, root (uid 0) is where the store is written anew, "
                + "and only they can remove it; ask them to, or move the store to a folder of your own; nothing was changed",
            asNobody: true)
        #expect(FileManager.default.contents(atPath: store + ".jotter-new") == Data("theirs".utf8))
        #expect(try jotter.runToEnd("--store", store, "list", asNobody: true).text.contains("kept"))
    }

    /// /proc and /sys hold files that look regular: `--store /proc/self/mem` was said
    /// to be in a read-only folder.
    @Test(arguments: [["list"], ["add", "an entry"]])
    func aFileTheKernelMakesUpIsSaidNotToBeAStore(command: [String]) throws {
        try jotter.refused(["--store", "/proc/self/mem"] + command,
                           saying: "/proc/self/mem: not a jotter store (a file the kernel makes up, under /proc)")
    }

    @Test func aStoreInAFolderOthersMayWriteIsRefused() throws {
        let shared = jotter.folder.file("shared")
        try FileManager.default.createDirectory(atPath: shared, withIntermediateDirectories: true)
        try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: shared)
        try jotter.refused("--store", shared + "/v.sqlite3", "add", "my secret", saying: "can be written by other users")
        #expect(try FileManager.default.contentsOfDirectory(atPath: shared).isEmpty)
    }

    @Test(arguments: ["-wal", "-shm", "-journal"])
    func anotherUsersLogBesideTheStoreIsRefused(suffix: String) throws {
        let shared = jotter.folder.file("shared")
        try FileManager.default.createDirectory(atPath: shared, withIntermediateDirectories: true)
        try FileManager.default.setAttributes([.posixPermissions: 0o1777], ofItemAtPath: shared)
        let store = shared + "/v.sqlite3"
        let theirs = store + suffix
        #expect(FileManager.default.createFile(atPath: theirs, contents: nil, attributes: [.posixPermissions: 0o666]))
        #expect(chown(theirs, 65534, 65534) == 0)
        try jotter.refused("--store", store, "add", "my secret", saying: "\(theirs): belongs to another user (uid 65534)")
        #expect(FileManager.default.contents(atPath: theirs)?.isEmpty == true, "nothing went into their file")
        // Their file beside a store that already exists is refused too.
        try FileManager.default.removeItem(atPath: theirs)
        try jotter.ok("--store", store, "add", "first")
        #expect(FileManager.default.createFile(atPath: theirs, contents: nil, attributes: [.posixPermissions: 0o666]))
        #expect(chown(theirs, 65534, 65534) == 0)
        try jotter.refused("--store", store, "add", "my secret", saying: "belongs to another user")
        #expect(FileManager.default.contents(atPath: theirs)?.isEmpty == true)
    }

    @Test func aStoreReadableByOthersIsMadePrivateOnceWithANotice() throws {
        try jotter.ok("add", "first")
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: jotter.store)
        let first = try jotter.runToEnd("add", "second")
        #expect(first.status == 0)
        #expect(first.errors == "made private, mode 0600: \(jotter.store) (was 644)\n")
        #expect(try FileManager.default.attributesOfItem(atPath: jotter.store)[.posixPermissions] as? Int == 0o600)
        let again = try jotter.runToEnd("add", "third")
        #expect(again.status == 0)
        #expect(again.errors.isEmpty, "said once")
        #expect(try jotter.texts() == ["first", "second", "third"])
    }

    @Test func anotherUsersStoreIsReadButNotWritten() throws {
        try jotter.ok("add", "theirs")
        #expect(chown(jotter.store, 65534, 65534) == 0)
        let before = FileState(jotter.store)
        let list = try jotter.runToEnd("list")
        #expect(list.status == 0, "\(list.errors)")
        #expect(list.text.contains("theirs"))
        try jotter.refused("add", "mine", saying: "the store cannot be written (it belongs to another user (uid 65534)")
        #expect(FileState(jotter.store) == before, "nothing was written or created beside it")
    }

    /// Searching a store that can only be read indexes its newest rows in memory:
    /// that is not a change of the store, and an output failure must not say it is.
    @Test(arguments: [["find", "theirs"], ["tags"], ["list", "--tag", "mine"]])
    func anOutputFailureOnAStoreThatCannotBeWrittenSaysNothingChanged(command: [String]) throws {
        try jotter.ok("add", "theirs #mine")
        #expect(chown(jotter.store, 65534, 65534) == 0)
        let result = try jotter.run(command, outputTo: "/dev/full")
        #expect(result.status == 4, "\(result.errors)")
        #expect(result.errors.contains("cannot write the output"), "\(result.errors)")
        #expect(!result.errors.contains("changed all the same"), "\(result.errors)")
    }

    // MARK: read-only media

    @Test func aStoreOnReadOnlyMediaIsReadByEveryReadingCommand() throws {
        let writable = jotter.folder.file("writable")
        try FileManager.default.createDirectory(atPath: writable, withIntermediateDirectories: true)
        for text in ["alpha #old", "beta"] { try jotter.ok("--store", writable + "/backup.sqlite3", "add", text) }
        try jotter.ok("--store", writable + "/backup.sqlite3", "find", "alpha")
        try jotter.ok("--store", writable + "/backup.sqlite3", "log")
        // Added after the indexes were last brought up to date: read from the table.
        try jotter.ok("--store", writable + "/backup.sqlite3", "add", "gamma #new")
        let disk = jotter.folder.file("disk")
        try mountReadOnlyView(of: writable, at: disk)
        defer { _ = try? shell("umount '\(disk)'") }
        let store = disk + "/backup.sqlite3"
        let before = FileState(store)

        let list = try jotter.runToEnd("--store", store, "list")
        #expect(list.status == 0, "\(list.errors)")
        #expect(list.lines.count == 3)
        let export = try jotter.runToEnd("--store", store, "export", "--recursive", "/")
        #expect(export.status == 0, "\(export.errors)")
        #expect(export.lines.count == 3)
        let find = try jotter.runToEnd("--store", store, "find", "gamma")
        #expect(find.status == 0, "\(find.errors)")
        #expect(find.text.contains("gamma"))
        let tags = try jotter.runToEnd("--store", store, "tags")
        #expect(tags.status == 0, "\(tags.errors)")
        #expect(tags.text.contains("new") && tags.text.contains("old"), "\(tags.text)")
        let log = try jotter.runToEnd("--store", store, "log")
        #expect(log.status == 0, "\(log.errors)")
        #expect(log.text.contains("gamma"))
        #expect(try jotter.runToEnd("--store", store, "check").status == 0)
        for command in [["add", "delta"], ["cd", "/"], ["new", "list"]] {
            try jotter.refused(["--store", store] + command, saying: "the store cannot be written (it is on a read-only file system)")
        }
        #expect(FileState(store) == before)
    }

    /// A copy taken while a prompt had the store open: its last changes are in its
    /// log. With the log's index beside it they are read; without it, on read-only
    /// media, the store is read as it was before them, and that is said.
    @Test(arguments: [true, false])
    func aCopyWithItsLogOnReadOnlyMediaIsRead(withIndex: Bool) throws {
        let writable = jotter.folder.file("writable")
        try FileManager.default.createDirectory(atPath: writable, withIntermediateDirectories: true)
        try jotter.ok("--store", writable + "/copy.sqlite3", "add", "checkpointed")
        do {
            let database = try Database(path: writable + "/copy.sqlite3")
            try database.execute(
                """
                PRAGMA wal_autocheckpoint = 0;
                INSERT INTO node (kind, text, created, created_offset) VALUES (1, 'in the log', 0, 0);
                """)
            database.leaveWALAsItIsOnClose()
        }
        if !withIndex { try FileManager.default.removeItem(atPath: writable + "/copy.sqlite3-shm") }
        let disk = jotter.folder.file("disk")
        try mountReadOnlyView(of: writable, at: disk)
        defer { _ = try? shell("umount '\(disk)'") }
        let store = disk + "/copy.sqlite3"
        let list = try jotter.runToEnd("--store", store, "list")
        #expect(list.status == 0, "\(list.errors)")
        if withIndex {
            #expect(list.lines.count == 2, "\(list.text)")
            #expect(list.errors.isEmpty, "\(list.errors)")
        } else {
            #expect(list.lines.count == 1, "\(list.text)")
            #expect(list.errors.contains("its last changes cannot be read here without"), "\(list.errors)")
        }
    }

    @Test func aStoreTheUserMayNotWriteIsReadNotRefused() throws {
        let folder = jotter.folder.file("shared")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let store = folder + "/store.sqlite3"
        try jotter.ok("--store", store, "add", "kept")
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: jotter.folder.path)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: store)
        let before = FileState(store)
        let list = try jotter.runToEnd("--store", store, "list", asNobody: true)
        #expect(list.status == 0, "\(list.errors)")
        #expect(list.text.contains("kept"))
        let export = try jotter.runToEnd("--store", store, "export", asNobody: true)
        #expect(export.status == 0, "\(export.errors)")
        try jotter.refused("--store", store, "add", "more", saying: "the store cannot be written (the file is read-only to you)", asNobody: true)
        #expect(FileState(store) == before)
    }

    // MARK: the command line

    @Test func anEmptyStorePathIsRefused() throws {
        try jotter.ok("add", "in the default store")
        let result = try jotter.runToEnd("--store", "", "list")
        #expect(result.status == 1)
        #expect(result.errors == "jotter: --store was given an empty path; name the store's file\n")
        #expect(result.output.isEmpty)
    }
}
