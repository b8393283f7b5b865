import ArgumentParser
import JotterCore

struct EditCommand: StoreCommand {
    static let configuration = CommandConfiguration(
        commandName: "edit",
        abstract: "Change the text of an item, or the name of a list.",
        discussion: """
            Without TARGET, the item added last at the current place is edited. \
            With TEXT, that is the new text; words 'name:value' set field values as \
            with add. Without it, at the prompt the text is put in the line to edit, \
            and Enter saves it (Ctrl-C leaves it as it was); from a shell, or for text \
            of several lines, $VISUAL (else $EDITOR, else vi) opens it in a private \
            temporary file, removed afterwards. Text left unchanged or empty changes \
            nothing. The id and the creation time stay; the update time changes.
            """)

    @OptionGroup(visibility: .hidden) var options: StoreOptions

    @Argument(help: ArgumentHelp("The item or list (default: the item added last here).", valueName: "target"),
              completion: ShellCompletion.targets)
    var target: String?

    @Argument(help: ArgumentHelp("Its new text.", valueName: "text"))
    var words: [String] = []

    func run(in context: CommandContext) throws -> CommandOutcome {
        let target = try self.target ?? lastAdded(in: context)
        if !words.isEmpty {
            // Replaced, the text is not held here: only its start, to name it.
            guard let node = try context.nodesToChange([target]).first else { return .nothing }
            try ItemEdit.save(AddCommand.inlineLine(words, form: try ItemEdit.form(of: node, in: context)),
                                 to: node, in: context)
            return .nothing
        }
        guard let node = try context.nodes([target]).first else { return .nothing }
        if context.isPrompt && !node.text.contains(where: \.isNewline) {
            return .edit(node)
        }
        // The text goes to the editor, which lets go of it once it is in the file;
        // the edit names the entry by its start.
        let named = node.naming
        let text = node.text
        _ = consume node
        try ExternalEditor.edit(consume text, inputIsTerminal: context.terminal.inputIsTerminal,
                                inMemory: context.store.key != nil) { edited, endedWithLineBreak in
            // Editors end every line with a line break: such a text is taken as
            // text of several lines is.
            try ItemEdit.save(edited, to: named, in: context, asItIs: endedWithLineBreak)
        }
        return .nothing
    }

    /// The id of the item added last at the current place, as a target.
    private func lastAdded(in context: CommandContext) throws -> String {
        guard let node = try context.store.lastAddedItem(under: context.path.top) else {
            throw JotterError.input("\(context.path.display) has no item to edit; name one ('jotter edit TARGET')")
        }
        return node.id.description
    }
}
