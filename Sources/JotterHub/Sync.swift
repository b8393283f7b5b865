import JotterCore

/// One sync of a store with its hub: pull what is new there, then push what is new
/// here on top of it. Shared by `jotter sync` and `:sync`.
public enum Sync {
    /// How many operations go in one push.
    public static let batchSize = 5000
    /// How many operations one pull applies in one store transaction, at most: each
    /// transaction rewrites the pages of the index of ids its pulled rows land in, and
    /// a first sync of many entries in small batches wrote most of that index to the
    /// log again for each batch. A page's values are bounded apart (8 MiB), so memory
    /// is too.
    public static let pullBatchSize = 20_000

    /// Checks the hub's hash chain at the store's cursor, then pulls every operation
    /// after its cursor, applying each batch as a whole, then pushes every operation
    /// the replica has not had acknowledged, a batch at a time, onto the head it pulled
    /// (one order: a push lands only there, and when another machine pushed first, the
    /// store pulls and pushes again). A sync cut short at any point loses nothing: what
    /// was pushed is pushed again and stored once, and what was pulled and not applied
    /// is pulled again. A hub whose link at the cursor is not the one this store
    /// remembers lost operations, or is another journal: nothing is pushed or applied,
    /// and the error says so.
    ///
    /// With `seal`, the journal is sealed: each operation is sealed onto the head it is
    /// pushed on, as it is bound to its position.
    ///
    /// After a rebuild, the journal is then applied again from the hub's first
    /// operation (`replay`).
    public static func run(_ replica: SyncReplica, with hub: Hub, seal: JournalSeal? = nil, batchSize: Int = Sync.batchSize,
                           pullBatchSize: Int = Sync.pullBatchSize) throws -> SyncSummary {
        var summary = try exchange(replica, with: hub, seal: seal, batchSize: batchSize, pullBatchSize: pullBatchSize)
        var tries = 0
        while try replica.syncReplayDue() {
            var replayed = SyncSummary()
            let done: Bool
            do {
                done = try replica.replayingTheJournal { stranger in
                    _ = try pullEverything(replica, from: hub, passingOver: stranger, seal: seal, pullBatchSize: pullBatchSize,
                                           into: &replayed)
                }
            } catch let lacking as ReplayLacksHeldOperations {
                let what = "\(lacking.count) operation\(lacking.count == 1 ? "" : "s")"
                throw JotterError(.hubLost, "\(hub.name): the journal '\(hub.journal)' lacks \(what) this store held before the rebuild: it lost them again, or is another journal; nothing was changed; 'jotter remote rebuild' gives it back what this store holds, or set the remote back to the journal it synced with")
            }
            if done {
                summary.replayed = replayed.received
                try hub.recordPulled(replica: try replica.syncReplicaID(), to: try replica.syncHead().position)
                break
            }
            // Changes made here since go to the hub first, or the replay would lose them.
            tries += 1
            guard tries < replayTries else {
                throw JotterError(.hub, "\(hub.name): changes kept being made here while this store applied the journal '\(hub.journal)' again; nothing was lost, and the next sync applies it")
            }
            summary.add(try exchange(replica, with: hub, seal: seal, batchSize: batchSize, pullBatchSize: pullBatchSize))
        }
        return summary
    }

    /// Pulls, then pushes, as `run` says.
    private static func exchange(_ replica: SyncReplica, with hub: Hub, seal: JournalSeal?, batchSize: Int,
                                 pullBatchSize: Int) throws -> SyncSummary {
        var summary = SyncSummary()
        let own = try replica.syncReplicaID()
        let (cursor, known) = try replica.syncHead()
        if cursor > 0 {
            let chain = try hub.chain(at: cursor)
            guard chain.head.position >= cursor else { throw lost(hub, at: cursor, end: chain.head.position) }
            if let known, chain.hashAt != known { throw lost(hub, at: cursor, end: nil) }
        }
        if let position = try acknowledgedLinkLost(replica, hub: hub) { throw lostAcknowledged(hub, at: position) }
        let pull = { try pullEverything(replica, from: hub, passingOver: own, seal: seal, pullBatchSize: pullBatchSize,
                                        into: &summary) }
        // Those it holds already go before the pull, which then gives them back at
        // their positions instead of passing them over as not sent yet. Reading what
        // to send hands out its creates: only when there is something.
        var ready = try replica.hasOperationsToSend() ? acknowledgingHeld(replica, by: hub, batchSize: batchSize) : nil
        var head = try pull()
        // A pull that applied something may have stamped a change of this store's anew:
        // what goes out is read again.
        if head.position != cursor { ready = nil }
        var pushed = false
        try push(replica, to: hub, seal: seal, batchSize: batchSize, head: &head, ready: ready, pull: pull) {
            summary.sent += $0
            pushed = true
        }
        // What came in while this store pushed; a sync that pushed nothing has pulled.
        if pushed { _ = try pull() }
        try hub.recordPulled(replica: own, to: try replica.syncHead().position)
        return summary
    }

    /// How many times a replay may find changes made here that the hub lacks, each time
    /// sent first, before the sync gives up and leaves it to the next one.
    static let replayTries = 5

    /// How many times in a row a push may find the head moved before the sync gives up
    /// and says so: each time, other machines pushed between this one's pull and its
    /// push.
    static let pushTries = 50

    /// Pushes every operation the replica has not had acknowledged onto `head`, a batch
    /// at a time, sealed when `seal` is given. Those the hub holds already (an
    /// acknowledgement lost) are acknowledged, not sent: the hub would pass them over,
    /// and the ones after them would stand at other positions than the store counts
    /// on (and sealed ones at positions they are not bound to). When another machine
    /// pushed first, `pull` brings the head, and the batch goes again onto it.
    /// `ready` is the first batch when the sync has just read it and asked the hub.
    private static func push(_ replica: SyncReplica, to hub: Hub, seal: JournalSeal?, batchSize: Int,
                             head: inout HubHead, ready: [SyncOperation]?, pull: () throws -> HubHead,
                             sent: (Int) -> Void) throws {
        var moved = 0
        var ready = ready
        while true {
            let outgoing = try ready ?? acknowledgingHeld(replica, by: hub, batchSize: batchSize)
            ready = nil
            if outgoing.isEmpty { return }
            // Sealed operations are bound to their positions: a push of which the hub
            // passes any over (held already under another counter, or a second create
            // of a node) stores nothing, and is made again on the head pulled then.
            switch try hub.push(seal.map { $0.sealing(outgoing, onto: head) } ?? outgoing, onto: head, whole: seal != nil) {
            case .landed(let added, let newHead):
                // Landed on the head this store pulled to, they are the positions up to
                // the new head, and its cursor moves past them rather than pulling them
                // back; its moves come back, as their place in the order judges the
                // moves of others (docs/sync.md, "Merging", case 5), and so does all of
                // a push the hub passed some of over, which landed at other positions.
                let allAdded = added == outgoing.count
                let passesOver = allAdded && !outgoing.contains { $0.property == "parent" }
                if passesOver {
                    try replica.acknowledge(outgoing, movingCursorFrom: head, to: newHead)
                } else {
                    try replica.acknowledge(outgoing, movingCursorFrom: nil, to: seal == nil ? newHead : nil,
                                            allAdded: allAdded)
                }
                sent(outgoing.count)
                moved = 0
                head = try newHead ?? pull()
            case .headMoved:
                moved += 1
                guard moved < pushTries else {
                    throw JotterError(.hub, "\(hub.name): other machines pushed to the journal '\(hub.journal)' each time this one was about to, \(pushTries) times in a row; nothing was lost, and what was not sent goes at the next sync")
                }
                head = try pull()
            }
        }
    }

    /// Acknowledges the operations the hub holds already, whose acknowledgement was
    /// lost, where they landed not known, and returns the next batch to send.
    private static func acknowledgingHeld(_ replica: SyncReplica, by hub: Hub, batchSize: Int) throws -> [SyncOperation] {
        while true {
            let outgoing = try replica.outgoingOperations(limit: batchSize)
            let held = try hub.held(outgoing)
            if held.isEmpty { return outgoing }
            try replica.acknowledge(outgoing.filter { held.contains(OperationKey($0)) }, movingCursorFrom: nil, to: nil,
                                    allAdded: false)
        }
    }

    /// Pulls and applies every operation after the store's cursor, a page at a time,
    /// and returns the head pulled to. Each page says the hash chain's link at the
    /// cursor it was read after: one that is not the link the store remembers, or a
    /// journal that ends before the cursor, is a hub that lost operations, or another
    /// journal, and nothing of it is applied.
    private static func pullEverything(_ replica: SyncReplica, from hub: Hub, passingOver own: NodeID, seal: JournalSeal?,
                                       pullBatchSize: Int, into summary: inout SyncSummary) throws -> HubHead {
        var (cursor, known) = try replica.syncHead()
        let own = try passesOverOwn(replica, on: hub, after: cursor, own: own) ? own : nil
        while true {
            var batch = try hub.pull(after: cursor, limit: pullBatchSize, passingOver: own)
            // Rows a member wrote past the head join the chain before they are read.
            if batch.journalLast > batch.journalEnd {
                try hub.chainRowsPastTheHead()
                continue
            }
            if cursor > 0 {
                guard batch.journalEnd >= cursor else { throw lost(hub, at: cursor, end: batch.journalEnd) }
                guard let found = batch.startHash else { throw lost(hub, at: cursor, end: nil) }
                if let known {
                    guard found == known else { throw lost(hub, at: cursor, end: nil) }
                } else {
                    try replica.rememberSyncHash(found, at: cursor)
                    known = found
                }
            }
            if batch.lastPosition == cursor { return HubHead(position: cursor, hash: known ?? "") }
            if let seal { opening(&batch, with: seal, after: known ?? batch.startHash ?? "", passingOver: own) }
            try extendOverEmptying(&batch, from: hub, limit: pullBatchSize, passingOver: own, seal: seal)
            guard let report = try replica.applyPulled(batch.operations, at: batch.positions, after: cursor,
                                                       cursor: batch.lastPosition,
                                                       hash: batch.lastHash) else {
                (cursor, known) = try replica.syncHead()
                continue
            }
            summary.received += batch.operations.count - report.known
            summary.conflicts += report.conflicts
            summary.setAside(batch.refused + report.parked)
            cursor = batch.lastPosition
            known = batch.lastHash
        }
    }

    /// Takes into `batch` the purges after it that continue the run it ends with
    /// (`SyncOperation.continuesEmptying`), from as many batches more as the run takes.
    /// A hub that changed under the pull is left to the next round to find.
    private static func extendOverEmptying(_ batch: inout HubBatch, from hub: Hub, limit: Int, passingOver own: NodeID?,
                                           seal: JournalSeal?) throws {
        while batch.lastPosition < batch.journalEnd, var last = batch.operations.last, last.property == "purge",
              batch.positions.last == batch.lastPosition {
            var next = try hub.pull(after: batch.lastPosition, limit: limit, passingOver: own)
            guard next.startHash == batch.lastHash, next.lastPosition > batch.lastPosition else { return }
            if let seal { opening(&next, with: seal, after: batch.lastHash ?? "", passingOver: own) }
            var taken = 0
            for link in next.links {
                guard taken < next.operations.count, next.positions[taken] == link.position,
                      next.operations[taken].continuesEmptying(after: last) else { break }
                last = next.operations[taken]
                taken += 1
            }
            guard taken > 0 else { return }
            batch.operations += next.operations.prefix(taken)
            batch.positions += next.positions.prefix(taken)
            batch.links += next.links.prefix(taken)
            batch.lastPosition = next.links[taken - 1].position
            batch.lastHash = next.links[taken - 1].hash
            batch.journalEnd = next.journalEnd
            if taken < next.links.count { return }
        }
    }

    /// Whether a pull after `cursor` may pass over this store's own operations: only
    /// while the store knows where each landed. Else the hub gives them back at their
    /// positions, as a purge of this store's stands before another's later restore on
    /// every machine only where its place is known: some were held on the hub before
    /// their push, or the hub holds some the store never heard it acknowledge (a change
    /// made again here since, which went out under another counter).
    private static func passesOverOwn(_ replica: SyncReplica, on hub: Hub, after cursor: Int64, own: NodeID) throws -> Bool {
        let ahead = try replica.ownOperationsNotPulledPast()
        guard ahead.placesKnown else { return false }
        // Nothing acknowledged ahead and nothing to send: nothing of this store's can be
        // on the hub past the cursor but what it knows of.
        guard try ahead.count > 0 || replica.hasOperationsToSend() else { return true }
        return try hub.operationCount(of: own, after: cursor) == ahead.count
    }

    /// Opens the sealed operations of `batch`, the first standing after the link
    /// `start`: each is bound to the link before its position, so one that does not
    /// open (changed, moved, replayed, from another journal or sealed under a key this
    /// machine lacks) is set aside with one line, and the rest is applied. This
    /// machine's own come back from a sealed journal, which cannot tell them apart:
    /// only its moves are kept, as an unsealed pull keeps them, unless `own` is nil.
    static func opening(_ batch: inout HubBatch, with seal: JournalSeal, after start: String, passingOver own: NodeID?) {
        let sealed = Dictionary(zip(batch.positions, batch.operations), uniquingKeysWith: { first, _ in first })
        var opened: [SyncOperation] = []
        var positions: [Int64] = []
        var previous = start
        for link in batch.links {
            defer { previous = link.hash }
            guard let operation = sealed[link.position] else { continue }
            guard let inside = seal.opening(operation, after: previous) else {
                batch.refused.append(
                    "operation \(link.position) of the hub does not open with the journal's key (changed, moved, replayed, from another journal, or sealed under a key this machine lacks); it was set aside")
                continue
            }
            if inside.replica == own && inside.property != "parent" { continue }
            opened.append(inside)
            positions.append(link.position)
        }
        batch.operations = opened
        batch.positions = positions
    }

    /// The error of a hub that does not hold what this store pulled up to `position`:
    /// its journal ends at `end` before it, or holds other operations there.
    static func lost(_ hub: Hub, at position: Int64, end: Int64?) -> JotterError {
        let what = end.map { "ends at position \($0), before the \(position) this store has pulled" }
            ?? "holds other operations than this store pulled up to position \(position)"
        return JotterError(.hubLost, "\(hub.name): the journal '\(hub.journal)' \(what): it lost operations (restored from an older backup, or replaced) or is another journal; nothing was applied; 'jotter remote rebuild' gives it back what this store holds, or set the remote back to the journal it synced with")
    }

    /// The position of the link at which this replica's last push landed, past its
    /// cursor, when the hub no longer holds that link (nil when it does, or none is
    /// known): a sync cut short after the push, then the hub put back from a backup
    /// taken before it. The cursor's own link holds there, and nothing else would tell
    /// that what the hub acknowledged is gone.
    static func acknowledgedLinkLost(_ replica: SyncReplica, hub: Hub) throws -> Int64? {
        guard let acknowledged = try replica.syncAcknowledgedHead() else { return nil }
        let chain = try hub.chain(at: acknowledged.position)
        let holds = chain.head.position >= acknowledged.position && chain.hashAt == acknowledged.hash
        return holds ? nil : acknowledged.position
    }

    /// The error of a hub that no longer holds what it acknowledged to this store, up
    /// to `position`.
    static func lostAcknowledged(_ hub: Hub, at position: Int64) -> JotterError {
        JotterError(.hubLost, "\(hub.name): the journal '\(hub.journal)' no longer holds what it acknowledged to this store up to position \(position): it lost operations (restored from an older backup, or replaced) or is another journal; nothing was applied; 'jotter remote rebuild' gives it back what this store holds, or set the remote back to the journal it synced with")
    }

    /// The error of a hub with no jotter tables that this store synced with up to
    /// `position`: a database dropped and made again, or another one.
    public static func lostTables(_ hub: Hub, at position: Int64) -> JotterError {
        JotterError(.hubLost, "\(hub.name): the hub has no jotter tables, and this store synced with it up to position \(position): it was replaced by an empty database, or is another one; nothing was applied; 'jotter remote rebuild' sets it up again and gives it back what this store holds")
    }

    /// Gives a hub that lost operations every one this store knows it held: what this
    /// store pulled from it and what it acknowledged, in the order this store learned
    /// them, each stored once (the hub passes over one it still holds), after what the
    /// hub holds now; then pulls the whole journal again, applying only what this store
    /// does not hold yet, syncs, and applies the whole journal again in the hub's new
    /// order (`run`). Every store that synced with the lost hub does the same, and every
    /// operation any of them had acknowledged is on the hub again, in one order, which
    /// each of them shows. A hub that holds what this store pulled is left as it is: the
    /// sync is an ordinary one.
    public static func rebuild(_ replica: SyncReplica, with hub: Hub, seal: JournalSeal? = nil, batchSize: Int = Sync.batchSize,
                               pullBatchSize: Int = Sync.pullBatchSize) throws -> RebuildSummary {
        var summary = RebuildSummary()
        let (cursor, known) = try replica.syncHead()
        let chain = try hub.chain(at: cursor)
        // A rebuild cut short after it put the cursor back gives the hub its log again:
        // the cursor no longer tells whether the hub holds it.
        let intact = try !replica.syncReplayDue() && acknowledgedLinkLost(replica, hub: hub) == nil
            && (cursor == 0 || (chain.head.position >= cursor && (known == nil || chain.hashAt == known)))
        if !intact {
            var seq: Int64 = 0
            var head = chain.head
            var moved = 0
            while true {
                let (operations, last) = try replica.loggedSyncOperations(after: seq, limit: batchSize)
                if operations.isEmpty { break }
                if let seal {
                    // Sealed ones are bound to their positions: those the hub still
                    // holds are left out, and the rest sealed again onto its head.
                    let held = try hub.held(operations)
                    let lost = operations.filter { !held.contains(OperationKey($0)) }
                    switch try hub.push(seal.sealing(lost, onto: head), onto: head, whole: true) {
                    case .landed(let added, let newHead):
                        summary.resent += added
                        head = try newHead ?? hub.chain(at: 0).head
                    case .headMoved:
                        moved += 1
                        guard moved < pushTries else {
                            throw JotterError(.hub, "\(hub.name): other machines kept pushing to the journal '\(hub.journal)' while this one gave it back what it lost; run 'jotter remote rebuild' again")
                        }
                        head = try hub.chain(at: 0).head
                        continue
                    }
                } else if case .landed(let added, _) = try hub.push(operations, onto: nil) {
                    summary.resent += added
                }
                seq = last
            }
            try replica.restartSyncCursor()
        }
        summary.sync = try run(replica, with: hub, seal: seal, batchSize: batchSize, pullBatchSize: pullBatchSize)
        return summary
    }
}

/// What `jotter remote rebuild` did.
public struct RebuildSummary: Sendable, Equatable {
    /// Operations the hub had lost, sent again from this store's log.
    public var resent = 0
    /// The sync that followed.
    public var sync = SyncSummary()

    public init() {}

    /// `gave the hub back 12 operations it had lost; sent 3, received 40`.
    public var line: String {
        let given = resent == 0 ? "the hub lacked nothing this store holds"
            : "gave the hub back \(resent) operation\(resent == 1 ? "" : "s") it had lost"
        return given + "; " + sync.line
    }
}

/// What a sync did, as `jotter sync` reports it.
public struct SyncSummary: Sendable, Equatable {
    /// Operations pushed from here.
    public var sent = 0
    /// Operations of other machines pulled and applied here.
    public var received = 0
    /// Operations applied again after a rebuild, in the rebuilt hub's order.
    public var replayed = 0
    /// Values that lost to another by stamp, kept for `jotter conflicts`.
    public var conflicts = 0
    /// Operations from the hub that could not be applied, one line each, the first
    /// `shownParkedLines` of them: a hub holds what its members wrote, and every bad
    /// operation made a line, all kept until the sync ended.
    public var parked: [String] = []
    /// How many operations from the hub could not be applied, shown or not.
    public var parkedCount = 0
    public static let shownParkedLines = 100

    public init() {}

    mutating func add(_ other: SyncSummary) {
        sent += other.sent
        received += other.received
        conflicts += other.conflicts
        replayed += other.replayed
        setAside(other.parked)
        parkedCount += other.parkedCount - other.parked.count
    }

    mutating func setAside(_ lines: [String]) {
        parkedCount += lines.count
        parked += lines.prefix(max(0, SyncSummary.shownParkedLines - parked.count))
    }

    /// `and 12 more operations from the hub could not be applied`, when not all were shown.
    public var parkedBeyondShown: String? {
        let more = parkedCount - parked.count
        guard more > 0 else { return nil }
        return "and \(more) more operation\(more == 1 ? "" : "s") from the hub could not be applied, and \(more == 1 ? "was" : "were") set aside"
    }

    /// `sent 3, received 12, 1 conflict (jotter conflicts)`; after a rebuild, `; applied
    /// the journal's 40 operations again in the hub's order`.
    public var line: String {
        var line = "sent \(sent), received \(received)"
        if conflicts > 0 {
            line += ", \(conflicts) conflict\(conflicts == 1 ? "" : "s") (jotter conflicts)"
        }
        if replayed > 0 {
            line += "; applied the journal's \(replayed) operation\(replayed == 1 ? "" : "s") again in the hub's order"
        }
        return line
    }

    /// `{"sent":3,"received":12,"conflicts":1}`.
    public var json: String {
        "{\"sent\":\(sent),\"received\":\(received),\"conflicts\":\(conflicts)}"
    }
}
