import JotterCore

/// `csv`: RFC 4180, read as a stream. The first record is the header; a `text`
/// column is required, and `id`, `kind`, `parent`, `list` (a path below the target),
/// `created` and `updated` are read when present; a column headed `field:NAME` holds
/// the values of the field NAME. Other columns are passed over. A column that is read
/// may come only once.
///
/// Written here rather than taken from a CSV package: the ones available import all
/// of Foundation, which every jotter command would then pay for at start-up.
struct CSVSource {
    let reader: ByteLineReader
    /// The zone a time without an offset is read in.
    let zone: any LocalZone
    private var columns: [String: Int]?
    private var columnCount = 0
    /// The `field:NAME` columns, in the header's order.
    private var fieldColumns: [(name: String, index: Int)] = []

    init(reader: ByteLineReader, zone: any LocalZone) {
        self.reader = reader
        self.zone = zone
        reader.keepsCarriageReturns = true
    }

    mutating func next() throws -> ImportRecord? {
        if columns == nil {
            guard let header = try CSVSource.record(from: reader) else { return nil }
            let names = header.fields
            columnCount = names.count
            var columns: [String: Int] = [:]
            for (index, name) in names.enumerated() {
                let column = EntryText.trimmed(name).lowercased()
                // Two columns of one name: which one holds the text, or the id? Taking
                // one and dropping the other would lose data without a word.
                if let earlier = columns[column], CSVSource.readColumns.contains(column) {
                    throw ImportProblem(line: header.line, "the column '\(column)' comes twice, as columns \(earlier + 1) and \(index + 1)")
                }
                columns[column] = columns[column] ?? index
            }
            guard columns["text"] != nil else {
                throw ImportProblem(line: header.line, "the header has no 'text' column")
            }
            self.columns = columns
            fieldColumns = try CSVSource.fieldColumns(in: names, line: header.line)
        }
        while let row = try CSVSource.record(from: reader) {
            if row.fields == [""] { continue }
            guard row.fields.count == columnCount else {
                throw ImportProblem(line: row.line, "\(row.fields.count) field\(row.fields.count == 1 ? "" : "s") where the header has \(columnCount)")
            }
            return try record(from: row.fields, line: row.line)
        }
        return nil
    }

    /// The columns read; any other is passed over.
    static let readColumns: Set<String> = ["text", "id", "kind", "parent", "list", "created", "updated"]

    /// The columns headed `field:NAME` (`field:` in any case, NAME as written).
    private static func fieldColumns(in names: [String], line: Int) throws -> [(name: String, index: Int)] {
        var columns: [(name: String, index: Int)] = []
        var seen: Set<String> = []
        for (index, heading) in names.enumerated() {
            let heading = EntryText.trimmed(heading)
            guard heading.lowercased().hasPrefix("field:") else { continue }
            let name = String(heading.dropFirst("field:".count))
            if let problem = Field.problem(withName: name) {
                throw ImportProblem(line: line, "the column '\(DisplayText.escaped(heading))': \(problem)")
            }
            guard seen.insert(name).inserted else {
                throw ImportProblem(line: line, "the field \(DisplayText.escaped(name)) has two columns")
            }
            columns.append((name, index))
        }
        return columns
    }

    private func value(_ column: String, in fields: [String]) -> String? {
        guard let index = columns?[column] else { return nil }
        let value = fields[index]
        return value.isEmpty ? nil : value
    }

    private func record(from fields: [String], line: Int) throws -> ImportRecord {
        let kind: Node.Kind
        switch value("kind", in: fields)?.lowercased() {
        case nil, "item": kind = .item
        case "list": kind = .list
        case let other?: throw ImportProblem(line: line, "'kind' must be list or item, not '\(DisplayText.escaped(other))'")
        }
        guard let text = value("text", in: fields), !EntryText.trimmed(text).isEmpty else {
            throw ImportProblem(line: line, "the text is empty")
        }
        if let problem = EntryText.problem(with: text.utf8) { throw ImportProblem(line: line, "the text \(problem)") }
        if kind == .list, let problem = Store.problem(withListName: text) { throw ImportProblem(line: line, problem) }
        var record = ImportRecord(kind: kind, text: text, line: line)
        if let id = value("id", in: fields) {
            guard let parsed = NodeID(id) else { throw ImportProblem(line: line, "'id' is not a UUID") }
            record.id = parsed
        }
        let path = value("list", in: fields).map { $0.split(separator: "/").map(String.init) } ?? []
        if let parent = value("parent", in: fields) {
            guard let parsed = NodeID(parent) else { throw ImportProblem(line: line, "'parent' is not a UUID") }
            guard parsed != record.id else { throw ImportProblem(line: line, "'parent' is its own 'id'; nothing holds itself") }
            record.placement = .under(parsed, otherwise: path)
        } else if !path.isEmpty {
            record.placement = .path(path)
        }
        if let created = value("created", in: fields) {
            guard let parsed = Timestamp(parsing: created, in: zone) else {
                throw ImportProblem(line: line, "'created' is not a date and time")
            }
            record.created = parsed
        }
        if let updated = value("updated", in: fields) {
            guard let parsed = Timestamp(parsing: updated, in: zone) else {
                throw ImportProblem(line: line, "'updated' is not a date and time")
            }
            record.updatedMilliseconds = parsed.milliseconds
        }
        if !fieldColumns.isEmpty {
            try record.setFields(fieldColumns.map { FieldValue(name: $0.name, value: fields[$0.index]) }) {
                "'field:\(DisplayText.escaped($0))'"
            }
        }
        return record
    }

    /// One record: its fields and the line it starts on; nil at the end of input.
    static func record(from reader: ByteLineReader) throws -> (fields: [String], line: Int)? {
        // The fields' bytes end to end, and where each ends, with the line it ends on:
        // made strings once the record's last line is read, and the reader has let go
        // of a long one. Made at once, a long field's string was held beside its
        // bytes and the line.
        var fieldBytes: [UInt8] = []
        var ends: [(end: Int, line: Int)] = []
        var fieldStart = 0
        var quoted = false
        var inQuotes = false
        var afterClosingQuote = false
        var startLine = 0

        func finishField(line: Int) {
            ends.append((fieldBytes.count, line))
            fieldStart = fieldBytes.count
            quoted = false
            afterClosingQuote = false
        }

        func fields() throws -> [String] {
            var start = 0
            return try ends.map { field in
                defer { start = field.end }
                guard let text = String(validating: fieldBytes[start..<field.end], as: UTF8.self) else {
                    throw ImportProblem(line: field.line, "a field is not valid UTF-8")
                }
                return text
            }
        }

        while true {
            let more: Bool? = try reader.nextLine { bytes -> Bool in
                let line = reader.lineNumber
                if startLine == 0 { startLine = line }
                var index = 0
                // A record ends in CRLF or LF, but a CR inside quotes is data: the
                // reader keeps it, and it is dropped here only outside quotes.
                var end = bytes.count
                while index < end {
                    let byte = bytes[index]
                    if inQuotes {
                        if byte == 0x22 {
                            if index + 1 < end && bytes[index + 1] == 0x22 {
                                fieldBytes.append(0x22)
                                index += 1
                            } else {
                                inQuotes = false
                                afterClosingQuote = true
                            }
                        } else {
                            fieldBytes.append(byte)
                        }
                    } else if byte == 0x2C {
                        finishField(line: line)
                    } else if byte == 0x0D && index == end - 1 {
                        end -= 1
                    } else if afterClosingQuote {
                        throw ImportProblem(line: line, "text after a closing quote in a field")
                    } else if byte == 0x22 {
                        guard fieldBytes.count == fieldStart && !quoted else {
                            throw ImportProblem(line: line, "a quote inside an unquoted field")
                        }
                        quoted = true
                        inQuotes = true
                    } else {
                        fieldBytes.append(byte)
                    }
                    index += 1
                }
                if inQuotes {
                    guard fieldBytes.count - fieldStart <= ByteLineReader.maximumLineLength else {
                        throw ImportProblem(line: startLine, "a quoted field is longer than \(ByteLineReader.longestLine) (is a quote not closed?)")
                    }
                    fieldBytes.append(0x0A)
                    return true
                }
                finishField(line: line)
                return false
            }
            guard let continues = more else {
                guard !inQuotes else { throw ImportProblem(line: startLine, "a quoted field is not closed") }
                return nil
            }
            if !continues { return (try fields(), startLine) }
        }
    }
}
