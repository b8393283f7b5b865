import ArgumentParser
import JotterCore
import JotterHub

/// The user's word that what a store holds may act: its hooks run, and a sync
/// connects to its hub. Only from a shell: a line pasted at the prompt never makes it.
struct TrustCommand: StoreCommand {
    static let configuration = CommandConfiguration(
        commandName: "trust",
        abstract: "Show the hooks and hub settings of this store that wait to be trusted, and trust them.",
        discussion: """
            A hook runs, and a sync connects to the hub, only when you set it with \
            jotter in this very file ('hook add', 'remote set') or trusted it here: \
            a store copied from anyone, or one another program changed, brings hooks \
            and hub settings that wait. Trust rests on a key of yours outside every \
            store ($XDG_STATE_HOME/jotter/trust-key, else \
            ~/.local/state/jotter/trust-key, 0600, made the first time it is \
            needed): jotter tags what you trust with it, and a tag copied into \
            another file, or left on a row changed since, does not hold.

            Shows each waiting hook (when, event, place, command, and its timeout \
            when not the default) and the hub settings (host, hostaddr, port, user, \
            dbname, then the other options of the connection string, a password-like \
            value hidden, the journal and whether the prompt syncs by itself), then \
            asks on the terminal; --yes trusts without asking, for scripts. A hook \
            runs as you; a sync sends your entries to the hub, and libpq sends the \
            password it finds for host and user in ~/.pgpass to hostaddr.
            """)

    @OptionGroup(visibility: .hidden) var options: StoreOptions

    @Flag(help: "Trust what is shown without asking.")
    var yes = false

    func run(in context: CommandContext) throws -> CommandOutcome {
        try context.store.requireWritable()
        var waiting = try context.store.untrusted()
        if let remote = waiting.remote, !show(remote, in: context) { waiting.remote = nil }
        for hook in waiting.hooks {
            let place = try context.store.place(of: hook)
            var line = "hook\t\(hook.timing.rawValue)\t\(hook.event.rawValue)\t\(TerminalStyle.escaped(place.display))\t"
                + TerminalStyle.escaped(hook.command)
            if hook.timeoutSeconds != Hook.defaultTimeoutSeconds { line += "\t(timeout \(hook.timeoutSeconds) s)" }
            context.output.write(line + "\n")
        }
        guard !waiting.isEmpty else {
            context.messages.show("nothing in this store waits to be trusted")
            return .nothing
        }
        if !yes {
            guard context.terminal.inputIsTerminal else {
                throw JotterError.input("trusting needs your answer on a terminal; give --yes to trust what is shown without one")
            }
            context.output.flush()
            context.messages.write("trust \(what(waiting)) on this machine? hooks run as you, and a sync sends your entries (and your password for that host) to the hub [y/N] ")
            guard let answer = readLine(), ["y", "yes"].contains(answer.lowercased()) else {
                context.messages.show("nothing was trusted")
                return .nothing
            }
        }
        try context.store.trust(waiting)
        context.messages.show("trusted \(what(waiting))")
        return .nothing
    }

    /// Writes the hub settings as they will be used; false, with the reason, when they
    /// cannot be, and so are not trusted.
    private func show(_ remote: Store.StoredRemote, in context: CommandContext) -> Bool {
        let options: [(keyword: String, value: String)]
        do {
            _ = try HubRemote(conninfo: remote.conninfo, journal: remote.journal)
            options = try HubRemote.shownOptions(of: remote.conninfo)
        } catch {
            context.messages.show("the hub settings cannot be used (\(error)), so they are not trusted; 'jotter remote set' sets them anew, 'jotter remote unset' takes them away")
            return false
        }
        for option in options {
            context.output.write("hub\t\(option.keyword)\t\(TerminalStyle.escaped(option.value))\n")
        }
        context.output.write("hub\tjournal\t\(TerminalStyle.escaped(remote.journal))\n")
        context.output.write("hub\tauto\t\(remote.auto ? "yes: the prompt syncs by itself" : "no")\n")
        return true
    }

    private func what(_ waiting: Store.Untrusted) -> String {
        let hooks = waiting.hooks.count == 1 ? "1 hook" : "\(waiting.hooks.count) hooks"
        switch (waiting.hooks.isEmpty, waiting.remote == nil) {
        case (false, true): return hooks
        case (true, false): return "the hub settings"
        default: return "\(hooks) and the hub settings"
        }
    }
}
