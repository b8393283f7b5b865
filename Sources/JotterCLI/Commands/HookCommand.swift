import ArgumentParser
import JotterApplication
import JotterCore

struct HookCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "hook",
        abstract: "Run commands of your own before or after entries are committed.",
        discussion: """
            A hook belongs to a place (a list, an item, or the root) and runs for \
            entries committed there or anywhere below: on add (the default), edit, \
            done or rm (moving to the trash): entries typed at the prompt, piped \
            lines, and 'jotter add', edit, done and rm and their ':' commands. Several run outermost first (the root, \
            then down to the entry's own list), then in the order they were added. \
            'hook scope on' at a place keeps the hooks of the places above it from \
            running for the entries inside it.

            COMMAND runs with /bin/sh -c, without the terminal. Its standard input is \
            the entry as one JSON object, as 'list --format json' shows it (before an \
            add is written it has no id or times yet); JOTTER_EVENT (add, edit, done, \
            rm), JOTTER_ID (empty before an add), JOTTER_PATH (the entry's list) and \
            JOTTER_STORE are in its environment. The entry's text reaches it only \
            there, never in its command line.

            A 'before' hook runs before the write: exit status 0 accepts the entry, \
            any other refuses it, nothing is written and the first line of its \
            standard error is shown ('hook /work: no receipt number'); 'jotter add' \
            then exits with 1, and at the prompt the entry goes back in the line to \
            correct, or back to the field of the form the hook names by printing \
            {"field": "receipt"} on standard output. It may instead print a JSON object {"text": ..., \
            "fields": {...}} to replace the entry (on add and edit), checked as typed \
            input is. An 'after' hook runs once the entry is committed and \
            cannot undo it: a failure is shown in one line, and the entry stays. At \
            the prompt it runs in the background: the next prompt is back at once, \
            and what it reports is shown before a later prompt is drawn. A \
            hook that runs past its timeout (5 s unless --timeout) is stopped with \
            everything it started; one that writes more than 1 MiB to an output is \
            stopped too.

            --no-hooks on any command, or JOTTER_NO_HOOKS=1, runs none. Imports run \
            them only with --hooks: the add hooks of the import's target, before ones \
            as each item is read (a refusal stops the import, and nothing is \
            imported; a replacement is taken, as for add) and after ones once it is all in. \
            Hooks are this machine's settings: never \
            exported, imported or synced. A hook runs only when you added it with \
            jotter to this very file, or trusted it with 'jotter trust': the hooks of \
            a store copied from anyone, or changed by another program, wait, listed \
            by 'hook ls', and an entry they would have run for says so in one line.

            Examples: notify on /shopping, after each item is added:
              jotter hook add after 'notify-send "shopping" "$(jq -r .text)"' --in /shopping
            Refuse an expense without a receipt number:
              jotter hook add before 'jq -e ".fields.receipt // empty" >/dev/null || { echo "no receipt number" >&2; echo "{\\"field\\":\\"receipt\\"}"; exit 1; }' --in /expenses
            """,
        subcommands: [HookAddCommand.self, HookListCommand.self, HookRemoveCommand.self, HookScopeCommand.self,
                      HookTrustCommand.self])
}

extension Hook.Timing: ExpressibleByArgument {}
extension Hook.Event: ExpressibleByArgument {}

struct HookAddCommand: StoreCommand {
    static let configuration = CommandConfiguration(
        commandName: "add",
        abstract: "Add a hook to the current place.",
        discussion: "The new hook runs after the place's other hooks.")

    @OptionGroup(visibility: .hidden) var options: StoreOptions

    @Option(name: .customLong("on"), help: ArgumentHelp("add, edit, done or rm.", valueName: "event"))
    var event: Hook.Event = .add

    @Option(name: .customLong("in"), help: ArgumentHelp("Add it to this list or item instead.", valueName: "target"),
            completion: ShellCompletion.targets)
    var target: String?

    @Option(help: ArgumentHelp("Stop it after this many seconds (1 to 3600).", valueName: "seconds"))
    var timeout: Int = Hook.defaultTimeoutSeconds

    @Argument(help: ArgumentHelp("before or after.", valueName: "when"))
    var timing: Hook.Timing

    @Argument(help: ArgumentHelp("The command, one argument: run with /bin/sh -c.", valueName: "command"))
    var command: String

    func validate() throws {
        guard Hook.timeoutRange.contains(timeout) else {
            throw ValidationError("--timeout takes \(Hook.timeoutRange.lowerBound) to \(Hook.timeoutRange.upperBound) seconds, not \(timeout)")
        }
        guard !EntryText.trimmed(command).isEmpty else { throw ValidationError("the hook's command is empty") }
    }

    func run(in context: CommandContext) throws -> CommandOutcome {
        let place = try target.map(context.resolve) ?? context.path
        try context.store.addHook(timing, on: event, command: command, timeoutSeconds: timeout, to: place.top)
        return .nothing
    }
}

struct HookListCommand: StoreCommand {
    static let pagesOutput = true

    static let configuration = CommandConfiguration(
        commandName: "ls",
        abstract: "Show the hooks that apply here, in the order they run, and where each is from.",
        discussion: """
            One line each: when, event, its place and number there (for 'hook rm'), \
            and its command; a hook waiting to be trusted says so.
            """,
        aliases: ["list"])

    @OptionGroup(visibility: .hidden) var options: StoreOptions

    @Argument(help: ArgumentHelp("The list or item whose hooks to show.", valueName: "target"),
              completion: ShellCompletion.targets)
    var target: [String] = []

    func run(in context: CommandContext) throws -> CommandOutcome {
        let place = try context.place(target)
        let levels = try context.store.hookLevels(along: place)
        let applying = HookOrder.applying(levels)
        if applying.isEmpty && context.terminal.outputIsTerminal {
            context.messages.show("no hooks apply at \(place.display)")
        }
        // The root has no places above it to shut out.
        if let scoped = levels.last(where: \.isScoped), !scoped.path.isRoot {
            context.output.write("scope on at \(TerminalStyle.escaped(scoped.path.display)): the hooks above it do not run here\n")
        }
        // In the order they run: before the write, then after it; an event at a time.
        let kinds = Hook.Timing.allCases.flatMap { timing in Hook.Event.allCases.map { (timing, $0) } }
        for (timing, event) in kinds {
            for (hook, owner) in applying where hook.timing == timing && hook.event == event {
                let number = (levels.first { $0.path == owner }?.hooks.firstIndex(of: hook) ?? 0) + 1
                var line = "\(hook.timing.rawValue)\t\(hook.event.rawValue)\t\(TerminalStyle.escaped(owner.display)) \(number)\t"
                    + TerminalStyle.escaped(hook.command)
                if hook.timeoutSeconds != Hook.defaultTimeoutSeconds { line += "\t(timeout \(hook.timeoutSeconds) s)" }
                if !hook.isTrusted { line += "\t(waiting to be trusted: jotter trust)" }
                context.output.write(line + "\n")
            }
        }
        let waiting = try context.store.waitingHookCount()
        if waiting > 0 {
            context.messages.show(waiting == 1
                ? "1 hook of this store was not set by you in this file and waits to be trusted: 'jotter trust' shows it and lets it run"
                : "\(waiting) hooks of this store were not set by you in this file and wait to be trusted: 'jotter trust' shows them and lets them run")
        }
        return .nothing
    }
}

struct HookRemoveCommand: StoreCommand {
    static let configuration = CommandConfiguration(
        commandName: "rm",
        abstract: "Remove a hook of the current place.",
        discussion: "N is the hook's number at its place, as 'hook ls' shows it.",
        aliases: ["remove"])

    @OptionGroup(visibility: .hidden) var options: StoreOptions

    @Option(name: .customLong("in"), help: ArgumentHelp("Remove it from this list or item instead.", valueName: "target"),
            completion: ShellCompletion.targets)
    var target: String?

    @Argument(help: ArgumentHelp("The hook's number at its place.", valueName: "n"))
    var number: Int

    func run(in context: CommandContext) throws -> CommandOutcome {
        let place = try target.map(context.resolve) ?? context.path
        try context.store.removeHook(number: number, from: place.top, display: place.display)
        return .nothing
    }
}

struct HookScopeCommand: StoreCommand {
    enum Switch: String, ExpressibleByArgument, CaseIterable {
        case on, off
    }

    static let configuration = CommandConfiguration(
        commandName: "scope",
        abstract: "Keep the hooks of the places above from running here (on), or let them (off).",
        discussion: "With scope on, only the place's own hooks and those below it run for the entries inside it.")

    @OptionGroup(visibility: .hidden) var options: StoreOptions

    @Option(name: .customLong("in"), help: ArgumentHelp("Set it for this list or item instead.", valueName: "target"),
            completion: ShellCompletion.targets)
    var target: String?

    @Argument(help: ArgumentHelp("on or off.", valueName: "on|off"))
    var state: Switch

    func run(in context: CommandContext) throws -> CommandOutcome {
        let place = try target.map(context.resolve) ?? context.path
        try context.store.setHookScope(state == .on, at: place.top)
        return .nothing
    }
}

/// `hook trust` trusted hooks only; `jotter trust` also covers the hub settings, so
/// a script that ran `hook trust` is told of the new name rather than trusting more
/// than it meant.
struct HookTrustCommand: StoreCommand {
    static let configuration = CommandConfiguration(
        commandName: "trust",
        abstract: "Replaced by 'jotter trust', which shows the hooks and the hub settings it trusts and asks first.",
        shouldDisplay: false)

    @OptionGroup(visibility: .hidden) var options: StoreOptions

    func run(in context: CommandContext) throws -> CommandOutcome {
        throw JotterError.input("'hook trust' is now 'jotter trust': it shows the hooks and hub settings that wait, then asks")
    }
}
