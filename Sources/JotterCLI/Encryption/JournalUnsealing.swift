import JotterCore
import JotterHub

/// Opens the keys of a sealed journal with its passphrase: from the key cache when a
/// command before this one derived it, else from the passphrase command or the
/// terminal (three tries there), and then kept in the cache as a store's key is, until
/// `jotter lock` or the timeout.
struct JournalUnsealing {
    let storePath: String
    let passphrases: PassphraseSource
    let cache: KeyCache

    init(storePath: String, passphraseCommand: String?) throws {
        let unlocking = try StoreUnlocking(path: storePath, passphraseCommand: passphraseCommand)
        self.storePath = storePath
        passphrases = unlocking.passphrases
        cache = unlocking.cache
    }

    /// The seal `store` syncs its journal on `hub` with, nil when the journal is not
    /// sealed; a store and a hub that disagree on it are refused, as one journal never
    /// holds sealed and unsealed operations both.
    static func seal(of store: Store, remote: HubRemote, hub: Hub, passphraseCommand: String?) throws -> JournalSeal? {
        let stored = try store.sealedJournalKeys()
        let sealing = try hub.sealing()
        let journal = DisplayText.escaped(remote.journal)
        switch (stored, sealing.sealed) {
        case (nil, false):
            return nil
        case (nil, true):
            throw JotterError(.hub, "\(hub.name): the journal '\(journal)' is sealed, and this store syncs with it unsealed, which would mix the two in one journal; nothing was sent; 'jotter remote set' it again to join it sealed")
        case (.some, false):
            throw JotterError(.hubLost, "\(hub.name): the journal '\(journal)' is not sealed on the hub, and this store sealed it: the hub lost it (replaced, or restored from before it was sealed) or is another journal; nothing was sent; 'jotter remote rebuild' gives it back its keys and what this store holds")
        case (let stored?, true):
            let seal = try JournalUnsealing(storePath: store.path, passphraseCommand: passphraseCommand)
                .seal(journal: remote.journal, hub: hub.name, keys: sealing.keys)
            if sealing.keys != stored, store.isWritable { try store.setSealedJournalKeys(sealing.keys) }
            return seal
        }
    }

    /// The seal of `journal` on `hub`, whose wrapped keys are `keys`.
    func seal(journal: String, hub: String, keys: [WrappedJournalKey]) throws -> JournalSeal {
        SecretHolding.begin()
        guard let newest = keys.max(by: { $0.id < $1.id }) else {
            throw JotterError(.journalKey, "\(hub): the sealed journal '\(DisplayText.escaped(journal))' has no keys on the hub; 'jotter remote rebuild' on a machine that synced it gives them back")
        }
        let identity = JournalPassphraseKey.identity(ofSalt: newest.salt)
        if var cached = cache.key(for: identity) {
            defer { cached.wipe() }
            if let opened = open(keys, with: JournalPassphraseKey(bytes: cached, salt: newest.salt), journal: journal) {
                return JournalSeal(journal: journal, keys: opened)
            }
            cache.forget(identity: identity)
        }
        var attempt = 1
        while true {
            var passphrase = try passphrases.journalPassphrase(for: storePath, journal: journal, hub: hub, attempt: attempt)
            defer { passphrase.wipe() }
            guard var derived = JournalPassphraseKey.derive(passphrase: passphrase, salt: newest.salt, costText: newest.cost) else {
                throw JotterError(.journalKey, "\(hub): the keys of the sealed journal '\(DisplayText.escaped(journal))' are wrapped in a way this jotter does not know (\(DisplayText.escaped(newest.cost))); upgrade jotter")
            }
            defer { derived.bytes.wipe() }
            if let opened = open(keys, with: derived, journal: journal) {
                remember(derived)
                return JournalSeal(journal: journal, keys: opened)
            }
            guard attempt < passphrases.attempts else {
                throw JotterError(.journalKey, "\(hub): wrong passphrase for the sealed journal '\(DisplayText.escaped(journal))'; nothing was changed")
            }
            attempt += 1
        }
    }

    /// A first key for `journal`, about to be sealed, wrapped under a passphrase chosen
    /// now.
    func newSealing(journal: String, hub: String) throws -> (seal: JournalSeal, keys: [WrappedJournalKey]) {
        SecretHolding.begin()
        var passphrase = try passphrases.journalPassphrase(for: storePath, journal: journal, hub: hub, attempt: 1, new: true)
        defer { passphrase.wipe() }
        guard var derived = JournalPassphraseKey.derive(passphrase: passphrase, salt: JournalPassphraseKey.newSalt()) else {
            preconditionFailure("scrypt refused jotter's own setting")
        }
        defer { derived.bytes.wipe() }
        let key = JournalPassphraseKey.newJournalKey()
        remember(derived)
        return (JournalSeal(journal: journal, keys: [1: key]), [derived.wrap(key, id: 1, journal: journal)])
    }

    /// The keys of `journal` with a new one added, every one wrapped under a new
    /// passphrase: operations sealed from now on open only with it.
    func rotated(journal: String, hub: String, keys: [WrappedJournalKey]) throws -> (seal: JournalSeal, keys: [WrappedJournalKey]) {
        let current = try seal(journal: journal, hub: hub, keys: keys)
        var passphrase = try passphrases.newJournalPassphrase(for: storePath, journal: journal)
        defer { passphrase.wipe() }
        if let newest = keys.max(by: { $0.id < $1.id }),
           var same = JournalPassphraseKey.derive(passphrase: passphrase, salt: newest.salt, costText: newest.cost) {
            defer { same.bytes.wipe() }
            if same.unwrap(newest, journal: journal) != nil {
                throw JotterError.input(
                    "the new journal passphrase is the old one; nothing was changed (a passphrase command is told JOTTER_PASSPHRASE_PURPOSE=journal-new when the new one is asked)")
            }
        }
        guard var derived = JournalPassphraseKey.derive(passphrase: passphrase, salt: JournalPassphraseKey.newSalt()) else {
            preconditionFailure("scrypt refused jotter's own setting")
        }
        defer { derived.bytes.wipe() }
        var all = current.keys
        let newID = (all.keys.max() ?? 0) + 1
        all[newID] = JournalPassphraseKey.newJournalKey()
        let wrapped = all.keys.sorted().map { id in derived.wrap(all[id]!, id: id, journal: journal) }
        remember(derived)
        return (JournalSeal(journal: journal, keys: all), wrapped)
    }

    private func open(_ keys: [WrappedJournalKey], with key: JournalPassphraseKey, journal: String) -> [Int64: [UInt8]]? {
        var opened: [Int64: [UInt8]] = [:]
        for wrapped in keys {
            guard let bytes = key.unwrap(wrapped, journal: journal) else { return nil }
            opened[wrapped.id] = bytes
        }
        return opened
    }

    private func remember(_ key: JournalPassphraseKey) {
        do {
            try cache.remember(key.bytes, for: key.identity)
        } catch {
            guard case .terminal = passphrases.origin else { return }
            Messages.standardError.show("\(error)")
        }
    }
}
