import ArgumentParser
import JotterCore

#if canImport(Glibc)
import Glibc
#endif

struct TrashCommand: StoreCommand {
    static let pagesOutput = true

    static let configuration = CommandConfiguration(
        commandName: "trash",
        abstract: "Show what 'rm' put in the trash, or empty it.",
        discussion: """
            Each line is what one 'rm' removed: its position in the trash, its id, its \
            text, where it was and when it was removed. 'restore' takes a position or \
            an id from here. Lines are in the order they were removed; a store that \
            syncs numbers them alike on every machine, by when each 'rm' was made. \
            --empty deletes everything in the trash for good, after \
            asking (or at once with --yes). It also forgets the steps of 'undo', with \
            the earlier texts they keep: nothing before it can be undone.
            """)

    @OptionGroup(visibility: .hidden) var options: StoreOptions

    @Flag(help: "Delete what is in the trash for good.")
    var empty = false

    @Flag(help: "Empty it without asking.")
    var yes = false

    func run(in context: CommandContext) throws -> CommandOutcome {
        if empty {
            try emptyTrash(in: context)
            return .nothing
        }
        let entries = try context.store.trash()
        if entries.isEmpty {
            context.messages.show("the trash is empty")
            return .nothing
        }
        let width = String(entries.count).count
        for (index, entry) in entries.enumerated() {
            let position = String(index + 1)
            let below = entry.below == 0 ? "" : " (and \(entry.below) under it)"
            context.output.write(String(repeating: " ", count: width - position.count) + position + "  "
                + entry.node.id.shortForm() + "  ")
            // The first line goes out in runs, with no escaped copy of a long entry made.
            context.style.writeEscaped(entry.node.text.prefix { $0 != "\n" }, to: context.output)
            context.output.write((entry.node.kind == .list ? "/" : "") + below
                + "  from \(TerminalStyle.escaped(entry.place.display)), \(entry.removed.dayAndMinute)\n")
        }
        return .nothing
    }

    private func emptyTrash(in context: CommandContext) throws {
        // Counted, not read: what is deleted is never held here.
        let count = try context.store.trashedCount()
        guard count > 0 else {
            context.messages.show("the trash is empty")
            return
        }
        if !yes {
            guard context.terminal.inputIsTerminal else {
                throw JotterError.input("emptying the trash deletes \(count) entries for good; give --yes to do it without a terminal")
            }
            context.output.flush()
            context.messages.write("delete \(count) entr\(count == 1 ? "y" : "ies") for good, and forget what undo could undo? [y/N] ")
            guard let answer = readLine(), ["y", "yes"].contains(answer.lowercased()) else {
                context.messages.show("the trash was left as it is")
                return
            }
        }
        let deleted = try context.store.emptyTrash()
        context.messages.show("deleted \(deleted) entr\(deleted == 1 ? "y" : "ies") for good")
    }
}
