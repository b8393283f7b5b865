#if canImport(Glibc)
import Glibc
#endif

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
