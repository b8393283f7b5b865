import ArgumentParser
import JotterCore

struct UpCommand: StoreCommand {
    static let configuration = CommandConfiguration(
        commandName: "up",
        abstract: "Go up one level.")

    @OptionGroup(visibility: .hidden) var options: StoreOptions

    func run(in context: CommandContext) throws {
        guard !context.path.isRoot else {
            Messages.show("already at the root")
            return
        }
        try context.move(to: context.path.popped())
    }
}
