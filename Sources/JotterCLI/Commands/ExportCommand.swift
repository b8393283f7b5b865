import ArgumentParser
import JotterCore

struct ExportCommand: StoreCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write the entries of the current place, or of TARGET, to standard output.",
        discussion: """
            jsonl is lossless: exporting, importing into an empty store and exporting \
            again gives the same bytes. json is the same objects in an array; csv (RFC \
            4180) has the columns id, kind, parent, list, text, created and updated; md \
            is a Markdown outline (lists as headings, items as bullets; as a heading \
            runs to the next one, each list's items come before its lists); txt is the \
            tree indented by two spaces. With --recursive, everything below is \
            written, depth first, in each list's order.
            """)

    @OptionGroup(visibility: .hidden) var options: StoreOptions

    @Option(help: ArgumentHelp("The output format: jsonl, json, csv, md or txt.", valueName: "format"))
    var format: NodeFormat = .jsonl

    @Flag(name: [.short, .long], help: "Include everything below, not only the entries themselves.")
    var recursive = false

    @Argument(help: ArgumentHelp("The list or item whose entries to write.", valueName: "target"))
    var target: [String] = []

    func validate() throws {
        guard format != .text && format != .tsv else {
            throw ValidationError("export writes jsonl, json, csv, md or txt; 'list' writes \(format.rawValue)")
        }
    }

    func run(in context: CommandContext) throws {
        let place = target.isEmpty ? context.path : try context.resolve(target.joined(separator: " "))
        var writer = NodeWriter(format: format, terminal: context.outputIsTerminal, colour: false)
        let out = context.output
        try context.store.read {
            writer.begin(count: 0, to: out)
            var position: Int64 = 0
            try context.store.walk(under: place.top, recursive: recursive, itemsFirst: format == .md) { step in
                position += 1
                try writer.write(step.node, position: position, parentID: step.parentID, depth: step.depth,
                             listPath: step.listPath, to: out)
            }
            writer.end(to: out)
        }
    }
}
