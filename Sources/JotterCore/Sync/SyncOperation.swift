/// One change that sync carries between machines: a property of one list or item, keyed
/// by the node's UUID, never by a local row number, and stamped so that every machine
/// picks the same winner when two changed the same property.
///
/// Operations travel through the hub as they are; the hub keeps them in one order per
/// journal and never reads their values.
public struct SyncOperation: Sendable, Equatable {
    /// The machine that made the change: its replica id, drawn once per store and drawn
    /// again when the store turns out to be a copy.
    public var replica: NodeID
    /// The replica's own count of the operations it has made: with `replica`, what
    /// makes a push idempotent (the hub stores an operation pushed twice once).
    public var counter: Int64
    /// A hybrid logical clock: milliseconds since 1970 shifted left by 16 bits, plus a
    /// count for changes within one millisecond or behind a clock already seen. Ties
    /// between replicas are broken by `replica`'s bytes.
    public var stamp: Int64
    /// The stamps a clock gives: from 1970 to the year 4199, with room above for the
    /// clock to tick. It ticks past the greatest stamp it has pulled, so one near
    /// Int64.max, from a hostile or broken machine, left it none: the next push trapped
    /// on the overflow, and SQLite turned the clock into a real number for good.
    public static let stampRange: ClosedRange<Int64> = 0...(1 << 62)
    /// The list or item changed; nil for the journal's root, whose field definitions
    /// and options are synced too.
    public var node: NodeID?
    /// `create`, `text`, `parent`, `done`, `trashed`, `purge`, `field:NAME`,
    /// `fielddef:NAME` or `option:KEY`. A kind this jotter does not know comes from a
    /// newer jotter: it is parked, never applied in part.
    public var property: String
    /// The new value as JSON text, or nil when the property is removed (a field value
    /// cleared, a field definition or option taken away).
    public var value: String?
    /// The stamp of the value this change replaced, as its maker saw it: what tells a
    /// change made after seeing a value from one made without seeing it. A machine whose
    /// value is not the base keeps that value as a conflict when this change wins. Nil
    /// for creates and purges, and for operations from a hub older than the base.
    public var base: Int64?

    /// Whether this operation belongs to the same pull as `previous`, which it follows
    /// on the hub: a `trash --empty` goes out as one purge an entry, one after another,
    /// and a list's purge waits for the purges after it to the end of the pull's batch
    /// (`applyPulled`), so a batch ends after such a run of one machine's purges, never
    /// inside it. Cut inside, a list's purge was settled before the purge of an entry
    /// moved into it unseen had come, and the list stayed on that machine alone.
    public func continuesEmptying(after previous: SyncOperation) -> Bool {
        property == "purge" && previous.property == "purge" && replica == previous.replica
    }

    public init(replica: NodeID, counter: Int64, stamp: Int64, node: NodeID?, property: String, value: String?,
                base: Int64? = nil) {
        self.replica = replica
        self.counter = counter
        self.stamp = stamp
        self.node = node
        self.property = property
        self.value = value
        self.base = base
    }

    /// Whether this operation wins over `other` on the same property: the later stamp,
    /// and on equal stamps the greater replica id, so that every machine decides alike.
    public func wins(over other: SyncOperation) -> Bool {
        wins(over: other.stamp, other.replica)
    }

    /// Whether this operation wins over a value stamped `otherStamp` by `otherReplica`.
    func wins(over otherStamp: Int64, _ otherReplica: NodeID) -> Bool {
        if stamp != otherStamp { return stamp > otherStamp }
        return replica > otherReplica
    }

    /// Whether this operation's maker never saw the value stamped `otherStamp` by
    /// `otherReplica`: its base names another value. A machine always saw its own
    /// earlier values, even when its base lags behind them (an acknowledgement missed
    /// while the row changed again).
    func neverSaw(_ otherStamp: Int64, _ otherReplica: NodeID) -> Bool {
        otherReplica != replica && base.map { $0 != otherStamp } == true
    }
}

/// An operation's id: its replica and counter.
public struct OperationKey: Hashable, Sendable {
    public let replica: NodeID
    public let counter: Int64

    public init(replica: NodeID, counter: Int64) {
        self.replica = replica
        self.counter = counter
    }

    public init(_ operation: SyncOperation) {
        self.init(replica: operation.replica, counter: operation.counter)
    }
}
