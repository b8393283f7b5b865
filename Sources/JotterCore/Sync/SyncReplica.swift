/// What a sync needs of the local store, and all it needs: the hub never sees a row
/// number, and the store never sees a connection.
public protocol SyncReplica {
    /// This store's replica id (see `SyncOperation.replica`).
    func syncReplicaID() throws -> NodeID
    /// Local changes the hub has not acknowledged yet, oldest first, at most `limit`:
    /// the same operations, with the same counters, until they are acknowledged, so that
    /// a push cut short and made again stores nothing twice.
    func outgoingOperations(limit: Int) throws -> [SyncOperation]
    /// The hub has stored these operations: they are not sent again.
    func acknowledge(_ operations: [SyncOperation]) throws
    /// The hub's position up to which this store has applied operations.
    func syncCursor() throws -> Int64
    /// Applies operations pulled from the hub after position `start`, in the hub's order
    /// (this replica's own among them, which change nothing), and moves the cursor from
    /// `start` to `cursor`, all in one transaction: a sync cut short applies each batch
    /// whole or not at all. Nil, with nothing applied, when the cursor is no longer at
    /// `start`: another sync of this store applied them meanwhile, and then went on.
    func applyPulled(_ operations: [SyncOperation], after start: Int64, cursor: Int64) throws -> SyncApplyReport?
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

    public init(applied: Int = 0, conflicts: Int = 0, parked: [String] = []) {
        self.applied = applied
        self.conflicts = conflicts
        self.parked = parked
    }

    public mutating func add(_ other: SyncApplyReport) {
        applied += other.applied
        conflicts += other.conflicts
        parked += other.parked
    }
}
