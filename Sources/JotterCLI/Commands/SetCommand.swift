import ArgumentParser
import JotterApplication
import JotterCore

struct SetCommand: StoreCommand {
    static let configuration = CommandConfiguration(
        commandName: "set",
        abstract: "Set an option of the current place: 'set lines N'.",
        discussion: """
            'set lines N' makes each entry here a text box of up to N lines: Enter \
            starts the next line, and commits on line N or on an empty line. \
            'set lines off' (or 1) makes entries single lines again. A block between \
            lines of \"\"\" takes several lines anywhere, up to the limit where there is one.
            """)

    @OptionGroup(visibility: .hidden) var options: StoreOptions

    @Option(name: .customLong("in"), help: ArgumentHelp("Set it on this list or item instead.", valueName: "target"),
            completion: ShellCompletion.targets)
    var target: String?

    @Argument(help: ArgumentHelp("The option: lines.", valueName: "option"))
    var option: String

    @Argument(help: ArgumentHelp("Its value: a number of lines, or off.", valueName: "value"))
    var value: String

    func run(in context: CommandContext) throws -> CommandOutcome {
        guard option == "lines" else {
            throw JotterError.input("unknown option '\(option)'; the option is lines")
        }
        let limit: Int?
        if value == "off" || value == "1" {
            limit = nil
        } else if let number = Int(value), (2...1000).contains(number) {
            limit = number
        } else {
            throw JotterError.input("lines takes a number from 1 to 1000, or off; not '\(value)'")
        }
        let place = try target.map(context.resolve) ?? context.path
        try context.store.setLineLimit(limit, of: place.top)
        return .nothing
    }
}
