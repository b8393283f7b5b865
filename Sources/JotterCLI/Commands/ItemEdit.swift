import JotterCore

/// Saving a new text for an item or list: what `edit TEXT` does, and what the prompt
/// does with the line `:edit` put up to change.
enum ItemEdit {
    /// The form an item's new text is read with: its place's; a list has none.
    static func form(of node: Node, in context: CommandContext) throws -> EntryForm {
        node.kind == .list ? .plain : try context.store.form(at: context.store.ancestry(of: node).popped())
    }

    /// Saves `line` as `node`'s text, with the field values it names inline; with
    /// `asItIs`, as text of several lines is saved, without them.
    static func save(_ line: String, to node: Node, in context: CommandContext, asItIs: Bool = false) throws {
        // Text of several lines is taken as it is, as it is when entered.
        var form = try form(of: node, in: context)
        if asItIs || line.contains(where: \.isNewline) { form = .plain }
        let fill = form.fill(line, today: context.clock.today())
        if let problem = fill.problems.first { throw JotterError.input(problem.message) }
        let text = form.fields.isEmpty ? EntryText.trimmed(line) : fill.text
        guard !text.isEmpty else {
            context.messages.show("the text is empty; \(node.quotedName) was left as it was")
            return
        }
        if let problem = EntryText.problem(with: text.utf8) { throw JotterError.input("the text \(problem)") }
        guard node.kind == .item else {
            if try !context.store.edit(node, text: text) { context.messages.show("unchanged") }
            return
        }
        // The hooks see the item as the edit would leave it, values it keeps included.
        let place = try context.store.ancestry(of: node).popped()
        let given = form.fieldValues(fill.values)
        let held = try context.store.fieldValues(of: node).filter { value in !given.contains { $0.name == value.name } }
        let edited = try context.checkedByHooks(.edit, HookEntry(node: node, text: text, fields: form.ordered(held + given),
                                                                 place: place), form: form)
        let values = form.fields.isEmpty ? given : edited.fields.filter { form.index(ofField: $0.name) != nil }
        guard try context.store.edit(node, text: edited.text, values: values) else {
            context.messages.show("unchanged")
            return
        }
        // Without a hook to tell, the entry is not read back, nor its text held.
        guard try context.hooks.mayRun() else { return }
        let saved = try context.store.node(id: node.id) ?? node
        context.runAfterHooks(.edit, HookEntry(node: saved, text: saved.text, fields: try context.store.fieldValues(of: saved),
                                               place: place))
    }
}
