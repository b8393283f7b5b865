import JotterCore

/// `md`: a Markdown outline. `#` headings become lists, nested by level; bullets
/// (`-`, `*`, `+`, `1.`) become items, nested under the bullet above them by
/// indentation; an attribute block ending a bullet's line, `{price="3.5"}`, holds
/// its field values; a line indented under a bullet continues its text on a new line;
/// any other line is an item of the heading above it.
struct MarkdownSource {
    let reader: ByteLineReader
    private var ids = NodeIDGenerator()
    private let now = Timestamp.now()
    private var headings: [(level: Int, name: String)] = []
    private var bullets: [(indent: Int, id: NodeID)] = []
    private var pending: ImportRecord?
    /// The indentation of the pending bullet: lines indented further continue its text.
    private var pendingIndent = 0
    /// Blank lines seen since the pending item's last line, kept if its text goes on.
    private var blankLines = 0

    init(reader: ByteLineReader) {
        self.reader = reader
    }

    mutating func next() throws -> ImportRecord? {
        while let line = try reader.nextText() {
            let number = reader.lineNumber
            let indent = MarkdownSource.indentation(of: line)
            let content = EntryText.trimmed(line)
            if content.isEmpty {
                blankLines += 1
                continue
            }
            defer { blankLines = 0 }
            if let heading = MarkdownSource.heading(content) {
                while let last = headings.last, last.level >= heading.level { headings.removeLast() }
                if let problem = Store.problem(withListName: heading.text) { throw ImportProblem(line: number, problem) }
                let record = ImportRecord(kind: .list, text: heading.text, placement: headingPath, line: number)
                headings.append((heading.level, heading.text))
                bullets.removeAll()
                if let ready = swapPending(record, indent: Int.max) { return ready }
                continue
            }
            if let firstLine = MarkdownSource.bullet(content) {
                while let last = bullets.last, last.indent >= indent { bullets.removeLast() }
                let attributes = Markdown.splitAttributes(firstLine[...])
                var record = newItem(attributes?.text ?? firstLine, under: bullets.last?.id, line: number)
                record.fields = attributes?.fields
                bullets.append((indent, record.id!))
                if let ready = swapPending(record, indent: indent) { return ready }
                continue
            }
            if pending != nil, indent > pendingIndent, pending!.kind == .item {
                var text = MarkdownSource.dropping(columns: pendingIndent + 2, from: line)
                if text.hasPrefix("\\") { text.removeFirst() }
                pending!.text += String(repeating: "\n", count: 1 + blankLines) + EntryText.trimmedAtEnd(text)
                continue
            }
            bullets.removeAll()
            let record = newItem(content, under: nil, line: number)
            if let ready = swapPending(record, indent: indent) { return ready }
        }
        defer { pending = nil }
        return pending
    }

    private mutating func swapPending(_ record: ImportRecord, indent: Int) -> ImportRecord? {
        let ready = pending
        pending = record
        pendingIndent = indent
        return ready
    }

    /// Lists are placed by the names of the headings above, so that a heading joins
    /// the list of that name already in the store.
    private var headingPath: ImportRecord.Placement {
        headings.isEmpty ? .target : .path(headings.map(\.name))
    }

    /// Items get their id here, so that the bullets nested under them can name it.
    private mutating func newItem(_ text: String, under bullet: NodeID?, line: Int) -> ImportRecord {
        let id = ids.next(milliseconds: UInt64(max(0, now.milliseconds)))
        let placement = bullet.map { .under($0, otherwise: headings.map(\.name)) } ?? headingPath
        return ImportRecord(id: id, kind: .item, text: text, placement: placement, line: line)
    }

    /// `line` without its first `columns` columns of indentation (a tab counting as
    /// four), so that indentation inside an item's text is kept.
    static func dropping(columns: Int, from line: String) -> String {
        var width = 0
        var rest = Substring(line)
        while width < columns, let first = rest.first, first == " " || first == "\t" {
            width += first == "\t" ? 4 : 1
            rest = rest.dropFirst()
        }
        return String(rest)
    }

    /// Leading spaces, a tab counting as four.
    static func indentation(of line: String) -> Int {
        var width = 0
        for byte in line.utf8 {
            if byte == 0x20 { width += 1 } else if byte == 0x09 { width += 4 } else { break }
        }
        return width
    }

    static func heading(_ content: String) -> (level: Int, text: String)? {
        let hashes = content.prefix { $0 == "#" }.count
        guard (1...6).contains(hashes) else { return nil }
        let rest = content.dropFirst(hashes)
        guard rest.first == " " || rest.first == "\t" else { return nil }
        let text = EntryText.trimmed(String(rest))
        return text.isEmpty ? nil : (hashes, text)
    }

    static func bullet(_ content: String) -> String? {
        var rest = Substring(content)
        if let marker = rest.first, "-*+".contains(marker) {
            rest = rest.dropFirst()
        } else {
            let digits = rest.prefix { $0.isASCII && $0.isNumber }
            guard (1...9).contains(digits.count) else { return nil }
            rest = rest.dropFirst(digits.count)
            guard let marker = rest.first, marker == "." || marker == ")" else { return nil }
            rest = rest.dropFirst()
        }
        guard rest.first == " " || rest.first == "\t" else { return nil }
        let text = EntryText.trimmed(String(rest))
        return text.isEmpty ? nil : text
    }
}
