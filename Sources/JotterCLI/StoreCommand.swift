import ArgumentParser
import JotterCore

/// A command that works on a store, the same at the prompt (`:list`) and from a shell
/// (`jotter list`): one grammar, one help text, one implementation. It says what it
/// did that the one running it must follow, rather than reaching into the prompt.
protocol StoreCommand: ParsableCommand {
    var options: StoreOptions { get }
    /// Whether output longer than the screen goes through the pager from a shell:
    /// for commands that show, not those that ask.
    static var pagesOutput: Bool { get }
    func run(in context: CommandContext) throws -> CommandOutcome
}

extension StoreCommand {
    static var pagesOutput: Bool { false }

    /// From a shell: open the store the options name, run, and write out the output.
    func run() throws {
        let context = try CommandContext.open(options, isPrompt: false)
        let pager = Self.pagesOutput && !options.output.noPager ? Pager.paging(context.output, terminal: context.terminal) : nil
        defer { pager?.wait() }
        try context.finishing { try context.settle(try run(in: context)) }
        // Said once the command has answered: one that writes has failed with the
        // full disk instead, in one line.
        if context.store.isOnAFullDisk {
            Messages.standardError.show("\(context.store.path): the disk is full; the store was read as it is, and nothing can be written")
        }
    }

    /// At the prompt: the store is the prompt's, and cannot be switched by one command.
    func runAtPrompt(in context: CommandContext) throws -> CommandOutcome {
        if options.store != nil {
            throw JotterError.input("--store cannot be given at the prompt; it uses \(context.store.path)")
        }
        if options.passphraseCommand != nil {
            throw JotterError.input("--passphrase-command cannot be given at the prompt; the store is open already")
        }
        let runsHooks = context.hooks.isEnabled
        defer { context.hooks.isEnabled = runsHooks }
        if options.noHooks { context.hooks.isEnabled = false }
        return try context.finishing { try run(in: context) }
    }
}
