/// The remote this store syncs with, kept in the store's settings: this machine's
/// choice, never synced, exported or imported.
extension Store {
    private static let remoteKeys = (conninfo: "remote_conninfo", journal: "remote_journal", auto: "remote_auto")

    /// The remote `remote set` chose; nil when none is set.
    public func remote() throws -> HubRemote? {
        try read {
            guard let conninfo = try setting(Store.remoteKeys.conninfo, { $0.string(0) }) else { return nil }
            let journal = try setting(Store.remoteKeys.journal, { $0.string(0) }) ?? HubRemote.defaultJournal
            do {
                return try HubRemote(conninfo: conninfo, journal: journal)
            } catch let error as JotterError where error.kind == .input {
                throw JotterError.input("the remote kept in \(path) is not usable (\(error.message)); set it again with 'jotter remote set'")
            }
        }
    }

    /// Whether the prompt syncs by itself (`remote set --auto`).
    public func syncsAutomatically() throws -> Bool {
        try read {
            try setting(Store.remoteKeys.conninfo, { _ in true }) != nil
                && setting(Store.remoteKeys.auto, { $0.string(0) }) == "1"
        }
    }

    public func setRemote(_ remote: HubRemote, auto: Bool = false) throws {
        try write {
            try setSetting(Store.remoteKeys.conninfo, text: remote.conninfo)
            try setSetting(Store.remoteKeys.journal, text: remote.journal)
            try setSetting(Store.remoteKeys.auto, text: auto ? "1" : "0")
        }
    }

    /// Forgets the remote; whether there was one.
    @discardableResult
    public func unsetRemote() throws -> Bool {
        try write {
            try database.statement("DELETE FROM setting WHERE key = ?").bind(1, Store.remoteKeys.auto).run()
            try database.statement("DELETE FROM setting WHERE key IN (?, ?)")
                .bind(1, Store.remoteKeys.conninfo).bind(2, Store.remoteKeys.journal).run()
            return database.changes > 0
        }
    }
}
