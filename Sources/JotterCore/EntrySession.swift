/// The prompt as a value: events in, effects out, no terminal and no store. The
/// line editor feeds it what the user did and carries out what it asks for, so every
/// behaviour here is tested without either.
public struct EntrySession: Equatable {
    public private(set) var path: NavigationPath
    public private(set) var isFinished = false
    /// Lines piped in are data: each is an entry as it is (trimmed), never a command,
    /// so no line of a file can stop or redirect the rest of it.
    public let linesAreLiteral: Bool

    public init(path: NavigationPath, linesAreLiteral: Bool = false) {
        self.path = path
        self.linesAreLiteral = linesAreLiteral
    }

    public enum Event: Equatable {
        /// A line was entered (without its newline).
        case submitted(String)
        /// Ctrl-C: the line being typed is dropped.
        case interrupted
        /// Ctrl-D on an empty line, or the end of piped input.
        case endOfInput
        /// A command moved to another place.
        case moved(to: NavigationPath)
        /// The store refused an entry: the path had changed under it (`notice` says
        /// where it now stands) or the write failed. The line is handed back, as typed,
        /// so that nothing is lost.
        case entryReturned(line: String, path: NavigationPath, notice: String)
        /// A command asked to end the session.
        case quitRequested
    }

    public enum Effect: Equatable {
        /// Add `text` as an item under the top of `path`, with `historyLine` (a line
        /// typed at the prompt) in the history, in one transaction.
        case commit(text: String, under: NavigationPath, historyLine: String?)
        /// Run the command line after the `:`.
        case runCommand(String, historyLine: String)
        /// Show one line to the user.
        case notice(String)
        /// Put text in the line buffer for the next prompt, ready to edit and Enter.
        case prefill(String)
        /// End the session.
        case finish
    }

    /// The prompt, naming where the next entry will go.
    public var prompt: String {
        path.promptDisplay() + " › "
    }

    public mutating func handle(_ event: Event) -> [Effect] {
        guard !isFinished else { return [] }
        switch event {
        case .submitted(let line) where linesAreLiteral:
            let text = EntryText.trimmed(line)
            return text.isEmpty ? [] : [.commit(text: text, under: path, historyLine: nil)]
        case .submitted(let line):
            switch EntryText.meaning(of: line) {
            case .nothing:
                return []
            case .entry(let text):
                return [.commit(text: text, under: path, historyLine: EntryText.trimmed(line))]
            case .command(let command):
                return [.runCommand(command, historyLine: EntryText.trimmed(line))]
            }
        case .interrupted:
            return []
        case .endOfInput, .quitRequested:
            isFinished = true
            return [.finish]
        case .moved(let destination):
            path = destination
            return []
        case .entryReturned(let line, let newPath, let notice):
            path = newPath
            return [.notice(notice), .prefill(line)]
        }
    }
}
