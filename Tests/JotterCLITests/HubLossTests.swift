import Foundation
import JotterCore
import TestSupport
import Testing

/// A hub that lost operations (docs/sync.md, "A hub that lost operations"), through the built binary and a real hub: put
/// back from an older `pg_dump`, its database dropped and made again, a store set to
/// another journal, and two machines pushing at once. Every store that synced with
/// what was lost tells it at its next sync by the hash chain, applies nothing, and
/// `remote rebuild` gives the hub back every operation any of them had.
@Suite(.serialized) struct HubLossTests {
    typealias Machines = SyncTests.Machines

    /// docs/sync.md, sequence 4. Before the chain, a store noticed only while the restored
    /// journal was shorter than its cursor: once another machine pushed, the positions
    /// the lost operations had were given again, every store passed over them, and what
    /// the hub lost was never sent again.
    @Test func aHubRestoredFromAnOlderBackupIsToldByEveryStoreAndRebuiltWithNothingLost() throws {
        let machines = try Machines(count: 3)
        let (a, b, c) = (machines.a, machines.b, machines.c)
        try a.ok("add", "milk")
        try machines.sync(a, b, c)
        try machines.puttingTheHubBack {
            try a.ok("add", "bread")
            try machines.sync(a)
            try b.ok("add", "eggs")
            try b.ok("edit", "milk", "oat milk")
            try machines.sync(b, a)
        }
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

    /// A rebuilt hub holds what it lost in a new order: here B's removal and purge of
    /// an entry, then A's removal of it, where A's came first before. Each store had
    /// applied the old order, and kept what it gave: the entry gone for good, while a
    /// store joining later brings it back into the trash, as A's removal after the
    /// purge does. A rebuild applies the whole journal again in the new order.
    @Test func everyStoreThatRebuiltShowsTheJournalInTheRebuiltHubsOrder() throws {
        let machines = try Machines(count: 2)
        let (a, b) = (machines.a, machines.b)
        let entry = try a.ok("add", "milk").trimmingCharacters(in: .whitespacesAndNewlines)
        try machines.sync(a, b)
        try machines.puttingTheHubBack {
            try a.ok("rm", entry)
            try machines.sync(a)
            try b.ok("rm", entry)
            try b.ok("trash", "--empty", "--yes")
            try machines.sync(b, a)
        }

        for machine in [b, a] {
            let rebuilt = try machine.run(["remote", "rebuild"])
            #expect(rebuilt.status == 0, "\(rebuilt.errors)")
        }
        try machines.sync(a, b)
        let late = Jotter()
        try late.ok("remote", "set", machines.server.conninfo(machines.database))
        try late.ok("sync")
        let expected = try machines.everything(on: late) + late.ok("trash")
        for machine in [a, b] {
            #expect(try machines.everything(on: machine) + machine.ok("trash") == expected)
        }
        try machines.expectChecksClean()
    }

    /// The replay of a rebuild starts the journal again from nothing but what is the
    /// store's alone: its hooks and their scopes stay on their lists, trusted, and so
    /// does its place.
    @Test func aRebuildKeepsTheHooksAndThePlaceOfTheStore() throws {
        let machines = try Machines(count: 2)
        let (a, b) = (machines.a, machines.b)
        try a.ok("new", "groceries")
        try a.ok("hook", "add", "before", "echo list >> '\(a.folder.file("log"))'", "--in", "/groceries")
        try a.ok("hook", "add", "after", "echo root >> '\(a.folder.file("log"))'", "--in", "/")
        try a.ok("cd", "/groceries")
        try a.ok("hook", "scope", "on")
        try machines.sync(a, b)
        try machines.puttingTheHubBack {
            try b.ok("add", "--to", "/groceries", "milk")
            try machines.sync(b, a)
        }
        let hooks = try a.ok("hook", "ls")

        let rebuilt = try a.run(["remote", "rebuild"])
        #expect(rebuilt.status == 0, "\(rebuilt.errors)")
        #expect(rebuilt.errors.contains("; applied the journal's 2 operations again in the hub's order"), "\(rebuilt.errors)")
        #expect(try a.ok("path") == "/groceries\n")
        #expect(try a.ok("hook", "ls") == hooks)
        try a.ok("add", "bread")
        // The scope stays too: the root's hook does not run here.
        #expect(a.contents("log") == "list\n")
        #expect(try a.allTexts() == ["bread", "milk"])
        try machines.expectChecksClean()
    }

    /// A rebuild cut short after it put the cursor back (as `restartSyncCursor` leaves
    /// it), then the hub lost again: a second rebuild gives it the log again, as the
    /// cursor no longer tells what the hub holds, and the replay keeps everything.
    @Test func aRebuildCutShortThenTheHubLostAgainIsRebuiltWithNothingLost() throws {
        let machines = try Machines(count: 2)
        let (a, b) = (machines.a, machines.b)
        try a.ok("add", "milk")
        try b.ok("add", "bread")
        try machines.sync(a, b, a)
        try Store(path: a.store).restartSyncCursor()
        try machines.server.dropAndMakeAgain(machines.database)

        let rebuilt = try a.run(["remote", "rebuild"])
        #expect(rebuilt.status == 0, "\(rebuilt.errors)")
        #expect(try a.allTexts() == ["bread", "milk"], "\(rebuilt.errors)")
    }

    /// The same state, and the remote set to another journal: the replay finds there
    /// none of what the store held, says so, and changes nothing.
    @Test func aReplayDueIsRefusedOnAnotherJournal() throws {
        let machines = try Machines(count: 1)
        let a = machines.a
        try a.ok("add", "milk")
        try machines.sync(a)
        try Store(path: a.store).restartSyncCursor()
        try a.ok("remote", "set", machines.server.conninfo(machines.database), "--journal", "other")
        let before = try machines.everything(on: a)

        let synced = try a.run(["sync"])
        #expect(synced.status == 6, "\(synced.errors)")
        #expect(synced.errors.hasPrefix("jotter: hub \(machines.database) at socket \(machines.server.socketFolder): the journal 'other' lacks 1 operation this store held before the rebuild"), "\(synced.errors)")
        #expect(synced.errors.split(separator: "\n").count == 1)
        #expect(try machines.everything(on: a) == before)
    }

    /// A prompt open beside a rebuild holds its place in rows the replay numbered anew:
    /// its entries still go to that place, and its commands see what is there.
    @Test func aPromptOpenBesideARebuildGoesOnInItsPlace() throws {
        let machines = try Machines(count: 2)
        let (a, b) = (machines.a, machines.b)
        try a.ok("new", "groceries")
        try a.ok("add", "--to", "/groceries", "milk")
        try a.ok("cd", "/groceries")
        try machines.sync(a, b)
        try machines.puttingTheHubBack {
            try b.ok("add", "--to", "/groceries", "bread")
            try machines.sync(b, a)
        }

        let prompt = try a.prompt(expecting: "/groceries › ")
        let rebuilt = try a.run(["remote", "rebuild"])
        #expect(rebuilt.status == 0, "\(rebuilt.errors)")
        prompt.type(":ls\r")
        try prompt.expect("bread")
        try prompt.expect("/groceries › ")
        prompt.type("eggs\r")
        try prompt.expect("/groceries › ")
        prompt.type("\u{4}")
        #expect(try prompt.waitForExit() == 0)
        #expect(!prompt.text.contains("jotter:") && !prompt.text.contains("not added"), "\(prompt.text)")
        #expect(try a.texts("/groceries").sorted() == ["bread", "eggs", "milk"])
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

    /// Each machine runs its own loop, never waiting for the other: import a round of
    /// lines, sync, and again, for a fixed number of rounds. Their pushes keep meeting
    /// on the hub, which lands them one after the other under the journal's lock. Every
    /// sync succeeds and sends its round's lines (neither machine starves), and every
    /// entry reaches both.
    @Test func twoMachinesSyncingAtOnceLoseNothing() throws {
        let machines = try Machines(count: 2)
        let (rounds, linesPerRound) = (12, 40)
        let loops = try [("a", machines.a), ("b", machines.b)].map { name, machine in
            try SyncLoop(machine, name: name, rounds: rounds, linesPerRound: linesPerRound)
        }
        for loop in loops {
            let (status, reports) = try loop.finish()
            #expect(status == 0, "\(loop.name): \(reports)")
            #expect(reports.count == rounds, "\(loop.name): \(reports)")
            for (round, report) in reports.enumerated() {
                #expect(report.hasPrefix("round \(round + 1): import 0, sync 0: sent \(linesPerRound), received "),
                        "\(loop.name): \(report)")
            }
        }
        try machines.sync(machines.a, machines.b, machines.a)
        let expected = loops.flatMap { loop in
            (1...rounds).flatMap { round in (1...linesPerRound).map { "\(loop.name) round \(round) line \($0)" } }
        }
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

/// One machine's loop of imports and syncs, run by a shell beside the test so that two
/// of them go at once without a thread of the test's: each round's line on standard
/// output says how its import and its sync ended, and what the sync reported.
private struct SyncLoop {
    let name: String
    let process = Process()
    let output: String

    init(_ machine: Jotter, name: String, rounds: Int, linesPerRound: Int) throws {
        self.name = name
        output = machine.folder.file("loop-\(name).out")
        try Data().write(to: URL(fileURLWithPath: output))
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", """
            for round in $(seq 1 \(rounds)); do
                seq -f "\(name) round $round line %.0f" \(linesPerRound) | "$JOTTER" import >/dev/null 2>&1
                imported=$?
                summary=$("$JOTTER" sync 2>&1 >/dev/null)
                synced=$?
                printf 'round %s: import %s, sync %s: %s\\n' "$round" "$imported" "$synced" "$summary"
            done
            """]
        process.environment = machine.environment.merging(["JOTTER": Jotter.binary]) { $1 }
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: output))
        try process.run()
    }

    /// Waits for the loop to end: the shell's status and each round's line.
    func finish() throws -> (status: Int32, reports: [String]) {
        process.waitUntilExit()
        let reports = try String(contentsOfFile: output, encoding: .utf8).split(separator: "\n").map(String.init)
        return (process.terminationStatus, reports)
    }
}
