#if canImport(Glibc)
import Glibc
#endif

/// This machine's jotter id, a random word in the user's configuration, when an earlier
/// jotter made one. It tells copies of a store apart (`file_identity`), and is never
/// made for that: a copy on another machine differs by device and inode anyway.
/// Whether anything in a store may run or connect is decided by `TrustKey`, not by it:
/// it is written in every store in the clear.
enum MachineID {
    /// `$XDG_CONFIG_HOME/jotter/machine-id`, else `~/.config/jotter/machine-id`.
    static func existing() -> String? {
        path().flatMap(read)
    }

    private static func path() -> String? {
        if let config = getenv("XDG_CONFIG_HOME").map({ String(cString: $0) }), config.hasPrefix("/") {
            return config + "/jotter/machine-id"
        }
        if let home = getenv("HOME").map({ String(cString: $0) }), !home.isEmpty {
            return home + "/.config/jotter/machine-id"
        }
        return nil
    }

    private static func read(_ path: String) -> String? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var buffer = [UInt8](repeating: 0, count: 64)
        let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
        guard count > 0 else { return nil }
        let id = String(decoding: buffer[..<count], as: UTF8.self).filter { !$0.isWhitespace }
        return id.isEmpty ? nil : id
    }
}
