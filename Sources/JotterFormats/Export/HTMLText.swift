import JotterCore

/// Text on its way into an HTML page: item text is data, so every character that
/// HTML would read as markup is written as an entity, in element content and in
/// attribute values alike (quotes included), and every control character or
/// bidirectional override is written out visibly, as a terminal is shown it
/// (`DisplayText`); a tab is
/// left as it is, as a page shows it as white space.
public enum HTMLText {
    /// Writes `text` escaped, in runs: no escaped copy of a long text is made. With
    /// `keepingNewlines`, a newline stays one (for text shown with its lines).
    public static func write(_ text: some StringProtocol, keepingNewlines: Bool = false, to out: OutputBuffer) {
        out.write(text) { index, bytes in
            switch bytes[index] {
            case UInt8(ascii: "&"): ("&amp;", 1)
            case UInt8(ascii: "<"): ("&lt;", 1)
            case UInt8(ascii: ">"): ("&gt;", 1)
            case UInt8(ascii: "\""): ("&quot;", 1)
            case UInt8(ascii: "'"): ("&#39;", 1)
            case UInt8(ascii: "\t"): nil
            default: DisplayText.escape(at: index, in: bytes, keepingNewlines: keepingNewlines)
            }
        }
    }

    /// `text` escaped, for the short texts (names, values) a page holds.
    public static func escaped(_ text: some StringProtocol) -> String {
        let out = OutputBuffer()
        write(text, to: out)
        return out.text
    }
}
