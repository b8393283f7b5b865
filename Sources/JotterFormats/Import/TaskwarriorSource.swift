import FoundationEssentials
import JotterCore

/// `taskwarrior`: what `task export` writes, a JSON array with one task a line, or one
/// task object a line. Each task becomes an item whose id is its `uuid`, followed by
/// its annotations as items under it:
///
/// | Taskwarrior | jotter |
/// |---|---|
/// | `uuid` | the id |
/// | `description`, `tags` | the text, the tags appended as `#tag` |
/// | `entry`, `modified` | created and updated times (UTC) |
/// | `status` completed, `end` | done at `end` |
/// | `status` deleted | in the trash, with its `end` as a field |
/// | other `status` (waiting, recurring) | a `status` field |
/// | `project` `home.garden` | the lists `home/garden` below the target |
/// | `annotations` | items under the task, with their own `entry` |
/// | `due`, `scheduled`, `wait`, `until` | date fields |
/// | `priority` | a `priority` field, H, M or L |
/// | `depends` | a `depends` field of ids, separated by commas |
/// | any other key (UDAs, `recur`, `mask`…) | a field of that name, as written |
///
/// `id` and `urgency` are Taskwarrior's working numbers, worked out anew each time:
/// they are not kept.
struct TaskwarriorSource {
    let reader: ByteLineReader
    /// The zone whose midnight makes a date field's value a day alone.
    let zone: any LocalZone
    private let decoder = JSONDecoder()
    /// The records of the task read last still to be given: its annotations.
    private var waiting: [ImportRecord] = []
    /// The line read last, as the JSON array `objects(in:)` makes of it, and where its
    /// next task starts: a line may hold a whole array of tasks (`jq -c`), and decoding
    /// them all at once held every task, and every record made of them, together.
    private var tasks = Data()
    private var nextTask = 0
    private var tasksLine = 0

    init(reader: ByteLineReader, zone: any LocalZone) {
        self.reader = reader
        self.zone = zone
    }

    static let dateKeys: Set<String> = ["due", "scheduled", "wait", "until"]
    static let computedKeys: Set<String> = ["id", "urgency"]

    mutating func next() throws -> ImportRecord? {
        while waiting.isEmpty {
            if let task = try nextTaskOfLine() {
                waiting = try TaskwarriorSource.records(from: task, line: tasksLine, zone: zone).reversed()
                continue
            }
            tasksLine = reader.lineNumber + 1
            let read: Data?? = try reader.nextLine { bytes in TaskwarriorSource.objects(in: bytes) }
            guard let read else { return nil }
            tasks = read ?? Data()
            nextTask = 0
        }
        return waiting.removeLast()
    }

    /// The next task of the line read last, decoded alone; nil when none is left.
    private mutating func nextTaskOfLine() throws -> Task? {
        guard let found = tasks.withUnsafeBytes({ TaskwarriorSource.nextObject(in: $0, from: nextTask) }) else {
            return nil
        }
        do {
            guard let end = found.end else {
                // Not an object: the rest, decoded as the array it should be, says why.
                let rest = tasks[found.start...]
                tasks = Data()
                nextTask = 0
                return try JSONDecoder().decode([Task].self, from: Data([UInt8(ascii: "[")]) + rest).first
            }
            let task = try tasks.withUnsafeBytes { line in
                try TaskwarriorSource.task(in: UnsafeRawBufferPointer(rebasing: line[found.start..<end]), decoder: decoder)
            }
            // The line's last task is made into records without the line beside it.
            if found.following == tasks.count {
                tasks = Data()
                nextTask = 0
            } else {
                nextTask = end
            }
            return task
        } catch let error as DecodingError {
            throw ImportProblem(line: tasksLine, TaskwarriorSource.describe(error))
        }
    }

    /// The task of `object`, decoded where the line holds it.
    static func task(in object: UnsafeRawBufferPointer, decoder: JSONDecoder) throws -> Task {
        let whole = Data(bytesNoCopy: UnsafeMutableRawPointer(mutating: object.baseAddress!), count: object.count,
                         deallocator: .none)
        return try decoder.decode(Task.self, from: whole)
    }

    /// Where the next object of `bytes` (a line as `objects(in:)` makes it) starts at
    /// or after `offset`, past the commas and spaces between the objects of its array
    /// and the brackets that enclose it; where it ends, nil when what starts there is
    /// not a whole object (an array in the array among them: `[[]]` passed as no task);
    /// and where what follows it but such punctuation begins. Nil when only
    /// punctuation is left.
    static func nextObject(in bytes: UnsafeRawBufferPointer, from offset: Int) -> (start: Int, end: Int?, following: Int)? {
        func isBetweenObjects(_ index: Int) -> Bool {
            let byte = bytes[index]
            return byte == 0x20 || byte == 0x09 || byte == 0x0D || byte == UInt8(ascii: ",")
                || (index == 0 && byte == UInt8(ascii: "[")) || (index == bytes.count - 1 && byte == UInt8(ascii: "]"))
        }
        var index = offset
        while index < bytes.count, isBetweenObjects(index) { index += 1 }
        guard index < bytes.count else { return nil }
        let start = index
        guard bytes[index] == UInt8(ascii: "{") else { return (start, nil, bytes.count) }
        var depth = 0, inString = false, escaped = false
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            if inString {
                if escaped { escaped = false } else if byte == UInt8(ascii: "\\") { escaped = true } else if byte == 0x22 { inString = false }
            } else if byte == 0x22 {
                inString = true
            } else if byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[") {
                depth += 1
            } else if byte == UInt8(ascii: "}") || byte == UInt8(ascii: "]") {
                depth -= 1
                if depth == 0 { break }
            }
        }
        guard depth == 0, bytes[index - 1] == UInt8(ascii: "}") else { return (start, nil, bytes.count) }
        var following = index
        while following < bytes.count, isBetweenObjects(following) { following += 1 }
        return (start, index, following)
    }

    /// The objects of a line as a JSON array: the line without the brackets and commas
    /// that join the lines of an array, in brackets of its own. Nil for a line with no
    /// object.
    static func objects(in bytes: UnsafeBufferPointer<UInt8>) -> Data? {
        var start = bytes.startIndex, end = bytes.endIndex
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0D }
        while start < end, isSpace(bytes[start]) { start += 1 }
        if start < end, bytes[start] == UInt8(ascii: "[") { start += 1 }
        while end > start, isSpace(bytes[end - 1]) { end -= 1 }
        if end > start, bytes[end - 1] == UInt8(ascii: ",") { end -= 1 }
        while end > start, isSpace(bytes[end - 1]) { end -= 1 }
        if end > start, bytes[end - 1] == UInt8(ascii: "]") { end -= 1 }
        while start < end, isSpace(bytes[start]) { start += 1 }
        guard start < end else { return nil }
        var data = Data(capacity: end - start + 2)
        data.append(UInt8(ascii: "["))
        let body = UnsafeBufferPointer(rebasing: bytes[start..<end])
        if body.contains(where: { $0 < 0x20 }) {
            appendEscapingControls(body, to: &data)
        } else {
            data.append(contentsOf: body)
        }
        data.append(UInt8(ascii: "]"))
        return data
    }

    /// Taskwarrior 2.6 writes the control characters of a text into its JSON as they
    /// are, which JSON forbids: inside strings they are escaped here, so that what the
    /// tool holds comes in whole.
    static func appendEscapingControls(_ bytes: UnsafeBufferPointer<UInt8>, to data: inout Data) {
        var inString = false, escaped = false
        let hex = Array("0123456789abcdef".utf8)
        for byte in bytes {
            if inString && byte < 0x20 {
                data.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"),
                                         hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]])
                escaped = false
                continue
            }
            data.append(byte)
            if escaped {
                escaped = false
            } else if byte == UInt8(ascii: "\\") {
                escaped = inString
            } else if byte == UInt8(ascii: "\"") {
                inString.toggle()
            }
        }
    }

    static func describe(_ error: DecodingError) -> String {
        switch error {
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
            if let key = context.codingPath.last(where: { $0.intValue == nil })?.stringValue {
                return "'\(DisplayText.escaped(key))' is malformed: \(context.debugDescription)"
            }
            return "not a task: a JSON object was expected (\(context.debugDescription))"
        case .keyNotFound(let key, _):
            return "a task needs '\(key.stringValue)'"
        @unknown default:
            return "not a task"
        }
    }

    struct Annotation: Decodable {
        let entry: String
        let description: String
    }

    /// One task as `task export` writes it: the keys jotter reads itself, and the
    /// others as they are.
    struct Task: Decodable {
        var uuid: String?
        var description: String?
        var entry: String?
        var modified: String?
        var end: String?
        var status: String?
        var project: String?
        var tags: [String] = []
        var annotations: [Annotation] = []
        var depends: [String] = []
        var others: [(key: String, value: JSONValue)] = []

        init(from decoder: Decoder) throws {
            let container = try decoder.container(keyedBy: AnyJSONKey.self)
            for key in container.allKeys {
                switch key.stringValue {
                case "uuid": uuid = try container.decode(String.self, forKey: key)
                case "description": description = try container.decode(String.self, forKey: key)
                case "entry": entry = try container.decode(String.self, forKey: key)
                case "modified": modified = try container.decode(String.self, forKey: key)
                case "end": end = try container.decode(String.self, forKey: key)
                case "status": status = try container.decode(String.self, forKey: key)
                case "project": project = try container.decode(String.self, forKey: key)
                case "tags": tags = try container.decode([String].self, forKey: key)
                case "annotations": annotations = try container.decode([Annotation].self, forKey: key)
                case "depends":
                    // An array since Taskwarrior 2.6, a string of ids joined by commas before.
                    if let list = try? container.decode([String].self, forKey: key) {
                        depends = list
                    } else {
                        depends = try container.decode(String.self, forKey: key).split(separator: ",").map(String.init)
                    }
                case let name where TaskwarriorSource.computedKeys.contains(name): continue
                default: others.append((key.stringValue, try container.decode(JSONValue.self, forKey: key)))
                }
            }
        }
    }

    static func time(_ text: String?, key: String, line: Int) throws -> Timestamp? {
        guard let text else { return nil }
        guard let time = Timestamp(taskwarrior: text) else {
            throw ImportProblem(line: line, "'\(key)' is not a Taskwarrior date such as 20261201T000000Z")
        }
        return time
    }

    static func records(from task: Task, line: Int, zone: any LocalZone) throws -> [ImportRecord] {
        guard let uuid = task.uuid else { throw ImportProblem(line: line, "a task needs a 'uuid'") }
        guard let id = NodeID(uuid) else { throw ImportProblem(line: line, "'uuid' is not a UUID") }
        guard let description = task.description, !EntryText.trimmed(description).isEmpty else {
            throw ImportProblem(line: line, "a task needs a non-empty 'description'")
        }
        var text = description
        for tag in task.tags {
            guard !tag.isEmpty, !tag.contains(where: { $0.isWhitespace }) else {
                throw ImportProblem(line: line, "the tag '\(DisplayText.escaped(tag))' is empty or holds white space")
            }
            text += " #" + tag
        }
        if let problem = EntryText.problem(with: text.utf8) { throw ImportProblem(line: line, "'description' \(problem)") }
        var record = ImportRecord(id: id, text: text, line: line)
        record.created = try time(task.entry, key: "entry", line: line)
        record.updatedMilliseconds = try time(task.modified, key: "modified", line: line)?.milliseconds
        let end = try time(task.end, key: "end", line: line)
        var fields: [FieldValue] = []
        switch task.status {
        case "completed":
            guard let end else { throw ImportProblem(line: line, "a completed task needs its 'end'") }
            record.doneMilliseconds = end.milliseconds
        case "deleted":
            record.isTrashed = true
            if let end { fields.append(FieldValue(name: "end", value: end.fieldDateText(in: zone))) }
        case nil, "pending":
            if let end { fields.append(FieldValue(name: "end", value: end.fieldDateText(in: zone))) }
        case let other?:
            fields.append(FieldValue(name: "status", value: other))
            if let end { fields.append(FieldValue(name: "end", value: end.fieldDateText(in: zone))) }
        }
        if let project = task.project {
            let names = project.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
            guard !names.contains(where: { EntryText.trimmed($0).isEmpty }) else {
                throw ImportProblem(line: line, "the project '\(DisplayText.escaped(project))' has an empty part")
            }
            record.placement = .path(names)
        }
        if !task.depends.isEmpty {
            for dependency in task.depends where NodeID(dependency) == nil {
                throw ImportProblem(line: line, "'depends': '\(DisplayText.escaped(dependency))' is not a UUID")
            }
            fields.append(FieldValue(name: "depends", value: task.depends.joined(separator: ",")))
        }
        for (key, value) in task.others {
            if let problem = Field.problem(withName: key) {
                throw ImportProblem(line: line, "the key '\(DisplayText.escaped(key))': \(problem)")
            }
            guard let text = value.scalarText else {
                if value == .null { continue }
                throw ImportProblem(line: line, "'\(DisplayText.escaped(key))' must be a string or a number")
            }
            if dateKeys.contains(key) {
                guard let time = Timestamp(taskwarrior: text) else {
                    throw ImportProblem(line: line, "'\(key)' is not a Taskwarrior date such as 20261201T000000Z")
                }
                fields.append(FieldValue(name: key, value: time.fieldDateText(in: zone)))
            } else {
                fields.append(FieldValue(name: key, value: text))
            }
        }
        fields.sort { $0.name < $1.name }
        try record.setFields(fields) { "'\(DisplayText.escaped($0))'" }
        var records = [record]
        // Equal annotations (the same time and text) are each a note of their own.
        var earlierEqual: [[String]: Int] = [:]
        for annotation in task.annotations {
            guard let entry = Timestamp(taskwarrior: annotation.entry) else {
                throw ImportProblem(line: line, "an annotation's 'entry' is not a Taskwarrior date such as 20261201T000000Z")
            }
            guard !EntryText.trimmed(annotation.description).isEmpty else {
                throw ImportProblem(line: line, "an annotation needs a non-empty 'description'")
            }
            if let problem = EntryText.problem(with: annotation.description.utf8) {
                throw ImportProblem(line: line, "an annotation's 'description' \(problem)")
            }
            var parts = ["taskwarrior annotation", uuid.lowercased(), annotation.entry, annotation.description]
            let occurrence = earlierEqual[parts, default: 0]
            earlierEqual[parts] = occurrence + 1
            // The first keeps the id earlier imports gave it.
            if occurrence > 0 { parts.append(String(occurrence)) }
            var note = ImportRecord(
                id: RecordIDs.derived(from: parts),
                text: annotation.description, placement: .under(id, otherwise: []), created: entry, line: line)
            note.isTrashed = record.isTrashed
            records.append(note)
        }
        return records
    }
}
