/// Finding damage: SQLite's own checks of the file, and the rules jotter's tables keep
/// among themselves, which SQLite cannot know.
extension Store {
    /// How many of SQLite's messages `check` reports; a badly damaged file gives one
    /// for every page.
    static let reportedIntegrityMessages = 100

    /// Everything wrong with the store, one line each; empty when it is sound. Reads
    /// the whole file, and writes nothing to it: a store found damaged is marked so
    /// beside it, and a store found sound has its mark taken away where the folder
    /// lets it (`DamageMark`, `damageMarkAfterCheck`).
    public func check() throws -> [String] {
        // A store kept open (`:check` at the prompt) may have been marked since.
        noticeDamageMarkedSinceOpening()
        damageMarkAfterCheck = nil
        var problems: [String] = []
        // Each look reads what the ones before found whole or not; damage that stops
        // one is reported, and the next still looks. Anything else (the store busy,
        // the disk failing) is not damage, and stops the check as it would any command.
        func look(_ what: String, _ body: () throws -> [String]) throws {
            do {
                problems += try body()
            } catch let error as SQLiteError where error.isCorrupt || error.isNotADatabase {
                problems.append("\(what) could not be read: \(error.message)")
            } catch let error as SQLiteError {
                throw JotterError.from(error, path: path)
            } catch let error as JotterError {
                // The looks use SQLite directly, so a JotterError is damage found by jotter.
                problems.append("\(what): \(error.message)")
            }
        }
        try look("the file") { try integrityMessages(quick: false) }
        try look("the tables") { try missingTableProblems() }
        try look("the settings") { try settingProblems() }
        try look("the parent links") { try parentLinkProblems() }
        try look("the places among siblings") { try siblingPlaceProblems() }
        try look("the search index") { try searchIndexProblems() }
        try look("the index of items by time") { try timeIndexProblems() }
        try look("the checksums") { try checksumProblems() }
        try look("the change log") { try changeLogProblems() }
        try look("the hooks") { try hookProblems() }
        if !problems.isEmpty {
            markDamaged()
        } else if isKnownDamaged {
            clearDamageMark()
        }
        return problems
    }

    /// Stops with the damage SQLite finds in the file's structure, for a command that
    /// is about to read all of it (an export of the whole store): it would otherwise
    /// write out what it could read and say nothing of what it could not.
    /// Then the indexes that lead a walk to the rows are compared with the table, which
    /// SQLite's quick check leaves out (`requireNodeIndexesAgreeWithTable`).
    public func requireSoundFile() throws {
        let messages: [String]
        do {
            messages = try integrityMessages(quick: true)
        } catch let error as SQLiteError {
            throw translated(error)
        }
        guard messages.isEmpty else {
            markDamaged()
            throw damaged(messages[0])
        }
        try requireNodeIndexesAgreeWithTable()
    }

    /// SQLite's own check of the file: every page, cell and index entry with `quick`
    /// false; the pages and cells alone, which is several times faster, with it true.
    private func integrityMessages(quick: Bool) throws -> [String] {
        // Not in a transaction of its own: when the check stops at damage, SQLite
        // fails the commit of the transaction it read in as well.
        let statement = try database.statement(
            "PRAGMA \(quick ? "quick_check" : "integrity_check")(\(Store.reportedIntegrityMessages))")
        defer { statement.reset() }
        var messages: [String] = []
        do {
            while try statement.step() {
                // One row can hold several messages, a line each, under a heading
                // that names the schema.
                messages += statement.string(0).split(separator: "\n").map(String.init)
                    .filter { $0 != "ok" && !$0.hasPrefix("*** in database") }
            }
        } catch let error as SQLiteError where error.isCorrupt || error.isNotADatabase {
            // SQLite stops at damage it cannot read past, after what it found.
            messages.append(error.message)
        }
        return messages
    }

    /// The tables this version's steps make, missing from the store: without its sync
    /// tables, a store was called sound and failed at its next sync ("no such table").
    private func missingTableProblems() throws -> [String] {
        func tables(of database: Database) throws -> Set<String> {
            let names = try database.statement("SELECT name FROM sqlite_schema WHERE type = 'table'")
            defer { names.reset() }
            var found: Set<String> = []
            while try names.step() { found.insert(names.string(0)) }
            return found
        }
        let fresh = try Database(path: ":memory:")
        try fresh.registerSearchTokenizer()
        try fresh.registerChecksumFunction()
        for step in Migrations.steps { try fresh.execute(step) }
        let missing = try tables(of: fresh).subtracting(tables(of: database)).sorted()
        guard !missing.isEmpty else { return [] }
        return ["\(missing.count == 1 ? "the table" : "the tables") \(missing.joined(separator: ", ")) of store version \(Migrations.latestVersion) \(missing.count == 1 ? "is" : "are") missing"]
    }

    private func settingProblems() throws -> [String] {
        try database.transaction(immediate: false) {
            var problems: [String] = []
            let salt = try database.statement("SELECT typeof(value) FROM setting WHERE key = \(Setting.idSalt.sql)")
                .firstRow { $0.string(0) }
            if salt != "integer" { problems.append("the setting \(Setting.idSalt), from which the ids are made, is missing or not a number") }
            let highest = try highestNodeSeq()
            for key in [Setting.searchIndexedTo, .logIndexedTo, .valueBucketedTo] {
                do {
                    _ = try rowSetting(key, atMost: highest)
                } catch let error as JotterError {
                    problems.append(error.message)
                }
            }
            do {
                _ = try formVersion()
            } catch let error as JotterError {
                problems.append(error.message)
            }
            problems += try syncSettingProblems()
            if let path = try setting(.path, { $0.blob(0) }), path.count % 16 != 0 {
                problems.append("the saved place is \(path.count) bytes long, not a whole number of ids")
            }
            return problems
        }
    }

    private func parentLinkProblems() throws -> [String] {
        try database.transaction(immediate: false) {
            var problems: [String] = []
            let orphans = try database.statement(
                "SELECT seq, parent FROM node AS n WHERE parent IS NOT NULL AND NOT EXISTS (SELECT 1 FROM node WHERE seq = n.parent) LIMIT 20")
            while try orphans.step() {
                problems.append("row \(orphans.int64(0)) is under row \(orphans.int64(1)), which does not exist")
            }
            // From the root down, every row is reached once; a row in a loop of parent
            // links, or under one, is never reached.
            let unreached = try database.statement(
                """
                WITH RECURSIVE reached (seq) AS (
                    SELECT seq FROM node WHERE parent IS NULL
                    UNION ALL
                    SELECT node.seq FROM reached JOIN node ON node.parent = reached.seq
                )
                SELECT (SELECT count(*) FROM node) - (SELECT count(*) FROM reached)
                """)
                .firstRow { $0.int64(0) } ?? 0
            if unreached > 0 && problems.isEmpty {
                problems.append("\(unreached) lists and items are in a loop of parent links, or under one, out of reach from the root")
            }
            return problems
        }
    }

    /// A place among siblings is a stamp and a replica, both whole numbers, or neither
    /// (not sent yet, or never synced): the listing sorts by them, while the position
    /// of one node compares them, and a missing half or a value of another type makes
    /// the two disagree, so that a number names another entry than the one listed.
    private func siblingPlaceProblems() throws -> [String] {
        try database.transaction(immediate: false) {
            let damaged = try database.statement(
                """
                SELECT count(*) FROM node
                WHERE (order_stamp IS NULL) != (order_replica IS NULL)
                   OR (order_stamp IS NOT NULL AND (typeof(order_stamp) != 'integer' OR typeof(order_replica) != 'integer'))
                """)
                .firstRow { $0.int64(0) } ?? 0
            guard damaged > 0 else { return [] }
            return ["the place among its siblings of \(damaged) \(damaged == 1 ? "list or item is" : "lists or items are") damaged: "
                + "order_stamp and order_replica are not both whole numbers, nor both empty"]
        }
    }

    private func searchIndexProblems() throws -> [String] {
        var problems: [String] = []
        if readOnlyReason == nil {
            // FTS5's check of its own structure; it reads, but SQLite counts it a write.
            try database.transaction(immediate: true) {
                do {
                    try database.execute("INSERT INTO node_search (node_search) VALUES ('integrity-check')")
                } catch let error as SQLiteError where error.isCorrupt {
                
                    problems.append("the search index is inconsistent in itself (\(error.message))")
                }
            }
        }
        return try problems + database.transaction(immediate: false) {
            let indexed = try rowSetting(.searchIndexedTo, atMost: try highestNodeSeq())
            var problems: [String] = []
            // The index keeps one size row for each row it holds: exactly the rows up to
            // the setting that still exist.
            let strays = try database.statement(
                "SELECT count(*) FROM node_search_docsize AS d WHERE d.id > ?1 OR NOT EXISTS (SELECT 1 FROM node WHERE seq = d.id)")
                .bind(1, indexed).firstRow { $0.int64(0) } ?? 0
            if strays > 0 { problems.append("the search index holds \(strays) rows that are not there, or not yet to be indexed") }
            let missing = try database.statement(
                "SELECT count(*) FROM node AS n WHERE n.seq <= ?1 AND NOT EXISTS (SELECT 1 FROM node_search_docsize WHERE id = n.seq)")
                .bind(1, indexed).firstRow { $0.int64(0) } ?? 0
            if missing > 0 { problems.append("the search index lacks \(missing) rows it should hold") }
            return problems
        }
    }

    private func timeIndexProblems() throws -> [String] {
        try database.transaction(immediate: false) {
            let indexed = try rowSetting(.logIndexedTo, atMost: try highestNodeSeq())
            var problems: [String] = []
            let strays = try database.statement(
                """
                SELECT count(*) FROM item_time AS t
                WHERE t.seq > ?1 OR NOT EXISTS (SELECT 1 FROM node WHERE seq = t.seq AND kind = 1 AND created = t.created)
                """)
                .bind(1, indexed).firstRow { $0.int64(0) } ?? 0
            if strays > 0 { problems.append("the index of items by time holds \(strays) entries that match no item") }
            let missing = try database.statement(
                """
                SELECT count(*) FROM node AS n
                WHERE n.seq <= ?1 AND n.kind = 1 AND NOT EXISTS (SELECT 1 FROM item_time WHERE created = n.created AND seq = n.seq)
                """)
                .bind(1, indexed).firstRow { $0.int64(0) } ?? 0
            if missing > 0 { problems.append("the index of items by time lacks \(missing) items") }
            return problems
        }
    }

    /// Texts, list names and field values that do not match the checksums written
    /// with them (`RowChecksum`): bits changed inside a value, which leave the file's
    /// structure as it was, so that SQLite's own check finds nothing.
    private func checksumProblems() throws -> [String] {
        try database.transaction(immediate: false) {
            var problems: [String] = []
            let texts = try database.statement(
                "SELECT seq, kind FROM node WHERE text_sum IS NOT NULL AND text_sum IS NOT jotter_checksum(text) LIMIT 20")
            while try texts.step() {
                problems.append(
                    "the \(texts.int64(1) == 0 ? "name of the list" : "text of the item") in row \(texts.int64(0)) does not match its checksum: it changed after it was written")
            }
            let values = try database.statement(
                """
                SELECT item, name FROM field_value
                WHERE value_sum IS NOT NULL AND value_sum IS NOT jotter_checksum(name, value) LIMIT 20
                """)
            while try values.step() {
                problems.append(
                    "the field value '\(DisplayText.escaped(values.string(1)))' of row \(values.int64(0)) does not match its checksum: it changed after it was written")
            }
            return problems
        }
    }

    private func changeLogProblems() throws -> [String] {
        try database.transaction(immediate: false) {
            let statement = try database.statement(
                """
                SELECT seq FROM change
                WHERE (first_node IS NULL) != (last_node IS NULL) OR first_node < 1 OR first_node > last_node
                   OR last_node > ?1 OR undone NOT IN (0, 1)
                LIMIT 20
                """)
                .bind(1, try highestNodeSeq())
            var problems: [String] = []
            while try statement.step() {
                problems.append("the change log's step \(statement.int64(0)) gives a range of rows that cannot be, or an unknown state")
            }
            // Each earlier text is one change's, for one row; a text no change names
            // would outlive the history it belongs to. Counted without reading a text.
            let texts = try database.statement(
                """
                SELECT (SELECT count(*) FROM node_before AS b
                        WHERE b.text_before IS NOT NULL AND NOT EXISTS (SELECT 1 FROM text_before WHERE seq = b.text_before)),
                       (SELECT count(text_before) - count(DISTINCT text_before) FROM node_before),
                       (SELECT count(*) FROM text_before)
                           - (SELECT count(DISTINCT b.text_before) FROM node_before AS b JOIN text_before AS t ON t.seq = b.text_before)
                """)
                .firstRow { (missing: $0.int64(0), sharedNames: $0.int64(1), unnamed: $0.int64(2)) }
            if let texts {
                if texts.missing > 0 { problems.append("the change log names \(texts.missing) earlier texts that are not there") }
                if texts.sharedNames > 0 { problems.append("the change log names \(texts.sharedNames) earlier texts more than once") }
                if texts.unnamed > 0 { problems.append("\(texts.unnamed) earlier texts belong to no step of the change log") }
            }
            return problems
        }
    }
}
