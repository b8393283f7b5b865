/// The journal applied again from the hub's first operation, after a rebuild
/// (docs/sync.md, "A hub that lost operations"). A rebuilt hub holds what it lost
/// after what it kept, in another order than the one this store applied, and the
/// journal is a function of the hub's order: every store that rebuilt must show what a
/// store joining now would, and so starts again from nothing but what is this store's
/// alone.
extension Store {
    /// Whether the journal waits to be applied again: from a rebuild that put the cursor
    /// back until the replay that ends it, so that a replay cut short is made by the next
    /// sync.
    public func syncReplayDue() throws -> Bool {
        try read { try setting(.syncReplayDue) { $0.int64(0) != 0 } ?? false }
    }

    /// Forgets everything the hub's operations made here and applies them all again by
    /// `pull`, as a store that joins the journal now would, in one transaction: one cut
    /// short leaves the store as it was. What is this store's alone stays: its history,
    /// hooks (each on the list its id names now, trusted where it was), the prompt's
    /// place and drafts, the hub's settings, and its name for sync, with which it took
    /// no part in the pull: its own operations are applied as anyone's. Undo forgets the
    /// changes made before, whose rows are gone. False, with nothing done, while this
    /// store has changes the hub has not acknowledged: they would be lost.
    public func replayingTheJournal(_ pull: (_ stranger: NodeID) throws -> Void) throws -> Bool {
        try write {
            // An add undone and never handed out goes with the undo history, which
            // alone could redo it; one sent is in the hub's trash, and comes back there.
            if try hasChangesUnsent(exceptAddsUndone: true) { return false }
            let own = try replicaID()
            let hooks = try hooks(from: hooksStatement(where: "1")).map { hook in
                (hook: hook, owner: try hook.ownerSeq.map { try nodeID(seq: $0) })
            }
            var scopes: [NodeID??] = []
            let scopeRows = try database.statement("SELECT owner FROM hook_scope")
            while try scopeRows.step() { scopes.append(try scopeRows.optionalInt64(0).map { try nodeID(seq: $0) }) }
            try database.execute("""
                DROP TABLE IF EXISTS temp.replay_held;
                CREATE TEMP TABLE replay_held AS SELECT replica, counter, node, property FROM main.sync_log;
                """)
            try forgetWhatTheHubMade()
            try forgetAcknowledgedHead()
            try database.execute("UPDATE setting SET value = randomblob(16) WHERE key = \(Setting.replicaID.sql)")
            try pull(try replicaID())
            try requireEveryOperationHeldBefore()
            try setSetting(.replicaID, blob: own.bytes)
            try database.statement("DELETE FROM setting WHERE key = ?").bind(1, Setting.syncReplayDue.key).run()
            let key = trustKeyForChecking()
            // A hook, or a scope, on a list that is gone went with it, as when the list
            // is removed; one on the root (no owner) stays.
            for (hook, owner) in hooks {
                var kept = hook
                if let owner {
                    guard let id = owner, let seq = try nodeSeq(of: id) else { continue }
                    kept.ownerSeq = seq
                }
                try keep(kept, trusted: key)
            }
            for scope in scopes {
                var ownerSeq: Int64?
                if let scope {
                    guard let id = scope, let seq = try nodeSeq(of: id) else { continue }
                    ownerSeq = seq
                }
                try database.statement("INSERT OR IGNORE INTO hook_scope (owner) VALUES (?)").bind(1, ownerSeq).run()
            }
            return true
        }
    }

    /// Refuses a journal that lacks an operation this store held before the replay (by
    /// replica and counter, or a create by its node, which the hub keeps once): a hub
    /// lost again, or another journal, read from its start, which would leave the store
    /// holding only what it gives. Nothing of the replay is kept.
    private func requireEveryOperationHeldBefore() throws {
        let missing = try database.statement("""
            SELECT count(*) FROM temp.replay_held AS held
            WHERE NOT EXISTS (SELECT 1 FROM main.sync_log AS log WHERE log.replica = held.replica AND log.counter = held.counter)
              AND NOT (held.property = 'create'
                       AND EXISTS (SELECT 1 FROM main.sync_log AS log WHERE log.property = 'create' AND log.node = held.node))
            """).firstRow { $0.int64(0) } ?? 0
        try database.execute("DROP TABLE temp.replay_held")
        guard missing == 0 else { throw ReplayLacksHeldOperations(count: missing) }
    }

    /// Writes `hook` back, tagged as trusted where it was, for the list it is on now.
    private func keep(_ hook: Hook, trusted key: TrustKey?) throws {
        let statement = try database.statement(
            "INSERT INTO hook (seq, owner, timing, event, command, timeout_seconds, trust_tag) VALUES (?, ?, ?, ?, ?, ?, ?)")
            .bind(1, hook.seq).bind(2, hook.ownerSeq).bind(3, hook.timing.rawValue).bind(4, hook.event.rawValue)
            .bind(5, hook.command).bind(6, Int64(hook.timeoutSeconds))
        if let key, hook.isTrusted, let tag = trustTag(hook.trustedSetting, key: key) { statement.bind(7, blob: tag) }
        try statement.run()
    }

    /// Empties every table the hub's operations fill, and the undo history, and puts
    /// the marks of sync and of the indexes back where a new store has them. The row
    /// numbers given stay given: a row made here later takes a new one, and so a new
    /// id and counter.
    private func forgetWhatTheHubMade() throws {
        try database.execute("""
            UPDATE setting SET value = 0 WHERE key IN (\(Setting.searchIndexedTo.sql), \(Setting.logIndexedTo.sql), \(Setting.valueBucketedTo.sql), \(Setting.syncCursor.sql));
            UPDATE setting SET value = -1 WHERE key IN (\(Setting.syncPushedTo.sql), \(Setting.syncWatchedTo.sql));
            UPDATE setting SET value = '' WHERE key = \(Setting.syncCursorHash.sql);
            UPDATE setting SET value = value + 1 WHERE key = \(Setting.formVersion.sql);
            DELETE FROM setting WHERE key IN (\(Setting.syncLogPassedTo.sql), \(Setting.syncOwnLandedBy.sql), \(Setting.syncOwnLastPushFrom.sql));
            """)
        try database.withoutStoreTriggers {
            try database.execute("UPDATE setting SET value = 1 WHERE key = \(Setting.syncApplying.sql)")
            // Emptied by a cascade down each chain of parents, a tree deeper than
            // SQLite's limit of trigger levels would stop it.
            try database.execute("UPDATE node SET parent = NULL WHERE parent IS NOT NULL")
            for table in Store.tablesTheHubFills {
                try database.execute("DELETE FROM \(table)")
            }
            try database.execute("INSERT INTO node_search (node_search) VALUES ('delete-all')")
            try database.execute("UPDATE setting SET value = 0 WHERE key = \(Setting.syncApplying.sql)")
        }
    }

    /// Children before the rows they name, so that no row is left naming one gone. The
    /// hooks go with their lists and come back after.
    private static let tablesTheHubFills = [
        "hook_scope", "hook", "field_value", "field", "place_option", "item_time", "value_bucket", "value_bucket_stale",
        "node_before", "value_before", "field_before", "option_before", "text_before", "change",
        "sync_op", "sync_stamp", "sync_conflict", "sync_pulled", "sync_parked", "sync_tombstone", "node_alias",
        "sync_log", "sync_hub_parent", "node",
    ]
}

/// A replay refused: the journal read from its start lacks `count` operations the store
/// held before it. `Sync` names the hub.
package struct ReplayLacksHeldOperations: Error {
    package let count: Int64
}
