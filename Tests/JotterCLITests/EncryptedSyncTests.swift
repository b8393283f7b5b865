import Foundation
import JotterCore
import TestSupport
import Testing

/// An encrypted store syncing with plain ones through a real PostgreSQL hub: each
/// machine is the built jotter, the encrypted one unlocked by a passphrase command, so
/// that nothing depends on the kernel keyring that `lock` in other suites empties.
@Suite struct EncryptedSyncTests {
    static let passphrase = "sync & tr0ub4dor"

    /// A machine whose commands all take `passphrase` from a passphrase command that
    /// reads it from a 0600 file of its own.
    static func machineWithPassphrase() throws -> Jotter {
        var machine = Jotter()
        let file = machine.folder.file("passphrase")
        try Data((passphrase + "\n").utf8).write(to: URL(fileURLWithPath: file))
        chmod(file, 0o600)
        machine.ownEnvironment = ["JOTTER_PASSPHRASE_COMMAND": "cat '\(file)'"]
        return machine
    }

    /// Whether the store files of `machine` hold `word` anywhere, as raw bytes.
    static func storeFiles(of machine: Jotter, hold word: String) throws -> Bool {
        try FileManager.default.contentsOfDirectory(atPath: machine.folder.path)
            .filter { $0.hasPrefix("store.sqlite3") }
            .contains { name in
                try Data(contentsOf: URL(fileURLWithPath: machine.folder.file(name))).range(of: Data(word.utf8)) != nil
            }
    }

    private func id(_ output: String) -> String {
        output.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The replicas that pushed to the hub, and those registered as pulling.
    private func hubReplicas(_ machines: SyncTests.Machines) throws -> (pushed: Int, registered: Int) {
        let pushed = try machines.server.psql("SELECT count(DISTINCT replica) FROM jotter.op", database: machines.database)
        let registered = try machines.server.psql("SELECT count(*) FROM jotter.replica", database: machines.database)
        return (Int(id(pushed)) ?? -1, Int(id(registered)) ?? -1)
    }

    /// SQLCipher's OpenSSL, built into the binary, and the libcrypto that libpq loads
    /// for a password's SCRAM exchange meet in one process when an encrypted store
    /// syncs with a hub that asks for a password.
    @Test func anEncryptedStoreSyncsWithAHubThatAsksForAPassword() throws {
        let server = try PostgresServer.shared
        let database = try server.database()
        let role = "erin_" + String(database.suffix(8))
        try server.psql("CREATE ROLE \(role) LOGIN PASSWORD 'sealed horse'; GRANT \(PostgresServer.passwordGroup) TO \(role)")
        try server.psql("GRANT CREATE ON DATABASE \(database) TO \(role)", database: database)
        var laptop = try Self.machineWithPassphrase()
        laptop.ownEnvironment["PGPASSWORD"] = "sealed horse"
        let milk = id(try laptop.ok("add", "milk"))
        try laptop.ok("encrypt")
        let set = try laptop.run(["remote", "set", server.conninfo(database, role: role)])
        #expect(set.status == 0, "\(set.errors)")
        let sync = try laptop.run(["sync"])
        #expect(sync.status == 0, "\(sync.errors)")
        #expect(sync.errors == "sent 1, received 0\n")
        var desktop = try Self.machineWithPassphrase()
        desktop.ownEnvironment["PGPASSWORD"] = "sealed horse"
        #expect(try desktop.run(["remote", "set", server.conninfo(database, role: role)]).status == 0)
        #expect(try desktop.run(["sync"]).errors == "sent 0, received 1\n")
        #expect(try desktop.ok("export", "--recursive", "/") == (try laptop.ok("export", "--recursive", "/")))
        #expect(try desktop.ok("list").contains("milk") && !milk.isEmpty)
    }

    @Test func anEncryptedAndAPlainStoreSyncBothWaysAndConverge() throws {
        let laptop = try Self.machineWithPassphrase()
        let oatcakes = id(try laptop.ok("add", "oatcakes before encrypting"))
        try laptop.ok("encrypt")
        let desktop = Jotter()
        let machines = try SyncTests.Machines([laptop, desktop], options: ["--unsealed"])
        let milk = id(try laptop.ok("add", "milk"))
        let bread = id(try laptop.ok("add", "bread"))
        let eggs = id(try desktop.ok("add", "eggs"))
        let jam = id(try desktop.ok("add", "damson jam"))
        #expect(try machines.sync(laptop, desktop, laptop) == [
            "sent 3, received 0\n", "sent 2, received 3\n", "sent 0, received 2\n"])

        // Edits and trash each way, and one text edited on both.
        try laptop.ok("edit", eggs, "brown eggs")
        try laptop.ok("rm", jam)
        try desktop.ok("edit", bread, "rye bread")
        try desktop.ok("rm", milk)
        try desktop.ok("edit", oatcakes, "oatcakes, desktop")
        try laptop.ok("edit", oatcakes, "oatcakes, laptop")
        let lines = try machines.sync(laptop, desktop, laptop)
        #expect(lines.map { $0.hasPrefix("sent 3, received 0") } == [true, false, false], "\(lines)")
        #expect(lines.map { $0.hasPrefix("sent 3, received 3") } == [false, true, false], "\(lines)")

        // The same entries, each as it is everywhere; siblings made on different machines
        // keep each machine's own order (SyncTests, case 1).
        let exportLaptop = try machines.everything(on: laptop).split(separator: "\n").sorted()
        let exportDesktop = try machines.everything(on: desktop).split(separator: "\n").sorted()
        #expect(exportLaptop == exportDesktop, "\(exportLaptop)\n\(exportDesktop)")
        for machine in machines.all {
            #expect(try Set(machine.texts()) == ["oatcakes, desktop", "rye bread", "brown eggs"])
            let trash = try machine.ok("trash")
            #expect(trash.contains("milk") && trash.contains("damson jam"), "\(trash)")
        }
        // The edit later in the hub's order won (the desktop pulled the laptop's, then
        // pushed its own on top); every machine keeps the other.
        for machine in machines.all {
            let kept = try machine.run(["conflicts", "--format", "jsonl"])
            #expect(kept.lines.count == 1 && kept.text.contains("oatcakes, laptop"), "\(kept.text)")
        }
        try machines.expectChecksClean()
        // What arrived from the plain machine is as secret on the encrypted one as
        // what was typed there. Each word is long enough not to turn up in the
        // ciphertext by chance: "jam", three bytes, did once.
        for word in ["oatcakes", "desktop", "brown", "eggs", "damson"] {
            #expect(try !Self.storeFiles(of: laptop, hold: word), "\(word)")
        }
    }

    /// An editor turning a 16.5 MB entry into another text of that size, on an
    /// encrypted store that syncs, took 75 MiB, and its undo and redo 74: sync's
    /// trigger on texts read the old text whole as the rewrite emptied it, and,
    /// writing the operation into the store, made SQLite keep the statement's
    /// journal, in memory here. The edit, its undo and its redo each go out once and
    /// arrive on the other machine exact.
    @Test func anEditorTurningALongEntryIntoAnotherOnAnEncryptedStoreThatSyncsIsSavedUndoneAndRedoneUnder64MiBAndArrivesExact() throws {
        let laptop = try Self.machineWithPassphrase()
        try laptop.ok("encrypt")
        let desktop = Jotter()
        let machines = try SyncTests.Machines([laptop, desktop], options: ["--unsealed"])
        let cycle = "plain words 漢字かな交じり文 \"quoted\", # dash "
        let first = "zanzibar opens " + String(repeating: cycle, count: 1_040_000 / cycle.utf8.count) + "and ends"
        let otherCycle = "other words 別の文章です \"quoted\", # dash "
        let second = "mombasa opens " + String(repeating: otherCycle, count: 1_040_000 / otherCycle.utf8.count) + "and ends"
        let file = laptop.folder.file("first.txt")
        try first.write(toFile: file, atomically: true, encoding: .utf8)
        try laptop.ok("import", "--to", "/", file)
        try laptop.ok("find", "zanzibar")
        #expect(try machines.sync(laptop, desktop) == ["sent 1, received 0\n", "sent 0, received 1\n"])

        let replacement = laptop.folder.file("second.txt")
        try (second + "\n").write(toFile: replacement, atomically: true, encoding: .utf8)
        let editor = laptop.folder.file("editor")
        try "#!/bin/sh\ncp '\(replacement)' \"$1\"\n".write(toFile: editor, atomically: true, encoding: .utf8)
        #expect(chmod(editor, 0o700) == 0)
        let edited = try laptop.peakMemory(["edit", "1"], extraEnvironment: ["EDITOR": editor])
        #expect(edited.status == 0 && edited.kibibytes < 64 * 1024, "edit: \(edited.kibibytes) KiB, \(edited.errors)")
        #expect(!(try laptop.run(["find", "mombasa"]).text.isEmpty))
        #expect(try laptop.run(["find", "zanzibar"]).text.isEmpty)

        #expect(try machines.sync(laptop, desktop) == ["sent 1, received 0\n", "sent 0, received 1\n"])
        #expect(try desktop.texts() == [second])
        #expect(try laptop.texts() == [second])
        #expect(try machines.everything(on: laptop) == machines.everything(on: desktop))

        // Undone and redone there, each goes out once too, and its text arrives exact.
        // (The update times differ after an undo, as for a short entry: the machine
        // that undid shows the time it put back, the other the undo's.)
        for (step, expected) in [("undo", first), ("redo", second)] {
            let run = try laptop.peakMemory([step])
            #expect(run.status == 0 && run.kibibytes < 64 * 1024, "\(step): \(run.kibibytes) KiB, \(run.errors)")
            #expect(try machines.sync(laptop, desktop) == ["sent 1, received 0\n", "sent 0, received 1\n"], "\(step)")
            #expect(try desktop.texts() == [expected], "after \(step)")
            #expect(try laptop.texts() == [expected], "after \(step)")
        }
        try machines.expectChecksClean()
    }

    /// An encrypted store's new journal is sealed unless its user says otherwise; a hub
    /// that holds what it is sent in the clear is said to, when setting the remote and
    /// when encrypting a store that syncs unsealed.
    @Test func theHubHoldingTextInTheClearIsSaidWhenAnEncryptedStoreMeetsARemote() throws {
        let server = try PostgresServer.shared
        let database = try server.database()
        let clear = "the hub receives this store's entries in the clear: its encryption covers the file on this machine only\n"
        let encrypted = try Self.machineWithPassphrase()
        try encrypted.ok("encrypt")
        let set = try encrypted.run(["remote", "set", "--unsealed", server.conninfo(database)])
        #expect(set.status == 0)
        #expect(set.errors.hasPrefix(clear), "\(set.errors)")
        #expect(set.errors.split(separator: "\n").count == 2, "\(set.errors)")

        let plain = try Self.machineWithPassphrase()
        let plainSet = try plain.run(["remote", "set", server.conninfo(database)])
        #expect(!plainSet.errors.contains("in the clear"), "\(plainSet.errors)")
        let encrypting = try plain.run(["encrypt"])
        #expect(encrypting.status == 0)
        #expect(encrypting.errors.hasSuffix(clear), "\(encrypting.errors)")
        try plain.ok("add", "secret on the hub")
        try plain.ok("sync")
        let onTheHub = try server.psql("SELECT value FROM jotter.op WHERE property = 'create'", database: database)
        #expect(onTheHub.contains("secret on the hub"))

        // Without --unsealed, an encrypted store seals its new journal, and a store
        // encrypted while it syncs sealed is told nothing of the clear.
        let sealedDatabase = try server.database()
        let sealing = try Self.machineWithPassphrase()
        try sealing.ok("encrypt")
        let sealedSet = try sealing.run(["remote", "set", server.conninfo(sealedDatabase)])
        #expect(sealedSet.status == 0, "\(sealedSet.errors)")
        #expect(sealedSet.errors.hasPrefix("the journal is sealed: the hub receives operations it cannot read\n"),
                "\(sealedSet.errors)")
        let joining = try Self.machineWithPassphrase()
        #expect(try joining.run(["remote", "set", server.conninfo(sealedDatabase)]).status == 0)
        let encryptingSealed = try joining.run(["encrypt"])
        #expect(encryptingSealed.status == 0 && !encryptingSealed.errors.contains("in the clear"), "\(encryptingSealed.errors)")
        try joining.ok("add", "secret kept from the hub")
        try joining.ok("sync")
        #expect(try !server.psql("SELECT value FROM jotter.op", database: sealedDatabase).contains("secret kept"))
    }

    /// `encrypt`, `rekey` and `decrypt` write the store anew as another file: it is the
    /// same replica all the same, and syncs on without sending anything twice.
    @Test func encryptRekeyAndDecryptKeepTheStoresReplicaAndSyncState() throws {
        var laptop = try Self.machineWithPassphrase()
        let desktop = Jotter()
        let machines = try SyncTests.Machines([laptop, desktop], options: ["--unsealed"])
        let milk = id(try laptop.ok("add", "milk"))
        try laptop.ok("add", "bread")
        try machines.sync(laptop, desktop)

        // An edit logged and not yet sent goes out once, after the rewrite.
        try laptop.ok("edit", milk, "oat milk")
        try laptop.ok("encrypt")
        try laptop.ok("add", "after encrypt")
        #expect(try machines.sync(laptop) == ["sent 2, received 0\n"])

        let newPassphrase = laptop.folder.file("new-passphrase")
        try Data("another one\n".utf8).write(to: URL(fileURLWithPath: newPassphrase))
        let oldCommand = try #require(laptop.ownEnvironment["JOTTER_PASSPHRASE_COMMAND"])
        // The old passphrase to open, the new one when asked for it.
        laptop.ownEnvironment["JOTTER_PASSPHRASE_COMMAND"] =
            "if [ \"$JOTTER_PASSPHRASE_PURPOSE\" = new ]; then cat '\(newPassphrase)'; else \(oldCommand); fi"
        try laptop.ok("rekey")
        laptop.ownEnvironment["JOTTER_PASSPHRASE_COMMAND"] = "cat '\(newPassphrase)'"
        try laptop.ok("add", "after rekey")
        #expect(try machines.sync(laptop) == ["sent 1, received 0\n"])

        try laptop.ok("decrypt")
        try laptop.ok("add", "after decrypt")
        #expect(try machines.sync(laptop) == ["sent 1, received 0\n"])

        #expect(try machines.sync(desktop) == ["sent 0, received 4\n"])
        #expect(try desktop.texts() == ["oat milk", "bread", "after encrypt", "after rekey", "after decrypt"])
        #expect(try machines.everything(on: laptop) == machines.everything(on: desktop))
        let replicas = try hubReplicas(machines)
        #expect(replicas.pushed == 1 && replicas.registered == 2, "\(replicas)")
        try machines.expectChecksClean()
    }

    /// A copy of a store that is encrypted before it ever writes is still a copy: the
    /// rewrite keeps the replica only of the file that was that replica.
    @Test func aCopyEncryptedBeforeItsFirstWriteIsStillACopy() throws {
        let original = Jotter()
        let machines = try SyncTests.Machines([original])
        try original.ok("add", "milk")
        try machines.sync(original)
        let copy = try Self.machineWithPassphrase()
        try FileManager.default.copyItem(atPath: original.store, toPath: copy.store)
        try copy.ok("encrypt")
        // Another user's copy: its hub waits to be trusted, and the trust is its first write.
        try copy.ok("trust", "--yes")
        try copy.ok("add", "bread")
        #expect(try copy.run(["sync"]).errors == "sent 1, received 0\n")
        try original.ok("add", "eggs")
        #expect(try original.run(["sync"]).errors == "sent 1, received 1\n")
        #expect(try original.texts().sorted() == ["bread", "eggs", "milk"])
        let replicas = try machines.server.psql("SELECT count(DISTINCT replica) FROM jotter.op", database: machines.database)
        #expect(id(replicas) == "2")
    }
}
