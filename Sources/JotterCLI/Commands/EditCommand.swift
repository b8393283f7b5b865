import ArgumentParser
import JotterCore

struct EditCommand: StoreCommand {
    static let configuration = CommandConfiguration(
        commandName: "edit",
        abstract: "Change the text of an item, or the name of a list.",
        discussion: """
            With TEXT, that is the new text; words 'name:value' set field values as \
            with add. Without it, at the prompt the text is put in the line to edit, \
            and Enter saves it (Ctrl-C leaves it as it was); from a shell, or for text \
            of several lines, $VISUAL (else $EDITOR, else vi) opens it in a private \
            temporary file, removed afterwards. Text left unchanged or empty changes \
            nothing. The id and the creation time stay; the update time changes.
            """)

    @OptionGroup(visibility: .hidden) var options: StoreOptions

    @Argument(help: ArgumentHelp("The item or list.", valueName: "target"))
    var target: String

    @Argument(help: ArgumentHelp("Its new text.", valueName: "text"))
    var words: [String] = []

    func run(in context: CommandContext) throws {
        guard let node = try context.nodes([target]).first else { return }
        if !words.isEmpty {
            try EditCommand.save(AddCommand.inlineLine(words, form: try EditCommand.form(of: node, in: context)),
                                 to: node, in: context)
        } else if context.isPrompt && !node.text.contains(where: \.isNewline) {
            context.requestedEdit = node
        } else {
            try ExternalEditor.edit(node.text) { try EditCommand.save($0, to: node, in: context) }
        }
    }

    static func form(of node: Node, in context: CommandContext) throws -> EntryForm {
        node.kind == .list ? .plain : try context.store.form(at: context.store.ancestry(of: node).popped())
    }

    /// Saves `line` as `node`'s text, with the field values it names inline.
    static func save(_ line: String, to node: Node, in context: CommandContext) throws {
        // Text of several lines is taken as it is, as it is when entered.
        var form = try form(of: node, in: context)
        if line.contains(where: \.isNewline) { form = .plain }
        let fill = form.fill(line, today: FieldDate.today())
        if let problem = fill.problems.first { throw JotterError.input(problem.message) }
        let text = form.fields.isEmpty ? EntryText.trimmed(line) : fill.text
        guard !text.isEmpty else {
            Messages.show("the text is empty; '\(node.text)' was left as it was")
            return
        }
        if let problem = EntryText.problem(with: text.utf8) { throw JotterError.input("the text \(problem)") }
        if try !context.store.edit(node, text: text, values: form.fieldValues(fill.values)) {
            Messages.show("unchanged")
        }
    }
}
