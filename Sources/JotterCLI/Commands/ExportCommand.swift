import ArgumentParser
import JotterApplication
import JotterCore
import JotterFormats

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

            html writes a static site of everything below into the folder --to \
            names (made when missing; refused when it holds files other than a site \
            jotter wrote): index.html with a calendar of each year, each day shaded \
            by how many entries it holds, and for each decimal field a chart of its \
            sum by day and its exact sum by month; and a page for each month with \
            entries (2026-11.html): its days, each day's entries in the order they \
            were made under the name of their list (a new heading where the list \
            changes), their field values as small tables. Days are those of the local time zone (TZ), as 'log' has them. \
            The pages need no server, no script and nothing from elsewhere, and \
            every text is escaped: no entry adds markup or script to them. Each page \
            is written whole under another name and then renamed, so an interrupted \
            export leaves no partial page; the pages of months that an earlier \
            export wrote and this one has no entries for are removed.
            """)

    @OptionGroup(visibility: .hidden) var options: StoreOptions

    @Option(help: ArgumentHelp("The output format.", valueName: "format"))
    var format: ExportFormat = .jsonl

    @Flag(name: [.short, .long], help: "Include everything below, not only the entries themselves.")
    var recursive = false

    @Option(help: ArgumentHelp("The folder to write a site into (html only).", valueName: "folder"),
            completion: .directory)
    var to: String?

    @Argument(help: ArgumentHelp("The list or item whose entries to write.", valueName: "target"),
              completion: ShellCompletion.targets)
    var target: [String] = []

    func validate() throws {
        if format == .html && to == nil { throw ValidationError(ExportFormat.siteWithoutFolder) }
        if format != .html && to != nil { throw ValidationError("--to names the folder of --format html; other formats go to standard output") }
    }

    func run(in context: CommandContext) throws -> CommandOutcome {
        let place = try context.place(target)
        // Everything is read anyway: damage is found before any of it is written out,
        // where a partial export would otherwise look whole. The other tools' formats
        // and the site are always of everything below.
        if place.top == nil && (recursive || format.nodeFormat == nil) { try context.store.requireSoundFile() }
        if let folder = to {
            try context.store.exportSite(under: place.top, title: place.isRoot ? "Journal" : "Journal: " + place.display,
                                         folder: folder)
        } else {
            try context.store.export(format, under: place.top, recursive: recursive,
                                     escapesControls: context.terminal.outputIsTerminal, to: context.output)
        }
        return .nothing
    }
}

extension ExportFormat: ExpressibleByArgument {}
