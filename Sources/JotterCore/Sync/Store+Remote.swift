/// The remote this store syncs with, kept in the store's settings: this machine's
/// choice, never synced, exported or imported. A sync uses it only while it holds this
/// user's tag for this file (`Store+Trust.swift`): set here, or trusted with `jotter trust`.
extension Store {
    static let remoteKeys = (conninfo: "remote_conninfo", journal: "remote_journal", auto: "remote_auto")

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

    /// Keeps `remote` as the user's own choice: trusted at once.
    public func setRemote(_ remote: HubRemote, auto: Bool = false) throws {
        let key = try trustKeyForTagging()
        try write {
            try setSetting(Store.remoteKeys.conninfo, text: remote.conninfo)
            try setSetting(Store.remoteKeys.journal, text: remote.journal)
            try setSetting(Store.remoteKeys.auto, text: auto ? "1" : "0")
            let stored = StoredRemote(conninfo: remote.conninfo, journal: remote.journal, auto: auto)
            try setSetting(Store.remoteTrustKey, blob: trustTag(stored.setting, key: key) ?? [])
        }
    }

    /// Forgets the remote; whether there was one.
    @discardableResult
    public func unsetRemote() throws -> Bool {
        try write {
            try database.statement("DELETE FROM setting WHERE key IN (?, ?)")
                .bind(1, Store.remoteKeys.auto).bind(2, Store.remoteTrustKey).run()
            try database.statement("DELETE FROM setting WHERE key IN (?, ?)")
                .bind(1, Store.remoteKeys.conninfo).bind(2, Store.remoteKeys.journal).run()
            return database.changes > 0
        }
    }
}
