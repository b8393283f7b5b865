/// The remote this store syncs with, kept in the store's settings: this machine's
/// choice, never synced, exported or imported. A sync uses it only while it holds this
/// user's tag for this file (`Store+Trust.swift`): set here, or trusted with `jotter trust`.
extension Store {
    static let remoteKeys = (conninfo: "remote_conninfo", journal: "remote_journal", auto: "remote_auto",
                             sealedKeys: "remote_sealed_keys")

    /// The remote `remote set` chose, trusted or not; nil when none is set.
    public func remote() throws -> HubRemote? {
        guard let stored = try storedRemote() else { return nil }
        do {
            return try HubRemote(conninfo: stored.conninfo, journal: stored.journal)
        } catch let error as JotterError where error.kind == .input {
            throw JotterError.input("the remote kept in \(path) is not usable (\(error.message)); set it again with 'jotter remote set'")
        }
    }

    /// The remote to sync with, only when this user set it in this file or trusted it
    /// here: a store received from someone else connects nowhere, and sends nothing,
    /// until then. Nil when none is set.
    public func trustedRemote() throws -> HubRemote? {
        guard let remote = try remote() else { return nil }
        guard try remoteIsTrusted() else { throw JotterError(.hub, Store.untrustedRemoteMessage) }
        return remote
    }

    public static let untrustedRemoteMessage =
        "the hub settings of this store were not set by you in this file (it came from elsewhere, or another program changed them), so nothing connects to them; 'jotter trust' shows them and lets it sync"

    /// Whether the prompt syncs by itself (`remote set --auto`).
    public func syncsAutomatically() throws -> Bool {
        try read {
            try setting(Store.remoteKeys.conninfo, { _ in true }) != nil
                && setting(Store.remoteKeys.auto, { $0.string(0) }) == "1"
        }
    }

    /// The wrapped keys of the sealed journal this store syncs with, as it last saw
    /// them on the hub; nil when its journal is not sealed. Kept so that a hub that lost
    /// them is given them back by `remote rebuild`: wrapped, they open only with the
    /// journal's passphrase.
    public func sealedJournalKeys() throws -> [WrappedJournalKey]? {
        guard let text = try read({ try setting(Store.remoteKeys.sealedKeys, { $0.string(0) }) }) ?? nil else { return nil }
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
            try database.statement("DELETE FROM setting WHERE key = ?").bind(1, Store.remoteKeys.sealedKeys).run()
            return
        }
        let text = keys.map { "\($0.id) \(StoreKey.hex($0.salt)) \($0.cost) \(StoreKey.hex($0.wrapped))" }
            .joined(separator: "\n")
        try setSetting(Store.remoteKeys.sealedKeys, text: text)
    }

    /// Keeps `remote` as the user's own choice: trusted at once; with `sealedKeys`, its
    /// journal is sealed.
    public func setRemote(_ remote: HubRemote, auto: Bool = false, sealedKeys: [WrappedJournalKey]? = nil) throws {
        let key = try trustKeyForTagging()
        try write {
            try setSetting(Store.remoteKeys.conninfo, text: remote.conninfo)
            try setSetting(Store.remoteKeys.journal, text: remote.journal)
            try setSetting(Store.remoteKeys.auto, text: auto ? "1" : "0")
            try keepSealedJournalKeys(sealedKeys)
            let stored = StoredRemote(conninfo: remote.conninfo, journal: remote.journal, auto: auto)
            try setSetting(Store.remoteTrustKey, blob: trustTag(stored.setting, key: key) ?? [])
        }
    }

    /// Forgets the remote; whether there was one.
    @discardableResult
    public func unsetRemote() throws -> Bool {
        try write {
            try database.statement("DELETE FROM setting WHERE key IN (?, ?, ?)")
                .bind(1, Store.remoteKeys.auto).bind(2, Store.remoteTrustKey).bind(3, Store.remoteKeys.sealedKeys).run()
            try database.statement("DELETE FROM setting WHERE key IN (?, ?)")
                .bind(1, Store.remoteKeys.conninfo).bind(2, Store.remoteKeys.journal).run()
            return database.changes > 0
        }
    }
}
