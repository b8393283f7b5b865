import ArgumentParser
import JotterApplication
import JotterCore

struct RemoveCommand: StoreCommand {
    static let configuration = CommandConfiguration(
        commandName: "rm",
        abstract: "Put lists or items, with everything under them, in the trash.",
        discussion: """
            Each TARGET is one argument. Nothing is deleted: 'trash' shows what was \
            removed, 'restore' puts it back where it was (rm prints the ids it \
            takes), and 'undo' reverts the removal. 'trash --empty' deletes it for good.
            """)

    @OptionGroup(visibility: .hidden) var options: StoreOptions

    @Argument(help: ArgumentHelp("What to remove.", valueName: "target"), completion: ShellCompletion.targets)
    var targets: [String]

    func run(in context: CommandContext) throws -> CommandOutcome {
        let nodes = try context.nodesToChange(targets)
        try context.entries.changing(.rm, nodes) { try context.store.remove(nodes) }
        let what = nodes.count == 1 ? nodes[0].quotedName : "\(nodes.count) entries"
        // The ids' tails, which 'restore' takes as they are: positions in the list they
        // left would mean something else in the trash.
        let restore = (context.isPrompt ? ":restore " : "jotter restore ") + nodes.map { $0.id.shortForm() }.joined(separator: " ")
        context.messages.show("moved \(what) to the trash ('\(restore)' or 'undo' brings it back)")
        return .nothing
    }
}
