#if canImport(Glibc)
import Glibc
#endif

/// Who set a hook up: this machine (a random id kept in the user's configuration),
/// this user, and this very store file (its device and inode). A store copied to
/// another machine, another user or another file has another identity, so the hooks
/// that came with it wait to be trusted rather than running someone else's commands.
enum MachineIdentity {
    /// With `makingMachineID` false, a machine whose id was never made has none:
    /// nothing was set up or trusted on it, so no hook runs, and a user who cannot keep
    /// one (a home they may not write) still adds entries to a store that came with hooks.
    /// It then stands in with random bits drawn for this call, which no hook can hold: a
    /// fixed word beside the user's id and the file's device and inode, all of which
    /// whoever prepares a store for another user can know, let a hook recorded under
    /// them run as trusted.
    static func of(storePath: String, makingMachineID: Bool) throws -> String {
        var info = stat()
        guard stat(storePath, &info) == 0 else {
            throw JotterError.store("\(storePath): cannot read the store's file: \(String(cString: strerror(errno)))")
        }
        let machine = makingMachineID ? try machineID() : existingMachineID() ?? "none-" + randomHex()
        return "\(machine):\(getuid()):\(info.st_dev):\(info.st_ino)"
    }

    /// 128 random bits in hex.
    private static func randomHex() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<16).map { _ in DisplayText.hex(UInt32(UInt8.random(in: 0...255, using: &generator)), width: 2) }.joined()
    }

    /// `$XDG_CONFIG_HOME/jotter/machine-id`, else `~/.config/jotter/machine-id`; made
    /// with 128 random bits the first time it is needed.
    static func machineID() throws -> String {
        guard let path = machineIDPath() else {
            throw JotterError.input("cannot tell where this machine's id is kept: HOME is not set")
        }
        if let existing = read(path) { return existing }
        try StoreFile.createFolders(for: path, what: "cannot keep this machine's id, which hooks need, in its folder")
        let id = randomHex()
        let descriptor = open(path, O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC, 0o600)
        if descriptor < 0 {
            // Another jotter made it first; its id is the one.
            if errno == EEXIST, let existing = read(path) { return existing }
            throw StoreFile.systemError("cannot keep this machine's id", path: path)
        }
        defer { close(descriptor) }
        let line = id + "\n"
        guard line.utf8.withContiguousStorageIfAvailable({ write(descriptor, $0.baseAddress, $0.count) }) == line.utf8.count else {
            throw StoreFile.systemError("cannot keep this machine's id", path: path)
        }
        return id
    }

    /// This machine's id when it has been made, never making it: for the store's own
    /// identity, which every write checks and which must not write outside the store.
    static func existingMachineID() -> String? {
        machineIDPath().flatMap(read)
    }

    private static func machineIDPath() -> String? {
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
