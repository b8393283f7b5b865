/// The prompt's history lives in the store, written with the entry it produced, so a
/// crash loses none of it and no second file holds private text.
extension Store {
    /// How many lines of history the prompt loads at start: enough to recall and
    /// search, few enough that start-up does not grow with the store.
    public static let historyLoadLimit = 1000

    /// Keeps a command's line. A store found damaged takes no more lines, and the
    /// command goes on: reading ones answer on such a store, and `check` is what the
    /// user is told to run.
    public func appendHistory(_ line: String) throws {
        noticeDamageMarkedSinceOpening()
        guard !isKnownDamaged else { return }
        try write(changingSyncedRows: false) {
            try database.statement("INSERT INTO history (line, entered) VALUES (?, ?)")
                .bind(1, line).bind(2, clock().milliseconds).run()
        }
    }

    /// The latest `limit` lines, oldest first.
    public func recentHistory(limit: Int = Store.historyLoadLimit) throws -> [String] {
        try read {
            let statement = try database.statement(
                "SELECT line FROM (SELECT seq, line FROM history ORDER BY seq DESC LIMIT ?) ORDER BY seq")
                .bind(1, Int64(limit))
            var lines: [String] = []
            while try statement.step() {
                lines.append(statement.string(0))
            }
            return lines
        }
    }

    /// Keeps `line`, an entry that was being made at `place` when the prompt was ended
    /// by a signal, for the next prompt there. A draft already kept there (another
    /// prompt at the same place, its terminal closed at the same moment) is kept too,
    /// under a number of its own: each comes back at one opening.
    public func keepDraft(_ line: String, at place: NavigationPath) throws {
        try write(changingSyncedRows: false) {
            var number = 1
            var key = Setting.draft(at: place)
            while try setting(key, { _ in true }) != nil {
                number += 1
                key = Setting.draft(at: place, number: number)
            }
            try setSetting(key, text: line)
        }
    }

    /// A draft kept at `place`, taken out of the store, the first kept first; nil when
    /// there is none.
    public func takeDraft(at place: NavigationPath) throws -> String? {
        let name = Setting.draft(at: place).key
        let firstDraft = """
            SELECT key, value FROM setting WHERE key = ?1 OR key GLOB ?1 || ' [1-9]*'
            ORDER BY length(key), key LIMIT 1
            """
        // Read first: a prompt that finds none, the common case, writes nothing.
        guard try database.statement(firstDraft).bind(1, name).firstRow({ _ in true }) != nil else { return nil }
        return try write(changingSyncedRows: false) {
            guard let (key, draft) = try database.statement(firstDraft).bind(1, name)
                .firstRow({ ($0.string(0), $0.string(1)) }) else { return nil }
            try database.statement("DELETE FROM setting WHERE key = ?").bind(1, key).run()
            return draft
        }
    }

    /// A draft kept at a place since deleted for good (the trash emptied there, or by
    /// sync), taken out of the store; nil when there is none. No prompt can open at
    /// that place again: left there, it was never shown nor removed.
    public func takeDraftOfAPlaceGone() throws -> String? {
        let drafts = "SELECT key FROM setting WHERE key GLOB '\(Setting.draftsAtListsPattern)' ORDER BY length(key), key"
        var keys: [String] = []
        let statement = try database.statement(drafts)
        while try statement.step() { keys.append(statement.string(0)) }
        statement.reset()
        for key in keys {
            guard let (draft, id) = Setting.draftAtList(storedAs: key),
                  try nodeRow(id: id, includingHidden: true, columns: "seq", { _ in true }) == nil else { continue }
            return try write(changingSyncedRows: false) {
                guard let line = try setting(draft, { $0.string(0) }) else { return nil }
                try database.statement("DELETE FROM setting WHERE key = ?").bind(1, key).run()
                return line
            }
        }
        return nil
    }
}
