import JotterCore

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
    /// The date the entries made from now on take (`:at`), and the words it was given
    /// in, which the prompt shows; nil while entries are made now.
    public private(set) var dating: (when: EntryDating, words: String)?
    /// Lines piped in are data: each is an entry as it is (trimmed), never a command,
    /// so no line of a file can stop or redirect the rest of it.
    public let linesAreLiteral: Bool
    private var stage: Stage = .ready
    /// The entry last sent to the store, as the line that gives it back whole if the
    /// store refuses it.
    private var lastCommitLine: String?
    /// The walk of the fields that made the last entry, to go back into when a hook
    /// refuses it for one of them.
    private var lastCommitDraft: Draft?
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
        /// Waiting for an item's first line.
        case ready
        case lines(TextBox)
        case fields(Draft)
        /// The text of an item put in the line to edit; the next line is its new text.
        case editing(NodeID)
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
        /// What was typed for each field, valid or not, to put back in the line.
        var typed: [Int: String]
        var values: [Int: String]
        /// The fields whose typed value was refused, to say why when the walk comes to them.
        var refused: Set<Int> = []
        /// The fields this item walks, in order, and where it is among them.
        var visits: [Int]
        var step: Int

        var field: Int { visits[step] }
    }

    public enum Event: Equatable {
        /// A line was entered (without its newline).
        case submitted(String)
        /// A line that came in one burst with other input, where the terminal marks no
        /// pastes: part of a paste. Text whatever it starts with, as a marked paste's
        /// lines are. Where the place has fields, it is a whole item with its fields
        /// inline, as a piped line is, so that pasting twenty lines adds twenty items
        /// rather than filling fields with the lines that follow.
        case pasted(String)
        /// A line of a paste the terminal marked (bracketed paste): an entry whatever
        /// it starts with, so that a pasted `:rm 1` is text, never a command.
        case pastedBlock(String)
        /// Shift-Tab or `:back`, with the text that was in the line.
        case back(typed: String)
        /// Ctrl-C: the line being typed is dropped, and any item being built with it.
        case interrupted
        /// Ctrl-D on an empty line, or the end of piped input.
        case endOfInput
        /// A signal ends the session (the terminal closed, SIGTERM) while `typed` was
        /// in the line: what was being entered is kept as a draft, not lost.
        case ended(typed: String)
        /// A command moved to another place, or changed the form of this one.
        case moved(to: NavigationPath, form: EntryForm)
        /// The store refused the last entry: the path had changed under it (`notice`
        /// says where it now stands) or the write failed. The entry is handed back in
        /// the line, so that nothing is lost.
        case entryReturned(path: NavigationPath, form: EntryForm, notice: String)
        /// A `before` hook refused the last entry. It goes back in the line, or, when
        /// the hook named a field of the form it was walked through, to that field.
        case entryRefused(notice: String, field: String?)
        /// A command asked to end the session.
        case quitRequested
        /// `:edit` without text: the item's text goes in the line to edit.
        case editRequested(NodeID, text: String)
        /// `:at`: the entries that follow are dated `when` (given as `words`), or made
        /// now again when nil.
        case dated(EntryDating?, words: String)
        /// The store refused an edit: it goes back in the line.
        case editReturned(NodeID, line: String, notice: String)
    }

    public enum Effect: Equatable {
        /// Add an item under the top of `path` with its field values, and
        /// `historyLine` (a line typed at the prompt) in the history, in one transaction.
        case commit(text: String, fields: [FieldValue], under: NavigationPath, historyLine: String?)
        /// Run the command line after the `:`.
        case runCommand(String, historyLine: String)
        /// Show one line to the user; it holds text as typed, escaped where it is shown.
        case notice(String)
        /// A piped line that cannot be added: one line saying why; the run fails.
        case refused(String)
        /// Put text in the line buffer for the next prompt, ready to edit and Enter.
        case prefill(String)
        /// Put a value back in the line as a selection, for the next prompt: Enter
        /// keeps it, typing replaces it (Shift-Tab back to a field).
        case offer(String)
        /// Save `line` as the new text of the item (with any inline field values).
        case saveEdit(NodeID, line: String)
        /// Keep `line`, the entry that was being made, for the next prompt at `path`.
        case keepDraft(String, at: NavigationPath)
        /// End the session.
        case finish
    }

    /// The prompt, naming where the next entry will go, when it will be dated (`:at`),
    /// and what is being asked.
    public var prompt: String {
        let place = path.promptDisplay() + (dating.map { " @" + DisplayText.escaped($0.words) } ?? "") + " › "
        switch stage {
        case .ready:
            return place
        case .lines(let box):
            let number = box.lines.count + 1
            return place + "line \(number)" + (form.lineLimit.map { "/\($0)" } ?? "") + ": "
        case .fields(let draft):
            // Names and choices are refused with control characters when declared;
            // escaped here too, for a store written by something else.
            let field = form.fields[draft.field]
            if case .choice(let choices) = field.kind {
                return place + DisplayText.escaped(field.name + " (" + choices.joined(separator: ", ") + "): ")
            }
            return place + DisplayText.escaped(field.name) + ": "
        case .editing:
            return place + "edit: "
        }
    }

    /// Whether the prompt asks for a field of an item rather than for an item.
    public var isAskingForField: Bool {
        if case .fields = stage { return true }
        return false
    }

    /// The field the prompt asks for, while it asks for one.
    public var askedField: Field? {
        guard case .fields(let draft) = stage else { return nil }
        return form.fields[draft.field]
    }

    public mutating func handle(_ event: Event) -> [Effect] {
        guard !isFinished else { return [] }
        switch event {
        case .submitted(let line) where linesAreLiteral, .pasted(let line) where linesAreLiteral:
            return submitLiteral(line)
        case .pasted(let line) where stage == .ready && !form.fields.isEmpty && !form.takesSeveralLines:
            if EntryText.trimmed(line) == EntrySession.blockDelimiter { return submitFirstLine(line) }
            return submitLiteral(line)
        case .pastedBlock(let line) where stage == .ready:
            // Text as it is, '\\' lines too; but a block or a text box opens as it
            // would typed, so that a pasted entry of several lines stays one.
            if EntryText.trimmed(line) == EntrySession.blockDelimiter || form.takesSeveralLines {
                return submitFirstLine(line, pasted: true)
            }
            return submitLiteral(line)
        case .submitted(let line), .pasted(let line), .pastedBlock(let line):
            // No line of a paste runs a command, first, middle or last: a hostile
            // text on the clipboard must not be able to run `:trash --empty --yes`
            // or `:hook add`. Its ':' lines are entries, as every other line of it.
            let pasted = event != .submitted(line)
            switch stage {
            case .ready: return submitFirstLine(line, pasted: pasted)
            case .lines(let box): return submitTextLine(line, of: box)
            case .fields(let draft): return submitFieldValue(line, for: draft, pasted: pasted)
            case .editing(let id):
                stage = .ready
                return [.saveEdit(id, line: line)]
            }
        case .back(let typed):
            return back(typed: typed)
        case .interrupted:
            defer { stage = .ready }
            if case .editing = stage { return [.notice("the edit was dropped; nothing changed")] }
            return []
        case .endOfInput:
            switch stage {
            case .ready:
                isFinished = true
                return [.finish]
            case .lines(let box):
                // As a shell ends a here-document: what was typed is kept.
                return close(box)
            case .fields(let draft):
                stage = .ready
                return [.notice("not added: \(draft.text); Ctrl-D again quits")]
            case .editing:
                stage = .ready
                return [.notice("the edit was dropped; nothing changed")]
            }
        case .quitRequested:
            isFinished = true
            return [.finish]
        case .ended(let typed):
            isFinished = true
            guard let draft = draft(adding: typed) else { return [.finish] }
            return [.keepDraft(draft, at: path), .finish]
        case .dated(let when, let words):
            dating = when.map { ($0, words) }
            return []
        case .moved(let destination, let newForm):
            guard destination != path || newForm != form else {
                // The same form, read at a later version of the store's forms.
                form = newForm
                return []
            }
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
        case .entryRefused(let notice, let field):
            guard let field, let index = form.index(ofField: field), var draft = lastCommitDraft else {
                return handle(.entryReturned(path: path, form: form, notice: notice))
            }
            // Back to that field alone: Enter on it commits again.
            draft.visits = [index]
            draft.step = 0
            draft.typed[index] = draft.typed[index] ?? draft.values[index]
            return [.notice(notice)] + advance(draft)
        case .editRequested(let id, let text):
            stage = .editing(id)
            return [.prefill(text)]
        case .editReturned(let id, let line, let notice):
            stage = .editing(id)
            return [.notice(notice), .prefill(line)]
        }
    }

    // MARK: Piped and pasted lines

    private mutating func submitLiteral(_ line: String) -> [Effect] {
        let text = EntryText.trimmed(line)
        guard !text.isEmpty else { return [] }
        guard !form.fields.isEmpty else { return commit(text, fields: [], historyLine: nil) }
        do {
            let entry = try form.fill(text, today: today()).entry(in: form)
            return commit(entry.text, fields: entry.fields, historyLine: nil)
        } catch {
            let reason = (error as? JotterError)?.message ?? "\(error)"
            if linesAreLiteral { return [.refused(reason + "; the line was not added")] }
            return [.notice("not added: \(text): \(reason)")]
        }
    }

    // MARK: The first line of an item

    /// `pasted`: the line came in a paste, and a command line of it is an entry.
    private mutating func submitFirstLine(_ line: String, pasted: Bool = false) -> [Effect] {
        switch EntryText.meaning(of: line) {
        case .nothing:
            return []
        case .command where pasted:
            return submitLiteral(line)
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
            return complete(text, historyLine: EntryText.trimmed(line), inline: true)
        }
    }

    // MARK: Text of several lines

    private mutating func submitTextLine(_ line: String, of box: TextBox) -> [Effect] {
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
        // Not in the history: a line recalled from it is one line, and would not
        // come back as the several it was.
        return complete(lines.joined(separator: "\n"), historyLine: nil, inline: false)
    }

    // MARK: Fields

    /// The item's text is complete: commit it, or walk the fields it still needs.
    /// Fields given inline are taken; when any are, only those whose value is not
    /// valid and the required ones still empty are asked for, so that a fast typist
    /// can enter a whole item on one line.
    private mutating func complete(_ text: String, historyLine: String?, inline: Bool) -> [Effect] {
        guard !form.fields.isEmpty else { return commit(text, fields: [], historyLine: historyLine) }
        let fill = inline ? form.fill(text, today: today()) : InlineFill(text: text)
        guard !fill.text.isEmpty else {
            return [.notice("the item needs text before its fields"), .prefill(text)]
        }
        let failed = Set(fill.problems.map(\.field))
        let visits = fill.typed.isEmpty
            ? Array(form.fields.indices)
            : form.fields.indices.filter { failed.contains($0) || (form.fields[$0].isRequired && fill.values[$0] == nil) }
        return advance(Draft(text: fill.text, historyLine: historyLine, typed: fill.typed, values: fill.values,
                             refused: failed, visits: visits, step: 0))
    }

    /// Goes to the field at `draft.step`, putting back what was typed for it (and
    /// saying what is wrong with it), or commits when the walk is done.
    private mutating func advance(_ draft: Draft) -> [Effect] {
        var draft = draft
        if draft.step == draft.visits.count {
            // However the walk went back and forth, a required field is never left empty.
            guard let missing = form.fields.indices.first(where: { form.fields[$0].isRequired && draft.values[$0] == nil }) else {
                let effects = commit(draft.text, fields: form.fieldValues(draft.values), historyLine: draft.historyLine)
                lastCommitDraft = draft
                return effects
            }
            draft.visits.append(missing)
        }
        stage = .fields(draft)
        guard let typed = draft.typed[draft.field] else { return [] }
        if draft.refused.contains(draft.field) {
            let field = form.fields[draft.field]
            do {
                _ = try field.storedValue(of: typed, today: today())
            } catch {
                return [.notice(field.message(for: error, typed: typed)), .prefill(typed)]
            }
        }
        return [.prefill(typed)]
    }

    /// `pasted`: the line came in a paste, and is the value whatever it starts with.
    private mutating func submitFieldValue(_ line: String, for draft: Draft, pasted: Bool = false) -> [Effect] {
        var draft = draft
        let field = form.fields[draft.field]
        let typed: String
        switch EntryText.meaning(of: line) {
        case .command where pasted:
            typed = EntryText.trimmed(line)
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
                return [.notice("\(field.name) is required; :back goes back, Ctrl-C drops the item")]
            }
            draft.typed[draft.field] = nil
            draft.values[draft.field] = nil
        } else {
            draft.typed[draft.field] = typed
            do {
                draft.values[draft.field] = try field.storedValue(of: typed, today: today())
                draft.refused.remove(draft.field)
            } catch {
                draft.values[draft.field] = nil
                draft.refused.insert(draft.field)
                stage = .fields(draft)
                return [.notice(field.message(for: error, typed: typed)), .prefill(typed)]
            }
        }
        draft.step += 1
        return advance(draft)
    }

    private mutating func back(typed: String) -> [Effect] {
        switch stage {
        case .ready:
            return typed.isEmpty ? [] : [.prefill(typed)]
        case .lines(var box):
            // Going back would drop what is in the line: it stays, and nothing moves.
            guard typed.isEmpty else { return [.prefill(typed)] }
            guard let previous = box.lines.popLast() else {
                stage = .ready
                return []
            }
            stage = box.lines.isEmpty && !box.isBlock ? .ready : .lines(box)
            return [.prefill(previous)]
        case .fields(var draft):
            if !typed.isEmpty { draft.typed[draft.field] = typed }
            guard draft.step > 0 else {
                // Back to the item's text: it comes back with every value typed so
                // far as inline words, so that what is in the line is the whole item.
                stage = .ready
                return [.prefill(line(text: draft.text, typed: draft))]
            }
            draft.step -= 1
            stage = .fields(draft)
            return [.offer(draft.typed[draft.field] ?? "")]
        case .editing:
            return typed.isEmpty ? [] : [.prefill(typed)]
        }
    }

    private mutating func commit(_ text: String, fields: [FieldValue], historyLine: String?) -> [Effect] {
        stage = .ready
        lastCommitDraft = nil
        lastCommitLine = fields.isEmpty && historyLine != nil ? historyLine : EntrySession.line(text: text, fields: fields)
        return [.commit(text: text, fields: fields, under: path, historyLine: historyLine)]
    }

    /// What is typed of an unfinished item, as one line to put back.
    private var unfinishedLine: String? {
        switch stage {
        case .ready:
            return nil
        case .lines(let box):
            return box.lines.isEmpty ? nil : box.lines.joined(separator: "\n")
        case .fields(let draft):
            return line(text: draft.text, typed: draft)
        case .editing:
            return nil
        }
    }

    /// What was being entered, with `typed`, the line not yet entered, as one line that
    /// gives it back whole; nil when there is nothing. An edit is not kept: the item
    /// still holds its text.
    private func draft(adding typed: String) -> String? {
        switch stage {
        case .ready:
            return EntryText.trimmed(typed).isEmpty ? nil : typed
        case .lines(let box):
            var lines = box.lines
            if !EntryText.trimmed(typed).isEmpty { lines.append(typed) }
            return lines.isEmpty ? nil : lines.joined(separator: "\n")
        case .fields(var draft):
            if !typed.isEmpty { draft.typed[draft.field] = typed }
            return line(text: draft.text, typed: draft)
        case .editing:
            return nil
        }
    }

    /// An item as one line that gives it back whole: its text, behind a `\\` where it
    /// would read as a command, and `name:value` words.
    public static func line(text: String, fields: [FieldValue]) -> String {
        let literal = text.hasPrefix(":") || text.hasPrefix("\\") ? "\\" + text : text
        return fields.isEmpty ? literal : literal + " " + FieldValue.inlineWords(fields)
    }

    /// A draft as one line, with what was typed for each field, valid or not.
    private func line(text: String, typed draft: Draft) -> String {
        EntrySession.line(text: text, fields: form.fieldValues(draft.typed))
    }
}
