#if canImport(Glibc)
import Glibc
#endif

/// The text of a long create or text change, decoded from its JSON as the pull read the
/// value a piece at a time, and bound into SQLite where it lies: the value held whole as
/// a string, parsed by SQLite and its text read back into Swift held a 16.5 MB entry
/// four times at once (docs/sync.md, "Long values").
public final class PulledText: @unchecked Sendable, Equatable {
    /// The decoded bytes, a NUL after them.
    private let storage: UnsafeMutableBufferPointer<UInt8>
    private(set) var count = 0
    /// Where in the operation's value the text stood, in UTF-8 bytes: the value holds
    /// `""` there in its place.
    let offset: Int

    /// Room for `capacity` bytes, which only those written take up in memory.
    init(capacity: Int, offset: Int) {
        storage = .allocate(capacity: capacity + 1)
        storage[0] = 0
        self.offset = offset
    }

    deinit { storage.deallocate() }

    /// The text as SQLite binds it, a NUL after it.
    var text: ColumnText { ColumnText(bytes: UnsafeBufferPointer(rebasing: storage[..<count])) }

    var string: String { String(decoding: text.bytes, as: UTF8.self) }

    fileprivate func append(_ byte: UInt8) {
        storage[count] = byte
        count += 1
        storage[count] = 0
    }

    fileprivate var isValidUTF8: Bool {
        var bytes = UnsafeBufferPointer(rebasing: storage[..<count]).makeIterator()
        var parser = Unicode.UTF8.ForwardParser()
        while true {
            switch parser.parseScalar(from: &bytes) {
            case .valid: continue
            case .emptyInput: return true
            case .error: return false
            }
        }
    }

    /// `value` with the text put back in its place: the whole value, for where it is
    /// kept (a parked create, a text change that lost).
    func whole(of value: String) -> String {
        let utf8 = Array(value.utf8)
        let head = String(decoding: utf8[..<offset], as: UTF8.self)
        let tail = String(decoding: utf8[(offset + 2)...], as: UTF8.self)
        return SyncValue.value(head, quoting: text, tail)
    }

    public static func == (left: PulledText, right: PulledText) -> Bool {
        left.offset == right.offset && left.count == right.count
            && memcmp(left.storage.baseAddress!, right.storage.baseAddress!, left.count) == 0
    }
}

/// Reads an operation's value as the hub sends it, in pieces. A long create's text, or a
/// long text change's, is decoded into a `PulledText` as it arrives and the value keeps
/// `""` in its place; any other value is gathered whole. A text written in a way jotter
/// never writes it (an escape of half a surrogate pair, a key with an escape, a second
/// "text") is not split: the value is read again whole, and applied as before.
struct PulledValueReader {
    /// Values shorter than this are gathered whole: splitting saves nothing there.
    static let splitBytes = 1 << 16

    enum Outcome {
        /// The value (nil for NULL), and its text when it was split out.
        case value(String?, PulledText?)
        case notUTF8
        /// The value is to be read again whole.
        case readAgain
    }

    private enum Shape { case whole, textChange, create }

    /// Where a create's scan stands, outside its text.
    private enum Expecting { case objectStart, keyOrEnd, key, colon, value, commaOrEnd, end }

    private let shape: Shape
    private var gathered: [UInt8] = []
    private var isNull = true
    private var gaveUp = false
    private var pulled: PulledText?
    private let capacity: Int
    private var received = 0

    // The create's scan: where it stands, how deep inside a member's value, and
    // whether inside a string (and after a backslash in one).
    private var expecting = Expecting.objectStart
    private var depth = 0
    private var inString = false
    private var afterBackslash = false
    private var key: [UInt8] = []
    private var isKey = false
    private var keyIsText = false
    private var sawText = false

    // The text's decoding: whether inside it, the escape being read, and a high
    // surrogate waiting for its low half.
    private var inText = false
    private var escape: [UInt8] = []
    private var inEscape = false
    private var highSurrogate: UInt32?

    /// Reads a value of `bytes` bytes of property `property`; one shorter than
    /// `splitBytes` is gathered whole.
    init(property: String, bytes: Int, splitBytes: Int = PulledValueReader.splitBytes) {
        capacity = bytes
        if bytes < splitBytes {
            shape = .whole
        } else if property == "create" {
            shape = .create
        } else if property == "text" {
            shape = .textChange
        } else {
            shape = .whole
        }
        if shape == .whole { gathered.reserveCapacity(bytes) }
    }

    mutating func read(_ piece: UnsafeBufferPointer<UInt8>?) {
        guard let piece, !gaveUp else { return }
        isNull = false
        // The text's room is the length the hub gave; a hub whose encoding is not
        // UTF-8 counts the value's bytes in its own.
        received += piece.count
        guard shape == .whole || received <= capacity else { return giveUp() }
        switch shape {
        case .whole: gathered.append(contentsOf: piece)
        case .textChange: for byte in piece where !gaveUp { readTextChange(byte) }
        case .create: for byte in piece where !gaveUp { readCreate(byte) }
        }
    }

    func finish() -> Outcome {
        if gaveUp { return .readAgain }
        if isNull { return .value(nil, nil) }
        guard let value = String(validating: gathered, as: UTF8.self) else { return .notUTF8 }
        if shape == .whole { return .value(value, nil) }
        guard let pulled, !inText, expecting == .end else { return .readAgain }
        return pulled.isValidUTF8 ? .value(value, pulled) : .notUTF8
    }

    // MARK: A text change: one JSON string

    private mutating func readTextChange(_ byte: UInt8) {
        if inText { return decode(byte) }
        if pulled == nil {
            guard byte == UInt8(ascii: "\"") else { return giveUp() }
            beginText()
        } else if !isWhitespace(byte) {
            giveUp()
        }
    }

    private mutating func beginText() {
        pulled = PulledText(capacity: capacity, offset: gathered.count)
        gathered += [UInt8(ascii: "\""), UInt8(ascii: "\"")]
        inText = true
        expecting = .end
    }

    // MARK: A create: an object whose member "text" is a string

    private mutating func readCreate(_ byte: UInt8) {
        if inText { return decode(byte) }
        gathered.append(byte)
        if inString { return readInString(byte) }
        if depth > 0 {
            switch byte {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                depth -= 1
                if depth == 0 { expecting = .commaOrEnd }
            default: break
            }
            return
        }
        if isWhitespace(byte) { return }
        switch (expecting, byte) {
        case (.objectStart, UInt8(ascii: "{")): expecting = .keyOrEnd
        case (.keyOrEnd, UInt8(ascii: "\"")), (.key, UInt8(ascii: "\"")):
            inString = true
            isKey = true
            key = []
        case (.keyOrEnd, UInt8(ascii: "}")), (.commaOrEnd, UInt8(ascii: "}")): expecting = .end
        case (.colon, UInt8(ascii: ":")): expecting = .value
        case (.value, UInt8(ascii: "\"")):
            if keyIsText {
                gathered.removeLast()
                beginText()
                expecting = .commaOrEnd
            } else {
                inString = true
            }
        case (.value, UInt8(ascii: "{")), (.value, UInt8(ascii: "[")):
            guard !keyIsText else { return giveUp() }
            depth = 1
        case (.value, _):
            // A number, true, false or null: read up to the comma or brace after it.
            guard !keyIsText else { return giveUp() }
            expecting = .commaOrEnd
        case (.commaOrEnd, UInt8(ascii: ",")): expecting = .key
        case (.commaOrEnd, _) where isScalarByte(byte): break
        default: giveUp()
        }
    }

    private mutating func readInString(_ byte: UInt8) {
        if afterBackslash {
            afterBackslash = false
            if isKey { giveUp() }
            return
        }
        switch byte {
        case UInt8(ascii: "\\"): afterBackslash = true
        case UInt8(ascii: "\""):
            inString = false
            if isKey {
                isKey = false
                keyIsText = key == Array("text".utf8)
                if keyIsText {
                    guard !sawText else { return giveUp() }
                    sawText = true
                }
                expecting = .colon
            } else if depth == 0 {
                expecting = .commaOrEnd
            }
        default:
            if isKey { key.append(byte) }
        }
    }

    private func isScalarByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "z"),
             UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "."), UInt8(ascii: "E"): true
        default: false
        }
    }

    private func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    // MARK: The text's JSON string

    private mutating func decode(_ byte: UInt8) {
        guard let pulled else { return giveUp() }
        if inEscape { return readEscape(byte, into: pulled) }
        if highSurrogate != nil {
            // Only the escape of its low half may follow a high surrogate.
            guard byte == UInt8(ascii: "\\") else { return giveUp() }
            inEscape = true
            return
        }
        switch byte {
        case UInt8(ascii: "\""): inText = false
        case UInt8(ascii: "\\"): inEscape = true
        case ..<0x20: giveUp()
        default: pulled.append(byte)
        }
    }

    /// The byte that a backslash and `byte` stand for in a JSON string; nil for `u`,
    /// which four hex digits follow, and for what JSON does not allow.
    private static func character(escapedBy byte: UInt8) -> UInt8? {
        switch byte {
        case 0x22, UInt8(ascii: "\\"), UInt8(ascii: "/"): byte
        case UInt8(ascii: "b"): 0x08
        case UInt8(ascii: "f"): 0x0C
        case UInt8(ascii: "n"): 0x0A
        case UInt8(ascii: "r"): 0x0D
        case UInt8(ascii: "t"): 0x09
        default: nil
        }
    }

    private mutating func readEscape(_ byte: UInt8, into pulled: PulledText) {
        if escape.isEmpty {
            if let simple = Self.character(escapedBy: byte), highSurrogate == nil {
                inEscape = false
                return pulled.append(simple)
            }
            guard byte == UInt8(ascii: "u") else { return giveUp() }
            escape.append(byte)
            return
        }
        guard let digit = NodeID.hexValue(byte) else { return giveUp() }
        escape.append(digit)
        guard escape.count == 5 else { return }
        let unit = escape.dropFirst().reduce(UInt32(0)) { $0 << 4 | UInt32($1) }
        escape = []
        inEscape = false
        switch (highSurrogate, unit) {
        case (nil, 0xD800...0xDBFF): highSurrogate = unit
        case (nil, 0xDC00...0xDFFF): giveUp()
        case (nil, _): append(scalar: unit, to: pulled)
        case (let high?, 0xDC00...0xDFFF):
            highSurrogate = nil
            append(scalar: 0x10000 + ((high - 0xD800) << 10) + (unit - 0xDC00), to: pulled)
        default: giveUp()
        }
    }

    private func append(scalar: UInt32, to pulled: PulledText) {
        guard let scalar = Unicode.Scalar(scalar) else { return }
        for byte in UTF8.encode(scalar)! { pulled.append(byte) }
    }

    private mutating func giveUp() {
        gaveUp = true
        gathered = []
        pulled = nil
    }
}
