#if canImport(Glibc)
import Glibc
#endif

/// The folders an `edit` of an encrypted store left in memory when it was killed
/// (`kill -9`, a crash): the entry in plain text, kept until the machine restarts.
/// Each is named for the process that made it, `jotter-edit-PID-XXXXXX`; one of this
/// user's whose process is gone is removed when jotter next starts.
enum LeftoverEdits {
    static let prefix = "jotter-edit-"

    static func clear() {
        let folders = [Terminal.environment("XDG_RUNTIME_DIR"), "/dev/shm"].compactMap { $0 }.filter { !$0.isEmpty }
        for folder in Set(folders) { clear(in: folder) }
    }

    private static func clear(in folder: String) {
        guard let directory = opendir(folder) else { return }
        defer { closedir(directory) }
        let user = geteuid()
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(cString: $0.bindMemory(to: CChar.self).baseAddress!) }
            guard name.hasPrefix(prefix), let pid = pid_t(name.dropFirst(prefix.count).prefix { $0 != "-" }),
                  pid > 0, kill(pid, 0) != 0, errno == ESRCH else { continue }
            var info = stat()
            guard fstatat(dirfd(directory), name, &info, AT_SYMLINK_NOFOLLOW) == 0, info.st_uid == user,
                  (info.st_mode & S_IFMT) == S_IFDIR else { continue }
            ExternalEditor.removeFolder(folder + "/" + name)
        }
    }
}
