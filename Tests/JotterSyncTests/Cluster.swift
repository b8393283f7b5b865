import JotterSync

/// A hub in memory: one order of operations, each position with its chain hash, and
/// pushes that land only on the head their maker pulled (compare-and-swap).
struct SimulatedHub {
    private(set) var operations: [JournalOperation] = []
    private var chains: [ChainHash] = [.start]
    private var ids: Set<OperationID> = []

    enum Pull {
        case page([JournalOperation])
        /// The hub does not hold the journal the machine pulled up to its cursor.
        case lost
    }

    func pull(after cursor: Int, chain: ChainHash) -> Pull {
        guard cursor < chains.count, chains[cursor] == chain else { return .lost }
        return .page(Array(operations[cursor...]))
    }

    /// The hub's new head, or nil when the request was not made on it. An operation
    /// the hub holds already is stored once.
    mutating func push(_ request: PushRequest) -> Int? {
        guard request.head == operations.count, chains[request.head] == request.chain else { return nil }
        for operation in request.operations where ids.insert(operation.id).inserted {
            operations.append(operation)
            chains.append(chains[chains.count - 1].appending(operation.id))
        }
        return operations.count
    }

    /// A hub restored from a backup taken at `position`.
    mutating func rollBack(to position: Int) {
        for operation in operations[position...] { ids.remove(operation.id) }
        operations.removeSubrange(position...)
        chains.removeSubrange((position + 1)...)
    }

    func holds(_ id: OperationID) -> Bool { ids.contains(id) }
}

/// Machines sharing one simulated hub, each syncing as `jotter sync` does: pull, then
/// push what is unsent.
struct Cluster {
    var hub = SimulatedHub()
    var replicas: [ReplicaLog]

    init(replicas count: Int) {
        replicas = (0..<count).map { ReplicaLog(replica: SyncID(high: UInt64($0 + 1) << 60, low: UInt64($0))) }
    }

    mutating func pull(_ index: Int) {
        switch hub.pull(after: replicas[index].cursor, chain: replicas[index].chain) {
        case .page(let operations): replicas[index].receive(operations)
        case .lost: replicas[index].rebuild(from: hub.operations)
        }
    }

    /// Pushes; the hub's answer reaches the machine only when `acknowledged`.
    @discardableResult
    mutating func push(_ index: Int, acknowledged: Bool = true) -> PushRequest? {
        let request = replicas[index].push()
        guard !request.operations.isEmpty else { return nil }
        if let head = hub.push(request), acknowledged { replicas[index].acknowledge(request, head: head) }
        return request
    }

    /// A push sent again, late.
    mutating func resend(_ request: PushRequest, from index: Int) {
        if let head = hub.push(request) { replicas[index].acknowledge(request, head: head) }
    }

    mutating func sync(_ index: Int) {
        pull(index)
        push(index)
    }

    /// Every machine syncs in turn until none has anything to send and each has
    /// pulled the hub's whole journal; false when that takes more rounds than machines
    /// can need.
    mutating func syncUntilQuiet() -> Bool {
        for _ in 0..<(4 * replicas.count + 4) {
            for index in replicas.indices { sync(index) }
            for index in replicas.indices { pull(index) }
            if replicas.allSatisfy({ $0.unsent.isEmpty && $0.cursor == hub.operations.count }) { return true }
        }
        return false
    }

    /// Makes a change on machine `index`, its base read from what that machine shows.
    @discardableResult
    mutating func make(_ index: Int, _ change: JournalChange) -> JournalOperation {
        let base = Cluster.key(of: change, in: replicas[index].journal).flatMap { replicas[index].journal.writer(of: $0) }
        return replicas[index].make(change, base: base)
    }

    /// The property a change writes, as a journal names it.
    static func key(of change: JournalChange, in journal: Journal) -> PropertyKey? {
        switch change {
        case .setText(let id, _): PropertyKey(journal.resolve(id), .text)
        case .move(let id, _, _): PropertyKey(journal.resolve(id), .parent)
        case .setDone(let id, _): PropertyKey(journal.resolve(id), .done)
        case .setField(let id, let name, _): PropertyKey(journal.resolve(id), .field(name))
        case .defineField(let owner, let name, _): PropertyKey(owner.map(journal.resolve), .definition(name))
        case .setOption(let owner, let key, _): PropertyKey(owner.map(journal.resolve), .option(key))
        case .create, .trash, .restore, .purge: nil
        }
    }
}

/// Reads of a journal the tests compare.
extension Journal {
    /// The visible children of a place, by text.
    func visibleTexts(under place: SyncID?) -> [String] {
        (children[place] ?? []).compactMap { id in
            entries[id].flatMap { $0.trashGroup == nil ? $0.text : nil }
        }
    }

    /// The first visible entry of a text under a place.
    func entry(_ text: String, under place: SyncID? = nil) -> SyncID? {
        (children[place] ?? []).first { entries[$0]?.text == text && entries[$0]?.trashGroup == nil }
    }
}

/// Ids for entries in tests.
func entryID(_ number: UInt64) -> SyncID {
    SyncID(high: number << 32, low: number)
}
