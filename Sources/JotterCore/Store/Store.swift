#if canImport(Glibc)
import Glibc
#endif

/// A jotter store: one SQLite file of lists, items, the saved navigation path and
/// the prompt's history.
public final class Store {
    public let path: String
    private(set) var database: Database
    var idGenerator = NodeIDGenerator()
    /// How this store's own ids are worked out from their rows. Unchecked: it is read
    /// for every row a listing shows, and set only as the store opens.
    @exclusivity(unchecked) var derivedIDs = StoreIDs(salt: 0)
    let clock: () -> Timestamp
    /// The identity of the file this connection opened, worked out at its first write
    /// (see `giveACopyItsOwnIdentity`).
    var openedFileIdentity: String?
    /// Where the user's trust key is kept (`TrustKey`); nil where it cannot be told.
    public var trustKeyPath: String? = TrustKey.defaultPath()
    /// The trust key once found: a store without it has nothing trusted, and looks again.
    var foundTrustKey: TrustKey?
    /// Whether this connection has been told where to keep its temporary data (set
    /// once: see `keepTemporaryData`).
    private var hasTempStoreSet = false
    /// Whether this connection has the triggers that record changes for undo.
    var isPreparedForRecording = false
    /// Rows written to bring the search and log indexes up to date: a `find` that
    /// fills them has not changed what the store holds.
    var indexRowsWritten: Int64 = 0
    /// Set once the disk was too full to fill the search or time index: this
    /// connection then reads the rows after them as a store that can only be read does.
    var indexesCannotGrow = false
    /// Whether the search and time indexes are read as they are, with the rows after
    /// them read beside them.
    var readsIndexesAsTheyAre: Bool { readOnlyReason != nil || indexesCannotGrow || isKnownDamaged }

    /// Rows this connection has inserted, changed or deleted in what the store holds,
    /// the indexes it fills by itself aside: unchanged across a command that changed
    /// nothing.
    public var rowsChanged: Int64 { database.totalChanges - indexRowsWritten }

    /// `PRAGMA application_id` of every jotter store: "JOTR".
    public static let applicationID: Int32 = 0x4A4F_5452
    /// The version of the schema this jotter writes (`PRAGMA user_version`).
    public static var schemaVersion: Int64 { Migrations.latestVersion }
    /// How long a writer waits for another to finish before giving up.
    public static let busyTimeoutMilliseconds: Int32 = 10_000

    /// Why the store can only be read, in the user's terms: read-only media, a file or
    /// folder the user may not write, a file of another user. Nil when it can be written.
    public private(set) var readOnlyReason: String?
    /// Set when the disk was too full to open the store for writing, and it was opened
    /// to be read as it is: every write fails as a write on a full disk does.
    public private(set) var isOnAFullDisk = false
    /// The key the store is encrypted with; nil for a plain store.
    public let key: StoreKey?
    /// The file SQLite opened, as device and inode: a store written anew under another
    /// key (`encrypt`, `decrypt`, `rekey`) replaces the file under its name, and a
    /// connection left on the old one must not write there.
    let openedFile: (device: UInt64, inode: UInt64)?
    /// Lines for the user about what opening did to the files: a store readable by
    /// others made private.
    public private(set) var notices: [String]
    /// Whether a command met damage in this store, or `check` found some, since `check`
    /// last found it sound (`DamageMark`): nothing is written to it meanwhile.
    public private(set) var isKnownDamaged = false
    /// What the last `check` that found the store sound did with its mark of damage;
    /// nil where there was none.
    public internal(set) var damageMarkAfterCheck: DamageMarkAfterCheck?
    public enum DamageMarkAfterCheck: Sendable {
        case takenAway
        /// The mark at `path` could not be taken away, for `reason`.
        case stays(path: String, reason: String)
    }
    /// Whether damage met marks the store: not while it is being opened, as a file
    /// refused then gets nothing beside it.
    private var isOpen = false

    /// Whether commands may write to the store.
    public var isWritable: Bool { readOnlyReason == nil && !isKnownDamaged }

    /// Opens the store at `path`, creating it (0600, in a 0700 folder) when it does
    /// not exist. A file that is not a jotter store, or one written by a newer
    /// jotter, or a damaged one, is refused before anything is written to it or
    /// created beside it. A store that cannot be written is opened for reading: every
    /// write then fails with the reason.
    ///
    /// An encrypted store needs its `key`: without one, `KeyNeeded` gives the salt to
    /// derive it with, before anything is done to the file; a wrong one is refused with
    /// `JotterError.wrongKey`, the file untouched. A plain store ignores it.
    public init(path: String, key: StoreKey? = nil, clock: @escaping () -> Timestamp = Timestamp.now) throws {
        self.path = path
        self.clock = clock
        let logsBefore = StoreFile.Logs(path: path)
        let isMadeHere = StoreFile.fileSize(path) ?? 0 == 0
        let file = try StoreFile.prepare(path: path, keyGiven: key != nil)
        readOnlyReason = file.readOnlyReason
        notices = file.notices
        if let salt = file.encryptionSalt {
            guard let key, key.salt == salt else { throw JotterError.wrongKey(path: path) }
            self.key = key
        } else {
            self.key = nil
        }
        database = try Store.connect(path: path, access: file.access, key: self.key)
        openedFile = StoreFile.identity(of: path)
        do {
            try setUpConnection(file, logsBefore: logsBefore)
        } catch let error as SQLiteError {
            // Only a full disk under a store opened for writing comes here untranslated.
            guard StoreFile.fileSize(path) ?? 0 > 0, StoreFile.fileSize(path + "-wal") ?? 0 == 0 else {
                throw Store.openingError(error, path: path)
            }
            // SQLite makes the log's index (`-shm`) before it reads a store that has
            // none beside it, and on a full disk it cannot. With no log waiting, the
            // file is the whole store: it is read as it is, as on read-only media,
            // taking no lock and making nothing beside it.
            database = try Store.connect(path: path, access: .immutable, key: self.key)
            readOnlyReason = "the disk is full"
            isOnAFullDisk = true
            try setUpConnection(StoreFile.Opening(access: .immutable, readOnlyReason: readOnlyReason), logsBefore: logsBefore)
        }
        // A mark beside a store made here is left from a damaged one removed since.
        if isMadeHere {
            _ = damageMark.clear()
        } else {
            isKnownDamaged = damageMark.isSet(takingAwayOneForAnotherFile: true)
        }
        isOpen = true
    }

    private static func connect(path: String, access: Database.Access, key: StoreKey?) throws -> Database {
        do {
            return try Database(path: path, access: access, key: key)
        } catch let error as SQLiteError {
            throw Store.openingError(error, path: path)
        }
    }

    /// Readies the connection and brings the schema up to date. On a failure the
    /// connection is closed, and what opening made beside the store taken away; a
    /// full disk under a connection that writes is left an SQLiteError, for the
    /// store to be read as it is.
    private func setUpConnection(_ file: StoreFile.Opening, logsBefore: StoreFile.Logs) throws {
        database.setBusyTimeout(milliseconds: Store.busyTimeoutMilliseconds)
        do {
            // The search index's triggers run its tokenizer whenever a row's text
            // changes, so every connection that writes has it.
            try database.registerSearchTokenizer()
            try database.registerChecksumFunction()
            // With this, SQLite checks each page's cells as it reads the page: damage such as
            // a cell pointing out of its page stops the command that meets it, where
            // otherwise rows were silently passed over and writes went on around it.
            // Recursive triggers stay off whatever the library's build defaults to: with
            // them on, a row replaced by INSERT OR REPLACE fires the delete triggers that
            // keep the search and time indexes, and a trigger's own writes fire triggers.
            try database.execute("PRAGMA synchronous = FULL; PRAGMA cell_size_check = ON; PRAGMA recursive_triggers = OFF")
            // Off while the schema changes: a migration moves rows between tables, and
            // SQLite would check or cascade each move. The switch is ignored inside a
            // transaction, so it is set around them.
            try Migrations.bring(self)
            try database.execute("PRAGMA foreign_keys = ON")
            derivedIDs = StoreIDs(salt: UInt64(bitPattern: try idSalt()))
            try loadIDEpochs()
            if readOnlyReason == nil {
                // The log and its index exist now: another user may have made them
                // between the look before opening and SQLite's opening of them.
                try StoreFile.refuseLogsOfAnotherUser(path: path, owner: geteuid())
                if file.isMadePrivateAfterOpening { notices += try StoreFile.makePrivate(path: path, announced: true) }
            }
        } catch {
            // Closing would checkpoint a WAL the file's owner left behind into it.
            database.leaveWALAsItIsOnClose()
            database.close()
            StoreFile.removeLogsMadeByOpening(path: path, before: logsBefore)
            if let error = error as? SQLiteError {
                // With a key, a first page that does not decrypt is the key's fault:
                // SQLCipher cannot tell a wrong key from a file of another kind.
                if key != nil, error.isNotADatabase { throw JotterError.wrongKey(path: path) }
                if error.isDiskFull && file.access == .readWrite { throw error }
                throw Store.openingError(error, path: path)
            }
            throw error
        }
    }

    /// The store at `path` is encrypted and no key was given: `salt` is what its key is
    /// derived with.
    public struct KeyNeeded: Error, CustomStringConvertible {
        public let path: String
        public let salt: [UInt8]
        public var description: String {
            "\(path): the store is encrypted, and no passphrase was given; the file was left as it is"
        }
    }

    /// What an SQLite failure while opening means to the user: damage met this early
    /// keeps `check` out as well.
    private static func openingError(_ error: SQLiteError, path: String) -> JotterError {
        error.isCorrupt || error.isNotADatabase
            ? JotterError.damagedBeyondOpening(path: path, error.message)
            : JotterError.from(error, path: path)
    }

    /// Fails with the reason when the store can only be read: for the prompt, which
    /// writes every line, before it opens.
    public func requireWritable() throws {
        if isOnAFullDisk { throw JotterError.diskFull(path: path) }
        if let readOnlyReason { throw JotterError.store("\(path): the store cannot be written (\(readOnlyReason))") }
        if isKnownDamaged {
            throw JotterError.store(
                "\(path): the store is damaged (an earlier command or check found it so), and nothing is written to it until 'jotter check' finds it sound; nothing was changed; restore it from a backup, or save what can be read (see 'jotter check --help'), then run 'jotter check'")
        }
    }

    private var damageMark: DamageMark { DamageMark(store: path, file: openedFile) }

    /// Marks the store damaged, beside it, so that no later command writes to it
    /// until `check` finds it sound: for damage SQLite met, or a check found. What
    /// jotter finds on its own way through (a loop of parent links, a missing
    /// setting) stops the command, and is left for `check` to confirm: a walk up the
    /// parent links outside a transaction can meet rows moved in between.
    func markDamaged() {
        guard isOpen, !isKnownDamaged else { return }
        isKnownDamaged = true
        damageMark.set(now: clock())
    }

    /// Looks for the mark of damage again: another jotter may have met damage, and
    /// marked the store, since this one opened it, and a prompt stays open for hours.
    /// A mark for another file is left where it is: it may be the mark of a store
    /// moved into this one's place since.
    func noticeDamageMarkedSinceOpening() {
        guard isOpen, !isKnownDamaged else { return }
        isKnownDamaged = damageMark.isSet(takingAwayOneForAnotherFile: false)
    }

    /// Takes the mark of damage away, `check` having found the store sound. A mark
    /// that cannot be taken away (a backup on media the user cannot write, copied
    /// with its mark) stays; `damageMarkAfterCheck` says which.
    func clearDamageMark() {
        if let reason = damageMark.clear() {
            damageMarkAfterCheck = .stays(path: damageMark.path, reason: reason)
        } else {
            isKnownDamaged = false
            damageMarkAfterCheck = .takenAway
        }
    }

    /// An SQLite failure as the user is told it; damage marks the store.
    func translated(_ error: SQLiteError) -> JotterError {
        if error.isCorrupt || error.isNotADatabase { markDamaged() }
        return JotterError.from(error, path: path)
    }

    /// Runs `body` as one write transaction; SQLite failures become user-facing errors.
    /// Damage met on the way (SQLITE_CORRUPT) rolls the whole of it back.
    public func write<T>(_ body: () throws -> T) throws -> T {
        try write(changingSyncedRows: true, body)
    }

    /// `write`; with `changingSyncedRows` false, for a `body` that changes no row the hub
    /// has: it only adds nodes (new rows are above the sync marks and go out as creates)
    /// or writes what is never synced (history, settings). The triggers that log changes
    /// for sync are then not made: making them cost a one-shot `add` into a store that
    /// syncs about a millisecond. Such a body that deletes or changes rows after all
    /// (`discardUndoneChanges`) calls `prepareSyncLog` first.
    func write<T>(changingSyncedRows: Bool, _ body: () throws -> T) throws -> T {
        noticeDamageMarkedSinceOpening()
        try requireWritable()
        do {
            try keepTemporaryData()
            return try database.transaction(immediate: true) {
                try requireTheFileItOpened()
                try giveACopyItsOwnIdentity()
                if changingSyncedRows { try prepareSyncLog() }
                return try body()
            }
        } catch let error as SQLiteError {
            throw translated(error)
        }
    }

    /// Tells SQLite, once per connection and before its first temporary object, where
    /// to keep its temporary data: statement journals (a copy of each page a statement
    /// rewrites, kept until it ends), the tables and indexes a query makes, and the
    /// connection's own triggers and tables. Changed later, SQLite would drop the
    /// sync and undo triggers with every other temporary object of the connection,
    /// and it cannot change inside a transaction.
    ///
    /// An encrypted store keeps it in memory: SQLCipher does not encrypt temporary
    /// files, and its text must not reach the disk in the clear. A plain store keeps
    /// it in files (private, and unlinked as soon as SQLite opens them), which SQLite
    /// fills only past a few pages: in memory, the statement journal of a rewrite of
    /// a long entry held a copy of every page of it (SQLite zeroes a deleted text's
    /// pages, `secure_delete` being on in this build), and the rows an undo of a
    /// large import gathered grew with the import. `edit`, undo and redo give nodes
    /// their texts without the triggers that made those statements keep a journal
    /// (`withoutTextTriggers`): an encrypted store's edit of a long entry is bounded so.
    func keepTemporaryData() throws {
        guard !hasTempStoreSet else { return }
        try database.execute("PRAGMA temp_store = \(key == nil ? "FILE" : "MEMORY")")
        hasTempStoreSet = true
    }

    /// Runs `body` with SQLite's checks of foreign keys off, for a write that moves
    /// nodes to parents it has checked itself, inside its transaction. SQLite checks a
    /// changed parent for each statement, and to undo the statement if the check
    /// fails it keeps a statement journal, in memory: a copy of every page the
    /// statement rewrote, a long entry's whole row among them. The switch works only
    /// outside a transaction.
    func withoutForeignKeyChecks<T>(_ body: () throws -> T) throws -> T {
        try database.execute("PRAGMA foreign_keys = OFF")
        defer { try? database.execute("PRAGMA foreign_keys = ON") }
        return try body()
    }

    /// Runs `body` as one read transaction, so that it sees one state of the store.
    public func read<T>(_ body: () throws -> T) throws -> T {
        do {
            return try database.transaction(immediate: false, body)
        } catch let error as SQLiteError {
            throw translated(error)
        }
    }

    /// Refuses to write once another jotter has written the store anew under another
    /// key: this connection's file is then the old one, unlinked, and what went there
    /// would be lost. Checked with the write lock held, which the rewrite holds too.
    func requireTheFileItOpened() throws {
        guard let openedFile, StoreFile.identity(of: path).map({ $0 == openedFile }) != true else { return }
        throw JotterError.store(
            "\(path): the store was encrypted, decrypted or given a new passphrase by another jotter since this one opened it; nothing was changed, open it again")
    }

    /// The store is damaged in a way jotter found itself: one line that says what, and
    /// what to do.
    func damaged(_ what: String) -> JotterError {
        JotterError.damaged(path: path, what)
    }

    /// The salt every derived id holds. Without it every id would change, so a store
    /// that lost it is damaged, not new.
    private func idSalt() throws -> Int64 {
        try integerSetting(.idSalt)
    }

    /// A setting jotter keeps as a whole number; one missing, or holding anything else,
    /// is damage.
    func integerSetting(_ key: Setting) throws -> Int64 {
        let value = try database.statement("SELECT value, typeof(value) FROM setting WHERE key = ?").bind(1, key.key)
            .firstRow { row in row.string(1) == "integer" ? row.int64(0) : nil }
        guard let value = value ?? nil else { throw damaged("the setting \(key) is missing or not a number") }
        return value
    }

    /// A setting that holds a row number the store keeps up to date (how far an index
    /// has been filled): present, a whole number, and between 0 and `highest`.
    func rowSetting(_ key: Setting, atMost highest: Int64) throws -> Int64 {
        let value = try integerSetting(key)
        guard (0...highest).contains(value) else {
            throw damaged("the setting \(key) is \(value), outside the rows the store has given (0 to \(highest))")
        }
        return value
    }

    func setting<T>(_ key: Setting, _ read: (Statement) -> T) throws -> T? {
        try database.statement("SELECT value FROM setting WHERE key = ?").bind(1, key.key).firstRow(read)
    }

    func setSetting(_ key: Setting, blob: [UInt8]) throws {
        try database.statement("INSERT OR REPLACE INTO setting (key, value) VALUES (?, ?)")
            .bind(1, key.key).bind(2, blob: blob).run()
    }

    func setSetting(_ key: Setting, text: String) throws {
        try database.statement("INSERT OR REPLACE INTO setting (key, value) VALUES (?, ?)")
            .bind(1, key.key).bind(2, text).run()
    }
}
