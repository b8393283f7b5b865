/// The triggers that write a row of `sync_op` for each change of a node the hub already
/// has, in the change's own transaction. They live in the connection's temporary
/// schema: every connection that writes to a store that has begun to sync makes them
/// at its first write that can change a row the hub has (`Store.prepareSyncLog`), and
/// a store that never syncs, a command that only reads, or one that only adds nodes or
/// writes what is never synced (history, settings), never reads their SQL.
enum SyncTriggers {
    /// Whether row `seq` is one the hub has, or is being sent: a change of it is an
    /// operation. Rows above the mark go out whole, as creates, at the next push.
    private static func watched(_ seq: String) -> String {
        """
        (\(seq) <= (SELECT value FROM setting WHERE key = \(Setting.syncWatchedTo.sql)) \
        OR \(seq) IN (SELECT seq FROM sync_pulled))
        """
    }

    /// A place's forms: the root's (a NULL owner) once a first push has begun.
    private static func placeWatched(_ owner: String) -> String {
        """
        (CASE WHEN \(owner) IS NULL THEN (SELECT value FROM setting WHERE key = \(Setting.syncWatchedTo.sql)) >= 0 \
        ELSE \(watched(owner)) END)
        """
    }

    /// Operations being applied from the hub are not sent back.
    private static let local = "(SELECT value FROM setting WHERE key = \(Setting.syncApplying.sql)) = 0"

    /// The hybrid logical clock moved past both its last value and the time now.
    private static let tick = tick(now: now)

    private static let now = "CAST(unixepoch('subsec') * 1000 AS INTEGER)"

    /// An edit's update time, which the machines its text reaches then show alike; a
    /// change that keeps the update time as it was (an undo) ticks to the time now.
    private static func textTick(updated: String, updatedBefore: String, when condition: String? = nil) -> String {
        tick(now: "CASE WHEN \(updated) IS NOT \(updatedBefore) THEN ifnull(\(updated), \(now)) ELSE \(now) END",
             when: condition)
    }

    /// The clock moved past its last value and `now`, in milliseconds.
    private static func tick(now: String, when condition: String? = nil) -> String {
        "UPDATE setting SET value = max(value + 1, (\(now)) << 16) WHERE key = \(Setting.hlc.sql)\(condition.map { " AND \($0)" } ?? "");"
    }

    private static let stamp = "(SELECT value FROM setting WHERE key = \(Setting.hlc.sql))"

    /// The change being recorded, whose undo deletes the row while no push has read
    /// it; NULL for undo and redo, and for what no change records.
    private static let change = "(SELECT change FROM recording)"

    /// A second change of a property logged already takes over its row with a new
    /// counter, above any given (the hub keeps operations by counter), and the new
    /// stamp; its `unsent_change` stays the first change's, undone last. An
    /// upsert, not `INSERT OR REPLACE`: a verb's `UPDATE OR ROLLBACK` overrides the
    /// conflict clause of the statements its triggers run, and a second edit before a
    /// sync failed on the unique index.
    private static let takeOver = """
        ON CONFLICT (ifnull(seq, 0), property) DO UPDATE SET stamp = excluded.stamp,
            counter = 1 + max(ifnull((SELECT seq FROM sqlite_sequence WHERE name = 'sync_op'), 0),
                              (SELECT max(counter) FROM sync_op))
        """

    private static func nodeProperty(_ property: String, column: String, changed: String, tick: String = tick) -> String {
        """
        CREATE TEMP TRIGGER IF NOT EXISTS sync_node_\(property) AFTER UPDATE OF \(column) ON node
        WHEN \(changed) AND \(local) AND \(watched("old.seq")) BEGIN
            \(tick)
            INSERT INTO sync_op (stamp, seq, created, id, property, unsent_change)
            VALUES (\(stamp), new.seq, new.created, new.id, '\(property)', \(change))
            \(takeOver);
        END;
        """
    }

    private static func fieldValue(_ event: String, row: String, changed: String = "1") -> String {
        """
        CREATE TEMP TRIGGER IF NOT EXISTS sync_field_value_\(event.lowercased()) AFTER \(event) ON field_value
        WHEN \(changed) AND \(local) AND \(watched("\(row).item")) BEGIN
            \(tick)
            INSERT INTO sync_op (stamp, seq, created, id, property, unsent_change)
            SELECT \(stamp), seq, created, id, 'field:' || \(row).name, \(change) FROM node WHERE seq = \(row).item
            \(takeOver);
        END;
        """
    }

    private static func placeProperty(table: String, prefix: String, name: String, event: String, rows: [String]) -> String {
        let inserts = rows.map { row in
            """
            INSERT INTO sync_op (stamp, seq, created, id, property, unsent_change)
            SELECT \(stamp), \(row).owner, (SELECT created FROM node WHERE seq = \(row).owner),
                   (SELECT id FROM node WHERE seq = \(row).owner), '\(prefix):' || \(row).\(name), \(change) WHERE true
            \(takeOver);
            """
        }.joined(separator: "\n")
        return """
            CREATE TEMP TRIGGER IF NOT EXISTS sync_\(table)_\(event.lowercased()) AFTER \(event) ON \(table)
            WHEN \(local) AND \(placeWatched("\(rows[0]).owner")) BEGIN
                \(tick)
                \(inserts)
            END;
            """
    }

    /// The stamp a node's trash mark shares with the others of its group: one already
    /// given to another node that the same change put in the trash. Every machine tells
    /// the group by it (`trashgroup`; docs/sync.md, "The trash's groups and numbers").
    private static let groupStamp = """
        (SELECT t.stamp FROM node AS mate JOIN sync_stamp AS t ON t.seq = mate.seq AND t.property = 'trashgroup'
         WHERE new.hidden > 0 AND mate.hidden = new.hidden AND mate.seq <> new.seq LIMIT 1)
        """

    /// The group a node left the trash from here, kept as a property of `sync_stamp` of
    /// this name while the hub's mark of the node is the one it had then: a restore
    /// undone before it went out puts the node back in that group, where the hub's order
    /// still has it (`forgetUnsentOperations`), and so does a pulled `rm` the restore
    /// loses to.
    static let leftGroup = "trashgroup_left"

    /// The node's trash mark as the hub had it when it left the trash from its group,
    /// kept beside that group: the group holds while the mark is the same (`leftGroupHolds`),
    /// and no longer once the hub has a later one (its restore acknowledged, one pulled).
    static let leftGroupAt = "trashgroup_left_at"

    /// Whether the group node `l.seq` left the trash from (a `sync_stamp` row `l`) is
    /// still where the hub has the node.
    static func leftGroupHolds(_ l: String) -> String {
        ["stamp", "replica"].map { column in
            """
            (SELECT \(column) FROM sync_stamp WHERE seq = \(l).seq AND property = '\(leftGroupAt)')
            IS (SELECT \(column) FROM sync_stamp WHERE seq = \(l).seq AND property = 'trashed')
            """
        }.joined(separator: " AND ")
    }

    /// Whether the node's trash mark is the one the hub has, no change of it waiting to
    /// be sent: leaving the trash then leaves the group the hub has it in, which a later
    /// change that takes the mark over leaves standing, for the undo of the first change
    /// to put it back in, and a pulled `rm` the restore loses to to meet it in.
    private static let marksAsTheHubHas = """
        NOT EXISTS (SELECT 1 FROM sync_op WHERE seq = new.seq AND property = 'trashed')
        """

    /// `trashed`, with one stamp for all that one change puts in the trash (the clock
    /// ticks once for the group), kept as the node's `trashgroup` while it is there: an
    /// add undone after the hub had it too, which every machine lists in its trash.
    private static let trashed = """
        CREATE TEMP TRIGGER IF NOT EXISTS sync_node_trashed AFTER UPDATE OF hidden ON node
        WHEN (old.hidden IS NULL) IS NOT (new.hidden IS NULL) AND \(local) AND \(watched("old.seq")) BEGIN
            \(tick(now: now, when: "\(groupStamp) IS NULL"))
            DELETE FROM sync_stamp WHERE seq = new.seq AND property IN ('\(leftGroup)', '\(leftGroupAt)') AND new.hidden IS NULL
                AND \(marksAsTheHubHas);
            INSERT INTO sync_stamp (seq, property, stamp, replica)
            SELECT seq, '\(leftGroupAt)', stamp, replica FROM sync_stamp WHERE seq = new.seq AND property = 'trashed'
                AND new.hidden IS NULL AND \(marksAsTheHubHas);
            UPDATE sync_stamp SET property = '\(leftGroup)' WHERE seq = new.seq AND property = 'trashgroup' AND new.hidden IS NULL
                AND \(marksAsTheHubHas);
            INSERT INTO sync_op (stamp, seq, created, id, property, unsent_change)
            VALUES (ifnull(\(groupStamp), \(stamp)), new.seq, new.created, new.id, 'trashed', \(change))
            \(takeOver);
            DELETE FROM sync_stamp WHERE seq = new.seq AND property = 'trashgroup';
            INSERT INTO sync_stamp (seq, property, stamp, replica)
            SELECT new.seq, 'trashgroup', stamp, (SELECT value FROM setting WHERE key = \(Setting.replicaID.sql))
            FROM sync_op WHERE seq = new.seq AND property = 'trashed' AND (new.hidden > 0 OR \(Store.undoneAddSent("new")));
        END;
        """

    static var sql: String {
        [
            nodeProperty("text", column: "text", changed: "old.text IS NOT new.text",
                         tick: textTick(updated: "new.updated", updatedBefore: "old.updated")),
            nodeProperty("done", column: "done", changed: "old.done IS NOT new.done"),
            // An entry's date (`edit --at`, an import's replace, their undo).
            nodeProperty("created", column: "created, created_offset",
                         changed: "(old.created IS NOT new.created OR old.created_offset IS NOT new.created_offset)"),
            trashed,
            nodeProperty("parent", column: "parent", changed: "old.parent IS NOT new.parent"),
            // The parent the hub's order gives a node, kept at its first move here
            // until the hub gives that move back; a later move carries its own parent,
            // no longer one refused before it.
            """
            CREATE TEMP TRIGGER IF NOT EXISTS sync_node_hub_parent AFTER UPDATE OF parent ON node
            WHEN old.parent IS NOT new.parent AND \(local) AND \(watched("old.seq")) BEGIN
                INSERT INTO sync_hub_parent (seq, parent, stamp, replica)
                SELECT old.seq, old.parent, s.stamp, s.replica
                FROM (SELECT 1) LEFT JOIN sync_stamp AS s ON s.seq = old.seq AND s.property = 'parent' WHERE true
                ON CONFLICT (seq) DO UPDATE SET sending = NULL;
            END;
            """,
            // Before the delete, while the node's field values are still there: its last
            // state is kept, for an edit made later elsewhere to bring it back. Its
            // changes not sent yet go out before the purge, their values read from that
            // state, so that it is the same on every machine; the forms of a list it
            // does not hold go with it.
            """
            CREATE TEMP TRIGGER IF NOT EXISTS sync_node_purge BEFORE DELETE ON node
            WHEN \(local) AND \(watched("old.seq")) BEGIN
                \(tick)
                DELETE FROM sync_op WHERE seq = old.seq
                  AND (property = 'purge' OR property LIKE 'fielddef:%' OR property LIKE 'option:%');
                INSERT INTO sync_op (stamp, seq, created, id, property) VALUES (\(stamp), old.seq, old.created, old.id, 'purge');
                INSERT OR REPLACE INTO sync_tombstone (seq, id, kind, parent, text, created, created_offset, done, fields, stamp,
                                                       order_stamp, order_replica)
                VALUES (old.seq, old.id, old.kind, old.parent, old.text, old.created, old.created_offset, old.done,
                        (SELECT json_group_object(name, value) FROM field_value WHERE item = old.seq), \(stamp),
                        old.order_stamp, old.order_replica);
            END;
            """,
            fieldValue("INSERT", row: "new"),
            fieldValue("UPDATE", row: "new", changed: "old.value IS NOT new.value OR old.name IS NOT new.name"),
            fieldValue("DELETE", row: "old"),
            placeProperty(table: "field", prefix: "fielddef", name: "name", event: "INSERT", rows: ["new"]),
            placeProperty(table: "field", prefix: "fielddef", name: "name", event: "UPDATE", rows: ["new", "old"]),
            placeProperty(table: "field", prefix: "fielddef", name: "name", event: "DELETE", rows: ["old"]),
            placeProperty(table: "place_option", prefix: "option", name: "key", event: "INSERT", rows: ["new"]),
            placeProperty(table: "place_option", prefix: "option", name: "key", event: "UPDATE", rows: ["new", "old"]),
            placeProperty(table: "place_option", prefix: "option", name: "key", event: "DELETE", rows: ["old"]),
        ].joined(separator: "\n")
    }
}
