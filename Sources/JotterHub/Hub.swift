import JotterCore

/// jotter's side of a PostgreSQL hub: one journal's operations, pushed idempotently and
/// pulled in the one order the hub gives them.
public final class Hub {
    public let journal: String
    let connection: HubConnection

    /// The hub as messages name it (`hub jotter at db.example.com:5432`).
    public var name: String { connection.name }

    /// A pull reads at most this many bytes of values in one batch, so that the
    /// operations in memory stay bounded when entries are long.
    static let batchValueBytes = 8 << 20
    /// An operation whose value is longer than this is refused by the pull, not read:
    /// room for an entry at its cap whose every byte JSON escapes as six, with its
    /// field values (docs/sync.md, "Long values").
    public static let largestValueBytes = 8 << 20
    /// An operation whose property is longer than this is refused by the pull, not read:
    /// the longest a jotter writes is `fielddef:` and a field name of 64 characters. A
    /// property is not counted in a page's bytes, and a page of long ones took a pull's
    /// memory far past the page's bound.
    public static let largestPropertyBytes = 1024

    /// Connects to the hub that `remote` names. Nothing is read or written yet.
    public init(_ remote: HubRemote) throws {
        journal = remote.journal
        connection = try HubConnection(conninfo: remote.conninfo)
    }

    /// Creates jotter's tables when the hub has none, all in one transaction, and the
    /// journal's row when missing; brings tables of an older jotter up to date, and
    /// refuses a hub set up by a newer jotter.
    public func prepare() throws {
        try connection.transaction {
            // Two machines setting up the same hub at once make the tables once.
            try connection.query("SELECT pg_advisory_xact_lock(hashtext('jotter.schema'))")
            var exists = false
            try connection.query("SELECT to_regclass('jotter.version') IS NOT NULL") { row in
                exists = row.string(0) == "t"
            }
            if !exists {
                var mayCreate = false
                try connection.query("SELECT has_database_privilege(current_database(), 'CREATE')") { row in
                    mayCreate = row.string(0) == "t"
                }
                guard mayCreate else {
                    throw connection.failure(
                        "the hub has no jotter tables and this role may not create them; a DBA can run what 'jotter remote schema' prints")
                }
                try connection.execute(HubSchema.statements)
            }
            try upgradeIfOlder()
            // A member's insert is checked by row-level security; a journal already
            // there inserts nothing.
            // A journal this role may not see refuses the insert: requireJournal says so.
            try connection.execute("SAVEPOINT journal")
            do {
                try connection.query("INSERT INTO jotter.journal (name) VALUES ($1) ON CONFLICT DO NOTHING", [journal])
            } catch {
                try connection.execute("ROLLBACK TO SAVEPOINT journal")
            }
        }
        try requireJournal()
    }

    /// Refuses a hub without jotter's tables, or with a newer jotter's; brings tables of
    /// an older jotter up to date.
    public func check() throws {
        guard try hasTables() else {
            throw connection.failure("the hub has no jotter tables; 'jotter remote set' creates them")
        }
        if try checkVersion() < HubSchema.version {
            try connection.transaction {
                try connection.query("SELECT pg_advisory_xact_lock(hashtext('jotter.schema'))")
                try upgradeIfOlder()
            }
        }
        try requireJournal()
    }

    /// Whether the hub's database has jotter's tables.
    public func hasTables() throws -> Bool {
        var exists = false
        try connection.query("SELECT to_regclass('jotter.version') IS NOT NULL") { row in exists = row.string(0) == "t" }
        return exists
    }

    /// The version of the hub's tables, refused when it is a newer jotter's.
    @discardableResult
    private func checkVersion() throws -> Int64 {
        var version: Int64?
        try connection.query("SELECT max(version) FROM jotter.version") { row in version = row.int64(0) }
        guard let version else { throw connection.failure("the hub's table jotter.version is empty") }
        if version > HubSchema.version {
            throw connection.failure(
                "the hub was set up by a newer jotter (hub schema version \(version); this jotter knows \(HubSchema.version)); upgrade jotter")
        }
        return version
    }

    /// Brings tables of an older jotter to this one's version, inside the caller's
    /// transaction and under its lock on the schema, so that two machines upgrading at
    /// once upgrade once. Only the tables' owner may alter them: another role is
    /// refused in one line saying who can, rather than syncing without what the older
    /// tables cannot hold.
    private func upgradeIfOlder() throws {
        var version = try checkVersion()
        guard version < HubSchema.version else { return }
        var owns = false
        try connection.query("""
            SELECT pg_has_role(current_user, relowner, 'USAGE') FROM pg_class WHERE oid = 'jotter.op'::regclass
            """) { row in owns = row.string(0) == "t" }
        guard owns else {
            throw connection.failure(
                "the hub's tables are of hub schema version \(version) and this jotter needs \(HubSchema.version); their owner brings them up to date with 'jotter remote set' (or what 'jotter remote schema' shows)")
        }
        while version < HubSchema.version, let statements = HubSchema.upgrades[version] {
            try connection.execute(statements)
            version += 1
        }
    }

    private func requireJournal() throws {
        var found = false
        try connection.query("SELECT 1 FROM jotter.journal WHERE name = $1", [journal]) { _ in found = true }
        guard found else {
            throw connection.failure(
                "the journal '\(journal)' is not there for this role (it is made by the tables' owner, and a role sees the journals jotter.member gives it)")
        }
    }

    /// The last operation of the journal's hash chain, and the hash of the last one at
    /// or before `position`: what a store that pulled up to `position` compares with
    /// the hash it remembers. The chain's head is the journal's end: rows written by
    /// hand past it, with no hash, are not in the order until a push takes them in.
    public func chain(at position: Int64) throws -> (head: HubHead, hashAt: String?) {
        var head: HubHead?
        var hashAt: String?
        try connection.query("""
            SELECT coalesce(head.position, 0), coalesce(encode(head.hash, 'hex'), ''),
                   CASE WHEN $2::bigint = 0 THEN '' ELSE encode(at.hash, 'hex') END
            FROM jotter.journal AS journal
            LEFT JOIN LATERAL (SELECT position, hash FROM jotter.op WHERE op.journal = journal.name AND hash IS NOT NULL
                               ORDER BY position DESC LIMIT 1) AS head ON true
            LEFT JOIN LATERAL (SELECT hash FROM jotter.op WHERE op.journal = journal.name AND hash IS NOT NULL
                               AND position <= $2::bigint ORDER BY position DESC LIMIT 1) AS at ON true
            WHERE journal.name = $1
            """, [journal, String(position)]) { row in
            head = HubHead(position: row.int64(0) ?? 0, hash: row.string(1) ?? "")
            hashAt = row.string(2)
        }
        guard let head else { throw connection.failure("the journal '\(journal)' is not there for this role") }
        return (head, hashAt)
    }

    /// Which of `operations` the journal holds already, by replica and counter: those a
    /// machine pushed and never heard back about.
    public func held(_ operations: [SyncOperation]) throws -> Set<OperationKey> {
        guard !operations.isEmpty else { return [] }
        var held = Set<OperationKey>()
        let replicas = "{" + operations.map(\.replica.description).joined(separator: ",") + "}"
        let counters = "{" + operations.map { String($0.counter) }.joined(separator: ",") + "}"
        try connection.query("""
            SELECT op.replica, op.counter FROM jotter.op
            JOIN unnest($2::uuid[], $3::bigint[]) AS wanted (replica, counter)
              ON op.replica = wanted.replica AND op.counter = wanted.counter
            WHERE op.journal = $1
            """, [journal, replicas, counters]) { row in
            if let replica = row.string(0).flatMap(NodeID.init), let counter = row.int64(1) {
                held.insert(OperationKey(replica: replica, counter: counter))
            }
        }
        return held
    }

    /// Stores `operations` in the journal on top of `base`, the head its maker pulled
    /// up to, all in one transaction: when the journal's head is no longer `base`,
    /// another machine pushed first, nothing is stored and the maker pulls and tries
    /// again (nil `base`: on top of whatever is there, as a rebuild sends what the hub
    /// lost). An operation already stored (the same replica and counter, or a second
    /// creation of a node) is passed over, so a push cut short can be made again. Each
    /// stored operation gets the next position and its link of the hash chain. With
    /// `whole`, a push of which any operation is passed over stores nothing and is
    /// taken as a head that moved: sealed operations are bound to the positions their
    /// maker gave them.
    public func push(_ operations: [SyncOperation], onto base: HubHead?, whole: Bool = false) throws -> HubPushOutcome {
        guard !operations.isEmpty else { return .landed(added: 0, head: base) }
        do {
            return try connection.transaction { try pushInTransaction(operations, onto: base, whole: whole) }
        } catch is PushNotWhole {
            return .headMoved
        }
    }

    private struct PushNotWhole: Error {}

    private func pushInTransaction(_ operations: [SyncOperation], onto base: HubHead?, whole: Bool) throws -> HubPushOutcome {
        try connection.execute("""
            CREATE TEMPORARY TABLE IF NOT EXISTS jotter_incoming (
                ordinal bigint, replica uuid, counter bigint, stamp bigint, node uuid, property text, value text,
                base bigint
            ) ON COMMIT DELETE ROWS
            """)
        try connection.copy("COPY jotter_incoming FROM STDIN") { send in
            try withoutActuallyEscaping(send) { send in
                var rows = HubCopyText(send: send)
                for (index, operation) in operations.enumerated() {
                    try rows.append(operation, ordinal: index + 1)
                }
                try rows.finish()
            }
        }
        // A temporary table is never analysed by autovacuum, so the planner guessed
        // hundreds of rows in it and hashed the journal's every operation to find the
        // new ones, so that a push of one change took longer the larger the hub. Counted,
        // it looks each one up in the indexes.
        try connection.execute("ANALYZE jotter_incoming")
        // The journal's row is locked until the commit: pushes land one after another,
        // each on the head the one before left. The head is read by a statement of its
        // own, after the lock: one that waited for the lock in the same statement kept
        // the snapshot it began with, and numbered from a head already taken.
        var locked = false
        try connection.query("SELECT 1 FROM jotter.journal WHERE name = $1 FOR UPDATE", [journal]) { _ in locked = true }
        var found: (head: HubHead, last: Int64)?
        if locked {
            try connection.query("""
                SELECT coalesce(head.position, 0), coalesce(encode(head.hash, 'hex'), ''),
                       coalesce((SELECT position FROM jotter.op WHERE op.journal = $1 ORDER BY position DESC LIMIT 1), 0)
                FROM (SELECT 1) AS one
                LEFT JOIN LATERAL (SELECT position, hash FROM jotter.op WHERE op.journal = $1 AND hash IS NOT NULL
                                   ORDER BY position DESC LIMIT 1) AS head ON true
                """, [journal]) { row in
                found = (HubHead(position: row.int64(0) ?? 0, hash: row.string(1) ?? ""), row.int64(2) ?? 0)
            }
        }
        guard case (var head, let last)? = found else {
            throw connection.failure("the journal '\(journal)' is not there for this role")
        }
        if let base, base != head { return .headMoved }
        // A member may insert rows of its own past the head (the grants let it): they
        // join the order here, before what this push adds, and its maker has not pulled
        // them. Numbered from the head, the operation given such a row's position was
        // lost to the conflict while the push was acknowledged.
        var tookInOthers = false
        if last > head.position {
            head = try chainRows(after: head, upTo: last)
            tookInOthers = true
        }
        var added: Int64 = 0
        var newHead = head
        // Under the lock nothing else is added to the journal, so the new operations
        // are found exactly, numbered without gaps, and chained from the head. One sent
        // twice in the push itself (a node's creation made again) is stored once too.
        try connection.query("""
            WITH ranked AS (
                SELECT incoming.*,
                       row_number() OVER (PARTITION BY replica, counter ORDER BY ordinal) AS same_counter,
                       row_number() OVER (PARTITION BY property = 'create', CASE WHEN property = 'create' THEN node END
                                          ORDER BY ordinal) AS same_create
                FROM jotter_incoming AS incoming
            ), fresh AS (
                SELECT incoming.* FROM ranked AS incoming
                WHERE same_counter = 1 AND (property <> 'create' OR same_create = 1)
                  AND NOT EXISTS (SELECT 1 FROM jotter.op WHERE op.journal = $1
                                  AND op.replica = incoming.replica AND op.counter = incoming.counter)
                  AND NOT (incoming.property = 'create' AND EXISTS (
                      SELECT 1 FROM jotter.op WHERE op.journal = $1 AND op.node = incoming.node
                      AND op.property = 'create'))
            ), chained AS (
                SELECT $2::bigint + row_number() OVER (ORDER BY ordinal) AS position,
                       replica, counter, stamp, node, property, value, base,
                       jotter.chain(decode($3, 'hex'), jotter.op_bytes(replica, counter, stamp, node, property, value, base))
                           OVER (ORDER BY ordinal ROWS UNBOUNDED PRECEDING) AS hash
                FROM fresh
            ), added AS (
                INSERT INTO jotter.op (journal, position, replica, counter, stamp, node, property, value, base, hash)
                SELECT $1, position, replica, counter, stamp, node, property, value, base, hash
                FROM chained ORDER BY position
                RETURNING position, hash
            )
            SELECT count(*), max(position), (SELECT encode(hash, 'hex') FROM added ORDER BY position DESC LIMIT 1)
            FROM added
            """, [journal, String(head.position), head.hash]) { row in
            added = row.int64(0) ?? 0
            if let position = row.int64(1), let hash = row.string(2) {
                newHead = HubHead(position: position, hash: hash)
            }
        }
        if whole && (added != operations.count || tookInOthers) { throw PushNotWhole() }
        if newHead.position > head.position || tookInOthers {
            try connection.query("UPDATE jotter.journal SET next_position = $2 WHERE name = $1",
                                 [journal, String(newHead.position + 1)])
        }
        return .landed(added: Int(added), head: tookInOthers ? nil : newHead)
    }

    /// Takes rows a member wrote past the head, with no hash, into the chain, in their
    /// position order: a pull reads only the chain.
    public func chainRowsPastTheHead() throws {
        try connection.transaction {
            try connection.query("SELECT 1 FROM jotter.journal WHERE name = $1 FOR UPDATE", [journal])
            let (head, _) = try chain(at: 0)
            var last: Int64 = 0
            try connection.query("SELECT coalesce((SELECT position FROM jotter.op WHERE journal = $1 ORDER BY position DESC LIMIT 1), 0)",
                                 [journal]) { row in
                last = row.int64(0) ?? 0
            }
            if last > head.position {
                _ = try chainRows(after: head, upTo: last)
                try connection.query("UPDATE jotter.journal SET next_position = $2 WHERE name = $1", [journal, String(last + 1)])
            }
        }
    }

    /// Chains the rows after `head` up to `last`, under the journal's lock, and returns
    /// the new head.
    private func chainRows(after head: HubHead, upTo last: Int64) throws -> HubHead {
        var newHead = head
        try connection.query("""
            UPDATE jotter.op SET hash = chained.hash
            FROM (SELECT position, jotter.chain(decode($3, 'hex'),
                         jotter.op_bytes(replica, counter, stamp, node, property, value, base))
                         OVER (ORDER BY position ROWS UNBOUNDED PRECEDING) AS hash
                  FROM jotter.op WHERE journal = $1 AND position > $2::bigint) AS chained
            WHERE op.journal = $1 AND op.position = chained.position
            RETURNING op.position, encode(op.hash, 'hex')
            """, [journal, String(head.position), head.hash]) { row in
            if let position = row.int64(0), position >= last, let hash = row.string(1) {
                newHead = HubHead(position: position, hash: hash)
            }
        }
        return newHead
    }

    /// How many operations of `replica` the journal holds after `position`.
    public func operationCount(of replica: NodeID, after position: Int64) throws -> Int64 {
        var count: Int64 = 0
        try connection.query(
            "SELECT count(*) FROM jotter.op WHERE journal = $1 AND position > $2 AND replica = $3::uuid",
            [journal, String(position), replica.description]) { row in count = row.int64(0) ?? 0 }
        return count
    }

    /// Operations after `position`, in the journal's order: at most `limit`, and fewer
    /// when their values add up to more than a batch holds (always at least one).
    /// Operations of `passingOver` (the puller's own replica) are not sent: they change
    /// nothing where they came from, and pulling them back was most of what a push
    /// cost. Its moves are, as the place of each in the order tells
    /// which moves of other machines came before it (crossed moves, docs/sync.md). A page that ends before `limit` takes the cursor to
    /// the journal's end, read in the same statement, and so in the same snapshot, as
    /// the page: every position below it is committed there (positions are given under
    /// the journal's row lock, in the transaction that moves its end), so nothing is
    /// passed over but the puller's own.
    public func pull(after position: Int64, limit: Int, passingOver own: NodeID? = nil) throws -> HubBatch {
        var batch = HubBatch(operations: [], refused: [], lastPosition: position, lastHash: nil, journalEnd: 0,
                             startHash: nil, journalLast: 0, positions: [], links: [])
        var returned = 0
        var cutShort = false
        var journalEnd: Int64?
        var endHash: String?
        try connection.queryRowByRow("""
            SELECT page.position, page.replica, page.counter, page.stamp, page.node, page.property,
                   page.value, page.size, page.before, page.base, coalesce(head.position, 0),
                   page.property_bytes, encode(page.hash, 'hex'), coalesce(encode(head.hash, 'hex'), ''),
                   CASE WHEN $2::bigint = 0 THEN '' ELSE encode(start.hash, 'hex') END,
                   journal_last.position
            FROM jotter.journal AS journal
            -- The chain's head is the journal's end: every position below it is
            -- committed, as pushes land one after another under the journal's lock.
            LEFT JOIN LATERAL (SELECT position, hash FROM jotter.op WHERE op.journal = journal.name AND hash IS NOT NULL
                               ORDER BY position DESC LIMIT 1) AS head ON true
            -- The journal's last position, read once (in the list of columns it was read
            -- for every row) and as the top of the primary key: max() read every entry of
            -- a journal that the planner's statistics, stale, called empty.
            LEFT JOIN LATERAL (SELECT position FROM jotter.op WHERE op.journal = journal.name
                               ORDER BY position DESC LIMIT 1) AS journal_last ON true
            -- The link at the cursor, which the puller compares with the one it keeps.
            LEFT JOIN LATERAL (SELECT hash FROM jotter.op WHERE op.journal = journal.name AND hash IS NOT NULL
                               AND position <= $2 ORDER BY position DESC LIMIT 1) AS start ON true
            LEFT JOIN LATERAL (
                SELECT position, replica, counter, stamp, node, hash,
                       CASE WHEN octet_length(property) <= $7 THEN property END AS property,
                       CASE WHEN size <= $4 THEN value END AS value, size, before, base,
                       octet_length(property) AS property_bytes
                FROM (
                    SELECT position, replica, counter, stamp, node, property, value, base, hash, octet_length(value) AS size,
                           coalesce(sum(octet_length(value)) OVER (ORDER BY position ROWS UNBOUNDED PRECEDING)
                                    - octet_length(value), 0) AS before,
                           row_number() OVER (ORDER BY position) AS ordinal
                    FROM jotter.op
                    -- Rows past the head were written by hand around the push's lock, out
                    -- of its order: read, they took the cursor past the positions that
                    -- later pushes then gave.
                    WHERE op.journal = journal.name AND position > $2 AND position <= head.position
                      AND hash IS NOT NULL AND (replica IS DISTINCT FROM $5::uuid OR property IN ('parent', 'sealed'))
                    ORDER BY position
                    LIMIT $3
                ) AS counted
                -- The page is cut here, not by the client: a page of long values cut
                -- after arriving had all come whole.
                WHERE ordinal = 1 OR before < $6
            ) AS page ON true
            WHERE journal.name = $1
            ORDER BY page.position
            """, [journal, String(position), String(limit), String(Hub.largestValueBytes), own?.description,
                  String(Hub.batchValueBytes), String(Hub.largestPropertyBytes)]) { row in
            journalEnd = row.int64(10)
            endHash = row.string(13)
            batch.journalEnd = row.int64(10) ?? 0
            batch.startHash = row.string(14)
            batch.journalLast = row.int64(15) ?? 0
            guard let rowPosition = row.int64(0) else { return }
            returned += 1
            // The hub sent the rows up to the batch's bytes: when they add up to it, the
            // page may have been cut, and the journal's end is not reached.
            if (row.int64(8) ?? 0) + (row.int64(7) ?? 0) >= Hub.batchValueBytes { cutShort = true }
            batch.lastPosition = rowPosition
            batch.lastHash = row.string(12)
            batch.links.append(HubLink(position: rowPosition, hash: row.string(12) ?? ""))
            if let refusal = Hub.refusal(row, at: rowPosition) {
                batch.refused.append(refusal)
                return
            }
            guard let replica = row.string(1).flatMap(NodeID.init), let counter = row.int64(2), let stamp = row.int64(3),
                  let property = row.string(5) else { return }
            var value: String?
            if !row.isNull(6) {
                guard let text = row.string(6) else {
                    batch.refused.append(
                        "operation \(rowPosition) of the hub (\(DisplayText.escaped(property))) has a value that is not UTF-8; it was passed over")
                    return
                }
                value = text
            }
            batch.operations.append(SyncOperation(
                replica: replica, counter: counter, stamp: stamp, node: row.string(4).flatMap(NodeID.init),
                property: property, value: value, base: row.int64(9)))
            batch.positions.append(rowPosition)
        }
        if !cutShort && returned < limit, let journalEnd, journalEnd > batch.lastPosition {
            batch.lastPosition = journalEnd
            batch.lastHash = endHash
        }
        return batch
    }

    /// Why the operation in `row` cannot be read, or nil when it can.
    private static func refusal(_ row: HubRow, at position: Int64) -> String? {
        guard let replica = row.string(1), NodeID(replica) != nil else {
            return "operation \(position) of the hub has no replica id; it was passed over"
        }
        if row.isNull(5) {
            return "operation \(position) of the hub has a property of \(row.int64(11) ?? 0) bytes, longer than any jotter writes; it was passed over"
        }
        guard let property = row.string(5) else {
            return "operation \(position) of the hub has a property that is not UTF-8; it was passed over"
        }
        if !row.isNull(7) && row.isNull(6) {
            return "operation \(position) of the hub (\(DisplayText.escaped(property))) has a value of \(row.int64(7) ?? 0) bytes, more than any jotter writes; it was passed over"
        }
        return nil
    }

    /// Records that `replica` has pulled up to `position`, so the hub keeps what it has
    /// not pulled yet, and when it was last seen.
    public func recordPulled(replica: NodeID, to position: Int64) throws {
        try connection.query("""
            INSERT INTO jotter.replica (journal, replica, pulled_to, last_seen) VALUES ($1, $2, $3, now())
            ON CONFLICT (journal, replica) DO UPDATE
            SET pulled_to = greatest(replica.pulled_to, excluded.pulled_to), last_seen = now()
            """, [journal, replica.description, String(position)])
    }
}

/// Operations pulled in one batch, and how far in the journal they go.
public struct HubBatch: Sendable {
    public var operations: [SyncOperation]
    /// Operations the hub holds that this jotter cannot read (not UTF-8, too large),
    /// one line each; the cursor goes past them all the same.
    public var refused: [String]
    /// The position of the batch's last operation, or the one pulled after when empty.
    public var lastPosition: Int64
    /// The hash chain's link at `lastPosition` (hexadecimal); nil when the batch is empty.
    public var lastHash: String?
    /// The position of the journal's last operation, 0 when it has none.
    public var journalEnd: Int64
    /// The link at (or just before) the position pulled after, "" at 0; nil when the
    /// journal holds nothing there.
    public var startHash: String?
    /// The journal's last position, rows written past the head by hand included.
    public var journalLast: Int64
    /// The position of each of `operations`.
    public var positions: [Int64]
    /// The hash chain's link at each position read, in order, refused ones included.
    public var links: [HubLink]
}

/// One position of a journal and its link of the hash chain, in hexadecimal.
public struct HubLink: Sendable, Equatable {
    public var position: Int64
    public var hash: String
}

/// What came of a push.
public enum HubPushOutcome: Sendable, Equatable {
    /// Stored: `added` operations were new, and the journal's head is now `head`; nil
    /// when the push took in rows written past the head by hand, which its maker has
    /// still to pull.
    case landed(added: Int, head: HubHead?)
    /// Another machine pushed on the head first: nothing was stored.
    case headMoved
}

/// `COPY … FROM STDIN`'s text format: tab-separated columns, `\N` for NULL, and the
/// characters that would end a column or a row escaped with a backslash. Sent a block
/// at a time as it fills, inside a value too: a push of a long entry held its rows
/// whole, in a buffer grown by doubling.
struct HubCopyText {
    static let blockBytes = 1 << 16
    let send: ([UInt8]) throws -> Void
    private var block: [UInt8] = []

    init(send: @escaping ([UInt8]) throws -> Void) {
        self.send = send
        block.reserveCapacity(HubCopyText.blockBytes + 16)
    }

    mutating func append(_ operation: SyncOperation, ordinal: Int) throws {
        block.append(contentsOf: String(ordinal).utf8)
        block.append(0x09)
        operation.replica.appendText(to: &block)
        block.append(0x09)
        block.append(contentsOf: String(operation.counter).utf8)
        block.append(0x09)
        block.append(contentsOf: String(operation.stamp).utf8)
        block.append(0x09)
        if let node = operation.node { node.appendText(to: &block) } else { block.append(contentsOf: Array("\\N".utf8)) }
        block.append(0x09)
        try appendEscaped(operation.property)
        block.append(0x09)
        if let value = operation.value { try appendEscaped(value) } else { block.append(contentsOf: Array("\\N".utf8)) }
        block.append(0x09)
        if let base = operation.base { block.append(contentsOf: String(base).utf8) } else { block.append(contentsOf: Array("\\N".utf8)) }
        block.append(0x0A)
        try sendIfFull()
    }

    /// Sends what is left.
    mutating func finish() throws {
        if !block.isEmpty { try send(block) }
        block.removeAll(keepingCapacity: true)
    }

    private mutating func sendIfFull() throws {
        guard block.count >= HubCopyText.blockBytes else { return }
        try send(block)
        block.removeAll(keepingCapacity: true)
    }

    private mutating func appendEscaped(_ text: String) throws {
        for byte in text.utf8 {
            switch byte {
            case 0x5C: block.append(contentsOf: [0x5C, 0x5C])
            case 0x09: block.append(contentsOf: [0x5C, UInt8(ascii: "t")])
            case 0x0A: block.append(contentsOf: [0x5C, UInt8(ascii: "n")])
            case 0x0D: block.append(contentsOf: [0x5C, UInt8(ascii: "r")])
            default: block.append(byte)
            }
            if block.count >= HubCopyText.blockBytes { try sendIfFull() }
        }
    }
}
