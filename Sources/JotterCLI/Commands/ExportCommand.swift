import ArgumentParser
import JotterCore

struct ExportCommand: StoreCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write the entries of the current place, or of TARGET, to standard output.",
        discussion: """
            jsonl is lossless: a recursive export of the root ('export -r /'), \
            imported into an empty store and exported again, gives the same bytes. json is the same objects in an array; csv (RFC \
            4180) has the columns id, kind, parent, list, text, created and updated; md \
            is a Markdown outline (lists as headings, items as bullets; as a heading \
            runs to the next one, each list's items come before its lists); txt is the \
            tree indented by two spaces. With --recursive, everything below is \
            written, depth first, in each list's order.

            taskwarrior writes one task a line for 'task import', always of everything \
            below: an item under a list is a task whose project is the path of lists \
            ('home.garden'), the #tags that end its text its tags, its field values \
            its attributes (see import), done items completed at their done time, and \
            what is under an item its annotations. What is in the trash goes as \
            deleted tasks, ended when they were removed (or at their end field).

            todotxt writes each item below as a todo.txt line: 'x DONE' for a done \
            one, its priority field as '(A)' (as 'pri:A' when done), its creation \
            date, its text on one line with a #tag named by its context field as \
            @tag and one named by its project field as +tag (every #tag, when it has \
            neither field), the list it is in (below TARGET) as one more +list, as \
            --projects-as-lists reads it back, and its other field values as key:value.

            jrnl writes each item below as an entry of a plain-text jrnl journal, \
            '[2026-11-01 10:15] Title' in jrnl's default time format and the time as \
            it was where it was entered, ' *' for a first line that ends in \
            #starred, the other lines as its body.

            Field values go with their items in every format but txt: in jsonl and \
            json as a 'fields' object of strings by name (when the item holds any); in \
            csv as a column 'field:NAME' for each field held in the export, in name \
            order, empty where an item has no value; in md as an attribute block at the \
            end of the bullet's first line, 'coffee {mood="good" price="3.5"}', with " \
            and \\ in a value escaped by a backslash. A first line that itself ends \
            like a block gets an empty one, '{}', so that it reads back as it was.
            """)

    @OptionGroup(visibility: .hidden) var options: StoreOptions

    @Option(help: ArgumentHelp("The output format.", valueName: "format"))
    var format: ExportFormat = .jsonl

    @Flag(name: [.short, .long], help: "Include everything below, not only the entries themselves.")
    var recursive = false

    @Argument(help: ArgumentHelp("The list or item whose entries to write.", valueName: "target"),
              completion: ShellCompletion.targets)
    var target: [String] = []

    func run(in context: CommandContext) throws -> CommandOutcome {
        let place = try context.place(target)
        // Everything is read anyway: damage is found before any of it is written out,
        // where a partial export would otherwise look whole. The other tools' formats
        // are always of everything below.
        if place.top == nil && (recursive || format.nodeFormat == nil) { try context.store.requireSoundFile() }
        guard let nodeFormat = format.nodeFormat else {
            try exportForTool(under: place, in: context)
            return .nothing
        }
        var writer = NodeWriter(format: nodeFormat, terminal: context.terminal)
        let out = context.output
        try context.store.read {
            let fieldColumns = format == .csv ? try context.store.fieldNames(under: place.top, recursive: recursive) : []
            writer.begin(fieldColumns: fieldColumns, to: out)
            var position: Int64 = 0
            try context.store.walk(under: place.top, recursive: recursive, itemsFirst: format == .md) { step in
                position += 1
                try writer.write(step.node, fields: step.fields, position: position, parentID: step.parentID,
                                 depth: step.depth, listPath: step.listPath, to: out)
            }
            writer.end(to: out)
        }
        return .nothing
    }

    /// Writes the other tool's format: everything below the place, whatever
    /// --recursive says, as the lists on the way are where the tool keeps its projects.
    private func exportForTool(under place: NavigationPath, in context: CommandContext) throws {
        let out = context.output
        try context.store.read {
            switch format {
            case .taskwarrior:
                var writer = TaskwarriorWriter()
                try context.store.walk(under: place.top, recursive: true, includingTrash: true) {
                    try writer.write($0, to: out)
                }
                try writer.end(to: out)
            case .todotxt:
                let writer = TodoTxtWriter()
                try context.store.walk(under: place.top, recursive: true) { writer.write($0, to: out) }
            case .jrnl:
                let writer = JrnlWriter()
                try context.store.walk(under: place.top, recursive: true) { writer.write($0, to: out) }
            case .jsonl, .json, .csv, .md, .txt:
                preconditionFailure("\(format) is written by NodeWriter")
            }
        }
    }
}

/// What export writes: the formats of `list` that describe a tree, and those of the
/// tools a journal comes from and goes to.
enum ExportFormat: String, CaseIterable, ExpressibleByArgument {
    case jsonl, json, csv, md, txt, taskwarrior, todotxt, jrnl

    var nodeFormat: NodeFormat? { NodeFormat(rawValue: rawValue) }
}
