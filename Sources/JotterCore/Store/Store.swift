import CSQLite

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

/// What happens to the file before SQLite is let near it: the file is made when it is
/// missing, identified by its header when it is there, and its ownership and privacy
/// are settled, so that SQLite opens only a store jotter may use, in the way it may.
enum StoreFile {
    static let sqliteMagic = Array("SQLite format 3\0".utf8)

    /// How the store is to be opened, and what preparing it did.
    struct Opening {
        var access: Database.Access = .readWrite
        /// Whether the files are made private only once SQLite has read the store.
        var isMadePrivateAfterOpening = false
        var readOnlyReason: String?
        var notices: [String] = []
        /// The salt at the start of an encrypted store: nil for a plain one.
        var encryptionSalt: [UInt8]?
    }

    /// Creates the store file and its folders when missing; otherwise identifies the
    /// file from its header and refuses, untouched, one that is not a jotter store or
    /// is damaged, or whose folder or log another user could use to read what is
    /// written.
    static func prepare(path: String, keyGiven: Bool) throws -> Opening {
        guard !path.isEmpty else { throw JotterError.input("the store's path is empty; name a file") }
        try refuseSharedFolder(of: path)
        // The file can appear or go between a look and an open, when several processes
        // start on a new store: a few turns settle it, and a file that keeps changing
        // is refused rather than chased.
        for _ in 0..<3 {
            var info = stat()
            if stat(path, &info) == 0 { return try prepareExisting(path: path, info: info, keyGiven: keyGiven) }
            guard errno == ENOENT else { throw systemError("cannot use the store", path: path) }
            if let target = danglingLinkTarget(path) {
                throw JotterError.store(
                    "\(path): the store is a symbolic link to \(target), which does not exist (a drive not mounted?); nothing was created")
            }
            try refuseLogsOfAnotherUser(path: path, owner: geteuid())
            try createFolders(for: path)
            let descriptor = open(path, O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC, 0o600)
            if descriptor < 0 {
                guard errno == EEXIST else { throw systemError("cannot create the store", path: path) }
                continue
            }
            // The mode passed to open is masked by the umask; a store is private whatever it is.
            fchmod(descriptor, 0o600)
            close(descriptor)
            return Opening()
        }
        throw JotterError.store("\(path): the store kept appearing and disappearing while jotter opened it; try again")
    }

    private static func prepareExisting(path: String, info: stat, keyGiven: Bool) throws -> Opening {
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            throw JotterError.store("\(path): not a jotter store (not a regular file)")
        }
        try refuseLogsOfAnotherUser(path: path, owner: info.st_uid)
        var opening = Opening()
        opening.readOnlyReason = whyNotWritable(path)
        let log = fileSize(path + "-wal")
        if info.st_size > 0 {
            opening.encryptionSalt = try identify(path: path, size: Int64(info.st_size), logged: (log ?? 0) > 0)
            // Nothing is done to an encrypted store before its key is there.
            if let salt = opening.encryptionSalt, !keyGiven { throw Store.KeyNeeded(path: path, salt: salt) }
        }
        if opening.readOnlyReason != nil {
            guard info.st_size > 0 else {
                if let mount = kernelMount(holding: info) {
                    throw JotterError.store("\(path): not a jotter store (a file the kernel makes up, under \(mount))")
                }
                throw JotterError.store("\(path): the store cannot be written (\(opening.readOnlyReason!))")
            }
            // Without a log beside it the file is the whole store, and reading it as it
            // is creates nothing beside a file that is not the user's to write. A log
            // is read through its index, which SQLite cannot make on read-only media.
            let folder = parent(of: path).isEmpty ? "." : parent(of: path)
            if (log ?? 0) == 0 {
                opening.access = .immutable
            } else if fileSize(path + "-shm") != nil || access(folder, W_OK) == 0 {
                opening.access = .readOnly
            } else {
                opening.access = .immutable
                opening.notices.append(
                    "\(path)-wal: its last changes cannot be read here without \(path)-shm beside it; the store is shown as it was before them")
            }
            return opening
        }
        try RewriteFiles(beside: path).clearLeftovers()
        // With a log beside it, the file is known to be a store only once SQLite has
        // read it through the log: a file that is refused keeps its mode.
        opening.isMadePrivateAfterOpening = (log ?? 0) > 0
        if !opening.isMadePrivateAfterOpening {
            opening.notices += try makePrivate(path: path, announced: info.st_size > 0)
        }
        return opening
    }

    /// Which of the store's log and its index are there.
    struct Logs {
        let log: Bool
        let index: Bool

        init(path: String) {
            var info = stat()
            log = lstat(path + "-wal", &info) == 0
            index = lstat(path + "-shm", &info) == 0
        }
    }

    /// Takes away the log and its index that opening a store which was then refused
    /// made beside it: SQLite makes them on its first read, and closing without a
    /// checkpoint leaves them. Only files that were not there `before`, that are this
    /// user's own, and a log that is still empty go; and only while no connection
    /// holds the index (each holds a read lock on its DMS byte from its opening to its
    /// closing): taking them from under another process would leave the next one a
    /// log of its own.
    static func removeLogsMadeByOpening(path: String, before: Logs) {
        guard !before.log || !before.index else { return }
        let log = path + "-wal", index = path + "-shm"
        func isOwnEmptyLog(_ file: String) -> Bool {
            var info = stat()
            return lstat(file, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG && info.st_uid == geteuid()
                && info.st_size == 0
        }
        let descriptor = open(index, O_RDWR | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else {
            // With no index, no connection reads the log.
            if errno == ENOENT && !before.log && isOwnEmptyLog(log) { unlink(log) }
            return
        }
        // Closing the descriptor gives the lock back.
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, info.st_uid == geteuid() else { return }
        var lock = flock()
        lock.l_type = Int16(F_WRLCK)
        lock.l_whence = Int16(SEEK_SET)
        lock.l_start = sqliteShmDMSByte
        lock.l_len = 1
        guard fcntl(descriptor, F_SETLK, &lock) == 0 else { return }
        if !before.log && isOwnEmptyLog(log) { unlink(log) }
        if !before.index { unlink(index) }
    }

    /// The byte of the log's index that every SQLite connection to the store holds a
    /// read lock on while it is open (UNIX_SHM_DMS in SQLite's os_unix.c).
    private static let sqliteShmDMSByte = 128

    /// Makes the store and its log and log index 0600, in which SQLite makes any it
    /// creates: an empty file becomes the store, and a store copied in or made by
    /// another tool may be readable by others. Returns the notice, when `announced`.
    static func makePrivate(path: String, announced: Bool) throws -> [String] {
        var tightened: [String] = []
        // Through a symbolic link, the file itself, and its logs beside it, where SQLite
        // makes them; the link's own mode means nothing.
        let file = resolved(path)
        for (file, mode) in [file, file + "-wal", file + "-shm"].compactMap(modeOf) {
            guard mode & 0o077 != 0 else { continue }
            guard chmod(file, 0o600) == 0 else { throw systemError("cannot make the store private", path: file) }
            tightened.append("\(file) (was \(String(mode & 0o7777, radix: 8)))")
        }
        guard announced, !tightened.isEmpty else { return [] }
        return ["made private, mode 0600: \(tightened.joined(separator: ", "))"]
    }

    /// What the header (the first 100 bytes, which SQLite keeps in the file itself)
    /// says the file is. Every number in it that decides how the file is read is
    /// checked here, before SQLite opens it: a file jotter will refuse must not get a
    /// log or its index beside it. When a log with content is beside the file, the
    /// newest header may be in the log, so only what the log cannot change is judged.
    ///
    /// An encrypted store shows nothing but its salt, its first 16 bytes, and whole
    /// pages: a file of whole pages without SQLite's header is taken for one, and its
    /// salt returned; only its key tells it apart from a file of another kind.
    static func identify(path: String, size: Int64, logged: Bool) throws -> [UInt8]? {
        let notSQLite = "\(path): not a jotter store (not an SQLite database); the file was left as it is"
        // SQLite's header alone is 100 bytes.
        guard size >= 100 else { throw JotterError.store(notSQLite) }
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw systemError("cannot read the store", path: path) }
        defer { close(descriptor) }
        var header = [UInt8](repeating: 0, count: 100)
        let count = header.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        guard count >= 0 else { throw systemError("cannot read the store", path: path) }
        guard count == 100 else { throw JotterError.store(notSQLite) }
        guard header.prefix(sqliteMagic.count).elementsEqual(sqliteMagic) else {
            // SQLCipher's pages are 512 bytes or a multiple of them, and its salt is
            // random: sixteen zeros, or sixteen characters of text, are not one.
            let salt = Array(header.prefix(StoreKey.saltLength))
            let looksLikeText = salt.allSatisfy { (0x20...0x7E).contains($0) || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
            guard size % 512 == 0, !looksLikeText, salt.contains(where: { $0 != 0 }) else {
                throw JotterError.store(notSQLite)
            }
            return salt
        }
        let header32 = { (offset: Int) in
            Int32(bitPattern: UInt32(header[offset]) << 24 | UInt32(header[offset + 1]) << 16
                | UInt32(header[offset + 2]) << 8 | UInt32(header[offset + 3]))
        }
        let damaged = { (what: String) in
            JotterError.store("\(path): the store is damaged or not a jotter store (\(what)); the file was left as it is")
        }
        let pageSize = Int(header[16]) << 8 | Int(header[17])
        guard pageSize == 1 || (512...32768).contains(pageSize) && pageSize & (pageSize - 1) == 0 else {
            throw damaged("its header gives a page size of \(pageSize)")
        }
        // 1: a rollback journal; 2: a write-ahead log. SQLite reads nothing else.
        guard (1...2).contains(header[18]), (1...2).contains(header[19]) else {
            throw damaged("its header gives file format \(header[18]).\(header[19])")
        }
        guard !logged else { return nil }
        let version = Int64(header32(60))
        let applicationID = header32(68)
        if applicationID == Store.applicationID {
            guard version <= Migrations.latestVersion else {
                throw JotterError.store(
                    "\(path): written by a newer jotter (store version \(version), this jotter knows up to \(Migrations.latestVersion)); the file was left as it is")
            }
            // The first step writes the version with the application's mark: a store
            // has a version from 1 up.
            guard version >= 1 else { throw damaged("its header gives store version \(version)") }
            return nil
        }
        guard applicationID == 0, version == 0, try holdsNoTables(descriptor: descriptor) else {
            throw JotterError.store(
                "\(path): not a jotter store (an SQLite database of another application); the file was left as it is")
        }
        return nil
    }

    /// Whether the database's first page, its table of tables, is a leaf without
    /// cells: an SQLite file made and never given a table, which becomes the store.
    private static func holdsNoTables(descriptor: Int32) throws -> Bool {
        var page = [UInt8](repeating: 0, count: 8)
        let count = page.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, 100) }
        // 13: a leaf page of a table; the number of cells follows at bytes 3 and 4.
        return count == 8 && page[0] == 13 && page[3] == 0 && page[4] == 0
    }

    /// Refuses a store in a folder that other users may write to without the sticky
    /// bit: they could swap the store, or put a log beside it that catches what is
    /// written.
    static func refuseSharedFolder(of path: String) throws {
        let folder = parent(of: path).isEmpty ? "." : parent(of: path)
        var info = stat()
        guard stat(folder, &info) == 0 else { return }
        if info.st_mode & S_IWOTH != 0 && info.st_mode & S_ISVTX == 0 {
            throw JotterError.store(
                "\(path): its folder \(folder) can be written by other users, who could replace the store or read what is written (chmod o-w or +t the folder, or use another); nothing was done")
        }
    }

    /// Refuses a store whose log or its index (`-wal`, `-shm`) belongs to someone
    /// other than `owner`, the store's owner, or is not a plain file: what jotter
    /// writes goes through the log first. So does a rollback journal (`-journal`),
    /// which SQLite opens as it opens the store, to play back into it if it holds
    /// pages: a FIFO there held every command, and another user's would be played
    /// into the store.
    static func refuseLogsOfAnotherUser(path: String, owner: uid_t) throws {
        for (file, what) in [(path + "-wal", "log"), (path + "-shm", "log"), (path + "-journal", "journal")] {
            var info = stat()
            guard lstat(file, &info) == 0 else { continue }
            guard (info.st_mode & S_IFMT) == S_IFREG else {
                throw JotterError.store("\(file): not a regular file, where the store keeps its \(what); nothing was done")
            }
            guard info.st_uid == owner else {
                throw JotterError.store(
                    "\(file): belongs to another user (uid \(info.st_uid)), and the store's \(what) is kept there; nothing was done")
            }
        }
    }

    /// Where a symbolic link at `path` points when what it points to is missing.
    static func danglingLinkTarget(_ path: String) -> String? {
        var info = stat()
        guard lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFLNK else { return nil }
        var target = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink(path, &target, target.count - 1)
        guard count >= 0 else { return "a file that does not exist" }
        return String(decoding: target.prefix(count).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    static func fileSize(_ path: String) -> Int64? {
        var info = stat()
        return stat(path, &info) == 0 ? Int64(info.st_size) : nil
    }

    private static func modeOf(_ path: String) -> (String, mode_t)? {
        var info = stat()
        return lstat(path, &info) == 0 ? (path, info.st_mode) : nil
    }

    /// Creates the missing folders above `path`, each 0700: they will hold private text.
    static func createFolders(for path: String, what: String = "cannot create the store's folder") throws {
        var folders: [String] = []
        var folder = parent(of: path)
        while !folder.isEmpty, folder != "/", access(folder, F_OK) != 0 {
            if let target = danglingLinkTarget(folder) {
                throw JotterError.store(
                    "\(path): its folder \(folder) is a symbolic link to \(target), which does not exist (a drive not mounted?); nothing was created")
            }
            folders.append(folder)
            folder = parent(of: folder)
        }
        for folder in folders.reversed() {
            guard mkdir(folder, 0o700) == 0 || errno == EEXIST else {
                throw systemError(what, path: folder)
            }
            chmod(folder, 0o700)
        }
    }

    /// Where the kernel's own files are mounted, when the file described by `info` is
    /// one of them: they look regular and empty, and `/proc/self/mem` was said to be
    /// a store in a read-only folder.
    static func kernelMount(holding info: stat) -> String? {
        ["/proc", "/sys"].first { mount in
            var mounted = stat()
            return stat(mount, &mounted) == 0 && mounted.st_dev == info.st_dev
        }
    }

    /// Who the user `uid` is, for a message: their name and number.
    static func userName(_ uid: uid_t) -> String {
        guard let entry = getpwuid(uid), let name = entry.pointee.pw_name else { return "another user (uid \(uid))" }
        return "another user, \(String(cString: name)) (uid \(uid))"
    }

    /// Why jotter cannot write the store, in the user's terms: the file itself, its
    /// folder, where SQLite keeps the write-ahead log beside it, or its owner.
    static func whyNotWritable(_ path: String) -> String? {
        if access(path, W_OK) != 0 {
            return errno == EROFS ? "it is on a read-only file system" : "the file is read-only to you"
        }
        let folder = parent(of: path)
        if access(folder.isEmpty ? "." : folder, W_OK) != 0 {
            return errno == EROFS
                ? "it is on a read-only file system"
                : "its folder is read-only to you, and the store's log is kept beside it"
        }
        var info = stat()
        if stat(path, &info) == 0, info.st_uid != geteuid() {
            return "it belongs to another user (uid \(info.st_uid)); jotter writes only to a store of your own"
        }
        return nil
    }

    /// Whether the filesystem that holds `path` has less room left than a batch of an
    /// index would take.
    static func diskIsFull(under path: String) -> Bool {
        var info = statvfs()
        let folder = parent(of: path)
        guard statvfs(folder.isEmpty ? "." : folder, &info) == 0 else { return false }
        return UInt64(info.f_bavail) * UInt64(info.f_frsize) < 1 << 20
    }

    /// Whether another process has the store open: each SQLite connection holds a
    /// read lock on one byte of the log index (byte 128, SQLite's "DMS" lock) for as
    /// long as it is open. The kernel's list of locks is read rather than the file asked
    /// with F_GETLK: closing any descriptor of a file drops every lock this process holds
    /// on it, SQLite's own write lock among them.
    static func othersHaveOpen(_ path: String) -> Bool {
        var info = stat()
        guard stat(path + "-shm", &info) == 0 else { return false }
        let device = UInt64(info.st_dev)
        let major = (device >> 8) & 0xFFF | (device >> 32) & ~0xFFF
        let minor = device & 0xFF | (device >> 12) & ~0xFF
        let file = hex2(major) + ":" + hex2(minor) + ":" + String(UInt64(info.st_ino))
        let ownProcess = String(getpid())
        for line in readSmallFile("/proc/locks").split(separator: "\n") {
            // "1: POSIX  ADVISORY  READ 1234 fe:00:5678 128 128", a waiter's with "->".
            let fields = line.split(separator: " ").filter { $0 != "->" }
            guard fields.count >= 8, fields[1] == "POSIX" || fields[1] == "OFDLCK",
                  fields[5] == file, fields[4] != ownProcess,
                  let start = Int(fields[6]), start <= sqliteShmDMSByte,
                  fields[7] == "EOF" || (Int(fields[7]) ?? -1) >= sqliteShmDMSByte else { continue }
            return true
        }
        return false
    }

    private static func hex2(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return digits.count < 2 ? "0" + digits : digits
    }

    private static func readSmallFile(_ path: String) -> String {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return "" }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            bytes += buffer.prefix(count)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Makes a name just given or taken in the store's folder last through a crash.
    static func syncFolder(of path: String) {
        let folder = parent(of: path).isEmpty ? "." : parent(of: path)
        let descriptor = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        fsync(descriptor)
        close(descriptor)
    }

    /// The file at `path` itself, symbolic links followed; `path` when it cannot be
    /// resolved.
    static func resolved(_ path: String) -> String {
        guard let resolved = realpath(path, nil) else { return path }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// The device and inode of the file at `path`.
    static func identity(of path: String) -> (device: UInt64, inode: UInt64)? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return (UInt64(info.st_dev), UInt64(info.st_ino))
    }

    static func parent(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "" }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    static func systemError(_ what: String, path: String) -> JotterError {
        .store("\(path): \(what): \(String(cString: strerror(errno)))")
    }
}
