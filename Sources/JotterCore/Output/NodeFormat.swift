/// How `list` and `export` write nodes. `text` and `txt` are for people; `json`,
/// `jsonl`, `tsv` and `csv` are for programs and stable; `md` is a Markdown outline.
public enum NodeFormat: String, CaseIterable, Sendable {
    case text, json, jsonl, tsv, csv, md, txt
}

/// Writes nodes one at a time in a format, so that a long listing streams.
public struct NodeWriter {
    public let format: NodeFormat
    /// Output goes to a terminal: text is escaped for it and may be coloured.
    public let terminal: Bool
    public let colour: Bool
    private var written = 0
    private var positionWidth = 1
    /// The kinds of the nodes from the top of the walk down to the last one written,
    /// for the outline formats.
    private var kinds: [Node.Kind] = []
    /// The names of the fields CSV has a column for, after its own columns.
    private var fieldColumns: [String] = []

    public init(format: NodeFormat, terminal: Bool, colour: Bool) {
        self.format = format
        self.terminal = terminal
        self.colour = colour
    }

    /// Call before the first node; `count` is how many will follow, when known, so
    /// that the text format can align its columns. CSV has a `field:NAME` column for
    /// each of `fieldColumns`, as a header is written before the values are seen.
    public mutating func begin(count: Int, fieldColumns: [String] = [], to out: OutputBuffer) {
        positionWidth = String(max(count, 1)).count
        self.fieldColumns = fieldColumns
        if format == .json { out.write("[") }
        if format == .csv {
            let header = ["id", "kind", "parent", "list", "text", "created", "updated"] + fieldColumns.map { "field:" + $0 }
            out.write(header.map(CSV.field).joined(separator: ",") + "\r\n")
        }
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
        case .text: writeText(node, fields: fields, position: position, to: out)
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

    private func writeText(_ node: Node, fields: [FieldValue], position: Int64, to out: OutputBuffer) {
        let number = String(position)
        out.write(String(repeating: " ", count: max(0, positionWidth - number.count)) + number + "  ")
        let id = node.id.shortForm()
        out.write(colour ? "\u{1B}[2m" + id + "\u{1B}[0m  " : id + "  ")
        let indent = String(repeating: " ", count: positionWidth + 2 + id.count + 2)
        let isDone = node.doneMilliseconds != nil
        if isDone { out.write("✓ ") }
        let lines = NodeWriter.lines(of: DisplayText.escaped(node.text, keepingNewlines: true))
        for (index, line) in lines.enumerated() {
            if index > 0 { out.write("\n" + indent) }
            if isDone && colour {
                out.write("\u{1B}[2;9m" + line + "\u{1B}[0m")
            } else if node.kind == .list && colour {
                out.write("\u{1B}[1m" + line + "\u{1B}[0m")
            } else {
                out.write(String(line))
            }
        }
        if node.kind == .list { out.write("/") }
        if !fields.isEmpty {
            // Shown as they are typed inline, so what is seen can be typed again.
            let shown = DisplayText.escaped(FieldValue.inlineWords(fields))
            out.write(colour ? "  \u{1B}[2m" + shown + "\u{1B}[0m" : "  " + shown)
        }
        out.write("\n")
    }

    /// The lines of a text, whether they end in LF or CRLF (to Swift, "\r\n" is one
    /// character, which a split on "\n" never finds).
    static func lines(of text: String) -> [Substring] {
        text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" }
    }

    private func writeCSV(_ node: Node, fields: [FieldValue], parentID: NodeID?, listPath: String, to out: OutputBuffer) {
        let updated = Timestamp(milliseconds: node.updatedMilliseconds, offsetSeconds: node.created.offsetSeconds)
        let text = terminal ? DisplayText.escaped(node.text) : node.text
        let path = terminal ? DisplayText.escaped(listPath) : listPath
        let values = fieldColumns.map { name in
            let value = fields.first { $0.name == name }?.value ?? ""
            return terminal ? DisplayText.escaped(value) : value
        }
        let cells = [node.id.description, node.kind.name, parentID?.description ?? "", path, text,
                     node.created.rfc3339, updated.rfc3339] + values
        out.write(cells.map(CSV.field).joined(separator: ",") + "\r\n")
    }

    /// Lists are headings, one `#` for each list from the top down to them; items are
    /// bullets, indented under the items they belong to. An item's field values end
    /// its bullet's line as an attribute block. A line of an item's text
    /// after the first goes under its bullet, behind a `\` when it would otherwise
    /// read as a bullet, a heading or an escape. What an outline cannot hold, a list
    /// inside an item or more than six levels of lists, is refused rather than
    /// written so that it would come back elsewhere.
    private mutating func writeMarkdown(_ node: Node, fields: [FieldValue], to out: OutputBuffer) throws {
        let text = terminal ? DisplayText.escaped(node.text, keepingNewlines: true) : node.text
        if node.kind == .list {
            guard !kinds.dropLast().contains(.item) else {
                throw JotterError.input(
                    "the list '\(DisplayText.escaped(node.text))' is inside an item, which a Markdown outline cannot hold; use --format jsonl")
            }
            let level = kinds.count
            guard level <= 6 else {
                throw JotterError.input(
                    "the list '\(DisplayText.escaped(node.text))' is \(level) lists deep, more than Markdown's six heading levels; use --format jsonl")
            }
            out.write((written == 0 ? "" : "\n") + String(repeating: "#", count: level) + " " + text + "\n\n")
            return
        }
        let nesting = kinds.reversed().prefix { $0 == .item }.count - 1
        let indent = String(repeating: "  ", count: nesting)
        let lines = NodeWriter.lines(of: text)
        let shownFields = terminal
            ? fields.map { FieldValue(name: DisplayText.escaped($0.name), value: DisplayText.escaped($0.value)) } : fields
        guard let firstLine = Markdown.bulletLine(lines[0], fields: shownFields) else {
            throw JotterError.input(
                "the fields of '\(DisplayText.escaped(String(lines[0])))' would not read back from a Markdown attribute block; use --format jsonl")
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

    private func writePlain(_ node: Node, depth: Int, to out: OutputBuffer) {
        let text = terminal ? DisplayText.escaped(node.text, keepingNewlines: true) : node.text
        let indent = String(repeating: "  ", count: depth - 1)
        let lines = NodeWriter.lines(of: text)
        out.write(indent + lines[0] + (node.kind == .list ? "/" : "") + "\n")
        for line in lines.dropFirst() {
            out.write(indent + "  " + line + "\n")
        }
    }

    private func writeTSV(_ node: Node, position: Int64, to out: OutputBuffer) {
        out.write(decimal: position)
        out.write(byte: UInt8(ascii: "\t"))
        out.write(node.id)
        out.write(node.kind == .list ? "\tlist\t" : "\titem\t")
        if terminal {
            out.write(DisplayText.escaped(TSV.escaped(node.text)))
        } else {
            TSV.write(node.text, to: out)
        }
        out.write(byte: UInt8(ascii: "\t"))
        out.write(node.created)
        out.write(byte: UInt8(ascii: "\n"))
    }

    private func writeJSON(_ node: Node, fields: [FieldValue], parentID: NodeID?, to out: OutputBuffer) {
        out.write("{\"id\":\"")
        out.write(node.id)
        out.write(node.kind == .list ? "\",\"kind\":\"list\",\"name\":" : "\",\"kind\":\"item\",\"text\":")
        JSON.writeString(node.text, to: out)
        if let parentID {
            out.write(",\"parent\":\"")
            out.write(parentID)
            out.write("\",\"created\":\"")
        } else {
            out.write(",\"parent\":null,\"created\":\"")
        }
        out.write(node.created)
        out.write("\",\"updated\":\"")
        out.write(Timestamp(milliseconds: node.updatedMilliseconds, offsetSeconds: node.created.offsetSeconds))
        if let done = node.doneMilliseconds {
            out.write("\",\"done\":\"")
            out.write(Timestamp(milliseconds: done, offsetSeconds: node.created.offsetSeconds))
        }
        guard !fields.isEmpty else { return out.write("\"}") }
        out.write("\",\"fields\":{")
        for (index, field) in fields.enumerated() {
            if index > 0 { out.write(byte: UInt8(ascii: ",")) }
            JSON.writeString(field.name, to: out)
            out.write(byte: UInt8(ascii: ":"))
            JSON.writeString(field.value, to: out)
        }
        out.write("}}")
    }
}

/// Tab-separated values as PostgreSQL's COPY and most Unix tools read them: a
/// backslash, tab, newline or carriage return in a field is written `\\`, `\t`, `\n`, `\r`.
public enum TSV {
    static func needsEscape(_ byte: UInt8) -> Bool {
        byte == 0x5C || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    /// Writes `escaped(text)` without building it.
    public static func write(_ text: String, to out: OutputBuffer) {
        var text = text
        text.withUTF8 { bytes in
            guard bytes.contains(where: needsEscape) else { return out.write(bytes) }
            for byte in bytes {
                switch byte {
                case 0x5C: out.write("\\\\")
                case 0x09: out.write("\\t")
                case 0x0A: out.write("\\n")
                case 0x0D: out.write("\\r")
                default: out.write(byte: byte)
                }
            }
        }
    }

    public static func escaped(_ text: String) -> String {
        guard text.utf8.contains(where: needsEscape) else { return text }
        var out = ""
        out.reserveCapacity(text.utf8.count + 4)
        for character in text.unicodeScalars {
            switch character {
            case "\\": out += "\\\\"
            case "\t": out += "\\t"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            default: out.unicodeScalars.append(character)
            }
        }
        return out
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

extension Markdown {
    /// The first line of an item's bullet: its text, then its field values as a
    /// Pandoc-style attribute block, `coffee {price="3.5" note="a \"b\""}`. Text
    /// without fields that would read as ending in a block gets an empty one, ` {}`,
    /// so that it comes back whole. Nil when the line would not read back as written:
    /// a field's name holds `=`, `{` or `}`, or the text ends in an open block that
    /// would take the real one in.
    static func bulletLine(_ text: Substring, fields: [FieldValue]) -> String? {
        guard !fields.isEmpty else {
            return splitAttributes(text) == nil ? String(text) : text + " {}"
        }
        let block = fields.map { $0.name + "=\"" + escapedValue($0.value) + "\"" }.joined(separator: " ")
        let line = text + " {" + block + "}"
        guard let read = splitAttributes(line[...]), read.fields == fields,
              read.text == EntryText.trimmedAtEnd(String(text)) else { return nil }
        return line
    }

    private static func escapedValue(_ value: String) -> String {
        guard value.contains(where: { $0 == "\"" || $0 == "\\" }) else { return value }
        var escaped = ""
        for scalar in value.unicodeScalars {
            if scalar == "\"" || scalar == "\\" { escaped.unicodeScalars.append("\\") }
            escaped.unicodeScalars.append(scalar)
        }
        return escaped
    }

    /// A bullet's first line split into its text and the fields of the attribute
    /// block that ends it; nil when it does not end in a block that reads whole as
    /// `name="value"` pairs. `{}` reads as no fields, and so does an empty value. A
    /// block follows white space after the text; the leftmost that reads whole is it.
    public static func splitAttributes(_ line: Substring) -> (text: String, fields: [FieldValue])? {
        let scalars = line.unicodeScalars
        guard scalars.last == "}" else { return nil }
        var index = scalars.startIndex
        while let brace = scalars[index...].firstIndex(of: "{") {
            index = scalars.index(after: brace)
            guard brace > scalars.startIndex, scalars[scalars.index(before: brace)].properties.isWhitespace,
                  let fields = attributes(scalars[index...]) else { continue }
            return (EntryText.trimmedAtEnd(String(Substring(scalars[..<brace]))), fields)
        }
        return nil
    }

    /// The pairs of an attribute block from after its `{`, when they run whole to a
    /// `}` that ends the line. In a value, `\"` is a quote and `\\` a backslash; a
    /// backslash before anything else is itself, as in a typed `C:\notes`.
    private static func attributes(_ block: Substring.UnicodeScalarView) -> [FieldValue]? {
        var rest = block
        var fields: [FieldValue] = []
        var names: Set<String> = []
        var afterPair = false
        while true {
            let spaced = rest.first?.properties.isWhitespace ?? false
            rest = rest.drop { $0.properties.isWhitespace }
            if rest.first == "}" { return rest.dropFirst().isEmpty ? fields : nil }
            // Pairs are apart, as `a="1"b="2"` would be a typing mistake.
            guard spaced || !afterPair else { return nil }
            let name = String(Substring(rest.prefix { !$0.properties.isWhitespace && !"\"={}".unicodeScalars.contains($0) }))
            rest = rest.dropFirst(name.unicodeScalars.count)
            guard Field.problem(withName: name) == nil, names.insert(name).inserted,
                  rest.starts(with: "=\"".unicodeScalars) else { return nil }
            rest = rest.dropFirst(2)
            var value = String.UnicodeScalarView()
            var closed = false
            while let scalar = rest.popFirst() {
                if scalar == "\"" {
                    closed = true
                    break
                }
                if scalar == "\\", let next = rest.first, next == "\"" || next == "\\" {
                    value.append(next)
                    rest.removeFirst()
                } else {
                    value.append(scalar)
                }
            }
            guard closed else { return nil }
            if !value.isEmpty { fields.append(FieldValue(name: name, value: String(value))) }
            afterPair = true
        }
    }
}

/// CSV fields as RFC 4180 has them: quoted when they hold a comma, a quote, a CR or
/// an LF, with quotes doubled.
public enum CSV {
    public static func field(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 == 0x2C || $0 == 0x22 || $0 == 0x0D || $0 == 0x0A }) else { return text }
        var quoted = "\""
        for character in text.unicodeScalars {
            if character == "\"" { quoted += "\"\"" } else { quoted.unicodeScalars.append(character) }
        }
        return quoted + "\""
    }
}

/// JSON strings, escaped so that the output is safe to print as it is: every control
/// character, DEL, the C1 controls, U+2028/U+2029 and the bidirectional overrides
/// are written as `\u` escapes.
public enum JSON {
    public static func writeString(_ text: String, to out: OutputBuffer) {
        out.write(byte: UInt8(ascii: "\""))
        if !text.utf8.contains(where: { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C || $0 == 0x7F || $0 == 0xC2 || $0 == 0xE2 }) {
            out.write(text)
        } else {
            var escaped = ""
            escaped.reserveCapacity(text.utf8.count + 8)
            for scalar in text.unicodeScalars {
                switch scalar.value {
                case 0x22: escaped += "\\\""
                case 0x5C: escaped += "\\\\"
                case 0x0A: escaped += "\\n"
                case 0x0D: escaped += "\\r"
                case 0x09: escaped += "\\t"
                case 0x00..<0x20, 0x7F, 0x80..<0xA0, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069:
                    escaped += "\\u" + DisplayText.hex(scalar.value, width: 4)
                default: escaped.unicodeScalars.append(scalar)
                }
            }
            out.write(escaped)
        }
        out.write(byte: UInt8(ascii: "\""))
    }
}
