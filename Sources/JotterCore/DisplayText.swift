/// Item text is data: before any of it is shown on a terminal, the characters that a
/// terminal would act on instead of showing are written out visibly.
public enum DisplayText {
    /// `text` with control characters (C0, DEL, C1) and bidirectional overrides written
    /// as `\t`, `\n`, `\r`, `\x1b`, `\u{202e}`. With `keepingNewlines`, a newline stays
    /// a newline, for callers that lay out continuation lines themselves.
    public static func escaped(_ text: String, keepingNewlines: Bool = false) -> String {
        guard needsEscaping(text.utf8) else { return text }
        var out = ""
        out.reserveCapacity(text.utf8.count + 8)
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x0A where keepingNewlines: out.unicodeScalars.append(scalar)
            case 0x09: out += "\\t"
            case 0x0A: out += "\\n"
            case 0x0D: out += "\\r"
            case 0x00..<0x20, 0x7F: out += "\\x" + hex(scalar.value, width: 2)
            case 0x80..<0xA0, 0x202A...0x202E, 0x2066...0x2069: out += "\\u{" + hex(scalar.value, width: 4) + "}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
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
