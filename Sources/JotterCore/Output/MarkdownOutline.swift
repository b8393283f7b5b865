extension NodeWriter {
    /// Lists are headings, one `#` for each list from the top down to them; items are
    /// bullets, indented under the items they belong to. An item's field values end
    /// its bullet's line as an attribute block. A line of an item's text
    /// after the first goes under its bullet, behind a `\` when it would otherwise
    /// read as a bullet, a heading or an escape. What an outline cannot hold, a list
    /// inside an item or more than six levels of lists, is refused rather than
    /// written so that it would come back elsewhere.
    mutating func writeMarkdown(_ node: Node, fields: [FieldValue], to out: OutputBuffer) throws {
        let text = shown(node.text, keepingNewlines: true)
        if node.kind == .list {
            guard !kinds.dropLast().contains(.item) else {
                throw JotterError.input(
                    "the list '\(node.text)' is inside an item, which a Markdown outline cannot hold; use --format jsonl")
            }
            let level = kinds.count
            guard level <= 6 else {
                throw JotterError.input(
                    "the list '\(node.text)' is \(level) lists deep, more than Markdown's six heading levels; use --format jsonl")
            }
            out.write((written == 0 ? "" : "\n") + String(repeating: "#", count: level) + " " + text + "\n\n")
            return
        }
        let nesting = kinds.reversed().prefix { $0 == .item }.count - 1
        let indent = String(repeating: "  ", count: nesting)
        let lines = NodeWriter.lines(of: text)
        let shownFields = shownOnTerminal == nil
            ? fields : fields.map { FieldValue(name: shown($0.name), value: shown($0.value)) }
        guard let firstLine = Markdown.bulletLine(lines[0], fields: shownFields) else {
            throw JotterError.input(
                "the fields of '\(lines[0])' would not read back from a Markdown attribute block; use --format jsonl")
        }
        out.write(indent + "- " + firstLine + "\n")
        for line in lines.dropFirst() {
            if line.isEmpty {
                out.write("\n")
            } else {
                out.write(indent + "  " + (Markdown.needsEscape(line) ? "\\" : "") + line + "\n")
            }
        }
    }
}

/// What the Markdown reader and writer agree on.
public enum Markdown {
    /// Whether a continuation line would read as something else at the start of a
    /// line: a bullet, a numbered item, a heading, or a line that starts with `\`.
    public static func needsEscape(_ line: Substring) -> Bool {
        let content = line.drop { $0 == " " || $0 == "\t" }
        guard let first = content.first else { return false }
        if "#-*+\\".contains(first) { return true }
        let digits = content.prefix { $0.isASCII && $0.isNumber }
        guard !digits.isEmpty else { return false }
        let after = content.dropFirst(digits.count).first
        return after == "." || after == ")"
    }
}
