import ArgumentParser
import JotterCore

/// Only at the prompt: every entry is already in the store, so there is nothing to save.
struct QuitCommand: StoreCommand {
    static let configuration = CommandConfiguration(
        commandName: "quit",
        abstract: "Leave the prompt (Ctrl-D on an empty line does the same).",
        aliases: ["q", "exit"])

    @OptionGroup(visibility: .hidden) var options: StoreOptions

    func run(in context: CommandContext) throws -> CommandOutcome {
        .quit
    }
}
