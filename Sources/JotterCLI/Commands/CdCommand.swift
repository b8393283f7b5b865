import ArgumentParser
import JotterApplication
import JotterCore

struct CdCommand: StoreCommand {
    static let configuration = CommandConfiguration(
        commandName: "cd",
        abstract: "Open a list or item: new entries go there.",
        discussion: """
            Without a target, goes to the root of the store. The place is saved in the \
            store, so the next prompt or one-shot command continues there.
            """)

    @OptionGroup(visibility: .hidden) var options: StoreOptions

    @Argument(help: ArgumentHelp("The list or item to open: a path, a position or an id.", valueName: "target"),
              completion: ShellCompletion.targets)
    var target: [String] = []

    func run(in context: CommandContext) throws -> CommandOutcome {
        let destination = target.isEmpty ? NavigationPath.root : try context.resolve(target.joined(separator: " "))
        return .moved(destination)
    }
}
