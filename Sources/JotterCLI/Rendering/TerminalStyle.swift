import JotterCore

/// How jotter's output looks on a terminal, in one place: the styles it marks text
/// with, and the escaping that keeps control characters in item text from acting on
/// the terminal. Text is escaped here once, on its way out, never before.
struct TerminalStyle {
    /// Whether styles are written; without colour, text is written plain.
    let colour: Bool

    /// Ids, places and field values: there to be read when wanted.
    func dim(_ text: String) -> String { styled(text, .dim) }

    /// The names of lists and the days of the log.
    func bold(_ text: String) -> String { styled(text, .bold) }

    /// A done item's text: dim and struck through.
    func done(_ text: String) -> String { styled(text, .done) }

    /// A search match, in bold red as grep marks them.
    func match(_ text: String) -> String { styled(text, .match) }

    /// The styles, by their SGR parameters.
    enum Look: String {
        case dim = "2", bold = "1", done = "2;9", match = "1;31"
    }

    /// Back to the start of the line, cleared, for a line that rewrites itself.
    static let clearLine = "\r\u{1B}[K"

    private func styled(_ text: String, _ look: Look) -> String {
        colour ? "\u{1B}[" + look.rawValue + "m" + text + "\u{1B}[0m" : text
    }

    /// Writes `text` escaped, in `look` when there is colour. It goes out in runs
    /// between escapes: an entry of megabytes is never copied to be shown.
    func writeEscaped(_ text: Substring, in look: Look? = nil, keepingNewlines: Bool = false, to out: OutputBuffer) {
        let opening = colour ? look.map { "\u{1B}[" + $0.rawValue + "m" } : nil
        if let opening { out.write(opening) }
        DisplayText.write(text, keepingNewlines: keepingNewlines, to: out)
        if opening != nil { out.write("\u{1B}[0m") }
    }

    /// `text` with the characters a terminal would act on written out visibly
    /// (`\t`, `\x1b`, ...). With `keepingNewlines`, a newline stays one, for callers
    /// that lay out continuation lines themselves.
    static func escaped(_ text: String, keepingNewlines: Bool = false) -> String {
        DisplayText.escaped(text, keepingNewlines: keepingNewlines)
    }

    /// Writes `text` escaped, with `ranges` marked as matches. Each piece is escaped
    /// on its own, so the marks stay where the match is. With `continuationIndent`,
    /// each line after the first starts on a line of its own after it.
    func writeMarked(_ text: String, _ ranges: [Range<String.Index>], continuationIndent: String? = nil,
                     to out: OutputBuffer) {
        func write(_ piece: Substring, in look: Look?) {
            guard let continuationIndent else { return writeEscaped(piece, in: look, to: out) }
            var isFirst = true
            for line in piece.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
                if !isFirst { out.write("\n" + continuationIndent) }
                isFirst = false
                writeEscaped(Substring(line), in: look, to: out)
            }
        }
        var start = text.startIndex
        for range in ranges {
            write(text[start..<range.lowerBound], in: nil)
            write(text[range], in: .match)
            start = range.upperBound
        }
        write(text[start...], in: nil)
    }
}
