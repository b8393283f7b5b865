import Foundation
import JotterCore
import JotterHub
import TestSupport
import Testing

/// `jotter sync` under faults and load, through the built binary and a real hub: a sync
/// killed at any moment, an acknowledgement lost, the hub crashing in the middle of a push, ten machines at
/// once, and a role kept to its own journal. Each ends with every machine holding the
/// same entries, none twice and none missing, and every store sound.
///
/// Serialized: each test keeps the machine's two cores busy on its own.
@Suite(.serialized) struct SyncFaultTests {
    @Test func syncKilledAtAnyMomentLosesAndDuplicatesNothing() throws {
        let server = try PostgresServer.shared
        let database = try server.database()
        let machines = [Jotter(), Jotter(), Jotter()]
        var expected = ExpectedEntries()
        for (number, machine) in machines.enumerated() {
            try machine.ok("remote", "set", server.conninfo(database))
            // Each machine's entries go in a list of its own, which later rounds import
            // into and edit.
            try machine.ok("new", "m\(number)")
            try machine.ok("import", input: expected.add(1000, machine: number, round: 0))
        }
        // The longest of these, pushing 1,000 and pulling 2,000, is where the span the
        // kills are spread over starts: later syncs carry about twice as much.
        var longest = 0.0
        for machine in machines {
            let started = Date()
            try machine.ok("sync")
            longest = max(longest, Date().timeIntervalSince(started))
        }
        var span = 2 * longest

        let rounds = 21
        var outcomes: [KillOutcome: Int] = [:]
        var generator = SystemRandomNumberGenerator()
        for round in 1...rounds {
            let number = round % machines.count
            let machine = machines[number]
            // Creates and, for the entries the previous round of this machine made, a
            // new text each: both kinds of operation are in flight.
            try machine.ok("import", input: expected.add(600, machine: number, round: round))
            let edits = try expected.edits(of: machine.exportedEntries(), machine: number, count: 600, round: round)
            try machine.ok("import", "--format", "jsonl", "--on-conflict", "replace", input: edits)

            // Spread over the span, a slice per round, so that kills land before the
            // push, inside it, between the push and its acknowledgement, and in the pull.
            // The span follows what the syncs take on this machine as loaded as it is
            // now: shorter after a sync that ended before its kill, longer after one that
            // did not.
            let delay = span * (Double(round - 1) + Double.random(in: 0..<1, using: &generator)) / Double(rounds)
            let before = try SyncProgress(of: machine, hub: server, database: database)
            let sync = try machine.launch(["sync"])
            usleep(useconds_t(delay * 1_000_000))
            kill(sync.process.processIdentifier, SIGKILL)
            _ = try sync.finish()
            let after = try SyncProgress(of: machine, hub: server, database: database)
            let outcome = KillOutcome(sync: sync, before: before, after: after)
            outcomes[outcome, default: 0] += 1
            span *= outcome == .finishedFirst ? 0.7 : 1.05

            let again = try machine.run(["sync"])
            #expect(again.status == 0, "round \(round), killed after \(delay) s: \(again.errors)")
        }
        // Every machine pushes what is left, then pulls what the others pushed last.
        for machine in machines + machines { try machine.ok("sync") }

        try expectSameContent(machines)
        for machine in machines {
            #expect(try machine.allTexts() == expected.texts.sorted())
            try expectSound(machine)
        }
        // Many kills found the sync still running; which phase each hit is timing, so
        // it is shown, not required.
        let tally = outcomes.map { "\($0.key.rawValue) \($0.value)" }.sorted().joined(separator: ", ")
        print("kills of sync over \(rounds) rounds, the last spread over \(span) s: \(tally)")
        #expect(outcomes[.finishedFirst, default: 0] <= rounds * 2 / 3, "\(tally)")
    }

    /// A kill between the push and its acknowledgement is a window of a few
    /// milliseconds, which random kills rarely hit: here it is made exactly, by putting
    /// back the store's bytes from before the sync, in the same file so that it stays
    /// the same replica.
    @Test func aPushWhoseAcknowledgementWasLostIsStoredOnce() throws {
        let server = try PostgresServer.shared
        let database = try server.database()
        let laptop = Jotter()
        var expected = ExpectedEntries()
        try laptop.ok("remote", "set", server.conninfo(database))
        try laptop.ok("new", "m0")
        try laptop.ok("import", input: expected.add(2000, machine: 0, round: 0))
        try laptop.ok("sync")
        try laptop.ok("import", input: expected.add(2000, machine: 0, round: 1))
        try laptop.ok("import", "--format", "jsonl", "--on-conflict", "replace",
                      input: try expected.edits(of: laptop.exportedEntries(), machine: 0, count: 2000, round: 1))

        #expect(!FileManager.default.fileExists(atPath: laptop.store + "-wal"))
        let unacknowledged = try Data(contentsOf: URL(fileURLWithPath: laptop.store))
        let first = try laptop.run(["sync"])
        #expect(first.errors == "sent 4000, received 0\n")
        let onHub = try server.psql("SELECT count(*) FROM jotter.op", database: database)
        let file = try FileHandle(forWritingTo: URL(fileURLWithPath: laptop.store))
        try file.truncate(atOffset: 0)
        try file.write(contentsOf: unacknowledged)
        try file.close()

        // The sync finds the hub holding them before it pushes, and sends nothing.
        let again = try laptop.run(["sync"])
        #expect(again.errors == "sent 0, received 0\n")
        #expect(try server.psql("SELECT count(*) FROM jotter.op", database: database) == onHub)
        #expect(try laptop.run(["sync"]).errors == "sent 0, received 0\n")
        let desktop = Jotter()
        try desktop.ok("remote", "set", server.conninfo(database))
        try desktop.ok("sync")
        try expectSameContent([laptop, desktop])
        #expect(try desktop.allTexts() == expected.texts.sorted())
        try expectSound(laptop)
        try expectSound(desktop)
    }

    @Test func theHubStoppedInTheMiddleOfAPushFailsWithFiveAndTheNextSyncLosesNothing() throws {
        let server = try PostgresServer.own()
        defer { server.stop() }
        let database = try server.database()
        let laptop = Jotter()
        var expected = ExpectedEntries()
        try laptop.ok("remote", "set", server.conninfo(database))
        try laptop.ok("new", "m0")
        try laptop.ok("import", input: expected.add(6000, machine: 0, round: 0))
        try laptop.ok("sync")
        try laptop.ok("import", input: expected.add(6000, machine: 0, round: 1))
        try laptop.ok("import", "--format", "jsonl", "--on-conflict", "replace",
                      input: try expected.edits(of: laptop.exportedEntries(), machine: 0, count: 3000, round: 1))

        // Another session holds the journal's row: the push has copied its first batch
        // in and waits inside its transaction when the hub goes down.
        let holder = try server.session(database: database, name: "holder")
        try holder.send("BEGIN; SELECT next_position FROM jotter.journal WHERE name = 'main' FOR UPDATE;\n")
        try server.waitUntil("SELECT count(*) FROM pg_stat_activity WHERE application_name = 'holder' AND state = 'idle in transaction'",
                             database: database)
        let sync = try laptop.launch(["sync"])
        try server.waitUntil("SELECT count(*) FROM pg_stat_activity WHERE application_name = 'jotter' AND wait_event_type = 'Lock'",
                             database: database)
        try server.halt()
        let failed = try sync.finish()
        holder.end()
        #expect(failed.status == 5)
        #expect(failed.errors.hasPrefix("jotter: hub \(database) at socket \(server.socketFolder): "), "\(failed.errors)")
        #expect(failed.errors.split(separator: "\n").count == 1, "\(failed.errors)")
        // The store goes on working while the hub is down.
        try laptop.ok("add", "written while the hub was down")
        expected.add("written while the hub was down")

        try server.start()
        let synced = try laptop.run(["sync"])
        #expect(synced.status == 0, "\(synced.errors)")
        let desktop = Jotter()
        try desktop.ok("remote", "set", server.conninfo(database))
        try desktop.ok("sync")
        try expectSameContent([laptop, desktop])
        #expect(try desktop.allTexts() == expected.texts.sorted())
        // One create per entry and list on the hub, and one text per edit.
        #expect(try server.psql("SELECT count(*) FROM jotter.op WHERE property = 'create'", database: database) == "12002")
        #expect(try server.psql("SELECT count(*) FROM jotter.op WHERE property = 'text'", database: database) == "3000")
        try expectSound(laptop)
        try expectSound(desktop)
    }

    @Test func tenMachinesSyncingAtOnceWhileAddingEndTheSame() throws {
        let server = try PostgresServer.shared
        let database = try server.database()
        let machines = (0..<10).map { _ in Jotter() }
        var expected = ExpectedEntries()
        for (number, machine) in machines.enumerated() {
            try machine.ok("remote", "set", server.conninfo(database))
            try machine.ok("new", "m\(number)")
        }
        for round in 0..<3 {
            // Each machine's import and its sync at once, and all ten machines at once.
            var running: [LaunchedJotter] = []
            for (number, machine) in machines.enumerated() {
                let lines = expected.add(200, machine: number, round: round)
                running.append(try machine.launch(["import"], input: Data(lines.utf8)))
                running.append(try machine.launch(["sync"]))
            }
            for process in running {
                let result = try process.finish()
                #expect(result.status == 0, "round \(round): \(result.errors)")
            }
        }
        // A round that pushes what the imports left behind, and one that pulls it all.
        for _ in 0..<2 {
            let syncs = try machines.map { try $0.launch(["sync"]) }
            for sync in syncs {
                let result = try sync.finish()
                #expect(result.status == 0, "\(result.errors)")
            }
        }
        try expectSameContent(machines)
        #expect(try machines[0].allTexts() == expected.texts.sorted())
        for machine in machines { try expectSound(machine) }
    }

    /// A store set to another journal (or hub) kept its cursor and the marks of what it
    /// had sent: each side's syncs said "sent 0, received 0", and neither got the
    /// other's entries. A journal that lost operations, status 6, as `HubLossTests` has.
    @Test func aJournalThatEndsBeforeWhatTheStorePulledIsRefused() throws {
        let machines = try SyncTests.Machines()
        try machines.a.ok("add", "milk")
        try machines.sync(machines.a)
        let moved = try machines.a.run(["remote", "set", machines.server.conninfo(machines.database), "--journal", "other"])
        #expect(moved.status == 0, "\(moved.errors)")
        try machines.a.ok("add", "bread")
        let refused = try machines.a.run(["sync"])
        #expect(refused.status == 6)
        #expect(refused.errors.hasPrefix("jotter: hub \(machines.database) at socket \(machines.server.socketFolder): the journal 'other' ends at position 0, before the 1 this store has pulled"), "\(refused.errors)")
        #expect(refused.errors.split(separator: "\n").count == 1)
        #expect(try machines.server.psql("SELECT count(*) FROM jotter.op WHERE journal = 'other'", database: machines.database) == "0")
    }

    /// A line for each operation set aside (written into the journal's chain as a member
    /// can): a hub holding a million bad ones gave a
    /// million lines, all kept in memory until the sync ended, and the prompt's own
    /// sync read them all back and put each on the terminal.
    @Test func operationsSetAsideAreShownUpToAHundredLinesAndCounted() throws {
        let machines = try SyncTests.Machines()
        try machines.server.psql("""
            INSERT INTO jotter.op (journal, position, replica, counter, stamp, node, property, value)
            SELECT name, next_position + n, gen_random_uuid(), 1, n + 1, gen_random_uuid(), 'colour', '"red"'
            FROM jotter.journal, generate_series(0, 249) AS n WHERE name = 'main';
            UPDATE jotter.journal SET next_position = next_position + 250 WHERE name = 'main';
            UPDATE jotter.op SET hash = chained.hash
            FROM (SELECT position, jotter.chain('\\x'::bytea, jotter.op_bytes(replica, counter, stamp, node, property, value, base))
                      OVER (ORDER BY position ROWS UNBOUNDED PRECEDING) AS hash
                  FROM jotter.op WHERE journal = 'main') AS chained
            WHERE op.journal = 'main' AND op.position = chained.position;
            """, database: machines.database)
        let sync = try machines.b.run(["sync"])
        #expect(sync.status == 0)
        let lines = sync.errors.split(separator: "\n")
        #expect(lines.count == SyncSummary.shownParkedLines + 2, "\(lines.count) lines")
        #expect(lines.dropLast(2).allSatisfy { $0.hasPrefix("colour of ") })
        #expect(lines.suffix(2) == ["and 150 more operations from the hub could not be applied, and were set aside",
                                    "sent 0, received 250"])
    }

    /// A member may insert a row of its own past the journal's end. Pulled, it took
    /// the cursor past the positions the next pushes gave, which no one then received;
    /// and the push whose operation met its position lost that operation, acknowledged.
    @Test func aRowWrittenPastTheJournalsEndTakesNoPositionFromAPush() throws {
        let machines = try SyncTests.Machines()
        try machines.a.ok("add", "milk")
        try machines.sync(machines.a, machines.b)
        try machines.server.psql("""
            INSERT INTO jotter.op (journal, position, replica, counter, stamp, node, property, value)
            SELECT name, next_position + 2, gen_random_uuid(), 1, 1, gen_random_uuid(), 'colour', '"red"'
            FROM jotter.journal WHERE name = 'main'
            """, database: machines.database)
        // A pull reads the journal to its last row: the row is taken now, and set aside.
        let early = try machines.sync(machines.b)
        #expect(early.count == 1 && early[0].hasSuffix("a kind of change this jotter does not know (from a newer jotter?)\nsent 0, received 1\n"),
                "\(early)")
        for text in ["bread", "eggs", "jam", "tea"] { try machines.a.ok("add", text) }
        // The row is in the journal's order now, before what A sent.
        #expect(try machines.sync(machines.a).first?.hasSuffix("sent 4, received 1\n") == true)
        let pulled = try machines.b.run(["sync"])
        #expect(pulled.status == 0)
        #expect(pulled.errors.hasSuffix("sent 0, received 4\n"), "\(pulled.errors)")
        #expect(try machines.b.texts() == ["milk", "bread", "eggs", "jam", "tea"])
    }

    /// A member may move the journal's `next_position` back: taken for the journal's
    /// end, it refused every machine's sync, and so the push that would move it on.
    @Test func aJournalWhoseNextPositionWasMovedBackStillSyncs() throws {
        let machines = try SyncTests.Machines()
        try machines.a.ok("add", "milk")
        try machines.sync(machines.a, machines.b)
        try machines.server.psql("UPDATE jotter.journal SET next_position = 1", database: machines.database)
        try machines.a.ok("add", "bread")
        #expect(try machines.sync(machines.a, machines.b) == ["sent 1, received 0\n", "sent 0, received 1\n"])
        #expect(try machines.b.texts() == ["milk", "bread"])
    }

    @Test func aRoleGivenOneJournalCannotSyncAnother() throws {
        let server = try PostgresServer.shared
        let database = try server.database()
        let suffix = String(database.suffix(8))
        let (alice, bob) = ("alice_" + suffix, "bob_" + suffix)
        // As docs/sync.md sets a team's hub up: the owner makes the tables and journals,
        // and gives each journal to a group role.
        let owner = Jotter()
        try owner.ok("remote", "set", server.conninfo(database), "--journal", "alices")
        try owner.ok("remote", "set", server.conninfo(database), "--journal", "bobs")
        try server.psql("""
            CREATE ROLE \(alice) LOGIN; CREATE ROLE \(bob) LOGIN;
            CREATE ROLE alices_journal_\(suffix) NOLOGIN; GRANT alices_journal_\(suffix) TO \(alice);
            CREATE ROLE bobs_journal_\(suffix) NOLOGIN; GRANT bobs_journal_\(suffix) TO \(bob);
            INSERT INTO jotter.member (journal, role) VALUES ('alices', 'alices_journal_\(suffix)'),
                                                             ('bobs', 'bobs_journal_\(suffix)');
            """, database: database)

        let bobs = Jotter()
        try bobs.ok("remote", "set", server.conninfo(database, role: bob), "--journal", "bobs")
        try bobs.ok("add", "bob's secret")
        try bobs.ok("sync")

        let alices = Jotter()
        try alices.ok("remote", "set", server.conninfo(database, role: alice), "--journal", "alices")
        try alices.ok("add", "alice's own")
        try alices.ok("sync")
        let refused = try alices.run(["remote", "set", server.conninfo(database, role: alice), "--journal", "bobs"])
        #expect(refused.status == 5)
        #expect(refused.errors.contains("the journal 'bobs' is not there for this role"), "\(refused.errors)")
        #expect(refused.errors.split(separator: "\n").count == 1)
        #expect(try alices.run(["remote"]).text.contains("journal\talices"))

        // A remote without a role names none: libpq takes PGUSER. One set up by the
        // owner, synced as alice, is refused all the same.
        let conninfo = "host=\(server.socketFolder) dbname=\(database)"
        let borrowed = Jotter()
        let set = try borrowed.run(["remote", "set", conninfo, "--journal", "bobs"],
                                   extraEnvironment: ["PGUSER": PostgresServer.superuser])
        #expect(set.status == 0, "\(set.errors)")
        try borrowed.ok("add", "alice's attempt")
        let sync = try borrowed.run(["sync"], extraEnvironment: ["PGUSER": alice])
        #expect(sync.status == 5)
        #expect(sync.errors.hasPrefix("jotter: hub \(database) at socket \(server.socketFolder): "), "\(sync.errors)")
        #expect(sync.errors.contains("the journal 'bobs' is not there for this role"), "\(sync.errors)")
        #expect(sync.errors.split(separator: "\n").count == 1)
        #expect(!sync.errors.contains("secret"))
        // Nothing of bob's came in, and nothing of alice's went into bob's journal.
        #expect(try borrowed.allTexts() == ["alice's attempt"])
        #expect(try alices.allTexts() == ["alice's own"])
        #expect(try server.psql("SELECT count(*) FROM jotter.op WHERE journal = 'bobs'", database: database) == "1")
        #expect(try server.psql("SELECT value FROM jotter.op WHERE journal = 'bobs' AND property = 'create'", database: database)
            .contains("bob's secret"))
        try bobs.ok("sync")
        #expect(try bobs.allTexts() == ["bob's secret"])
    }

    /// What a machine holds, as `export -r /` writes it, sorted, and without `updated`:
    /// entries from several machines come in each store's own order of rows (docs/sync.md,
    /// "Both add offline"), and `updated` is when this machine last changed an entry,
    /// which sync does not carry.
    private func content(of machine: Jotter) throws -> [String] {
        let export = try machine.run(["export", "--recursive", "/"])
        #expect(export.status == 0, "\(export.errors)")
        return try export.lines.map { line in
            var entry = try #require(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            entry["updated"] = nil
            return String(decoding: try JSONSerialization.data(withJSONObject: entry, options: .sortedKeys), as: UTF8.self)
        }.sorted()
    }

    private func expectSameContent(_ machines: [Jotter], sourceLocation: SourceLocation = #_sourceLocation) throws {
        let first = try content(of: machines[0])
        for machine in machines.dropFirst() {
            let other = try content(of: machine)
            let difference = zip(first, other).first { $0 != $1 }
            let same = first == other
            #expect(same, "\(first.count) and \(other.count) entries, first difference: \(String(describing: difference))",
                    sourceLocation: sourceLocation)
        }
    }

    private func expectSound(_ machine: Jotter, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let check = try machine.run(["check"])
        #expect(check.status == 0, "\(check.text)\(check.errors)", sourceLocation: sourceLocation)
    }
}

/// The texts every machine is to end with, one each: what the rounds imported, and
/// the new texts they gave.
private struct ExpectedEntries {
    private(set) var texts: [String] = []
    /// Per machine, the lines of each of its imports, in order.
    private var imports: [Int: [Set<String>]] = [:]

    /// `count` new lines for `machine`, as `import` reads them.
    mutating func add(_ count: Int, machine: Int, round: Int) -> String {
        let lines = (0..<count).map { "m\(machine) r\(round) line \($0)" }
        texts += lines
        imports[machine, default: []].append(Set(lines))
        return lines.joined(separator: "\n") + "\n"
    }

    /// An entry added outside the rounds.
    mutating func add(_ text: String) {
        texts.append(text)
    }

    /// jsonl giving a new text to `count` of the entries the import of `machine` before
    /// its last one added, for `import --on-conflict replace`.
    mutating func edits(of entries: [[String: Any]], machine: Int, count: Int, round: Int) throws -> String {
        let previous = imports[machine, default: []].dropLast().last ?? []
        var lines: [String] = []
        for var entry in entries where lines.count < count {
            guard let text = entry["text"] as? String, previous.contains(text) else { continue }
            let edited = text + " edited in round \(round)"
            entry["text"] = edited
            texts[try #require(texts.firstIndex(of: text))] = edited
            lines.append(String(decoding: try JSONSerialization.data(withJSONObject: entry, options: .sortedKeys), as: UTF8.self))
        }
        #expect(lines.count == min(count, previous.count))
        return lines.joined(separator: "\n") + "\n"
    }
}

/// Where a kill found a sync, told from outside by what it left: on the hub, the
/// operations the journal holds; in the store, the operations left to send and the
/// cursor of the pull.
private enum KillOutcome: String {
    case beforeAnyPush, pushedNotAcknowledged, acknowledgedBeforeAPullApplied, inPull, finishedFirst

    init(sync: LaunchedJotter, before: SyncProgress, after: SyncProgress) {
        if sync.process.terminationReason == .exit {
            self = .finishedFirst
        } else if after.cursor > before.cursor {
            self = .inPull
        } else if after.unsent < before.unsent && after.unsent == 0 {
            self = .acknowledgedBeforeAPullApplied
        } else if after.onHub > before.onHub {
            self = .pushedNotAcknowledged
        } else {
            self = .beforeAnyPush
        }
    }
}

private struct SyncProgress {
    let onHub: Int
    let unsent: Int
    let cursor: Int64

    init(of machine: Jotter, hub: PostgresServer, database: String) throws {
        onHub = Int(try hub.psql("SELECT count(*) FROM jotter.op", database: database)) ?? 0
        let store = try Database(path: machine.store, readOnly: true)
        unsent = Int(try store.statement("SELECT count(*) FROM sync_op").firstRow { $0.int64(0) } ?? 0)
            + Int(try store.statement("""
                SELECT count(*) FROM node WHERE seq > (SELECT value FROM setting WHERE key = 'sync_pushed_to')
                  AND seq NOT IN (SELECT seq FROM sync_pulled)
                """).firstRow { $0.int64(0) } ?? 0)
        cursor = try store.statement("SELECT value FROM setting WHERE key = 'sync_cursor'").firstRow { $0.int64(0) } ?? 0
    }
}

/// A jotter started and not waited for yet.
struct LaunchedJotter {
    let process: Process
    private let outputs: String

    init(_ jotter: Jotter, _ arguments: [String], input: Data) throws {
        process = Process()
        process.executableURL = URL(fileURLWithPath: Jotter.binary)
        process.arguments = arguments
        process.environment = jotter.environment
        outputs = jotter.folder.file("launched-\(UUID().uuidString)")
        try input.write(to: URL(fileURLWithPath: outputs + ".in"))
        try Data().write(to: URL(fileURLWithPath: outputs + ".out"))
        try Data().write(to: URL(fileURLWithPath: outputs + ".err"))
        process.standardInput = try FileHandle(forReadingFrom: URL(fileURLWithPath: outputs + ".in"))
        process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: outputs + ".out"))
        process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: outputs + ".err"))
        try process.run()
    }

    /// Waits for it to end, and returns what it did.
    func finish() throws -> Jotter.Result {
        process.waitUntilExit()
        defer {
            for suffix in [".in", ".out", ".err"] { try? FileManager.default.removeItem(atPath: outputs + suffix) }
        }
        return Jotter.Result(
            status: process.terminationStatus,
            output: try Data(contentsOf: URL(fileURLWithPath: outputs + ".out")),
            errors: try String(contentsOfFile: outputs + ".err", encoding: .utf8))
    }
}

extension Jotter {
    /// Starts jotter with `arguments` and returns at once.
    func launch(_ arguments: [String], input: Data = Data()) throws -> LaunchedJotter {
        try LaunchedJotter(self, arguments, input: input)
    }

    /// The entries of the saved place, as `export` writes them.
    func exportedEntries() throws -> [[String: Any]] {
        let export = try run(["export"])
        #expect(export.status == 0, "\(export.errors)")
        return try export.lines.map { line in
            try #require(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        }
    }

    /// The text of every item, the trash left out, sorted.
    func allTexts() throws -> [String] {
        let export = try run(["export", "--recursive", "/"])
        #expect(export.status == 0, "\(export.errors)")
        return try export.lines.compactMap { line in
            let entry = try #require(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            return entry["kind"] as? String == "item" ? entry["text"] as? String : nil
        }.sorted()
    }
}
