import JotterCore

/// `lines`: each non-blank line is an item, trimmed.
struct LinesSource {
    let reader: ByteLineReader

    /// Calls `body` with the next item's text and its line number, passing blank lines
    /// over; nil at the end.
    func nextItem<T>(_ body: (UnsafeBufferPointer<UInt8>, Int) throws -> T) throws -> T? {
        while let item = try reader.nextLine({ line in
            try LinesSource.withItemText(of: line, lineNumber: reader.lineNumber) { try body($0, reader.lineNumber) }
        }) {
            if let item { return item }
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
        // White space beyond ASCII, such as an ideographic space, is rare at the ends:
        // the bytes are checked where they are, with no string made of a line that may
        // be 16 MiB.
        guard first >= 0x80 || last >= 0x80 else {
            guard EntryText.isText(bytes) else { throw ImportProblem(line: lineNumber, ByteLineReader.problem(with: bytes)) }
            return try body(bytes)
        }
        guard var text = EntryText.text(from: bytes) else {
            throw ImportProblem(line: lineNumber, ByteLineReader.problem(with: bytes))
        }
        text = EntryText.trimmed(text)
        return text.isEmpty ? nil : try text.withUTF8(body)
    }
}
