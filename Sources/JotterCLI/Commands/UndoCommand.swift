import ArgumentParser
import JotterCore

struct UndoCommand: StoreCommand {
    static let configuration = CommandConfiguration(
        commandName: "undo",
        abstract: "Revert the last change to the store; again to go further back.",
        discussion: """
            Every change to what the store holds is a step: add, new, edit, done, \
            undone, mv, rm, restore, field, set, and a whole import. The steps are kept \
            in the store, so undo reaches changes made by other jotter processes and \
            before a restart. 'redo' makes an undone step again, until something new is \
            changed. Moving around (cd, up) is not a change. The steps keep the earlier \
            text of what they changed in the store until 'trash --empty', which forgets \
            them all: nothing before it can be undone.
            """)

    @OptionGroup(visibility: .hidden) var options: StoreOptions

    func run(in context: CommandContext) throws -> CommandOutcome {
        guard let change = try context.store.undo() else { throw JotterError.input("there is nothing to undo") }
        context.messages.show("undid \(UndoCommand.describe(change))")
        return .nothing
    }

    static func describe(_ change: Store.Change) -> String {
        let kept = change.keptFromOtherMachines.isEmpty
            ? "" : "; kept as another machine changed it since: " + change.keptFromOtherMachines.joined(separator: ", ")
        return "\(change.what) (\(change.made.dayAndMinute))\(kept)"
    }
}

struct RedoCommand: StoreCommand {
    static let configuration = CommandConfiguration(
        commandName: "redo",
        abstract: "Make the last undone change again.")

    @OptionGroup(visibility: .hidden) var options: StoreOptions

    func run(in context: CommandContext) throws -> CommandOutcome {
        guard let change = try context.store.redo() else { throw JotterError.input("there is nothing to redo") }
        context.messages.show("redid \(UndoCommand.describe(change))")
        return .nothing
    }
}
