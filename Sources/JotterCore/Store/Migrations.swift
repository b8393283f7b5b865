#if canImport(Glibc)
import Glibc
#endif

/// The store's schema as an ordered list of steps. Step N brings a store from
/// `user_version` N-1 to N; all the steps a store needs run in one transaction. A step
/// that has shipped is never edited: a change is a new step.
enum Migrations {
    static let steps: [String] = [
        // 1: lists and items in one tree, the prompt's history, and settings.
        """
        CREATE TABLE node (
            seq INTEGER PRIMARY KEY,
            id BLOB NOT NULL UNIQUE CHECK (length(id) = 16),
            parent INTEGER REFERENCES node (seq) ON DELETE CASCADE,
            kind INTEGER NOT NULL CHECK (kind IN (0, 1)),
            text TEXT NOT NULL,
            created INTEGER NOT NULL,
            created_offset INTEGER NOT NULL,
            updated INTEGER NOT NULL
        );
        CREATE INDEX node_children ON node (parent);
        CREATE TABLE history (
            seq INTEGER PRIMARY KEY,
            line TEXT NOT NULL,
            entered INTEGER NOT NULL
        );
        CREATE TABLE setting (key TEXT PRIMARY KEY, value) WITHOUT ROWID;
        PRAGMA application_id = \(Store.applicationID);
        """,
        // 2: the ids of nodes the store makes are derived from their rows (see
        // DerivedIDs), so `id` holds only ids that came from elsewhere, and only those
        // are indexed; `updated` is NULL until the node changes. AUTOINCREMENT keeps
        // a deleted row's number, and so its id, from ever being given again.
        """
        ALTER TABLE node RENAME TO node_v1;
        CREATE TABLE node (
            seq INTEGER PRIMARY KEY AUTOINCREMENT,
            id BLOB CHECK (id IS NULL OR length(id) = 16),
            parent INTEGER REFERENCES node (seq) ON DELETE CASCADE,
            kind INTEGER NOT NULL CHECK (kind IN (0, 1)),
            text TEXT NOT NULL,
            created INTEGER NOT NULL,
            created_offset INTEGER NOT NULL,
            updated INTEGER
        );
        INSERT INTO node (seq, id, parent, kind, text, created, created_offset, updated)
            SELECT seq, id, parent, kind, text, created, created_offset, NULLIF(updated, created) FROM node_v1;
        DROP TABLE node_v1;
        CREATE UNIQUE INDEX node_id ON node (id) WHERE id IS NOT NULL;
        CREATE INDEX node_children ON node (parent);
        INSERT INTO setting (key, value) VALUES (\(Setting.idSalt.sql), random());
        """,
        // 3: lists by name beside each other, for paths: finding `/work` among many
        // lists was a scan of them all. Only lists are in it, so adding
        // items costs nothing more.
        """
        CREATE INDEX node_list_names ON node (parent, text) WHERE kind = 0;
        """,
        // 4: forms. A place (a list, an item, or the root as NULL) may ask for fields;
        // the values are the items' own, kept by field name, so that removing a field
        // from a form never removes what was entered. Values are text: a decimal in
        // its canonical form, exact at any length, where SQLite's REAL is binary
        // floating point and its INTEGER 64 bits, and readable as it is by any SQLite
        // tool; a date as ISO 8601, SQLite's own form of dates. Options such as a
        // line limit belong to a place.
        """
        CREATE TABLE field (
            seq INTEGER PRIMARY KEY,
            owner INTEGER REFERENCES node (seq) ON DELETE CASCADE,
            name TEXT NOT NULL,
            type TEXT NOT NULL CHECK (type IN ('text', 'decimal', 'date', 'choice')),
            choices TEXT,
            required INTEGER NOT NULL DEFAULT 0,
            inherit INTEGER NOT NULL DEFAULT 0
        );
        CREATE UNIQUE INDEX field_names ON field (ifnull(owner, 0), name);
        CREATE TABLE field_value (
            item INTEGER NOT NULL REFERENCES node (seq) ON DELETE CASCADE,
            name TEXT NOT NULL,
            value TEXT NOT NULL,
            PRIMARY KEY (item, name)
        ) WITHOUT ROWID;
        CREATE TABLE place_option (
            owner INTEGER REFERENCES node (seq) ON DELETE CASCADE,
            key TEXT NOT NULL,
            value NOT NULL
        );
        CREATE UNIQUE INDEX place_option_keys ON place_option (ifnull(owner, 0), key);
        """,
        // 5: a journal's verbs. `done` is when an item was marked done. `hidden` takes a
        // node out of sight without deleting it: the seq of the change that put it in the
        // trash (positive), or minus the seq of an undone change that had added it.
        // Each change that undo can revert is a row of `change`: the nodes it added are
        // the range of rows it was given (AUTOINCREMENT hands them out in order), so an
        // import of millions of rows records two numbers; the rows it changed or
        // removed keep their earlier state in the `_before` tables, one row each, which
        // undo and redo swap with the current state.
        // Two indexes are filled lazily: `node_search`, the full-text index of `find`
        // and `tags` (with jotter's own tokenizer, CJotterSearch), and `item_time`, the
        // items by creation time for `log`. Triggers keep them in step when a row they
        // hold changes or goes; new rows go in, in bulk, at the first search or log
        // after them (up to `search_indexed_to` and `log_indexed_to`). Indexing each row
        // as it was written made a large import much slower, for the search most of
        // all.
        """
        ALTER TABLE node ADD COLUMN done INTEGER;
        ALTER TABLE node ADD COLUMN hidden INTEGER;
        CREATE INDEX node_hidden ON node (hidden) WHERE hidden IS NOT NULL;
        CREATE TABLE change (
            seq INTEGER PRIMARY KEY,
            what TEXT NOT NULL,
            made INTEGER NOT NULL,
            made_offset INTEGER NOT NULL,
            first_node INTEGER,
            last_node INTEGER,
            undone INTEGER NOT NULL DEFAULT 0
        );
        CREATE INDEX change_undone ON change (seq) WHERE undone = 1;
        CREATE TABLE node_before (
            change INTEGER NOT NULL,
            seq INTEGER NOT NULL,
            id BLOB, parent INTEGER, kind INTEGER, text TEXT, created INTEGER, created_offset INTEGER,
            updated INTEGER, done INTEGER, hidden INTEGER,
            PRIMARY KEY (change, seq)
        ) WITHOUT ROWID;
        CREATE TABLE value_before (
            change INTEGER NOT NULL,
            item INTEGER NOT NULL,
            name TEXT NOT NULL,
            value TEXT,
            PRIMARY KEY (change, item, name)
        ) WITHOUT ROWID;
        CREATE TABLE field_before (
            change INTEGER NOT NULL,
            seq INTEGER NOT NULL,
            owner INTEGER, name TEXT, type TEXT, choices TEXT, required INTEGER, inherit INTEGER,
            PRIMARY KEY (change, seq)
        ) WITHOUT ROWID;
        CREATE TABLE option_before (
            change INTEGER NOT NULL,
            owner INTEGER NOT NULL,
            key TEXT NOT NULL,
            value,
            present INTEGER NOT NULL,
            PRIMARY KEY (change, owner, key)
        ) WITHOUT ROWID;
        CREATE VIRTUAL TABLE node_search USING fts5 (text, content = 'node', content_rowid = 'seq', tokenize = 'jotter');
        INSERT INTO setting (key, value) VALUES (\(Setting.searchIndexedTo.sql), 0);
        CREATE TRIGGER node_search_update AFTER UPDATE OF text ON node
        WHEN old.text IS NOT new.text
            AND old.seq <= (SELECT value FROM setting WHERE key = \(Setting.searchIndexedTo.sql)) BEGIN
            INSERT INTO node_search (node_search, rowid, text) VALUES ('delete', old.seq, old.text);
            INSERT INTO node_search (rowid, text) VALUES (new.seq, new.text);
        END;
        CREATE TRIGGER node_search_delete AFTER DELETE ON node
        WHEN old.seq <= (SELECT value FROM setting WHERE key = \(Setting.searchIndexedTo.sql)) BEGIN
            INSERT INTO node_search (node_search, rowid, text) VALUES ('delete', old.seq, old.text);
        END;
        CREATE TABLE item_time (
            created INTEGER NOT NULL,
            seq INTEGER NOT NULL,
            PRIMARY KEY (created, seq)
        ) WITHOUT ROWID;
        INSERT INTO setting (key, value) VALUES (\(Setting.logIndexedTo.sql), 0);
        CREATE TRIGGER item_time_update AFTER UPDATE OF created, kind ON node
        WHEN (old.created IS NOT new.created OR old.kind IS NOT new.kind)
            AND old.seq <= (SELECT value FROM setting WHERE key = \(Setting.logIndexedTo.sql)) BEGIN
            DELETE FROM item_time WHERE created = old.created AND seq = old.seq;
            INSERT INTO item_time (created, seq) SELECT new.created, new.seq WHERE new.kind = 1;
        END;
        CREATE TRIGGER item_time_delete AFTER DELETE ON node
        WHEN old.seq <= (SELECT value FROM setting WHERE key = \(Setting.logIndexedTo.sql)) BEGIN
            DELETE FROM item_time WHERE created = old.created AND seq = old.seq;
        END;
        """,
        // 6: a counter of changes to any form, which an open prompt checks at each commit
        // against the form it walked, as cheaply as it checks its place.
        """
        INSERT INTO setting (key, value) VALUES (\(Setting.formVersion.sql), 0);
        CREATE TRIGGER field_insert_form_version AFTER INSERT ON field BEGIN
            UPDATE setting SET value = value + 1 WHERE key = \(Setting.formVersion.sql);
        END;
        CREATE TRIGGER field_update_form_version AFTER UPDATE ON field BEGIN
            UPDATE setting SET value = value + 1 WHERE key = \(Setting.formVersion.sql);
        END;
        CREATE TRIGGER field_delete_form_version AFTER DELETE ON field BEGIN
            UPDATE setting SET value = value + 1 WHERE key = \(Setting.formVersion.sql);
        END;
        CREATE TRIGGER option_insert_form_version AFTER INSERT ON place_option BEGIN
            UPDATE setting SET value = value + 1 WHERE key = \(Setting.formVersion.sql);
        END;
        CREATE TRIGGER option_update_form_version AFTER UPDATE ON place_option BEGIN
            UPDATE setting SET value = value + 1 WHERE key = \(Setting.formVersion.sql);
        END;
        CREATE TRIGGER option_delete_form_version AFTER DELETE ON place_option BEGIN
            UPDATE setting SET value = value + 1 WHERE key = \(Setting.formVersion.sql);
        END;
        """,
        // 7: hooks, commands this machine's user runs around entries committed at a
        // place (NULL is the root) or below it. `machine` is who set the hook up (see
        // MachineIdentity): a store copied from elsewhere runs none of its hooks until
        // they are trusted here. `hook_scope` holds the places whose entries ignore
        // the hooks of the places above them. Neither is content: no change records
        // them, and no export reads them.
        """
        CREATE TABLE hook (
            seq INTEGER PRIMARY KEY,
            owner INTEGER REFERENCES node (seq) ON DELETE CASCADE,
            timing TEXT NOT NULL CHECK (timing IN ('before', 'after')),
            event TEXT NOT NULL CHECK (event IN ('add', 'edit', 'done', 'rm')),
            command TEXT NOT NULL,
            timeout_seconds INTEGER NOT NULL,
            machine TEXT NOT NULL
        );
        CREATE INDEX hook_owners ON hook (ifnull(owner, 0));
        CREATE TABLE hook_scope (
            owner INTEGER REFERENCES node (seq) ON DELETE CASCADE
        );
        CREATE UNIQUE INDEX hook_scope_owners ON hook_scope (ifnull(owner, 0));
        """,
        // 8: `node_before` with rowids, its key in an index of its own. As a WITHOUT
        // ROWID table its rows were the keys of its b-tree, and SQLite reads a key that
        // spills onto overflow pages whole, into memory, whenever a lookup compares
        // with it: a long kept text was read again by every statement that looked up
        // a row near it, and an edit of such an entry went past the memory a command
        // may use.
        """
        CREATE TABLE node_before_v8 (
            change INTEGER NOT NULL,
            seq INTEGER NOT NULL,
            id BLOB, parent INTEGER, kind INTEGER, text TEXT, created INTEGER, created_offset INTEGER,
            updated INTEGER, done INTEGER, hidden INTEGER
        );
        INSERT INTO node_before_v8 (change, seq, id, parent, kind, text, created, created_offset, updated, done, hidden)
            SELECT change, seq, id, parent, kind, text, created, created_offset, updated, done, hidden FROM node_before;
        DROP TABLE node_before;
        ALTER TABLE node_before_v8 RENAME TO node_before;
        CREATE UNIQUE INDEX node_before_rows ON node_before (change, seq);
        """,
        // 9: the texts undo keeps, in a table of their own, each under a number no
        // swap changes; `node_before` names the one a row had, NULL where the change
        // left the text as it was. Kept in the row itself, a text went wherever the
        // row went: redo renumbered a kept row, and SQLite rewrote it whole, a long
        // entry's text twice in memory. Undo and redo keep the current text under the
        // negation of the kept one's number; AUTOINCREMENT never hands out a number
        // again, so a number and its negation are only ever one text's.
        """
        CREATE TABLE text_before (
            seq INTEGER PRIMARY KEY AUTOINCREMENT,
            text TEXT NOT NULL
        );
        INSERT INTO text_before (seq, text) SELECT rowid, text FROM node_before WHERE typeof(text) <> 'null';
        CREATE TABLE node_before_v9 (
            change INTEGER NOT NULL,
            seq INTEGER NOT NULL,
            id BLOB, parent INTEGER, kind INTEGER, text_before INTEGER, created INTEGER, created_offset INTEGER,
            updated INTEGER, done INTEGER, hidden INTEGER
        );
        INSERT INTO node_before_v9 (change, seq, id, parent, kind, text_before, created, created_offset, updated, done, hidden)
            SELECT change, seq, id, parent, kind, CASE WHEN typeof(text) = 'null' THEN NULL ELSE rowid END,
                   created, created_offset, updated, done, hidden
            FROM node_before;
        DROP TABLE node_before;
        ALTER TABLE node_before_v9 RENAME TO node_before;
        CREATE UNIQUE INDEX node_before_rows ON node_before (change, seq);
        """,
        // 10: sync (docs/sync.md). Each change of a list or item the hub already has is
        // a row of `sync_op`, written by triggers (SyncTriggers) in the change's own
        // transaction: one row per property of a node, a later change of it taking the
        // row's place with a new counter, the value read at push time. Nodes the hub
        // does not have yet (seq above `sync_watched_to`) write nothing: they go out
        // whole, as creates read from `node` at push time, so an add or an import
        // writes no more than before. The triggers are the connection's own, made at its
        // first write once the store has begun to sync (`sync_watched_to` from -1): kept
        // in the file they added much to the schema SQLite reads at every opening, which
        // every one-shot command paid for. The root's forms count as row 0.
        // `sync_applying` is set while pulled operations are applied, which must not be
        // sent back. `sync_stamp` keeps the winning stamp of each property once the hub
        // has it; `sync_conflict` the values that lost; `sync_parked` what could not be
        // applied; `sync_tombstone` a pushed node's last state when it was deleted for
        // good, so that a later edit from another machine can bring it back; `id_epoch`
        // the salts of rows made after the file was found to be a copy; `node_alias` the
        // ids of lists merged into another of the same name, which still name it.
        """
        INSERT INTO setting (key, value) VALUES
            (\(Setting.replicaID.sql), randomblob(16)), (\(Setting.hlc.sql), 0), (\(Setting.syncPushedTo.sql), -1), (\(Setting.syncWatchedTo.sql), -1),
            (\(Setting.syncCursor.sql), 0), (\(Setting.syncApplying.sql), 0);
        CREATE TABLE sync_op (
            counter INTEGER PRIMARY KEY AUTOINCREMENT,
            stamp INTEGER NOT NULL,
            seq INTEGER,
            created INTEGER,
            id BLOB,
            property TEXT NOT NULL,
            previous_parent INTEGER
        );
        CREATE UNIQUE INDEX sync_op_properties ON sync_op (ifnull(seq, 0), property);
        CREATE TABLE sync_stamp (
            seq INTEGER NOT NULL,
            property TEXT NOT NULL,
            stamp INTEGER NOT NULL,
            replica BLOB NOT NULL,
            previous_parent INTEGER,
            PRIMARY KEY (seq, property)
        ) WITHOUT ROWID;
        CREATE TABLE sync_conflict (
            seq INTEGER PRIMARY KEY,
            node BLOB,
            property TEXT NOT NULL,
            value TEXT,
            stamp INTEGER NOT NULL,
            replica BLOB NOT NULL,
            recorded INTEGER NOT NULL
        );
        CREATE TABLE sync_pulled (seq INTEGER PRIMARY KEY);
        CREATE TABLE sync_parked (
            seq INTEGER PRIMARY KEY,
            replica BLOB NOT NULL,
            counter INTEGER NOT NULL,
            stamp INTEGER NOT NULL,
            node BLOB,
            property TEXT NOT NULL,
            value TEXT,
            reason TEXT NOT NULL,
            waiting INTEGER NOT NULL
        );
        CREATE TABLE sync_tombstone (
            seq INTEGER PRIMARY KEY,
            id BLOB,
            kind INTEGER NOT NULL,
            parent INTEGER,
            text TEXT NOT NULL,
            created INTEGER NOT NULL,
            created_offset INTEGER NOT NULL,
            done INTEGER,
            fields TEXT,
            stamp INTEGER NOT NULL
        );
        CREATE TABLE id_epoch (first_seq INTEGER PRIMARY KEY, salt INTEGER NOT NULL);
        CREATE TABLE node_alias (id BLOB PRIMARY KEY CHECK (length(id) = 16), seq INTEGER NOT NULL) WITHOUT ROWID;
        """,
        // 11: one order of a list's children on every machine (docs/sync.md, "The
        // order of a list"). Row numbers are given where a node arrives, so a pulled
        // entry took its place by its arrival, in another order on each machine. A
        // node the hub has is placed by the stamp of its create and the first 8 bytes
        // of the replica that made it (`order_stamp`, `order_replica`, set when it is
        // handed out to a push or pulled); a node not sent yet has neither, and comes
        // after them all, by row: as it is sent, its stamp is later than any seen, so
        // it stays where it was. The placed children are walked in `node_order`, the
        // others in `node_children` as before (see `NodeColumn.siblingRuns`). Only
        // placed rows are in `node_order`: a store that never syncs writes two NULLs a
        // row, and `node_children` is left as it was. Taking the stamp into it made
        // every insert cost more CPU, as every insertion compared two more columns.
        // Nodes already on the hub were sent with their creation time as the
        // stamp: they take it, with replica 0. So do the creates a push handed out
        // without an acknowledgement (up to `sync_watched_to`): the hub may hold them,
        // keeps one create of a node, and would drop the same create sent again with
        // another stamp, so they go again with the one they went with. A tombstone
        // keeps the place of what it brings back.
        """
        ALTER TABLE node ADD COLUMN order_stamp INTEGER;
        ALTER TABLE node ADD COLUMN order_replica INTEGER;
        UPDATE node SET order_stamp = min(max(created, 0), \(DerivedIDs.millisecondsRange.upperBound)) << 16, order_replica = 0
        WHERE seq <= (SELECT value FROM setting WHERE key = \(Setting.syncWatchedTo.sql)) OR seq IN (SELECT seq FROM sync_pulled);
        CREATE INDEX node_order ON node (parent, order_stamp, order_replica) WHERE order_stamp IS NOT NULL;
        ALTER TABLE sync_tombstone ADD COLUMN order_stamp INTEGER;
        ALTER TABLE sync_tombstone ADD COLUMN order_replica INTEGER;
        UPDATE sync_tombstone SET order_stamp = min(max(created, 0), \(DerivedIDs.millisecondsRange.upperBound)) << 16, order_replica = 0;
        """,
        // 12: the sync clock (`hlc`) when a change began, which every value pulled before
        // it is stamped at or below. Undo leaves a property that another machine changed
        // since the change; told by the wall clock alone, a value pulled before the change
        // from a machine whose clock is ahead counted as one changed since, and was not
        // reverted. Changes recorded before have none, and are told by their time.
        // `sync_op.unsent_change`: the change that logged a row no push has read yet
        // (NULL once one has, or a pull has come since). Undoing that change deletes the
        // row: the property is back to what the hub has, and an edit undone before a
        // sync sent its earlier value with a new stamp, over what other machines had
        // changed meanwhile.
        """
        ALTER TABLE change ADD COLUMN stamp INTEGER;
        ALTER TABLE sync_op ADD COLUMN unsent_change INTEGER;
        """,
        // 13: a hook is trusted by a tag only its user can make (`TrustKey`): an
        // HMAC of its row in this file, NULL until then, in place of `machine`, which
        // held an identity written in every store in the clear and could be copied
        // into another's hook rows. No old mark is turned into a tag, even one that
        // matches this machine: a forged one matched too. Every hook waits for
        // `jotter trust` once, which says so where it would have run.
        """
        ALTER TABLE hook RENAME TO hook_v7;
        CREATE TABLE hook (
            seq INTEGER PRIMARY KEY,
            owner INTEGER REFERENCES node (seq) ON DELETE CASCADE,
            timing TEXT NOT NULL CHECK (timing IN ('before', 'after')),
            event TEXT NOT NULL CHECK (event IN ('add', 'edit', 'done', 'rm')),
            command TEXT NOT NULL,
            timeout_seconds INTEGER NOT NULL,
            trust_tag BLOB
        );
        INSERT INTO hook (seq, owner, timing, event, command, timeout_seconds)
            SELECT seq, owner, timing, event, command, timeout_seconds FROM hook_v7;
        DROP TABLE hook_v7;
        CREATE INDEX hook_owners ON hook (ifnull(owner, 0));
        """,
        // 14: checksums (RowChecksum) of each entry's text and of each field value's
        // name and value, written by every statement of jotter's that writes them, and
        // compared by `check` and by every export: SQLite checks the structure of the
        // file's pages, not the bytes of a text, and a bit changed in one passed
        // unseen. Rows already there get theirs here, in this step's transaction, from
        // the texts as they are. NULL is a row written by another program.
        """
        ALTER TABLE node ADD COLUMN text_sum INTEGER;
        ALTER TABLE field_value ADD COLUMN value_sum INTEGER;
        UPDATE node SET text_sum = jotter_checksum(text);
        UPDATE field_value SET value_sum = jotter_checksum(name, value);
        """,
        // 15: what the store knows the hub to hold, so that a hub that lost operations
        // can be given them again (docs/sync.md, "A hub that lost operations"):
        // `sync_log`, every operation this store pulled and every one of its own the hub
        // acknowledged, whole, in the order it learned them (a long pulled text in `text`,
        // the value holding `""` at `text_offset` in its place, as the pull read it); and
        // `sync_cursor_hash`, the hub's hash chain at the cursor. A store that synced
        // before has none: NULL, which its next sync takes from the hub.
        """
        CREATE TABLE sync_log (
            seq INTEGER PRIMARY KEY,
            replica BLOB NOT NULL,
            counter INTEGER NOT NULL,
            stamp INTEGER NOT NULL,
            node BLOB,
            property TEXT NOT NULL,
            value TEXT,
            base INTEGER,
            text TEXT,
            text_offset INTEGER
        );
        CREATE UNIQUE INDEX sync_log_operation ON sync_log (replica, counter);
        INSERT INTO setting (key, value)
        SELECT \(Setting.syncCursorHash.sql), CASE WHEN value = 0 THEN '' END FROM setting WHERE key = \(Setting.syncCursor.sql);
        """,
        // 16: the tree in the hub's order (docs/sync.md, "Merging", crossed moves). A
        // move pulled is judged at its position, before this store's own moves the hub
        // has not given back yet: `sync_hub_parent` holds, for each node moved here and
        // not given back, the parent the hub's operations give it so far (NULL the root)
        // and the stamp and replica of the move that gave it (NULL its create's); the
        // other nodes' parents in `node` are the hub's. `sending`: the parent a move
        // refused here (a pull put it in a cycle) still carries to the hub, where every
        // machine refuses it at its position (0 the root). Moves not sent yet take the
        // parent they left as the hub's: `previous_parent`, which the stamps' rule of
        // crossed moves read before, and nothing reads now.
        """
        CREATE TABLE sync_hub_parent (
            seq INTEGER PRIMARY KEY,
            parent INTEGER,
            stamp INTEGER,
            replica BLOB,
            sending INTEGER
        );
        INSERT INTO sync_hub_parent (seq, parent, stamp, replica)
            SELECT o.seq, nullif(o.previous_parent, 0), s.stamp, s.replica
            FROM sync_op AS o LEFT JOIN sync_stamp AS s ON s.seq = o.seq AND s.property = 'parent'
            WHERE o.property = 'parent' AND o.seq IS NOT NULL;
        ALTER TABLE sync_op DROP COLUMN previous_parent;
        ALTER TABLE sync_stamp DROP COLUMN previous_parent;
        """,
        // 17: what `stats FIELD` reads in place of every entry's value (docs/performance.md).
        // `value_bucket` holds, for each field name and quarter hour of UTC (`bucket`,
        // the creation time in milliseconds divided by 900,000, rounded down), how many
        // entries in sight hold a value, and the exact sum, least and greatest of the
        // values, as decimal text: every zone's offset is a whole number of quarter hours,
        // so a local day, week, month or year is a run of whole buckets. jotter computes
        // them (exact, as `ExactDecimal`); the triggers only mark a bucket stale in
        // `value_bucket_stale`, in plain SQL, so that any program that writes the store
        // keeps it right; with no conflict clause, which the statement that fires a trigger
        // overrides (jotter's own are OR ROLLBACK). As with the time index, rows above `value_bucketed_to` are not
        // watched (an add or an import pays one setting lookup a value): `stats` marks
        // their buckets stale when it first reads them, and then moves the setting on.
        // A row given back its old number (undo of a removal) is watched on insert too,
        // whichever of node and value comes back first. The cache starts empty with the
        // setting at 0: every bucket of a store brought up to date is worked out at its
        // first `stats`.
        """
        CREATE TABLE value_bucket (
            name TEXT NOT NULL,
            bucket INTEGER NOT NULL,
            entries INTEGER NOT NULL,
            sum TEXT NOT NULL,
            least TEXT NOT NULL,
            greatest TEXT NOT NULL,
            PRIMARY KEY (name, bucket)
        ) WITHOUT ROWID;
        CREATE TABLE value_bucket_stale (
            name TEXT NOT NULL,
            bucket INTEGER NOT NULL,
            PRIMARY KEY (name, bucket)
        ) WITHOUT ROWID;
        INSERT INTO setting (key, value) VALUES (\(Setting.valueBucketedTo.sql), 0);
        CREATE TRIGGER value_bucket_value_insert AFTER INSERT ON field_value
        WHEN new.item <= (SELECT value FROM setting WHERE key = \(Setting.valueBucketedTo.sql)) BEGIN
            INSERT INTO value_bucket_stale (name, bucket)
            SELECT marked.name, marked.bucket FROM (
                SELECT new.name AS name, created / 900000 - (created % 900000 < 0) AS bucket FROM node WHERE seq = new.item
            ) AS marked
            WHERE NOT EXISTS (SELECT 1 FROM value_bucket_stale AS stale WHERE stale.name = marked.name AND stale.bucket = marked.bucket);
        END;
        CREATE TRIGGER value_bucket_value_update AFTER UPDATE OF item, name, value ON field_value
        WHEN (old.item IS NOT new.item OR old.name IS NOT new.name OR old.value IS NOT new.value)
            AND min(old.item, new.item) <= (SELECT value FROM setting WHERE key = \(Setting.valueBucketedTo.sql)) BEGIN
            INSERT INTO value_bucket_stale (name, bucket)
            SELECT marked.name, marked.bucket FROM (
                SELECT old.name AS name, created / 900000 - (created % 900000 < 0) AS bucket FROM node WHERE seq = old.item
            ) AS marked
            WHERE NOT EXISTS (SELECT 1 FROM value_bucket_stale AS stale WHERE stale.name = marked.name AND stale.bucket = marked.bucket);
            INSERT INTO value_bucket_stale (name, bucket)
            SELECT marked.name, marked.bucket FROM (
                SELECT new.name AS name, created / 900000 - (created % 900000 < 0) AS bucket FROM node WHERE seq = new.item
            ) AS marked
            WHERE NOT EXISTS (SELECT 1 FROM value_bucket_stale AS stale WHERE stale.name = marked.name AND stale.bucket = marked.bucket);
        END;
        CREATE TRIGGER value_bucket_value_delete AFTER DELETE ON field_value
        WHEN old.item <= (SELECT value FROM setting WHERE key = \(Setting.valueBucketedTo.sql)) BEGIN
            INSERT INTO value_bucket_stale (name, bucket)
            SELECT marked.name, marked.bucket FROM (
                SELECT old.name AS name, created / 900000 - (created % 900000 < 0) AS bucket FROM node WHERE seq = old.item
            ) AS marked
            WHERE NOT EXISTS (SELECT 1 FROM value_bucket_stale AS stale WHERE stale.name = marked.name AND stale.bucket = marked.bucket);
        END;
        CREATE TRIGGER value_bucket_node_insert AFTER INSERT ON node
        WHEN new.seq <= (SELECT value FROM setting WHERE key = \(Setting.valueBucketedTo.sql)) BEGIN
            INSERT INTO value_bucket_stale (name, bucket)
            SELECT marked.name, marked.bucket FROM (
                SELECT name AS name, new.created / 900000 - (new.created % 900000 < 0) AS bucket FROM field_value WHERE item = new.seq
            ) AS marked
            WHERE NOT EXISTS (SELECT 1 FROM value_bucket_stale AS stale WHERE stale.name = marked.name AND stale.bucket = marked.bucket);
        END;
        CREATE TRIGGER value_bucket_node_update AFTER UPDATE OF created, hidden, kind ON node
        WHEN (old.created IS NOT new.created OR old.hidden IS NOT new.hidden OR old.kind IS NOT new.kind)
            AND old.seq <= (SELECT value FROM setting WHERE key = \(Setting.valueBucketedTo.sql)) BEGIN
            INSERT INTO value_bucket_stale (name, bucket)
            SELECT marked.name, marked.bucket FROM (
                SELECT name AS name, old.created / 900000 - (old.created % 900000 < 0) AS bucket FROM field_value WHERE item = old.seq
            ) AS marked
            WHERE NOT EXISTS (SELECT 1 FROM value_bucket_stale AS stale WHERE stale.name = marked.name AND stale.bucket = marked.bucket);
            INSERT INTO value_bucket_stale (name, bucket)
            SELECT marked.name, marked.bucket FROM (
                SELECT name AS name, new.created / 900000 - (new.created % 900000 < 0) AS bucket FROM field_value WHERE item = new.seq
            ) AS marked
            WHERE NOT EXISTS (SELECT 1 FROM value_bucket_stale AS stale WHERE stale.name = marked.name AND stale.bucket = marked.bucket);
        END;
        CREATE TRIGGER value_bucket_node_delete BEFORE DELETE ON node
        WHEN old.seq <= (SELECT value FROM setting WHERE key = \(Setting.valueBucketedTo.sql)) BEGIN
            INSERT INTO value_bucket_stale (name, bucket)
            SELECT marked.name, marked.bucket FROM (
                SELECT name AS name, old.created / 900000 - (old.created % 900000 < 0) AS bucket FROM field_value WHERE item = old.seq
            ) AS marked
            WHERE NOT EXISTS (SELECT 1 FROM value_bucket_stale AS stale WHERE stale.name = marked.name AND stale.bucket = marked.bucket);
        END;
        """,
        // 18: the changes that saw a value, by the stamp they name as their base: a value
        // that arrives after a change made on top of it (two machines' values can share a
        // stamp) is not kept as a conflict; and the kept values by property, which each
        // change pulled or acknowledged looks up to forget those it saw (docs/sync.md,
        // "Merging").
        """
        CREATE INDEX IF NOT EXISTS sync_log_base ON sync_log (base);
        CREATE INDEX IF NOT EXISTS sync_conflict_property ON sync_conflict (node, property);
        """,
        // 19: the restores in the log by entry, which the merge asks about when two `rm`s
        // of an entry meet and when a purge settles; few, so the index costs a sync of
        // many entries nothing (docs/sync.md, "Merging").
        """
        CREATE INDEX IF NOT EXISTS sync_log_restores ON sync_log (node) WHERE property = 'trashed' AND value = 'false';
        """,
        // 20: the last states of entries deleted for good by the list they were in, which
        // a purge settling asks for the entries under its node this store changed later.
        """
        CREATE INDEX IF NOT EXISTS sync_tombstone_parent ON sync_tombstone (parent);
        """,
    ]

    static var latestVersion: Int64 { Int64(steps.count) }

    /// Checks what the file is and brings its schema up to date. Refuses an SQLite
    /// file of another application, a damaged store and a store from a newer jotter,
    /// untouched: nothing is changed until the file is known to be a store, or new.
    static func bring(_ store: Store) throws {
        let database = store.database
        var (applicationID, version, objects) = try identify(database)
        let isNew = applicationID == 0 && version == 0 && objects == 0
        if !isNew {
            try refuseUnlessJotters(store, applicationID: applicationID, version: version)
        }
        guard version < latestVersion else { return }
        if let reason = store.readOnlyReason {
            throw JotterError.store(isNew
                ? "\(store.path): the store cannot be written (\(reason))"
                : "\(store.path): written by an older jotter (store version \(version)), and it cannot be brought up to date here (\(reason)); the file was left as it is")
        }
        if isNew {
            // A new, empty database. WAL lets readers go on while one writer commits;
            // the mode is kept in the file, and cannot change inside a transaction.
            try switchToWAL(database)
        }
        // One transaction for every step: a store that cannot be brought all the way
        // stays at its own version, which the jotter that wrote it can still open.
        let foundVersion = version
        var step = version + 1
        do {
            try database.transaction(immediate: true) {
                // Another process may have migrated while this one waited for the lock.
                (applicationID, version, objects) = try identify(database)
                if applicationID != 0 || version != 0 || objects != 0 {
                    try refuseUnlessJotters(store, applicationID: applicationID, version: version)
                }
                guard version < latestVersion else { return }
                for next in version..<latestVersion {
                    step = next + 1
                    try database.execute(steps[Int(next)])
                }
                try database.execute("PRAGMA user_version = \(latestVersion)")
                // The file's identity as it is made or first brought up to date here:
                // a copy made from now on differs from it at its first write.
                try store.recordFileIdentityIfMissing()
            }
        } catch let error as SQLiteError where !(error.isBusy || error.isDiskFull || error.isReadOnly || error.isCorrupt) {
            throw JotterError.store(
                "\(store.path): written by an older jotter (store version \(foundVersion)), and bringing it up to date failed at step \(step) (\(error.message)); the file was left as it is")
        }
    }

    /// Puts a new store in WAL mode. The switch takes the whole file, and SQLite does
    /// not wait for it as it waits for a write lock: where other processes open the
    /// new store at the same moment, as scripts starting together do, it failed at
    /// once with "database is locked". It is tried again, as a writer waits, up to
    /// the busy timeout; once one process has switched, the file is in WAL mode and
    /// the others' switch has nothing to do.
    private static func switchToWAL(_ database: Database) throws {
        let deadline = ContinuousClock.now + .milliseconds(Int(Store.busyTimeoutMilliseconds))
        while true {
            do {
                try database.execute("PRAGMA journal_mode = WAL")
                return
            } catch let error as SQLiteError where error.isBusy && ContinuousClock.now < deadline {
                usleep(5_000)
            }
        }
    }

    /// Refuses anything but a jotter store of a version this jotter knows: the version
    /// read from the file picks the steps to run, so it is checked before any is.
    private static func refuseUnlessJotters(_ store: Store, applicationID: Int32, version: Int64) throws {
        guard applicationID == Store.applicationID else {
            throw JotterError.store(
                "\(store.path): not a jotter store (an SQLite database of another application); the file was left as it is")
        }
        guard version <= latestVersion else {
            throw JotterError.store(
                "\(store.path): written by a newer jotter (store version \(version), this jotter knows up to \(latestVersion)); the file was left as it is")
        }
        guard version >= 1 else {
            throw JotterError.store(
                "\(store.path): the store is damaged or not a jotter store (it gives store version \(version)); the file was left as it is")
        }
    }

    static func identify(_ database: Database) throws -> (applicationID: Int32, version: Int64, objects: Int64) {
        let statement = try database.statement(
            """
            SELECT (SELECT application_id FROM pragma_application_id),
                   (SELECT user_version FROM pragma_user_version),
                   (SELECT count(*) FROM sqlite_schema)
            """)
        return try statement.firstRow { row in
            (Int32(truncatingIfNeeded: row.int64(0)), row.int64(1), row.int64(2))
        } ?? (0, 0, 0)
    }
}
