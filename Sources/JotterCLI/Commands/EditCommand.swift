import ArgumentParser
import JotterApplication
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
            nothing. The id and the creation time stay; the update time changes. \
            --at WHEN moves the item's date instead (WHEN as for add --at; a day without \
            a time keeps the item's time of day): its id and its place in its list stay, \
            log, cal and stats find it on its new day, and undo moves it back.
            """)

    @OptionGroup(visibility: .hidden) var options: StoreOptions

    @Option(help: ArgumentHelp("Move the item's date to then.", valueName: "when"))
    var at: String?

    @Argument(help: ArgumentHelp("The item or list (default: the item added last here).", valueName: "target"),
              completion: ShellCompletion.targets)
    var target: String?

    @Argument(help: ArgumentHelp("Its new text.", valueName: "text"))
    var words: [String] = []

    func validate() throws {
        if at != nil && !words.isEmpty {
            throw ValidationError("edit --at moves the date only; change the text with an edit of its own")
        }
    }

    func run(in context: CommandContext) throws -> CommandOutcome {
        let target = try self.target ?? lastAdded(in: context)
        if let at {
            guard let node = try context.nodesToChange([target]).first else { return .nothing }
            let now = context.clock.now()
            let zone = SystemZone()
            let dating = try EntryDating(parsing: at, option: "--at", nowMilliseconds: now.milliseconds, zone: zone)
            // A day alone keeps the entry's time of day, as the entry's own "now".
            let created = dating?.timestamp(nowMilliseconds: node.created.milliseconds, zone: zone) ?? now
            if try !context.store.redate(node, to: created) { context.messages.show("unchanged") }
            return .nothing
        }
        if !words.isEmpty {
            // Replaced, the text is not held here: only its start, to name it.
            guard let node = try context.nodesToChange([target]).first else { return .nothing }
            try context.entries.edit(node, to: AddCommand.inlineLine(words, form: try context.entries.form(forEditing: node)))
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
            try context.entries.edit(named, to: edited, asItIs: endedWithLineBreak)
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
