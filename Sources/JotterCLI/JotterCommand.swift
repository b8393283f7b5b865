import ArgumentParser
import JotterCore

#if canImport(Glibc)
import Glibc
#endif

/// `jotter` alone: the prompt on a terminal, one entry per line otherwise.
public struct JotterCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "jotter",
        abstract: "Jot entries into nested lists, one Enter at a time.",
        usage: "jotter [--store <path>] [<subcommand>]",
        discussion: """
            Without a command, jotter opens a prompt on the current place of the store: \
            each line typed and Enter is added at once as an item there, durably, and \
            the prompt is ready for the next. Blank lines add nothing; white space at \
            either end is trimmed; a pasted block adds one item per line. Where the \
            terminal marks pastes (bracketed paste), every pasted line is text, ':' \
            lines too; where it does not, a line with more input waiting behind it never \
            runs :rm, :undo, :redo, :trash --empty, :field rm, :hook rm or :remote unset.

            PROMPT COMMANDS: a line that starts with ':' is a command, the same as the \
            one-shot command of that name with the same options: \(CommandRegistry.promptSummary). \
            ':edit TARGET' puts the item's text in the line to change; Enter saves it. A leading '\\' is dropped and the rest added \
            as typed. Keys: Up/Down recall earlier lines of this store and Ctrl-R \
            searches them; Tab completes commands and names; Shift-Tab goes back one \
            field (emacs keys; :back in every mode); Ctrl-C clears the line and drops \
            the item being entered; Ctrl-D on an empty line quits. Line editing is \
            libedit's: ~/.editrc is read with 'jotter' as the program name \
            (jotter:bind -v for vi keys), and Ctrl-C, Ctrl-R, Ctrl-Z and Tab keep their \
            meaning in every mode.

            FORMS: where a place has fields (see 'jotter field --help'), each item walks \
            them after its text, one prompt each, and nothing is written until the \
            last. A line of three double quotes starts an entry of several lines and \
            another ends it; 'set lines N' makes a place's entries text boxes of up to \
            N lines, added on Enter at line N or on an empty line. Trailing blank lines \
            are dropped. An item made with fields that changed meanwhile goes back to \
            the line. When a signal ends the prompt (the terminal closes, SIGTERM) in \
            the middle of an entry, what was entered is kept and put back in the line \
            the next time a prompt opens at that place.

            When standard input is not a terminal, each line of it is an entry, taken \
            as it is (trimmed; a line starting with ':' or '\\' is text too), and a \
            summary goes to standard error.

            TARGETS: a path of list names or item texts (groceries/weekend, /groceries \
            from the root, .. for up), a position as 'list' shows it (3), or an id, in \
            full or by the tail that 'list' shows. A name is looked up before a \
            position; a list wins over items of the same name.

            TEXT: entries are UTF-8 and stored exactly. Text that is not valid UTF-8 \
            or holds a NUL byte is refused with a message naming the line. Control \
            characters in text are shown escaped (\\x1b, \\t, ...) on a terminal, and \
            written as escapes in json and jsonl. Every word of the text of add, edit \
            and new and of the query of find is theirs as typed, also one that starts \
            with '-' ('find meet -cancelled', 'add note -h'); only the command's own \
            options with a value (--to, --in, --format, --store) are taken out, and \
            after '--' every word is text.

            ENVIRONMENT: JOTTER_STORE, the store when --store is not given. \
            JOTTER_NO_HOOKS=1 runs no hooks ('jotter hook --help'). PGHOST, PGUSER, \
            PGPASSWORD, PGPASSFILE, PGSERVICE and libpq's other variables, for the hub \
            of 'sync' ('jotter remote --help'). \
            JOTTER_PASSPHRASE_COMMAND, the passphrase command when \
            --passphrase-command is not given; JOTTER_PASSPHRASE_TIMEOUT, how many \
            seconds it may take (else 30); JOTTER_KEY_TIMEOUT, how many seconds the \
            key of an encrypted store stays cached (else 900). XDG_CONFIG_HOME, \
            where this machine's id for hooks is kept (else ~/.config). \
            XDG_DATA_HOME, where the default store lives (else ~/.local/share). HOME, \
            for that default and for ~/.editrc. NO_COLOR, set to anything but an empty \
            string, turns colour off; so does output that is not a terminal, and TERM=dumb. EDITRC, \
            read by libedit instead of ~/.editrc. VISUAL, else EDITOR, the editor of \
            'edit' (else vi); TMPDIR, where its private temporary folder goes \
            (XDG_RUNTIME_DIR, else /dev/shm, for an encrypted store). TZ, the \
            time zone of the days and times of 'log'.

            FILES: ${XDG_DATA_HOME:-~/.local/share}/jotter/jotter.sqlite3, the store: \
            one SQLite file (with its -wal and -shm while in use) holding the lists, \
            the items, the current place, the prompt's history and the changes undo \
            steps back through; created on first use, \
            mode 0600 in a 0700 folder. ~/.editrc, libedit's settings.

            EXIT STATUS: 0 success; 1 a wrong input or target (one line on standard \
            error says what and where); 2 a wrong command line; 3 the store cannot be \
            used (not a jotter store, written by a newer jotter, damaged, a wrong \
            passphrase, no permission, another user's file or log, a folder others may \
            write to, disk full, held locked by another program), or 'check' found it \
            damaged: the command \
            changed nothing, and 'jotter check' tells what is wrong with a damaged \
            store; 4 the output could not be written (the message says whether the \
            store was changed all the same, as by add); 5 the hub of 'remote set' or \
            'sync' could not be used (down, unreachable, a wrong password, a hub of a \
            newer jotter, no libpq): one line names the hub and the reason, and \
            nothing local is lost; 6 the hub of 'sync' does not hold what this store \
            pulled from it (restored from an older backup, replaced by an empty \
            database, or another journal): one line says so, nothing is applied, and \
            'jotter remote rebuild' gives it back what it lost; 130 and 143 an import stopped \
            by SIGINT or SIGTERM, with nothing imported.

            READ-ONLY STORES: a store jotter cannot write (on read-only media, a file \
            or folder without write permission, another user's file) is opened for \
            reading: list, export, find, tags, log, path, trash, sum and check work, \
            and a command that would write fails with exit status 3 and the reason. A \
            store readable by others, or its -wal or -shm, is made 0600 when jotter \
            opens it for writing, and says so once.

            ENCRYPTED STORES: 'jotter encrypt' encrypts the whole store with a \
            passphrase ('jotter encrypt --help'). Each command then asks for it on the \
            terminal, up to three times, or takes the first line of output of \
            --passphrase-command CMD; a passphrase is never taken from the command \
            line itself. The derived key is cached in the kernel's keyring (the user \
            session keyring), so that the commands that follow do not ask; where there \
            is no keyring, each asks. A wrong passphrase exits 3 with the file left \
            as it is.
            """,
        version: "0.1.0",
        subcommands: CommandRegistry.shellSubcommands)

    @OptionGroup var options: StoreOptions

    public init() {}

    public func run() throws {
        let context = try CommandContext.open(options, isPrompt: true)
        if Terminal.isTerminal(STDIN_FILENO) {
            Terminal.setUpLocale()
            let completer: (String) -> Completion = { [context] line in
                (try? Completion.complete(lineBeforeCursor: line, commands: PromptCommands.names) { prefix in
                    try context.store.childNames(of: context.path.top, startingWith: prefix)
                }) ?? .none
            }
            guard let editor = LineEditor(completer: completer) else {
                throw JotterError.input("the terminal cannot be used for line editing")
            }
            for line in try context.store.recentHistory() {
                editor.remember(line)
            }
            let autoSync = try context.store.syncsAutomatically()
                ? AutoSync(storePath: context.store.path, passphraseCommand: options.passphraseCommand) : nil
            let loop = try PromptLoop(context: context, source: editor, autoSync: autoSync)
            loop.run()
            if let signal = loop.endingSignal {
                // Ended as the signal would have ended it, now that nothing is lost.
                Glibc.signal(signal, SIG_DFL)
                raise(signal)
            }
        } else {
            let loop = try PromptLoop(context: context, source: PipedInput(), linesAreLiteral: true)
            loop.run()
            let items = loop.added == 1 ? "1 item" : "\(loop.added) items"
            let problems = loop.failed == 0 ? "" : "; \(loop.failed) line\(loop.failed == 1 ? "" : "s") failed"
            Messages.standardError.show("jotter: added \(items)\(problems)")
            if loop.failed > 0 { throw ExitCode(1) }
        }
    }

    /// Parses the command line and runs it, turning every failure into one line on
    /// standard error and the documented exit status.
    public static func runMain() -> Never {
        // CommandLine.arguments has already replaced bytes that are not UTF-8; text
        // and paths changed that way must be refused, not stored or used.
        for index in 1..<Int(CommandLine.argc) {
            guard let argument = CommandLine.unsafeArgv[index] else { continue }
            let bytes = UnsafeBufferPointer(start: argument, count: strlen(argument))
            if bytes.withMemoryRebound(to: UInt8.self, { String(validating: $0, as: UTF8.self) }) == nil {
                Messages.standardError.error("argument \(index) is not valid UTF-8; nothing was done")
                Glibc.exit(1)
            }
        }
        let arguments = Array(CommandLine.arguments.dropFirst())
        if let add = QuickAdd(arguments: arguments) {
            do {
                try add.run()
                Glibc.exit(0)
            } catch {
                exit(after: error)
            }
        }
        let command: ParsableCommand
        do {
            command = try parse(commandLine: arguments)
        } catch {
            if exitCode(for: error) == .success {
                exit(withError: error)
            }
            Messages.standardError.error(message(for: error) + " (see 'jotter --help')")
            Glibc.exit(2)
        }
        do {
            var runnable = command
            try runnable.run()
            Glibc.exit(0)
        } catch {
            exit(after: error)
        }
    }

    /// The command that `arguments` name, with the words of a text taken as typed.
    static func parse(commandLine arguments: [String]) throws -> ParsableCommand {
        try TextWords.parse(arguments, rootOptions: ["--store", "--passphrase-command"], with: parseAsRoot)
    }

    private static func exit(after error: Error) -> Never {
        switch error {
        case let error as JotterError:
            Messages.standardError.error(error.message)
            switch error.kind {
            case .input: Glibc.exit(1)
            case .store: Glibc.exit(3)
            case .output: Glibc.exit(4)
            case .hub: Glibc.exit(5)
            case .hubLost: Glibc.exit(6)
            }
        case let exitCode as ExitCode:
            Glibc.exit(exitCode.rawValue)
        default:
            // Help and version requests arrive here as errors of the parser's own.
            exit(withError: error)
        }
    }
}
