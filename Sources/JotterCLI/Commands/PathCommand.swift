import ArgumentParser
import JotterCore

struct PathCommand: StoreCommand {
    static let configuration = CommandConfiguration(
        commandName: "path",
        abstract: "Show the current place, where new entries go.")

    @OptionGroup(visibility: .hidden) var options: StoreOptions

    func run(in context: CommandContext) throws -> CommandOutcome {
        context.output.write(context.path.display + "\n")
        return .nothing
    }
}
