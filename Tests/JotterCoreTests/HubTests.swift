import Foundation
@testable import JotterCore
@testable import JotterHub
import TestSupport
import Testing

/// A replica made of arrays: it stands in for the store, so that the hub is tested on
/// its own, against a real PostgreSQL server.
final class ArrayReplica: SyncReplica {
    let id: NodeID
    var outgoing: [SyncOperation] = []
    var acknowledged: [SyncOperation] = []
    var pulled: [SyncOperation] = []
    var cursor: Int64 = 0
    var hash: String? = ""
    var replayDue = false
    /// The positions of each batch pulled, in order.
    var batches: [[Int64]] = []

    init(_ byte: UInt8) {
        id = NodeID(bytes: [UInt8](repeating: byte, count: 16))!
    }

    /// Makes `count` operations of this replica, the next counters on.
    func make(_ count: Int, value: (Int) -> String? = { "\"text \($0)\"" }) {
        let first = Int64(outgoing.count + acknowledged.count) + 1
        for index in 0..<count {
            let counter = first + Int64(index)
            outgoing.append(SyncOperation(replica: id, counter: counter, stamp: counter << 16, node: HubTests.node(counter),
                                          property: "text", value: value(Int(counter))))
        }
    }

    func syncReplicaID() throws -> NodeID { id }
    func outgoingOperations(limit: Int) throws -> [SyncOperation] { Array(outgoing.prefix(limit)) }
    func acknowledge(_ operations: [SyncOperation], movingCursorFrom base: HubHead?, to head: HubHead?, allAdded: Bool) throws {
        outgoing.removeFirst(operations.count)
        acknowledged += operations
        if let base, let head, base.position == cursor { (cursor, hash) = (head.position, head.hash) }
    }
    func hasOperationsToSend() throws -> Bool { !outgoing.isEmpty }
    func ownOperationsNotPulledPast() throws -> (count: Int64, placesKnown: Bool) { (0, true) }
    func syncHead() throws -> (position: Int64, hash: String?) { (cursor, cursor == 0 ? "" : hash) }
    func rememberSyncHash(_ hash: String, at position: Int64) throws {
        if self.hash == nil && position == cursor { self.hash = hash }
    }
    func restartSyncCursor() throws { (cursor, hash, replayDue) = (0, "", true) }
    func syncReplayDue() throws -> Bool { replayDue }
    func syncAcknowledgedHead() throws -> HubHead? { nil }
    func replayingTheJournal(_ pull: (NodeID) throws -> Void) throws -> Bool {
        guard outgoing.isEmpty else { return false }
        (pulled, acknowledged, cursor, hash) = ([], [], 0, "")
        try pull(NodeID(bytes: [UInt8](repeating: 0xFF, count: 16))!)
        replayDue = false
        return true
    }
    func loggedSyncOperations(after seq: Int64, limit: Int) throws -> (operations: [SyncOperation], last: Int64) {
        let log = (pulled + acknowledged).dropFirst(Int(seq)).prefix(limit)
        return (Array(log), seq + Int64(log.count))
    }
    func applyPulled(_ operations: [SyncOperation], at positions: [Int64], after start: Int64, cursor: Int64,
                     hash: String?) throws -> SyncApplyReport? {
        guard start == self.cursor else { return nil }
        batches.append(positions)
        pulled += operations
        self.cursor = cursor
        self.hash = hash
        return SyncApplyReport(applied: operations.count { $0.replica != id })
    }
}

extension Hub {
    /// Pushes on top of whatever the journal holds, and says how many were new.
    @discardableResult
    func push(_ operations: [SyncOperation]) throws -> Int {
        guard case .landed(let added, _) = try push(operations, onto: nil) else { return 0 }
        return added
    }
}

/// A test's own database on the shared server, with a hub prepared on it.
struct TestHub {
    let server: PostgresServer
    let database: String

    init() throws {
        server = try PostgresServer.shared
        database = try server.database()
    }

    func remote(journal: String = "main", role: String = PostgresServer.superuser) throws -> HubRemote {
        try HubRemote(conninfo: server.conninfo(database, role: role), journal: journal)
    }

    func hub(journal: String = "main", role: String = PostgresServer.superuser) throws -> Hub {
        let hub = try Hub(remote(journal: journal, role: role))
        try hub.prepare()
        return hub
    }

    @discardableResult
    func sql(_ statement: String, role: String = PostgresServer.superuser) throws -> String {
        try server.psql(statement, database: database, role: role)
    }
}

@Suite struct HubTests {
    static func node(_ number: Int64) -> NodeID {
        var bytes = [UInt8](repeating: 0xAB, count: 16)
        withUnsafeBytes(of: number.bigEndian) { bytes.replaceSubrange(8..<16, with: $0) }
        return NodeID(bytes: bytes)!
    }

    @Test func theHubsTablesAreMadeOnceWithTheirVersion() throws {
        let test = try TestHub()
        _ = try test.hub()
        _ = try test.hub()
        #expect(try test.sql("SELECT version FROM jotter.version") == "\(HubSchema.version)")
        #expect(try test.sql("SELECT count(*) FROM jotter.journal") == "1")
        // A second journal on the same hub is one more row, not another schema.
        _ = try test.hub(journal: "work")
        #expect(try test.sql("SELECT string_agg(name, ',' ORDER BY name) FROM jotter.journal") == "main,work")
    }

    /// Takes the tables back to what hub schema version 3 made: no sealed journals.
    static let withoutSealing = """
        DROP TABLE jotter.journal_key; ALTER TABLE jotter.journal DROP COLUMN sealed;
        """

    /// Takes the tables back to what hub schema version 2 made: no hash chain.
    static let withoutTheChain = withoutSealing + """
        ALTER TABLE jotter.op DROP COLUMN hash;
        DROP AGGREGATE jotter.chain(bytea, bytea); DROP FUNCTION jotter.chain_step(bytea, bytea, bytea);
        DROP FUNCTION jotter.op_bytes(uuid, bigint, bigint, uuid, text, text, bigint);
        """

    @Test func aHubOfANewerJotterIsRefused() throws {
        let test = try TestHub()
        _ = try test.hub()
        try test.sql("UPDATE jotter.version SET version = \(HubSchema.version + 1)")
        let error = #expect(throws: JotterError.self) { try test.hub() }
        #expect(error?.kind == .hub)
        #expect(error?.message.contains("newer jotter") == true)
        #expect(error?.message.contains(test.database) == true)
        #expect(throws: JotterError.self) { try Hub(test.remote()).check() }
    }

    @Test func aHubOfTheVersionBeforeIsBroughtUpToDateByItsOwnerAndRefusedToOthers() throws {
        let test = try TestHub()
        let erin = "erin_" + String(test.database.suffix(8))
        try test.sql("CREATE ROLE \(erin) LOGIN")
        _ = try test.hub()
        try test.sql("INSERT INTO jotter.member (journal, role) VALUES ('main', '\(erin)')")
        let replica = ArrayReplica(1)
        replica.make(2)
        try test.hub().push(replica.outgoing)
        // The tables as hub schema version 1 made them: operations without a base.
        try test.sql("ALTER TABLE jotter.op DROP COLUMN base; \(HubTests.withoutTheChain) UPDATE jotter.version SET version = 1")

        // A member who does not own the tables is told who can bring them up to date,
        // by sync and by remote set alike, and they are left as they were.
        let bySync = #expect(throws: JotterError.self) { try Hub(test.remote(role: erin)).check() }
        #expect(bySync?.kind == .hub)
        #expect(bySync?.message.contains("hub schema version 1 and this jotter needs \(HubSchema.version)") == true)
        #expect(bySync?.message.contains("their owner") == true)
        #expect(throws: JotterError.self) { try test.hub(role: erin) }
        #expect(try test.sql("SELECT version FROM jotter.version") == "1")
        #expect(try test.sql("SELECT count(*) FROM information_schema.columns WHERE table_name = 'op' AND column_name = 'base'") == "0")

        // The owner's sync brings them up to date; what was stored before has no base.
        try Hub(test.remote()).check()
        #expect(try test.sql("SELECT version FROM jotter.version") == "\(HubSchema.version)")
        let hub = try test.hub(role: erin)
        let later = SyncOperation(replica: ArrayReplica(2).id, counter: 1, stamp: 9 << 16, node: HubTests.node(1),
                                  property: "text", value: "\"later\"", base: 1 << 16)
        #expect(try hub.push([later]) == 1)
        let pulled = try hub.pull(after: 0, limit: 10).operations
        #expect(pulled.map(\.base) == [nil, nil, 1 << 16])
        #expect(pulled.last == later)
    }

    /// A sealed push is bound to the positions its maker gave it: one of which the hub
    /// holds an operation already, or made on a head that moved, stores nothing.
    @Test func aWholePushStoresEveryOperationOnItsHeadOrNothing() throws {
        let test = try TestHub()
        let hub = try test.hub()
        let replica = ArrayReplica(1)
        replica.make(2)
        let first = replica.outgoing
        #expect(try hub.push(first) == 2)
        let head = try hub.chain(at: 0).head
        replica.make(1)
        let again = first.suffix(1) + replica.outgoing.suffix(1)
        #expect(try hub.held(Array(again)) == [OperationKey(first[1])])
        #expect(try hub.push(Array(again), onto: head, whole: true) == .headMoved)
        #expect(try test.sql("SELECT count(*) FROM jotter.op") == "2")
        let fresh = Array(replica.outgoing.suffix(1))
        #expect(try hub.push(fresh, onto: HubHead(position: 1, hash: head.hash), whole: true) == .headMoved)
        guard case .landed(let added, let newHead) = try hub.push(fresh, onto: head, whole: true) else {
            Issue.record("the push on the head did not land")
            return
        }
        #expect(added == 1 && newHead?.position == 3)
        #expect(newHead?.hash == (try hub.chain(at: 3).hashAt))
    }

    /// A pull read the journal's last position again for every row it returned. It reads
    /// it once, as the top of the primary key: the planner's statistics of a journal
    /// begun beside a larger one say it is empty until gathered again, and max() then
    /// read every entry of the journal.
    @Test func aPullReadsTheJournalsEndOnceHoweverStaleTheStatistics() throws {
        let test = try TestHub()
        let small = ArrayReplica(2)
        do {
            let bigHub = try test.hub(journal: "big")
            try test.sql("ALTER TABLE jotter.op SET (autovacuum_enabled = false)")
            let big = ArrayReplica(1)
            big.make(3000)
            try bigHub.push(big.outgoing)
            try test.sql("ANALYZE jotter.op")
            small.make(3000)
            try test.hub(journal: "small").push(small.outgoing)
        }
        // A backend hands its counts over as it ends, and only then are they reset.
        let jotterGone = "SELECT (count(*) = 0)::int FROM pg_stat_activity WHERE datname = current_database() AND application_name = 'jotter'"
        try test.server.waitUntil(jotterGone, database: test.database)
        try test.sql("SELECT pg_stat_reset()")
        do {
            let page = try test.hub(journal: "small").pull(after: 2900, limit: 50)
            #expect(page.operations.count == 50 && page.lastPosition == 2950)
        }
        try test.server.waitUntil(jotterGone, database: test.database)
        let counts = try test.sql("""
            SELECT (SELECT coalesce(sum(idx_tup_read), 0) FROM pg_stat_user_indexes WHERE relid = 'jotter.op'::regclass)
                 + (SELECT coalesce(sum(seq_tup_read), 0) FROM pg_stat_user_tables WHERE relid = 'jotter.op'::regclass),
                   (SELECT coalesce(sum(idx_scan), 0) FROM pg_stat_user_indexes WHERE relid = 'jotter.op'::regclass)
                 + (SELECT coalesce(sum(seq_scan), 0) FROM pg_stat_user_tables WHERE relid = 'jotter.op'::regclass)
            """).split(separator: "|").map { Int($0) ?? .max }
        #expect(counts.count == 2 && counts[0] < 3000 && counts[1] < 50,
                "to pull 50 operations, jotter.op was read \(counts.last ?? 0) times, \(counts.first ?? 0) entries in all")
    }

    /// Compiling a statement to machine code costs more than a page of a pull takes, and
    /// PostgreSQL decides it by a cost estimate that grows with the journal.
    @Test func aHubConnectionCompilesNoStatement() throws {
        let hub = try TestHub().hub()
        var setting = ""
        try hub.connection.query("SHOW jit") { setting = $0.string(0) ?? "" }
        #expect(setting == "off")
    }

    @Test func anOperationPushedTwiceIsStoredOnce() throws {
        let test = try TestHub()
        let hub = try test.hub()
        let replica = ArrayReplica(1)
        replica.make(3)
        #expect(try hub.push(replica.outgoing) == 3)
        #expect(try hub.push(replica.outgoing) == 0)
        // A push cut short and made again with more behind it stores only the new ones.
        replica.make(2)
        #expect(try hub.push(replica.outgoing) == 2)
        // A node is created once, whoever pushes its creation again.
        let creation = SyncOperation(replica: replica.id, counter: 100, stamp: 1, node: HubTests.node(7),
                                     property: "create", value: "{}")
        var again = creation
        again.counter = 101
        #expect(try hub.push([creation, again]) == 1)
        #expect(try test.sql("SELECT count(*), max(position) FROM jotter.op") == "6|6")
    }

    @Test func pullsFollowOneOrderWithoutGaps() throws {
        let test = try TestHub()
        let hub = try test.hub()
        let first = ArrayReplica(1)
        let second = ArrayReplica(2)
        first.make(4)
        second.make(3)
        try hub.push(Array(first.outgoing.prefix(2)))
        try hub.push(second.outgoing)
        try hub.push(Array(first.outgoing.suffix(2)))
        let all = try hub.pull(after: 0, limit: 100)
        #expect(all.lastPosition == 7)
        #expect(all.operations.map(\.counter) == [1, 2, 1, 2, 3, 3, 4])
        #expect(all.operations.map(\.replica) == [first.id, first.id, second.id, second.id, second.id, first.id, first.id])
        // Pages after a cursor give the same order, a page at a time.
        let page = try hub.pull(after: 2, limit: 3)
        #expect(page.operations == Array(all.operations[2..<5]))
        #expect(page.lastPosition == 5)
        #expect(try hub.pull(after: 7, limit: 100).operations.isEmpty)
    }

    @Test func aPullPassesOverThePullersOwnOperationsAndStillReachesTheEnd() throws {
        let test = try TestHub()
        let hub = try test.hub()
        let mine = ArrayReplica(1)
        let theirs = ArrayReplica(2)
        mine.make(3)
        theirs.make(2)
        try hub.push(Array(theirs.outgoing.prefix(1)))
        try hub.push(mine.outgoing)
        let first = try hub.pull(after: 0, limit: 100, passingOver: mine.id)
        #expect(first.operations.map(\.replica) == [theirs.id])
        // Its own operations at the journal's end are passed over, cursor and all: the
        // next pull does not read them again.
        #expect(first.lastPosition == 4)
        #expect(try hub.pull(after: 4, limit: 100, passingOver: mine.id).operations.isEmpty)
        // What another machine pushes after them is not passed over.
        try hub.push(Array(theirs.outgoing.suffix(1)))
        let second = try hub.pull(after: first.lastPosition, limit: 100, passingOver: mine.id)
        #expect(second.operations == Array(theirs.outgoing.suffix(1)))
        #expect(second.lastPosition == 5)
        // A full page stops at its last operation: what lies beyond it is read next.
        let paged = try hub.pull(after: 0, limit: 1, passingOver: mine.id)
        #expect(paged.lastPosition == 1)
        let next = try hub.pull(after: paged.lastPosition, limit: 1, passingOver: mine.id)
        #expect(next.operations == Array(theirs.outgoing.suffix(1)))
        #expect(next.lastPosition == 5)
    }

    @Test func aReaderNeverPassesOverAPushThatCommitsLate() throws {
        let test = try TestHub()
        let reader = try test.hub()
        let late = ArrayReplica(1)
        late.make(1)
        // A push in flight: it holds the journal's lock and its position, and has not
        // committed yet.
        let inFlight = try HubConnection(conninfo: test.server.conninfo(test.database))
        try inFlight.execute("BEGIN")
        try inFlight.query("SELECT next_position FROM jotter.journal WHERE name = 'main' FOR UPDATE")
        try inFlight.query("""
            INSERT INTO jotter.op (journal, position, replica, counter, stamp, node, property, value)
            VALUES ('main', 1, $1, 1, 1, NULL, 'text', '"late"')
            """, [late.id.description])
        try inFlight.query("UPDATE jotter.journal SET next_position = 2 WHERE name = 'main'")
        // Another machine pushes meanwhile; its push waits for the lock.
        let conninfo = test.server.conninfo(test.database)
        let finished = DispatchSemaphore(value: 0)
        let pushed = LockedBox<Result<Int, Error>?>(nil)
        Thread.detachNewThread {
            let other = ArrayReplica(2)
            other.make(1)
            pushed.value = Result { try Hub(HubRemote(conninfo: conninfo)).push(other.outgoing) }
            finished.signal()
        }
        while try test.sql("SELECT count(*) FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND datname = current_database()") != "1" {
            usleep(10_000)
        }
        #expect(try reader.pull(after: 0, limit: 100).operations.isEmpty)
        try inFlight.execute("COMMIT")
        finished.wait()
        #expect(try pushed.value?.get() == 1)
        let pulled = try reader.pull(after: 0, limit: 100)
        #expect(pulled.operations.map(\.replica) == [late.id, ArrayReplica(2).id])
        #expect(pulled.lastPosition == 2)
    }

    @Test func aRoleGrantedOneJournalCannotReadOrWriteAnother() throws {
        let test = try TestHub()
        let suffix = String(test.database.suffix(8))
        let (alice, bob) = ("alice_" + suffix, "bob_" + suffix)
        try test.sql("CREATE ROLE \(alice) LOGIN; CREATE ROLE \(bob) LOGIN")
        _ = try test.hub(journal: "alices")
        _ = try test.hub(journal: "bobs")
        try test.sql("INSERT INTO jotter.member (journal, role) VALUES ('alices', '\(alice)'), ('bobs', '\(bob)')")

        let alicesReplica = ArrayReplica(1)
        alicesReplica.make(2)
        #expect(try test.hub(journal: "alices", role: alice).push(alicesReplica.outgoing) == 2)
        let bobsReplica = ArrayReplica(2)
        bobsReplica.make(1)
        #expect(try test.hub(journal: "bobs", role: bob).push(bobsReplica.outgoing) == 1)

        // Through jotter: the other journal is not there for them.
        let refused = #expect(throws: JotterError.self) { try test.hub(journal: "alices", role: bob) }
        #expect(refused?.message.contains("not there for this role") == true)
        // Through SQL of their own: nothing of it can be read, and nothing written.
        #expect(try test.sql("SELECT count(*) FROM jotter.op", role: bob) == "1")
        #expect(try test.sql("SELECT count(*) FROM jotter.journal WHERE name = 'alices'", role: bob) == "0")
        #expect(try test.sql("SELECT count(*) FROM jotter.member", role: bob) == "1")
        #expect(throws: PostgresServerError.self) {
            try test.sql("""
                INSERT INTO jotter.op (journal, position, replica, counter, stamp, property, value)
                VALUES ('alices', 99, gen_random_uuid(), 1, 1, 'text', '"bob was here"')
                """, role: bob)
        }
        #expect(throws: PostgresServerError.self) {
            try test.sql("INSERT INTO jotter.member (journal, role) VALUES ('alices', '\(bob)')", role: bob)
        }
        try test.sql("UPDATE jotter.journal SET next_position = 1 WHERE name = 'alices'", role: bob)
        #expect(throws: PostgresServerError.self) { try test.sql("DELETE FROM jotter.op", role: bob) }
        #expect(try test.sql("SELECT count(*), max(next_position) FROM jotter.op JOIN jotter.journal ON name = journal WHERE journal = 'alices'")
            == "2|3")
        // A group role's members share its journals.
        let team = "team_" + suffix
        try test.sql("CREATE ROLE \(team) NOLOGIN; GRANT \(team) TO \(bob); INSERT INTO jotter.member VALUES ('alices', '\(team)')")
        #expect(try test.hub(journal: "alices", role: bob).pull(after: 0, limit: 10).operations.count == 2)
    }

    @Test(arguments: [
        "it's \"quoted\"; DROP TABLE jotter.op; --",
        "back\\slash \\N \\. tab\there\nnew line\r\n",
        "$1 $2 %s %n {\"json\": [1, 2]}",
        "multilingual: Grüße, 日本語, עברית, emoji 🎉",
        String(repeating: "a long entry, ", count: 80_000),
    ])
    func textIsDataOnTheWayInAndOut(_ text: String) throws {
        let test = try TestHub()
        let journal = "journal '\(text.prefix(40))'".filter { !$0.isNewline && $0 != "\t" }
        let hub = try test.hub(journal: journal)
        let operation = SyncOperation(replica: ArrayReplica(1).id, counter: 1, stamp: 5, node: nil,
                                      property: "field:\(text.prefix(30))", value: text)
        #expect(try hub.push([operation]) == 1)
        #expect(try hub.pull(after: 0, limit: 10).operations == [operation])
        #expect(try test.sql("SELECT count(*) FROM jotter.op") == "1")
    }

    @Test func aPullIsCutIntoBatchesOfBoundedSize() throws {
        let test = try TestHub()
        let hub = try test.hub()
        let replica = ArrayReplica(1)
        let megabyte = String(repeating: "x", count: 1 << 20)
        replica.make(12) { _ in megabyte }
        try hub.push(replica.outgoing)
        let first = try hub.pull(after: 0, limit: 100)
        #expect(first.operations.count == Hub.batchValueBytes >> 20)
        let rest = try hub.pull(after: first.lastPosition, limit: 100)
        #expect(rest.operations.count == 12 - first.operations.count)
    }

    /// A long value arrives whole, as it was pushed, one written as no jotter writes
    /// it (a raw tab, half a surrogate pair) too.
    @Test func aLongValueArrivesAsItWasPushed() throws {
        let test = try TestHub()
        let hub = try test.hub()
        let replica = ArrayReplica(1)
        let long = String(repeating: "tab\there \"quoted\" back\\slash 漢字 🎉 ", count: 20_000)
        replica.make(2) { $0 == 1 ? SyncValue.quoted(long) : "\"" + long + " half a pair \\ud800\"" }
        try hub.push(replica.outgoing)
        let pulled = try hub.pull(after: 0, limit: 10).operations
        #expect(pulled.map(\.value) == replica.outgoing.map(\.value))
    }

    /// A batch ends after a run of one machine's purges (a `trash --empty`), never
    /// inside it, however small the batches and however long the run; in a sealed
    /// journal too, where a purge is known only once opened.
    @Test(arguments: [false, true])
    func aPullNeverEndsABatchAmongOneMachinesPurges(sealed: Bool) throws {
        let test = try TestHub()
        let hub = try test.hub()
        let seal = sealed ? JournalSeal(journal: "main", keys: [1: JournalPassphraseKey.newJournalKey()]) : nil
        let (emptier, other, puller) = (ArrayReplica(1), ArrayReplica(2), ArrayReplica(3))
        func operation(_ replica: ArrayReplica, _ counter: Int64, _ property: String) -> SyncOperation {
            SyncOperation(replica: replica.id, counter: counter, stamp: counter << 16, node: HubTests.node(counter),
                          property: property, value: property == "purge" ? "true" : "\"text\"")
        }
        func push(_ operations: [SyncOperation]) throws {
            let head = try hub.chain(at: 0).head
            _ = try hub.push(seal?.sealing(operations, onto: head) ?? operations, onto: seal == nil ? nil : head)
        }
        try push([operation(emptier, 1, "text")] + (2...5).map { operation(emptier, $0, "purge") })
        try push([operation(other, 6, "purge"), operation(other, 7, "text")])
        _ = try Sync.run(puller, with: test.hub(), seal: seal, pullBatchSize: 2)
        #expect(puller.batches == [[1, 2, 3, 4, 5], [6, 7]])
        #expect(puller.pulled.map(\.property) == ["text", "purge", "purge", "purge", "purge", "purge", "text"])
    }

    @Test func aSyncSendsAndReceivesThenFindsNothingNew() throws {
        let test = try TestHub()
        let laptop = ArrayReplica(1)
        let desktop = ArrayReplica(2)
        laptop.make(7)
        desktop.make(5)
        let laptopSync = try Sync.run(laptop, with: test.hub(), batchSize: 3)
        #expect(laptopSync.sent == 7 && laptopSync.received == 0)
        let desktopSync = try Sync.run(desktop, with: test.hub(), batchSize: 3, pullBatchSize: 3)
        #expect(desktopSync.sent == 5 && desktopSync.received == 7)
        #expect(try Sync.run(laptop, with: test.hub()).received == 5)
        // Each pulled the other's operations, and none of its own back.
        #expect(laptop.pulled.map(\.replica) == Array(repeating: desktop.id, count: 5))
        #expect(desktop.pulled.map(\.replica) == Array(repeating: laptop.id, count: 7))
        let again = try Sync.run(desktop, with: test.hub())
        #expect(again == SyncSummary())
        #expect(again.line == "sent 0, received 0")
        // Every machine that syncs is registered with how far it has pulled.
        #expect(try test.sql("SELECT string_agg(pulled_to::text, ',' ORDER BY replica) FROM jotter.replica") == "12,12")
    }

    @Test func aPushOnAHeadThatMovedStoresNothing() throws {
        let test = try TestHub()
        let hub = try test.hub()
        let first = ArrayReplica(1)
        let second = ArrayReplica(2)
        first.make(2)
        second.make(2)
        guard case .landed(2, let head?) = try hub.push(first.outgoing, onto: .empty) else {
            Issue.record("the first push on an empty journal did not land")
            return
        }
        #expect(head.position == 2 && head.hash.count == 64)
        #expect(try hub.push(second.outgoing, onto: .empty) == .headMoved)
        #expect(try test.sql("SELECT count(*) FROM jotter.op") == "2")
        #expect(try hub.push(second.outgoing, onto: head) != .headMoved)
        #expect(try hub.chain(at: 2).hashAt == head.hash)
        #expect(try hub.chain(at: 0).head.position == 4)
    }

    /// A hub of schema version 2, as the jotter before the chain made it and pushed to,
    /// and a replica that synced with it and keeps no link: the owner's sync chains
    /// every operation in one transaction, the replica takes the link at its cursor,
    /// and the next syncs go on with nothing lost.
    @Test func aHubOfVersionTwoIsChainedWithNothingLost() throws {
        let test = try TestHub()
        let laptop = ArrayReplica(1)
        let desktop = ArrayReplica(2)
        laptop.make(3)
        desktop.make(2)
        _ = try Sync.run(laptop, with: test.hub())
        _ = try Sync.run(desktop, with: test.hub())
        try test.sql(HubTests.withoutTheChain + " UPDATE jotter.version SET version = 2")
        laptop.hash = nil
        try Hub(test.remote()).check()
        #expect(try test.sql("SELECT version FROM jotter.version") == "\(HubSchema.version)")
        #expect(try test.sql("SELECT count(*) FROM jotter.op WHERE hash IS NULL") == "0")
        laptop.make(1)
        let synced = try Sync.run(laptop, with: test.hub())
        #expect(synced.sent == 1 && synced.received == 2)
        #expect(laptop.hash == (try test.hub().chain(at: 6).hashAt))
        #expect(try Sync.run(desktop, with: test.hub()).received == 1)
        #expect(try test.sql("SELECT count(*), max(position) FROM jotter.op") == "6|6")
    }

    /// A purge whose acknowledgement was lost, and a done mark made elsewhere that
    /// landed after it: the store that purged the entry brings it back into the trash as
    /// every other machine does, its journal sealed or not. The hub passes over a
    /// store's own operations only while the store knows where they landed; a push
    /// whose operations it held already leaves that not known.
    @Test(arguments: [false, true])
    func aPurgeWhoseAcknowledgementWasLostStandsBeforeADoneMarkThatLandedAfterIt(sealed: Bool) throws {
        let syncing = try SyncingMachines(sealed: sealed)
        let machines = syncing.machines
        let (a, b, c) = (machines.a, machines.b, machines.stores[2])
        let entry = try machines.add("e", in: a)
        _ = try machines.add("f", in: a)
        try syncing.sync(a, b, c)
        try a.remove([try machines.node(entry.id, in: a)])
        #expect(try a.emptyTrash() == 1)
        try syncing.pushLosingTheAcknowledgement(a)
        try machines.later(b)
        try b.markDone([try machines.node(entry.id, in: b)])
        try syncing.sync(b, c, a, b, c, a)
        try machines.expectEveryStoreAlike(c)
        for store in machines.stores {
            #expect(try store.node(id: entry.id, includingHidden: true) != nil)
        }
    }

    /// An edit whose acknowledgement was lost, made again here (another counter), a purge
    /// of another entry made here after it, and a done mark of that entry elsewhere that
    /// landed between the two edits: the purge, last in the hub's order, deletes the
    /// entry on every machine, sealed or not. The lost edit, given back by the pull, is
    /// logged where it landed and passed alone, not with the purge at its place.
    @Test(arguments: [false, true])
    func anEditNeverAcknowledgedGivenBackDoesNotPassALaterPurgeAtItsPlace(sealed: Bool) throws {
        let syncing = try SyncingMachines(sealed: sealed)
        let machines = syncing.machines
        let (a, b, c) = (machines.a, machines.b, machines.stores[2])
        let edited = try machines.add("e1", in: a)
        let purged = try machines.add("e2", in: a)
        _ = try machines.add("f", in: a)
        try syncing.sync(a, b, c)
        #expect(try a.edit(machines.node(edited.id, in: a), text: "e1 once"))
        try syncing.pushLosingTheAcknowledgement(a)
        try machines.later(b)
        try b.markDone([try machines.node(purged.id, in: b)])
        try syncing.sync(b)
        try machines.later(a)
        try machines.later(a)
        #expect(try a.edit(machines.node(edited.id, in: a), text: "e1 twice"))
        try a.remove([try machines.node(purged.id, in: a)])
        #expect(try a.emptyTrash() == 1)
        try syncing.sync(a, b, c, a, b, c)
        try machines.expectEveryStoreAlike(c)
        for store in machines.stores {
            #expect(try store.node(id: purged.id, includingHidden: true) == nil)
        }
    }

    @Test func aWrongPasswordFailsInOneLineThatNeverHoldsIt() throws {
        let test = try TestHub()
        let role = "carol_" + String(test.database.suffix(8))
        try test.sql("CREATE ROLE \(role) LOGIN PASSWORD 'right horse battery'; GRANT \(PostgresServer.passwordGroup) TO \(role)")
        let noPasswords = TemporaryFolder().file("pgpass")
        let error = #expect(throws: JotterError.self) {
            try Hub(HubRemote(conninfo: test.server.conninfo(test.database, role: role) + " passfile=\(noPasswords)"))
        }
        #expect(error?.kind == .hub)
        #expect(error?.message.contains("password") == true)
        #expect(error?.message.contains(test.database) == true)
        #expect(error?.message.contains("\n") == false)
        let given = #expect(throws: JotterError.self) {
            try HubRemote(conninfo: test.server.conninfo(test.database, role: role) + " password='right horse battery'")
        }
        #expect(given?.message.contains("horse") == false)
        #expect(given?.message.contains("~/.pgpass") == true)
        #expect(throws: JotterError.self) { try HubRemote(conninfo: "postgresql://\(role):secret@localhost/db") }
    }

    /// libpq quotes the part of a connection string it cannot read, which is often a
    /// password it could not read either; and the client key's passphrase is a secret
    /// as much as the password is.
    @Test(arguments: [
        "host=/tmp dbname=journal password=correct horse",
        "postgresql://alice:correct%zzhorse@localhost/journal",
        "host=/tmp dbname=journal sslpassword='correct horse'",
        "postgresql://alice@localhost/journal?sslpassword=correct%20horse",
        "host=/tmp dbname=journal sslpassword=correct horse",
        "host=/tmp dbname=journal password=correct h",
    ])
    func noSecretOfAConnectionStringIsKeptOrRepeated(conninfo: String) throws {
        let refused = #expect(throws: JotterError.self) { try HubRemote(conninfo: conninfo) }
        #expect(refused?.kind == .input)
        let secret = String(conninfo.split(separator: " ").last ?? "")
        #expect(refused?.message.contains("\"\(secret)\"") == false && refused?.message.contains("horse") == false,
                "\(refused?.message ?? "")")
    }

    @Test func aHubThatIsDownFailsInOneLineNamingIt() throws {
        let folder = TemporaryFolder()
        let error = #expect(throws: JotterError.self) {
            try Hub(HubRemote(conninfo: "host=\(folder.path) dbname=journal"))
        }
        #expect(error?.kind == .hub)
        #expect(error?.message.hasPrefix("hub journal at socket \(folder.path): ") == true)
        #expect(error?.message.contains("\n") == false)
    }
}

/// Three stores syncing through `Sync.run` with a hub of a test's own, its journal
/// sealed or not.
struct SyncingMachines {
    let test: TestHub
    let hub: Hub
    let seal: JournalSeal?
    let machines: Machines

    init(sealed: Bool) throws {
        test = try TestHub()
        hub = try test.hub()
        seal = sealed ? JournalSeal(journal: "main", keys: [1: JournalPassphraseKey.newJournalKey()]) : nil
        machines = try Machines(count: 3)
    }

    func sync(_ stores: Store...) throws {
        for store in stores { _ = try Sync.run(store, with: hub, seal: seal) }
    }

    /// Pushes what `store` has to send, sealed onto the head when the journal is, and
    /// never tells the store: the hub holds it, the store waits to send it again.
    func pushLosingTheAcknowledgement(_ store: Store) throws {
        let outgoing = try store.outgoingOperations(limit: 10)
        let head = try hub.chain(at: 0).head
        _ = try hub.push(seal?.sealing(outgoing, onto: head) ?? outgoing, onto: seal == nil ? nil : head)
    }
}

/// A value shared with another thread, under a lock.
final class LockedBox<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value

    init(_ value: Value) { stored = value }

    var value: Value {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }
}

/// A hub that lost what a store pushed and heard acknowledged, but never pulled past.
@Suite struct HubLossOfAcknowledgedTests {
    /// A sync cut short between the hub's acknowledgement and the pull, then the hub
    /// put back from a backup taken before the push: the store's cursor stands before
    /// anything the hub lost, so its chain holds there, while the operations it heard
    /// acknowledged are gone, and other machines' take their positions.
    @Test func aPushAcknowledgedThenLostWithTheHubIsToldAndGivenBack() throws {
        let test = try TestHub()
        let folder = TemporaryFolder()
        let a = try Store(path: folder.file("a.sqlite3"))
        let b = try Store(path: folder.file("b.sqlite3"))
        _ = try a.addEntry("milk", under: .root, historyLine: nil)
        _ = try Sync.run(a, with: test.hub())
        _ = try Sync.run(b, with: test.hub())
        let backup = folder.file("hub.dump")
        try test.server.dump(test.database, to: backup)
        _ = try a.addEntry("bread", under: .root, historyLine: nil)
        let hub = try test.hub()
        let outgoing = try a.outgoingOperations(limit: 100)
        guard case .landed(let added, let head) = try hub.push(outgoing, onto: nil) else {
            Issue.record("the push did not land")
            return
        }
        try a.acknowledge(outgoing, movingCursorFrom: nil, to: head, allAdded: added == outgoing.count)
        try test.server.restore(test.database, from: backup)
        _ = try b.addEntry("eggs", under: .root, historyLine: nil)
        _ = try Sync.run(b, with: test.hub())

        #expect(throws: JotterError.self) { _ = try Sync.run(a, with: test.hub()) }
        _ = try Sync.rebuild(a, with: test.hub())
        _ = try Sync.run(b, with: test.hub())
        for store in [a, b] {
            #expect(try store.children(of: nil).map(\.text).sorted() == ["bread", "eggs", "milk"])
        }
    }
}
