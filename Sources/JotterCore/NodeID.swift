/// The UUID of a list or item: 16 bytes, written as the usual 36-character text.
///
/// jotter's ids are time-ordered UUIDv7 (RFC 9562). Their first 12 hex digits are a
/// timestamp shared by everything made in the same millisecond, so the short form that
/// `list` shows is the *tail*, the part that differs.
public struct NodeID: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let bytes: [UInt8]

    /// How many hex digits of the tail `list` shows.
    public static let shortFormLength = 8

    public init?(bytes: [UInt8]) {
        guard bytes.count == 16 else { return nil }
        self.bytes = bytes
    }

    /// Parses the 36-character form, or 32 hex digits without hyphens, in either case.
    public init?(_ text: String) {
        var digits: [UInt8] = []
        digits.reserveCapacity(32)
        let utf8 = Array(text.utf8)
        guard utf8.count == 36 || utf8.count == 32 else { return nil }
        for (offset, byte) in utf8.enumerated() {
            if utf8.count == 36 && [8, 13, 18, 23].contains(offset) {
                guard byte == UInt8(ascii: "-") else { return nil }
                continue
            }
            guard let value = NodeID.hexValue(byte) else { return nil }
            digits.append(value)
        }
        guard digits.count == 32 else { return nil }
        var bytes = [UInt8](repeating: 0, count: 16)
        for index in 0..<16 {
            bytes[index] = digits[2 * index] << 4 | digits[2 * index + 1]
        }
        self.bytes = bytes
    }

    static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    /// Whether `text` could be the short form of an id: hex digits only, at least four.
    public static func isShortFormCandidate(_ text: String) -> Bool {
        text.utf8.count >= 4 && text.utf8.count <= 32 && text.utf8.allSatisfy { hexValue($0) != nil }
    }

    public var hexDigits: String {
        String(decoding: hexBytes, as: UTF8.self)
    }

    private var hexBytes: [UInt8] {
        var digits: [UInt8] = []
        appendHex(to: &digits, hyphenated: false)
        return digits
    }

    public var description: String {
        var text: [UInt8] = []
        appendText(to: &text)
        return String(decoding: text, as: UTF8.self)
    }

    /// Appends the 36-character form.
    public func appendText(to out: inout [UInt8]) {
        appendHex(to: &out, hyphenated: true)
    }

    /// The hex digits, made on the stack and copied in one go: listings write one id
    /// per row.
    private func appendHex(to out: inout [UInt8], hyphenated: Bool) {
        let alphabet: StaticString = "0123456789abcdef"
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 36) { text in
            var position = 0
            for (index, byte) in bytes.enumerated() {
                if hyphenated && (index == 4 || index == 6 || index == 8 || index == 10) {
                    text[position] = UInt8(ascii: "-")
                    position += 1
                }
                text[position] = alphabet.utf8Start[Int(byte >> 4)]
                text[position + 1] = alphabet.utf8Start[Int(byte & 0x0F)]
                position += 2
            }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: text[..<position]))
        }
    }

    /// Whether the id's hex digits end with `tail`, in either case.
    public func hasTail(_ tail: String) -> Bool {
        let digits = Array(tail.utf8)
        guard digits.count <= 32 else { return false }
        for (offset, digit) in digits.reversed().enumerated() {
            let byte = bytes[15 - offset / 2]
            let expected = offset % 2 == 0 ? byte & 0x0F : byte >> 4
            guard NodeID.hexValue(digit) == expected else { return false }
        }
        return true
    }

    /// The last `length` hex digits.
    public func shortForm(length: Int = NodeID.shortFormLength) -> String {
        String(hexDigits.suffix(length))
    }

    public static func < (lhs: NodeID, rhs: NodeID) -> Bool {
        lhs.bytes.lexicographicallyPrecedes(rhs.bytes)
    }
}

/// Makes the ids that rows store because theirs cannot be derived (see DerivedIDs):
/// UUIDv7 ids that increase strictly within this process, even for many ids in
/// one millisecond: the 12-bit `rand_a` field counts up from a random start
/// (RFC 9562, section 6.2, method 1), and a full counter borrows the next millisecond.
public struct NodeIDGenerator {
    private var lastMilliseconds: UInt64 = 0
    private var counter: UInt16 = 0
    private var random = FastRandom()

    public init() {}

    public mutating func next(milliseconds now: UInt64) -> NodeID {
        var milliseconds = now
        if milliseconds <= lastMilliseconds {
            milliseconds = lastMilliseconds
            if counter >= 0x0FFF {
                milliseconds += 1
                counter = UInt16.random(in: 0..<0x0800, using: &random)
            } else {
                counter += 1
            }
        } else {
            counter = UInt16.random(in: 0..<0x0800, using: &random)
        }
        lastMilliseconds = milliseconds
        let tail = random.next() as UInt64
        var bytes = [UInt8](repeating: 0, count: 16)
        for index in 0..<6 {
            bytes[index] = UInt8(truncatingIfNeeded: milliseconds >> (8 * (5 - index)))
        }
        bytes[6] = 0x70 | UInt8(counter >> 8)
        bytes[7] = UInt8(truncatingIfNeeded: counter)
        for index in 8..<16 {
            bytes[index] = UInt8(truncatingIfNeeded: tail >> (8 * (15 - index)))
        }
        bytes[8] = 0x80 | (bytes[8] & 0x3F)
        return NodeID(bytes: bytes)!
    }
}

/// xoshiro256** seeded once from the system: the system generator costs a system call
/// for every number, which made it the largest single cost of a big import. The ids
/// need uniqueness, not secrecy, and 62 random bits a millisecond give that.
struct FastRandom: RandomNumberGenerator {
    private var state: (UInt64, UInt64, UInt64, UInt64)

    init() {
        var system = SystemRandomNumberGenerator()
        state = (system.next(), system.next(), system.next(), system.next())
        if state == (0, 0, 0, 0) { state.0 = 1 }
    }

    mutating func next() -> UInt64 {
        let result = rotate(state.1 &* 5, 7) &* 9
        let shifted = state.1 << 17
        state.2 ^= state.0
        state.3 ^= state.1
        state.1 ^= state.2
        state.0 ^= state.3
        state.2 ^= shifted
        state.3 = rotate(state.3, 45)
        return result
    }

    private func rotate(_ value: UInt64, _ amount: UInt64) -> UInt64 {
        (value << amount) | (value >> (64 - amount))
    }
}
