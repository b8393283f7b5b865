import JotterCore

/// Records one at a time, so that an import streams: what the store imports. The
/// import formats give one (`ImportFormat.source(reading:)`); tests give their own.
public protocol ImportSource {
    /// The next record, or nil at the end. Throws `ImportProblem` for bad input.
    mutating func next() throws -> ImportRecord?

    /// Passes the next record to `record` and returns what it returns; nil at the end.
    /// A source of plain items may pass an item's text to `itemText` instead, as bytes
    /// valid only during the call, with its line number: no record or string is made.
    mutating func next<T>(record: (ImportRecord) throws -> T,
                          itemText: (UnsafeBufferPointer<UInt8>, Int) throws -> T) throws -> T?
}

extension ImportSource {
    public mutating func next<T>(record: (ImportRecord) throws -> T,
                                 itemText: (UnsafeBufferPointer<UInt8>, Int) throws -> T) throws -> T? {
        try next().map(record)
    }
}

extension ImportRecord {
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

    static func problem(with line: UnsafeBufferPointer<UInt8>) -> String {
        "the line \(line.contains(0) ? "holds a NUL byte" : "is not valid UTF-8")"
    }
}
