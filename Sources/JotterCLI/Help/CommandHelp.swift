import ArgumentParser

/// The help people read, made from the argument parser's: a command's usage and
/// examples first, then its arguments and options, then the prose; `jotter --help` a
/// short screen that says where the rest is.
enum CommandHelp {
    static let version = "0.1.0"

    /// The commands `jotter --help` shows, most used first, with what they take.
    static let everyday: [(command: String, usage: String)] = [
        ("add", "add TEXT"), ("list", "ls [TARGET]"), ("new", "new NAME"), ("cd", "cd TARGET"),
        ("edit", "edit TARGET [TEXT]"), ("done", "done TARGET"), ("rm", "rm TARGET"),
        ("find", "find QUERY"), ("log", "log [--since WHEN]"), ("undo", "undo"),
    ]

    /// `jotter --help`, `jotter -h` and `jotter help`.
    static var root: String {
        let commands = everyday.map { entry in
            let abstract = CommandRegistry.commands.first { $0.command.configuration.commandName == entry.command }?
                .command.configuration.abstract ?? ""
            return "  " + padded(entry.usage, to: 20) + abstract
        }
        return """
            jotter: jot entries into nested lists, one Enter at a time.

            USAGE: jotter [--store <path>] [<command>] [<options>]

            Without a command, jotter opens a prompt at the current place: each line
            typed and Enter is added there as an item ('jotter help prompt').

            COMMANDS (all of them: 'jotter help commands'):
            \(commands.joined(separator: "\n"))

            EXAMPLES:
              jotter new groceries           # a list, which becomes the current place
              jotter add oat milk            # an item in it
              jotter log --since monday      # what was entered since Monday, by day

            MORE: 'jotter COMMAND --help' for one command, 'man jotter' for all of it, and
            'jotter help TOPIC' for one of these topics:
            \(wrapped(HelpTopic.names + ".", indent: 2, width: 78))

            OPTIONS (every command takes them):
              --store <path>            The store (default: $JOTTER_STORE, else
                                        $XDG_DATA_HOME/jotter/jotter.sqlite3).
              --passphrase-command <command>
                                        Prints the passphrase of an encrypted store.
              --no-hooks                Run no hooks.
              --create                  Make --store's folders when they are missing.
              --color <when>            Colour: auto, always (into a pipe too) or never.
              --no-pager                Long output straight to the terminal, no pager.
              --version                 Show the version.
              -h, --help                Show help.
            """
    }

    /// `jotter help commands`: every command with what it does.
    static var commands: String {
        let lines = (CommandRegistry.commands + CommandRegistry.shellCommands).map { entry in
            let configuration = entry.command.configuration
            let names = ([configuration.commandName ?? ""] + configuration.aliases).joined(separator: ", ")
            return "  " + padded(names, to: 12) + configuration.abstract
        }
        return "COMMANDS:\n" + lines.joined(separator: "\n") + "\n\nSee 'jotter COMMAND --help' for one of them."
    }

    /// A message of the parser's on one line: it lists many choices one a line.
    static func oneLine(_ message: String) -> String {
        message.replacing(":\n  - ", with: ": ").replacing("\n  - ", with: ", ").replacing("\n", with: " ")
    }

    /// The parser's help for a command, laid out for reading: its usage, what it does
    /// and its examples on the first screen, then its arguments and options, then the
    /// prose. Text that is not a command's help (a version) comes back as it is.
    static func arranged(_ message: String) -> String {
        guard let usageStart = firstRange(of: "USAGE: ", in: message[...]) else { return message }
        let overview = message[..<usageStart.lowerBound]
        let afterUsage = message[usageStart.lowerBound...]
        let usageEnd = firstRange(of: "\n\n", in: afterUsage)?.lowerBound ?? afterUsage.endIndex
        let usage = String(afterUsage[..<usageEnd])
        let rest = trimmed(withoutVersionOption(String(afterUsage[usageEnd...])))

        let path = commandPath(inUsage: usage)
        if path.isEmpty { return root }
        let (abstract, prose) = split(overview: String(overview), abstract: command(at: path)?.configuration.abstract ?? "")
        var parts = [usage, String(abstract)]
        if let examples = CommandExamples.section(for: path.joined(separator: " ")) { parts.append(examples) }
        if !rest.isEmpty { parts.append(rest) }
        if !prose.isEmpty { parts.append(prose) }
        return parts.joined(separator: "\n\n")
    }

    /// The command that `path` names, or nil.
    static func command(at path: [String]) -> ParsableCommand.Type? {
        var candidates = (CommandRegistry.commands + CommandRegistry.shellCommands + CommandRegistry.promptCommands).map(\.command)
        var found: ParsableCommand.Type?
        for word in path {
            found = candidates.first { $0.configuration.commandName == word || $0.configuration.aliases.contains(word) }
            guard let found else { return nil }
            candidates = found.configuration.subcommands
        }
        return found
    }

    /// The parser's overview, wrapped, parted into the abstract and the discussion
    /// that follows it on the next line.
    private static func split(overview: String, abstract: String) -> (abstract: String, prose: String) {
        var text = trimmed(overview)
        if text.hasPrefix("OVERVIEW: ") { text.removeFirst("OVERVIEW: ".count) }
        var remaining = abstract.filter { $0 != " " && $0 != "\n" }.count
        var index = text.startIndex
        while index < text.endIndex && remaining > 0 {
            if text[index] != " " && text[index] != "\n" { remaining -= 1 }
            index = text.index(after: index)
        }
        return (String(text[..<index]), trimmed(String(text[index...])))
    }

    /// The words of the usage line that name the command: `jotter field add <name> …`
    /// gives ["field", "add"], the prompt's `jotter :add …` too.
    static func commandPath(inUsage usage: String) -> [String] {
        let words = usage.dropFirst("USAGE: ".count).split(separator: " ").dropFirst()
        return words.prefix { word in
            guard let first = word.first else { return false }
            return first.isLetter
        }.map(String.init)
    }

    /// The parser lists `--version` under every command; only `jotter` has one.
    private static func withoutVersionOption(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false)
            .filter { !$0.drop(while: { $0 == " " }).hasPrefix("--version ") }
            .joined(separator: "\n")
    }

    /// `text` in lines of at most `width` columns, each indented by `indent`.
    private static func wrapped(_ text: String, indent: Int, width: Int) -> String {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ") {
            if !line.isEmpty && indent + line.count + 1 + word.count > width {
                lines.append(line)
                line = ""
            }
            line += (line.isEmpty ? "" : " ") + word
        }
        if !line.isEmpty { lines.append(line) }
        let margin = String(repeating: " ", count: indent)
        return lines.map { margin + $0 }.joined(separator: "\n")
    }

    private static func padded(_ text: String, to width: Int) -> String {
        text + String(repeating: " ", count: max(1, width - text.count))
    }

    private static func trimmed(_ text: String) -> String {
        let isBlank: (Character) -> Bool = { $0 == " " || $0 == "\n" }
        return String(text.drop(while: isBlank).reversed().drop(while: isBlank).reversed())
    }

    private static func firstRange(of needle: String, in text: Substring) -> Range<String.Index>? {
        var index = text.startIndex
        while index < text.endIndex {
            if text[index...].hasPrefix(needle) {
                return index..<text.index(index, offsetBy: needle.count)
            }
            index = text.index(after: index)
        }
        return nil
    }
}
