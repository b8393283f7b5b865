/// JSON strings, escaped so that the output is safe to print as it is: every control
/// character, DEL, the C1 controls, U+2028/U+2029 and the bidirectional overrides
/// are written as `\u` escapes.
public enum JSON {
    /// The text goes out in runs of the bytes between escapes, never as an escaped
    /// copy of itself: an entry of megabytes costs no more memory than its own.
    public static func writeString(_ text: some StringProtocol, to out: OutputBuffer) {
        out.write(byte: UInt8(ascii: "\""))
        out.write(text, escaping: escape(at:in:))
        out.write(byte: UInt8(ascii: "\""))
    }

    /// The inside of a JSON string, without its quotes, for a text written in pieces:
    /// each must end where a character does.
    package static func writeEscaped(_ bytes: UnsafeBufferPointer<UInt8>, to out: OutputBuffer) {
        out.write(bytes, escaping: escape(at:in:))
    }

    /// The escape for the character that starts at `index`, and its length in bytes;
    /// nil for one written as it is.
    private static func escape(at index: Int, in bytes: UnsafeBufferPointer<UInt8>) -> (String, Int)? {
        let byte = bytes[index]
        func next(_ offset: Int) -> UInt8? { index + offset < bytes.count ? bytes[index + offset] : nil }
        switch byte {
        case 0x22: return ("\\\"", 1)
        case 0x5C: return ("\\\\", 1)
        case 0x0A: return ("\\n", 1)
        case 0x0D: return ("\\r", 1)
        case 0x09: return ("\\t", 1)
        case 0x00..<0x20, 0x7F: return (unicodeEscape(UInt32(byte)), 1)
        case 0xC2:
            // The C1 controls, U+0080 to U+009F.
            guard let second = next(1), (0x80...0x9F).contains(second) else { return nil }
            return (unicodeEscape(UInt32(second)), 2)
        case 0xE2:
            // U+2028 to U+202E (separators and bidirectional overrides), U+2066 to U+2069.
            guard let second = next(1), let third = next(2) else { return nil }
            let scalar = 0x2000 | UInt32(second & 0x3F) << 6 | UInt32(third & 0x3F)
            guard (0x2028...0x202E).contains(scalar) || (0x2066...0x2069).contains(scalar) else { return nil }
            return (unicodeEscape(scalar), 3)
        default:
            return nil
        }
    }

    private static func unicodeEscape(_ scalar: UInt32) -> String {
        "\\u" + DisplayText.hex(scalar, width: 4)
    }
}
