import Foundation
import JotterCore
import TestSupport
import Testing

/// A hub that lost operations (issue 28), through the built binary and a real hub: put
/// back from an older `pg_dump`, its database dropped and made again, a store set to
/// another journal, and two machines pushing at once. Every store that synced with
/// what was lost tells it at its next sync by the hash chain, applies nothing, and
/// `remote rebuild` gives the hub back every operation any of them had.
@Suite(.serialized) struct HubLossTests {
    typealias Machines = SyncTests.Machines

    /// Issue 28, class 4. Before the chain, a store noticed only while the restored
    /// journal was shorter than its cursor: once another machine pushed, the positions
    /// the lost operations had were given again, every store passed over them, and what
    /// the hub lost was never sent again.
    @Test func aHubRestoredFromAnOlderBackupIsToldByEveryStoreAndRebuiltWithNothingLost() throws {
        let machines = try Machines(count: 3)
        let (a, b, c) = (machines.a, machines.b, machines.c)
        try a.ok("add", "milk")
        try machines.sync(a, b, c)
        let backup = a.folder.file("hub.dump")
        try machines.server.dump(machines.database, to: backup)
        try a.ok("add", "bread")
        try machines.sync(a)
        try b.ok("add", "eggs")
        try b.ok("edit", "milk", "oat milk")
        try machines.sync(b, a)
        try machines.server.restore(machines.database, from: backup)
        // C had pulled nothing the hub lost: it syncs on the restored hub, and its
        // operations take the positions the lost ones had.
        for text in ["tea", "jam", "rice", "salt", "flour", "honey"] { try c.ok("add", text) }
        try machines.sync(c)

        for machine in [a, b] {
            let before = try machines.everything(on: machine)
            let refused = try machine.run(["sync"])
            #expect(refused.status == 6, "\(refused.errors)")
            #expect(refused.errors.hasPrefix("jotter: hub \(machines.database) at socket \(machines.server.socketFolder): the journal 'main' holds other operations than this store pulled"), "\(refused.errors)")
            #expect(refused.errors.contains("'jotter remote rebuild'"))
            #expect(refused.errors.split(separator: "\n").count == 1)
            #expect(try machines.everything(on: machine) == before)
        }
        let rebuilt = try a.run(["remote", "rebuild"])
        #expect(rebuilt.status == 0, "\(rebuilt.errors)")
        #expect(rebuilt.errors.hasPrefix("gave the hub back "), "\(rebuilt.errors)")
        let second = try b.run(["remote", "rebuild"])
        #expect(second.status == 0, "\(second.errors)")
        try machines.sync(c, a, b, c)

        let expected = ["bread", "eggs", "flour", "honey", "jam", "oat milk", "rice", "salt", "tea"]
        let late = Jotter()
        try late.ok("remote", "set", machines.server.conninfo(machines.database))
        try late.ok("sync")
        for machine in machines.all + [late] {
            #expect(try machine.allTexts() == expected)
        }
        try expectSameTree(machines.all + [late])
        try expectChainHolds(machines)
        try machines.expectChecksClean()
    }

    @Test func aHubWhoseDatabaseWasDroppedAndMadeAgainEmptyIsToldAndRebuilt() throws {
        let machines = try Machines(count: 2)
        let (a, b) = (machines.a, machines.b)
        let list = try a.ok("new", "groceries", "--in", "/").trimmingCharacters(in: .whitespacesAndNewlines)
        try a.ok("add", "--to", list, "milk")
        try machines.sync(a, b)
        try b.ok("add", "--to", list, "eggs")
        try machines.sync(b)
        try machines.server.dropAndMakeAgain(machines.database)

        for machine in [a, b] {
            let refused = try machine.run(["sync"])
            #expect(refused.status == 6, "\(refused.errors)")
            #expect(refused.errors.contains("the hub has no jotter tables, and this store synced with it"), "\(refused.errors)")
            #expect(refused.errors.split(separator: "\n").count == 1)
        }
        // A, which never pulled B's last entry, gives back what it has; B, the rest.
        for machine in [a, b] {
            let rebuilt = try machine.run(["remote", "rebuild"])
            #expect(rebuilt.status == 0, "\(rebuilt.errors)")
        }
        try machines.sync(a)
        let late = Jotter()
        try late.ok("remote", "set", machines.server.conninfo(machines.database))
        try late.ok("sync")
        for machine in [a, b, late] {
            #expect(try machine.allTexts() == ["eggs", "milk"])
        }
        try expectSameTree([a, b, late])
        try expectChainHolds(machines)
        try machines.expectChecksClean()
    }

    /// A store set to a journal of other operations, longer than what it pulled from
    /// its own: before the chain, it was not told apart, and the store passed over the
    /// other journal's first operations and never sent what it had sent before.
    @Test func aStoreSetToAnotherLongerJournalIsToldAndAppliesNothing() throws {
        let machines = try Machines(count: 2)
        let (a, b) = (machines.a, machines.b)
        try a.ok("add", "milk")
        try machines.sync(a)
        try b.ok("remote", "set", machines.server.conninfo(machines.database), "--journal", "other")
        for text in ["tea", "jam", "rice", "salt", "flour"] { try b.ok("add", text) }
        try machines.sync(b)
        let onOther = try machines.server.psql("SELECT count(*) FROM jotter.op WHERE journal = 'other'", database: machines.database)

        try a.ok("remote", "set", machines.server.conninfo(machines.database), "--journal", "other")
        try a.ok("add", "bread")
        let refused = try a.run(["sync"])
        #expect(refused.status == 6, "\(refused.errors)")
        #expect(refused.errors.contains("the journal 'other' holds other operations than this store pulled up to position"), "\(refused.errors)")
        #expect(refused.errors.split(separator: "\n").count == 1)
        #expect(try a.allTexts() == ["bread", "milk"])
        #expect(try machines.server.psql("SELECT count(*) FROM jotter.op WHERE journal = 'other'", database: machines.database) == onOther)
        // Set back to its own journal, it syncs as before.
        try a.ok("remote", "set", machines.server.conninfo(machines.database))
        #expect(try machines.sync(a) == ["sent 1, received 0\n"])
    }

    /// Each round, both machines add and sync at the same moment: one of them finds the
    /// head moved under its push, pulls and pushes again. Every sync succeeds, and every
    /// entry reaches both.
    @Test func twoMachinesSyncingAtOnceLoseNothing() throws {
        let machines = try Machines(count: 2)
        var expected: [String] = []
        for round in 1...8 {
            for (name, machine) in [("a", machines.a), ("b", machines.b)] {
                let lines = (1...40).map { "\(name) round \(round) line \($0)" }
                expected += lines
                try machine.ok("import", input: lines.joined(separator: "\n") + "\n")
            }
            let syncs = try [machines.a, machines.b].map { try $0.launch(["sync"]) }
            for sync in syncs {
                let result = try sync.finish()
                #expect(result.status == 0, "round \(round): \(result.errors)")
            }
        }
        try machines.sync(machines.a, machines.b, machines.a)
        for machine in machines.all {
            #expect(try machine.allTexts() == expected.sorted())
        }
        try expectSameTree(machines.all)
        try expectChainHolds(machines)
    }

    /// Every operation's hash on the hub is the chain's: SHA-256 of the one before and
    /// of its own bytes, from the journal's first.
    private func expectChainHolds(_ machines: Machines, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let broken = try machines.server.psql("""
            SELECT count(*) FROM (
                SELECT hash, jotter.chain('\\x'::bytea, jotter.op_bytes(replica, counter, stamp, node, property, value, base))
                    OVER (PARTITION BY journal ORDER BY position ROWS UNBOUNDED PRECEDING) AS chained
                FROM jotter.op) AS op
            WHERE hash IS DISTINCT FROM chained
            """, database: machines.database)
        #expect(broken == "0", sourceLocation: sourceLocation)
        #expect(try machines.server.psql("SELECT count(*) FROM jotter.op WHERE hash IS NULL", database: machines.database) == "0",
                sourceLocation: sourceLocation)
    }

    /// The same lists and items with the same ids, texts and places everywhere.
    private func expectSameTree(_ machines: [Jotter], sourceLocation: SourceLocation = #_sourceLocation) throws {
        func tree(_ machine: Jotter) throws -> [String] {
            try machine.run(["export", "--recursive", "/"]).lines.map { line in
                let entry = try #require(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
                return "\(entry["id"] ?? "") \(entry["parent"] ?? "") \(entry["text"] ?? entry["name"] ?? "")"
            }.sorted()
        }
        let first = try tree(machines[0])
        for machine in machines.dropFirst() {
            #expect(try tree(machine) == first, sourceLocation: sourceLocation)
        }
    }
}
