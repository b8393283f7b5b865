import Foundation
import JotterCore
import TestSupport
import Testing

/// Sealed journals through a real PostgreSQL hub: the hub orders operations it cannot
/// read, stores still converge, and an operation changed, moved, replayed or copied on
/// the hub is set aside by name, never applied.
@Suite struct SealedSyncTests {
    static let journalPassphrase = "journal: correct horse battery"

    /// A machine whose passphrase command prints `passphrase` for every purpose.
    static func machine(passphrase: String = journalPassphrase) throws -> Jotter {
        var machine = Jotter()
        try give(&machine, passphrase: passphrase)
        return machine
    }

    static func give(_ machine: inout Jotter, passphrase: String) throws {
        let file = machine.folder.file("journal-passphrase")
        try Data((passphrase + "\n").utf8).write(to: URL(fileURLWithPath: file))
        chmod(file, 0o600)
        machine.ownEnvironment["JOTTER_PASSPHRASE_COMMAND"] = "cat '\(file)'"
    }

    /// Two machines on one sealed journal: `a` sealed it, `b` joined.
    static func sealedPair() throws -> (server: PostgresServer, database: String, a: Jotter, b: Jotter) {
        let server = try PostgresServer.shared
        let database = try server.database()
        let a = try machine()
        let b = try machine()
        let sealed = try a.run(["remote", "set", "--sealed", server.conninfo(database)])
        #expect(sealed.status == 0, "\(sealed.errors)")
        #expect(sealed.errors.contains("the journal is sealed"), "\(sealed.errors)")
        let joined = try b.run(["remote", "set", server.conninfo(database)])
        #expect(joined.status == 0, "\(joined.errors)")
        return (server, database, a, b)
    }

    static func sync(_ machine: Jotter) throws -> String {
        let result = try machine.run(["sync"])
        #expect(result.status == 0, "\(result.errors)")
        return result.errors
    }

    private static func everything(_ machine: Jotter) throws -> String {
        try machine.ok("export", "--recursive", "/")
    }

    @Test func aSealedJournalLeavesNoTextNameOrNodeIDOnTheHubAndBothStoresConverge() throws {
        let (server, database, a, b) = try Self.sealedPair()
        let list = try a.ok("new", "--in", "/", "provisions-for-winter").trimmingCharacters(in: .whitespacesAndNewlines)
        try a.ok("field", "add", "unitprice", "decimal", "--in", "/provisions-for-winter")
        try a.ok("add", "--to", "/provisions-for-winter", "lamp-oil unitprice:12.50")
        for name in ["hostile.txt", "multilingual.txt"] {
            try a.ok("import", "--to", "/provisions-for-winter", Jotter.fixtures + "/" + name)
        }
        try b.ok("add", "wintergreen-from-the-second-machine")
        _ = try Self.sync(a)
        _ = try Self.sync(b)
        _ = try Self.sync(a)
        #expect(try Self.everything(a) == (try Self.everything(b)))
        #expect(try b.ok("ls", "/provisions-for-winter").contains("lamp-oil"))

        let dump = a.folder.file("hub.sql")
        try server.dumpData(database, to: dump)
        let held = try String(contentsOfFile: dump, encoding: .utf8)
        #expect(held.contains("jotter.op"), "the dump holds the journal's table")
        var secrets: Set<String> = ["provisions-for-winter", "unitprice", "lamp-oil", "wintergreen-from-the-second-machine"]
        for name in ["hostile.txt", "multilingual.txt"] {
            let text = try String(contentsOfFile: Jotter.fixtures + "/" + name, encoding: .utf8)
            for word in text.split(whereSeparator: { $0.isWhitespace || $0.isPunctuation }) where word.count >= 7 {
                secrets.insert(String(word))
            }
        }
        let ids = try a.ok("export", "--recursive", "--format", "jsonl", "/")
            .split(separator: "\n").compactMap { line -> String? in
                guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else { return nil }
                return object["id"] as? String
            }
        #expect(ids.count > 10 && ids.contains(list) || ids.count > 10, "the export names its entries' ids")
        for id in ids {
            secrets.insert(id)
            secrets.insert(id.replacingOccurrences(of: "-", with: ""))
        }
        let leaked = secrets.filter { held.contains($0) }
        #expect(leaked.isEmpty, "the hub holds \(leaked.sorted())")
        #expect(try server.psql("SELECT count(*) FROM jotter.op WHERE property <> 'sealed' OR node IS NOT NULL",
                                database: database).trimmingCharacters(in: .whitespacesAndNewlines) == "0")
    }

    /// A sync pulls before it pushes: the trash emptied here of an entry another
    /// machine restored meanwhile gets it back from the restore, and the purge is not
    /// sent, as it comes after the restore in the hub's order. Sent, it named the
    /// restore as the trash mark its maker saw, and deleted the entry everywhere else.
    @Test func aTrashEmptiedOfAnEntryRestoredElsewhereMeanwhileKeepsItEverywhereThroughASealedHub() throws {
        let machines = try SyncTests.Machines((0..<3).map { _ in try Self.machine() }, options: ["--sealed"])
        let entry = try machines.a.ok("add", "entry e").trimmingCharacters(in: .whitespacesAndNewlines)
        try machines.a.ok("rm", entry)
        for machine in machines.all { _ = try Self.sync(machine) }
        try machines.c.ok("restore", entry)
        _ = try Self.sync(machines.c)
        try machines.a.ok("trash", "--empty", "--yes")
        for machine in machines.all + machines.all { _ = try Self.sync(machine) }
        for machine in machines.all {
            #expect(try machine.texts("/") == ["entry e"])
        }
        try machines.expectAlike()
    }

    @Test func editsMovesAndConflictsOnTwoMachinesEndAlikeThroughASealedHub() throws {
        let (_, _, a, b) = try Self.sealedPair()
        let shared = try a.ok("add", "shared entry").trimmingCharacters(in: .whitespacesAndNewlines)
        let list = try a.ok("new", "--in", "/", "errands").trimmingCharacters(in: .whitespacesAndNewlines)
        _ = try Self.sync(a)
        _ = try Self.sync(b)
        try a.ok("edit", shared, "edited on a")
        try b.ok("edit", shared, "edited on b")
        try b.ok("mv", shared, list)
        try a.ok("add", "--to", list, "only on a")
        try b.ok("done", shared)
        for machine in [a, b, a, b] { _ = try Self.sync(machine) }
        #expect(try Self.everything(a) == (try Self.everything(b)))
        #expect(try b.ok("ls", list).contains("only on a"))
    }

    @Test func aWrongJournalPassphraseIsOneLineWithItsOwnStatusAndChangesNothing() throws {
        let (server, database, a, _) = try Self.sealedPair()
        try a.ok("add", "kept")
        _ = try Self.sync(a)
        let stranger = try Self.machine(passphrase: "not the journal's")
        try stranger.ok("add", "local")
        let before = try Self.everything(stranger)
        // The journal's key is cached for this user, as a store's is: forgotten first.
        try stranger.ok("lock")
        let join = try stranger.run(["remote", "set", server.conninfo(database)])
        #expect(join.status == 7, "\(join.errors)")
        #expect(join.errors.split(separator: "\n").count == 1 && join.errors.contains("wrong passphrase for the sealed journal"),
                "\(join.errors)")
        #expect(try stranger.run(["remote"]).errors.contains("no remote is set"))
        #expect(try Self.everything(stranger) == before)

        var failing = Jotter()
        failing.ownEnvironment["JOTTER_PASSPHRASE_COMMAND"] = "exit 3"
        try failing.ok("lock")
        let failed = try failing.run(["remote", "set", server.conninfo(database)])
        #expect(failed.status == 1 && failed.errors.contains("the passphrase command"), "\(failed.errors)")
        #expect(failed.errors.split(separator: "\n").count == 1, "\(failed.errors)")

        // A member that joined, then was given a wrong passphrase: its sync refuses with 7.
        var member = try Self.machine()
        #expect(try member.run(["remote", "set", server.conninfo(database)]).status == 0)
        try member.ok("lock")
        try Self.give(&member, passphrase: "forgotten")
        try member.ok("add", "waits")
        let sync = try member.run(["sync"])
        #expect(sync.status == 7, "\(sync.errors)")
        #expect(try server.psql("SELECT count(*) FROM jotter.op", database: database)
            .trimmingCharacters(in: .whitespacesAndNewlines) == "1")
    }

    @Test func sealedAndUnsealedStoresAreNeverMixedInOneJournal() throws {
        let (server, database, a, _) = try Self.sealedPair()
        try a.ok("add", "sealed entry")
        _ = try Self.sync(a)
        let refused = try Self.machine().run(["remote", "set", "--unsealed", server.conninfo(database)])
        #expect(refused.status == 1 && refused.errors.contains("is sealed"), "\(refused.errors)")

        let clear = try server.database()
        let plain = try Self.machine()
        #expect(try plain.run(["remote", "set", server.conninfo(clear)]).status == 0)
        try plain.ok("add", "in the clear")
        _ = try Self.sync(plain)
        let late = try Self.machine().run(["remote", "set", "--sealed", server.conninfo(clear)])
        #expect(late.status == 1 && late.errors.contains("cannot be sealed after the fact"), "\(late.errors)")
    }

    /// Each way a hub can change what it holds: the operation is named and set aside on
    /// a machine that pulls it, and the rest is applied.
    @Test(arguments: ["flipped", "swapped", "truncated", "copied", "replayed"])
    func anOperationChangedOnTheHubIsSetAsideByName(_ change: String) throws {
        let (server, database, a, _) = try Self.sealedPair()
        for text in ["first", "second", "third", "fourth"] {
            try a.ok("add", text)
            _ = try Self.sync(a)
        }
        let positions = try server.psql("SELECT position FROM jotter.op ORDER BY position", database: database)
            .split(separator: "\n").compactMap { Int($0) }
        #expect(positions.count == 4)
        let second = positions[1], third = positions[2]
        switch change {
        case "flipped":
            try server.psql("""
                UPDATE jotter.op SET value = overlay(value placing CASE WHEN substr(value, 20, 1) = 'A' THEN 'B' ELSE 'A' END
                                                     from 20 for 1) WHERE position = \(second)
                """, database: database)
        case "swapped":
            try server.psql("""
                UPDATE jotter.op SET value = other.value
                FROM (SELECT position, value FROM jotter.op) AS other
                WHERE (op.position, other.position) IN ((\(second), \(third)), (\(third), \(second)))
                """, database: database)
        case "truncated":
            try server.psql("UPDATE jotter.op SET value = left(value, length(value) - 8) WHERE position = \(second)",
                            database: database)
        case "copied":
            // An operation of another sealed journal, under another key, put in this one.
            let other = try server.database()
            let stranger = try Self.machine()
            #expect(try stranger.run(["remote", "set", "--sealed", server.conninfo(other)]).status == 0)
            try stranger.ok("add", "from elsewhere")
            _ = try Self.sync(stranger)
            let row = try server.psql("SELECT replica || '|' || counter || '|' || value FROM jotter.op", database: other)
                .trimmingCharacters(in: .whitespacesAndNewlines).split(separator: "|").map(String.init)
            try server.psql("""
                INSERT INTO jotter.op (journal, position, replica, counter, stamp, property, value)
                VALUES ('main', \(positions[3] + 1), '\(row[0])', \(row[1]), 0, 'sealed', '\(row[2])')
                """, database: database)
        default:
            // The second operation again at the end, under a counter of its own.
            try server.psql("""
                INSERT INTO jotter.op (journal, position, replica, counter, stamp, property, value)
                SELECT journal, \(positions[3] + 1), replica, counter + 1000, stamp, property, value
                FROM jotter.op WHERE position = \(second)
                """, database: database)
        }
        let newcomer = try Self.machine()
        #expect(try newcomer.run(["remote", "set", server.conninfo(database)]).status == 0)
        let sync = try newcomer.run(["sync"])
        #expect(sync.status == 0, "\(sync.errors)")
        let listed = try newcomer.ok("ls")
        let setAside = sync.errors.split(separator: "\n").filter { $0.contains("does not open with the journal's key") }
        switch change {
        case "swapped":
            #expect(setAside.count == 2, "\(sync.errors)")
            #expect(!listed.contains("second") && !listed.contains("third"), "\(listed)")
        case "copied", "replayed":
            #expect(setAside.count == 1 && setAside[0].contains("operation \(positions[3] + 1) "), "\(sync.errors)")
            #expect(!listed.contains("from elsewhere"), "\(listed)")
            #expect(listed.components(separatedBy: "second").count == 2, "\(listed)")
        default:
            #expect(setAside.count == 1 && setAside[0].contains("operation \(second) "), "\(sync.errors)")
            #expect(!listed.contains("second"), "\(listed)")
        }
        for kept in ["first", "fourth"] { #expect(listed.contains(kept), "\(listed)") }
    }

    /// Whether a new machine given `passphrase` joins the journal and reads it.
    private static func joins(_ server: PostgresServer, _ database: String, with passphrase: String) throws -> Bool {
        let newcomer = try machine(passphrase: passphrase)
        try newcomer.ok("lock")
        guard try newcomer.run(["remote", "set", server.conninfo(database)]).status == 0 else { return false }
        guard try newcomer.run(["sync"]).status == 0 else { return false }
        return try newcomer.ok("ls").contains("before the rotations")
    }

    @Test func aRotationKilledAtAnyMomentLeavesTheJournalOpenWithTheOldPassphraseOrTheNewNeverNeither() throws {
        let (server, database, a, _) = try Self.sealedPair()
        try a.ok("add", "before the rotations")
        _ = try Self.sync(a)
        let current = a.folder.file("current"), next = a.folder.file("next")
        let command = ["JOTTER_PASSPHRASE_COMMAND":
            "if [ \"$JOTTER_PASSPHRASE_PURPOSE\" = journal-new ]; then cat '\(next)'; else cat '\(current)'; fi"]
        func use(_ old: String, _ new: String) throws {
            try Data((old + "\n").utf8).write(to: URL(fileURLWithPath: current))
            try Data((new + "\n").utf8).write(to: URL(fileURLWithPath: next))
        }
        try use(Self.journalPassphrase, "rotated 0")
        try a.ok("lock")
        let start = Date()
        let first = try a.run(["remote", "key", "rotate"], extraEnvironment: command)
        let fullRun = Date().timeIntervalSince(start)
        #expect(first.status == 0, "\(first.errors)")
        #expect(try Self.joins(server, database, with: "rotated 0"))
        #expect(try !Self.joins(server, database, with: Self.journalPassphrase))

        var opening = "rotated 0"
        var generator = SystemRandomNumberGenerator()
        for round in 1...8 {
            let candidate = "rotated \(round)"
            try use(opening, candidate)
            try a.ok("lock")
            let process = Process()
            process.executableURL = URL(fileURLWithPath: Jotter.binary)
            process.arguments = ["remote", "key", "rotate"]
            process.environment = a.environment.merging(command) { $1 }
            process.standardError = FileHandle.nullDevice
            try process.run()
            usleep(UInt32(Double.random(in: 0...1.2, using: &generator) * fullRun * 1_000_000))
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            let opensOld = try Self.joins(server, database, with: opening)
            let opensNew = try Self.joins(server, database, with: candidate)
            #expect(opensOld != opensNew, "round \(round): old \(opensOld), new \(opensNew)")
            if opensNew {
                opening = candidate
            }
        }
        // The store that rotated syncs on with whichever passphrase opens the journal.
        try use(opening, "unused")
        try a.ok("lock")
        try a.ok("add", "after the rotations")
        let sync = try a.run(["sync"], extraEnvironment: command)
        #expect(sync.status == 0, "\(sync.errors)")
    }

    /// A sealed hub that lost operations, or all of them with its keys: each store gives
    /// back what it holds, sealed again onto the hub's head, and the keys it kept.
    @Test(arguments: ["dropped", "restored"])
    func aSealedHubThatLostOperationsIsRebuiltFromTheStores(_ loss: String) throws {
        let (server, database, a, b) = try Self.sealedPair()
        try a.ok("add", "from a, early")
        _ = try Self.sync(a)
        let backup = a.folder.file("hub.dump")
        try server.dump(database, to: backup)
        try b.ok("add", "from b")
        _ = try Self.sync(b)
        try a.ok("add", "from a, late")
        _ = try Self.sync(a)
        _ = try Self.sync(b)
        if loss == "dropped" {
            try server.dropAndMakeAgain(database)
        } else {
            try server.restore(database, from: backup)
        }
        let refused = try a.run(["sync"])
        #expect(refused.status == 6, "\(refused.errors)")
        for machine in [a, b] {
            let rebuilt = try machine.run(["remote", "rebuild"])
            #expect(rebuilt.status == 0, "\(rebuilt.errors)")
        }
        _ = try Self.sync(a)
        #expect(try Self.everything(a) == (try Self.everything(b)))
        let newcomer = try Self.machine()
        try newcomer.ok("lock")
        #expect(try newcomer.run(["remote", "set", server.conninfo(database)]).status == 0)
        _ = try Self.sync(newcomer)
        #expect(Set(try newcomer.texts()) == ["from a, early", "from b", "from a, late"])
        #expect(try server.psql("SELECT count(*) FROM jotter.op WHERE property <> 'sealed'", database: database)
            .trimmingCharacters(in: .whitespacesAndNewlines) == "0")
    }

    /// Where the kernel refuses its keyring, each sync asks for the journal's passphrase
    /// on the terminal and says why once; no key goes to a file.
    @Test func withoutAKeyringEachSyncAsksForTheJournalPassphraseAndSaysWhyOnce() throws {
        let (_, _, a, b) = try Self.sealedPair()
        try a.ok("add", "zanzibarquux")
        _ = try Self.sync(a)
        try b.ok("lock")
        var environment = b.environment.merging(["TERM": "xterm", "NO_COLOR": "1"]) { $1 }
        environment["JOTTER_PASSPHRASE_COMMAND"] = nil
        let launcher = ["/usr/bin/python3", Project.root + "/Tests/Tools/without-keyring.py", Jotter.binary, "sync"]
        for _ in 1...2 {
            let session = try PseudoTerminalSession(launcher: launcher, environment: environment)
            try session.expect("Passphrase of the journal 'main'")
            session.type(Self.journalPassphrase + "\r")
            #expect(try session.waitForExit() == 0, "\(session.text)")
            #expect(session.text.components(separatedBy: "no kernel keyring").count == 2, "\(session.text)")
        }
        #expect(try b.texts() == ["zanzibarquux"])
        // The store, the passphrase file and the trust key `remote set` made: nothing else.
        let files = FileManager.default.subpaths(atPath: b.folder.path) ?? []
        let others = files.filter {
            !$0.hasPrefix("store.sqlite3") && $0 != "journal-passphrase" && !".local/state/jotter/trust-key".hasPrefix($0)
        }
        #expect(others.isEmpty, "\(files)")
    }
}
