import JotterCore

/// How jotter's output looks on a terminal, in one place: the styles it marks text
/// with, and the escaping that keeps control characters in item text from acting on
/// the terminal. Text is escaped here once, on its way out, never before.
struct TerminalStyle {
    /// Whether styles are written; without colour, text is written plain.
    let colour: Bool

    /// Ids, places and field values: there to be read when wanted.
    func dim(_ text: String) -> String { styled(text, "2") }

    /// The names of lists and the days of the log.
    func bold(_ text: String) -> String { styled(text, "1") }

    /// A done item's text: dim and struck through.
    func done(_ text: String) -> String { styled(text, "2;9") }

    /// A search match, in bold red as grep marks them.
    func match(_ text: String) -> String { styled(text, "1;31") }

    /// Back to the start of the line, cleared, for a line that rewrites itself.
    static let clearLine = "\r\u{1B}[K"

    private func styled(_ text: String, _ parameters: String) -> String {
        colour ? "\u{1B}[" + parameters + "m" + text + "\u{1B}[0m" : text
    }

    /// `text` with the characters a terminal would act on written out visibly
    /// (`\t`, `\x1b`, ...). With `keepingNewlines`, a newline stays one, for callers
    /// that lay out continuation lines themselves.
    static func escaped(_ text: String, keepingNewlines: Bool = false) -> String {
        DisplayText.escaped(text, keepingNewlines: keepingNewlines)
    }

    /// `text` escaped, with `ranges` marked as matches. Each piece is escaped on its
    /// own, so the marks stay where the match is.
    func marked(_ text: String, _ ranges: [Range<String.Index>]) -> String {
        var shown = ""
        var start = text.startIndex
        for range in ranges {
            shown += TerminalStyle.escaped(String(text[start..<range.lowerBound]))
            shown += match(TerminalStyle.escaped(String(text[range])))
            start = range.upperBound
        }
        return shown + TerminalStyle.escaped(String(text[start...]))
    }
}
