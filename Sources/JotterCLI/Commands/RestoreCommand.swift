import ArgumentParser
import JotterCore

struct RestoreCommand: StoreCommand {
    static let configuration = CommandConfiguration(
        commandName: "restore",
        abstract: "Put what 'rm' removed back where it was.",
        discussion: """
            TARGET is a position as 'trash' shows it, an id (or its tail), or the text \
            of what was removed. What was removed with it comes back too. Something \
            that was in a list that is itself in the trash comes back once that list does.
            """)

    @OptionGroup(visibility: .hidden) var options: StoreOptions

    @Argument(help: ArgumentHelp("What to restore, as 'trash' shows it.", valueName: "target"))
    var targets: [String]

    func run(in context: CommandContext) throws -> CommandOutcome {
        for entry in try RestoreCommand.entries(targets, in: context) {
            try context.store.restore(entry)
            context.messages.show("restored \(entry.node.quotedName) to \(entry.place.display)")
        }
        return .nothing
    }

    /// The entries targets name, held as a command that changes them holds them: the
    /// trash read to find them, long texts and all, is let go before anything is restored.
    private static func entries(_ targets: [String], in context: CommandContext) throws -> [Store.TrashEntry] {
        let trash = try context.store.trash()
        return try targets.map { try entry($0, in: trash).naming }
    }

    static func entry(_ target: String, in trash: [Store.TrashEntry]) throws -> Store.TrashEntry {
        let target = EntryText.trimmed(target)
        if let position = Int(target), target.allSatisfy(\.isASCII), position >= 1, position <= trash.count {
            return trash[position - 1]
        }
        if let id = NodeID(target), let entry = trash.first(where: { $0.node.id == id }) { return entry }
        var matches = trash.filter { $0.node.text == target }
        if matches.isEmpty, NodeID.isShortFormCandidate(target) {
            matches = trash.filter { $0.node.id.hasTail(target) }
        }
        guard let first = matches.first else {
            throw JotterError.input("nothing in the trash is '\(target)'; 'trash' lists what is there")
        }
        guard matches.count == 1 else {
            throw JotterError.input(
                "'\(target)' matches \(matches.count) things in the trash; give its position or id from 'trash'")
        }
        return first
    }
}
