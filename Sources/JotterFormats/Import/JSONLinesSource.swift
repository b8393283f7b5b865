import FoundationEssentials
import JotterCore

/// `jsonl`: one JSON object a line, as `export --format jsonl` writes them. Text is
/// taken exactly as it is, with its id, parent and times, so that a round trip
/// through an empty store gives the same file back.
struct JSONLinesSource {
    let reader: ByteLineReader
    /// The zone a time without an offset is read in.
    let zone: any LocalZone
    private let decoder = JSONDecoder()

    init(reader: ByteLineReader, zone: any LocalZone) {
        self.reader = reader
        self.zone = zone
    }

    struct Object: Decodable {
        let id: String?
        let kind: String?
        let text: String?
        let name: String?
        let parent: String?
        let created: String?
        let updated: String?
        let done: String?
        let fields: Fields?

        private enum CodingKeys: String, CodingKey {
            case id, kind, text, name, parent, created, updated, done, fields
        }

        init(from decoder: Decoder) throws {
            let members = try decoder.container(keyedBy: CodingKeys.self)
            id = try members.decodeIfPresent(String.self, forKey: .id)
            kind = try members.decodeIfPresent(String.self, forKey: .kind)
            text = try members.decodeIfPresent(String.self, forKey: .text)
            name = try members.decodeIfPresent(String.self, forKey: .name)
            parent = try members.decodeIfPresent(String.self, forKey: .parent)
            created = try members.decodeIfPresent(String.self, forKey: .created)
            updated = try members.decodeIfPresent(String.self, forKey: .updated)
            done = try members.decodeIfPresent(String.self, forKey: .done)
            fields = try members.decodeIfPresent(Fields.self, forKey: .fields)
        }
    }

    /// A `fields` object, read straight into values by name: a dictionary of its
    /// strings first, then sorted copies, held each value several times over.
    struct Fields: Decodable {
        let values: [FieldValue]

        private struct Name: CodingKey {
            let stringValue: String
            var intValue: Int? { nil }
            init(stringValue: String) { self.stringValue = stringValue }
            init?(intValue: Int) { nil }
        }

        init(from decoder: Decoder) throws {
            let container = try decoder.container(keyedBy: Name.self)
            var values: [FieldValue] = []
            values.reserveCapacity(container.allKeys.count)
            for name in container.allKeys {
                values.append(FieldValue(name: name.stringValue, value: try container.decode(String.self, forKey: name)))
            }
            // A JSON object has no order: by name, as export writes them.
            values.sort { $0.name < $1.name }
            self.values = values
        }
    }

    func next() throws -> ImportRecord? {
        while true {
            let decoder = self.decoder
            let line = reader.lineNumber + 1
            let parsed: Object?? = try reader.nextLine { bytes -> Object? in
                guard bytes.contains(where: { $0 != 0x20 && $0 != 0x09 }) else { return nil }
                guard !JSONLinesSource.holdsMoreMembers(than: JSONLinesSource.maximumMembers, bytes) else {
                    throw ImportProblem(line: line, "a record holds at most \(JSONLinesSource.maximumMembers) names and field values")
                }
                do {
                    // Decoded where the reader holds the line, so that a long line is
                    // not held twice beside the text decoded from it.
                    guard let start = bytes.baseAddress else { return try decoder.decode(Object.self, from: Data()) }
                    let line = Data(bytesNoCopy: UnsafeMutableRawPointer(mutating: start), count: bytes.count,
                                    deallocator: .none)
                    return try decoder.decode(Object.self, from: line)
                } catch let error as DecodingError {
                    throw ImportProblem(line: line, JSONLinesSource.describe(error))
                }
            }
            guard let parsed else { return nil }
            guard let object = parsed else { continue }
            return try record(from: object, line: line)
        }
    }

    /// The JSON decoder holds each member of an object several times over, so a line
    /// of very many field values takes much memory. No record needs more than this many.
    static let maximumMembers = 10_000

    /// Whether the JSON in `bytes` has more than `limit` object members, counted by
    /// the colons outside strings, before anything is decoded.
    static func holdsMoreMembers(than limit: Int, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var members = 0
        var inString = false
        var escaped = false
        for byte in bytes {
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
            } else if byte == UInt8(ascii: "\"") {
                inString = true
            } else if byte == UInt8(ascii: ":") {
                members += 1
                if members > limit { return true }
            }
        }
        return false
    }

    static func describe(_ error: DecodingError) -> String {
        switch error {
        case .typeMismatch(_, let context) where context.codingPath.first?.stringValue == "fields",
             .valueNotFound(_, let context) where context.codingPath.first?.stringValue == "fields":
            guard let name = context.codingPath.dropFirst().first?.stringValue else { return "'fields' must be an object" }
            return "'fields': the value of '\(DisplayText.escaped(name))' must be a string"
        case .typeMismatch(_, let context) where !context.codingPath.isEmpty,
             .valueNotFound(_, let context) where !context.codingPath.isEmpty:
            return "'\(context.codingPath.last!.stringValue)' must be a string"
        case .dataCorrupted(let context) where !context.codingPath.isEmpty:
            return "'\(context.codingPath.last!.stringValue)' is malformed"
        default:
            return "not a JSON object"
        }
    }

    func record(from object: Object, line: Int) throws -> ImportRecord {
        let kind: Node.Kind
        switch object.kind {
        case "item": kind = .item
        case "list": kind = .list
        case nil: kind = object.name != nil && object.text == nil ? .list : .item
        case let other?: throw ImportProblem(line: line, "'kind' must be \"list\" or \"item\", not \"\(DisplayText.escaped(other))\"")
        }
        let key = kind == .list ? "name" : "text"
        guard let text = kind == .list ? object.name ?? object.text : object.text ?? object.name,
              !EntryText.trimmed(text).isEmpty else {
            throw ImportProblem(line: line, "a\(kind == .item ? "n" : "") \(kind.name) needs a non-empty '\(key)'")
        }
        if let problem = EntryText.problem(with: text.utf8) {
            throw ImportProblem(line: line, "'\(key)' \(problem)")
        }
        if kind == .list, let problem = Store.problem(withListName: text) {
            throw ImportProblem(line: line, problem)
        }
        var record = ImportRecord(kind: kind, text: text, line: line)
        if let id = object.id {
            guard let parsed = NodeID(id) else { throw ImportProblem(line: line, "'id' is not a UUID") }
            record.id = parsed
        }
        if let parent = object.parent {
            guard let parsed = NodeID(parent) else { throw ImportProblem(line: line, "'parent' is not a UUID") }
            guard parsed != record.id else { throw ImportProblem(line: line, "'parent' is its own 'id'; nothing holds itself") }
            record.placement = .under(parsed, otherwise: [])
        }
        if let created = object.created {
            guard let parsed = Timestamp(parsing: created, in: zone) else {
                throw ImportProblem(line: line, "'created' is not a date and time (RFC 3339)")
            }
            record.created = parsed
        }
        if let updated = object.updated {
            guard let parsed = Timestamp(parsing: updated, in: zone) else {
                throw ImportProblem(line: line, "'updated' is not a date and time (RFC 3339)")
            }
            record.updatedMilliseconds = parsed.milliseconds
        }
        if let done = object.done {
            guard let parsed = Timestamp(parsing: done, in: zone) else {
                throw ImportProblem(line: line, "'done' is not a date and time (RFC 3339)")
            }
            guard record.kind == .item else { throw ImportProblem(line: line, "a list is not done or not done") }
            record.doneMilliseconds = parsed.milliseconds
        }
        if let values = object.fields?.values {
            for field in values {
                if let problem = Field.problem(withName: field.name) {
                    throw ImportProblem(line: line, "'fields': '\(DisplayText.escaped(field.name))': \(problem)")
                }
            }
            try record.setFields(values) { "'fields': '\(DisplayText.escaped($0))'" }
        }
        return record
    }
}
