import JotterCore

/// jotter's tables on the hub, in the schema `jotter`: made by `jotter remote set` in one
/// transaction when missing, and printed by `jotter remote schema` for a DBA who
/// prefers to run it.
///
/// Access is by row, not by grant: every role may use the tables (the grants go to
/// PUBLIC), and row-level security shows a role only the journals that `jotter.member`
/// names for it or for a role it belongs to. The tables' owner (who ran this) sees
/// every journal, as PostgreSQL exempts an owner from its own policies.
public enum HubSchema {
    /// The version of the hub's tables this jotter writes; a hub whose version is
    /// higher was set up by a newer jotter and is refused, as a newer store is.
    public static let version: Int64 = 4

    /// The roles the current role is or belongs to, as the policies ask for them: a
    /// subquery that does not depend on the row, so it is worked out once per statement.
    private static let rolesOfCurrentUser = """
        SELECT rolname FROM pg_catalog.pg_roles WHERE pg_catalog.pg_has_role(current_user, oid, 'MEMBER')
        """

    private static let journalsOfCurrentUser = """
        SELECT member.journal FROM jotter.member WHERE member.role IN (\(rolesOfCurrentUser))
        """

    /// The statements that make the tables, without the transaction around them.
    public static let statements = """
        CREATE SCHEMA jotter;

        -- One row: the version of these tables.
        CREATE TABLE jotter.version (version bigint NOT NULL);
        INSERT INTO jotter.version (version) VALUES (\(version));

        -- A journal and the position its next operation gets. Pushes lock its row, so
        -- positions are given in the order the pushes commit, and a reader following
        -- them never passes over one that committed late.
        CREATE TABLE jotter.journal (
            name text PRIMARY KEY,
            next_position bigint NOT NULL DEFAULT 1,
            sealed boolean NOT NULL DEFAULT false
        );

        -- Every operation of every journal, in the journal's one order. An operation
        -- pushed twice is stored once: by (replica, counter), and a node is created once.
        -- The values are JSON text the hub never reads; base is the stamp of the value a
        -- change replaced, as its maker saw it (NULL for creates). No foreign key to journal: a
        -- push holds the journal's row locked already, and the key's check per row was
        -- 7.6 ms of the 17.7 ms that inserting 1,000 operations took.
        CREATE TABLE jotter.op (
            journal text NOT NULL,
            position bigint NOT NULL,
            replica uuid NOT NULL,
            counter bigint NOT NULL,
            stamp bigint NOT NULL,
            node uuid,
            property text NOT NULL,
            value text,
            base bigint,
            hash bytea,
            PRIMARY KEY (journal, position),
            UNIQUE (journal, replica, counter)
        );
        CREATE UNIQUE INDEX op_create ON jotter.op (journal, node) WHERE property = 'create';
        \(chainStatements)

        -- The machines that sync a journal and how far each has pulled: operations a
        -- machine has not pulled are never pruned.
        CREATE TABLE jotter.replica (
            journal text NOT NULL REFERENCES jotter.journal (name),
            replica uuid NOT NULL,
            pulled_to bigint NOT NULL DEFAULT 0,
            last_seen timestamptz NOT NULL DEFAULT now(),
            PRIMARY KEY (journal, replica)
        );

        -- Who may use a journal: a role, or a group role whose members may.
        CREATE TABLE jotter.member (
            journal text NOT NULL,
            role name NOT NULL,
            PRIMARY KEY (journal, role)
        );
        \(sealStatements)

        ALTER TABLE jotter.journal ENABLE ROW LEVEL SECURITY;
        ALTER TABLE jotter.op ENABLE ROW LEVEL SECURITY;
        ALTER TABLE jotter.replica ENABLE ROW LEVEL SECURITY;
        ALTER TABLE jotter.member ENABLE ROW LEVEL SECURITY;
        CREATE POLICY member_of ON jotter.member FOR SELECT USING (role IN (\(rolesOfCurrentUser)));
        CREATE POLICY member_of ON jotter.journal USING (name IN (\(journalsOfCurrentUser)));
        CREATE POLICY member_of ON jotter.op USING (journal IN (\(journalsOfCurrentUser)));
        CREATE POLICY member_of ON jotter.replica USING (journal IN (\(journalsOfCurrentUser)));
        \(sealPolicyStatements)

        GRANT USAGE ON SCHEMA jotter TO PUBLIC;
        GRANT SELECT ON jotter.version, jotter.member TO PUBLIC;
        GRANT SELECT, INSERT, UPDATE ON jotter.journal, jotter.replica TO PUBLIC;
        GRANT SELECT, INSERT ON jotter.op TO PUBLIC;
        GRANT UPDATE (hash) ON jotter.op TO PUBLIC;

        """

    /// A sealed journal's keys, each wrapped under a key derived from the journal's
    /// passphrase: the hub holds them so that a new machine needs only the passphrase,
    /// and cannot open them.
    static let sealStatements = """
        CREATE TABLE jotter.journal_key (
            journal text NOT NULL,
            key_id bigint NOT NULL,
            salt bytea NOT NULL,
            cost text NOT NULL,
            wrapped bytea NOT NULL,
            PRIMARY KEY (journal, key_id)
        );
        """

    static var sealPolicyStatements: String {
        """
        ALTER TABLE jotter.journal_key ENABLE ROW LEVEL SECURITY;
        CREATE POLICY member_of ON jotter.journal_key USING (journal IN (\(journalsOfCurrentUser)));
        GRANT SELECT, INSERT, UPDATE, DELETE ON jotter.journal_key TO PUBLIC;
        """
    }

    /// The hash chain of a journal (docs/sync.md, "One order, and its hash chain"): each
    /// operation's `hash` is SHA-256 of the hash before it and of the operation's own
    /// bytes, so that a store remembering the hash at its cursor tells a journal that
    /// lost operations, or another journal, from the one it pulled. `op_bytes` is the
    /// operation as one unambiguous string of bytes: every variable part is either of a
    /// fixed length or preceded by its length, and an absent one by a byte of its own.
    /// The first operation chains from no bytes at all.
    static let chainStatements = """
        CREATE FUNCTION jotter.op_bytes(replica uuid, counter bigint, stamp bigint, node uuid, property text,
                                        value text, base bigint) RETURNS bytea
        LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
            SELECT uuid_send(replica) || int8send(counter) || int8send(stamp)
                || CASE WHEN node IS NULL THEN '\\x00'::bytea ELSE '\\x01'::bytea || uuid_send(node) END
                || int8send(octet_length(property)::bigint) || convert_to(property, 'UTF8')
                || CASE WHEN value IS NULL THEN '\\x00'::bytea
                        ELSE '\\x01'::bytea || int8send(octet_length(value)::bigint) || convert_to(value, 'UTF8') END
                || CASE WHEN base IS NULL THEN '\\x00'::bytea ELSE '\\x01'::bytea || int8send(base) END
        $$;
        CREATE FUNCTION jotter.chain_step(state bytea, start bytea, bytes bytea) RETURNS bytea
        LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ SELECT sha256(coalesce(state, start) || bytes) $$;
        -- Over a window ordered by position: the hash of each operation, from the hash
        -- before the first.
        CREATE AGGREGATE jotter.chain(bytea, bytea) (SFUNC = jotter.chain_step, STYPE = bytea);
        """

    /// The statements that bring tables of a version to the next, by that version.
    /// Each runs in one transaction with the others a hub needs: a column added without
    /// a default is written to the catalogue only, and only the chain (2 to 3) reads
    /// and rewrites every operation.
    public static let upgrades: [Int64: String] = [
        // Operations stored before it have no base, and merge as they did.
        1: """
            ALTER TABLE jotter.op ADD COLUMN base bigint;
            UPDATE jotter.version SET version = 2;
            """,
        // Every operation already there is chained in its journal's order, in this one
        // transaction: rows written by hand past a journal's next_position join the
        // order where they are. The only upgrade that rewrites every row.
        2: """
            ALTER TABLE jotter.op ADD COLUMN hash bytea;
            \(chainStatements)
            UPDATE jotter.op SET hash = chained.hash
            FROM (SELECT journal, position,
                         jotter.chain('\\x'::bytea, jotter.op_bytes(replica, counter, stamp, node, property, value, base))
                             OVER (PARTITION BY journal ORDER BY position ROWS UNBOUNDED PRECEDING) AS hash
                  FROM jotter.op) AS chained
            WHERE op.journal = chained.journal AND op.position = chained.position;
            UPDATE jotter.journal SET next_position = greatest(next_position,
                coalesce((SELECT max(position) + 1 FROM jotter.op WHERE op.journal = journal.name), 1));
            GRANT UPDATE (hash) ON jotter.op TO PUBLIC;
            UPDATE jotter.version SET version = 3;
            """,
        // Journals already there are not sealed.
        3: """
            ALTER TABLE jotter.journal ADD COLUMN sealed boolean NOT NULL DEFAULT false;
            \(sealStatements)
            \(sealPolicyStatements)
            UPDATE jotter.version SET version = 4;
            """,
    ]

    /// What `jotter remote schema` prints: the statements in one transaction, and how
    /// a journal is given to a role.
    public static var script: String {
        """
        -- jotter's tables on a PostgreSQL hub (hub schema version \(version)).
        -- Run once per database, as the role that is to own the tables.
        BEGIN;
        \(statements)COMMIT;

        -- Then, for each journal and each role (or group role) that may use it:
        --   INSERT INTO jotter.journal (name) VALUES ('main') ON CONFLICT DO NOTHING;
        --   INSERT INTO jotter.member (journal, role) VALUES ('main', 'alice');
        \(upgradeNotes)
        """
    }

    /// How tables made by an older jotter are brought up to date, as comments: their
    /// owner runs these, or `jotter remote set`, which does the same.
    private static var upgradeNotes: String {
        upgrades.keys.sorted().map { from in
            "\n-- Tables of hub schema version \(from) are brought to \(from + 1) by their owner with:\n--   BEGIN;\n"
                + upgrades[from, default: ""].split(separator: "\n").map { "--   \($0)\n" }.joined()
                + "--   COMMIT;\n"
        }.joined()
    }
}
