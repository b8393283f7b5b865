import ArgumentParser
@testable import JotterCLI
import Testing

/// Every command of the shell is a command of the prompt, with the same help.
@Suite struct CommandRegistryTests {
    let jotter = Jotter()

    /// Each registered command's words, and those of its subcommands (`field add`).
    static let commandPaths: [[String]] = CommandRegistry.commands.flatMap { entry in
        let name = entry.command.configuration.commandName!
        return [[name]] + entry.command.configuration.subcommands.map { [name, $0.configuration.commandName!] }
    }

    /// What the prompt writes to standard output for `lines`.
    func prompt(_ lines: [String]) throws -> String {
        let inProcess = try InProcess(isPrompt: true)
        try PromptLoop(context: inProcess.context, source: TypedLines(lines)).run()
        #expect(inProcess.messages.isEmpty, "\(lines)")
        return inProcess.output
    }

    @Test(arguments: commandPaths)
    func helpAtThePromptIsTheHelpFromTheShell(words: [String]) throws {
        let shell = try jotter.run(words + ["--help"])
        #expect(shell.status == 0)
        let asked = try prompt([":" + words.joined(separator: " ") + " --help"])
        #expect(asked == shell.text)
        if words.count == 1 {
            let helped = try prompt([":help " + words[0]])
            #expect(helped == shell.text)
        }
    }

    @Test func everyCommandIsInThePromptsHelpAndInTheShellsDiscussion() throws {
        let help = try prompt([":help"])
        let discussion = JotterCommand.configuration.discussion
        for entry in CommandRegistry.commands + CommandRegistry.promptCommands {
            let name = ":" + entry.command.configuration.commandName!
            #expect(help.contains("  " + name + " "), "\(name)")
            #expect(discussion.contains(name), "\(name)")
        }
        for word in CommandRegistry.promptWords {
            #expect(help.contains("  :" + word.name + " "), "\(word.name)")
            #expect(discussion.contains(":" + word.name), "\(word.name)")
        }
    }

    /// All but the commands that write the whole store anew, which the prompt holds open,
    /// `trust`, which no pasted line should give, and `completion`, which is for a shell.
    @Test func thePromptTakesEveryShellCommandButThoseOfTheShellAlone() {
        let shellAlone = CommandRegistry.shellCommands.map { $0.command.configuration.commandName }
        let shell = JotterCommand.configuration.subcommands.map { $0.configuration.commandName }
            .filter { !shellAlone.contains($0) }
        let prompt = PromptCommands.configuration.subcommands.map { $0.configuration.commandName }
        #expect(Array(prompt.prefix(shell.count)) == shell)
        #expect(shellAlone == ["trust", "encrypt", "decrypt", "rekey", "lock", "completion"])
    }
}
