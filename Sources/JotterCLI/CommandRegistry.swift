import ArgumentParser

/// Every command, listed once. `jotter COMMAND` from a shell and `:COMMAND` at the
/// prompt are both made from here, and so is the prose of help that names them:
/// a new command is one line below.
enum CommandRegistry {
    struct Entry {
        let command: ParsableCommand.Type
        /// What the prompt's summary of commands shows after the name (`:cd TARGET`).
        let promptArguments: String?

        init(_ command: ParsableCommand.Type, promptArguments: String? = nil) {
            self.command = command
            self.promptArguments = promptArguments
        }
    }

    /// The commands of both the shell and the prompt, in the order help lists them.
    static let commands: [Entry] = [
        Entry(AddCommand.self),
        Entry(ListCommand.self),
        Entry(NewCommand.self, promptArguments: "NAME"),
        Entry(CdCommand.self, promptArguments: "TARGET"),
        Entry(UpCommand.self),
        Entry(PathCommand.self),
        Entry(EditCommand.self),
        Entry(DoneCommand.self),
        Entry(UndoneCommand.self),
        Entry(MoveCommand.self),
        Entry(RemoveCommand.self),
        Entry(TrashCommand.self),
        Entry(RestoreCommand.self),
        Entry(UndoCommand.self),
        Entry(RedoCommand.self),
        Entry(FindCommand.self),
        Entry(TagsCommand.self),
        Entry(LogCommand.self),
        Entry(FieldCommand.self),
        Entry(SetCommand.self),
        Entry(SumCommand.self),
        Entry(CalCommand.self),
        Entry(StatsCommand.self),
        Entry(HookCommand.self),
        Entry(ImportCommand.self, promptArguments: "FILE"),
        Entry(ExportCommand.self),
        Entry(CheckCommand.self),
        Entry(RemoteCommand.self),
        Entry(SyncCommand.self),
        Entry(ConflictsCommand.self),
    ]

    /// Commands only the shell has: they write the whole store anew, which the prompt
    /// holds open, or touch no store, or (`trust`) take a decision no pasted line
    /// should make.
    static let shellCommands: [Entry] = [
        Entry(TrustCommand.self),
        Entry(EncryptCommand.self),
        Entry(DecryptCommand.self),
        Entry(RekeyCommand.self),
        Entry(LockCommand.self),
        Entry(CompletionCommand.self),
    ]

    /// Commands only the prompt has, parsed as the others are.
    static let promptCommands: [Entry] = [Entry(AtCommand.self, promptArguments: "WHEN"), Entry(QuitCommand.self)]

    /// What the prompt reads itself, before the parser: `:back` in the entry session,
    /// `:help` in the prompt loop.
    static let promptWords: [(name: String, abstract: String)] = [
        ("back", "Go back one field of the item being entered, or one line of its text."),
        ("help", "This text; ':help COMMAND' or ':COMMAND --help' for one command."),
    ]

    /// The subcommands of `jotter`.
    static var shellSubcommands: [ParsableCommand.Type] { (commands + shellCommands).map(\.command) }

    /// The subcommands of the prompt's `:` lines.
    static var promptSubcommands: [ParsableCommand.Type] { (commands + promptCommands).map(\.command) }

    /// The prompt's commands in a sentence, for the help of `jotter`:
    /// `:add, :list (or :ls), :new NAME, …, :back, :help`.
    static var promptSummary: String {
        let parsed = (commands + promptCommands).map { entry in
            let configuration = entry.command.configuration
            let name = ":" + (configuration.commandName ?? "") + (entry.promptArguments.map { " " + $0 } ?? "")
            let aliases = configuration.aliases.map { ":" + $0 }.joined(separator: ", ")
            return aliases.isEmpty ? name : name + " (or " + aliases + ")"
        }
        return (parsed + promptWords.map { ":" + $0.name }).joined(separator: ", ")
    }
}
