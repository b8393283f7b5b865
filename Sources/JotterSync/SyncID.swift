/// A 128-bit id, as a UUID holds it: what names an entry or a replica in operations.
/// The model keeps no row numbers, so that every machine names a thing alike.
public struct SyncID: Hashable, Comparable, Sendable, CustomStringConvertible {
    public var high: UInt64
    public var low: UInt64

    public init(high: UInt64, low: UInt64) {
        self.high = high
        self.low = low
    }

    public static func < (left: SyncID, right: SyncID) -> Bool {
        (left.high, left.low) < (right.high, right.low)
    }

    /// The first 8 hex digits, as `jotter` shows an id.
    public var description: String {
        let hex = String(high >> 32, radix: 16)
        return String(repeating: "0", count: 8 - hex.count) + hex
    }
}

/// Names one operation on every machine: the replica that made it and that replica's
/// count. A client recognises its own operations in what it pulls by this id, so an
/// acknowledgement it never heard loses nothing and sends nothing twice.
public struct OperationID: Hashable, Comparable, Sendable, CustomStringConvertible {
    public var replica: SyncID
    public var counter: Int64

    public init(replica: SyncID, counter: Int64) {
        self.replica = replica
        self.counter = counter
    }

    public static func < (left: OperationID, right: OperationID) -> Bool {
        (left.replica, left.counter) < (right.replica, right.counter)
    }

    public var description: String { "\(replica)#\(counter)" }
}
