import ArgumentParser
import JotterCore

struct CheckCommand: StoreCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Check the store for damage, and say what was found.",
        discussion: """
            Runs SQLite's integrity check over the whole file, then checks what jotter \
            keeps among its own tables: every table of its version is there, the \
            settings it needs (sync's among them) are there and in range, \
            every parent link leads to the root (no loops), each place among siblings \
            that sync gave is whole, the search index and the \
            index of items by time hold exactly the rows they should, the change \
            log's ranges of rows can be, the earlier texts undo keeps are each \
            one step's, each hook's timeout is one 'hook add' takes, and each \
            entry's text, list's name and field value matches the checksum written \
            with it (a bit changed inside a text leaves the file's structure whole, \
            and SQLite's check sees nothing). Nothing is written to the store. Each problem \
            found is one line on standard output; the exit status is 0 when the store \
            is sound and 3 when it is damaged. --format json writes one object: store, \
            sound (true or false) and problems (an array of strings).

            A store found damaged, by check or by any command that meets the damage, \
            is marked so by a file beside it, STORE.jotter-damaged: jotter then writes \
            nothing to it, and reads it still, until check finds it sound and takes \
            the mark away.

            A damaged store is best replaced by a backup. What SQLite can still read \
            can be saved with 'sqlite3 STORE .recover | sqlite3 NEW', and the items \
            exported from NEW with 'jotter --store NEW export -r /'.
            """)

    @OptionGroup(visibility: .hidden) var options: StoreOptions

    @Option(help: ArgumentHelp("The output format.", valueName: "format"))
    var format: CheckFormat = .text

    /// From a shell: the store alone. The saved place is not looked up, as on a
    /// damaged store that can fail before the check says anything.
    func run() throws {
        let location = try options.location()
        let store = try StoreUnlocking.open(path: location, passphraseCommand: options.passphraseCommand)
        store.notices.forEach(Messages.standardError.show)
        let context = CommandContext(store: store, path: .root, isPrompt: false)
        _ = try context.finishing { try run(in: context) }
    }

    func run(in context: CommandContext) throws -> CommandOutcome {
        let store = context.store
        let problems = try store.check()
        switch store.damageMarkAfterCheck {
        case .takenAway:
            context.messages.show("\(store.path): found sound; the mark of damage was taken away, and jotter writes to it again")
        case .stays(let path, let reason):
            context.messages.show(
                "\(store.path): found sound, but the mark of damage beside it cannot be taken away (\(reason)); jotter writes nothing to the store until \(path) is removed")
        case nil:
            break
        }
        let out = context.output
        switch format {
        case .text:
            if problems.isEmpty {
                out.write("\(TerminalStyle.escaped(store.path)): sound (SQLite's integrity check, tables, settings, parent links, places among siblings, search and time indexes, checksums, change log, hooks)\n")
            }
            for problem in problems { out.write(TerminalStyle.escaped(problem) + "\n") }
        case .json:
            out.write("{\"store\":")
            JSON.writeString(store.path, to: out)
            out.write(",\"sound\":\(problems.isEmpty),\"problems\":[")
            for (index, problem) in problems.enumerated() {
                if index > 0 { out.write(",") }
                JSON.writeString(problem, to: out)
            }
            out.write("]}\n")
        }
        guard problems.isEmpty else {
            throw JotterError.store(
                "\(store.path): the store is damaged (\(problems.count) problem\(problems.count == 1 ? "" : "s") found); replace it with a backup, or see 'jotter check --help' to save what can be read")
        }
        return .nothing
    }
}

enum CheckFormat: String, CaseIterable, ExpressibleByArgument {
    case text, json
}
