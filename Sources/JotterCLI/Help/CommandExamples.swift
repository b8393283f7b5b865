/// Two or three examples of each command, by the words that name it (`field add`):
/// each command's help shows its own, and `jotter help examples` and the man page's
/// EXAMPLES all of them.
enum CommandExamples {
    struct Example {
        let command: String
        let meaning: String
    }

    static let table: [String: [Example]] = [
        "add": [
            Example(command: "jotter add buy oat milk", meaning: "an item at the current place"),
            Example(command: "jotter add --to groceries eggs", meaning: "an item under groceries"),
            Example(command: "jotter add coffee price:3.50", meaning: "with a field's value"),
        ],
        "list": [
            Example(command: "jotter ls", meaning: "the entries here"),
            Example(command: "jotter ls groceries --all", meaning: "those of groceries, done ones too"),
            Example(command: "jotter ls --format json", meaning: "for a program"),
        ],
        "new": [
            Example(command: "jotter new groceries", meaning: "a list here, which becomes the current place"),
            Example(command: "jotter new 'work notes'", meaning: "a name of several words"),
        ],
        "cd": [
            Example(command: "jotter cd groceries", meaning: "new entries go to groceries"),
            Example(command: "jotter cd /", meaning: "back to the root"),
            Example(command: "jotter cd ..", meaning: "up one level"),
        ],
        "up": [Example(command: "jotter up", meaning: "the place above becomes the current one")],
        "path": [Example(command: "jotter path", meaning: "where new entries go")],
        "edit": [
            Example(command: "jotter edit 3 buy soy milk", meaning: "entry 3 gets this text"),
            Example(command: "jotter edit groceries", meaning: "rename a list, in $EDITOR"),
            Example(command: "jotter edit --at 'yesterday 21:00' 3", meaning: "entry 3 was written yesterday evening"),
        ],
        "done": [
            Example(command: "jotter done 2", meaning: "entry 2 is done"),
            Example(command: "jotter done 2 5", meaning: "entries 2 and 5"),
        ],
        "undone": [Example(command: "jotter undone 2", meaning: "entry 2 is not done any more")],
        "mv": [
            Example(command: "jotter mv 3 groceries", meaning: "entry 3 moves under groceries"),
            Example(command: "jotter mv 2 4 /", meaning: "entries 2 and 4 move to the root"),
        ],
        "rm": [
            Example(command: "jotter rm 3", meaning: "entry 3 goes to the trash"),
            Example(command: "jotter rm groceries", meaning: "a list, with everything under it"),
        ],
        "trash": [
            Example(command: "jotter trash", meaning: "what is in the trash"),
            Example(command: "jotter trash --empty", meaning: "delete it for good"),
        ],
        "restore": [
            Example(command: "jotter trash", meaning: "what can come back, numbered"),
            Example(command: "jotter restore 1", meaning: "the first of them comes back"),
        ],
        "undo": [
            Example(command: "jotter undo", meaning: "the last change is reverted"),
            Example(command: "jotter undo && jotter undo", meaning: "the last two"),
        ],
        "redo": [Example(command: "jotter redo", meaning: "the change undo reverted is made again")],
        "find": [
            Example(command: "jotter find milk", meaning: "every item and list with a word starting 'milk'"),
            Example(command: "jotter find '\"oat milk\"' -soy", meaning: "that phrase, without 'soy'"),
            Example(command: "jotter find '#work' --format json", meaning: "a tag, for a program"),
        ],
        "tags": [Example(command: "jotter tags", meaning: "every #tag, with how many entries hold it")],
        "log": [
            Example(command: "jotter log", meaning: "everything, day by day"),
            Example(command: "jotter log --since monday", meaning: "from Monday on"),
            Example(command: "jotter log --on yesterday groceries", meaning: "yesterday's, under groceries"),
        ],
        "field": [
            Example(command: "jotter field add price decimal", meaning: "items here are asked a price"),
            Example(command: "jotter field ls", meaning: "the fields asked here"),
        ],
        "field add": [
            Example(command: "jotter field add price decimal --required", meaning: "a price every item must have"),
            Example(command: "jotter field add mood choice good,ok,bad", meaning: "one of three"),
            Example(command: "jotter field add due date --in work --inherited", meaning: "on work and below"),
        ],
        "field ls": [Example(command: "jotter field ls work", meaning: "the fields of work's items")],
        "field rm": [Example(command: "jotter field rm price", meaning: "items here are no longer asked it")],
        "set": [
            Example(command: "jotter set lines 5", meaning: "entries here are boxes of up to 5 lines"),
            Example(command: "jotter set lines off", meaning: "one line each again"),
        ],
        "sum": [
            Example(command: "jotter sum price", meaning: "the total of price over the entries here"),
            Example(command: "jotter sum price groceries", meaning: "over those of groceries"),
        ],
        "cal": [
            Example(command: "jotter cal", meaning: "this month, each day shaded by its entries"),
            Example(command: "jotter cal 2026", meaning: "a year, with the longest streak"),
            Example(command: "jotter cal last month diary", meaning: "last month's entries under diary"),
        ],
        "stats": [
            Example(command: "jotter stats --by week", meaning: "entries a week"),
            Example(command: "jotter stats price expenses --by month", meaning: "sum, mean, min and max of price a month"),
            Example(command: "jotter stats price --on paid --format tsv", meaning: "by the date field paid, for a script"),
        ],
        "hook": [
            Example(command: "jotter hook add after 'notify-send jotter'", meaning: "run after each add here"),
            Example(command: "jotter hook ls", meaning: "the hooks that apply here"),
        ],
        "hook add": [
            Example(command: "jotter hook add before ./check-receipt", meaning: "may refuse an entry"),
            Example(command: "jotter hook add --on done after 'git commit -qam done'", meaning: "after each done"),
        ],
        "hook ls": [Example(command: "jotter hook ls", meaning: "the hooks that apply here, in order")],
        "hook rm": [Example(command: "jotter hook rm 1", meaning: "the first hook of this place")],
        "hook scope": [Example(command: "jotter hook scope on", meaning: "hooks above do not run here")],
        "hook trust": [Example(command: "jotter hook trust", meaning: "hooks of a copied store may run here")],
        "import": [
            Example(command: "jotter import notes.jsonl", meaning: "all of it, or nothing"),
            Example(command: "jotter import --from todotxt todo.txt --to todo", meaning: "a todo.txt under todo"),
            Example(command: "jotter import --dry-run journal.txt", meaning: "check only"),
        ],
        "export": [
            Example(command: "jotter export --format jsonl -r / > all.jsonl", meaning: "the whole store"),
            Example(command: "jotter export --format md groceries", meaning: "groceries as Markdown"),
            Example(command: "jotter export --format html -r / --to site", meaning: "a site of the journal, site/index.html"),
        ],
        "check": [Example(command: "jotter check", meaning: "say whether the store is whole")],
        "remote": [
            Example(command: "jotter remote set 'host=db.example.com dbname=journal'", meaning: "sync through that hub"),
            Example(command: "jotter remote", meaning: "the hub set here"),
        ],
        "remote show": [Example(command: "jotter remote show", meaning: "the hub set here")],
        "remote set": [
            Example(command: "jotter remote set postgresql://alice@db.example.com/journal", meaning: "a URI"),
            Example(command: "jotter remote set --sealed 'host=db.example.com'", meaning: "a journal the hub cannot read"),
        ],
        "remote key": [Example(command: "jotter remote key rotate", meaning: "a new key and passphrase for a sealed journal")],
        "remote key rotate": [
            Example(command: "jotter remote key rotate", meaning: "asks the passphrase, then a new one twice"),
        ],
        "remote unset": [Example(command: "jotter remote unset", meaning: "stop syncing this store")],
        "remote rebuild": [
            Example(command: "jotter remote rebuild", meaning: "after 'sync' exited 6: give the hub back what it lost"),
        ],
        "trust": [
            Example(command: "jotter trust", meaning: "show what waits to be trusted, and ask"),
            Example(command: "jotter trust --yes", meaning: "trust it without asking, in a script"),
        ],
        "remote schema": [Example(command: "jotter remote schema | psql journal", meaning: "a DBA makes the tables")],
        "sync": [
            Example(command: "jotter sync", meaning: "pull and push once"),
            Example(command: "jotter sync --format json", meaning: "what went each way, for a program"),
        ],
        "conflicts": [Example(command: "jotter conflicts", meaning: "the values that lost a conflict")],
        "encrypt": [
            Example(command: "jotter encrypt", meaning: "asks a new passphrase twice"),
            Example(command: "jotter encrypt --passphrase-command 'pass show journal'", meaning: "from pass"),
        ],
        "decrypt": [Example(command: "jotter decrypt", meaning: "back to a plain file")],
        "rekey": [Example(command: "jotter rekey", meaning: "a new passphrase")],
        "lock": [Example(command: "jotter lock", meaning: "forget the cached keys now")],
        "completion": [
            Example(command: "source <(jotter completion bash)", meaning: "Tab completes jotter in this bash"),
            Example(command: "jotter completion fish > ~/.config/fish/completions/jotter.fish", meaning: "for every fish"),
        ],
        "quit": [Example(command: ":quit", meaning: "leave the prompt")],
    ]

    /// The examples of the command named by `path`, laid out for its help.
    static func section(for path: String) -> String? {
        guard let examples = table[path], !examples.isEmpty else { return nil }
        return "EXAMPLES:\n" + lines(examples).joined(separator: "\n")
    }

    /// Every command's examples, in the order help lists the commands.
    static var all: String {
        let order = (CommandRegistry.commands + CommandRegistry.shellCommands).flatMap { entry -> [String] in
            let name = entry.command.configuration.commandName ?? ""
            return [name] + entry.command.configuration.subcommands.map { name + " " + ($0.configuration.commandName ?? "") }
        }
        return lines(order.flatMap { table[$0] ?? [] }).joined(separator: "\n")
    }

    private static func lines(_ examples: [Example]) -> [String] {
        let width = min(44, examples.map(\.command.count).max() ?? 0)
        return examples.map { example in
            let padding = String(repeating: " ", count: max(2, width - example.command.count + 2))
            return "  " + example.command + padding + "# " + example.meaning
        }
    }
}
