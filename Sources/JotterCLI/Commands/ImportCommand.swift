import ArgumentParser
import JotterApplication
import JotterCore
import JotterFormats

#if canImport(Glibc)
import Glibc
#endif

struct ImportCommand: StoreCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Add entries from a file or standard input, all or nothing.",
        discussion: """
            Formats: lines (each non-blank line an item, trimmed), jsonl (what 'export \
            --format jsonl' writes: ids, parents, names, texts, times and a 'fields' \
            object of strings, kept exactly), csv (RFC 4180 with a header; a 'text' \
            column is required; 'id', 'kind', 'parent', 'list' (a path below the \
            target, created as needed), 'created' and 'updated' are read when present, \
            and a column 'field:NAME' holds values of the field NAME; a column that is \
            read may not come twice), md (a Markdown \
            outline: '#' headings become lists, bullets items, nested by indentation; \
            a block such as {price="3.5" note="a \\"b\\""} ending a bullet's first line \
            holds its field values, '{}' none, and one that is not all name="value" \
            pairs stays text), taskwarrior (what 'task export' writes), todotxt (todo.txt \
            lines; --done adds a done.txt after them), jrnl (a jrnl journal); these \
            three are described below. \
            The format is guessed from the file's \
            extension (.jsonl, .ndjson, .csv, .md, .markdown; lines otherwise and for \
            standard input). --from is another name for --format.

            From Taskwarrior ('task export | jotter import --from taskwarrior'), each \
            task is an item, its annotations items under it:
              uuid                 the item's id
              description, tags    the text, the tags appended as #tag
              entry, modified      created and updated (UTC)
              status completed     done, at end
              status deleted       in the trash (end kept as a field)
              other status         a status field (waiting, recurring)
              project a.b          the lists a/b below the target
              annotations          items under the task, at their entry
              due, scheduled,      date fields: the day when it is midnight in TZ,
              wait, until          else the time in RFC 3339
              priority             a priority field, H, M or L
              depends              a depends field, the ids joined by commas
              any other key        a field of that name (UDAs, recur, mask...)

            id and urgency are Taskwarrior's working numbers and are not kept. \
            'export --format taskwarrior' writes the same shape back, which 'task \
            import' takes.

            From todo.txt ('jotter import --from todotxt todo.txt --done done.txt'), \
            each line is an item whose id is derived from the line, so that a second \
            import finds it:
              x DONE               done on that day (midnight in TZ)
              (A), pri:A           a priority field
              the creation date    created, at midnight in TZ
              +project             the tag #project, named in a project field
                                   (--projects-as-lists: the first is a list
                                   below the target)
              @context             the tag #context, named in a context field
              key:value            a field key (due:2026-12-01 a date)

            Export with --format todotxt writes such lines back, one an item, which \
            'todo.sh ls' lists.

            From jrnl: what 'jrnl --export json' writes ('jotter import --from jrnl \
            journal.json'), or jrnl's own plain-text journal, a file ending in .txt or \
            one given --time-format (jrnl's timeformat, '%Y-%m-%d %H:%M' by default), \
            an entry a '[TIME] Title' line and the body's lines after it:
              title, body          one item: the title its first line, the body
                                   the lines after it
              starred (' *')       #starred ending the first line
              date, time           created, taken in TZ or in what --tz names (a
                                   zone, Europe/Paris, or an offset, +05:30;
                                   --tz=-03:30 when negative); the offset is kept
              tags                 already in the text, left there

            The id is derived from the entry, so that a second import of the same \
            journal, in either form, finds it. Export with --format jrnl writes a \
            plain-text journal back.

            A value for a field of the place an item goes to is checked and stored \
            as the prompt would (a decimal, a date, one of the choices, in its \
            canonical form), and one that is not of the field's type is refused with \
            its line; a value for a field the place does not have is taken as the \
            file has it. An empty value is no value, and a value with a line break or \
            a NUL byte is refused.

            The whole import is one transaction: a bad line stops it with FILE:LINE: \
            and what is wrong, and the store is left as it was. So do Ctrl-C and \
            SIGTERM (exit status 130 and 143). A record whose id is already in the \
            store with the same content is left alone, so importing a file twice adds \
            nothing; with other content (kind, text, created or updated time, field \
            values), the import stops, unless --on-conflict keep (leave the store's \
            version) or replace (take the file's, values too) says otherwise. A list named without an id joins \
            the list of that name already there; one with an id of its own is refused \
            with its line, and so is a record whose parent is its own id.
            """)

    @OptionGroup(visibility: .hidden) var options: StoreOptions

    @Option(name: .customLong("to"), help: ArgumentHelp("Import under this list or item.", valueName: "target"),
            completion: ShellCompletion.targets)
    var target: String?

    @Option(name: [.customLong("format"), .customLong("from")],
            help: ArgumentHelp("The input format, or the tool the input comes from (default: from the file's extension).",
                               valueName: "format"))
    var format: ImportFormat?

    @Option(name: .customLong("on-conflict"),
            help: ArgumentHelp("What to do with an id already in the store with other content.", valueName: "fail|keep|replace"))
    var conflicts: Store.ConflictPolicy = .fail

    @Option(name: .customLong("done"),
            help: ArgumentHelp("todotxt: a done.txt whose lines come in after the file's.", valueName: "file"))
    var doneFile: String?

    @Flag(name: .customLong("projects-as-lists"),
          help: "todotxt: the first +project of a line is a list below the target, not a tag.")
    var projectsAsLists = false

    @Option(name: .customLong("time-format"),
            help: ArgumentHelp("jrnl: read a plain-text journal whose times are in this strftime format.",
                               valueName: "format"))
    var timeFormat: String?

    @Option(name: .customLong("tz"),
            help: ArgumentHelp("todotxt, jrnl: the zone their times are in, Europe/Paris or +05:30 (default: TZ).",
                               valueName: "zone"))
    var zone: String?

    @Flag(name: .customLong("dry-run"), help: "Check everything and report, but change nothing.")
    var dryRun = false

    @Flag(help: "Run the hooks of the target for each item: before ones as it is read, after ones once all is in.")
    var hooks = false

    @Argument(help: ArgumentHelp("The file to read; standard input when absent or '-'.", valueName: "file"))
    var file: String?

    func run(in context: CommandContext) throws -> CommandOutcome {
        let fromStandardInput = file == nil || file == "-"
        if fromStandardInput && context.isPrompt {
            throw JotterError.input("at the prompt, import reads a file: give its path")
        }
        let name = fromStandardInput ? "stdin" : file!
        let descriptor = fromStandardInput ? STDIN_FILENO : open(file!, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw JotterError.input("\(name): \(String(cString: strerror(errno)))")
        }
        defer { if !fromStandardInput { close(descriptor) } }

        let format = self.format ?? (fromStandardInput ? .lines : ImportFormat.guessed(fromPath: name))
        let givenOptions: [(ImportFormat.Option, Bool)] = [
            (.done, doneFile != nil), (.projectsAsLists, projectsAsLists), (.timeFormat, timeFormat != nil), (.zone, zone != nil),
        ]
        for (option, isGiven) in givenOptions where isGiven {
            if let refusal = format.refusal(of: option) { throw JotterError.input(refusal) }
        }
        var settings = ImportFormat.Settings()
        settings.projectsAsLists = projectsAsLists
        if format == .jrnl {
            // jrnl keeps its journal as plain text and exports JSON: a .txt file is the former.
            settings.timeFormat = timeFormat ?? (name.hasSuffix(".txt") ? "%Y-%m-%d %H:%M" : nil)
        }
        if let zone {
            guard let named = ZoneByName.zone(zone) else {
                throw JotterError.input("--tz: '\(DisplayText.escaped(zone))' is neither a time zone such as Europe/Paris nor an offset such as +05:30")
            }
            settings.zone = named
        }
        let doneDescriptor = doneFile.map { open($0, O_RDONLY | O_CLOEXEC) }
        defer { if let doneDescriptor, doneDescriptor >= 0 { close(doneDescriptor) } }
        if let doneFile, let doneDescriptor {
            guard doneDescriptor >= 0 else { throw JotterError.input("\(doneFile): \(String(cString: strerror(errno)))") }
            let doneReader = ByteLineReader(fileDescriptor: doneDescriptor)
            doneReader.shouldStop = { Interruption.signal != 0 }
            settings.doneFile = (doneReader, doneFile)
        }
        let destination = try target.map(context.resolve) ?? context.path
        let runsHooks = hooks && context.hooks.isEnabled
        let summary = try importRecords(from: descriptor, named: name, as: format, settings: settings, into: destination,
                                        runningHooks: runsHooks, in: context)
        if runsHooks && !dryRun && summary.added > 0 {
            try context.store.forEachItem(addedBy: summary) { node in
                context.runAfterHooks(.add, HookEntry(node: node, text: node.text, fields: try context.store.fieldValues(of: node),
                                                      place: try context.store.ancestry(of: node).popped()))
            }
        }
        return .nothing
    }

    /// Reads the input and imports it, running the `before` hooks as each item is
    /// read. The reader goes when this returns: it holds the longest line read, a long
    /// entry whole, which the `after` hooks must not find still held as they read that
    /// entry back.
    private func importRecords(from descriptor: Int32, named name: String, as format: ImportFormat,
                               settings: ImportFormat.Settings, into destination: NavigationPath, runningHooks runsHooks: Bool,
                               in context: CommandContext) throws -> Store.ImportSummary {
        let reader = ByteLineReader(fileDescriptor: descriptor)
        reader.shouldStop = { Interruption.signal != 0 }
        let progress = ProgressLine(reader: reader, messages: context.messages)
        var options = Store.ImportOptions(
            target: destination, conflicts: conflicts, dryRun: dryRun,
            progress: { progress.update(records: $0) }, shouldStop: { Interruption.signal != 0 })
        if runsHooks {
            let form = try context.store.form(at: destination)
            let entries = context.entries
            options.checkItem = { text, fields, line in
                let entry = HookEntry(node: nil, text: text, fields: fields, place: destination)
                switch try entries.verdict(.add, entry, form: form) {
                case .accepted(let text, let fields): return (text, fields)
                case .refused(let message, _): throw ImportProblem(line: line, message)
                }
            }
        }
        let summary: Store.ImportSummary
        do {
            summary = try Interruption.catchingSignals {
                var source = format.source(reading: reader, settings: settings)
                return try context.store.importRecords(from: &source, options: options)
            }
        } catch let problem as ImportProblem {
            progress.clear()
            throw JotterError.input("\(problem.file ?? name):\(problem.line): \(problem.message); nothing was imported")
        } catch is Store.ImportInterrupted, is ByteLineReader.Interrupted {
            progress.clear()
            let message = "import interrupted; nothing was imported"
            // At the prompt the session goes on; from a shell the status says which signal.
            if context.isPrompt { throw JotterError.input(message) }
            context.messages.error(message)
            throw ExitCode(128 + Interruption.signal)
        } catch {
            progress.clear()
            throw error
        }
        progress.clear()
        context.messages.error(describe(summary, into: destination))
        return summary
    }

    private func describe(_ summary: Store.ImportSummary, into destination: NavigationPath) -> String {
        var details: [String] = []
        if summary.listsCreated > 0 { details.append("\(summary.listsCreated) new list\(summary.listsCreated == 1 ? "" : "s")") }
        if summary.trashed > 0 { details.append("\(summary.trashed) of them to the trash") }
        if summary.unchanged > 0 { details.append("\(summary.unchanged) already there") }
        if summary.kept > 0 { details.append("\(summary.kept) kept as they were") }
        if summary.replaced > 0 { details.append("\(summary.replaced) replaced") }
        let entries = "\(summary.added) entr\(summary.added == 1 ? "y" : "ies")"
            + (details.isEmpty ? "" : " (" + details.joined(separator: ", ") + ")")
        return dryRun
            ? "dry run: would import \(entries) into \(destination.display); nothing was changed"
            : "imported \(entries) into \(destination.display)"
    }
}

extension ImportFormat: ExpressibleByArgument {}
extension Store.ConflictPolicy: ExpressibleByArgument {}

/// The line on a terminal that says how an import is going, once it has taken more
/// than half a second; nothing at all when messages do not go to a terminal.
final class ProgressLine {
    private let reader: ByteLineReader
    private let messages: Messages
    private let started = ProgressLine.seconds()
    private var lastShown = 0.0
    private var shown = false

    init(reader: ByteLineReader, messages: Messages) {
        self.reader = reader
        self.messages = messages
    }

    static func seconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    func update(records: Int) {
        guard messages.isTerminal else { return }
        let now = ProgressLine.seconds()
        guard now - started > 0.5, now - lastShown > 0.1 else { return }
        lastShown = now
        shown = true
        let rate = Int(Double(reader.lineNumber) / (now - started))
        messages.write(TerminalStyle.clearLine + "importing: \(reader.lineNumber) lines read, \(rate) lines/s")
    }

    func clear() {
        if shown { messages.write(TerminalStyle.clearLine) }
    }
}
