/// One machine's side of sync, as a plain value: the hub's operations it has pulled, in
/// the hub's order, and its own operations the hub has not acknowledged. What it shows
/// is the first applied in order, then the second on top (a rebase, made again at every
/// pull), so it is a function of the hub's order and of its own unsent operations only.
public struct ReplicaLog: Sendable {
    public let replica: SyncID
    /// The hub's operations up to the cursor, in the hub's order.
    public private(set) var pulled: [JournalOperation] = []
    /// The hub's chain hash at the cursor.
    public private(set) var chain = ChainHash.start
    /// Operations made here that the hub has not acknowledged, in the order made.
    public private(set) var unsent: [JournalOperation] = []
    /// What the pulled operations give.
    public private(set) var confirmed = Journal()
    /// What this machine shows: `confirmed` with the unsent operations applied on top.
    public private(set) var journal = Journal()
    private var counter: Int64 = 0
    private var pulledIDs: Set<OperationID> = []

    public init(replica: SyncID) {
        self.replica = replica
    }

    /// How many of the hub's operations this machine has pulled.
    public var cursor: Int { pulled.count }

    /// Records a change made here, on top of what it shows; `base` is the writer of the
    /// value it replaces there (`Journal.writer(of:)`).
    @discardableResult
    public mutating func make(_ change: JournalChange, base: OperationID? = nil) -> JournalOperation {
        counter += 1
        let operation = JournalOperation(id: OperationID(replica: replica, counter: counter), base: base, change: change)
        unsent.append(operation)
        journal.apply(operation)
        return operation
    }

    /// Operations the hub holds after the cursor, in its order: applied after what was
    /// pulled, and this machine's own among them (pushed, with the acknowledgement
    /// lost) no longer unsent. The unsent ones are applied again on top.
    public mutating func receive(_ operations: [JournalOperation]) {
        guard !operations.isEmpty else { return }
        for operation in operations {
            pulled.append(operation)
            pulledIDs.insert(operation.id)
            chain = chain.appending(operation.id)
            confirmed.apply(operation)
        }
        unsent.removeAll { pulledIDs.contains($0.id) }
        rebase()
    }

    /// What a push sends: the unsent operations, to go on top of the hub's journal as
    /// this machine pulled it, and only there.
    public func push() -> PushRequest {
        PushRequest(operations: unsent, head: cursor, chain: chain)
    }

    /// The hub stored `request`'s operations at its head, which is now `head`. An
    /// acknowledgement that does not fit (the cursor moved since, or the hub stored
    /// fewer) changes nothing: the next pull brings them, recognised by their ids.
    public mutating func acknowledge(_ request: PushRequest, head: Int) {
        let count = request.operations.count
        guard count > 0, request.head == cursor, request.chain == chain, head == cursor + count,
              unsent.prefix(count).map(\.id) == request.operations.map(\.id) else { return }
        unsent.removeFirst(count)
        for operation in request.operations {
            pulled.append(operation)
            pulledIDs.insert(operation.id)
            chain = chain.appending(operation.id)
            confirmed.apply(operation)
        }
        // What is shown is the same operations in the same order: nothing to rebase.
    }

    /// The hub no longer holds the journal this machine pulled (its hash at the cursor
    /// differs, or it ends before the cursor): it is taken again whole from
    /// `hubOperations`, and what this machine had pulled that the hub lost goes back to
    /// be sent, before its own unsent operations, in the order it had.
    public mutating func rebuild(from hubOperations: [JournalOperation]) {
        let onHub = Set(hubOperations.map(\.id))
        let lost = pulled.filter { !onHub.contains($0.id) }
        unsent = lost + unsent.filter { !onHub.contains($0.id) }
        pulled = []
        pulledIDs = []
        chain = .start
        confirmed = Journal()
        for operation in hubOperations {
            pulled.append(operation)
            pulledIDs.insert(operation.id)
            chain = chain.appending(operation.id)
            confirmed.apply(operation)
        }
        rebase()
    }

    private mutating func rebase() {
        journal = confirmed
        for operation in unsent { journal.apply(operation) }
    }
}

/// A push: operations for the hub to store at its head, only if its head is still
/// `head` with hash `chain` (compare-and-swap); otherwise the machine pulls first.
public struct PushRequest: Sendable, Equatable {
    public var operations: [JournalOperation]
    public var head: Int
    public var chain: ChainHash
}
