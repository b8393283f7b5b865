import JotterCore
import JotterFormats

/// The text format of `list`, for people: each entry's position, the tail of its id
/// and its text, continuation lines indented under it, lists in bold ending in '/',
/// done items with a ✓ (and struck through), field values after the text as they are
/// typed inline. With a `width` (a terminal's), a long entry is wrapped to it, its
/// lines under its text.
struct TextListing {
    let style: TerminalStyle
    private let positionWidth: Int
    private let width: Int?
    /// Below this many cells for the text, wrapping would make a column of a few
    /// letters: the terminal wraps instead.
    private static let narrowestText = 12

    /// `count` is how many entries follow, so that the positions line up.
    init(style: TerminalStyle, count: Int, width: Int? = nil) {
        self.style = style
        positionWidth = String(max(count, 1)).count
        self.width = width
    }

    func write(_ node: Node, fields: [FieldValue], position: Int64, to out: OutputBuffer) {
        let number = String(position)
        out.write(String(repeating: " ", count: max(0, positionWidth - number.count)) + number + "  ")
        let id = node.id.shortForm()
        out.write(style.dim(id) + "  ")
        let indent = String(repeating: " ", count: positionWidth + 2 + id.count + 2)
        let isDone = node.doneMilliseconds != nil
        if isDone { out.write("✓ ") }
        // Line by line in runs, with no escaped copy of the text made.
        let look: TerminalStyle.Look? = isDone ? .done : node.kind == .list ? .bold : nil
        if let width, width - indent.count >= Self.narrowestText {
            var wrapping = WrappingWriter(width: width - indent.count, indent: indent, used: isDone ? 2 : 0,
                                          style: style, out: out)
            NodeWriter.forEachLine(of: node.text, crlfEndsLine: false) { line, isFirst in
                if !isFirst { wrapping.breakLine() }
                wrapping.write(line, in: look)
            }
            if node.kind == .list { wrapping.write("/") }
            if !fields.isEmpty {
                wrapping.write("  ")
                wrapping.write(FieldValue.inlineWords(fields), in: .dim)
            }
            wrapping.finish()
            out.write("\n")
            out.flushIfFull()
            return
        }
        NodeWriter.forEachLine(of: node.text, crlfEndsLine: false) { line, isFirst in
            if !isFirst { out.write("\n" + indent) }
            style.writeEscaped(line, in: look, keepingNewlines: true, to: out)
        }
        if node.kind == .list { out.write("/") }
        if !fields.isEmpty {
            // Shown as they are typed inline, so what is seen can be typed again.
            out.write("  " + style.dim(TerminalStyle.escaped(FieldValue.inlineWords(fields))))
        }
        out.write("\n")
        out.flushIfFull()
    }
}
