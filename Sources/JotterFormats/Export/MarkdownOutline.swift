import JotterCore

extension NodeWriter {
    /// Lists are headings, one `#` for each list from the top down to them; items are
    /// bullets, indented under the items they belong to. An item's field values end
    /// its bullet's line as an attribute block. A line of an item's text
    /// after the first goes under its bullet, behind a `\` when it would otherwise
    /// read as a bullet, a heading or an escape. What an outline cannot hold, a list
    /// inside an item or more than six levels of lists, is refused rather than
    /// written so that it would come back elsewhere.
    mutating func writeMarkdown(_ node: Node, fields: [FieldValue], to out: OutputBuffer) throws {
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
            out.write((written == 0 ? "" : "\n") + String(repeating: "#", count: level) + " ")
            writeShown(node.text[...], keepingNewlines: true, to: out)
            out.write("\n\n")
            return
        }
        let nesting = kinds.reversed().prefix { $0 == .item }.count - 1
        let indent = String(repeating: "  ", count: nesting)
        let shownFields = escapesControls
            ? fields.map { FieldValue(name: shown($0.name), value: shown($0.value)) } : fields
        // The text goes out line by line in runs, with no copy of it made: only a first
        // line that an attribute block must be checked against is shown as a copy.
        try forEachShownLine(of: node.text) { line, isFirst in
            if isFirst {
                let copied = escapesControls && (!fields.isEmpty || showsBraceLast(line))
                    ? Substring(shown(String(line), keepingNewlines: true)) : nil
                guard let suffix = Markdown.bulletSuffix(copied ?? line, fields: shownFields) else {
                    throw JotterError.input(
                        "the fields of '\(copied ?? line)' would not read back from a Markdown attribute block; use --format jsonl")
                }
                out.write(indent + "- ")
                if let copied { out.write(copied) } else { writeShown(line, keepingNewlines: true, to: out) }
                out.write(suffix + "\n")
            } else if line.isEmpty {
                out.write(byte: UInt8(ascii: "\n"))
            } else {
                out.write(indent + (continuationNeedsEscape(line) ? "  \\" : "  "))
                writeShown(line, keepingNewlines: true, to: out)
                out.write(byte: UInt8(ascii: "\n"))
            }
        }
    }

    /// Whether `line` as it is shown ends in `}`, and so may read as ending in an
    /// attribute block. Characters are escaped one by one: its last one tells.
    private func showsBraceLast(_ line: Substring) -> Bool {
        guard let last = line.unicodeScalars.last else { return false }
        return shown(String(last)).unicodeScalars.last == "}"
    }

    /// `Markdown.needsEscape` of a continuation line as it is shown, judged from what
    /// it reads: the white space, digits and the one character after them that start
    /// the line.
    private func continuationNeedsEscape(_ line: Substring) -> Bool {
        guard escapesControls else { return Markdown.needsEscape(line) }
        let blank = line.prefix { $0 == " " || $0 == "\t" }.count
        let digits = line.dropFirst(blank).prefix { $0.isASCII && $0.isNumber }.count
        return Markdown.needsEscape(Substring(shown(String(line.prefix(blank + digits + 1)), keepingNewlines: true)))
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
