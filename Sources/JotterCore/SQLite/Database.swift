import CSQLite

#if canImport(Glibc)
import Glibc
#endif

/// An error reported by SQLite, with its extended result code and message.
public struct SQLiteError: Error, CustomStringConvertible {
    public let code: Int32
    public let message: String
    /// The errno of the system call that failed under an I/O error, or 0.
    public var systemErrno: Int32 = 0

    public var primaryCode: Int32 { code & 0xFF }
    public var description: String { message }

    public var isBusy: Bool { primaryCode == SQLITE_BUSY || primaryCode == SQLITE_LOCKED }
    /// SQLite says SQLITE_FULL when a page does not fit; where the disk runs out
    /// under its log's index (`-shm`), which it makes and grows as it opens a store,
    /// it says SQLITE_IOERR of that file, with the system's ENOSPC beneath.
    public var isDiskFull: Bool {
        primaryCode == SQLITE_FULL || primaryCode == SQLITE_IOERR && (systemErrno == ENOSPC || systemErrno == EDQUOT)
    }
    public var isReadOnly: Bool { primaryCode == SQLITE_READONLY || primaryCode == SQLITE_CANTOPEN || primaryCode == SQLITE_PERM }
    public var isNotADatabase: Bool { primaryCode == SQLITE_NOTADB }
    public var isCorrupt: Bool { primaryCode == SQLITE_CORRUPT }
    public var isConstraint: Bool { primaryCode == SQLITE_CONSTRAINT }
    public var isMismatch: Bool { primaryCode == SQLITE_MISMATCH }
}

/// One SQLite connection: prepared statements cached by their SQL text, and
/// transactions that are committed or rolled back as a whole.
public final class Database {
    let handle: OpaquePointer
    private var statements: [String: Statement] = [:]
    private var transactionDepth = 0
    private var isClosed = false
    /// Whether the connection reads its file with a key (SQLCipher).
    private var isKeyed = false

    /// How a connection may use its file.
    public enum Access: Sendable {
        case readWrite
        /// Reads, through the write-ahead log beside the file when there is one.
        case readOnly
        /// Reads the file alone, taking no lock and creating nothing beside it: for a
        /// file nobody writes, such as one on read-only media, or one being identified.
        case immutable
    }

    public convenience init(path: String, readOnly: Bool = false) throws {
        try self.init(path: path, access: readOnly ? .readOnly : .readWrite)
    }

    /// Opens `path`; with `key`, as an encrypted database read and written with it. A
    /// wrong key is noticed only at the first read, as SQLITE_NOTADB.
    public init(path: String, access: Access, key: StoreKey? = nil) throws {
        var connection: OpaquePointer?
        let result: Int32
        switch access {
        case .readWrite:
            result = sqlite3_open_v2(path, &connection, SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX, nil)
        case .readOnly:
            result = sqlite3_open_v2(path, &connection, SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX, nil)
        case .immutable:
            result = sqlite3_open_v2(Database.uri(path) + "?immutable=1", &connection,
                                     SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_URI, nil)
        }
        guard let connection else {
            throw SQLiteError(code: result, message: String(cString: sqlite3_errstr(result)))
        }
        guard result == SQLITE_OK else {
            let error = SQLiteError(code: result, message: String(cString: sqlite3_errmsg(connection)))
            sqlite3_close_v2(connection)
            throw error
        }
        if let key {
            prepareCryptoLibrary()
            var literal = key.sqlcipherLiteral()
            defer { literal.wipe() }
            let keyed = sqlite3_key_v2(connection, "main", literal, Int32(literal.count))
            guard keyed == SQLITE_OK else {
                let error = SQLiteError(code: keyed, message: String(cString: sqlite3_errmsg(connection)))
                sqlite3_close_v2(connection)
                throw error
            }
            // SQLCipher logs a page that does not decrypt on standard error, under
            // jotter's own one line for a wrong passphrase.
            sqlite3_exec(connection, "PRAGMA cipher_log = off; PRAGMA cipher_log_level = NONE", nil, nil, nil)
        }
        handle = connection
        isKeyed = key != nil
        sqlite3_extended_result_codes(handle, 1)
    }

    /// `path` as a `file:` URI, every byte that could be read as part of the URI's
    /// syntax escaped.
    static func uri(_ path: String) -> String {
        var uri = path.hasPrefix("/") ? "file://" : "file:"
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "/"), UInt8(ascii: "."),
                 UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "~"):
                uri.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let digits = Array("0123456789ABCDEF".unicodeScalars)
                uri.unicodeScalars.append("%")
                uri.unicodeScalars.append(digits[Int(byte >> 4)])
                uri.unicodeScalars.append(digits[Int(byte & 0x0F)])
            }
        }
        return uri
    }

    deinit {
        close()
    }

    /// Closes the connection now, not when the object goes: for what can be done to
    /// the files beside the store only once SQLite has let go of them.
    func close() {
        guard !isClosed else { return }
        statements.removeAll()
        sqlite3_close_v2(handle)
        isClosed = true
    }

    func error(_ code: Int32) -> SQLiteError {
        let extendedCode = sqlite3_extended_errcode(handle)
        let message = String(cString: sqlite3_errmsg(handle))
        if isKeyed && extendedCode == SQLITE_ERROR && message == String(cString: sqlite3_errstr(SQLITE_ERROR)),
           let damage = pagesThatDoNotDecrypt() {
            return SQLiteError(code: SQLITE_CORRUPT, message: damage)
        }
        return SQLiteError(code: extendedCode, message: message, systemErrno: sqlite3_system_errno(handle))
    }

    /// A page of an encrypted file that was changed on disk fails SQLCipher's check as
    /// it is decrypted, and SQLite reports it as a bare SQLITE_ERROR, with no message
    /// of its own: damage that looked like a mistake in jotter's SQL. SQLCipher's own
    /// check of every page tells the two apart; it is run only on such an error, and
    /// says which pages fail, or nil when all decrypt.
    private func pagesThatDoNotDecrypt() -> String? {
        var check: OpaquePointer?
        guard sqlite3_prepare_v2(handle, "PRAGMA cipher_integrity_check", -1, &check, nil) == SQLITE_OK else { return nil }
        defer { sqlite3_finalize(check) }
        var pages: [String] = []
        while sqlite3_step(check) == SQLITE_ROW, let row = sqlite3_column_text(check, 0) {
            pages.append(String(cString: row))
        }
        guard let first = pages.first else { return nil }
        return pages.count == 1 ? first : "\(first), and \(pages.count - 1) more"
    }

    /// Runs SQL that returns no rows, possibly several statements.
    public func execute(_ sql: String) throws {
        let result = sqlite3_exec(handle, sql, nil, nil, nil)
        guard result == SQLITE_OK else { throw error(result) }
    }

    /// The cached prepared statement for `sql`, reset and with its bindings cleared.
    public func statement(_ sql: String) throws -> Statement {
        if let cached = statements[sql] {
            cached.reset()
            return cached
        }
        var prepared: OpaquePointer?
        let result = sqlite3_prepare_v3(handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &prepared, nil)
        guard result == SQLITE_OK, let prepared else { throw error(result) }
        let statement = Statement(handle: prepared, database: self)
        statements[sql] = statement
        return statement
    }

    public var lastInsertedRowID: Int64 { sqlite3_last_insert_rowid(handle) }

    /// How many rows the last statement inserted, changed or deleted.
    public var changes: Int64 { sqlite3_changes64(handle) }

    /// How many rows all statements have inserted, changed or deleted since the store was opened.
    public var totalChanges: Int64 { sqlite3_total_changes64(handle) }

    /// Runs `body` in a transaction. Writers use `BEGIN IMMEDIATE` so that the write
    /// lock is taken (waiting up to the busy timeout) before anything is read, which
    /// is what keeps concurrent writers from failing with "database is locked".
    /// Nested calls join the outer transaction.
    public func transaction<T>(immediate: Bool = true, _ body: () throws -> T) throws -> T {
        if transactionDepth > 0 {
            return try body()
        }
        try execute(immediate ? "BEGIN IMMEDIATE" : "BEGIN DEFERRED")
        transactionDepth = 1
        defer { transactionDepth = 0 }
        do {
            let value = try body()
            try execute("COMMIT")
            return value
        } catch {
            if sqlite3_get_autocommit(handle) == 0 {
                _ = sqlite3_exec(handle, "ROLLBACK", nil, nil, nil)
            }
            throw error
        }
    }

    /// Runs `body` with the triggers of the store's own schema off; the connection's
    /// TEMP triggers still fire. SQLite prepares its statements again as they next
    /// run, without the triggers, then with them.
    func withoutStoreTriggers<T>(_ body: () throws -> T) throws -> T {
        let result = jotter_sqlite_enable_main_triggers(handle, 0)
        guard result == SQLITE_OK else { throw error(result) }
        defer { _ = jotter_sqlite_enable_main_triggers(handle, 1) }
        return try body()
    }

    /// Closes without checkpointing or removing the WAL: for a file that turned out
    /// not to be jotter's, which must be left exactly as it was found.
    public func leaveWALAsItIsOnClose() {
        jotter_sqlite_no_checkpoint_on_close(handle)
    }

    public func setBusyTimeout(milliseconds: Int32) {
        sqlite3_busy_timeout(handle, milliseconds)
    }
}

/// A text as SQLite holds it in a column of the current row: its bytes, and a NUL
/// after them.
struct ColumnText {
    let bytes: UnsafeBufferPointer<UInt8>
}

/// A prepared statement. Bind parameters by 1-based index, then `step()` through rows.
public final class Statement {
    let handle: OpaquePointer
    unowned let database: Database

    init(handle: OpaquePointer, database: Database) {
        self.handle = handle
        self.database = database
    }

    deinit { sqlite3_finalize(handle) }

    func reset() {
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
    }

    /// Resets for a caller that binds every parameter again before the next step, and
    /// so has no use for clearing them.
    func resetKeepingBindings() {
        sqlite3_reset(handle)
    }

    @discardableResult
    public func bind(_ index: Int32, _ value: Int64?) -> Statement {
        if let value { sqlite3_bind_int64(handle, index, value) } else { sqlite3_bind_null(handle, index) }
        return self
    }

    @discardableResult
    public func bind(_ index: Int32, _ value: String) -> Statement {
        var text = value
        text.withUTF8 { bytes in
            guard let start = bytes.baseAddress, !bytes.isEmpty else {
                // An empty buffer may have no address, and a null pointer would bind NULL, not ''.
                sqlite3_bind_text(handle, index, "", 0, nil)
                return
            }
            start.withMemoryRebound(to: CChar.self, capacity: bytes.count) { characters in
                _ = sqlite3_bind_text64(handle, index, characters, sqlite3_uint64(bytes.count),
                                        jotter_sqlite_transient(), UInt8(SQLITE_UTF8))
            }
        }
        return self
    }

    @discardableResult
    public func bind(_ index: Int32, _ value: String?) -> Statement {
        guard let value else {
            sqlite3_bind_null(handle, index)
            return self
        }
        return bind(index, value)
    }

    /// Binds text without copying it: `bytes` must stay where they are, unchanged,
    /// until the statement has run. For the inserts of an import, where SQLite's own
    /// copy of every text was a measured part of the time.
    func bind(_ index: Int32, borrowingText bytes: UnsafeBufferPointer<UInt8>) {
        guard let start = bytes.baseAddress, !bytes.isEmpty else {
            sqlite3_bind_text(handle, index, "", 0, nil)
            return
        }
        start.withMemoryRebound(to: CChar.self, capacity: bytes.count) { characters in
            _ = sqlite3_bind_text64(handle, index, characters, sqlite3_uint64(bytes.count), nil, UInt8(SQLITE_UTF8))
        }
    }

    @discardableResult
    public func bind(_ index: Int32, blob: [UInt8]) -> Statement {
        blob.withUnsafeBytes { bytes in
            _ = sqlite3_bind_blob64(handle, index, bytes.baseAddress ?? UnsafeRawPointer(bitPattern: 1)!,
                                    sqlite3_uint64(bytes.count), jotter_sqlite_transient())
        }
        return self
    }

    /// Advances to the next row; false when the statement is done.
    public func step() throws -> Bool {
        let result = sqlite3_step(handle)
        switch result {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default:
            let error = database.error(result)
            sqlite3_reset(handle)
            throw error
        }
    }

    /// Runs a statement that returns no rows.
    public func run() throws {
        while try step() {}
    }

    /// Reads the first row, if any, with `body`, then resets the statement so that it
    /// holds no read lock while it waits in the cache.
    public func firstRow<T>(_ body: (Statement) throws -> T) throws -> T? {
        defer { sqlite3_reset(handle) }
        return try step() ? body(self) : nil
    }

    /// How many columns a row of the statement has.
    var columnCount: Int32 { sqlite3_column_count(handle) }

    public func isInteger(_ column: Int32) -> Bool {
        sqlite3_column_type(handle, column) == SQLITE_INTEGER
    }

    public func isNull(_ column: Int32) -> Bool {
        sqlite3_column_type(handle, column) == SQLITE_NULL
    }

    public func int64(_ column: Int32) -> Int64 {
        sqlite3_column_int64(handle, column)
    }

    public func optionalInt64(_ column: Int32) -> Int64? {
        isNull(column) ? nil : int64(column)
    }

    public func string(_ column: Int32) -> String {
        guard let text = sqlite3_column_text(handle, column) else { return "" }
        let count = Int(sqlite3_column_bytes(handle, column))
        return String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self)
    }

    /// The text of a column where SQLite holds it, followed by a NUL, for as long as
    /// the row is current: a long text handed on to another statement without
    /// another copy (`bind(_:borrowingColumnText:)`).
    func withColumnText<T>(_ column: Int32, _ body: (ColumnText) throws -> T) rethrows -> T {
        let text = sqlite3_column_text(handle, column)
        let count = text == nil ? 0 : Int(sqlite3_column_bytes(handle, column))
        return try body(ColumnText(bytes: UnsafeBufferPointer(start: text, count: count)))
    }

    /// Binds a text another statement read, without copying it: that statement must
    /// stay on its row until this one has run. A string bound with its length is not
    /// known to end in a NUL, and SQLite copies it whole when a function or a virtual
    /// table (the search index's trigger) asks for it as a C string; a text without
    /// a NUL inside is bound as the C string it is. One with a NUL is copied.
    func bind(_ index: Int32, borrowingColumnText text: ColumnText) {
        guard let start = text.bytes.baseAddress, !text.bytes.isEmpty else {
            sqlite3_bind_text(handle, index, "", 0, nil)
            return
        }
        start.withMemoryRebound(to: CChar.self, capacity: text.bytes.count + 1) {
            bind(index, cString: $0, count: text.bytes.count)
        }
    }

    /// Runs `body` with `text` bound where the string holds it, as a C string (see
    /// `bind(_:borrowingColumnText:)`), then resets the statement and its bindings.
    func withBorrowedText<T>(_ index: Int32, _ text: String, _ body: () throws -> T) rethrows -> T {
        try text.withCString { characters in
            defer { reset() }
            bind(index, cString: characters, count: text.utf8.count)
            return try body()
        }
    }

    /// Binds the `count` bytes at `characters`, which a NUL follows: as the C string
    /// they are when no NUL is among them, else as a copy of that length.
    private func bind(_ index: Int32, cString characters: UnsafePointer<CChar>, count: Int) {
        if memchr(characters, 0, count) == nil {
            _ = sqlite3_bind_text(handle, index, characters, -1, nil)
        } else {
            _ = sqlite3_bind_text64(handle, index, characters, sqlite3_uint64(count), jotter_sqlite_transient(), UInt8(SQLITE_UTF8))
        }
    }

    public func blob(_ column: Int32) -> [UInt8] {
        guard let bytes = sqlite3_column_blob(handle, column) else { return [] }
        let count = Int(sqlite3_column_bytes(handle, column))
        return Array(UnsafeRawBufferPointer(start: bytes, count: count))
    }
}
