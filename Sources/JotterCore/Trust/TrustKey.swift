import COpenSSL

#if canImport(Glibc)
import Glibc
#endif

/// The user's secret that vouches for what in a store may run a command or open a
/// connection: 32 random bytes in a file of the user's own, outside every store. A tag
/// is an HMAC-SHA256 under it, so whoever writes a store (its sender, another program)
/// can copy tags about but make none, and a store from elsewhere has none that holds.
public final class TrustKey {
    static let length = 32
    private var bytes: [UInt8]

    init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    deinit {
        bytes.wipe()
    }

    /// `$XDG_STATE_HOME/jotter/trust-key`, else `~/.local/state/jotter/trust-key`; nil
    /// when neither is set.
    public static func defaultPath() -> String? {
        if let state = getenv("XDG_STATE_HOME").map({ String(cString: $0) }), state.hasPrefix("/") {
            return state + "/jotter/trust-key"
        }
        if let home = getenv("HOME").map({ String(cString: $0) }), !home.isEmpty {
            return home + "/.local/state/jotter/trust-key"
        }
        return nil
    }

    /// The key at `path`, or nil when there is none yet: then nothing was ever trusted
    /// by this user. A file there that is not the user's own 0600 file is refused.
    public static func existing(at path: String) throws -> TrustKey? {
        try checkFolder(of: path)
        let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else {
            if errno == ENOENT { return nil }
            if errno == ELOOP { throw refused(path, because: "it is a symbolic link") }
            throw StoreFile.systemError("cannot read the trust key", path: path)
        }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw StoreFile.systemError("cannot read the trust key", path: path) }
        guard (info.st_mode & S_IFMT) == S_IFREG else { throw refused(path, because: "it is not a plain file") }
        guard info.st_uid == getuid() else { throw refused(path, because: "it belongs to another user") }
        guard info.st_mode & 0o777 == 0o600 else {
            throw refused(path, because: "its mode is \(String(info.st_mode & 0o777, radix: 8)), not 600, so others may have read it")
        }
        var bytes = [UInt8](repeating: 0, count: length + 1)
        let count = bytes.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        guard count == length else {
            bytes.wipe()
            throw refused(path, because: "it does not hold a key of \(length) bytes")
        }
        bytes.removeLast()
        return TrustKey(bytes: bytes)
    }

    /// The key at `path`, made the first time it is needed, in a 0700 folder. It is
    /// written whole under another name and then linked into place, so that another
    /// jotter never reads half a key, and two making one at once agree on the first.
    public static func made(at path: String) throws -> TrustKey {
        if let key = try existing(at: path) { return key }
        try StoreFile.createFolders(for: path, what: "cannot make the folder of the trust key")
        try checkFolder(of: path)
        var generator = SystemRandomNumberGenerator()
        let temporary = path + ".new-" + String(generator.next() as UInt64, radix: 16)
        let descriptor = open(temporary, O_CREAT | O_EXCL | O_WRONLY | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw StoreFile.systemError("cannot make the trust key", path: path) }
        defer { unlink(temporary) }
        var bytes = (0..<length).map { _ in generator.next() as UInt8 }
        defer { bytes.wipe() }
        let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        let synced = written == length && fsync(descriptor) == 0
        close(descriptor)
        guard synced else { throw StoreFile.systemError("cannot make the trust key", path: path) }
        if link(temporary, path) != 0 && errno != EEXIST {
            throw StoreFile.systemError("cannot make the trust key", path: path)
        }
        guard let key = try existing(at: path) else {
            throw JotterError.store("\(path): the trust key went away as it was made")
        }
        return key
    }

    /// The tag of `message` under this key: HMAC-SHA256 (RFC 2104), built on OpenSSL's
    /// plain SHA-256 block functions. OpenSSL's `HMAC` goes through its library
    /// context, whose first use sets up per-thread state; libpq, loaded later into
    /// the same static process, brings the system's libcrypto, whose own per-thread
    /// state then met it in the same slots and crashed at the hub's password
    /// exchange. The block functions keep no such state.
    func tag(_ message: [UInt8]) -> [UInt8] {
        let blockSize = 64
        var paddedKey = bytes + [UInt8](repeating: 0, count: blockSize - bytes.count)
        defer { paddedKey.wipe() }
        func sha256(_ parts: [UInt8]...) -> [UInt8] {
            var context = SHA256_CTX()
            SHA256_Init(&context)
            for part in parts { _ = part.withUnsafeBytes { SHA256_Update(&context, $0.baseAddress, $0.count) } }
            var digest = [UInt8](repeating: 0, count: Int(SHA256_DIGEST_LENGTH))
            SHA256_Final(&digest, &context)
            return digest
        }
        var inner = paddedKey.map { $0 ^ 0x36 }
        var outer = paddedKey.map { $0 ^ 0x5c }
        defer { inner.wipe(); outer.wipe() }
        return sha256(outer, sha256(inner, message))
    }

    /// Whether `tag` is the tag of `message`, compared in constant time.
    func vouches(for message: [UInt8], with tag: [UInt8]?) -> Bool {
        guard let tag else { return false }
        let expected = self.tag(message)
        guard tag.count == expected.count else { return false }
        return CRYPTO_memcmp(expected, tag, tag.count) == 0
    }

    /// The key's folder must be the user's own, and no one else's to write: another
    /// user who could write it could put a key of their own in its place.
    private static func checkFolder(of path: String) throws {
        let folder = StoreFile.parent(of: path)
        var info = stat()
        guard lstat(folder, &info) == 0 else { return }
        guard (info.st_mode & S_IFMT) == S_IFDIR, info.st_uid == getuid(), info.st_mode & 0o022 == 0 else {
            throw JotterError.store(
                "\(folder): the folder of the trust key must be a folder of your own that no one else may write; jotter does not use a key kept there")
        }
    }

    private static func refused(_ path: String, because reason: String) -> JotterError {
        .store("\(path): jotter does not use this trust key: \(reason); remove it, and 'jotter trust' makes a new one (each store's hooks and hub then wait for 'jotter trust' again)")
    }
}
