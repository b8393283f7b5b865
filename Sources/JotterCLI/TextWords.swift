import ArgumentParser

/// Free text on a command line: an item's text, a list's name, a query. Its words may
/// start with '-' ('-5 degrees', 'meet -cancelled', 'desk -h'), which the argument
/// parser would take for options. So the command's options come before the text, and
/// from the text's first word on every word is text, as typed: a '--' is put where the
/// text begins before the parser reads the line, one-shot and at the prompt alike.
enum TextWords {
    private struct TextCommand {
        /// The options that take a value, which may come before the text.
        let valueOptions: [String]
        /// How many words before the text name a target (`edit TARGET TEXT`).
        let targets: Int
    }

    private static let commands: [String: TextCommand] = [
        "add": TextCommand(valueOptions: ["--to", "--store"], targets: 0),
        "new": TextCommand(valueOptions: ["--in", "--store"], targets: 0),
        "edit": TextCommand(valueOptions: ["--store"], targets: 1),
        "find": TextCommand(valueOptions: ["--format", "--store"], targets: 0),
    ]

    /// `arguments` with '--' where the text of add, new, edit or find begins.
    /// `rootOptions` are the options with a value that may come before the command.
    /// A '--' the user wrote before the text is theirs, and the line is left as it is;
    /// one within the text is dropped, and words after it are text whatever they are.
    /// An option of the command within the text (before such a '--') is refused: it
    /// was surely meant as an option, and would silently become text.
    static func marked(_ arguments: [String], rootOptions: [String]) throws -> [String] {
        func takesValue(_ argument: String, _ options: [String]) -> (matched: Bool, inline: Bool) {
            if options.contains(argument) { return (true, false) }
            return (options.contains { argument.hasPrefix($0 + "=") }, true)
        }
        var index = arguments.startIndex
        while index < arguments.endIndex {
            let option = takesValue(arguments[index], rootOptions)
            guard option.matched else { break }
            index += option.inline ? 1 : 2
        }
        guard index < arguments.endIndex, let command = commands[arguments[index]] else { return arguments }
        let name = arguments[index]
        index += 1
        var targets = command.targets
        while index < arguments.endIndex {
            let argument = arguments[index]
            let option = takesValue(argument, command.valueOptions)
            if option.matched {
                index += option.inline ? 1 : 2
            } else if argument == "-h" || argument == "--help" {
                index += 1
            } else if argument.hasPrefix("--") {
                // The user's own '--', or an unknown option the parser names.
                return arguments
            } else if targets > 0 {
                targets -= 1
                index += 1
            } else {
                break
            }
        }
        guard index < arguments.endIndex else { return arguments }
        var text = Array(arguments[index...])
        let literalFrom = text.firstIndex(of: "--") ?? text.endIndex
        if let misplaced = text[..<literalFrom].first(where: { takesValue($0, command.valueOptions).matched }) {
            throw ValidationError(
                "'\(misplaced)' is an option of \(name) and goes before the text; to have it in the text, put '--' before the text")
        }
        if literalFrom < text.endIndex { text.remove(at: literalFrom) }
        return Array(arguments[..<index]) + ["--"] + text
    }
}
