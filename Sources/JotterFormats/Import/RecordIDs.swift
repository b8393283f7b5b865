import JotterCore

/// Ids for records whose source has none (an annotation, a todo.txt line, a jrnl
/// entry), derived from what the record holds, so that importing the same file again
/// names the same nodes and adds nothing.
enum RecordIDs {
    /// A UUID of version 8 (RFC 9562's custom version) made from two FNV-1a hashes of
    /// `parts`: stable across runs and machines, unlike Swift's own hashing.
    static func derived(from parts: [String]) -> NodeID {
        let (first, second) = hashes(of: parts)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(16)
        for shift in stride(from: 56, through: 0, by: -8) { bytes.append(UInt8(truncatingIfNeeded: first >> UInt64(shift))) }
        for shift in stride(from: 56, through: 0, by: -8) { bytes.append(UInt8(truncatingIfNeeded: second >> UInt64(shift))) }
        bytes[6] = (bytes[6] & 0x0F) | 0x80
        bytes[8] = (bytes[8] & 0x3F) | 0x80
        return NodeID(bytes: bytes)!
    }

    /// The first of the two hashes of `parts`, FNV-1a's: a record's digest.
    static func digest(of parts: [String]) -> UInt64 {
        hashes(of: parts).first
    }

    private static func hashes(of parts: [String]) -> (first: UInt64, second: UInt64) {
        var first: UInt64 = 0xcbf2_9ce4_8422_2325
        var second: UInt64 = 0x6c62_272e_07bb_0142
        for part in parts {
            for byte in part.utf8 {
                first = (first ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
                second = (second ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
                second = second &+ (second << 7)
            }
            // A separator between parts, so that ["ab", "c"] and ["a", "bc"] differ.
            first = (first ^ 0xFF) &* 0x0000_0100_0000_01B3
            second = (second ^ 0xFF) &* 0x0000_0100_0000_01B3
        }
        return (first, second)
    }
}
