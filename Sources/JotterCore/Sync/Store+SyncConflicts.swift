/// The values that lost a merge, for `jotter conflicts`: nothing a sync meets is dropped.
extension Store {
    public struct SyncConflict: Equatable, Sendable {
        /// The list or item; nil for the root's forms.
        public let node: NodeID?
        /// The node's text (a list's name) now; nil when it is not here any more.
        public let text: String?
        /// `text`, `parent`, `field:NAME`… (see `SyncOperation.property`).
        public let property: String
        /// The value that lost, as JSON; nil for a removal.
        public let value: String?
        /// The machine the value came from.
        public let replica: NodeID
        /// When that machine made it: the milliseconds of its stamp.
        public let madeMilliseconds: Int64
        /// When it was kept here.
        public let recordedMilliseconds: Int64
    }

    /// Calls `body` with each kept value, oldest first, without holding them all.
    public func forEachSyncConflict(_ body: (SyncConflict) throws -> Void) throws {
        try read {
            let statement = try database.statement(
                "SELECT node, property, value, stamp, replica, recorded FROM sync_conflict ORDER BY seq")
            defer { statement.reset() }
            while try statement.step() {
                let node = statement.isNull(0) ? nil : NodeID(bytes: statement.blob(0))
                guard let replica = NodeID(bytes: statement.blob(4)) else { continue }
                let seq = try node.flatMap { try nodeSeq(of: $0) }
                let property = statement.string(1)
                let value = statement.isNull(2) ? nil : statement.string(2)
                if node == nil || seq != nil, try agreesWithTheValueShown(value, of: seq, property: property) { continue }
                // A purge kept because its entry was changed where its maker did not
                // see, once the entry is gone for good all the same, lost nothing: how
                // many of them a store met depends on when it pulled the later purge. Nor
                // did a trash mark that lost: in the trash or out of it, the entry is not.
                if property == "purge" || property == "trashed", node != nil, seq == nil { continue }
                let text = try seq.flatMap { seq in
                    try database.statement("SELECT text FROM node WHERE seq = ?").bind(1, seq).firstRow { $0.string(0) }
                }
                try body(SyncConflict(
                    node: node, text: text, property: property, value: value,
                    replica: replica, madeMilliseconds: statement.int64(3) >> 16, recordedMilliseconds: statement.int64(5)))
            }
        }
    }

    /// Forgets the kept values of a property that `operation`'s maker saw and
    /// replaced: the one its base names, and its own earlier ones. A value stays a
    /// conflict while no change made after seeing it exists, so that every machine
    /// keeps the same ones, whichever of the changes it met first. Call inside a write
    /// transaction, for a property that forgets them (`forgetsWhatItSaw`).
    func forgetSyncConflicts(seenBy operation: SyncOperation) throws {
        try database.statement(
            "DELETE FROM sync_conflict WHERE node IS ? AND property = ? AND (stamp = ? OR (replica = ? AND stamp < ?))")
            .bind(1, id: operation.node).bind(2, operation.property).bind(3, operation.base)
            .bind(4, blob: operation.replica.bytes).bind(5, operation.stamp).run()
    }

    /// Whether a change of `property` made on top of the value stamped `stamp` has
    /// reached this store: that value is no conflict any more, on any machine, though
    /// the change was stamped before it by a clock behind (`forgetSyncConflicts` does
    /// not weigh the stamps either).
    func syncLogHoldsAChange(of node: NodeID?, property: String, seeing stamp: Int64) throws -> Bool {
        try database.statement("SELECT 1 FROM sync_log WHERE base = ? AND node IS ? AND property = ?")
            .bind(1, stamp).bind(2, id: node).bind(3, property).firstRow { _ in true } ?? false
    }

    /// Keeps, of the purges of node `id` kept as conflicts since the trash mark stamped
    /// `mark`, the latest alone: a restore made on that mark brings the node back over
    /// the purges after it, which deleted it one after another whatever brought it back
    /// between them. Every machine trims them when the restore lands: a pulled one that
    /// brings the node back from its last state (in-process trash schedule seed
    /// 404431834) or out of the trash, where an entry its purges did not see kept it
    /// (seed 601100); this store's own at its acknowledgement; and the purges pulled
    /// while it waits to go out (`keepAsTheLatestPurgeBeforeOwnRestore`). Each of the
    /// schedules compared every conflict. This store's own purge not sent yet is none of
    /// them: it comes after the restore in the hub's order (seed 603014, conflicts
    /// compared).
    func keepOnlyTheLatestPurge(of id: NodeID, since mark: Int64) throws {
        let purges = try purgesKept(of: id, since: mark)
        guard let latest = purges.max(by: { $0.stamp < $1.stamp || ($0.stamp == $1.stamp && $0.replica < $1.replica) }) else {
            return
        }
        try database.statement(
            """
            DELETE FROM sync_conflict WHERE node = ?1 AND property = 'purge' AND \(Store.madeSinceMark)
              AND NOT (stamp = ?3 AND replica = ?4) AND NOT \(Store.ownUnsentPurge)
            """)
            .bind(1, blob: id.bytes).bind(2, mark).bind(3, latest.stamp).bind(4, blob: latest.replica.bytes)
            .bind(5, blob: try replicaID().bytes).run()
    }

    /// Whether a kept purge (a row of `sync_conflict`) is this store's own (replica `?5`)
    /// not sent yet.
    static let ownUnsentPurge = """
        (sync_conflict.replica = ?5 AND EXISTS (SELECT 1 FROM sync_op AS o WHERE o.property = 'purge' AND o.stamp = sync_conflict.stamp))
        """

    /// Whether a kept conflict (a row of `sync_conflict` of node `?1`) was made since
    /// the trash mark stamped `?2`: stamped after it, or made on top of it by a clock
    /// behind, which stamps it before (in-process trash schedule seed 600742, conflicts
    /// compared): its logged base is that mark, or a mark of the node made on top of it,
    /// and so on (seed 604500, where the mark is the node's creation, stamped by its
    /// date, after every machine's clock).
    static let madeSinceMark = """
        (stamp > ?2 OR EXISTS (
            WITH RECURSIVE made_on (base) AS (
                SELECT l.base FROM sync_log AS l WHERE l.node = ?1 AND l.property = sync_conflict.property
                    AND l.replica = sync_conflict.replica AND l.stamp = sync_conflict.stamp
                UNION SELECT l.base FROM sync_log AS l JOIN made_on ON l.stamp = made_on.base
                    WHERE l.node = ?1 AND l.property IN ('trashed', 'purge')
            )
            SELECT 1 FROM made_on WHERE base = ?2))
        """

    /// The purges of node `id` kept as conflicts, made since the trash mark `mark`, but
    /// for this store's own not sent yet.
    func purgesKept(of id: NodeID, since mark: Int64) throws -> [(stamp: Int64, replica: NodeID)] {
        let kept = try database.statement(
            """
            SELECT stamp, replica FROM sync_conflict
            WHERE node = ?1 AND property = 'purge' AND \(Store.madeSinceMark) AND NOT \(Store.ownUnsentPurge)
            """)
            .bind(1, blob: id.bytes).bind(2, mark).bind(5, blob: try replicaID().bytes)
        defer { kept.reset() }
        var purges: [(stamp: Int64, replica: NodeID)] = []
        while try kept.step() {
            if let replica = NodeID(bytes: kept.blob(1)) { purges.append((kept.int64(0), replica)) }
        }
        return purges
    }

    /// Whether a kept value of a property whose later value replaces it whole agrees
    /// with the one shown: the same value, or two done marks. It is kept unlisted, as
    /// it stays a conflict should a later change elsewhere replace the value shown.
    private func agreesWithTheValueShown(_ value: String?, of seq: Int64?, property: String) throws -> Bool {
        guard let kind = SyncProperty(property), kind.endsTheConflictsItSaw else { return false }
        let shown = try currentValue(seq: seq, property: property) ?? "null"
        if kind == .done { return (value ?? "null") != "null" && shown != "null" }
        return try database.statement("SELECT json(?1) IS json(?2)").bind(1, value ?? "null").bind(2, shown)
            .firstRow { $0.int64(0) != 0 } ?? false
    }
}
