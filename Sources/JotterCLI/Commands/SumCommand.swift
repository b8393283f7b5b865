import ArgumentParser
import JotterCore

struct SumCommand: StoreCommand {
    static let configuration = CommandConfiguration(
        commandName: "sum",
        abstract: "Print the exact total of a decimal field over the entries here.",
        discussion: """
            Adds the values the entries of the current place (or TARGET) hold for \
            FIELD, exactly: 0.1 + 0.2 is 0.3. Entries without a value are passed over. \
            From a shell, only the total is printed.
            """)

    @OptionGroup(visibility: .hidden) var options: StoreOptions

    @Argument(help: ArgumentHelp("The decimal field to total.", valueName: "field"))
    var field: String

    @Argument(help: ArgumentHelp("The list or item whose entries to total.", valueName: "target"))
    var target: [String] = []

    func run(in context: CommandContext) throws {
        let place = try context.place(target)
        let sum = try context.store.sum(ofField: field, under: place.top)
        if context.isPrompt {
            context.output.write("\(DisplayText.escaped(field)): \(sum.total) (\(sum.count) item\(sum.count == 1 ? "" : "s"))\n")
        } else {
            context.output.write("\(sum.total)\n")
        }
    }
}
