/// The ids of the lists and items a store makes itself are worked out from their rows
/// rather than stored. A stored id costs each row 16 bytes and an entry in an index of
/// its own, which together more than doubled the work of every insert; a derived one
/// costs nothing until it is shown.
///
/// A derived id is a UUIDv7 (RFC 9562) like any other: its 48-bit timestamp is the
/// row's creation time, and its 74 bits that are random in other v7 ids hold a salt
/// drawn once per store (34 bits) and the row number scrambled by a keyed bijection
/// (40 bits), so that ids of different stores differ and the short form (the tail)
/// still looks random. Ids that come from elsewhere (imports) are stored as they are.
struct DerivedIDs: Sendable {
    /// The row numbers that can be encoded.
    static let seqRange: ClosedRange<Int64> = 1...(1 << 40) - 1
    /// The creation times that fit the 48-bit timestamp.
    static let millisecondsRange: ClosedRange<Int64> = 0...(1 << 48) - 1

    private static let mask40: UInt64 = (1 << 40) - 1
    private static let saltBits: UInt64 = (1 << 34) - 1
    private static let multiplier: UInt64 = 0x9E37_79B9_7F4A_7C15 & mask40 | 1
    private static let inverseMultiplier: UInt64 = {
        // Newton's iteration doubles the correct low bits of an odd number's inverse
        // each step: 5 steps from 3 good bits cover 64.
        var inverse = multiplier
        for _ in 0..<5 { inverse = inverse &* (2 &- multiplier &* inverse) }
        return inverse & mask40
    }()

    /// The 34 bits that mark this store's ids.
    let storeMark: UInt64
    /// The key of the row number's scrambling.
    private let key: UInt64

    init(salt: UInt64) {
        storeMark = salt & DerivedIDs.saltBits
        // The mark is in every id, so the key is mixed from the whole salt rather than
        // taken from bits that overlap it.
        key = (salt &* 0xD6E8_FEB8_6659_FD93) >> 24 & DerivedIDs.mask40
    }

    /// The id of the row `seq` created at `createdMilliseconds`, or nil when either
    /// does not fit, in which case the row must store an id.
    func id(seq: Int64, createdMilliseconds: Int64) -> NodeID? {
        guard DerivedIDs.seqRange.contains(seq), DerivedIDs.millisecondsRange.contains(createdMilliseconds) else {
            return nil
        }
        let milliseconds = UInt64(createdMilliseconds)
        let scrambled = scramble(UInt64(seq) ^ key)
        var bytes = [UInt8](repeating: 0, count: 16)
        for index in 0..<6 {
            bytes[index] = UInt8(truncatingIfNeeded: milliseconds >> (8 * (5 - index)))
        }
        bytes[6] = 0x70 | UInt8(truncatingIfNeeded: storeMark >> 30)
        bytes[7] = UInt8(truncatingIfNeeded: storeMark >> 22)
        bytes[8] = 0x80 | UInt8(truncatingIfNeeded: storeMark >> 16) & 0x3F
        bytes[9] = UInt8(truncatingIfNeeded: storeMark >> 8)
        bytes[10] = UInt8(truncatingIfNeeded: storeMark)
        for index in 11..<16 {
            bytes[index] = UInt8(truncatingIfNeeded: scrambled >> (8 * (15 - index)))
        }
        return NodeID(bytes: bytes)!
    }

    /// The row an id of this store would be derived from, or nil when the id cannot
    /// be one of this store's. The row must still be checked: it may have been
    /// deleted, or it may hold an id of its own.
    func row(of id: NodeID) -> (seq: Int64, createdMilliseconds: Int64)? {
        let bytes = id.bytes
        guard bytes[6] >> 4 == 7, bytes[8] >> 6 == 2 else { return nil }
        let mark = UInt64(bytes[6] & 0x0F) << 30 | UInt64(bytes[7]) << 22 | UInt64(bytes[8] & 0x3F) << 16
            | UInt64(bytes[9]) << 8 | UInt64(bytes[10])
        guard mark == storeMark else { return nil }
        var scrambled: UInt64 = 0
        var milliseconds: UInt64 = 0
        for index in 11..<16 { scrambled = scrambled << 8 | UInt64(bytes[index]) }
        for index in 0..<6 { milliseconds = milliseconds << 8 | UInt64(bytes[index]) }
        let seq = Int64(unscramble(scrambled) ^ key)
        guard DerivedIDs.seqRange.contains(seq) else { return nil }
        return (seq, Int64(milliseconds))
    }

    /// A bijection on 40 bits that spreads neighbouring numbers apart: xor-shifts by
    /// half the width (each its own inverse) around two multiplications by an odd
    /// number. The same steps with the inverse multiplier undo it.
    private func scramble(_ value: UInt64) -> UInt64 {
        DerivedIDs.permute(value, multiplier: DerivedIDs.multiplier)
    }

    private func unscramble(_ value: UInt64) -> UInt64 {
        DerivedIDs.permute(value, multiplier: DerivedIDs.inverseMultiplier)
    }

    private static func permute(_ value: UInt64, multiplier: UInt64) -> UInt64 {
        var x = value & mask40
        x ^= x >> 20
        x = (x &* multiplier) & mask40
        x ^= x >> 20
        x = (x &* multiplier) & mask40
        x ^= x >> 20
        return x
    }
}

/// The derived ids of a store whose file was found to be a copy: the rows made before
/// keep the ids of the salt they were made under (they are the same entries in both
/// files), and each copy's rows from then on are derived with a salt of its own, so
/// that two copies never give two different entries one id.
struct StoreIDs: Sendable {
    /// The salt of each range of rows, by the first row of the range, ascending.
    private var epochs: [(firstSeq: Int64, ids: DerivedIDs)]

    init(salt: UInt64) {
        epochs = [(DerivedIDs.seqRange.lowerBound, DerivedIDs(salt: salt))]
    }

    /// Rows from `firstSeq` on are derived with `salt`.
    mutating func add(firstSeq: Int64, salt: UInt64) {
        epochs.removeAll { $0.firstSeq >= firstSeq && $0.firstSeq != DerivedIDs.seqRange.lowerBound }
        epochs.append((firstSeq, DerivedIDs(salt: salt)))
        epochs.sort { $0.firstSeq < $1.firstSeq }
    }

    private func epoch(of seq: Int64) -> DerivedIDs {
        epochs.last { $0.firstSeq <= seq }?.ids ?? epochs[0].ids
    }

    func id(seq: Int64, createdMilliseconds: Int64) -> NodeID? {
        epoch(of: seq).id(seq: seq, createdMilliseconds: createdMilliseconds)
    }

    func row(of id: NodeID) -> (seq: Int64, createdMilliseconds: Int64)? {
        for (_, ids) in epochs {
            if let row = ids.row(of: id), epoch(of: row.seq).storeMark == ids.storeMark { return row }
        }
        return nil
    }
}
