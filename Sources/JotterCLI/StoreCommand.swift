import ArgumentParser
import JotterCore

/// A command that works on a store, the same at the prompt (`:list`) and from a shell
/// (`jotter list`): one grammar, one help text, one implementation.
protocol StoreCommand: ParsableCommand {
    var options: StoreOptions { get }
    func run(in context: CommandContext) throws
}

extension StoreCommand {
    /// From a shell: open the store the options name, run, and write out the output.
    func run() throws {
        let context = try CommandContext.open(options, isPrompt: false)
        try context.finishing { try run(in: context) }
    }

    /// At the prompt: the store is the prompt's, and cannot be switched by one command.
    func runAtPrompt(in context: CommandContext) throws {
        if options.store != nil {
            throw JotterError.input("--store cannot be given at the prompt; it uses \(context.store.path)")
        }
        try context.finishing { try run(in: context) }
    }
}

extension CommandContext {
    /// Runs `body`, then writes out its output, failing if the output could not be
    /// written; output before an error is written too. The output is written last,
    /// so a script told that it failed must also be told whether the store changed,
    /// or it would make the change again.
    func finishing(_ body: () throws -> Void) throws {
        let changesBefore = store.rowsChanged
        do {
            try body()
        } catch {
            output.flush()
            throw error
        }
        do {
            try output.finish()
        } catch let error as JotterError where store.rowsChanged != changesBefore {
            throw JotterError(error.kind, error.message + "; the store was changed all the same, so do not do it again")
        }
    }
}

extension NodeFormat: ExpressibleByArgument {}
