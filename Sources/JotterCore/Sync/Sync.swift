/// One sync of a store with its hub: push what is new here, then pull what is new
/// there. Shared by `jotter sync` and `:sync`.
public enum Sync {
    /// How many operations go in one push.
    public static let batchSize = 5000
    /// How many operations one pull applies in one store transaction, at most: each
    /// transaction rewrites the pages of the index of ids its pulled rows land in, and
    /// a first sync of a million entries in batches of 5,000 wrote most of that index
    /// to the log two hundred times. A page's values are bounded apart (8 MiB), so
    /// memory is too.
    public static let pullBatchSize = 20_000

    /// Pushes every operation the replica has not had acknowledged, a batch at a time,
    /// then pulls every operation after its cursor, applying each batch as a whole. A
    /// sync cut short at any point loses nothing: what was pushed is pushed again and
    /// stored once, and what was pulled and not applied is pulled again.
    public static func run(_ replica: SyncReplica, with hub: Hub, batchSize: Int = Sync.batchSize,
                           pullBatchSize: Int = Sync.pullBatchSize) throws -> SyncSummary {
        var summary = SyncSummary()
        let own = try replica.syncReplicaID()
        // A journal that ends before what this store has pulled is not the one it synced
        // with (a remote set to another journal or hub), or lost operations: synced, the
        // store would pass over its first operations and never send what it sent before,
        // and both would say so as "sent 0, received 0".
        let pulledTo = try replica.syncCursor()
        let end = try hub.journalEnd()
        guard end >= pulledTo else {
            throw JotterError(.hub, "\(hub.name): the journal '\(hub.journal)' ends at position \(end), before the \(pulledTo) this store has pulled: it is not the journal this store synced with, or it lost operations (restored from an older backup); set the remote back to the journal it synced with, or sync a new store with this one")
        }
        while true {
            let outgoing = try replica.outgoingOperations(limit: batchSize)
            if outgoing.isEmpty { break }
            try hub.push(outgoing)
            try replica.acknowledge(outgoing)
            summary.sent += outgoing.count
            if outgoing.count < batchSize { break }
        }
        var cursor = try replica.syncCursor()
        while true {
            let batch = try hub.pull(after: cursor, limit: pullBatchSize, passingOver: own)
            if batch.lastPosition == cursor { break }
            guard let report = try replica.applyPulled(batch.operations, after: cursor, cursor: batch.lastPosition) else {
                cursor = try replica.syncCursor()
                continue
            }
            summary.received += batch.operations.count
            summary.conflicts += report.conflicts
            summary.setAside(batch.refused + report.parked)
            cursor = batch.lastPosition
        }
        try hub.recordPulled(replica: own, to: cursor)
        return summary
    }
}

/// What a sync did, as `jotter sync` reports it.
public struct SyncSummary: Sendable, Equatable {
    /// Operations pushed from here.
    public var sent = 0
    /// Operations of other machines pulled and applied here.
    public var received = 0
    /// Values that lost to another by stamp, kept for `jotter conflicts`.
    public var conflicts = 0
    /// Operations from the hub that could not be applied, one line each, the first
    /// `shownParkedLines` of them: a hub holds what its members wrote, and a million
    /// bad operations made a million lines, all kept until the sync ended (18 MB for
    /// 100,000).
    public var parked: [String] = []
    /// How many operations from the hub could not be applied, shown or not.
    public var parkedCount = 0
    public static let shownParkedLines = 100

    public init() {}

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

    /// `sent 3, received 12, 1 conflict (jotter conflicts)`.
    public var line: String {
        var line = "sent \(sent), received \(received)"
        if conflicts > 0 {
            line += ", \(conflicts) conflict\(conflicts == 1 ? "" : "s") (jotter conflicts)"
        }
        return line
    }

    /// `{"sent":3,"received":12,"conflicts":1}`.
    public var json: String {
        "{\"sent\":\(sent),\"received\":\(received),\"conflicts\":\(conflicts)}"
    }
}
