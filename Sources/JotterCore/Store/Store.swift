import CSQLite

#if canImport(Glibc)
import Glibc
#endif

/// A jotter store: one SQLite file of lists, items, the saved navigation path and
/// the prompt's history.
public final class Store {
    public let path: String
    let database: Database
    var idGenerator = NodeIDGenerator()
    /// How this store's own ids are worked out from their rows.
    private(set) var derivedIDs = DerivedIDs(salt: 0)
    let clock: () -> Timestamp
    /// Whether this connection has the triggers that record changes for undo.
    var isPreparedForRecording = false

    /// `PRAGMA application_id` of every jotter store: "JOTR".
    public static let applicationID: Int32 = 0x4A4F_5452
    /// The version of the schema this jotter writes (`PRAGMA user_version`).
    public static var schemaVersion: Int64 { Migrations.latestVersion }
    /// How long a writer waits for another to finish before giving up.
    public static let busyTimeoutMilliseconds: Int32 = 10_000

    /// Opens the store at `path`, creating it (0600, in a 0700 folder) when it does
    /// not exist. A file that is not a jotter store, or one written by a newer
    /// jotter, is refused before anything is written to it.
    public init(path: String, clock: @escaping () -> Timestamp = Timestamp.now) throws {
        self.path = path
        self.clock = clock
        try StoreFile.prepare(path: path)
        do {
            database = try Database(path: path)
        } catch let error as SQLiteError {
            throw JotterError.from(error, path: path)
        }
        database.setBusyTimeout(milliseconds: Store.busyTimeoutMilliseconds)
        do {
            // The search index's triggers run its tokenizer whenever a row's text
            // changes, so every connection that writes has it.
            try database.registerSearchTokenizer()
            try database.execute("PRAGMA synchronous = FULL")
            // Off while the schema changes: a migration moves rows between tables, and
            // SQLite would check or cascade each move. The switch is ignored inside a
            // transaction, so it is set around them.
            try Migrations.bring(self)
            try database.execute("PRAGMA foreign_keys = ON")
            derivedIDs = DerivedIDs(salt: UInt64(bitPattern: try setting("id_salt") { $0.int64(0) } ?? 0))
        } catch {
            // Closing would checkpoint a WAL the file's owner left behind into it.
            database.leaveWALAsItIsOnClose()
            if let error = error as? SQLiteError { throw JotterError.from(error, path: path) }
            throw error
        }
    }

    /// Runs `body` as one write transaction; SQLite failures become user-facing errors.
    public func write<T>(_ body: () throws -> T) throws -> T {
        do {
            return try database.transaction(immediate: true, body)
        } catch let error as SQLiteError {
            throw JotterError.from(error, path: path)
        }
    }

    /// Runs `body` as one read transaction, so that it sees one state of the store.
    public func read<T>(_ body: () throws -> T) throws -> T {
        do {
            return try database.transaction(immediate: false, body)
        } catch let error as SQLiteError {
            throw JotterError.from(error, path: path)
        }
    }

    func setting<T>(_ key: String, _ read: (Statement) -> T) throws -> T? {
        try database.statement("SELECT value FROM setting WHERE key = ?").bind(1, key).firstRow(read)
    }

    func setSetting(_ key: String, blob: [UInt8]) throws {
        try database.statement("INSERT OR REPLACE INTO setting (key, value) VALUES (?, ?)")
            .bind(1, key).bind(2, blob: blob).run()
    }

    func setSetting(_ key: String, text: String) throws {
        try database.statement("INSERT OR REPLACE INTO setting (key, value) VALUES (?, ?)")
            .bind(1, key).bind(2, text).run()
    }
}

/// What happens to the file before SQLite is let near it.
enum StoreFile {
    static let sqliteMagic = Array("SQLite format 3\0".utf8)

    /// Creates the store file and its folders when missing, and refuses a file that is
    /// plainly not SQLite by its first bytes, so that it is never opened for writing.
    static func prepare(path: String) throws {
        var info = stat()
        if stat(path, &info) != 0 {
            guard errno == ENOENT else { throw systemError("cannot use the store", path: path) }
            try createFolders(for: path)
            let descriptor = open(path, O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC, 0o600)
            if descriptor < 0 {
                guard errno == EEXIST else { throw systemError("cannot create the store", path: path) }
                return try prepare(path: path)
            }
            // The mode passed to open is masked by the umask; a store is private whatever it is.
            fchmod(descriptor, 0o600)
            close(descriptor)
            return
        }
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            throw JotterError.store("\(path): not a jotter store (not a regular file)")
        }
        guard info.st_size > 0 else {
            // An empty file becomes the store, so it gets a store's privacy.
            chmod(path, 0o600)
            return
        }
        // SQLite's header alone is 100 bytes.
        guard info.st_size >= 100 else {
            throw JotterError.store("\(path): not a jotter store (not an SQLite database); the file was left as it is")
        }
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw systemError("cannot read the store", path: path) }
        defer { close(descriptor) }
        var header = [UInt8](repeating: 0, count: sqliteMagic.count)
        let count = header.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        guard count >= 0 else { throw systemError("cannot read the store", path: path) }
        guard header.prefix(count).elementsEqual(sqliteMagic) else {
            throw JotterError.store("\(path): not a jotter store (not an SQLite database); the file was left as it is")
        }
    }

    /// Creates the missing folders above `path`, each 0700: they will hold private text.
    static func createFolders(for path: String) throws {
        var folders: [String] = []
        var folder = parent(of: path)
        while !folder.isEmpty, folder != "/", access(folder, F_OK) != 0 {
            folders.append(folder)
            folder = parent(of: folder)
        }
        for folder in folders.reversed() {
            guard mkdir(folder, 0o700) == 0 || errno == EEXIST else {
                throw systemError("cannot create the store's folder", path: folder)
            }
            chmod(folder, 0o700)
        }
    }

    /// Why SQLite could not write the store, in the user's terms: the file itself,
    /// or its folder, where SQLite keeps the write-ahead log beside it.
    static func whyNotWritable(_ path: String) -> String? {
        if access(path, W_OK) != 0 { return "the file is read-only to you" }
        let folder = parent(of: path)
        if access(folder.isEmpty ? "." : folder, W_OK) != 0 {
            return "its folder is read-only to you, and the store's log is kept beside it"
        }
        return nil
    }

    static func parent(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "" }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    static func systemError(_ what: String, path: String) -> JotterError {
        .store("\(path): \(what): \(String(cString: strerror(errno)))")
    }
}
