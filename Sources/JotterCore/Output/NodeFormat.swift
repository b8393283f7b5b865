/// The formats `list` and `export` write nodes in for programs and other tools:
/// `json`, `jsonl`, `tsv` and `csv` are stable; `md` is a Markdown outline and `txt`
/// an indented one. (The text format for people is the command line's.)
public enum NodeFormat: String, CaseIterable, Sendable {
    case json, jsonl, tsv, csv, md, txt
}

/// Writes nodes one at a time in a format, so that a long listing streams. Each
/// format is in a file of its own.
public struct NodeWriter {
    /// Makes text safe to show where it is going: given when that is a terminal, so
    /// that no control character in it reaches the terminal raw. `keepingNewlines`
    /// is for formats that lay out the lines of a text themselves.
    public typealias Shown = (_ text: String, _ keepingNewlines: Bool) -> String

    public let format: NodeFormat
    let shownOnTerminal: Shown?
    var written = 0
    /// The kinds of the nodes from the top of the walk down to the last one written,
    /// for the outline formats.
    var kinds: [Node.Kind] = []
    /// The names of the fields CSV has a column for, after its own columns.
    var fieldColumns: [String] = []

    /// With `shownOnTerminal`, the text in the human-readable formats and the cells
    /// of tsv and csv go through it; json and jsonl escape every control character
    /// themselves.
    public init(format: NodeFormat, shownOnTerminal: Shown? = nil) {
        self.format = format
        self.shownOnTerminal = shownOnTerminal
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
        shownOnTerminal?(text, keepingNewlines) ?? text
    }

    /// The lines of a text, whether they end in LF or CRLF (to Swift, "\r\n" is one
    /// character, which a split on "\n" never finds).
    public static func lines(of text: String) -> [Substring] {
        text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" }
    }
}
