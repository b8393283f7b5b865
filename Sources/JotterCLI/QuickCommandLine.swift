/// The command line scripts run in loops, `jotter add …`, recognised without the
/// argument parser: its reflection costs several times the whole insert. Only plain
/// forms are taken (`--store`, `--to`, `--`, and words, which may start with '-'
/// as TextWords reads them); anything else, `--passphrase-command`, `--at` (whose
/// WHEN may be several words), `--color`, help and mistakes included, goes to the argument
/// parser, so the grammar stays the parser's and a test checks that both read every
/// form taken here the same way.
struct QuickAdd: Equatable {
    var store: String?
    var target: String?
    var words: [String]

    init(store: String?, target: String?, words: [String]) {
        self.store = store
        self.target = target
        self.words = words
    }

    init?(arguments: [String]) {
        var remaining = arguments[...]
        var store: String?
        var target: String?
        var words: [String] = []

        func value(of option: String, _ argument: String) -> (matched: Bool, value: String?) {
            if argument == option {
                guard let next = remaining.popFirst(), !next.hasPrefix("-") else { return (true, nil) }
                return (true, next)
            }
            if argument.hasPrefix(option + "=") {
                return (true, String(argument.dropFirst(option.count + 1)))
            }
            return (false, nil)
        }

        // The other options with a value (a passphrase command, a date, --color) are the
        // parser's: the quick path would take them for text. (After a '--' they are
        // text, and the parser says so too.)
        let parsersOwn = (TextWords.commands["add"]?.valueOptions ?? []).filter { $0 != "--store" && $0 != "--to" }
        guard !arguments.prefix(while: { $0 != "--" }).contains(where: { argument in
            parsersOwn.contains { argument == $0 || argument.hasPrefix($0 + "=") }
        }) else {
            return nil
        }
        while let argument = remaining.first, argument != "add" {
            remaining.removeFirst()
            let option = value(of: "--store", argument)
            guard option.matched, let path = option.value, store == nil else { return nil }
            store = path
        }
        guard remaining.popFirst() == "add" else { return nil }
        while let argument = remaining.popFirst() {
            if argument == "--" {
                words += remaining
                break
            }
            guard argument.hasPrefix("-") else {
                words.append(argument)
                continue
            }
            let to = value(of: "--to", argument)
            if to.matched {
                guard let value = to.value, target == nil else { return nil }
                target = value
                continue
            }
            let option = value(of: "--store", argument)
            if option.matched {
                guard let path = option.value, store == nil else { return nil }
                store = path
                continue
            }
            // Any other word that starts with '-' is text (TextWords), but help and
            // an unknown option before the text are the parser's.
            guard !words.isEmpty || !(argument == "-h" || argument.hasPrefix("--")) else { return nil }
            words.append(argument)
        }
        guard !words.isEmpty else { return nil }
        self.init(store: store, target: target, words: words)
    }

    func run() throws {
        let context = try CommandContext.open(store: store, runsHooks: StoreOptions.environmentRunsHooks, isPrompt: false)
        try context.finishing { try context.settle(try AddCommand.add(words: words, target: target, in: context)) }
    }
}
