import ArgumentParser
import JotterApplication
import JotterCore

#if canImport(Glibc)
import Glibc
#endif

/// Feeds what the user does into the entry session and carries out its effects on
/// the store and the line source. All decisions are the session's; this only does I/O.
final class PromptLoop {
    private let context: CommandContext
    private let source: LineSource
    private var session: EntrySession
    private let autoSync: AutoSync?
    private(set) var added = 0
    private(set) var failed = 0
    /// The signal that ended the prompt, once it has kept what was being entered.
    private(set) var endingSignal: Int32?

    /// With `linesAreLiteral`, every line is an entry as it is: for piped input.
    init(context: CommandContext, source: LineSource, linesAreLiteral: Bool = false, autoSync: AutoSync? = nil) throws {
        self.context = context
        self.source = source
        self.autoSync = autoSync
        context.backgroundHooks = BackgroundHooks()
        session = EntrySession(path: context.path, form: try context.store.form(at: context.path),
                               linesAreLiteral: linesAreLiteral, today: context.clock.today)
    }

    /// Runs until Ctrl-D, `:quit` or the end of input.
    func run() {
        autoSync?.start()
        if !session.linesAreLiteral {
            do {
                if let draft = try context.store.takeDraft(at: session.path) {
                    perform([.notice("what was being entered here when the prompt was ended is back in the line"),
                             .prefill(draft)])
                } else if let draft = try context.store.takeDraftOfAPlaceGone() {
                    perform([.notice("what was being entered at a place since deleted for good, when the prompt was ended, is back in the line here"),
                             .prefill(draft)])
                }
            } catch {
                report((error as? JotterError)?.message ?? "\(error)")
            }
        }
        while !session.isFinished {
            context.backgroundHooks?.takeReports().forEach(context.messages.show)
            autoSync?.takeReports().forEach(context.messages.show)
            let event: EntrySession.Event
            switch source.readLine(prompt: session.prompt) {
            case .line(let line): event = .submitted(line)
            case .pasted(let line): event = .pasted(line)
            case .pastedBlock(let line): event = .pastedBlock(line)
            case .back(let typed): event = .back(typed: typed)
            case .interrupted: event = .interrupted
            case .end: event = .endOfInput
            case .ended(let signal, let typed):
                endingSignal = signal
                event = .ended(typed: typed)
            case .unreadable(let problem):
                failed += 1
                report(problem)
                continue
            }
            performNotingEndingSignals(session.handle(event))
        }
        context.backgroundHooks?.finish().forEach(context.messages.show)
        autoSync?.finish().forEach(context.messages.show)
    }

    /// What Tab does to `line`, the text before the cursor: a choice among the asked
    /// field's, or a command, a target or a name in the current list.
    func complete(_ line: String) -> Completion {
        if let field = session.askedField {
            guard case .choice(let choices) = field.kind else { return .none }
            return Completion.complete(value: line, choices: choices)
        }
        let place = session.path
        let store = context.store
        return (try? Completion.complete(
            lineBeforeCursor: line, commands: PromptCommands.names,
            targets: { try TargetCompletion(store: store).candidates(for: $0, from: place) },
            names: { try store.childNames(of: place.top, startingWith: $0) })) ?? .none
    }

    nonisolated(unsafe) private static var signalDuringEffects: Int32 = 0

    /// Carries out `effects` with SIGTERM and SIGHUP noted rather than ending jotter:
    /// a terminal closed just after Enter, while a `before` hook ran or the store was
    /// busy, ended jotter with the entry neither written nor kept. The entry is written,
    /// and the next read ends as the signal would have ended it, keeping what is in
    /// the line as a draft.
    private func performNotingEndingSignals(_ effects: [EntrySession.Effect]) {
        PromptLoop.signalDuringEffects = 0
        SignalHandlers.handling([SIGTERM, SIGHUP], with: { PromptLoop.signalDuringEffects = $0 }) {
            perform(effects)
        }
        let signal = PromptLoop.signalDuringEffects
        guard signal != 0, !source.endNextRead(signal: signal) else { return }
        Glibc.signal(signal, SIG_DFL)
        raise(signal)
    }

    private func perform(_ effects: [EntrySession.Effect]) {
        for effect in effects {
            switch effect {
            case .commit(let text, let fields, let path, let historyLine):
                commit(text, fields: fields, under: path, historyLine: historyLine)
            case .runCommand(let command, let historyLine):
                run(command, historyLine: historyLine)
            case .notice(let line):
                context.messages.show(line)
            case .refused(let message):
                failed += 1
                report(message)
            case .prefill(let text), .offer(let text):
                let put = effect == .offer(text) ? source.offer(text) : source.prefill(text)
                if !put {
                    let what = session.isAskingForField ? "not kept, as more input was waiting: " : "not added: "
                    context.messages.show(prefixed(what + text))
                }
            case .saveEdit(let id, let line):
                saveEdit(id, line: line)
            case .keepDraft(let line, let place):
                do {
                    try context.store.keepDraft(line, at: place)
                } catch {
                    report(((error as? JotterError)?.message ?? "\(error)") + "; not kept: " + line)
                }
            case .finish:
                break
            }
        }
    }

    private func commit(_ text: String, fields: [FieldValue], under path: NavigationPath, historyLine: String?) {
        do {
            context.hooks.recheck()
            let created = session.dating?.when.timestamp(nowMilliseconds: context.clock.now().milliseconds,
                                                         zone: SystemZone())
            switch try context.entries.add(.typed(text: text, fields: fields, form: session.form), at: path,
                                                 whenPlaceGone: .handBack, historyLine: historyLine, created: created) {
            case .added(_, let place, let form):
                added += 1
                if let historyLine { source.remember(historyLine) }
                autoSync?.start()
                // The same place in rows numbered anew, or the same form read later.
                if place != path { try context.move(to: place) }
                perform(session.handle(.moved(to: place, form: form)))
            case .refused(let message, let field):
                failed += 1
                perform(session.handle(.entryRefused(notice: prefixed(message), field: field)))
            case .formChanged(let form):
                failed += 1
                let notice = "the fields of \(path.display) changed meanwhile; the entry was not added"
                perform(session.handle(.entryReturned(path: path, form: form, notice: notice)))
            case .placeChanged(let check):
                try context.move(to: check.path)
                failed += 1
                let notice = (check.notice ?? "\(path.display) was moved") + "; the entry was not added"
                let form = try context.store.form(at: check.path)
                perform(session.handle(.entryReturned(path: check.path, form: form, notice: notice)))
            }
        } catch {
            failed += 1
            let message = (error as? JotterError)?.message ?? "\(error)"
            perform(session.handle(.entryReturned(path: session.path, form: session.form, notice: prefixed(message))))
        }
    }

    private func saveEdit(_ id: NodeID, line: String) {
        do {
            guard let node = try context.store.node(id: id) else {
                failed += 1
                return report("the item was deleted meanwhile; the edit was not saved: \(line)")
            }
            context.hooks.recheck()
            // A line that stood for text beginning with ':' or '\\' kept its '\\'.
            let text = line.hasPrefix("\\") ? String(line.dropFirst()) : line
            try context.finishing { try context.entries.edit(node, to: text) }
        } catch {
            failed += 1
            let message = (error as? JotterError)?.message ?? "\(error)"
            perform(session.handle(.editReturned(id, line: line, notice: prefixed(message))))
        }
    }

    private func run(_ command: String, historyLine: String) {
        source.remember(historyLine)
        do {
            // A connection string is this machine's, and one refused for the password
            // it holds would stay in the file: it is recalled in this prompt only.
            let typedWords = Result { try PromptCommands.words(of: command) }
            let setsARemote = (try? typedWords.get()).map { Array($0.prefix(2)) == ["remote", "set"] } ?? command.hasPrefix("remote")
            if !setsARemote { try context.store.appendHistory(historyLine) }
            let words = try typedWords.get()
            guard let name = words.first else {
                throw JotterError.input("a command is missing after ':'; :help lists the commands")
            }
            guard PromptCommands.names.contains(name) else {
                if CommandRegistry.shellCommands.contains(where: { $0.command.configuration.commandName == name }) {
                    throw JotterError.input("':\(name)' is not a command of the prompt: run 'jotter \(name)' from a shell, with no prompt open on the store")
                }
                let near = Suggestion.closest(to: name, among: PromptCommands.names).map { "did you mean ':\($0)'? " } ?? ""
                throw JotterError.input("unknown command ':\(name)'; \(near):help lists the commands")
            }
            if name == "help" {
                showHelp(for: Array(words.dropFirst()))
                return
            }
            var parsed = try TextWords.parse(words, rootOptions: [], with: PromptCommands.parseAsRoot)
            guard let storeCommand = parsed as? any StoreCommand else {
                // The parser's own help command, which reports its text as an error.
                try parsed.run()
                return
            }
            context.adopt(session.path)
            try adoptRowsNumberedAnew()
            context.hooks.recheck()
            var outcome = CommandOutcome.nothing
            defer { follow(outcome) }
            outcome = try storeCommand.runAtPrompt(in: context)
            try context.settle(outcome)
        } catch let error as JotterError {
            failed += 1
            report(error.message)
        } catch {
            if PromptCommands.exitCode(for: error) == .success {
                context.output.write(CommandHelp.arranged(PromptCommands.fullMessage(for: error, columns: context.terminal.width)) + "\n")
                context.output.flush()
            } else {
                failed += 1
                report(CommandHelp.oneLine(PromptCommands.message(for: error)))
            }
        }
    }

    /// Takes the place as the store holds it now when it is the same lists: in rows
    /// numbered anew (a sync of this prompt or a rebuild beside it applied the journal
    /// again), the command would look for the place's entries in rows that are gone.
    private func adoptRowsNumberedAnew() throws {
        let check = try context.store.recheck(context.path)
        guard check.notice == nil, check.path.ids == context.path.ids, check.path != context.path else { return }
        try context.move(to: check.path)
        perform(session.handle(.moved(to: check.path, form: try context.store.form(at: check.path))))
    }

    /// After a command: what it did goes to the session as events. Whatever it did,
    /// the place may have gone meanwhile, or its form changed.
    private func follow(_ outcome: CommandOutcome) {
        if outcome == .quit {
            perform(session.handle(.quitRequested))
        }
        if case .dated(let when, let words) = outcome {
            perform(session.handle(.dated(when, words: words)))
        }
        do {
            let check = try context.store.recheck(context.path)
            if check.path != context.path {
                if let notice = check.notice { context.messages.show(notice) }
                try context.move(to: check.path)
            }
            perform(session.handle(.moved(to: context.path, form: try context.store.form(at: context.path))))
            // Last, so that nothing after it takes the line from the edit.
            if case .edit(let node) = outcome {
                perform(session.handle(.editRequested(node.id, text: EntrySession.line(text: node.text,
                    fields: try context.entries.form(forEditing: node).ordered(context.store.fieldValues(of: node))))))
            }
        } catch {
            report((error as? JotterError)?.message ?? "\(error)")
        }
    }

    private func showHelp(for words: [String]) {
        if words.isEmpty {
            context.output.write(PromptCommands.help)
        } else if let command = PromptCommands.command(named: words[0]) {
            context.output.write(CommandHelp.arranged(PromptCommands.helpMessage(for: command, columns: context.terminal.width)) + "\n")
        } else if let topic = HelpTopic(rawValue: words[0]) {
            context.output.write(topic.text + "\n")
        } else {
            report("no command ':\(words[0])'; :help lists the commands")
        }
        context.output.flush()
    }

    private func report(_ message: String) {
        context.messages.show(prefixed(message))
    }

    /// Errors name where: on piped input, the line (`stdin:3: …`).
    private func prefixed(_ message: String) -> String {
        "jotter: " + (source.location.map { $0 + ": " } ?? "") + message
    }
}
