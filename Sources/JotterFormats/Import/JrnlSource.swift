import FoundationEssentials
import JotterCore

/// `jrnl`: a jrnl journal, as `jrnl --export json` writes it (`{"tags": …, "entries":
/// [{"date", "time", "title", "body", "tags", "starred"}]}`) or as jrnl keeps it in
/// plain text (`[DATE TIME] Title`, then the body's lines, ` *` ending a starred
/// title). Each entry is an item: the title its first line, the body the lines after
/// it, `#starred` ending the first line of a starred one. jrnl's times have no zone:
/// they are read in `TZ`, or the zone `--tz` names, and the offset then is kept.
struct JrnlSource {
    enum Layout {
        case json
        /// With the format of the times in the headers, as jrnl's `timeformat`.
        case text(timeFormat: String)
    }

    let reader: ByteLineReader
    let layout: Layout
    /// The zone a time without an offset is read in.
    let zone: any LocalZone
    /// How many times each entry was seen, so that two equal entries make two items.
    private var seen = RecordOccurrences()
    private let decoder = JSONDecoder()
    /// JSON: how deep the scan is, whether it is in a string, and the entry it is reading.
    private var depth = 0
    private var inString = false
    private var afterBackslash = false
    private var entry: [UInt8] = []
    private var entryLine = 0
    /// Text: the header of the entry being read and the lines after it, joined as they
    /// come, and the blank lines since the last that was not, which are part of the
    /// body only when more of it follows. An entry, like a line, is read up to 16 MiB: an
    /// entry ran to the end of the file and was held line by line.
    private var header: (time: Timestamp, title: String, line: Int)?
    private var body = ""
    private var bodyHasLines = false
    private var blankLines = ""
    private var blankLineCount = 0

    init(reader: ByteLineReader, layout: Layout, zone: any LocalZone) {
        self.reader = reader
        self.layout = layout
        self.zone = zone
    }

    mutating func next() throws -> ImportRecord? {
        switch layout {
        case .json: try nextFromJSON()
        case .text(let format): try nextFromText(format: format)
        }
    }

    struct Entry: Decodable {
        let date: String
        let time: String
        let title: String
        let body: String?
        let starred: Bool?

        private enum CodingKeys: String, CodingKey { case date, time, title, body, starred }

        init(from decoder: Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            date = try container.decode(String.self, forKey: .date)
            time = try container.decode(String.self, forKey: .time)
            title = try container.decode(String.self, forKey: .title)
            body = try container.decodeIfPresent(String.self, forKey: .body)
            starred = try container.decodeIfPresent(Bool.self, forKey: .starred)
        }
    }

    /// Scans the document a line at a time and decodes each object of the `entries`
    /// array once it is whole: the document is never held in memory.
    private mutating func nextFromJSON() throws -> ImportRecord? {
        while true {
            let lineNumber = reader.lineNumber + 1
            var finished: [UInt8]?
            let more = try reader.nextLine { bytes -> Bool in
                // An entry going on over a long line grows to hold it at once: grown a
                // byte at a time, its bytes were copied into a buffer twice their size
                // while the old one and the reader's line were held. Short lines still
                // double it, so that an entry of many lines is not copied at each.
                if depth >= 3 && entry.capacity - entry.count <= bytes.count {
                    entry.reserveCapacity(max(entry.count + bytes.count + 1, entry.capacity * 2))
                }
                var index = bytes.startIndex
                while index < bytes.endIndex {
                    let byte = bytes[index]
                    index += 1
                    if depth >= 3 { entry.append(byte) }
                    if inString {
                        if afterBackslash { afterBackslash = false } else if byte == 0x5C { afterBackslash = true } else if byte == 0x22 { inString = false }
                        continue
                    }
                    switch byte {
                    case 0x22: inString = true
                    case UInt8(ascii: "{"), UInt8(ascii: "["):
                        if depth == 0 && byte != UInt8(ascii: "{") {
                            throw ImportProblem(line: lineNumber, "not a jrnl JSON export: it does not start with an object")
                        }
                        depth += 1
                        if depth == 3 {
                            guard byte == UInt8(ascii: "{") else { throw ImportProblem(line: lineNumber, "an entry must be an object") }
                            entry = [byte]
                            entryLine = lineNumber
                        }
                    case UInt8(ascii: "}"), UInt8(ascii: "]"):
                        depth -= 1
                        guard depth >= 0 else { throw ImportProblem(line: lineNumber, "a bracket closes what was not opened") }
                        if depth == 2 {
                            finished = entry
                            entry = []
                            // The rest of the line is read on the next call.
                            return index < bytes.endIndex ? try rest(bytes, from: index, line: lineNumber) : true
                        }
                    case 0x20, 0x09, 0x0D, UInt8(ascii: ","), UInt8(ascii: ":"): continue
                    default:
                        if depth == 0 { throw ImportProblem(line: lineNumber, "not a jrnl JSON export: it does not start with an object") }
                    }
                }
                if depth >= 3 { entry.append(0x0A) }
                return true
            }
            if depth >= 3 && entry.count > ByteLineReader.maximumLineLength {
                throw ImportProblem(line: entryLine, "the entry is longer than \(ByteLineReader.longestLine); an entry holds at most \(SizeCap.size(SizeCap.entryBytes))")
            }
            if var bytes = finished.take() { return try record(fromJSON: &bytes, line: entryLine) }
            guard more != nil else {
                guard depth == 0 else { throw ImportProblem(line: reader.lineNumber, "the JSON ends before its brackets close") }
                return nil
            }
        }
    }

    /// What follows an entry on its line: only the punctuation between entries, or the
    /// end of the document, as jrnl writes one entry a line or pretty-printed.
    private mutating func rest(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, line: Int) throws -> Bool {
        for byte in bytes[start...] {
            switch byte {
            case 0x20, 0x09, 0x0D, UInt8(ascii: ","): continue
            case UInt8(ascii: "]"), UInt8(ascii: "}"):
                depth -= 1
                guard depth >= 0 else { throw ImportProblem(line: line, "a bracket closes what was not opened") }
            default:
                throw ImportProblem(line: line, "put each entry on a line of its own, as jrnl --export json does")
            }
        }
        return true
    }

    /// The record of an entry's bytes, which are let go of once decoded.
    private mutating func record(fromJSON bytes: inout [UInt8], line: Int) throws -> ImportRecord {
        let entry: Entry
        do {
            // Decoded where the bytes are, so that a long entry is not held twice
            // beside the body decoded from it.
            entry = try bytes.withUnsafeMutableBytes { bytes in
                let whole = Data(bytesNoCopy: bytes.baseAddress!, count: bytes.count, deallocator: .none)
                return try decoder.decode(Entry.self, from: whole)
            }
            bytes = []
        } catch let error as DecodingError {
            switch error {
            case .keyNotFound(let key, _): throw ImportProblem(line: line, "an entry needs '\(key.stringValue)'")
            case .typeMismatch(_, let context), .valueNotFound(_, let context):
                throw ImportProblem(line: line, "'\(context.codingPath.last?.stringValue ?? "entry")' has the wrong type")
            default: throw ImportProblem(line: line, "an entry is not valid JSON")
            }
        }
        guard let time = Timestamp(parsing: entry.date + " " + entry.time, in: zone) else {
            throw ImportProblem(line: line, "'\(DisplayText.escaped(entry.date)) \(DisplayText.escaped(entry.time))' is not a date and time")
        }
        return try record(time: time, title: entry.title, body: entry.body ?? "", starred: entry.starred ?? false, line: line)
    }

    private mutating func nextFromText(format: String) throws -> ImportRecord? {
        while let line = try reader.nextText() {
            if let parsed = JrnlSource.header(line, format: format, zone: zone) {
                let finished = header
                let finishedBody = takeBody()
                header = (parsed.time, parsed.title, reader.lineNumber)
                if let finished {
                    return try record(time: finished.time, title: finished.title, body: finishedBody,
                                      starred: false, line: finished.line)
                }
            } else if let header {
                try addToBody(line, entryLine: header.line)
            } else if !EntryText.trimmed(line).isEmpty {
                throw ImportProblem(line: reader.lineNumber, "not an entry's first line, [\(format)] Title")
            }
        }
        guard let finished = header else { return nil }
        header = nil
        return try record(time: finished.time, title: finished.title, body: takeBody(), starred: false,
                          line: finished.line)
    }

    /// Adds a line to the body of the entry that starts on `entryLine`. Blank lines
    /// wait for one that is not: jrnl leaves them between entries.
    private mutating func addToBody(_ line: String, entryLine: Int) throws {
        guard body.utf8.count + blankLines.utf8.count + line.utf8.count < ByteLineReader.maximumLineLength else {
            throw ImportProblem(line: entryLine, "the entry is longer than \(ByteLineReader.longestLine); an entry holds at most \(SizeCap.size(SizeCap.entryBytes))")
        }
        if EntryText.trimmed(line).isEmpty {
            if blankLineCount > 0 { blankLines += "\n" }
            blankLines += line
            blankLineCount += 1
            return
        }
        if blankLineCount > 0 {
            if bodyHasLines { body += "\n" }
            body += blankLines
            bodyHasLines = true
            blankLines = ""
            blankLineCount = 0
        }
        if bodyHasLines { body += "\n" }
        body += line
        bodyHasLines = true
    }

    /// The body read, without the blank lines after it; the next entry's starts empty.
    private mutating func takeBody() -> String {
        defer {
            body = ""
            bodyHasLines = false
            blankLines = ""
            blankLineCount = 0
        }
        return body
    }

    /// `[TIME] Title` with TIME in `format`; nil for any other line.
    static func header(_ line: String, format: String, zone: any LocalZone) -> (time: Timestamp, title: String)? {
        guard line.hasPrefix("["), let close = line.firstIndex(of: "]") else { return nil }
        let inside = line[line.index(after: line.startIndex)..<close]
        guard let time = StrftimeFormat(format).timestamp(from: inside, in: zone) else { return nil }
        var title = line[line.index(after: close)...]
        if title.first == " " { title = title.dropFirst() }
        return (time, String(title))
    }

    private mutating func record(time: Timestamp, title: String, body: String, starred: Bool, line: Int) throws -> ImportRecord {
        var title = title
        var starred = starred
        if case .text = layout, title.hasSuffix(" *") || title == "*" {
            title = String(title.dropLast(title == "*" ? 1 : 2))
            starred = true
        }
        var text = starred ? (title.isEmpty ? "#starred" : title + " #starred") : title
        if !body.isEmpty {
            // Joined in a text made to its length: `text += "\n" + body` held a copy
            // of the body beside it and the text, which grew into a second buffer.
            text.reserveCapacity(text.utf8.count + 1 + body.utf8.count)
            text += "\n"
            text += body
        }
        guard !EntryText.isBlank(text) else { throw ImportProblem(line: line, "the entry is empty") }
        if let problem = EntryText.problem(with: text.utf8) { throw ImportProblem(line: line, "the entry \(problem)") }
        let key = ["jrnl", time.rfc3339, title, body, starred ? "*" : ""]
        let occurrence = seen.count(key)
        return ImportRecord(id: RecordIDs.derived(from: key + [String(occurrence)]), text: text, created: time, line: line)
    }
}
