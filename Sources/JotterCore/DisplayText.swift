/// Item text is data: before any of it is shown on a terminal, the characters that a
/// terminal would act on instead of showing are written out visibly.
public enum DisplayText {
    /// `text` with control characters (C0, DEL, C1) and bidirectional overrides written
    /// as `\t`, `\n`, `\r`, `\x1b`, `\u{202e}`. With `keepingNewlines`, a newline stays
    /// a newline, for callers that lay out continuation lines themselves.
    public static func escaped(_ text: String, keepingNewlines: Bool = false) -> String {
        guard needsEscaping(text.utf8) else { return text }
        let out = OutputBuffer()
        write(text, keepingNewlines: keepingNewlines, to: out)
        return out.text
    }

    /// Writes `escaped(text)` without building it: a long text goes out in runs.
    public static func write(_ text: some StringProtocol, keepingNewlines: Bool = false, to out: OutputBuffer) {
        out.write(text) { escape(at: $0, in: $1, keepingNewlines: keepingNewlines) }
    }

    /// What `escaped` writes for the character that starts at `index` of `bytes`
    /// (valid UTF-8, as a string's are), and its length in bytes; nil for one shown as
    /// it is. For the writers of formats that escape characters of their own as well.
    public static func escape(at index: Int, in bytes: UnsafeBufferPointer<UInt8>,
                              keepingNewlines: Bool) -> (replacement: String, length: Int)? {
        let byte = bytes[index]
        switch byte {
        case 0x0A: return keepingNewlines ? nil : ("\\n", 1)
        case 0x09: return ("\\t", 1)
        case 0x0D: return ("\\r", 1)
        case 0x00..<0x20, 0x7F: return ("\\x" + hex(UInt32(byte), width: 2), 1)
        case 0xC2:
            // The C1 controls, U+0080 to U+009F.
            guard index + 1 < bytes.count, (0x80...0x9F).contains(bytes[index + 1]) else { return nil }
            return (unicodeEscape(UInt32(bytes[index + 1])), 2)
        case 0xE2:
            // The bidirectional overrides, U+202A to U+202E and U+2066 to U+2069.
            guard index + 2 < bytes.count else { return nil }
            let scalar = 0x2000 | UInt32(bytes[index + 1] & 0x3F) << 6 | UInt32(bytes[index + 2] & 0x3F)
            guard (0x202A...0x202E).contains(scalar) || (0x2066...0x2069).contains(scalar) else { return nil }
            return (unicodeEscape(scalar), 3)
        default:
            return nil
        }
    }

    private static func unicodeEscape(_ scalar: UInt32) -> String {
        "\\u{" + hex(scalar, width: 4) + "}"
    }

    /// A quick scan of the bytes: false for the common text that needs nothing done.
    /// 0xC2 leads the C1 controls, 0xE2 the bidirectional overrides.
    static func needsEscaping(_ bytes: String.UTF8View) -> Bool {
        bytes.contains { $0 < 0x20 || $0 == 0x7F || $0 == 0xC2 || $0 == 0xE2 }
    }

    static func hex(_ value: UInt32, width: Int) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}
