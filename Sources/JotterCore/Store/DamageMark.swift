#if canImport(Glibc)
import Glibc
#endif

/// The mark beside a store that a command found damaged, `STORE.jotter-damaged`. While
/// it is there jotter writes nothing to the store, where a write that touches only
/// sound pages would otherwise go through; reading goes on. It is a file of its own,
/// 0600, so that marking the store writes nothing into the damaged file. It names the
/// file it was made for, by device and inode: a new store made under the same name, or
/// a backup moved into its place, is another file, whose writes the mark does not stop.
/// `check` takes it away once it finds the store sound.
struct DamageMark {
    let path: String
    /// The store's file, as device and inode.
    let file: (device: UInt64, inode: UInt64)?

    init(store: String, file: (device: UInt64, inode: UInt64)?) {
        path = StoreFile.resolved(store) + ".jotter-damaged"
        self.file = file
    }

    /// The most of a mark that is read: its first line names the file.
    private static let readLimit = 256

    /// Whether the store is marked. Only a file of the user's own is a mark: anything
    /// else under its name (another user's file or link, in a folder with the sticky
    /// bit, which the user could not take away) is passed over. A mark for another
    /// file is left over from a store that was there before, and is taken away with
    /// `takingAwayOneForAnotherFile`. One of the user's that cannot be read counts.
    func isSet(takingAwayOneForAnotherFile takesAway: Bool) -> Bool {
        var info = stat()
        let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else {
            guard errno != ENOENT else { return false }
            return lstat(path, &info) != 0 || DamageMark.isUsersOwnFile(info)
        }
        defer { close(descriptor) }
        guard fstat(descriptor, &info) == 0 else { return true }
        guard DamageMark.isUsersOwnFile(info) else { return false }
        var bytes = [UInt8](repeating: 0, count: DamageMark.readLimit)
        let count = bytes.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        guard count > 0 else { return true }
        let numbers = bytes[..<count].prefix { $0 != UInt8(ascii: "\n") }.split(separator: UInt8(ascii: " "))
            .map { UInt64(String(decoding: $0, as: UTF8.self)) }
        guard numbers.count == 2, let device = numbers[0], let inode = numbers[1], let file else { return true }
        guard device == file.device && inode == file.inode else {
            if takesAway { unlink(path) }
            return false
        }
        return true
    }

    private static func isUsersOwnFile(_ info: stat) -> Bool {
        info.st_mode & S_IFMT == S_IFREG && info.st_uid == geteuid()
    }

    /// Marks the store, `now`; a mark already there is kept. Where no file can be
    /// made (read-only media, which nothing writes in any case), the store stays
    /// unmarked.
    func set(now: Timestamp) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return }
        defer { close(descriptor) }
        fchmod(descriptor, 0o600)
        var line: [UInt8] = []
        if let file { line = Array("\(file.device) \(file.inode)\n".utf8) }
        line += Array("found damaged by jotter at ".utf8)
        now.appendRFC3339(to: &line)
        line += Array("; 'jotter check' says what is wrong, and takes this file away once the store is sound\n".utf8)
        _ = line.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
    }

    /// Takes the mark away; nil once it is gone, else what kept it (a folder that
    /// cannot be written).
    func clear() -> String? {
        guard unlink(path) == 0 || errno == ENOENT else { return String(cString: strerror(errno)) }
        return nil
    }
}
