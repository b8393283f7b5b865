/// The store's log of the operations it knows the hub to hold (`sync_log`, store
/// version 13), and where it is in the hub's hash chain (`sync_cursor_hash`).
///
/// Every operation this store pulled, and every one of its own the hub acknowledged, is
/// kept whole, in the order this store learned it: when the hub loses operations (a
/// restore from an older backup, a database dropped), `jotter remote rebuild` sends
/// them again from here, and a store never applies twice one it already holds
/// (docs/sync.md, "A hub that lost operations").
extension Store {
    /// The hub's position up to which this store has applied operations, and the hash
    /// chain's link there in hexadecimal ("" at position 0); nil when not known yet: a
    /// store that last synced before the chain, which takes the hub's at its next sync.
    public func syncHead() throws -> (position: Int64, hash: String?) {
        try read {
            let position = try integerSetting(.syncCursor)
            let hash = try setting(.syncCursorHash) { $0.isNull(0) ? nil : $0.string(0) } ?? nil
            return (position, position == 0 ? "" : hash)
        }
    }

    /// Takes `hash` as the chain's link at the cursor, when the cursor is still at
    /// `position` and the store knew none: a store from before the chain trusts the
    /// hub it synced with at the first sync that reads one.
    public func rememberSyncHash(_ hash: String, at position: Int64) throws {
        try write {
            try database.statement(
                """
                UPDATE setting SET value = ?2 WHERE key = \(Setting.syncCursorHash.sql) AND value IS NULL
                  AND (SELECT value FROM setting WHERE key = \(Setting.syncCursor.sql)) = ?1
                """)
                .bind(1, position).bind(2, hash).run()
        }
    }

    /// Moves the cursor back to the journal's start, for a rebuild: what the hub holds
    /// is pulled again, and the log keeps any operation this store holds from being
    /// applied twice; then the whole journal is applied again in the rebuilt hub's order
    /// (`replayingTheJournal`).
    public func restartSyncCursor() throws {
        try write {
            try database.execute(
                "UPDATE setting SET value = CASE key WHEN \(Setting.syncCursor.sql) THEN 0 ELSE '' END WHERE key IN (\(Setting.syncCursor.sql), \(Setting.syncCursorHash.sql))")
            try database.execute("INSERT OR REPLACE INTO setting (key, value) VALUES (\(Setting.syncReplayDue.sql), 1)")
            try forgetAcknowledgedHead()
        }
    }

    /// The hub's head right after this store's last push that landed past its cursor,
    /// with its link of the chain; nil when none is known.
    public func syncAcknowledgedHead() throws -> HubHead? {
        try read {
            let position = try setting(.syncAcknowledgedTo) { $0.int64(0) }
            let hash = try setting(.syncAcknowledgedHash) { $0.string(0) }
            guard let position, let hash, position > (try integerSetting(.syncCursor)) else { return nil }
            return HubHead(position: position, hash: hash)
        }
    }

    /// Keeps `head`, where a push just landed, as a link the hub must hold. Call inside
    /// a write transaction.
    func noteAcknowledgedHead(_ head: HubHead) throws {
        try database.statement("INSERT OR REPLACE INTO setting (key, value) VALUES (\(Setting.syncAcknowledgedTo.sql), ?)")
            .bind(1, head.position).run()
        try database.statement("INSERT OR REPLACE INTO setting (key, value) VALUES (\(Setting.syncAcknowledgedHash.sql), ?)")
            .bind(1, head.hash).run()
    }

    /// Forgets the link of the last push, for a rebuild, which gives the hub back all it
    /// held. Call inside a write transaction.
    func forgetAcknowledgedHead() throws {
        try database.execute(
            "DELETE FROM setting WHERE key IN (\(Setting.syncAcknowledgedTo.sql), \(Setting.syncAcknowledgedHash.sql))")
    }

    /// Sets the cursor to `position` and the chain's link there to `hash` (nil: not
    /// known). Call inside a write transaction.
    func setSyncCursor(_ position: Int64, hash: String?) throws {
        try database.statement("UPDATE setting SET value = ? WHERE key = \(Setting.syncCursor.sql)").bind(1, position).run()
        try database.statement("UPDATE setting SET value = ? WHERE key = \(Setting.syncCursorHash.sql)").bind(1, hash).run()
    }

    /// Where this store's own operations acknowledged since the last pull stand in the
    /// hub's order: after row `passedTo` of the log, and landed at or before hub
    /// position `landedBy` (nil: not known). A push that lands past operations this
    /// store has not pulled yet (a rebuild's, or one whose moves come back) is followed
    /// by a pull of them: one pulled at a position up to `landedBy` came before them.
    /// Call inside a transaction.
    func ownOperationsAhead() throws -> (passedTo: Int64, landedBy: Int64?) {
        try database.statement(
            """
            SELECT ifnull((SELECT value FROM setting WHERE key = \(Setting.syncLogPassedTo.sql)),
                          (SELECT ifnull(max(seq), 0) FROM sync_log)),
                   (SELECT value FROM setting WHERE key = \(Setting.syncOwnLandedBy.sql))
            """).firstRow { ($0.int64(0), $0.optionalInt64(1)) } ?? (0, nil)
    }

    /// Notes, before the log takes the operations a push acknowledged, that those it
    /// holds stand before the cursor, when nothing was noted yet.
    func notePassedSyncLogBeforeAcknowledging() throws {
        try database.execute(
            """
            INSERT OR IGNORE INTO setting (key, value)
            VALUES (\(Setting.syncLogPassedTo.sql), (SELECT ifnull(max(seq), 0) FROM sync_log))
            """)
    }

    /// Notes that the `count` operations a push acknowledged landed at or before hub
    /// position `position` (nil: not known), with those acknowledged before them and not
    /// pulled past yet; `allAdded`, none of them held on the hub before, they landed
    /// right there. Call after logging them, inside a write transaction.
    func noteOwnOperationsLanded(by position: Int64?, count: Int, aheadBefore: (passedTo: Int64, landedBy: Int64?),
                                 loggedBefore: Int64, allAdded: Bool) throws {
        let wereAhead = aheadBefore.passedTo < loggedBefore
        guard let position, !wereAhead || aheadBefore.landedBy != nil else {
            try forgetWhereOwnOperationsLanded()
            return
        }
        // Those held before landed earlier, where is not known; a push that landed
        // anywhere but right after the one before it (a sync cut short between its push
        // and its pull, another machine pushing between two batches) leaves the place of
        // the one before among what is pulled between them not known either.
        let lastPushFrom: Int64 = if !allAdded {
            .max
        } else if !wereAhead {
            loggedBefore
        } else if try aheadBefore.landedBy == position - Int64(count) && ownLastPushFrom() <= aheadBefore.passedTo {
            aheadBefore.passedTo
        } else {
            .max
        }
        try database.statement("INSERT OR REPLACE INTO setting (key, value) VALUES (\(Setting.syncOwnLandedBy.sql), ?)")
            .bind(1, max(position, wereAhead ? aheadBefore.landedBy ?? 0 : 0)).run()
        try database.statement("INSERT OR REPLACE INTO setting (key, value) VALUES (\(Setting.syncOwnLastPushFrom.sql), ?)")
            .bind(1, lastPushFrom).run()
    }

    /// How many of this store's own operations the hub acknowledged and no pull passed
    /// yet, and whether the store knows where each landed among the operations it is
    /// to pull: not so when some were held on the hub before their push (an
    /// acknowledgement lost), or two pushes landed apart.
    public func ownOperationsNotPulledPast() throws -> (count: Int64, placesKnown: Bool) {
        try read {
            let ahead = try ownOperationsAhead()
            let count = try ownOperationsLogged(after: ahead.passedTo)
            return (count, try count == 0 || ahead.landedBy != nil && ownLastPushFrom() != .max)
        }
    }

    /// How many of this store's own operations the log holds after row `seq`.
    func ownOperationsLogged(after seq: Int64) throws -> Int64 {
        try database.statement("SELECT count(*) FROM sync_log WHERE seq > ? AND +replica = ?")
            .bind(1, seq).bind(2, blob: try replicaID().bytes).firstRow { $0.int64(0) } ?? 0
    }

    /// The row of `sync_log` after which this store's own operations not pulled past
    /// landed right at `landedBy`, after every operation pulled at or before it: those
    /// of the last push. Those of earlier pushes may have landed before such an operation.
    func ownLastPushFrom() throws -> Int64 {
        try database.statement("SELECT value FROM setting WHERE key = \(Setting.syncOwnLastPushFrom.sql)")
            .firstRow { $0.int64(0) } ?? .max
    }

    private func forgetWhereOwnOperationsLanded() throws {
        try database.execute(
            "DELETE FROM setting WHERE key IN (\(Setting.syncOwnLandedBy.sql), \(Setting.syncOwnLastPushFrom.sql))")
    }

    /// This store's own operations the log holds up to row `seq` stand before the
    /// cursor; with nil, all it holds now do, and where they landed is forgotten.
    /// Call inside a write transaction.
    func passSyncLog(upTo seq: Int64? = nil) throws {
        try database.statement(
            """
            INSERT OR REPLACE INTO setting (key, value)
            VALUES (\(Setting.syncLogPassedTo.sql), ifnull(?, (SELECT ifnull(max(seq), 0) FROM sync_log)))
            """).bind(1, seq).run()
        if seq == nil { try forgetWhereOwnOperationsLanded() }
    }

    /// The last row of `sync_log`; 0 when it is empty.
    func lastLoggedRow() throws -> Int64 {
        try database.statement("SELECT ifnull(max(seq), 0) FROM sync_log").firstRow { $0.int64(0) } ?? 0
    }

    /// The row of the log that holds `operation` (by replica and counter); nil when none does.
    func loggedRow(of operation: SyncOperation) throws -> Int64? {
        try database.statement("SELECT seq FROM sync_log WHERE replica = ? AND counter = ?")
            .bind(1, blob: operation.replica.bytes).bind(2, operation.counter).firstRow { $0.int64(0) }
    }

    /// Makes room in the log for `count` of this store's own operations that it never
    /// heard the hub acknowledge, right after row `passedTo`: the rows after it, of its
    /// own operations that landed after them, move `count` further, once for a whole
    /// batch, and so does the row their last push is told from (`ownLastPushFrom`).
    /// Returns the first row made free; nil when no row follows `passedTo`, and they go
    /// last. Call inside a write transaction.
    func makeRoomInTheLog(for count: Int, after passedTo: Int64) throws -> Int64? {
        guard count > 0, try lastLoggedRow() > passedTo else { return nil }
        // Through negative rows, as moving each in place meets the next.
        try database.statement("UPDATE sync_log SET seq = -(seq + ?) WHERE seq > ?").bind(1, Int64(count)).bind(2, passedTo).run()
        try database.execute("UPDATE sync_log SET seq = -seq WHERE seq < 0")
        try database.statement(
            "UPDATE setting SET value = value + ? WHERE key = \(Setting.syncOwnLastPushFrom.sql) AND value > ? AND value < ?")
            .bind(1, Int64(count)).bind(2, passedTo).bind(3, Int64.max).run()
        return passedTo + 1
    }

    /// Keeps `operation` in the log, in row `row` or else after the last; false when the
    /// log held it already (the same replica and counter), and the store with it. Call
    /// inside a write transaction.
    func logSyncOperation(_ operation: SyncOperation, at row: Int64? = nil) throws -> Bool {
        let insert = try database.statement(
            """
            INSERT OR IGNORE INTO sync_log (replica, counter, stamp, node, property, value, base, text, text_offset, seq)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """)
            .bind(1, blob: operation.replica.bytes).bind(2, operation.counter).bind(3, operation.stamp)
            .bind(4, id: operation.node).bind(5, operation.property).bind(7, operation.base).bind(10, row)
        // A value is bound where it lies. `text` and `text_offset` are read back for the
        // rows a jotter from before the cap wrote, which kept a long text apart.
        if let value = operation.value {
            try insert.bind(8, nil as String?).bind(9, nil as Int64?).withBorrowedText(6, value) { try insert.run() }
        } else {
            try insert.bind(6, nil as String?).bind(8, nil as String?).bind(9, nil as Int64?).run()
        }
        return database.changes > 0
    }

    /// Makes the log's row of this store's own `operation`, given back, hold the value
    /// the hub holds. An operation carries the value its row has when sent: sent again
    /// after its acknowledgement was lost, and acknowledged as held then, it was logged
    /// with the value read at the second push (a create with a later name or place, a
    /// restore of an entry emptied here since as an `rm`), not the one the hub kept and
    /// every machine meets (in-process trash schedule seed 604705, conflicts compared).
    /// Call inside a write transaction.
    func logTheHubsCopy(ofOwn operation: SyncOperation) throws {
        let update = try database.statement(
            "UPDATE sync_log SET value = ?1, text = NULL, text_offset = NULL WHERE replica = ?2 AND counter = ?3 AND value IS NOT ?1")
            .bind(2, blob: operation.replica.bytes).bind(3, operation.counter)
        guard let value = operation.value else { return try update.bind(1, nil as String?).run() }
        try update.withBorrowedText(1, value) { try update.run() }
    }

    /// Up to `limit` operations of the log after its row `seq`, in the order this store
    /// learned them, and the row of the last.
    public func loggedSyncOperations(after seq: Int64, limit: Int) throws -> (operations: [SyncOperation], last: Int64) {
        try read {
            let rows = try database.statement(
                """
                SELECT seq, replica, counter, stamp, node, property, value, base, text, text_offset
                FROM sync_log WHERE seq > ? ORDER BY seq LIMIT ?
                """)
                .bind(1, seq).bind(2, Int64(limit))
            defer { rows.reset() }
            var operations: [SyncOperation] = []
            var last = seq
            while try rows.step() {
                last = rows.int64(0)
                guard let replica = NodeID(bytes: rows.blob(1)) else { continue }
                var value = rows.isNull(6) ? nil : rows.string(6)
                if let held = value, !rows.isNull(8) {
                    let utf8 = Array(held.utf8)
                    let offset = min(max(Int(rows.int64(9)), 0), utf8.count)
                    let head = String(decoding: utf8[..<offset], as: UTF8.self)
                    let tail = String(decoding: utf8[min(offset + 2, utf8.count)...], as: UTF8.self)
                    value = rows.withColumnText(8) { SyncValue.value(head, quoting: $0, tail) }
                }
                operations.append(SyncOperation(
                    replica: replica, counter: rows.int64(2), stamp: rows.int64(3),
                    node: rows.isNull(4) ? nil : NodeID(bytes: rows.blob(4)), property: rows.string(5), value: value,
                    base: rows.optionalInt64(7)))
            }
            return (operations, last)
        }
    }
}
