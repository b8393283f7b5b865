import ArgumentParser
import JotterApplication
import JotterCore

struct MoveCommand: StoreCommand {
    static let configuration = CommandConfiguration(
        commandName: "mv",
        abstract: "Move lists or items, with everything under them, into another list or item.",
        discussion: """
            The last argument is where they go; each TARGET before it is one argument. \
            A list or item cannot go inside itself, and a list cannot join another of \
            its name. Ids stay the same; entries keep the order they were made in (in a \
            store that syncs, the order they first reached the hub).
            """)

    @OptionGroup(visibility: .hidden) var options: StoreOptions

    @Argument(help: ArgumentHelp("What to move, then where to.", valueName: "target"), completion: ShellCompletion.targets)
    var targets: [String]

    func validate() throws {
        if targets.count < 2 { throw ValidationError("mv needs what to move and where to: mv TARGET... DEST") }
    }

    func run(in context: CommandContext) throws -> CommandOutcome {
        let destination = try context.resolve(targets.last!)
        let nodes = try context.nodesToChange(Array(targets.dropLast()))
        try context.store.move(nodes, to: destination)
        return .nothing
    }
}
