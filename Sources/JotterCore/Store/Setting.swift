/// A key of the store's `setting` table, each named here once so that a reader and its
/// writer cannot spell it apart: Swift passes a `Setting`, and SQL built in Swift puts
/// in `sql` rather than writing the key out. Only the names below and the drafts'
/// keys can be made.
struct Setting: Hashable, Sendable, CustomStringConvertible {
    /// The key as the table holds it, and as messages name it.
    let key: String

    private init(_ key: String) {
        self.key = key
    }

    /// The salt every derived id holds.
    static let idSalt = Setting("id_salt")
    /// How far the search index and the log index have been filled, as a row number.
    static let searchIndexedTo = Setting("search_indexed_to")
    static let logIndexedTo = Setting("log_indexed_to")
    /// How far the value buckets of `stats` have been worked out, as a row number.
    static let valueBucketedTo = Setting("value_bucketed_to")
    /// Counts the changes to forms, so that an entry made against an old form is told.
    static let formVersion = Setting("form_version")
    /// The prompt's place when it was left, as ids and as the text it was shown as.
    static let path = Setting("path")
    static let pathText = Setting("path_text")
    /// This store's name for sync, and its clock.
    static let replicaID = Setting("replica_id")
    static let hlc = Setting("hlc")
    /// How far this store's own rows have been sent and watched, as row numbers.
    static let syncPushedTo = Setting("sync_pushed_to")
    static let syncWatchedTo = Setting("sync_watched_to")
    /// Where in the hub's log this store has read to, and the hash of the chain there.
    static let syncCursor = Setting("sync_cursor")
    static let syncCursorHash = Setting("sync_cursor_hash")
    /// The hub's head right after the last push of this store that landed, and its link
    /// of the hash chain: while the cursor is before it, a hub that does not hold that
    /// link lost operations it acknowledged to this store.
    static let syncAcknowledgedTo = Setting("sync_acknowledged_to")
    static let syncAcknowledgedHash = Setting("sync_acknowledged_hash")
    /// The row of `sync_log` up to which this store's own operations stand before the
    /// cursor in the hub's order; absent, all of them do.
    static let syncLogPassedTo = Setting("sync_log_passed_to")
    /// The hub's position at or before which those after it landed; absent, not known.
    static let syncOwnLandedBy = Setting("sync_own_landed_by")
    /// The row of `sync_log` after which the operations of the last push that landed
    /// are, all landed right at `syncOwnLandedBy`: those before it, of earlier pushes,
    /// landed at or before it, where is not known.
    static let syncOwnLastPushFrom = Setting("sync_own_last_push_from")
    /// 1 from a rebuild that put the cursor back until the journal is applied again in
    /// the rebuilt hub's order; absent otherwise.
    static let syncReplayDue = Setting("sync_replay_due")
    /// 1 while a pull applies changes, when the triggers log nothing.
    static let syncApplying = Setting("sync_applying")
    /// What the file was when its `replica_id` was given, to tell a copy.
    static let fileIdentity = Setting("file_identity")
    /// The hub this store syncs with, and the tag that trusts it here.
    static let remoteConninfo = Setting("remote_conninfo")
    static let remoteJournal = Setting("remote_journal")
    static let remoteAuto = Setting("remote_auto")
    static let remoteTrust = Setting("remote_trust")
    /// The wrapped keys of a sealed journal, as the hub last held them.
    static let remoteSealedKeys = Setting("remote_sealed_keys")

    /// Every key but the drafts'.
    static let named: [Setting] = [
        idSalt, searchIndexedTo, logIndexedTo, valueBucketedTo, formVersion, path, pathText, replicaID, hlc,
        syncPushedTo, syncWatchedTo, syncCursor, syncCursorHash, syncAcknowledgedTo, syncAcknowledgedHash, syncLogPassedTo, syncOwnLandedBy,
        syncOwnLastPushFrom, syncReplayDue, syncApplying, fileIdentity,
        remoteConninfo, remoteJournal, remoteAuto, remoteTrust, remoteSealedKeys,
    ]

    private static let draftPrefix = "draft "

    /// A line kept for the next prompt at `place`: `draft ID` (`draft /` at the top),
    /// then `draft ID 2` and on for more kept there at once.
    static func draft(at place: NavigationPath, number: Int = 1) -> Setting {
        let first = draftPrefix + (place.top?.id.description ?? "/")
        return Setting(number == 1 ? first : first + " \(number)")
    }

    /// A GLOB that the keys of drafts kept at a list (not the top) match.
    static let draftsAtListsPattern = draftPrefix + "[0-9a-f]*"

    /// The draft a key read back from the table names, with the id of its list; nil
    /// for any other key.
    static func draftAtList(storedAs key: String) -> (setting: Setting, place: NodeID)? {
        guard key.hasPrefix(draftPrefix) else { return nil }
        let idText = key.dropFirst(draftPrefix.count).prefix { $0 != " " }
        return NodeID(String(idText)).map { (Setting(key), $0) }
    }

    /// Whether `key`, read from the table, is one jotter writes.
    static func isKnown(_ key: String) -> Bool {
        named.contains { $0.key == key } || key.hasPrefix(draftPrefix + "/") || draftAtList(storedAs: key) != nil
    }

    /// The key as an SQL string literal, for statements built in Swift.
    var sql: String { "'\(key)'" }

    var description: String { key }
}
