import JotterCore

/// What people do to entries, as the shell's commands and the prompt both do it: add
/// one, edit one, and mark done or remove some, each with its place's form and hooks.
/// The callers parse, resolve targets and word the outcome; the work is here, once.
///
/// Adding one: typed in the form of its place, given to the `before` hooks, written
/// with the version of the form it was typed in, then given to the `after` hooks.
/// What changes between the reading of the form and the write is met here once:
/// - a place whose rows were numbered anew (the journal applied again after a
///   rebuild) is the same place, and the entry goes there;
/// - a form changed meanwhile types the entry again where its words are at hand, and
///   otherwise hands it back;
/// - a place moved or deleted meanwhile is followed or handed back, as the caller says.
public struct EntryActions {
    /// How the entry becomes text and fields in the form of its place.
    public enum Typing {
        /// Typed already in `form` (at the prompt): if that form changed, the entry
        /// goes back to the person typing it.
        case typed(text: String, fields: [FieldValue], form: EntryForm)
        /// Typed from words again in the form as it is at each try (the command line).
        case fromWords((EntryForm) throws -> (text: String, fields: [FieldValue]))
    }

    /// What becomes of the entry when its place was moved or deleted meanwhile.
    public enum PlaceGone: Sendable {
        /// It goes to what is left of the place, after a line saying so.
        case follow
        /// It is handed back (`Outcome.placeChanged`).
        case handBack
    }

    public enum Outcome: Equatable {
        /// Written at `place` (the one it was sent to, or where that place is now) in
        /// `form`, read at the version the write was checked against.
        case added(Node, at: NavigationPath, form: EntryForm)
        /// A `before` hook refused it; nothing was written.
        case refused(message: String, field: String?)
        /// The form it was typed in changed; nothing was written, and this is the
        /// form now.
        case formChanged(EntryForm)
        /// Its place was moved or deleted; nothing was written.
        case placeChanged(Store.PathCheck)
    }

    let store: Store
    let hooks: EntryHooks
    let today: () -> FieldDate
    /// Each line for the user: the hooks' notices, and where a followed entry went.
    let show: (String) -> Void
    /// Starts the `after` hooks of an entry changed.
    let runAfterHooks: (Hook.Event, HookEntry) -> Void

    public init(store: Store, hooks: EntryHooks, today: @escaping () -> FieldDate,
                show: @escaping (String) -> Void, runAfterHooks: @escaping (Hook.Event, HookEntry) -> Void) {
        self.store = store
        self.hooks = hooks
        self.today = today
        self.show = show
        self.runAfterHooks = runAfterHooks
    }

    /// Adds the entry at `place`, with the prompt's line that made it in the history
    /// and, for an entry written into the past, its date.
    public func add(_ typing: Typing, at place: NavigationPath, whenPlaceGone: PlaceGone,
                    historyLine: String? = nil, created: Timestamp? = nil) throws -> Outcome {
        var place = place
        var typedForm: EntryForm?
        while true {
            let form: EntryForm
            let typed: (text: String, fields: [FieldValue])
            switch typing {
            case .typed(let text, let fields, let formTypedIn):
                form = typedForm ?? formTypedIn
                typed = (text, fields)
            case .fromWords(let type):
                form = try store.form(at: place)
                typed = try type(form)
            }
            let text: String, fields: [FieldValue]
            switch try verdict(.add, HookEntry(node: nil, text: typed.text, fields: typed.fields, place: place), form: form) {
            case .refused(let message, let field): return .refused(message: message, field: field)
            case .accepted(let acceptedText, let acceptedFields): (text, fields) = (acceptedText, acceptedFields)
            }
            switch try store.addEntry(text, fields: fields, under: place, historyLine: historyLine,
                                      formVersion: form.version, created: created) {
            case .added(let node):
                runAfterHooks(.add, HookEntry(node: node, text: text, fields: fields, place: place))
                return .added(node, at: place, form: form)
            case .formChanged:
                guard case .typed = typing else { continue }
                let now = try store.form(at: place)
                // Another place's form changed: the entry is as it would be typed now.
                guard now == form else { return .formChanged(now) }
                typedForm = now
            case .pathChanged(let check) where check.notice == nil && check.path.ids == place.ids && check.path != place:
                place = check.path
            case .pathChanged(let check):
                guard whenPlaceGone == .follow else { return .placeChanged(check) }
                if let notice = check.notice { show(notice) }
                place = check.path
            }
        }
    }

    /// The form an item's new text is read in: its place's; a list has none.
    public func form(forEditing node: Node) throws -> EntryForm {
        node.kind == .list ? .plain : try store.form(at: store.ancestry(of: node).popped())
    }

    /// Saves `line` as `node`'s text, with the field values it names inline; with
    /// `asItIs`, as text of several lines is saved, without them. An empty text, or
    /// the text the entry has, changes nothing, and a line says so.
    public func edit(_ node: Node, to line: String, asItIs: Bool = false) throws {
        // Text of several lines is taken as it is, as it is when entered.
        var form = try form(forEditing: node)
        if asItIs || line.contains(where: \.isNewline) { form = .plain }
        let fill = form.fill(line, today: today())
        if let problem = fill.problems.first { throw JotterError.input(problem.message) }
        let text = form.fields.isEmpty ? EntryText.trimmed(line) : fill.text
        guard !text.isEmpty else { return show("the text is empty; \(node.quotedName) was left as it was") }
        if let problem = EntryText.problem(with: text.utf8) { throw JotterError.input("the text \(problem)") }
        guard node.kind == .item else {
            if try !store.edit(node, text: text) { show("unchanged") }
            return
        }
        // The hooks see the item as the edit would leave it, values it keeps included.
        let place = try store.ancestry(of: node).popped()
        let given = form.fieldValues(fill.values)
        let held = try store.fieldValues(of: node).filter { value in !given.contains { $0.name == value.name } }
        let edited = try checkedByHooks(.edit, HookEntry(node: node, text: text, fields: form.ordered(held + given),
                                                         place: place), form: form)
        let values = form.fields.isEmpty ? given : edited.fields.filter { form.index(ofField: $0.name) != nil }
        guard try store.edit(node, text: edited.text, values: values) else { return show("unchanged") }
        // Without a hook to tell, the entry is not read back, nor its text held.
        guard try hooks.mayRun() else { return }
        let saved = try store.node(id: node.id) ?? node
        runAfterHooks(.edit, HookEntry(node: saved, text: saved.text, fields: try store.fieldValues(of: saved), place: place))
    }

    /// Runs the `before` hooks of `event` for items already in the store, each at its
    /// own place, and refuses them all at the first refusal; then `change` makes the
    /// change, and the `after` hooks run for each item as it is then.
    public func changing<T>(_ event: Hook.Event, _ nodes: [Node], _ change: () throws -> T) throws -> T {
        // Without a hook to tell, no item is read again, nor its text held.
        guard try hooks.mayRun() else { return try change() }
        let items = try nodes.filter { $0.kind == .item }.map { node in
            (node: node, place: try store.ancestry(of: node).popped(), fields: try store.fieldValues(of: node))
        }
        for item in items {
            // The hooks are told the whole text, whatever the command holds of it.
            let whole = try store.node(id: item.node.id) ?? item.node
            _ = try checkedByHooks(event, HookEntry(node: whole, text: whole.text, fields: item.fields,
                                                    place: item.place), form: .plain)
        }
        let result = try change()
        for item in items {
            let node = try store.node(id: item.node.id, includingHidden: true) ?? item.node
            runAfterHooks(event, HookEntry(node: node, text: node.text, fields: try store.fieldValues(of: node),
                                           place: item.place))
        }
        return result
    }

    /// What the `before` hooks at the entry's place make of it, their notices shown.
    public func verdict(_ event: Hook.Event, _ entry: HookEntry, form: EntryForm) throws -> HookVerdict {
        var notices: [String] = []
        let verdict = try hooks.runBefore(event, entry, form: form, today: today(), notices: &notices)
        notices.forEach(show)
        return verdict
    }

    /// The entry as the `before` hooks at its place leave it; a refusal is the
    /// command's error, and nothing is written.
    private func checkedByHooks(_ event: Hook.Event, _ entry: HookEntry, form: EntryForm) throws
        -> (text: String, fields: [FieldValue]) {
        switch try verdict(event, entry, form: form) {
        case .accepted(let text, let fields): return (text, fields)
        case .refused(let message, _): throw JotterError.input(message)
        }
    }
}
