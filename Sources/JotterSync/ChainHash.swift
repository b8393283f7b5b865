/// The hash of a journal's order up to a position: each position's hash is made of
/// the one before and the operation's id. A machine remembers it at its cursor and
/// compares it with the hub's at the same position: a hub rolled back, restored from
/// an older backup or pointed at another journal gives another hash there, even when
/// it has grown past the cursor again.
public struct ChainHash: Hashable, Sendable {
    public private(set) var value: UInt64

    /// The hash of the empty journal.
    public static let start = ChainHash(value: 0xcbf2_9ce4_8422_2325)

    public init(value: UInt64) {
        self.value = value
    }

    /// The hash one position later, where `operation` stands.
    public func appending(_ operation: OperationID) -> ChainHash {
        var hash = value
        for word in [operation.replica.high, operation.replica.low, UInt64(bitPattern: operation.counter)] {
            // A multiply-xorshift mix of each word (SplitMix64's finaliser).
            hash = (hash ^ word) &* 0xbf58_476d_1ce4_e5b9
            hash = (hash ^ (hash >> 27)) &* 0x94d0_49bb_1331_11eb
            hash ^= hash >> 31
        }
        return ChainHash(value: hash)
    }
}
