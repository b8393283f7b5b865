import ArgumentParser
import JotterApplication
import JotterCore

struct NewCommand: StoreCommand {
    static let configuration = CommandConfiguration(
        commandName: "new",
        abstract: "Create a list here and open it.",
        discussion: """
            With --in, the list is created under TARGET and the current place stays \
            as it is. From a shell, the new list's id is printed. A list's name cannot \
            hold '/' or a control character (a line break, an escape), cannot be or look \
            like '.' or '..', needs a character that shows (not only zero-width or \
            other invisible ones), and must differ from the other lists beside it; \
            renaming a list with edit and importing one ask the same.
            """)

    @OptionGroup(visibility: .hidden) var options: StoreOptions

    @Option(name: .customLong("in"), help: ArgumentHelp("Create it under this list or item.", valueName: "target"),
            completion: ShellCompletion.targets)
    var target: String?

    @Argument(help: ArgumentHelp("The list's name.", valueName: "name"))
    var words: [String]

    func run(in context: CommandContext) throws -> CommandOutcome {
        let name = EntryText.trimmed(words.joined(separator: " "))
        let parent = try target.map(context.resolve) ?? context.path
        let list = try context.store.createList(named: name, under: parent)
        if !context.isPrompt {
            context.output.write(list.id.description + "\n")
        }
        return target == nil ? .moved(parent.pushing(list)) : .nothing
    }
}
