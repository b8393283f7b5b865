import JotterCore

/// The import formats: each case's line in `fileExtensions` and `options` says what
/// suggests it and which of import's options it reads, and `source(reading:)` gives its
/// reader.
public enum ImportFormat: String, CaseIterable, Sendable {
    case lines, jsonl, csv, md, taskwarrior, todotxt, jrnl

    /// The options of `import` that only some formats read.
    public enum Option: String, CaseIterable, Sendable {
        case done = "--done", projectsAsLists = "--projects-as-lists", timeFormat = "--time-format", zone = "--tz"
    }

    /// The extensions of a file's name that suggest the format.
    public var fileExtensions: [String] {
        switch self {
        case .jsonl: ["jsonl", "ndjson"]
        case .csv: ["csv"]
        case .md: ["md", "markdown"]
        case .lines, .taskwarrior, .todotxt, .jrnl: []
        }
    }

    /// The options of `import` this format reads besides those every format does.
    public var options: Set<Option> {
        switch self {
        case .todotxt: [.done, .projectsAsLists, .zone]
        case .jrnl: [.timeFormat, .zone]
        case .lines, .jsonl, .csv, .md, .taskwarrior: []
        }
    }

    /// The format a file's name suggests; plain lines for anything else.
    public static func guessed(fromPath path: String) -> ImportFormat {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        guard let dot = name.lastIndex(of: ".") else { return .lines }
        let fileExtension = name[name.index(after: dot)...].lowercased()
        return allCases.first { $0.fileExtensions.contains(fileExtension) } ?? .lines
    }

    /// Why `option` cannot be given with this format, naming the formats that read it;
    /// nil when this one does.
    public func refusal(of option: Option) -> String? {
        guard !options.contains(option) else { return nil }
        let readers = ImportFormat.allCases.filter { $0.options.contains(option) }.map(\.rawValue)
        return "\(option.rawValue) is for --from \(readers.joined(separator: " or "))"
    }

    /// What a format reads besides its input: given on the command line, used by the
    /// formats that name them.
    public struct Settings {
        /// todotxt: a done.txt to read after the input, and its name for messages.
        public var doneFile: (reader: ByteLineReader, name: String)?
        /// todotxt: the first `+project` of a line is a list rather than a tag.
        public var projectsAsLists = false
        /// jrnl: the format of the times of a plain-text journal, as jrnl's
        /// `timeformat`; nil for its JSON export.
        public var timeFormat: String?
        /// The zone a time without an offset is read in, and whose midnight makes a
        /// date: `TZ`'s, or the one `--tz` names.
        public var zone: any LocalZone = SystemZone()

        public init() {}
    }

    /// The records of `reader`'s input, read in this format as they are asked for.
    public func source(reading reader: ByteLineReader, settings: Settings = Settings()) -> FormatSource {
        switch self {
        case .lines: FormatSource(.lines(LinesSource(reader: reader)))
        case .jsonl: FormatSource(.jsonl(JSONLinesSource(reader: reader, zone: settings.zone)))
        case .csv: FormatSource(.csv(FormatSource.Held(CSVSource(reader: reader, zone: settings.zone))))
        case .md: FormatSource(.md(FormatSource.Held(MarkdownSource(reader: reader))))
        case .taskwarrior: FormatSource(.taskwarrior(FormatSource.Held(TaskwarriorSource(reader: reader, zone: settings.zone))))
        case .todotxt:
            FormatSource(.todotxt(FormatSource.Held(TodoTxtSource(
                reader: reader, done: settings.doneFile.map { TodoTxtSource.File(reader: $0.reader, name: $0.name) },
                projectsAsLists: settings.projectsAsLists, zone: settings.zone))))
        case .jrnl:
            FormatSource(.jrnl(FormatSource.Held(JrnlSource(
                reader: reader, layout: settings.timeFormat.map { .text(timeFormat: $0) } ?? .json, zone: settings.zone))))
        }
    }
}

/// The records of an input in one of the import formats: the one way from a format to
/// records, for the import command, the tests and the fuzz targets alike. It is a type
/// of its own rather than `any ImportSource`, so that the import loop is
/// compiled for it: through the existential, every record was copied and destroyed by
/// the runtime, a good part of the work of importing lines.
public struct FormatSource: ImportSource {
    enum Reader {
        case lines(LinesSource)
        case jsonl(JSONLinesSource)
        case csv(Held<CSVSource>)
        case md(Held<MarkdownSource>)
        case taskwarrior(Held<TaskwarriorSource>)
        case todotxt(Held<TodoTxtSource>)
        case jrnl(Held<JrnlSource>)
    }

    /// A reader that keeps state between records, held so that it changes in place:
    /// taken out of the enum to be read, its arrays would be shared and copied on each
    /// change; made a class itself, every use of its fields was checked for exclusive
    /// access, and a Markdown import was slower for it.
    final class Held<Source> {
        var source: Source

        init(_ source: Source) {
            self.source = source
        }
    }

    private let reader: Reader

    init(_ reader: Reader) {
        self.reader = reader
    }

    // Neither method changes the source itself, only what it reads from: not being
    // mutating lets the reader be borrowed, with no reference count taken a record.
    public func next() throws -> ImportRecord? {
        try next(record: { $0 }, itemText: { text, line in ImportRecord(text: String(decoding: text, as: UTF8.self), line: line) })
    }

    /// Each line of `lines` goes to `itemText` as the bytes read, with no string made.
    public func next<T>(record: (ImportRecord) throws -> T,
                        itemText: (UnsafeBufferPointer<UInt8>, Int) throws -> T) throws -> T? {
        switch reader {
        case .lines(let lines): try lines.nextItem(itemText)
        case .jsonl(let jsonl): try jsonl.next().map(record)
        case .csv(let csv): try csv.source.next().map(record)
        case .md(let md): try md.source.next().map(record)
        case .taskwarrior(let tasks): try tasks.source.next().map(record)
        case .todotxt(let todo): try todo.source.next().map(record)
        case .jrnl(let journal): try journal.source.next().map(record)
        }
    }
}
