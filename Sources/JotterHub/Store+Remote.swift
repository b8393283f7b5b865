import JotterCore

/// The hub settings a store keeps, read and written as a `HubRemote`: checked as libpq
/// parses a connection string, which the store itself never does.
extension Store {
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

    /// Keeps `remote` as the user's own choice: trusted at once; with `sealedKeys`, its
    /// journal is sealed.
    public func setRemote(_ remote: HubRemote, auto: Bool = false, sealedKeys: [WrappedJournalKey]? = nil) throws {
        try setRemote(conninfo: remote.conninfo, journal: remote.journal, auto: auto, sealedKeys: sealedKeys)
    }
}
