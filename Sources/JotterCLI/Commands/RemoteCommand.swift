import ArgumentParser
import JotterCore
import JotterHub

#if canImport(Glibc)
import Glibc
#endif

struct RemoteCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remote",
        abstract: "Show or set the PostgreSQL hub this store syncs through.",
        discussion: """
            Machines sync through a PostgreSQL database, the hub: 'jotter remote set \
            CONNINFO' names it, 'jotter sync' pulls what is new there and pushes what is \
            new here. CONNINFO is libpq's: key=value pairs ('host=db.example.com \
            dbname=journal user=alice') or a URI ('postgresql://alice@db.example.com/journal'), \
            and libpq's conventions apply: PGHOST, PGUSER, PGDATABASE, ~/.pgpass, \
            PGPASSWORD, service files ('service=journal'), sslmode. A CONNINFO holding \
            a password is refused: the store would keep it in the clear, so it goes in \
            ~/.pgpass or PGPASSWORD. The remote is this machine's setting, kept in the \
            store and never synced. A remote you set is trusted at once; one that came \
            with a store from elsewhere, or that another program changed, makes no \
            connection until 'jotter trust' (see its help). Without a subcommand, shows \
            it, with 'trusted no' when it waits.
            """,
        subcommands: [RemoteShowCommand.self, RemoteSetCommand.self, RemoteUnsetCommand.self, RemoteSchemaCommand.self,
                      RemoteRebuildCommand.self, RemoteKeyCommand.self],
        defaultSubcommand: RemoteShowCommand.self)
}

struct RemoteShowCommand: StoreCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Show the remote: its connection string and journal, never a password.")

    @OptionGroup(visibility: .hidden) var options: StoreOptions

    func run(in context: CommandContext) throws -> CommandOutcome {
        guard let remote = try context.store.remote() else {
            context.messages.show("no remote is set; 'jotter remote set CONNINFO' sets one")
            return .nothing
        }
        context.output.write("conninfo\t\(TerminalStyle.escaped(remote.conninfo))\n")
        context.output.write("journal\t\(TerminalStyle.escaped(remote.journal))\n")
        context.output.write("auto\t\(try context.store.syncsAutomatically() ? "yes" : "no")\n")
        context.output.write("sealed\t\(try context.store.sealedJournalKeys() != nil ? "yes" : "no")\n")
        if try !context.store.remoteIsTrusted() {
            context.output.write("trusted\tno (jotter trust)\n")
        }
        return .nothing
    }
}

struct RemoteSetCommand: StoreCommand {
    static let configuration = CommandConfiguration(
        commandName: "set",
        abstract: "Sync this store through the hub CONNINFO names.",
        discussion: """
            Connects to the hub and creates jotter's tables there when it has none (in \
            one transaction; 'jotter remote schema' prints them for a DBA who prefers \
            to), and the journal when missing. A hub set up by a newer jotter is \
            refused; tables of an older jotter are brought up to date in one \
            transaction when this role owns them, and refused in one line otherwise. \
            Nothing is kept unless the hub answered. A hub that is down or \
            refuses the connection exits with status 5. With --auto, the prompt syncs \
            by itself: when it starts, in the background after each entry (never \
            delaying the next prompt), and when it ends, and says in one line what \
            arrived; one-shot commands other than 'sync' never wait for the network. \
            With --sealed (the default for an encrypted store), the journal is sealed: \
            every operation is encrypted on the machine before it leaves it, under a \
            journal key that the hub keeps wrapped by a passphrase of the journal's own, \
            asked now (twice, for a new journal) and once on each machine that joins; \
            the hub orders operations it cannot read. Only a journal that holds no \
            operation yet can be sealed. A sealed journal is joined sealed by every \
            store, plain ones too; --unsealed refuses to, and keeps a new journal in \
            the clear, where the hub holds every text, list and field name as sent, \
            also from an encrypted store.
            """)

    @OptionGroup(visibility: .hidden) var options: StoreOptions

    @Option(help: ArgumentHelp("The journal on the hub (default: main).", valueName: "name"))
    var journal: String = HubRemote.defaultJournal

    @Flag(help: "Sync by itself at the prompt: at its start, after each entry and at its end.")
    var auto = false

    @Flag(help: "Seal the journal: the hub holds only operations it cannot read (the default for an encrypted store).")
    var sealed = false

    @Flag(help: "Keep a new journal in the clear, even from an encrypted store; a sealed journal is refused.")
    var unsealed = false

    @Argument(help: ArgumentHelp("A libpq connection string or postgresql:// URI, without a password.", valueName: "conninfo"))
    var conninfo: String

    func run(in context: CommandContext) throws -> CommandOutcome {
        try context.store.requireWritable()
        if sealed && unsealed { throw JotterError.input("--sealed and --unsealed cannot both be given") }
        let remote = try HubRemote(conninfo: conninfo, journal: journal)
        let hub = try Hub(remote)
        try hub.prepare()
        let sealedKeys = try sealing(remote, on: hub, store: context.store)
        try context.store.setRemote(remote, auto: auto, sealedKeys: sealedKeys)
        if sealedKeys != nil {
            context.messages.show("the journal is sealed: the hub receives operations it cannot read")
        } else if context.store.key != nil {
            context.messages.show(HubRemote.inTheClear)
        }
        let how = auto ? "the prompt syncs it by itself, 'jotter sync' at any time" : "'jotter sync' syncs it"
        context.messages.show("this store syncs with the journal '\(remote.journal)' of \(hub.name); \(how)")
        return .nothing
    }

    /// The journal's wrapped keys when this store syncs it sealed, nil when in the
    /// clear: a sealed journal is joined with its passphrase, and a new one sealed with
    /// a passphrase chosen now.
    private func sealing(_ remote: HubRemote, on hub: Hub, store: Store) throws -> [WrappedJournalKey]? {
        let state = try hub.sealing()
        let journal = DisplayText.escaped(remote.journal)
        let encrypted = store.key != nil
        let unsealing = { try JournalUnsealing(storePath: store.path, passphraseCommand: options.passphraseCommand) }
        if state.sealed {
            guard !unsealed else {
                throw JotterError.input("the journal '\(journal)' of \(hub.name) is sealed, and --unsealed would mix sealed and unsealed operations in it; nothing was set")
            }
            _ = try unsealing().seal(journal: remote.journal, hub: hub.name, keys: state.keys)
            return state.keys
        }
        guard sealed || (encrypted && !unsealed) else { return nil }
        if state.holdsOperations {
            let unless = sealed ? "" : " or keep it in the clear with --unsealed"
            throw JotterError.input("the journal '\(journal)' of \(hub.name) holds operations in the clear already, and they cannot be sealed after the fact; seal a journal of its own (--journal NAME)\(unless); nothing was set")
        }
        let made = try unsealing().newSealing(journal: remote.journal, hub: hub.name)
        let keys = try hub.seal(with: made.keys)
        if keys != made.keys {
            // Another machine sealed it first: its passphrase opens it.
            _ = try unsealing().seal(journal: remote.journal, hub: hub.name, keys: keys)
        }
        return keys
    }
}

struct RemoteUnsetCommand: StoreCommand {
    static let configuration = CommandConfiguration(
        commandName: "unset",
        abstract: "Stop syncing this store; the hub and what it holds are left as they are.")

    @OptionGroup(visibility: .hidden) var options: StoreOptions

    func run(in context: CommandContext) throws -> CommandOutcome {
        if try !context.store.unsetRemote() {
            context.messages.show("no remote was set")
        }
        return .nothing
    }
}

struct RemoteRebuildCommand: StoreCommand {
    static let configuration = CommandConfiguration(
        commandName: "rebuild",
        abstract: "Give a hub that lost operations back every one this store holds, then sync.",
        discussion: """
            For a hub that 'jotter sync' refused with status 6: restored from an older \
            backup, rolled back, or replaced by an empty database. Sets the hub up \
            again as 'remote set' does (tables and journal, when this role may), sends \
            it every operation this store knows it held (what it pulled from it and \
            what it acknowledged), each stored once and after what the hub holds now, \
            syncs, and then applies the whole journal again from its first operation, \
            in the hub's new order, as a store joining now would: every machine that \
            rebuilt shows the same journal. What is this store's alone stays (history, \
            hooks, the place, drafts, the hub's settings); undo forgets the changes \
            made before. A rebuild cut short is finished by the next sync. Run it on \
            every machine that synced with the hub: then every operation any of them \
            had acknowledged is on the hub again, in one order. \
            A sealed journal gets its wrapped keys back from this store too. \
            On a hub that lost nothing, it is a sync. Says in one line what it gave \
            back and what the sync did; a hub that cannot be used exits with status 5.
            """)

    @OptionGroup(visibility: .hidden) var options: StoreOptions

    func run(in context: CommandContext) throws -> CommandOutcome {
        guard let remote = try context.store.remote() else {
            throw JotterError.input("no remote is set; 'jotter remote set CONNINFO' sets the hub to sync with")
        }
        try context.store.requireWritable()
        let hub = try Hub(remote)
        try hub.prepare()
        if let keys = try context.store.sealedJournalKeys(), try !hub.sealing().sealed {
            _ = try hub.seal(with: keys)
        }
        let seal = try JournalUnsealing.seal(of: context.store, remote: remote, hub: hub,
                                             passphraseCommand: options.passphraseCommand)
        let summary = try Sync.rebuild(context.store, with: hub, seal: seal)
        for parked in summary.sync.parked { context.messages.show(parked) }
        if let more = summary.sync.parkedBeyondShown { context.messages.show(more) }
        context.messages.show(summary.line)
        return .nothing
    }
}

struct RemoteSchemaCommand: StoreCommand {
    static let configuration = CommandConfiguration(
        commandName: "schema",
        abstract: "Print the SQL that creates jotter's tables on a hub, for a DBA to run.",
        discussion: """
            The same statements 'remote set' runs, in one transaction, with how a \
            journal is given to a role: row-level security lets a role see only the \
            journals jotter.member names for it (or for a group role it is in).
            """)

    @OptionGroup(visibility: .hidden) var options: StoreOptions

    /// From a shell: no store is needed to print it.
    func run() throws {
        let output = OutputBuffer(fileDescriptor: STDOUT_FILENO)
        output.write(HubSchema.script)
        try output.finish()
    }

    func run(in context: CommandContext) throws -> CommandOutcome {
        context.output.write(HubSchema.script)
        return .nothing
    }
}

struct RemoteKeyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "key",
        abstract: "Manage the key of a sealed journal.",
        subcommands: [RemoteKeyRotateCommand.self])
}

struct RemoteKeyRotateCommand: StoreCommand {
    static let configuration = CommandConfiguration(
        commandName: "rotate",
        abstract: "Give a sealed journal a new key, under a new passphrase.",
        discussion: """
            Asks the journal's passphrase, then a new one (twice on the terminal; a \
            passphrase command is told JOTTER_PASSPHRASE_PURPOSE=journal-new), makes a \
            new journal key that seals every operation from then on, and wraps it and \
            every older key under the new passphrase, replacing the old ones on the hub \
            in one transaction: a command killed halfway leaves the journal readable \
            with the old passphrase or the new one, never neither. Older operations stay \
            readable to whoever has the new passphrase. After a member leaves, it keeps \
            what is sealed from then on from them (with the hub's own access taken from \
            them too); what they pulled before, and the old key if they kept it, it cannot \
            take back. Other machines ask for the new passphrase at their next sync.
            """)

    @OptionGroup(visibility: .hidden) var options: StoreOptions

    func run(in context: CommandContext) throws -> CommandOutcome {
        guard let remote = try context.store.trustedRemote() else {
            throw JotterError.input("no remote is set; 'jotter remote set CONNINFO --sealed' sets a sealed journal")
        }
        try context.store.requireWritable()
        guard try context.store.sealedJournalKeys() != nil else {
            throw JotterError.input("the journal '\(DisplayText.escaped(remote.journal))' is not sealed; only a sealed journal has a key")
        }
        let hub = try Hub(remote)
        try hub.check()
        // Refuses a hub that disagrees with the store about the sealing.
        _ = try JournalUnsealing.seal(of: context.store, remote: remote, hub: hub, passphraseCommand: options.passphraseCommand)
        let old = try hub.sealing().keys
        let rotated = try JournalUnsealing(storePath: context.store.path, passphraseCommand: options.passphraseCommand)
            .rotated(journal: remote.journal, hub: hub.name, keys: old)
        try hub.replaceKeys(with: rotated.keys, replacing: old)
        try context.store.setSealedJournalKeys(rotated.keys)
        context.messages.show("the journal '\(DisplayText.escaped(remote.journal))' of \(hub.name) has a new key, and its \(rotated.keys.count) keys open with the new passphrase only; other machines ask for it at their next sync")
        return .nothing
    }
}
