/// What a sync needs of the local store, and all it needs: the hub never sees a row
/// number, and the store never sees a connection.
public protocol SyncReplica {
    /// This store's replica id (see `SyncOperation.replica`).
    func syncReplicaID() throws -> NodeID
    /// Local changes the hub has not acknowledged yet, oldest first, at most `limit`:
    /// the same operations, with the same counters, until they are acknowledged, so that
    /// a push cut short and made again stores nothing twice.
    func outgoingOperations(limit: Int) throws -> [SyncOperation]
    /// The hub has stored these operations: they are not sent again, and the log keeps
    /// them. When they landed on `base`, the head this store had pulled to, making
    /// `head`, the cursor moves there, if it is still at `base`. Without `base`, `head`
    /// is where they landed (at or before it), when the hub said so; `allAdded` when the
    /// hub held none of them before, so that they all landed right there.
    func acknowledge(_ operations: [SyncOperation], movingCursorFrom base: HubHead?, to head: HubHead?, allAdded: Bool) throws
    /// Whether this replica has changes the hub has not acknowledged, read without
    /// handing any out (`outgoingOperations` hands out the creates it reads).
    func hasOperationsToSend() throws -> Bool
    /// How many of this replica's own operations the hub acknowledged and no pull passed
    /// yet, and whether it knows where each landed among those it is to pull.
    func ownOperationsNotPulledPast() throws -> (count: Int64, placesKnown: Bool)
    /// The cursor, and the hash chain's link there in hexadecimal ("" at position 0);
    /// nil when not known yet (a store that last synced before the chain).
    func syncHead() throws -> (position: Int64, hash: String?)
    /// The hub's head right after this replica's last push that landed past its cursor,
    /// with its link of the chain; nil when none is known.
    func syncAcknowledgedHead() throws -> HubHead?
    /// Takes `hash` as the link at the cursor when none is known and the cursor is at
    /// `position`.
    func rememberSyncHash(_ hash: String, at position: Int64) throws
    /// Moves the cursor back to the journal's start, for a rebuild, and marks the
    /// journal to be applied again.
    func restartSyncCursor() throws
    /// Whether the journal waits to be applied again since a rebuild.
    func syncReplayDue() throws -> Bool
    /// Forgets what the hub's operations made here and applies them all again by `pull`,
    /// under `stranger`, a replica id that made none of them, as one change; false, with
    /// nothing done, while this replica has operations to send.
    func replayingTheJournal(_ pull: (_ stranger: NodeID) throws -> Void) throws -> Bool
    /// Up to `limit` operations of the log after its row `seq`, in the order this store
    /// learned them, and the row of the last.
    func loggedSyncOperations(after seq: Int64, limit: Int) throws -> (operations: [SyncOperation], last: Int64)
    /// Applies operations pulled from the hub after position `start`, in the hub's order,
    /// each at its position in `positions` (empty when not known; this replica's own
    /// among them, which change nothing; one the log holds is not applied again), and moves the cursor from `start` to `cursor`, whose link of the
    /// hash chain is `hash`, all in one transaction: a sync cut short applies each batch
    /// whole or not at all. Nil, with nothing applied, when the cursor is no longer at
    /// `start`: another sync of this store applied them meanwhile, and then went on.
    func applyPulled(_ operations: [SyncOperation], at positions: [Int64], after start: Int64, cursor: Int64,
                     hash: String?) throws -> SyncApplyReport?
}

extension SyncReplica {
    /// Operations the hub stored, none of them held before.
    public func acknowledge(_ operations: [SyncOperation], movingCursorFrom base: HubHead? = nil, to head: HubHead? = nil) throws {
        try acknowledge(operations, movingCursorFrom: base, to: head, allAdded: true)
    }
}

/// What applying a batch of pulled operations did.
public struct SyncApplyReport: Sendable, Equatable {
    /// Operations that changed something here.
    public var applied: Int
    /// Values that lost to another by stamp, kept for `jotter conflicts`.
    public var conflicts: Int
    /// Operations that could not be applied (malformed, too large, of a kind from a
    /// newer jotter, or a move that would make a cycle), each with a one-line reason.
    public var parked: [String]
    /// Operations this store held already (its log has them), not applied again.
    public var known: Int

    public init(applied: Int = 0, conflicts: Int = 0, parked: [String] = [], known: Int = 0) {
        self.applied = applied
        self.conflicts = conflicts
        self.parked = parked
        self.known = known
    }

    public mutating func add(_ other: SyncApplyReport) {
        applied += other.applied
        conflicts += other.conflicts
        parked += other.parked
        known += other.known
    }
}

/// The last operation of a journal's hash chain: its position (0 when the journal is
/// empty) and its hash in hexadecimal ("" before the first operation).
public struct HubHead: Sendable, Equatable {
    public var position: Int64
    public var hash: String

    public init(position: Int64, hash: String) {
        self.position = position
        self.hash = hash
    }

    public static let empty = HubHead(position: 0, hash: "")
}
