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
        discussion: HelpTopic.description,
        subcommands: CommandRegistry.shellSubcommands)

    @OptionGroup var options: StoreOptions

    public init() {}

    public func run() throws {
        let context = try CommandContext.open(options, isPrompt: true)
        if Terminal.isTerminal(STDIN_FILENO) {
            Terminal.setUpLocale()
            // Tab asks the loop, which knows what the line is for; it is made after the editor.
            var loop: PromptLoop?
            guard let editor = LineEditor(completer: { line in loop?.complete(line) ?? .none }) else {
                throw JotterError.input("the terminal cannot be used for line editing")
            }
            for line in try context.store.recentHistory() {
                editor.remember(line)
            }
            var autoSync: AutoSync?
            if try context.store.syncsAutomatically() {
                if try context.store.remoteIsTrusted() {
                    autoSync = AutoSync(storePath: context.store.path, passphraseCommand: options.passphraseCommand)
                } else {
                    context.messages.error(Store.untrustedRemoteMessage)
                }
            }
            let prompt = try PromptLoop(context: context, source: editor, autoSync: autoSync)
            loop = prompt
            prompt.run()
            if let signal = prompt.endingSignal {
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
        // A shell's Tab (see ShellCompletion): the parser answers it, with no store opened
        // but the one whose names are asked for.
        if arguments.first == "---completion" {
            do {
                _ = try parseAsRoot(arguments)
            } catch {
                let answer = fullMessage(for: error)
                if !answer.isEmpty { print(answer) }
                Glibc.exit(exitCode(for: error).rawValue)
            }
            Glibc.exit(0)
        }
        LeftoverEdits.clear()
        if let add = QuickAdd(arguments: arguments) {
            do {
                try add.run()
                Glibc.exit(0)
            } catch {
                exit(after: error)
            }
        }
        if arguments == ["--version"] {
            print(CommandHelp.version)
            Glibc.exit(0)
        }
        if let help = help(for: arguments) {
            print(help)
            Glibc.exit(0)
        }
        let command: ParsableCommand
        do {
            command = try parse(commandLine: arguments)
        } catch {
            if exitCode(for: error) == .success {
                print(CommandHelp.arranged(fullMessage(for: error)))
                Glibc.exit(0)
            }
            let suggested = Suggestion.message(for: arguments, rootOptions: ["--store", "--passphrase-command"],
                                               among: CommandRegistry.shellSubcommands)
            Messages.standardError.error((suggested ?? CommandHelp.oneLine(message(for: error))) + " (see 'jotter --help')")
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

    /// What `jotter help`, `jotter help TOPIC`, `jotter help topics` and `jotter help commands` print; nil
    /// for anything else, which the parser answers (`jotter help add`).
    static func help(for arguments: [String]) -> String? {
        guard arguments.first == "help" else { return nil }
        switch arguments.count {
        case 1: return CommandHelp.root
        case 2 where arguments[1] == "commands": return CommandHelp.commands
        case 2 where arguments[1] == "topics": return HelpTopic.names
        case 2: return HelpTopic(rawValue: arguments[1])?.text
        default: return nil
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
            case .journalKey: Glibc.exit(7)
            }
        case let exitCode as ExitCode:
            Glibc.exit(exitCode.rawValue)
        default:
            // Help requests arrive here as errors of the parser's own.
            if exitCode(for: error) == .success {
                print(CommandHelp.arranged(fullMessage(for: error)))
                Glibc.exit(0)
            }
            exit(withError: error)
        }
    }
}
