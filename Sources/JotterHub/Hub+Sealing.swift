import JotterCore

/// A sealed journal on the hub: whether the journal is sealed, and its wrapped keys.
/// The hub keeps them and never reads them.
extension Hub {
    /// Whether the journal is sealed, its wrapped keys, and whether it holds any
    /// operation yet.
    /// One statement, as every sync asks it.
    public func sealing() throws -> HubSealing {
        var sealing = HubSealing(sealed: false, keys: [], holdsOperations: false)
        try connection.query("""
            SELECT journal.sealed, EXISTS (SELECT 1 FROM jotter.op WHERE op.journal = journal.name),
                   key.key_id, encode(key.salt, 'hex'), key.cost, encode(key.wrapped, 'hex')
            FROM jotter.journal LEFT JOIN jotter.journal_key AS key ON key.journal = journal.name
            WHERE journal.name = $1 ORDER BY key.key_id
            """, [journal]) { row in
            sealing.sealed = row.string(0) == "t"
            sealing.holdsOperations = row.string(1) == "t"
            if let key = Hub.wrappedKey(row, from: 2) { sealing.keys.append(key) }
        }
        return sealing
    }

    private func wrappedKeys() throws -> [WrappedJournalKey] {
        var keys: [WrappedJournalKey] = []
        try connection.query("""
            SELECT key_id, encode(salt, 'hex'), cost, encode(wrapped, 'hex') FROM jotter.journal_key
            WHERE journal = $1 ORDER BY key_id
            """, [journal]) { row in
            if let key = Hub.wrappedKey(row, from: 0) { keys.append(key) }
        }
        return keys
    }

    private static func wrappedKey(_ row: HubRow, from column: Int32) -> WrappedJournalKey? {
        guard let id = row.int64(column), let salt = row.string(column + 1).flatMap(StoreKey.bytes(ofHex:)),
              let cost = row.string(column + 2), let wrapped = row.string(column + 3).flatMap(StoreKey.bytes(ofHex:)) else {
            return nil
        }
        return WrappedJournalKey(id: id, salt: salt, cost: cost, wrapped: wrapped)
    }

    /// Seals the journal with `keys` when it is not sealed and holds no operation, in one
    /// transaction under its lock, and returns the journal's keys: `keys`, or those of
    /// a machine that sealed it first. A journal that holds operations in the clear is
    /// refused: its operations cannot be sealed after the fact.
    public func seal(with keys: [WrappedJournalKey]) throws -> [WrappedJournalKey] {
        try connection.transaction {
            var state: (sealed: Bool, holds: Bool)?
            try connection.query("""
                SELECT sealed, EXISTS (SELECT 1 FROM jotter.op WHERE op.journal = journal.name)
                FROM jotter.journal WHERE name = $1 FOR UPDATE
                """, [journal]) { row in state = (row.string(0) == "t", row.string(1) == "t") }
            guard let state else { throw connection.failure("the journal '\(journal)' is not there for this role") }
            if state.sealed { return try wrappedKeys() }
            if state.holds {
                throw JotterError.input(
                    "the journal '\(journal)' of \(name) holds operations in the clear already, and they cannot be sealed after the fact; seal a journal of its own (--journal NAME), or join this one with --unsealed")
            }
            try insert(keys)
            try connection.query("UPDATE jotter.journal SET sealed = true WHERE name = $1", [journal])
            return keys
        }
    }

    /// Replaces the journal's wrapped keys by `keys` in one transaction: a command
    /// killed halfway leaves the old ones or the new ones, never neither.
    public func replaceKeys(with keys: [WrappedJournalKey], replacing old: [WrappedJournalKey]) throws {
        try connection.transaction {
            try connection.query("SELECT 1 FROM jotter.journal WHERE name = $1 FOR UPDATE", [journal])
            guard try wrappedKeys() == old else {
                throw JotterError(.hub, "\(name): the keys of the journal '\(journal)' changed while they were being replaced (another machine rotated them); nothing was changed; try again")
            }
            try connection.query("DELETE FROM jotter.journal_key WHERE journal = $1", [journal])
            try insert(keys)
        }
    }

    private func insert(_ keys: [WrappedJournalKey]) throws {
        for key in keys {
            try connection.query("""
                INSERT INTO jotter.journal_key (journal, key_id, salt, cost, wrapped)
                VALUES ($1, $2, decode($3, 'hex'), $4, decode($5, 'hex'))
                """, [journal, String(key.id), StoreKey.hex(key.salt), key.cost, StoreKey.hex(key.wrapped)])
        }
    }
}

/// A sealed journal as the hub holds it.
public struct HubSealing: Sendable, Equatable {
    public var sealed: Bool
    public var keys: [WrappedJournalKey]
    public var holdsOperations: Bool
}

