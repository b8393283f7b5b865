import ArgumentParser
import JotterCore

/// A command whose last words are free text.
protocol TextWordsCommand: ParsableCommand {
    var words: [String] { get set }
}

extension AddCommand: TextWordsCommand {}
extension NewCommand: TextWordsCommand {}
extension EditCommand: TextWordsCommand {}
extension FindCommand: TextWordsCommand {}

/// Free text on a command line: an item's text, a list's name, a query. Its words may
/// start with '-' ('-5 degrees', 'meet -cancelled', 'desk -h'), which the argument
/// parser would take for options. So before the parser reads the line, one-shot and
/// at the prompt alike, the command's own options are taken out of the words,
/// wherever they were, and every other word is text as typed. The parser never
/// sees the text: its time grows with the square of the words it reads, and the
/// text's words are handed to the command after it.
enum TextWords {
    /// Parses `arguments` with `parse`, the text of add, new, edit or find aside.
    static func parse(_ arguments: [String], rootOptions: [String],
                      with parse: ([String]) throws -> ParsableCommand) throws -> ParsableCommand {
        let split = split(whenWordsJoined(in: arguments, rootOptions: rootOptions), rootOptions: rootOptions)
        guard let text = split.text, let first = text.first else { return try parse(split.line) }
        let parsed = try parse(split.line + ["--", first])
        guard var command = parsed as? any TextWordsCommand else { return parsed }
        command.words = text
        return command
    }

    struct TextCommand {
        /// The options that take a value: the only words of the line that are not text.
        let valueOptions: [String]
        /// How many words before the text name a target (`edit TARGET TEXT`).
        let targets: Int
    }

    /// What each command declares to the parser, as `TextWordsOptionsTests` checks.
    static let commands: [String: TextCommand] = [
        "add": TextCommand(valueOptions: ["--to", "--at"] + storeValueOptions, targets: 0),
        "new": TextCommand(valueOptions: ["--in"] + storeValueOptions, targets: 0),
        "edit": TextCommand(valueOptions: ["--at"] + storeValueOptions, targets: 1),
        "find": TextCommand(valueOptions: ["--format"] + storeValueOptions, targets: 0),
    ]

    /// Those of `StoreOptions`, which every command that opens a store takes.
    private static let storeValueOptions = ["--store", "--passphrase-command", "--color"]

    /// The options whose value is a WHEN, by command.
    private static let whenOptions: [String: [String]] = [
        "log": ["--since", "--until", "--on"], "add": ["--at"], "edit": ["--at"],
    ]

    /// `arguments` with the words of a WHEN of `log` after --since, --until or --on,
    /// or of `add --at` and `edit --at`, made one ('--since 3 days ago', '--at yesterday 9am'), as the
    /// prompt splits a line into words and a shell user may not quote them. The longest run of up to
    /// four words that reads as a WHEN is taken; the words after it are the target.
    static func whenWordsJoined(in arguments: [String], rootOptions: [String]) -> [String] {
        var index = commandIndex(in: arguments, rootOptions: rootOptions)
        guard index < arguments.endIndex, let options = whenOptions[arguments[index]] else { return arguments }
        var joined = Array(arguments[...index])
        index += 1
        while index < arguments.endIndex {
            let argument = arguments[index]
            joined.append(argument)
            index += 1
            if argument == "--" {
                joined += arguments[index...]
                break
            }
            guard options.contains(argument), index < arguments.endIndex else { continue }
            let longest = (1...4).reversed().first { count in
                count == 1 || (index + count <= arguments.endIndex
                    && LogWindow.readsAsWhen(arguments[index..<index + count].joined(separator: " ")))
            } ?? 1
            joined.append(arguments[index..<index + longest].joined(separator: " "))
            index += longest
        }
        return joined
    }

    /// `arguments` without the text of add, new, edit or find, and that text, if any.
    /// `rootOptions` are the options with a value that may come before the command.
    /// Before the text, '-h', '--help' and an unknown '--option' are left to the
    /// parser. A '--', before the text or within it, ends the command's options: it is
    /// dropped, and every word after it is text.
    static func split(_ arguments: [String], rootOptions: [String]) -> (line: [String], text: [String]?) {
        var index = commandIndex(in: arguments, rootOptions: rootOptions)
        guard index < arguments.endIndex, let command = commands[arguments[index]] else { return (arguments, nil) }
        index += 1
        var targets = command.targets
        while index < arguments.endIndex {
            let argument = arguments[index]
            let option = takesValue(argument, command.valueOptions)
            if option.matched {
                index += option.inline ? 1 : 2
            } else if argument == "-h" || argument == "--help" {
                index += 1
            } else if argument == "--" && index + 1 < arguments.endIndex {
                return (Array(arguments[..<index]), Array(arguments[(index + 1)...]))
            } else if argument.hasPrefix("--") {
                return (arguments, nil)
            } else if targets > 0 {
                targets -= 1
                index += 1
            } else {
                break
            }
        }
        guard index < arguments.endIndex else { return (arguments, nil) }
        let textStart = index
        var options: [String] = []
        var text: [String] = []
        while index < arguments.endIndex {
            let argument = arguments[index]
            index += 1
            if argument == "--" {
                text += arguments[index...]
                break
            }
            let option = takesValue(argument, command.valueOptions)
            guard option.matched else {
                text.append(argument)
                continue
            }
            options.append(argument)
            if !option.inline && index < arguments.endIndex {
                options.append(arguments[index])
                index += 1
            }
        }
        return (Array(arguments[..<textStart]) + options, text)
    }

    /// Where the command's name is: after the options of the root with their values.
    static func commandIndex(in arguments: [String], rootOptions: [String]) -> Int {
        var index = arguments.startIndex
        while index < arguments.endIndex {
            let option = takesValue(arguments[index], rootOptions)
            guard option.matched else { break }
            index += option.inline ? 1 : 2
        }
        return index
    }

    /// Whether `argument` is one of `options`, which take a value, and whether the
    /// value is in it (`--to=x`) rather than the next argument.
    private static func takesValue(_ argument: String, _ options: [String]) -> (matched: Bool, inline: Bool) {
        if options.contains(argument) { return (true, false) }
        return (options.contains { argument.hasPrefix($0 + "=") }, true)
    }
}
