/// The rules for what a typed line means, shared by the prompt, piped input and
/// `jotter add`.
public enum EntryText {
    /// `text` without whitespace or newlines at either end (Unicode-aware: an
    /// ideographic space counts too).
    public static func trimmed(_ text: String) -> String {
        var utf8 = text.utf8[...]
        while let first = utf8.first, isASCIIWhitespace(first) { utf8 = utf8.dropFirst() }
        while let last = utf8.last, isASCIIWhitespace(last) { utf8 = utf8.dropLast() }
        // Most text starts and ends in ASCII that is not white space: nothing more to do.
        if let first = utf8.first, let last = utf8.last, first < 0x80, last < 0x80 {
            return utf8.count == text.utf8.count ? text : String(Substring(utf8))
        }
        let scalars = text.unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
              let last = scalars.lastIndex(where: { !$0.properties.isWhitespace }) else { return "" }
        return String(scalars[first...last])
    }

    /// Whether `text` is white space only, as `trimmed(text).isEmpty`, without the
    /// trimmed copy: a long entry ending in CJK or white space was copied to be asked.
    public static func isBlank(_ text: String) -> Bool {
        text.unicodeScalars.allSatisfy(\.properties.isWhitespace)
    }

    /// `text` without white space at its end only.
    public static func trimmedAtEnd(_ text: String) -> String {
        let scalars = text.unicodeScalars
        guard let last = scalars.lastIndex(where: { !$0.properties.isWhitespace }) else { return "" }
        return String(scalars[...last])
    }

    package static func isASCIIWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || (0x09...0x0D).contains(byte)
    }

    /// `bytes` as text, or nil when they are not UTF-8 or hold a NUL. Plain ASCII,
    /// the common case, is taken without the general validation.
    public static func text(from bytes: UnsafeBufferPointer<UInt8>) -> String? {
        if isASCIIText(bytes) { return String(decoding: bytes, as: UTF8.self) }
        return bytes.contains(0) ? nil : String(validating: bytes, as: UTF8.self)
    }

    /// Whether `bytes` are UTF-8 without a NUL: `text(from:)` without the string.
    package static func isText(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        !bytes.contains(0) && (try? UTF8Span(validating: bytes.span)) != nil
    }

    /// Whether `bytes` are ASCII without a NUL, and so item text as they are.
    package static func isASCIIText(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        bytes.allSatisfy { $0 != 0 && $0 < 0x80 }
    }

    /// What one line typed at the prompt asks for.
    public enum Meaning: Equatable {
        /// Nothing: an empty or blank line adds nothing and is not an error.
        case nothing
        /// Text to commit as an item.
        case entry(String)
        /// A command: the text after the `:`.
        case command(String)
    }

    /// A line starting with `:` is a command; a leading `\` is dropped and the rest
    /// taken literally, so `\:not a command` is an entry.
    public static func meaning(of line: String) -> Meaning {
        let text = trimmed(line)
        if text.hasPrefix(":") {
            return .command(String(text.dropFirst()))
        }
        if text.hasPrefix("\\") {
            let literal = trimmed(String(text.dropFirst()))
            return literal.isEmpty ? .nothing : .entry(literal)
        }
        return text.isEmpty ? .nothing : .entry(text)
    }

    /// Why `bytes` cannot be item text, or nil when they can: text is UTF-8 and holds
    /// no NUL, which would cut it short in every C tool that reads the store.
    public static func problem(with bytes: some Collection<UInt8>) -> String? {
        if bytes.contains(0) { return "holds a NUL byte" }
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue: continue
            case .emptyInput: return nil
            case .error: return "is not valid UTF-8"
            }
        }
    }
}
