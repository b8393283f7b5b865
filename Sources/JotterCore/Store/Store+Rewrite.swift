#if canImport(Glibc)
import Glibc
#endif

/// Encrypting, decrypting and a new passphrase all write the whole store anew, under
/// the new key (or none), into a file beside it that then takes its name in one
/// `rename`. A `kill -9` at any moment leaves the old store whole or the new one whole;
/// what an interrupted rewrite left beside the store is cleared the next time the
/// store is opened for writing.
extension Store {
    /// Refuses a store that cannot be written anew, before a passphrase is asked for:
    /// one that cannot be written, one with a second name (a hard link, which would keep
    /// the old file), and one another process has open (it would go on with the old
    /// file). `rewrite` checks again with the write lock held.
    public func checkRewritable() throws {
        try requireWritable()
        let file = RewriteFiles(beside: path).store
        var info = stat()
        if stat(file, &info) == 0, info.st_nlink > 1 {
            throw JotterError.store(
                "\(path): the store has another name (a hard link), which would keep the old file; remove it first; nothing was changed")
        }
        if StoreFile.othersHaveOpen(file) {
            throw JotterError.store(
                "\(path): another jotter has the store open (a prompt?); close it and try again; nothing was changed")
        }
    }

    /// Writes the store anew under `newKey` (nil: plain) and puts it in place of this
    /// one. The old file is overwritten with zeros before it is removed, so that a
    /// plain store that was encrypted leaves nothing readable in the file system. This
    /// connection is left on the old file: the caller is done with the store afterwards.
    public func rewrite(under newKey: StoreKey?) throws {
        try requireWritable()
        let files = RewriteFiles(beside: path)
        try files.clearLeftovers()
        let lock = try files.takeNewFile()
        defer { close(lock) }
        do {
            try database.execute("PRAGMA wal_checkpoint(TRUNCATE)")
            try write {
                // The log is empty once checkpointed, and stays so while the write lock
                // is held: the file alone is the whole store when its name moves.
                guard (StoreFile.fileSize(files.store + "-wal") ?? 0) == 0 else {
                    throw JotterError.store("\(path): the store is busy (another jotter is reading it); nothing was changed, try again")
                }
                try checkRewritable()
                try export(into: files.new, under: newKey)
                try files.putNewInPlace()
            }
        } catch {
            files.removeNew()
            let failure = (error as? SQLiteError).map(translated)
                ?? error as? JotterError ?? JotterError.store("\(path): \(error)")
            // Whatever failed, the store is as it was: the new file had not taken its name.
            guard !failure.message.contains("nothing was changed") else { throw failure }
            throw JotterError(failure.kind, failure.message + "; nothing was changed")
        }
        // This connection is on the old file, whose log has moved away: closing it must
        // not take the log by the store's name, which is the new store's now.
        database.leaveWALAsItIsOnClose()
        files.shredOld()
    }

    /// Copies every table into a new file at `target` keyed with `newKey`, through a
    /// second connection: SQLite attaches a database only outside a transaction, and
    /// this one holds the write lock.
    private func export(into target: String, under newKey: StoreKey?) throws {
        let reader = try Database(path: path, access: .readWrite, key: key)
        var literal = newKey?.sqlcipherLiteral() ?? []
        defer { literal.wipe() }
        try reader.statement("ATTACH ? AS rewritten KEY ?").bind(1, target)
            .bind(2, blob: literal).run()
        let version = try reader.statement("SELECT user_version FROM pragma_user_version").firstRow { $0.int64(0) } ?? 0
        // No journal for the new file: a rewrite stopped half way throws it away whole,
        // and a journal beside it would hold its pages in the clear.
        try reader.execute("""
            PRAGMA rewritten.journal_mode = OFF;
            SELECT sqlcipher_export('rewritten');
            PRAGMA rewritten.user_version = \(version);
            PRAGMA rewritten.application_id = \(Store.applicationID);
            """)
        // The new file is this store, not a copy of it: it keeps its replica and sync
        // state. Only when the old file was the one the store was written as, though:
        // a copy not yet told apart (its first write is this rewrite's, uncommitted
        // and unseen by this connection) is still told apart at its next write.
        try reader.statement("UPDATE rewritten.setting SET value = ? WHERE key = \(Setting.fileIdentity.sql) AND value = ?")
            .bind(1, Store.fileIdentity(of: StoreFile.identity(of: target)))
            .bind(2, Store.fileIdentity(of: openedFile)).run()
        // What its user trusted is trusted in the new file too: the tags name the file.
        try carryTrust(to: StoreFile.identity(of: target), schema: "rewritten", on: reader)
        let counted = "SELECT (SELECT count(*) FROM main.node), (SELECT count(*) FROM rewritten.node)"
        let counts = try reader.statement(counted).firstRow { ($0.int64(0), $0.int64(1)) }
        guard let counts, counts.0 == counts.1 else {
            throw JotterError.store("\(path): the store written anew did not hold every row; nothing was changed")
        }
        try reader.execute("DETACH rewritten")
        // The write-ahead log is a setting of the file: the new one keeps it.
        let written = try Database(path: target, access: .readWrite, key: newKey)
        try written.execute("PRAGMA journal_mode = WAL")
    }
}

/// The files beside a store that a rewrite uses: `STORE.jotter-new`, the store being
/// written, locked (flock) by the process writing it; and `STORE.jotter-old`, the old
/// store's name kept until it is overwritten, with its log and log index.
struct RewriteFiles {
    /// The store's own file: a symbolic link to it is followed, so that the link stays
    /// a link, to the new store.
    let store: String

    init(beside path: String) {
        store = StoreFile.resolved(path)
    }

    var new: String { store + ".jotter-new" }
    var old: String { store + ".jotter-old" }

    /// Creates and locks the new file. One already there is another rewrite's, or a
    /// file of someone else's in the way.
    func takeNewFile() throws -> Int32 {
        let descriptor = open(new, O_CREAT | O_EXCL | O_RDWR | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            guard errno == EEXIST else { throw StoreFile.systemError("cannot write the store anew", path: new) }
            var info = stat()
            if lstat(new, &info) == 0, info.st_uid != geteuid() {
                // In a shared folder with the sticky bit only its owner (or root) can
                // remove it, so every later try would stop here too.
                throw JotterError.store(
                    "\(new): a file of \(StoreFile.userName(info.st_uid)) is where the store is written anew, and only they can remove it; ask them to, or move the store to a folder of your own; nothing was changed")
            }
            throw JotterError.store("\(store): another jotter is writing the store anew; nothing was changed")
        }
        fchmod(descriptor, 0o600)
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            close(descriptor)
            throw JotterError.store("\(store): another jotter is writing the store anew; nothing was changed")
        }
        return descriptor
    }

    /// The new store takes the store's name. The old one keeps a second name first,
    /// so that it is overwritten after; its log, empty by now, goes with it, so that
    /// the new store does not read the old one's log as its own.
    func putNewInPlace() throws {
        let written = open(new, O_RDONLY | O_CLOEXEC)
        guard written >= 0, fsync(written) == 0 else {
            if written >= 0 { close(written) }
            throw StoreFile.systemError("cannot write the store anew", path: new)
        }
        close(written)
        guard link(store, old) == 0 else { throw StoreFile.systemError("cannot keep the old store aside", path: old) }
        for suffix in ["-wal", "-shm"] where rename(store + suffix, old + suffix) != 0 && errno != ENOENT {
            throw StoreFile.systemError("cannot move the old store's log aside", path: store + suffix)
        }
        guard rename(new, store) == 0 else { throw StoreFile.systemError("cannot put the new store in place", path: store) }
        StoreFile.syncFolder(of: store)
    }

    /// Overwrites and removes the new file with what SQLite makes beside it while it
    /// turns the file's write-ahead log on (a journal, then a log and its index).
    func removeNew() {
        for file in [new, new + "-journal", new + "-wal", new + "-shm"] { shred(file) }
    }

    /// Overwrites the old store and removes it with its log and log index.
    func shredOld() {
        shred(old)
        unlink(old + "-wal")
        unlink(old + "-shm")
    }

    /// Clears what a rewrite that was stopped left beside the store, unless a rewrite
    /// is running now. A new file is overwritten (it may hold a decrypted copy); an old
    /// one only when it is not the store itself under a second name.
    func clearLeftovers() throws {
        let leftovers: [String] = [new, new + "-journal", old]
        guard leftovers.contains(where: { access($0, F_OK) == 0 }) else { return }
        // Without waiting: a FIFO under one of these names (another user's, in a folder
        // with the sticky bit) held every opening of the store on its open.
        let newFile = open(new, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        if newFile >= 0 {
            defer { close(newFile) }
            guard flock(newFile, LOCK_EX | LOCK_NB) == 0 else { return }
        }
        removeNew()
        if let oldIdentity = StoreFile.identity(of: old) {
            if let storeIdentity = StoreFile.identity(of: store), storeIdentity == oldIdentity {
                unlink(old)
            } else {
                shred(old)
            }
        }
        unlink(old + "-wal")
        unlink(old + "-shm")
    }

    /// Writes zeros over the file at `path`, to the disk, and removes it.
    private func shred(_ path: String) {
        let descriptor = open(path, O_WRONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
        if descriptor >= 0 {
            var info = stat()
            if fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG {
                let zeros = [UInt8](repeating: 0, count: 1 << 20)
                var offset: Int64 = 0
                while offset < Int64(info.st_size) {
                    let count = min(Int64(zeros.count), Int64(info.st_size) - offset)
                    guard pwrite(descriptor, zeros, Int(count), off_t(offset)) == Int(count) else { break }
                    offset += count
                }
                fsync(descriptor)
            }
            close(descriptor)
        }
        unlink(path)
    }
}
