/// One list or item read from an import, before it reaches the store.
public struct ImportRecord: Equatable {
    /// Where the record goes.
    public enum Placement: Equatable {
        /// Under the import's target.
        case target
        /// Under this node, if the store has it (earlier in the same import counts);
        /// otherwise under the lists of `otherwise` below the target, as the top level
        /// of a file exported from elsewhere.
        case under(NodeID, otherwise: [String])
        /// Under the lists of this path below the target, created as needed.
        case path([String])
    }

    public var id: NodeID?
    public var kind: Node.Kind
    public var text: String
    public var placement: Placement
    public var created: Timestamp?
    public var updatedMilliseconds: Int64?
    /// When a new item was marked done; an item already in the store keeps its own mark.
    public var doneMilliseconds: Int64?
    /// An item's field values, as stored: they were checked against a form when they
    /// were entered, and the target need not have one. Nil when the input had no place
    /// for them (a CSV file without field columns), so that an item already in the
    /// store keeps its own.
    public var fields: [FieldValue]?
    /// Where the record starts in the input, for messages.
    public var line: Int

    public init(id: NodeID? = nil, kind: Node.Kind = .item, text: String, placement: Placement = .target,
                created: Timestamp? = nil, updatedMilliseconds: Int64? = nil, fields: [FieldValue]? = nil, line: Int) {
        self.id = id
        self.kind = kind
        self.text = text
        self.placement = placement
        self.created = created
        self.updatedMilliseconds = updatedMilliseconds
        self.fields = fields
        self.line = line
    }

    /// Sets the record's fields to those of `values` that are not empty: an empty
    /// value is no value, as an empty CSV cell is. A value is one line of text, as
    /// entering one makes it; `source` names a field in messages, as the format does.
    mutating func setFields(_ values: [FieldValue], source: (String) -> String) throws {
        let given = values.filter { !$0.value.isEmpty }
        for field in given {
            if field.value.utf8.contains(0) { throw ImportProblem(line: line, "\(source(field.name)) holds a NUL byte") }
            if field.value.contains(where: \.isNewline) {
                throw ImportProblem(line: line, "\(source(field.name)) holds a line break")
            }
        }
        guard kind == .item || given.isEmpty else { throw ImportProblem(line: line, "a list holds no field values") }
        fields = given
    }
}

/// A format's reader: records one at a time, so that an import streams.
public protocol ImportSource {
    /// The next record, or nil at the end. Throws `ImportProblem` for bad input.
    mutating func next() throws -> ImportRecord?
}

/// What is wrong with the input, and on which line.
public struct ImportProblem: Error, Equatable {
    public let line: Int
    public let message: String

    public init(line: Int, _ message: String) {
        self.line = line
        self.message = message
    }
}

/// The import formats.
public enum ImportFormat: String, CaseIterable, Sendable {
    case lines, jsonl, csv, md

    /// The format a file's name suggests; plain lines for anything else.
    public static func guessed(fromPath path: String) -> ImportFormat {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        guard let dot = name.lastIndex(of: ".") else { return .lines }
        switch name[name.index(after: dot)...].lowercased() {
        case "jsonl", "ndjson": return .jsonl
        case "csv": return .csv
        case "md", "markdown": return .md
        default: return .lines
        }
    }

    public func source(reading reader: ByteLineReader) -> any ImportSource {
        switch self {
        case .lines: LinesSource(reader: reader)
        case .jsonl: JSONLinesSource(reader: reader)
        case .csv: CSVSource(reader: reader)
        case .md: MarkdownSource(reader: reader)
        }
    }
}

extension ByteLineReader {
    /// The next line as text, refusing bytes that cannot be item text.
    func nextText() throws -> String? {
        try nextLine { line -> String in
            guard let text = EntryText.text(from: line) else {
                throw ImportProblem(line: lineNumber, Self.problem(with: line))
            }
            return text
        }
    }

    fileprivate static func problem(with line: UnsafeBufferPointer<UInt8>) -> String {
        "the line \(line.contains(0) ? "holds a NUL byte" : "is not valid UTF-8")"
    }
}

/// `lines`: each non-blank line is an item, trimmed.
public struct LinesSource: ImportSource {
    let reader: ByteLineReader

    public mutating func next() throws -> ImportRecord? {
        while let text = try reader.nextLine({ line in
            try LinesSource.withItemText(of: line, lineNumber: reader.lineNumber) { String(decoding: $0, as: UTF8.self) }
        }) {
            if let text { return ImportRecord(text: text, line: reader.lineNumber) }
        }
        return nil
    }

    /// Calls `body` with the item a line holds, its bytes trimmed of white space and
    /// checked to be text; not at all for a blank line. Working on bytes lets an
    /// import of lines store them without making a string of each: making one cost
    /// about as much as the rest of reading the line.
    static func withItemText<T>(of line: UnsafeBufferPointer<UInt8>, lineNumber: Int,
                                _ body: (UnsafeBufferPointer<UInt8>) throws -> T) throws -> T? {
        var bytes = line
        while let first = bytes.first, EntryText.isASCIIWhitespace(first) {
            bytes = UnsafeBufferPointer(rebasing: bytes.dropFirst())
        }
        while let last = bytes.last, EntryText.isASCIIWhitespace(last) {
            bytes = UnsafeBufferPointer(rebasing: bytes.dropLast())
        }
        guard let first = bytes.first, let last = bytes.last else { return nil }
        if EntryText.isASCIIText(bytes) { return try body(bytes) }
        guard var text = EntryText.text(from: bytes) else {
            throw ImportProblem(line: lineNumber, ByteLineReader.problem(with: bytes))
        }
        // White space beyond ASCII, such as an ideographic space, is rare at the ends.
        guard first >= 0x80 || last >= 0x80 else { return try body(bytes) }
        text = EntryText.trimmed(text)
        return text.isEmpty ? nil : try text.withUTF8(body)
    }
}
