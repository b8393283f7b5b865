import JotterCore

/// The formats `list` and `export` write nodes in for programs and other tools:
/// `json`, `jsonl`, `tsv` and `csv` are stable; `md` is a Markdown outline and `txt`
/// an indented one. (The text format for people is the command line's.)
public enum NodeFormat: String, CaseIterable, Sendable {
    case json, jsonl, tsv, csv, md, txt
}

/// Writes nodes one at a time in a format, so that a long listing streams. Each
/// format is in a file of its own.
public struct NodeWriter {
    public let format: NodeFormat
    /// Whether no control character in the text may reach the output raw: each is
    /// then written as `DisplayText` has it. The CLI asks for it when the output is a
    /// terminal; this does not know what the output is.
    let escapesControls: Bool
    var written = 0
    /// The kinds of the nodes from the top of the walk down to the last one written,
    /// for the outline formats.
    var kinds: [Node.Kind] = []
    /// The names of the fields CSV has a column for, after its own columns.
    var fieldColumns: [String] = []

    /// With `escapesControls`, the text in the human-readable formats and the cells
    /// of tsv and csv have their controls escaped; json and jsonl escape every control
    /// character themselves.
    public init(format: NodeFormat, escapesControls: Bool = false) {
        self.format = format
        self.escapesControls = escapesControls
    }

    /// Call before the first node. CSV has a `field:NAME` column for each of
    /// `fieldColumns`, as a header is written before the values are seen.
    public mutating func begin(fieldColumns: [String] = [], to out: OutputBuffer) {
        self.fieldColumns = fieldColumns
        if format == .json { out.write("[") }
        if format == .csv { writeCSVHeader(to: out) }
    }

    /// Writes one node. `depth` is 1 for the children of the listing's top; `listPath`
    /// names the lists between the top and the node's parent.
    /// `fields` are the item's field values, in the order to show them.
    public mutating func write(_ node: Node, fields: [FieldValue] = [], position: Int64, parentID: NodeID?, depth: Int = 1,
                               listPath: String = "", to out: OutputBuffer) throws {
        defer { written += 1 }
        kinds.removeSubrange(min(kinds.count, depth - 1)...)
        kinds.append(node.kind)
        switch format {
        case .tsv: writeTSV(node, position: position, to: out)
        case .csv: writeCSV(node, fields: fields, parentID: parentID, listPath: listPath, to: out)
        case .md: try writeMarkdown(node, fields: fields, to: out)
        case .txt: writePlain(node, depth: depth, to: out)
        case .jsonl:
            writeJSON(node, fields: fields, parentID: parentID, to: out)
            out.write(byte: UInt8(ascii: "\n"))
        case .json:
            out.write(written == 0 ? "\n  " : ",\n  ")
            writeJSON(node, fields: fields, parentID: parentID, to: out)
        }
        out.flushIfFull()
    }

    public func end(to out: OutputBuffer) {
        if format == .json { out.write(written == 0 ? "]\n" : "\n]\n") }
    }

    /// `text` as it may be shown where the output goes.
    func shown(_ text: String, keepingNewlines: Bool = false) -> String {
        escapesControls ? DisplayText.escaped(text, keepingNewlines: keepingNewlines) : text
    }

    /// Writes `text` as it may be shown where the output goes, in runs: no copy of a
    /// long text is made.
    func writeShown(_ text: Substring, keepingNewlines: Bool = false, to out: OutputBuffer) {
        if escapesControls {
            DisplayText.write(text, keepingNewlines: keepingNewlines, to: out)
        } else {
            out.write(text)
        }
    }

    /// Calls `body` with each line of `text` as it is shown, with no array of them
    /// made. Escaped for a terminal, a CR is shown as `\r` and so stays in its line;
    /// otherwise a line ends at CRLF as at LF.
    func forEachShownLine(of text: String, _ body: (_ line: Substring, _ isFirst: Bool) throws -> Void) rethrows {
        try NodeWriter.forEachLine(of: text, crlfEndsLine: !escapesControls, body)
    }

    /// Calls `body` with each line of `text`, up to an LF, or with `crlfEndsLine` up
    /// to a CRLF too. The text is searched byte by byte: to Swift, "\r\n" is one
    /// character, which a search for "\n" never finds.
    public static func forEachLine(of text: String, crlfEndsLine: Bool,
                                   _ body: (_ line: Substring, _ isFirst: Bool) throws -> Void) rethrows {
        let utf8 = text.utf8
        var start = utf8.startIndex
        var isFirst = true
        while let newline = utf8[start...].firstIndex(of: 0x0A) {
            var end = newline
            if crlfEndsLine && end > start && utf8[utf8.index(before: end)] == 0x0D { end = utf8.index(before: end) }
            try body(text[start..<end], isFirst)
            isFirst = false
            start = utf8.index(after: newline)
        }
        try body(text[start...], isFirst)
    }
}
