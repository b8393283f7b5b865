/// What a trust tag vouches for: everything that decides what a hook runs, or where
/// and what a sync sends, with the file it was set in. Each part goes into the message
/// with its length before it, so no two different settings make one message.
enum TrustedSetting {
    /// A hook row as it is kept: its row and place, when and on what it runs, the
    /// command and its timeout.
    case hook(seq: Int64, ownerSeq: Int64?, timing: Hook.Timing, event: Hook.Event, command: String, timeoutSeconds: Int)
    /// The hub settings: the connection string, the journal, and whether the prompt
    /// syncs by itself.
    case remote(conninfo: String, journal: String, auto: Bool)

    /// The message tagged for this setting in the file `file` (its device and inode):
    /// a tag copied into another file, or left on a row whose contents changed, does
    /// not hold.
    func message(inFile file: (device: UInt64, inode: UInt64)) -> [UInt8] {
        var parts: [String]
        switch self {
        case let .hook(seq, ownerSeq, timing, event, command, timeoutSeconds):
            parts = ["jotter hook 1", String(seq), ownerSeq.map(String.init) ?? "root", timing.rawValue, event.rawValue,
                     command, String(timeoutSeconds)]
        case let .remote(conninfo, journal, auto):
            parts = ["jotter remote 1", conninfo, journal, auto ? "auto" : "on demand"]
        }
        parts.append("\(file.device):\(file.inode)")
        var message: [UInt8] = []
        for part in parts {
            let bytes = Array(part.utf8)
            withUnsafeBytes(of: UInt64(bytes.count).bigEndian) { message.append(contentsOf: $0) }
            message.append(contentsOf: bytes)
        }
        return message
    }
}
