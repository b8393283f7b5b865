import JotterCore

#if canImport(Glibc)
import Glibc
#endif

/// What a command works with: the store, where the user is, and where output goes.
/// A one-shot command gets one made from the saved path; the prompt lends its own.
final class CommandContext {
    let store: Store
    /// Where new entries go and relative targets start.
    private(set) var path: NavigationPath
    let output: OutputBuffer
    let isPrompt: Bool
    let outputIsTerminal: Bool
    let colour: Bool
    private(set) var quitRequested = false
    /// An item the prompt should put in the line to edit, set by `:edit` without text.
    var requestedEdit: Node?

    init(store: Store, path: NavigationPath, isPrompt: Bool) {
        self.store = store
        self.path = path
        self.isPrompt = isPrompt
        output = OutputBuffer(fileDescriptor: STDOUT_FILENO)
        outputIsTerminal = Terminal.isTerminal(STDOUT_FILENO)
        colour = Terminal.wantsColour(fileDescriptor: STDOUT_FILENO)
    }

    /// Opens the store the options name and continues from its saved path.
    static func open(_ options: StoreOptions, isPrompt: Bool) throws -> CommandContext {
        let location = try StoreLocation.resolve(explicit: options.store, environment: Terminal.environment)
        let store = try Store(path: location)
        store.notices.forEach(Messages.show)
        // The prompt writes every line: a store it cannot write is refused before it opens.
        if isPrompt { try store.requireWritable() }
        let restored = try store.restorePath()
        if let notice = restored.notice {
            Messages.show(notice)
            if store.readOnlyReason == nil { try store.savePath(restored.path) }
        }
        return CommandContext(store: store, path: restored.path, isPrompt: isPrompt)
    }

    func resolve(_ target: String) throws -> NavigationPath {
        try TargetResolver(store: store).resolve(target, from: path)
    }

    /// The lists or items that targets name, each target one argument.
    func nodes(_ targets: [String]) throws -> [Node] {
        try targets.map { target in
            guard let node = try resolve(target).top else {
                throw JotterError.input("'\(DisplayText.escaped(target))' is the root, which holds everything; name a list or item")
            }
            return node
        }
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

    func requestQuit() {
        quitRequested = true
    }
}
