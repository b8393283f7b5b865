import ArgumentParser
import JotterCore
import JotterFormats

struct FindCommand: StoreCommand {
    static let pagesOutput = true

    static let configuration = CommandConfiguration(
        commandName: "find",
        abstract: "Search the text of every item and list name in the store.",
        discussion: """
            Each word finds words that start with it ('meet' finds 'meeting'); all \
            words must be there. "a phrase" in quotes finds those words in that order; \
            -word leaves out what holds it; a OR b finds either; #tag finds that tag. \
            Case does not matter. Chinese, Japanese and Korean text is found by any \
            part of it ('東京' in '昨日東京へ行きました'). Hits are listed oldest first, \
            each with its id, the place that holds it, and its text with the match \
            marked on a terminal, after the date it was entered. What is in the trash \
            is not searched.
            """)

    @OptionGroup(visibility: .hidden) var options: StoreOptions

    @Option(help: ArgumentHelp("The output format.", valueName: "format"))
    var format: FoundFormat = .text

    @Argument(help: ArgumentHelp("What to look for.", valueName: "query"))
    var words: [String]

    func run(in context: CommandContext) throws -> CommandOutcome {
        let query = try SearchQuery(words.joined(separator: " "))
        var writer = FoundWriter(format: format, context: context)
        writer.begin()
        var count = 0
        let zone = SystemZone()
        try context.store.find(query) { hit in
            count += 1
            try writer.write(hit, marking: context.terminal.colour ? query.highlights(in: hit.node.text) : [],
                             when: zone.localDateTime(atMilliseconds: hit.node.created.milliseconds).dateText)
        }
        writer.end()
        if count == 0 && format == .text {
            context.messages.show("nothing found")
        }
        return .nothing
    }
}

/// Writes what `find` and `log` found: for people, a line each with where it is;
/// for programs, the formats of `list`.
struct FoundWriter {
    let format: FoundFormat
    let context: CommandContext
    private let style: TerminalStyle
    private var nodes: NodeWriter?
    private var position: Int64 = 0
    /// The forms of the places hits were in, which put their fields in the order
    /// 'list' shows them.
    private var forms: [NodeID?: EntryForm] = [:]

    init(format: FoundFormat, context: CommandContext) {
        self.format = format
        self.context = context
        style = context.style
        nodes = format.nodeFormat.map { NodeWriter(format: $0, terminal: context.terminal) }
    }

    mutating func begin() {
        nodes?.begin(to: context.output)
    }

    /// Writes one hit; `marking` are the ranges of its text to show marked. The line
    /// starts with `when` (the date of a hit of `find`, the time of an entry of a
    /// day of `log`); the lines after the first of a text are indented under the id.
    mutating func write(_ found: Store.Found, marking: [Range<String.Index>] = [], when: String) throws {
        position += 1
        let fields = try ordered(found)
        if nodes != nil {
            return try nodes!.write(found.node, fields: fields, position: position, parentID: found.place.top?.id,
                                    to: context.output)
        }
        let out = context.output
        out.write("  " + when + "  ")
        let id = found.node.id.shortForm()
        out.write(style.dim(id) + "  ")
        out.write(style.dim(TerminalStyle.escaped(found.place.display)) + "  ")
        if found.node.doneMilliseconds != nil { out.write("✓ ") }
        let indent = String(repeating: " ", count: 2 + when.count + 2 + id.count + 2)
        style.writeMarked(found.node.text, marking, continuationIndent: indent, to: out)
        if found.node.kind == .list { out.write("/") }
        if !fields.isEmpty { out.write("  " + style.dim(TerminalStyle.escaped(FieldValue.inlineWords(fields)))) }
        out.write("\n")
        out.flushIfFull()
    }

    /// The hit's fields in the order of its place's form, as 'list' has them.
    private mutating func ordered(_ found: Store.Found) throws -> [FieldValue] {
        guard found.fields.count > 1 else { return found.fields }
        let key = found.place.top?.id
        if forms[key] == nil { forms[key] = try context.store.form(at: found.place) }
        return forms[key]!.ordered(found.fields)
    }

    mutating func end() {
        nodes?.end(to: context.output)
    }
}
