import JotterApplication
import JotterCore

#if canImport(Glibc)
import Glibc
#endif

/// What a command works with: the store, where the user is, where output and
/// messages go, what the terminal is like, and the time. A one-shot command gets one
/// made from the saved path and the process's own standard output and error; the
/// prompt lends its own; a test makes one of its own.
final class CommandContext {
    let store: Store
    /// Where new entries go and relative targets start.
    private(set) var path: NavigationPath
    let output: OutputBuffer
    let messages: Messages
    let isPrompt: Bool
    let terminal: TerminalFacts
    let clock: Clock
    /// The hooks entries committed here run; asked about once per command.
    let hooks: EntryHooks
    /// At the prompt, where `after` hooks run without holding up the next line.
    var backgroundHooks: BackgroundHooks?

    init(store: Store, path: NavigationPath, isPrompt: Bool, output: OutputBuffer = OutputBuffer(fileDescriptor: STDOUT_FILENO),
         messages: Messages = .standardError, terminal: TerminalFacts = .ofThisProcess(), clock: Clock = .system,
         runsHooks: Bool = true) {
        self.store = store
        self.hooks = EntryHooks(store: store, isEnabled: runsHooks)
        self.path = path
        self.isPrompt = isPrompt
        self.output = output
        self.messages = messages
        self.terminal = terminal
        self.clock = clock
    }

    /// Opens the store the options name and continues from its saved path.
    static func open(_ options: StoreOptions, isPrompt: Bool) throws -> CommandContext {
        try open(store: options.store, create: options.create, passphraseCommand: options.passphraseCommand,
                 runsHooks: options.runsHooks, colour: options.output.colour, isPrompt: isPrompt)
    }

    static func open(store explicitStore: String?, create: Bool = false, passphraseCommand: String? = nil, runsHooks: Bool,
                     colour: ColourChoice = .auto, isPrompt: Bool) throws -> CommandContext {
        let location = try StoreOptions.location(explicit: explicitStore, create: create)
        let isFirst = StoreOptions.makesTheDefaultStore(location, explicit: explicitStore)
        let store = try StoreUnlocking.open(path: location, passphraseCommand: passphraseCommand)
        if isFirst { Messages.standardError.show("jotter: made a new store at \(location)") }
        store.notices.forEach(Messages.standardError.show)
        // The prompt writes every line: a store it cannot write is refused before it opens.
        if isPrompt { try store.requireWritable() }
        let restored = try store.restorePath()
        if let notice = restored.notice {
            Messages.standardError.show(notice)
            if store.isWritable { try store.savePath(restored.path) }
        }
        return CommandContext(store: store, path: restored.path, isPrompt: isPrompt,
                              terminal: .ofThisProcess(colour: colour), runsHooks: runsHooks)
    }

    /// How text is styled on the way to standard output.
    var style: TerminalStyle { TerminalStyle(colour: terminal.colour) }

    func resolve(_ target: String) throws -> NavigationPath {
        try TargetResolver(store: store).resolve(target, from: path)
    }

    /// The lists or items that targets name, each target one argument.
    func nodes(_ targets: [String]) throws -> [Node] {
        try targets.map { target in
            guard let node = try resolve(target).top else {
                throw JotterError.input("'\(target)' is the root, which holds everything; name a list or item")
            }
            return node
        }
    }

    /// The nodes targets name, as a command that changes them holds them: an item's
    /// long text cut to its start (see `Node.naming`).
    func nodesToChange(_ targets: [String]) throws -> [Node] {
        try nodes(targets).map(\.naming)
    }

    /// The place a command's target words name, or the current place without any.
    func place(_ words: [String]) throws -> NavigationPath {
        words.isEmpty ? path : try resolve(words.joined(separator: " "))
    }

    /// Moves to `destination` and saves it, so the next start continues there.
    func move(to destination: NavigationPath) throws {
        try store.savePath(destination)
        path = destination
    }

    /// Takes the prompt's position before a command runs there.
    func adopt(_ current: NavigationPath) {
        path = current
    }

    /// Carries out what a command did that outlasts it: a move is saved, so that the
    /// next start continues there.
    func settle(_ outcome: CommandOutcome) throws {
        if case .moved(let destination) = outcome {
            try move(to: destination)
        }
    }

    /// What people do to entries, with this command's hooks and messages.
    var entries: EntryActions {
        EntryActions(store: store, hooks: hooks, today: clock.today, show: messages.show, runAfterHooks: runAfterHooks)
    }

    /// Runs the `after` hooks of a committed entry; what fails is shown, and the entry
    /// stays.
    func runAfterHooks(_ event: Hook.Event, _ entry: HookEntry) {
        do {
            let (pending, notices) = try hooks.afterHooks(event, entry)
            notices.forEach(messages.show)
            if let backgroundHooks {
                backgroundHooks.start(pending)
            } else {
                pending.run().forEach(messages.show)
            }
        } catch {
            messages.show("hooks: \(error)")
        }
    }

    /// Runs `body`, then writes out its output, failing if the output could not be
    /// written; output before an error is written too. The output is written last,
    /// so a script told that it failed must also be told whether the store changed,
    /// or it would make the change again.
    func finishing<T>(_ body: () throws -> T) throws -> T {
        let changesBefore = store.rowsChanged
        let result: T
        do {
            result = try body()
        } catch {
            // The command's own error is what is said; a failure to write what came
            // before it is not kept to fail the next command at the prompt.
            try? output.finish()
            throw error
        }
        do {
            try output.finish()
        } catch let error as JotterError where store.rowsChanged != changesBefore {
            throw JotterError(error.kind, error.message + "; the store was changed all the same, so do not do it again")
        }
        return result
    }
}
