import ArgumentParser
import JotterCore
import JotterHub

/// Encrypts the store in place under a new passphrase.
struct EncryptCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "encrypt",
        abstract: "Encrypt the store with a passphrase.",
        discussion: """
            Asks for a new passphrase twice on the terminal (or takes it from the \
            passphrase command, see below) and writes the whole store anew, encrypted \
            with SQLCipher (AES-256, the key derived from the passphrase with \
            PBKDF2-HMAC-SHA512 at 256,000 rounds): lists, items, fields, the search \
            index, history, the change log and undo, and the write-ahead log. The plain \
            file is overwritten with zeros and removed. A kill at any moment leaves the \
            old store or the new one whole. Another jotter must not have the store open \
            meanwhile (close a prompt on it first). A store that syncs stays the same \
            machine to its hub, and the hub still receives its entries in the clear.

            Afterwards every command asks for the passphrase on the terminal, without \
            echo, up to three times, or runs --passphrase-command CMD or \
            $JOTTER_PASSPHRASE_COMMAND, whose first line of output is the passphrase \
            (as 'pass show journal' prints it). The key is then kept in the kernel's \
            keyring for 15 minutes ($JOTTER_KEY_TIMEOUT seconds), so that the next \
            commands do not ask; 'jotter lock' forgets it now.
            """)

    @OptionGroup(visibility: .hidden) var options: StoreOptions

    func run() throws {
        let unlocking = try StoreUnlocking(options)
        let store = try unlocking.open()
        guard store.key == nil else {
            throw JotterError.input("\(store.path): the store is encrypted already; 'jotter rekey' gives it a new passphrase")
        }
        store.notices.forEach(Messages.standardError.show)
        try store.checkRewritable()
        let key = try unlocking.newKey()
        try store.rewrite(under: key)
        unlocking.remember(key)
        Messages.standardError.show("\(store.path): encrypted; the plain file was overwritten and removed")
        if try store.remote() != nil, try store.sealedJournalKeys() == nil { Messages.standardError.show(HubRemote.inTheClear) }
    }
}

/// Writes an encrypted store back as a plain one.
struct DecryptCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "decrypt",
        abstract: "Decrypt the store: back to a plain file.",
        discussion: """
            Asks for the passphrase (unless its key is cached) and writes the whole \
            store anew as a plain SQLite file, in one step that a kill cannot leave \
            half done; the cached key is forgotten.
            """)

    @OptionGroup(visibility: .hidden) var options: StoreOptions

    func run() throws {
        let unlocking = try StoreUnlocking(options)
        let store = try unlocking.open()
        guard let key = store.key else { throw JotterError.input("\(store.path): the store is not encrypted") }
        try store.rewrite(under: nil)
        unlocking.cache.forget(identity: key.identity)
        Messages.standardError.show("\(store.path): decrypted")
    }
}

/// Gives an encrypted store a new passphrase.
struct RekeyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rekey",
        abstract: "Give the encrypted store a new passphrase.",
        discussion: """
            Asks for the passphrase (unless its key is cached), then for the new one \
            twice; with a passphrase command, both come from it. The store is written \
            anew under the new key, in one step that a kill cannot leave half done, and \
            the old file is overwritten and removed.
            """)

    @OptionGroup(visibility: .hidden) var options: StoreOptions

    func run() throws {
        let unlocking = try StoreUnlocking(options)
        let store = try unlocking.open()
        guard let oldKey = store.key else {
            throw JotterError.input("\(store.path): the store is not encrypted; 'jotter encrypt' encrypts it")
        }
        try store.checkRewritable()
        let key = try unlocking.newKey(replacing: oldKey)
        try store.rewrite(under: key)
        unlocking.cache.forget(identity: oldKey.identity)
        unlocking.remember(key)
        Messages.standardError.show("\(store.path): the passphrase was changed")
    }
}

/// Forgets the keys of encrypted stores cached in the kernel's keyring.
struct LockCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lock",
        abstract: "Forget the cached keys of encrypted stores now.",
        discussion: """
            Removes every key jotter keeps in the kernel's keyring, so that the next \
            command on an encrypted store asks for its passphrase again.
            """)

    func run() throws {
        let forgotten = KeyCache().forgetAll()
        Messages.standardError.show("forgot \(forgotten) cached key\(forgotten == 1 ? "" : "s")")
    }
}
