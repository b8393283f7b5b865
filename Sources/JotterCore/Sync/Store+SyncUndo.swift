/// Undo after sync: undo reverts this machine's changes, and a property that another
/// machine changed since the change was made keeps that machine's value.
extension Store {
    /// Makes the earlier state kept for change `seq` hold the current value of each
    /// property another machine changed since `made`, so that undoing the change leaves
    /// it as it is; returns what was left, in words. Call inside the undo's transaction.
    func keepWhatOtherMachinesChanged(since seq: Int64, made: Timestamp) throws -> [String] {
        // Most stores never sync: nothing is stamped, and nothing is looked up.
        guard try database.statement("SELECT EXISTS (SELECT 1 FROM sync_stamp)").firstRow({ $0.int64(0) != 0 }) == true else {
            return []
        }
        let replica = try replicaID()
        // Every value pulled before the change is stamped at or below the clock then,
        // even from a machine whose clock is ahead of this one's.
        let clockThen = try database.statement("SELECT stamp FROM change WHERE seq = ?").bind(1, seq)
            .firstRow { $0.optionalInt64(0) } ?? nil
        let since = max(Store.createStamp(made.milliseconds), clockThen ?? 0)
        var kept: [String] = []
        let properties = try changedElsewhere(
            """
            SELECT b.seq, s.property FROM node_before AS b
            JOIN sync_stamp AS s ON s.seq = b.seq AND s.property IN ('text', 'parent', 'done', 'trashed', 'created')
            WHERE b.change = ?1 AND s.replica <> ?2 AND s.stamp > ?3
              -- A text the change did not rewrite is one undo leaves as it is anyway.
              AND (s.property <> 'text' OR b.text_before IS NOT NULL)
            ORDER BY b.seq, s.property
            """, change: seq, replica: replica, since: since) { (seq: $0.int64(0), property: $0.string(1)) }
        for (node, property) in properties {
            if property == "text" {
                // A row that names no kept text is one whose text the change did not
                // rewrite: undo leaves it. The kept text goes with its name, as `check`
                // counts a kept text no change names as damage.
                try database.statement(
                    "DELETE FROM text_before WHERE seq = (SELECT text_before FROM node_before WHERE change = ?1 AND seq = ?2)")
                    .bind(1, seq).bind(2, node).run()
                try database.statement("UPDATE node_before SET text_before = NULL WHERE change = ?1 AND seq = ?2")
                    .bind(1, seq).bind(2, node).run()
            } else if property == "created" {
                // The id goes with the date: one this store derives from the date it
                // was made at is stored in the row while the date differs.
                try database.statement(
                    """
                    UPDATE node_before SET (id, created, created_offset) = (SELECT id, created, created_offset FROM node WHERE seq = ?2)
                    WHERE change = ?1 AND seq = ?2
                    """)
                    .bind(1, seq).bind(2, node).run()
            } else {
                let column = ["parent": "parent", "done": "done", "trashed": "hidden"][property] ?? "parent"
                try database.statement(
                    "UPDATE node_before SET \(column) = (SELECT \(column) FROM node WHERE seq = ?2) WHERE change = ?1 AND seq = ?2")
                    .bind(1, seq).bind(2, node).run()
            }
            kept.append("the \(["trashed": "trash mark", "created": "date"][property] ?? property) of \(try nodeID(seq: node)?.shortForm() ?? "?")")
        }
        let fields = try changedElsewhere(
            """
            SELECT b.item, b.name FROM value_before AS b
            JOIN sync_stamp AS s ON s.seq = b.item AND s.property = 'field:' || b.name
            WHERE b.change = ?1 AND s.replica <> ?2 AND s.stamp > ?3 ORDER BY b.item, b.name
            """, change: seq, replica: replica, since: since) { (item: $0.int64(0), name: $0.string(1)) }
        for (item, name) in fields {
            try database.statement("DELETE FROM value_before WHERE change = ? AND item = ? AND name = ?")
                .bind(1, seq).bind(2, item).bind(3, name).run()
            kept.append("\(DisplayText.escaped(name)) of \(try nodeID(seq: item)?.shortForm() ?? "?")")
        }
        // A field definition is named by its name then and now: a rename changes both.
        let changedDefinitions = try changedElsewhere(
            """
            SELECT DISTINCT b.seq, s.property, s.seq FROM field_before AS b LEFT JOIN field AS f ON f.seq = b.seq
            JOIN sync_stamp AS s ON s.seq = ifnull(b.owner, ifnull(f.owner, 0))
                AND s.property IN ('fielddef:' || b.name, 'fielddef:' || f.name)
            WHERE b.change = ?1 AND s.replica <> ?2 AND s.stamp > ?3 ORDER BY b.seq, s.property
            """, change: seq, replica: replica, since: since) { (field: $0.int64(0), property: $0.string(1), owner: $0.int64(2)) }
        for definition in changedDefinitions {
            try database.statement("DELETE FROM field_before WHERE change = ? AND seq = ?")
                .bind(1, seq).bind(2, definition.field).run()
            let name = definition.property.dropFirst("fielddef:".count)
            kept.append("the field definition \(DisplayText.escaped(String(name))) of \(try placeName(definition.owner))")
        }
        let changedOptions = try changedElsewhere(
            """
            SELECT b.owner, b.key FROM option_before AS b
            JOIN sync_stamp AS s ON s.seq = b.owner AND s.property = 'option:' || b.key
            WHERE b.change = ?1 AND s.replica <> ?2 AND s.stamp > ?3 ORDER BY b.owner, b.key
            """, change: seq, replica: replica, since: since) { (owner: $0.int64(0), key: $0.string(1)) }
        for (owner, key) in changedOptions {
            try database.statement("DELETE FROM option_before WHERE change = ? AND owner = ? AND key = ?")
                .bind(1, seq).bind(2, owner).bind(3, key).run()
            kept.append("the option \(DisplayText.escaped(key)) of \(try placeName(owner))")
        }
        return kept
    }

    /// The rows `sql` finds, read by `row` before anything is changed: what change
    /// `change` kept of which another machine than `replica` stamped a value after
    /// `since` (bound as ?1, ?2 and ?3).
    private func changedElsewhere<Row>(_ sql: String, change: Int64, replica: NodeID, since: Int64,
                                       row: (Statement) -> Row) throws -> [Row] {
        let statement = try database.statement(sql).bind(1, change).bind(2, blob: replica.bytes).bind(3, since)
        var rows: [Row] = []
        while try statement.step() { rows.append(row(statement)) }
        return rows
    }

    /// Whether node `n` (an alias in SQL) is hidden by the undo of the add that made it,
    /// after the hub had it: the undo went out as its trash mark, and every other
    /// machine lists it in its trash, so this one does too. `restore` brings it back,
    /// and `trash --empty` deletes it, as the next change would.
    static func undoneAddSent(_ n: String) -> String {
        "(\(n).hidden < 0 AND \(n).seq <= (SELECT value FROM setting WHERE key = \(Setting.syncWatchedTo.sql)))"
    }

    /// Whether node `seq` is an add undone after the hub had it (`undoneAddSent`).
    func isUndoneAddSent(_ seq: Int64) throws -> Bool {
        try database.statement("SELECT 1 FROM node AS n WHERE n.seq = ? AND \(Store.undoneAddSent("n"))").bind(1, seq)
            .firstRow { _ in true } ?? false
    }

    /// Makes node `seq`, when it is an add undone after the hub had it, and what it
    /// holds of that add, an entry of the trash like one another machine put there:
    /// the next change deletes what undone changes added, and a `restore` of it is one.
    func keepUndoneAddSentInTheTrash(_ seq: Int64) throws {
        guard try read({ try isUndoneAddSent(seq) }) else { return }
        try write {
            guard try isUndoneAddSent(seq),
                  let undone = try database.statement("SELECT hidden FROM node WHERE seq = ?").bind(1, seq)
                      .firstRow({ $0.int64(0) }) else { return }
            let now = clock()
            try database.statement(
                "INSERT INTO change (seq, what, made, made_offset) VALUES ((SELECT ifnull(max(seq), 0) + 1 FROM change), ?, ?, ?)")
                .bind(1, Store.syncChangeWhat).bind(2, now.milliseconds).bind(3, Int64(now.offsetSeconds)).run()
            try database.statement(
                """
                WITH RECURSIVE subtree (seq) AS (
                    SELECT ?1
                    UNION ALL
                    SELECT node.seq FROM subtree JOIN node ON node.parent = subtree.seq WHERE node.hidden = ?2
                )
                UPDATE OR ROLLBACK node SET hidden = ?3 WHERE seq IN subtree AND hidden = ?2
                """)
                .bind(1, seq).bind(2, undone).bind(3, database.lastInsertedRowID).run()
        }
    }

    /// Moves what a pull put in the trash under the mark of change `seq` (a list emptied
    /// elsewhere that came back holding an entry the change removed, in its group), not
    /// what the change added there itself (an import's deleted tasks), under a mark of
    /// its own with its group's stamp: undoing the change restores what it removed, as
    /// every other machine applies the undo, and leaves the rest in that group, in the
    /// trash, which passes by the marks of undone changes. Call in the undo's
    /// transaction, after the change's earlier state is back.
    func keepPulledIntoTheTrash(by seq: Int64) throws {
        let pulled = """
            n.hidden = ?1
            AND (SELECT n.seq NOT BETWEEN ifnull(first_node, 0) AND ifnull(last_node, -1) FROM change WHERE seq = ?1)
            """
        guard let group = try database.statement(
            """
            SELECT (SELECT t.stamp FROM sync_stamp AS t WHERE t.seq = n.seq AND t.property = 'trashgroup')
            FROM node AS n WHERE \(pulled) LIMIT 1
            """)
            .bind(1, seq).firstRow({ $0.optionalInt64(0) }) else { return }
        let now = clock()
        try database.statement(
            "INSERT INTO change (seq, what, made, made_offset, stamp) VALUES ((SELECT ifnull(max(seq), 0) + 1 FROM change), ?, ?, ?, ?)")
            .bind(1, Store.syncChangeWhat).bind(2, now.milliseconds).bind(3, Int64(now.offsetSeconds)).bind(4, group).run()
        try database.statement("UPDATE OR ROLLBACK node AS n SET hidden = ?2 WHERE \(pulled)")
            .bind(1, seq).bind(2, database.lastInsertedRowID).run()
    }

    /// Deletes the operations change `seq` logged that no push has read and no pull has
    /// met since: undone, each property is back to what the hub has, and sending it
    /// again with a new stamp would win over what other machines changed meanwhile.
    /// Call after the change is undone, inside the undo's transaction.
    func forgetUnsentOperations(of seq: Int64) throws {
        // A restore undone: what it took out is back in the trash, in the group it left
        // from, not in one of this store's that no other machine will hear of.
        try database.statement(
            """
            INSERT OR REPLACE INTO sync_stamp (seq, property, stamp, replica)
            SELECT l.seq, 'trashgroup', l.stamp, l.replica FROM sync_op AS o
            JOIN node AS n ON n.seq = o.seq AND n.hidden > 0
            JOIN sync_stamp AS l ON l.seq = o.seq AND l.property = '\(SyncTriggers.leftGroup)' AND \(SyncTriggers.leftGroupHolds("l"))
            WHERE o.unsent_change = ?1 AND o.property = 'trashed'
            """)
            .bind(1, seq).run()
        try database.statement("DELETE FROM sync_op WHERE unsent_change = ?").bind(1, seq).run()
    }

    /// A place as undo names it: its id's short form, or `/` for the root (row 0).
    private func placeName(_ owner: Int64) throws -> String {
        owner == 0 ? "/" : try nodeID(seq: owner)?.shortForm() ?? "?"
    }
}
