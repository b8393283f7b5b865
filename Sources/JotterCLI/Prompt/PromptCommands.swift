import ArgumentParser
import CEditLine
import JotterCore

/// The `:commands` of the prompt. They are the one-shot subcommands, parsed by the
/// same argument parser, so help, errors and behaviour are the same in both places.
struct PromptCommands: ParsableCommand {
    /// Named as `jotter`, so that `:add --help` is `jotter add --help`.
    static let configuration = CommandConfiguration(
        commandName: "jotter", subcommands: CommandRegistry.promptSubcommands)

    /// Every name a command answers to, for completion and for telling a mistyped
    /// command from a wrong argument.
    static let names: [String] = configuration.subcommands.flatMap { command in
        [command.configuration.commandName ?? ""] + command.configuration.aliases
    } + ["help"]

    /// The command a name or alias stands for.
    static func command(named name: String) -> ParsableCommand.Type? {
        configuration.subcommands.first { $0.configuration.commandName == name || $0.configuration.aliases.contains(name) }
    }

    static var help: String {
        var text = """
            Type an entry and press Enter: it is added under the place the prompt shows.
            A line that starts with ':' is a command; start a line with '\\' to add it as typed.

            Commands (each but :at, :quit, :back and :help is also `jotter COMMAND` from a shell):

            """
        let commands = configuration.subcommands.map { command in
            (":" + (command.configuration.commandName ?? ""), command.configuration.abstract, command.configuration.aliases)
        } + CommandRegistry.promptWords.map { (":" + $0.name, $0.abstract, [String]()) }
        for (usage, abstract, aliases) in commands {
            let also = aliases.map { ":" + $0 }.joined(separator: ", ")
            let padded = usage + String(repeating: " ", count: max(1, 10 - usage.count))
            text += "  \(padded)\(abstract)"
            text += also.isEmpty ? "\n" : " (also \(also))\n"
        }
        text += """

            No line of a paste runs a command: a pasted ':' line is an entry as pasted (or
            the value of the field asked). Where the terminal does not mark pastes, lines that
            come in one burst (several in one read, there before their prompt, or with more
            waiting behind) are a paste. Type a command at the prompt to run it.

            A line of three double quotes (\"\"\") starts an entry of several lines, and another
            ends it. Where the place has fields (:field ls), each item walks them after its
            text; 'coffee price:3.50' fills fields on one line.

            Keys: Up/Down recall earlier lines, Ctrl-R searches them, Tab completes commands
            and names, Shift-Tab goes back one field, Ctrl-C clears the line (and drops the
            item being entered), Ctrl-D on an empty line quits.
            Line editing is libedit's: ~/.editrc is read, with 'jotter' as the program name.

            """
        return text
    }

    /// Splits a command line into words as a shell would (quotes, backslashes), with
    /// libedit's tokenizer.
    static func words(of line: String) throws -> [String] {
        guard let tokenizer = tok_init(nil) else { return [] }
        defer { tok_end(tokenizer) }
        var count: Int32 = 0
        var words: UnsafeMutablePointer<UnsafePointer<CChar>?>?
        let result = tok_str(tokenizer, line, &count, &words)
        switch result {
        case 0: break
        case 1: throw JotterError.input("a quote (') is not closed")
        case 2: throw JotterError.input("a quote (\") is not closed")
        case 3: throw JotterError.input("the line ends in a lone backslash")
        default: throw JotterError.input("the command could not be read")
        }
        return (0..<Int(count)).compactMap { words?[$0].map { String(cString: $0) } }
    }
}
