/// The remote this store syncs with, kept in the store's settings: this machine's
/// choice, never synced, exported or imported. A sync uses it only while it holds this
/// user's tag for this file (`Store+Trust.swift`): set here, or trusted with `jotter trust`.
extension Store {
    public static let untrustedRemoteMessage =
        "the hub settings of this store were not set by you in this file (it came from elsewhere, or another program changed them), so nothing connects to them; 'jotter trust' shows them and lets it sync"

    /// Whether the prompt syncs by itself (`remote set --auto`).
    public func syncsAutomatically() throws -> Bool {
        try read {
            try setting(.remoteConninfo, { _ in true }) != nil
                && setting(.remoteAuto, { $0.string(0) }) == "1"
        }
    }

    /// The wrapped keys of the sealed journal this store syncs with, as it last saw
    /// them on the hub; nil when its journal is not sealed. Kept so that a hub that lost
    /// them is given them back by `remote rebuild`: wrapped, they open only with the
    /// journal's passphrase.
    public func sealedJournalKeys() throws -> [WrappedJournalKey]? {
        guard let text = try read({ try setting(.remoteSealedKeys, { $0.string(0) }) }) ?? nil else { return nil }
        return text.split(separator: "\n").compactMap { line in
            let parts = line.split(separator: " ")
            guard parts.count == 4, let id = Int64(parts[0]), let salt = StoreKey.bytes(ofHex: String(parts[1])),
                  let wrapped = StoreKey.bytes(ofHex: String(parts[3])) else { return nil }
            return WrappedJournalKey(id: id, salt: salt, cost: String(parts[2]), wrapped: wrapped)
        }
    }

    /// Keeps the sealed journal's wrapped keys as the hub now holds them.
    public func setSealedJournalKeys(_ keys: [WrappedJournalKey]) throws {
        try write { try keepSealedJournalKeys(keys) }
    }

    private func keepSealedJournalKeys(_ keys: [WrappedJournalKey]?) throws {
        guard let keys else {
            try database.statement("DELETE FROM setting WHERE key = ?").bind(1, Setting.remoteSealedKeys.key).run()
            return
        }
        let text = keys.map { "\($0.id) \(StoreKey.hex($0.salt)) \($0.cost) \(StoreKey.hex($0.wrapped))" }
            .joined(separator: "\n")
        try setSetting(.remoteSealedKeys, text: text)
    }

    /// Keeps the hub settings `conninfo` and `journal`, checked by the caller, as the
    /// user's own choice: trusted at once; with `sealedKeys`, its journal is sealed.
    /// Package-wide only: the CLI writes a remote through `HubRemote`, whose check
    /// refuses a connection string with a password in it.
    package func setRemote(conninfo: String, journal: String, auto: Bool, sealedKeys: [WrappedJournalKey]?) throws {
        let key = try trustKeyForTagging()
        try write {
            try setSetting(.remoteConninfo, text: conninfo)
            try setSetting(.remoteJournal, text: journal)
            try setSetting(.remoteAuto, text: auto ? "1" : "0")
            try keepSealedJournalKeys(sealedKeys)
            let stored = StoredRemote(conninfo: conninfo, journal: journal, auto: auto)
            try setSetting(.remoteTrust, blob: trustTag(stored.setting, key: key) ?? [])
        }
    }

    /// Forgets the remote; whether there was one.
    @discardableResult
    public func unsetRemote() throws -> Bool {
        try write {
            try database.statement("DELETE FROM setting WHERE key IN (?, ?, ?)")
                .bind(1, Setting.remoteAuto.key).bind(2, Setting.remoteTrust.key).bind(3, Setting.remoteSealedKeys.key).run()
            try database.statement("DELETE FROM setting WHERE key IN (?, ?)")
                .bind(1, Setting.remoteConninfo.key).bind(2, Setting.remoteJournal.key).run()
            return database.changes > 0
        }
    }
}
