import ArgumentParser
import JotterApplication
import JotterCore
import JotterFormats

struct ListCommand: StoreCommand {
    static let pagesOutput = true

    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List the entries of the current place, or of TARGET.",
        discussion: """
            The text format shows each entry's position, the tail of its id and its \
            text; lists end in '/'. Positions and id tails can be given wherever a \
            target is asked for. json, jsonl and tsv are stable formats for programs: \
            each json object has id, kind ("list" or "item"), name (lists) or text \
            (items), parent (an id, or null at the root), created and updated. tsv \
            rows are position, id, kind, text and created, with backslash, tab, newline \
            and carriage return in the text written as \\\\, \\t, \\n and \\r. An item's \
            field values follow its text as 'name:value' words (tsv leaves them out: \
            its columns are fixed), and in json and jsonl \
            are a 'fields' object (present when the item has any), decimals and dates \
            as strings in their canonical form; csv and md write them as export does. --sum adds a last line with the exact \
            total of a decimal field. Done items are left out unless --all is given; \
            they keep their positions, so the others are not renumbered, and are shown \
            with a ✓ (and struck through in colour); json and jsonl give their 'done' time.
            """,
        aliases: ["ls"])

    @OptionGroup(visibility: .hidden) var options: StoreOptions

    @Option(help: ArgumentHelp("The output format.", valueName: "format"))
    var format: ListFormat = .text

    @Option(help: ArgumentHelp("Total this decimal field at the end (text format).", valueName: "field"),
            completion: ShellCompletion.fields)
    var sum: String?

    @Flag(help: "Show done items too.")
    var all = false

    @Option(help: ArgumentHelp("Only the entries that hold this tag (#word).", valueName: "tag"))
    var tag: String?

    @Argument(help: ArgumentHelp("The list or item whose entries to show.", valueName: "target"),
              completion: ShellCompletion.targets)
    var target: [String] = []

    func run(in context: CommandContext) throws -> CommandOutcome {
        if sum != nil && format != .text {
            throw JotterError.input("--sum goes with the text format; 'jotter sum FIELD' prints the total alone")
        }
        let place = try context.place(target)
        let tagged = try tag.map(context.store.tagged)
        // Read once: a property wrapper of the parser costs a lookup each time, and the
        // rows are many.
        let showsDone = all
        let form = try context.store.form(at: place)
        let out = context.output
        try context.store.read {
            /// The entries the options show, with their positions among all of them.
            func forEachShown(_ body: (Node, [FieldValue], Int64) throws -> Void) throws {
                try context.store.forEachChildWithFields(of: place.top, tagged: tagged) { node, position, fields in
                    guard showsDone || node.doneMilliseconds == nil else { return }
                    try body(node, form.ordered(fields), position)
                }
            }
            if let nodeFormat = format.nodeFormat {
                let fieldColumns = nodeFormat == .csv ? try context.store.fieldNames(under: place.top, recursive: false) : []
                var writer = NodeWriter(format: nodeFormat, terminal: context.terminal)
                writer.begin(fieldColumns: fieldColumns, to: out)
                try forEachShown { try writer.write($0, fields: $1, position: $2, parentID: place.top?.id, to: out) }
                writer.end(to: out)
            } else {
                let count = try context.store.childCount(of: place.top)
                if count == 0 && context.terminal.outputIsTerminal {
                    context.messages.show("\(place.display) is empty")
                }
                let listing = TextListing(style: context.style, count: count, width: context.terminal.screen?.columns)
                try forEachShown { listing.write($0, fields: $1, position: $2, to: out) }
            }
            if let sum {
                let total = try SumCommand.total(of: sum, at: place, in: context)
                out.write(SumCommand.line(field: sum, total) + "\n")
            }
        }
        return .nothing
    }
}
