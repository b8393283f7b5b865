import ArgumentParser
import JotterCore

struct UpCommand: StoreCommand {
    static let configuration = CommandConfiguration(
        commandName: "up",
        abstract: "Go up one level.")

    @OptionGroup(visibility: .hidden) var options: StoreOptions

    func run(in context: CommandContext) throws -> CommandOutcome {
        guard !context.path.isRoot else {
            context.messages.show("already at the root")
            return .nothing
        }
        return .moved(context.path.popped())
    }
}
