import ArgumentParser
import JotterApplication
import JotterCore

struct DoneCommand: StoreCommand {
    static let configuration = CommandConfiguration(
        commandName: "done",
        abstract: "Mark items done.",
        discussion: """
            Each TARGET is one argument: quote a text with spaces, or give a position or \
            an id. 'list' leaves done items out unless --all is given; their positions \
            stay theirs. 'undone' takes the mark away; 'undo' reverts either.
            """)

    @OptionGroup(visibility: .hidden) var options: StoreOptions

    @Argument(help: ArgumentHelp("The items.", valueName: "target"), completion: ShellCompletion.targets)
    var targets: [String]

    func run(in context: CommandContext) throws -> CommandOutcome {
        try DoneCommand.mark(targets, done: true, in: context)
        return .nothing
    }

    static func mark(_ targets: [String], done: Bool, in context: CommandContext) throws {
        let nodes = try context.nodesToChange(targets)
        // Only marking done is an event of hooks; taking the mark away is not.
        let count = done
            ? try context.entries.changing(.done, nodes) { try context.store.markDone(nodes, done: true) }
            : try context.store.markDone(nodes, done: false)
        let state = done ? "done" : "not done"
        if count == 0 {
            context.messages.show(nodes.count == 1 ? "already \(state)" : "all already \(state)")
        } else if nodes.count > 1 {
            context.messages.show("\(count) marked \(state)")
        }
    }
}

struct UndoneCommand: StoreCommand {
    static let configuration = CommandConfiguration(
        commandName: "undone",
        abstract: "Mark done items not done again.")

    @OptionGroup(visibility: .hidden) var options: StoreOptions

    @Argument(help: ArgumentHelp("The items.", valueName: "target"), completion: ShellCompletion.targets)
    var targets: [String]

    func run(in context: CommandContext) throws -> CommandOutcome {
        try DoneCommand.mark(targets, done: false, in: context)
        return .nothing
    }
}
