import ArgumentParser
import JotterCore
import JotterHub

struct SyncCommand: StoreCommand {
    static let configuration = CommandConfiguration(
        commandName: "sync",
        abstract: "Pull what is new on the hub, and push what is new here on top of it.",
        discussion: """
            Every machine's journal follows the hub's one order: a sync pulls first, \
            then pushes onto what it pulled (when another machine pushed in between, it \
            pulls and pushes again). Of two changes of one value, the one later in \
            that order wins, whatever the machines' clocks say, and the other is kept \
            ('jotter conflicts'). \
            Needs a remote ('jotter remote set'), trusted here: hub settings that came \
            with a store from elsewhere, or that another program changed, make no \
            connection; one line says so, exit status 5, until 'jotter trust'. Says in one line on standard error \
            what went each way: 'sent 3, received 12, 1 conflict (jotter conflicts)'; \
            --format json writes {"sent":N,"received":N,"conflicts":N} on standard \
            output instead. An operation from the hub that cannot be applied (from a \
            newer jotter, malformed, a move that would make a loop) is set aside with \
            one line each (the first 100, then how many more), and the rest goes on. \
            Tables of an older jotter are brought up to date as 'remote set' does. A hub that is down, a network that is \
            gone, a wrong password: one line naming the hub and the reason, exit \
            status 5, and nothing local is lost; what was not sent goes at the next sync. \
            A hub that does not hold what this store pulled from it or sent to it (restored from an \
            older backup, replaced by an empty database, or another journal) is told \
            by its hash chain: one line, exit status 6, and nothing is applied; 'jotter \
            remote rebuild' gives it back what it lost. A sealed journal ('remote set \
            --sealed') asks for its passphrase once per machine (kept in the kernel's \
            keyring as a store's key is, until 'jotter lock'); a wrong one is one line \
            and exit status 7, with nothing changed.
            """)

    @OptionGroup(visibility: .hidden) var options: StoreOptions

    @Option(help: ArgumentHelp("The output format: text goes to standard error, json to standard output.", valueName: "format"))
    var format: SyncFormat = .text

    func run(in context: CommandContext) throws -> CommandOutcome {
        guard let remote = try context.store.trustedRemote() else {
            throw JotterError.input("no remote is set; 'jotter remote set CONNINFO' sets the hub to sync with")
        }
        try context.store.requireWritable()
        let hub = try Hub(remote)
        let pulledTo = max(try context.store.syncHead().position, try context.store.syncAcknowledgedHead()?.position ?? 0)
        if pulledTo > 0, try !hub.hasTables() { throw Sync.lostTables(hub, at: pulledTo) }
        try hub.check()
        let seal = try JournalUnsealing.seal(of: context.store, remote: remote, hub: hub,
                                             passphraseCommand: options.passphraseCommand)
        let summary = try Sync.run(context.store, with: hub, seal: seal)
        for parked in summary.parked { context.messages.show(parked) }
        if let more = summary.parkedBeyondShown { context.messages.show(more) }
        switch format {
        case .text: context.messages.show(summary.line)
        case .json: context.output.write(summary.json + "\n")
        }
        return .nothing
    }
}

enum SyncFormat: String, CaseIterable, ExpressibleByArgument {
    case text, json
}
