/// The rules for what a typed line means, shared by the prompt, piped input and
/// `jotter add`.
public enum EntryText {
    /// `text` without whitespace or newlines at either end (Unicode-aware: an
    /// ideographic space counts too).
    public static func trimmed(_ text: String) -> String {
        let scalars = text.unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
              let last = scalars.lastIndex(where: { !$0.properties.isWhitespace }) else { return "" }
        return String(scalars[first...last])
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
            let literal = String(text.dropFirst())
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
