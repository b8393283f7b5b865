import ArgumentParser
import JotterApplication
import JotterCore

struct SumCommand: StoreCommand {
    static let configuration = CommandConfiguration(
        commandName: "sum",
        abstract: "Print the exact total of a decimal field over the entries here.",
        discussion: """
            Adds the values the entries of the current place (or TARGET) hold for \
            FIELD, exactly: 0.1 + 0.2 is 0.3. Entries without a value are passed over. \
            The total is shown as 'price: 5.9 (2 items)', here, at the prompt and at \
            the end of 'list --sum'.
            """)

    @OptionGroup(visibility: .hidden) var options: StoreOptions

    @Argument(help: ArgumentHelp("The decimal field to total.", valueName: "field"), completion: ShellCompletion.fields)
    var field: String

    @Argument(help: ArgumentHelp("The list or item whose entries to total.", valueName: "target"),
              completion: ShellCompletion.targets)
    var target: [String] = []

    func run(in context: CommandContext) throws -> CommandOutcome {
        let place = try context.place(target)
        let sum = try SumCommand.total(of: field, at: place, in: context)
        context.output.write(SumCommand.line(field: field, sum) + "\n")
        return .nothing
    }

    /// A total as every command shows it: `price: 5.9 (2 items)`.
    static func line(field: String, _ sum: (total: ExactDecimal, count: Int)) -> String {
        "\(TerminalStyle.escaped(field)): \(sum.total) (\(sum.count) item\(sum.count == 1 ? "" : "s"))"
    }

    /// The total, refusing a name that is neither a field here nor held by any entry:
    /// a mistyped name would otherwise total 0 without a word.
    static func total(of field: String, at place: NavigationPath, in context: CommandContext) throws
        -> (total: ExactDecimal, count: Int) {
        let sum = try context.store.sum(ofField: field, under: place.top)
        if sum.count == 0, try context.store.form(at: place).index(ofField: field) == nil {
            throw JotterError.input("no field named \(field) at \(place.display); field ls shows its fields")
        }
        return sum
    }
}
