import JotterCore

/// `todotxt`: todo.txt lines (https://github.com/todotxt/todo.txt), and after them the
/// lines of a done.txt when one is given. Each non-blank line is an item:
///
/// | todo.txt | jotter |
/// |---|---|
/// | `x 2026-11-20` | done on that day (at midnight in `TZ`) |
/// | `(A)`, or `pri:A` on a done line | a `priority` field |
/// | the creation date | the created time (midnight in `TZ`) |
/// | `+project` | the tag `#project`, named in a `project` field; or with `--projects-as-lists` the list `project` |
/// | `@context` | the tag `#context`, named in a `context` field |
///
/// The two fields say which tags go back out as `+` and `@`, so that a `#12` of the
/// line's own text stays as it is.
/// | `key:value` | a field `key` (`due:2026-12-01` a date as written) |
///
/// The id is derived from the line itself, so that importing the same file again
/// finds the items it made.
struct TodoTxtSource {
    struct File {
        let reader: ByteLineReader
        /// The name messages give this file by, when it is not the import's own.
        let name: String?
    }

    private var files: [File]
    private let projectsAsLists: Bool
    /// The zone whose midnight a date is.
    private let zone: any LocalZone
    /// How many times each line was seen, so that two equal lines make two items.
    private var seen = RecordOccurrences()

    init(reader: ByteLineReader, done: File?, projectsAsLists: Bool, zone: any LocalZone) {
        files = [File(reader: reader, name: nil)] + (done.map { [$0] } ?? [])
        self.projectsAsLists = projectsAsLists
        self.zone = zone
    }

    mutating func next() throws -> ImportRecord? {
        while let file = files.first {
            do {
                while let line = try TodoTxtSource.nextLineTrimmedOfASCIISpace(from: file.reader) {
                    let text = EntryText.trimmed(line)
                    guard !text.isEmpty else { continue }
                    let occurrence = seen.count([text])
                    return try record(from: text, occurrence: occurrence, line: file.reader.lineNumber)
                }
            } catch var problem as ImportProblem {
                problem.file = file.name
                throw problem
            }
            files.removeFirst()
        }
        return nil
    }

    /// The next line as text, without the ASCII white space at its ends: a string of
    /// the whole line, then one of it trimmed, held a long line twice beside the text
    /// made of it.
    static func nextLineTrimmedOfASCIISpace(from reader: ByteLineReader) throws -> String? {
        try reader.nextLine { bytes -> String in
            var lower = bytes.startIndex, upper = bytes.endIndex
            while lower < upper, EntryText.isASCIIWhitespace(bytes[lower]) { lower += 1 }
            while upper > lower, EntryText.isASCIIWhitespace(bytes[upper - 1]) { upper -= 1 }
            guard let text = EntryText.text(from: UnsafeBufferPointer(rebasing: bytes[lower..<upper])) else {
                throw ImportProblem(line: reader.lineNumber, ByteLineReader.problem(with: bytes))
            }
            return text
        }
    }

    /// A todo.txt date, `2026-11-20`, as midnight of that day in `zone`.
    static func date(_ word: Substring, in zone: any LocalZone) -> Timestamp? {
        guard word.utf8.count == 10 else { return nil }
        return Timestamp(parsing: String(word), in: zone)
    }

    func record(from line: String, occurrence: Int, line number: Int) throws -> ImportRecord {
        // The words are walked one at a time and the text is built as they go: a line
        // of many words, held in arrays of them, took far more memory than the line.
        var words = Words(rest: line[...])
        var done: Timestamp?
        var isDone = false
        var priority: String?
        var created: Timestamp?
        if words.peek() == "x" {
            isDone = true
            words.skip()
            if let first = words.peek(), let day = TodoTxtSource.date(first, in: zone) {
                done = day
                words.skip()
            }
        }
        if let first = words.peek(), first.utf8.count == 3, first.first == "(", first.last == ")",
           let letter = first.dropFirst().first, letter.isASCII, letter.isUppercase {
            priority = String(letter)
            words.skip()
        }
        if let first = words.peek(), let day = TodoTxtSource.date(first, in: zone) {
            created = day
            words.skip()
        }
        let afterDates = words.rest
        // Empty words keep the spaces between words as they were. A tag takes the
        // place of its `+` or `@`, so the text is never longer than the words.
        var kept = ""
        kept.reserveCapacity(afterDates?.utf8.count ?? 0)
        var keptAny = false
        func keep(_ word: Substring, tagged: Bool = false) {
            if keptAny { kept += " " }
            if tagged { kept += "#" }
            kept += word
            keptAny = true
        }
        var contexts = ""
        var projects = ""
        var fields: [FieldValue] = []
        var placement = ImportRecord.Placement.target
        while let word = words.next() {
            if word.count > 1, word.first == "+" {
                if projectsAsLists, placement == .target {
                    placement = .path([String(word.dropFirst())])
                } else {
                    keep(word.dropFirst(), tagged: true)
                    projects += (projects.isEmpty ? "" : ",") + word.dropFirst()
                }
            } else if word.count > 1, word.first == "@" {
                keep(word.dropFirst(), tagged: true)
                contexts += (contexts.isEmpty ? "" : ",") + word.dropFirst()
            } else if let field = TodoTxtSource.field(in: word) {
                if isDone && field.name == "pri" {
                    priority = field.value
                } else {
                    guard fields.count < TodoTxtSource.maximumFields else {
                        throw ImportProblem(line: number, "a line holds at most \(TodoTxtSource.maximumFields) key:value pairs")
                    }
                    fields.append(field)
                }
            } else {
                keep(word)
            }
        }
        if let priority { fields.append(FieldValue(name: "priority", value: priority)) }
        if !contexts.isEmpty { fields.append(FieldValue(name: "context", value: contexts)) }
        if !projects.isEmpty { fields.append(FieldValue(name: "project", value: projects)) }
        // A line of fields alone keeps them as its text too, as an item needs one.
        let text = keptAny ? kept : String(afterDates ?? "")
        guard !text.isEmpty else { throw ImportProblem(line: number, "the line holds no task, only its dates and priority") }
        var record = ImportRecord(id: RecordIDs.derived(from: ["todo.txt", line, String(occurrence)]), text: text,
                                  placement: placement, created: created, line: number)
        if isDone {
            record.doneMilliseconds = (done ?? created ?? Timestamp.now()).milliseconds
        }
        var byName: [String: FieldValue] = [:]
        for field in fields {
            guard byName[field.name] == nil else {
                throw ImportProblem(line: number, "the key '\(DisplayText.escaped(field.name))' is given twice")
            }
            byName[field.name] = field
        }
        try record.setFields(fields.sorted { $0.name < $1.name }) { "'\(DisplayText.escaped($0))'" }
        return record
    }

    /// As many as a jsonl record may hold.
    static let maximumFields = JSONLinesSource.maximumMembers

    /// The words of a line between single spaces, as `split(separator: " ",
    /// omittingEmptySubsequences: false)` gives them, one at a time.
    private struct Words {
        /// What is left of the line, nil once its last word was taken.
        var rest: Substring?

        func peek() -> Substring? {
            var copy = self
            return copy.next()
        }

        mutating func skip() {
            _ = next()
        }

        mutating func next() -> Substring? {
            guard let line = rest else { return nil }
            guard let space = line.firstIndex(of: " ") else {
                rest = nil
                return line
            }
            rest = line[line.index(after: space)...]
            return line[..<space]
        }
    }

    /// A `key:value` word: a key that starts with a letter and can name a field, a value
    /// that does not look like the rest of a URL.
    static func field(in word: Substring) -> FieldValue? {
        guard let colon = word.firstIndex(of: ":"), colon != word.startIndex else { return nil }
        let key = word[..<colon], value = word[word.index(after: colon)...]
        guard let first = key.first, first.isLetter, !value.isEmpty, !value.hasPrefix("/"), !value.contains(":"),
              Field.problem(withName: String(key)) == nil else { return nil }
        return FieldValue(name: String(key), value: String(value))
    }
}
