/// Adding one entry, as `add` and the prompt both do it: typed in the form of its
/// place, given to the `before` hooks, written with the version of the form it was
/// typed in, then given to the `after` hooks. What changes between the reading of the
/// form and the write is met here once:
/// - a place whose rows were numbered anew (the journal applied again after a
///   rebuild) is the same place, and the entry goes there;
/// - a form changed meanwhile types the entry again where its words are at hand, and
///   otherwise hands it back;
/// - a place moved or deleted meanwhile is followed or handed back, as the caller says.
public struct EntryAddition {
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
    /// Starts the `after` hooks of an entry written.
    let runAfterHooks: (HookEntry) -> Void

    public init(store: Store, hooks: EntryHooks, today: @escaping () -> FieldDate,
                show: @escaping (String) -> Void, runAfterHooks: @escaping (HookEntry) -> Void) {
        self.store = store
        self.hooks = hooks
        self.today = today
        self.show = show
        self.runAfterHooks = runAfterHooks
    }

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
            var notices: [String] = []
            let verdict = try hooks.runBefore(.add, HookEntry(node: nil, text: typed.text, fields: typed.fields, place: place),
                                              form: form, today: today(), notices: &notices)
            notices.forEach(show)
            let text: String, fields: [FieldValue]
            switch verdict {
            case .refused(let message, let field): return .refused(message: message, field: field)
            case .accepted(let acceptedText, let acceptedFields): (text, fields) = (acceptedText, acceptedFields)
            }
            switch try store.addEntry(text, fields: fields, under: place, historyLine: historyLine,
                                      formVersion: form.version, created: created) {
            case .added(let node):
                runAfterHooks(HookEntry(node: node, text: text, fields: fields, place: place))
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
}
