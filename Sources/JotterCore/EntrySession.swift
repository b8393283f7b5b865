/// The prompt as a value: events in, effects out, no terminal and no store. The
/// line editor feeds it what the user did and carries out what it asks for, so every
/// behaviour here is tested without either.
///
/// An entry is one line, unless the place's form asks for more: several lines (a
/// block between `"""` lines, or a text box with a line limit), and then the
/// place's fields, walked one prompt each. Nothing is written until the whole item
/// is complete and valid; then it is committed in one effect.
public struct EntrySession {
    public private(set) var path: NavigationPath
    /// What entering an item at `path` asks for.
    public private(set) var form: EntryForm
    public private(set) var isFinished = false
    /// Lines piped in are data: each is an entry as it is (trimmed), never a command,
    /// so no line of a file can stop or redirect the rest of it.
    public let linesAreLiteral: Bool
    private var stage: Stage = .ready
    /// The entry last sent to the store, as the line that gives it back whole if the
    /// store refuses it.
    private var lastCommitLine: String?
    private let today: () -> FieldDate

    /// The line that opens and closes a block of several lines.
    public static let blockDelimiter = "\"\"\""
    /// A command line (after its `:`) that goes back one field or line, as Shift-Tab does.
    public static let backCommand = "back"

    public init(path: NavigationPath, form: EntryForm = .plain, linesAreLiteral: Bool = false,
                today: @escaping () -> FieldDate = FieldDate.today) {
        self.path = path
        self.form = form
        self.linesAreLiteral = linesAreLiteral
        self.today = today
    }

    enum Stage: Equatable {
        /// Waiting for an item's first line. `resuming` is an item whose fields were
        /// being filled when the user went back to its text.
        case waiting(resuming: Draft?)
        case lines(TextBox)
        case fields(Draft)

        static let ready = Stage.waiting(resuming: nil)
    }

    /// A text of several lines being typed.
    struct TextBox: Equatable {
        var lines: [String]
        /// Opened by `"""`, so closed by it (or by the line limit); otherwise a text
        /// box of the place, closed by an empty line or the line limit.
        let isBlock: Bool
    }

    /// An item whose fields are being filled.
    struct Draft: Equatable {
        var text: String
        var historyLine: String?
        /// What was typed for each field, kept to put back in the line on return.
        var typed: [Int: String]
        var values: [Int: String]
        /// The fields this item walks, in order, and where it is among them.
        var visits: [Int]
        var step: Int

        var field: Int { visits[step] }
    }

    public enum Event: Equatable {
        /// A line was entered (without its newline).
        case submitted(String)
        /// Shift-Tab or `:back`, with the text that was in the line.
        case back(typed: String)
        /// Ctrl-C: the line being typed is dropped, and any item being built with it.
        case interrupted
        /// Ctrl-D on an empty line, or the end of piped input.
        case endOfInput
        /// A command moved to another place, or changed the form of this one.
        case moved(to: NavigationPath, form: EntryForm)
        /// The store refused the last entry: the path had changed under it (`notice`
        /// says where it now stands) or the write failed. The entry is handed back in
        /// the line, so that nothing is lost.
        case entryReturned(path: NavigationPath, form: EntryForm, notice: String)
        /// A command asked to end the session.
        case quitRequested
    }

    public enum Effect: Equatable {
        /// Add an item under the top of `path` with its field values, and
        /// `historyLine` (a line typed at the prompt) in the history, in one transaction.
        case commit(text: String, fields: [FieldValue], under: NavigationPath, historyLine: String?)
        /// Run the command line after the `:`.
        case runCommand(String, historyLine: String)
        /// Show one line to the user.
        case notice(String)
        /// A piped line that cannot be added: one line saying why; the run fails.
        case refused(String)
        /// Put text in the line buffer for the next prompt, ready to edit and Enter.
        case prefill(String)
        /// End the session.
        case finish
    }

    /// The prompt, naming where the next entry will go and what is being asked.
    public var prompt: String {
        let place = path.promptDisplay() + " › "
        switch stage {
        case .waiting:
            return place
        case .lines(let box):
            let number = box.lines.count + 1
            return place + "line \(number)" + (form.lineLimit.map { "/\($0)" } ?? "") + ": "
        case .fields(let draft):
            let field = form.fields[draft.field]
            if case .choice(let choices) = field.kind {
                return place + field.name + " (" + choices.joined(separator: ", ") + "): "
            }
            return place + field.name + ": "
        }
    }

    /// Whether an item is being built: its text or fields are partly typed.
    public var isBuildingItem: Bool { stage != .ready }

    public mutating func handle(_ event: Event) -> [Effect] {
        guard !isFinished else { return [] }
        switch event {
        case .submitted(let line) where linesAreLiteral:
            return literal(line)
        case .submitted(let line):
            switch stage {
            case .waiting(let resuming): return first(line, resuming: resuming)
            case .lines(let box): return next(line, of: box)
            case .fields(let draft): return value(line, for: draft)
            }
        case .back(let typed):
            return back(typed: typed)
        case .interrupted:
            stage = .ready
            return []
        case .endOfInput:
            switch stage {
            case .waiting(resuming: nil):
                isFinished = true
                return [.finish]
            case .lines(let box):
                // As a shell ends a here-document: what was typed is kept.
                return close(box)
            case .waiting(resuming: let draft?), .fields(let draft):
                stage = .ready
                return [.notice("not added: \(DisplayText.escaped(draft.text)); Ctrl-D again quits")]
            }
        case .quitRequested:
            isFinished = true
            return [.finish]
        case .moved(let destination, let newForm):
            guard destination != path || newForm != form else { return [] }
            let unfinished = unfinishedLine
            path = destination
            form = newForm
            stage = .ready
            guard let unfinished else { return [] }
            return [.notice("the item being entered was not added; it is back in the line"), .prefill(unfinished)]
        case .entryReturned(let newPath, let newForm, let notice):
            path = newPath
            form = newForm
            stage = .ready
            guard let line = lastCommitLine else { return [.notice(notice)] }
            return [.notice(notice), .prefill(line)]
        }
    }

    // MARK: Piped lines

    private mutating func literal(_ line: String) -> [Effect] {
        let text = EntryText.trimmed(line)
        guard !text.isEmpty else { return [] }
        guard !form.fields.isEmpty else { return commit(text, fields: [], historyLine: nil) }
        do {
            let entry = try form.fill(text, today: today()).entry(in: form)
            return commit(entry.text, fields: entry.fields, historyLine: nil)
        } catch {
            return [.refused(((error as? JotterError)?.message ?? "\(error)") + "; the line was not added")]
        }
    }

    // MARK: The first line of an item

    private mutating func first(_ line: String, resuming: Draft?) -> [Effect] {
        switch EntryText.meaning(of: line) {
        case .nothing:
            return []
        case .command(let command):
            if EntryText.trimmed(command) == EntrySession.backCommand {
                return back(typed: "")
            }
            return [.runCommand(command, historyLine: EntryText.trimmed(line))]
        case .entry(let text):
            if EntryText.trimmed(line) == EntrySession.blockDelimiter {
                stage = .lines(TextBox(lines: [], isBlock: true))
                return []
            }
            if form.takesSeveralLines {
                stage = .lines(TextBox(lines: [text], isBlock: false))
                return []
            }
            return complete(text, historyLine: EntryText.trimmed(line), inline: true, resuming: resuming)
        }
    }

    // MARK: Text of several lines

    private mutating func next(_ line: String, of box: TextBox) -> [Effect] {
        var box = box
        let trimmed = EntryText.trimmed(line)
        if box.isBlock && trimmed == EntrySession.blockDelimiter { return close(box) }
        if !box.isBlock && trimmed.isEmpty { return close(box) }
        // Indentation is kept; white space at a line's end is invisible, and dropped.
        box.lines.append(EntryText.trimmedAtEnd(line))
        if let limit = form.lineLimit, limit > 1, box.lines.count >= limit { return close(box) }
        stage = .lines(box)
        return []
    }

    /// Ends a text of several lines: blank lines at either end are dropped.
    private mutating func close(_ box: TextBox) -> [Effect] {
        stage = .ready
        var lines = box.lines[...]
        while lines.first.map({ EntryText.trimmed($0).isEmpty }) == true { lines = lines.dropFirst() }
        while lines.last.map({ EntryText.trimmed($0).isEmpty }) == true { lines = lines.dropLast() }
        guard !lines.isEmpty else { return [] }
        let text = lines.joined(separator: "\n")
        return complete(text, historyLine: lines.count == 1 ? text : nil, inline: false, resuming: nil)
    }

    // MARK: Fields

    /// The item's text is complete: commit it, or walk the fields it still needs.
    /// Fields given inline are taken; when any are, only the required ones still
    /// empty are asked for, so a fast typist can enter a whole item on one line.
    private mutating func complete(_ text: String, historyLine: String?, inline: Bool, resuming: Draft?) -> [Effect] {
        guard !form.fields.isEmpty else { return commit(text, fields: [], historyLine: historyLine) }
        let fill = inline ? form.fill(text, today: today()) : InlineFill(text: text)
        guard !fill.text.isEmpty else {
            stage = .waiting(resuming: resuming)
            return [.notice("the item needs text before its fields"), .prefill(text)]
        }
        var draft = resuming ?? Draft(text: fill.text, historyLine: historyLine, typed: [:], values: [:], visits: [], step: 0)
        draft.text = fill.text
        draft.historyLine = historyLine
        draft.typed.merge(fill.typed) { $1 }
        for field in fill.typed.keys { draft.values[field] = fill.values[field] }
        let failed = Set(fill.problems.map(\.field))
        if resuming == nil {
            draft.visits = fill.typed.isEmpty
                ? Array(form.fields.indices)
                : form.fields.indices.filter { failed.contains($0) || (form.fields[$0].isRequired && draft.values[$0] == nil) }
        } else {
            draft.visits = Array(Set(draft.visits).union(failed)).sorted()
        }
        draft.step = 0
        if let problem = fill.problems.first, let step = draft.visits.firstIndex(of: problem.field) {
            draft.step = step
            stage = .fields(draft)
            return [.notice(problem.message), .prefill(fill.typed[problem.field] ?? "")]
        }
        return enter(draft)
    }

    /// Goes to the field at `draft.step`, or commits when the walk is done.
    private mutating func enter(_ draft: Draft) -> [Effect] {
        guard draft.step < draft.visits.count else {
            return commit(draft.text, fields: values(of: draft), historyLine: draft.historyLine)
        }
        stage = .fields(draft)
        return draft.typed[draft.field].map { [.prefill($0)] } ?? []
    }

    private mutating func value(_ line: String, for draft: Draft) -> [Effect] {
        var draft = draft
        let field = form.fields[draft.field]
        let typed: String
        switch EntryText.meaning(of: line) {
        case .command(let command):
            if EntryText.trimmed(command) == EntrySession.backCommand { return back(typed: "") }
            return [.runCommand(command, historyLine: EntryText.trimmed(line))]
        case .nothing:
            typed = ""
        case .entry(let text):
            typed = text
        }
        if typed.isEmpty {
            guard !field.isRequired else {
                return [.notice("\(field.name) is required; Shift-Tab goes back, Ctrl-C drops the item")]
            }
            draft.typed[draft.field] = nil
            draft.values[draft.field] = nil
        } else {
            draft.typed[draft.field] = typed
            do {
                draft.values[draft.field] = try field.storedValue(of: typed, today: today())
            } catch {
                stage = .fields(draft)
                return [.notice(field.message(for: error, typed: typed)), .prefill(typed)]
            }
        }
        draft.step += 1
        return enter(draft)
    }

    private mutating func back(typed: String) -> [Effect] {
        switch stage {
        case .waiting:
            return typed.isEmpty ? [] : [.prefill(typed)]
        case .lines(var box):
            guard let previous = box.lines.popLast() else {
                stage = .ready
                return [.prefill(EntrySession.blockDelimiter)]
            }
            stage = .lines(box)
            return [.prefill(previous)]
        case .fields(var draft):
            if !typed.isEmpty { draft.typed[draft.field] = typed }
            guard draft.step > 0 else {
                stage = .waiting(resuming: draft)
                return [.prefill(draft.text)]
            }
            draft.step -= 1
            stage = .fields(draft)
            return [.prefill(draft.typed[draft.field] ?? "")]
        }
    }

    private func values(of draft: Draft) -> [FieldValue] {
        draft.values.keys.sorted().map { FieldValue(name: form.fields[$0].name, value: draft.values[$0]!) }
    }

    private mutating func commit(_ text: String, fields: [FieldValue], historyLine: String?) -> [Effect] {
        stage = .ready
        lastCommitLine = fields.isEmpty && historyLine != nil ? historyLine : EntrySession.line(text: text, fields: fields)
        return [.commit(text: text, fields: fields, under: path, historyLine: historyLine)]
    }

    /// What is typed of an unfinished item, as one line to put back.
    private var unfinishedLine: String? {
        switch stage {
        case .waiting(resuming: nil):
            return nil
        case .lines(let box):
            return box.lines.isEmpty ? nil : box.lines.joined(separator: "\n")
        case .waiting(resuming: let draft?), .fields(let draft):
            return EntrySession.line(text: draft.text, fields: values(of: draft))
        }
    }

    /// An item as one line that gives it back whole: its text, behind a `\` where it
    /// would read as a command, and `name:value` words.
    static func line(text: String, fields: [FieldValue]) -> String {
        let literal = text.hasPrefix(":") || text.hasPrefix("\\") ? "\\" + text : text
        return fields.isEmpty ? literal : literal + " " + FieldValue.inlineWords(fields)
    }
}
