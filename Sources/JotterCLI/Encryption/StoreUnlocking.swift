import JotterCore

/// Opens a store whatever it is: a plain one as it is, an encrypted one with the key
/// cached in the kernel's keyring, else with a passphrase from the passphrase command
/// or the terminal (three tries there), whose key is then cached for the next command.
struct StoreUnlocking {
    let path: String
    let passphrases: PassphraseSource
    let cache: KeyCache

    init(path: String, passphraseCommand: String?) throws {
        self.path = path
        var environment: [String: String] = [:]
        for name in ["JOTTER_PASSPHRASE_COMMAND", "JOTTER_PASSPHRASE_TIMEOUT", "JOTTER_KEY_TIMEOUT"] {
            environment[name] = Terminal.environment(name)
        }
        passphrases = try PassphraseSource.choose(option: passphraseCommand, environment: environment)
        cache = KeyCache(timeoutSeconds: try KeyCache.timeoutSeconds(environment: environment))
    }

    init(_ options: StoreOptions) throws {
        try self.init(path: try options.location(),
                      passphraseCommand: options.passphraseCommand)
    }

    /// A key for a new passphrase, asked twice on the terminal or taken from the
    /// passphrase command, with a new salt. With `oldKey`, the old passphrase is refused:
    /// a passphrase command that answers the same whatever is asked would otherwise
    /// "change" it to itself.
    func newKey(replacing oldKey: StoreKey? = nil) throws -> StoreKey {
        SecretHolding.begin()
        var passphrase = try passphrases.newPassphrase(for: path)
        defer { passphrase.wipe() }
        if let oldKey, StoreKey.derive(passphrase: passphrase, salt: oldKey.salt).bytes == oldKey.bytes {
            throw JotterError.input(
                "\(path): the new passphrase is the old one; nothing was changed (a passphrase command is told JOTTER_PASSPHRASE_PURPOSE=new when the new one is asked)")
        }
        return StoreKey.derive(passphrase: passphrase, salt: StoreKey.newSalt())
    }

    /// Opens the store at `path`. The settings of passphrases and the key cache are
    /// read only for an encrypted store: a plain one opens whatever they hold.
    static func open(path: String, passphraseCommand: String?) throws -> Store {
        do {
            return try Store(path: path)
        } catch let needed as Store.KeyNeeded {
            return try StoreUnlocking(path: path, passphraseCommand: passphraseCommand).open(salt: needed.salt)
        }
    }

    func open() throws -> Store {
        do {
            return try Store(path: path)
        } catch let needed as Store.KeyNeeded {
            return try open(salt: needed.salt)
        }
    }

    private func open(salt: [UInt8]) throws -> Store {
        SecretHolding.begin()
        let identity = StoreKey.identity(ofSalt: salt)
        if var cached = cache.key(for: identity) {
            defer { cached.wipe() }
            do {
                return try Store(path: path, key: StoreKey(bytes: cached, salt: salt))
            } catch let error as JotterError where error == JotterError.wrongKey(path: path) {
                cache.forget(identity: identity)
            }
        }
        var attempt = 1
        while true {
            var passphrase = try passphrases.passphrase(for: path, attempt: attempt)
            let key = StoreKey.derive(passphrase: passphrase, salt: salt)
            passphrase.wipe()
            do {
                let store = try Store(path: path, key: key)
                remember(key)
                return store
            } catch let error as JotterError where error == JotterError.wrongKey(path: path) && attempt < passphrases.attempts {
                attempt += 1
            }
        }
    }

    /// Caches `key` for the commands that follow. Where the kernel keeps no keys, each
    /// command asks again: said once, to someone who was just asked.
    func remember(_ key: StoreKey) {
        do {
            try cache.remember(key.bytes, for: key.identity)
        } catch {
            guard case .terminal = passphrases.origin else { return }
            Messages.standardError.show("\(error)")
        }
    }
}
