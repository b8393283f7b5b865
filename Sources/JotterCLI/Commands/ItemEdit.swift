import JotterCore

/// Saving a new text for an item or list: what `edit TEXT` does, and what the prompt
/// does with the line `:edit` put up to change.
enum ItemEdit {
    /// The form an item's new text is read with: its place's; a list has none.
    static func form(of node: Node, in context: CommandContext) throws -> EntryForm {
        node.kind == .list ? .plain : try context.store.form(at: context.store.ancestry(of: node).popped())
    }

    /// Saves `line` as `node`'s text, with the field values it names inline.
    static func save(_ line: String, to node: Node, in context: CommandContext) throws {
        // Text of several lines is taken as it is, as it is when entered.
        var form = try form(of: node, in: context)
        if line.contains(where: \.isNewline) { form = .plain }
        let fill = form.fill(line, today: context.clock.today())
        if let problem = fill.problems.first { throw JotterError.input(problem.message) }
        let text = form.fields.isEmpty ? EntryText.trimmed(line) : fill.text
        guard !text.isEmpty else {
            context.messages.show("the text is empty; '\(node.text)' was left as it was")
            return
        }
        if let problem = EntryText.problem(with: text.utf8) { throw JotterError.input("the text \(problem)") }
        if try !context.store.edit(node, text: text, values: form.fieldValues(fill.values)) {
            context.messages.show("unchanged")
        }
    }
}
