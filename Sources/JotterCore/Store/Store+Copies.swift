/// A store file copied (to another machine, or beside itself) and written in both
/// places must not make two replicas with one id, nor give two different entries one
/// derived id. The file's identity (this machine's jotter id when it has one, the
/// device and the inode) is kept in the store; at the first write where the file's
/// differs, the store draws a new replica id and a new salt for the rows it makes
/// from then on, in that same write.
extension Store {
    /// The identity of the file this connection opened.
    func fileIdentity() -> String {
        if let openedFileIdentity { return openedFileIdentity }
        let identity = Store.fileIdentity(of: openedFile)
        openedFileIdentity = identity
        return identity
    }

    /// The identity of `file` (its device and inode) on this machine.
    static func fileIdentity(of file: (device: UInt64, inode: UInt64)?) -> String {
        let place = file.map { "\($0.device):\($0.inode)" } ?? "unknown"
        return "\(MachineID.existing() ?? "no-machine-id"):\(place)"
    }

    /// Keeps the file's identity when the store has none yet (made, or brought up to
    /// date from before copies were told apart). Call inside a write transaction.
    func recordFileIdentityIfMissing() throws {
        try database.statement("INSERT OR IGNORE INTO setting (key, value) VALUES (\(Setting.fileIdentity.sql), ?)")
            .bind(1, fileIdentity()).run()
    }

    /// Gives the store a new replica id and a new salt for its next rows when its file
    /// is not the one it was written as. Call inside a write transaction.
    func giveACopyItsOwnIdentity() throws {
        let identity = fileIdentity()
        let recorded = try setting(.fileIdentity) { $0.string(0) }
        guard recorded != identity else { return }
        guard recorded != nil else { return try recordFileIdentityIfMissing() }
        var generator = SystemRandomNumberGenerator()
        let salt = Int64(bitPattern: generator.next())
        let firstSeq = try highestNodeSeq() + 1
        try database.statement("INSERT OR REPLACE INTO id_epoch (first_seq, salt) VALUES (?, ?)")
            .bind(1, firstSeq).bind(2, salt).run()
        try setSetting(.replicaID, blob: (0..<16).map { _ in generator.next() as UInt8 })
        try setSetting(.fileIdentity, text: identity)
        derivedIDs.add(firstSeq: firstSeq, salt: UInt64(bitPattern: salt))
    }

    /// Reads the salts of the rows made since the file was found to be a copy.
    func loadIDEpochs() throws {
        let statement = try database.statement("SELECT first_seq, salt FROM id_epoch ORDER BY first_seq")
        while try statement.step() {
            derivedIDs.add(firstSeq: statement.int64(0), salt: UInt64(bitPattern: statement.int64(1)))
        }
    }
}
