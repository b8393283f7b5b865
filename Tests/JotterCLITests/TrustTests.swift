import Foundation
import JotterCore
import TestSupport
import Testing

/// A store received from someone else, or changed by another program, runs no command
/// and opens no connection until its user says so (`jotter trust`). The sender and
/// the receiver are two users here: two jotters, each with a HOME, and so a trust key,
/// of its own.
@Suite struct TrustTests {
    /// A hook that appends `word` to the file `log` in `jotter`'s folder.
    func logging(_ word: String, in jotter: Jotter) -> String { "echo \(word) >> '\(jotter.folder.file("log"))'" }

    /// `text` as an SQL string literal.
    func literal(_ text: String) -> String { "'" + text.replacingOccurrences(of: "'", with: "''") + "'" }

    func log(of jotter: Jotter) -> String {
        (try? String(contentsOfFile: jotter.folder.file("log"), encoding: .utf8)) ?? ""
    }

    /// Another program's write into the store at `path`, as the sqlite3 shell makes it.
    func edit(_ path: String, _ sql: String) throws {
        let database = try Database(path: path)
        try database.execute(sql)
    }

    /// The sender's store, prepared as an attack on trust prepares it: hub settings
    /// written straight into the file, naming a host whose password the receiver's
    /// ~/.pgpass holds and an address of the sender's, with a journal of the sender's
    /// and --auto. `connect_timeout` ends a connection the listener never answers.
    func sendersStore(pointingAt hub: RecordingListener) throws -> String {
        let sender = Jotter()
        try sender.ok("add", "from the sender")
        let conninfo = "host=db.corp.example hostaddr=127.0.0.1 port=\(hub.port) user=alice dbname=journal "
            + "sslmode=disable gssencmode=disable connect_timeout=2"
        try edit(sender.store, """
            INSERT INTO setting (key, value) VALUES ('remote_conninfo', '\(conninfo)'),
                ('remote_journal', 'senders'), ('remote_auto', '1');
            """)
        let copy = FileManager.default.temporaryDirectory.path + "/received-\(UUID().uuidString).sqlite3"
        try FileManager.default.copyItem(atPath: sender.store, toPath: copy)
        return copy
    }

    @Test func aReceivedStoresHubIsNeverConnectedToUntilTrusted() throws {
        let hub = try RecordingListener()
        let received = try sendersStore(pointingAt: hub)
        let victim = Jotter()
        try FileManager.default.moveItem(atPath: received, toPath: victim.store)

        let sync = try victim.run(["sync"])
        #expect(sync.status == 5)
        #expect(sync.errors == "jotter: \(Store.untrustedRemoteMessage)\n")
        #expect(try victim.run(["add", "VICTIM DIARY LINE"]).status == 0)
        let prompt = try victim.prompt()
        prompt.type("VICTIM DIARY LINE AT THE PROMPT\r")
        try prompt.expect("/ › ")
        prompt.type("\u{4}")
        #expect(try prompt.waitForExit() == 0)
        #expect(prompt.text.contains("'jotter trust' shows them and lets it sync"), "\(prompt.text)")
        #expect(hub.received().isEmpty, "the hub was sent \(hub.received().count) bytes")

        let trusted = try victim.run(["trust", "--yes"])
        #expect(trusted.status == 0, "\(trusted.errors)")
        #expect(trusted.lines.prefix(5) == ["hub\thost\tdb.corp.example", "hub\thostaddr\t127.0.0.1", "hub\tport\t\(hub.port)",
                                           "hub\tuser\talice", "hub\tdbname\tjournal"])
        #expect(trusted.lines.suffix(2) == ["hub\tjournal\tsenders", "hub\tauto\tyes: the prompt syncs by itself"])
        #expect(trusted.errors == "trusted the hub settings\n")
        // Nothing answers it: the sync fails, once it has sent its first message.
        #expect(try victim.run(["sync"]).status == 5)
        let sent = String(decoding: hub.received(), as: UTF8.self)
        #expect(sent.contains("alice") && sent.contains("journal"), "\(sent)")
    }

    /// Trust asks, and anything but yes trusts nothing.
    @Test func trustAsksOnTheTerminalAndNoTrustsNothing() throws {
        let hub = try RecordingListener()
        let victim = Jotter()
        try FileManager.default.moveItem(atPath: try sendersStore(pointingAt: hub), toPath: victim.store)
        let session = try PseudoTerminalSession(arguments: ["trust"], environment: victim.environment)
        try session.expect("[y/N] ")
        session.type("n\r")
        #expect(try session.waitForExit() == 0)
        #expect(session.text.contains("hub\thostaddr\t127.0.0.1") && session.text.contains("nothing was trusted"),
                "\(session.text)")
        #expect(try victim.run(["sync"]).status == 5)
        #expect(hub.received().isEmpty)
        let piped = try victim.run(["trust"])
        #expect(piped.status == 1)
        #expect(piped.errors.hasSuffix("give --yes to trust what is shown without one\n"), "\(piped.errors)")
    }

    /// A password in hub settings written by another program is never shown, and such
    /// settings are never trusted.
    @Test func hubSettingsWithAPasswordAreShownHiddenAndNotTrusted() throws {
        let sender = Jotter()
        try sender.ok("add", "x")
        try edit(sender.store, "INSERT INTO setting (key, value) VALUES ('remote_conninfo', 'host=/nowhere password=correct-horse')")
        let trusted = try sender.run(["trust", "--yes"])
        #expect(trusted.status == 0)
        #expect(!(trusted.text + trusted.errors).contains("correct-horse"), "\(trusted.text)\(trusted.errors)")
        #expect(trusted.errors.contains("the hub settings cannot be used"), "\(trusted.errors)")
        let sync = try sender.run(["sync"])
        #expect(sync.status == 1 && sync.errors.contains("is not usable") && !sync.errors.contains("correct-horse"), "\(sync.errors)")
    }

    @Test func remoteSetByTheUserIsTrustedAtOnce() throws {
        let server = try PostgresServer.shared
        let database = try server.database()
        let jotter = Jotter()
        try jotter.ok("remote", "set", "--auto", server.conninfo(database))
        #expect(try jotter.run(["trust"]).errors == "nothing in this store waits to be trusted\n")
        try jotter.ok("add", "milk")
        #expect(try jotter.run(["sync"]).errors == "sent 1, received 0\n")
    }

    /// The sender holds a copy of the receiver's store, with the receiver's own
    /// trusted hook in it: rows made from it, keeping everything that marked it as
    /// trusted but the command, or the row, then take the receiver's file's place.
    /// Overwritten in place, the file keeps its device and inode.
    @Test(arguments: [false, true])
    func forgedHookRowsDoNotRun(removingTheFileFirst: Bool) throws {
        let victim = Jotter(), sender = Jotter()
        try victim.ok("hook", "add", "before", logging("own", in: victim))
        try victim.ok("add", "lunch")
        #expect(log(of: victim) == "own\n")
        try FileManager.default.copyItem(atPath: victim.store, toPath: sender.store)
        try edit(sender.store, """
            CREATE TEMP TABLE forged AS SELECT * FROM hook;
            UPDATE forged SET seq = seq + 100, command = \(literal(logging("forged", in: victim)));
            INSERT INTO hook SELECT * FROM forged;
            UPDATE hook SET command = \(literal(logging("changed", in: victim))) WHERE seq < 100;
            """)
        if removingTheFileFirst { try FileManager.default.removeItem(atPath: victim.store) }
        let bytes = try Data(contentsOf: URL(fileURLWithPath: sender.store))
        try bytes.write(to: URL(fileURLWithPath: victim.store))

        let added = try victim.run(["add", "milk"])
        #expect(added.status == 0)
        #expect(added.errors.contains("2 hooks here wait to be trusted and did not run"), "\(added.errors)")
        #expect(log(of: victim) == "own\n")
    }

    @Test func aHookCommandChangedByAnotherProgramLosesTrust() throws {
        let jotter = Jotter()
        try jotter.ok("hook", "add", "after", logging("own", in: jotter))
        try edit(jotter.store, "UPDATE hook SET command = \(literal(logging("changed", in: jotter)))")
        let added = try jotter.run(["add", "milk"])
        #expect(added.errors.contains("1 hook here waits to be trusted and did not run"), "\(added.errors)")
        #expect(log(of: jotter) == "")
        let trusted = try jotter.run(["trust", "--yes"])
        #expect(trusted.text == "hook\tafter\tadd\t/\t\(logging("changed", in: jotter))\n")
        try jotter.ok("add", "bread")
        #expect(log(of: jotter) == "changed\n")
    }

    /// A store of the receiver's own, written anew in another file, keeps what they trusted.
    @Test func encryptingKeepsWhatWasTrusted() throws {
        var jotter = Jotter()
        try jotter.ok("hook", "add", "after", logging("ran", in: jotter))
        let file = jotter.folder.file("passphrase")
        try Data("a passphrase of some length\n".utf8).write(to: URL(fileURLWithPath: file))
        chmod(file, 0o600)
        jotter.ownEnvironment = ["JOTTER_PASSPHRASE_COMMAND": "cat '\(file)'"]
        try jotter.ok("encrypt")
        try jotter.ok("add", "milk")
        #expect(log(of: jotter) == "ran\n")
    }

    /// The key is the user's own 0600 file or nothing: a key others may have read
    /// vouches for nothing, and `trust` says why in one line.
    @Test(arguments: [0o644, 0o400])
    func aTrustKeyOthersMayHaveReadIsNotUsed(mode: Int) throws {
        let jotter = Jotter()
        try jotter.ok("hook", "add", "after", logging("ran", in: jotter))
        let key = jotter.folder.file(".local/state/jotter/trust-key")
        #expect(chmod(key, mode_t(mode)) == 0)
        let added = try jotter.run(["add", "milk"])
        #expect(added.status == 0)
        #expect(added.errors.contains("1 hook here waits to be trusted"), "\(added.errors)")
        #expect(log(of: jotter) == "")
        let trusted = try jotter.run(["trust", "--yes"])
        #expect(trusted.status == 3)
        #expect(trusted.errors == "jotter: \(key): jotter does not use this trust key: its mode is \(String(mode, radix: 8)), not 600, so others may have read it; remove it, and 'jotter trust' makes a new one (each store's hooks and hub then wait for 'jotter trust' again)\n")
    }

    @Test func aTrustKeyThatIsALinkIsNotUsed() throws {
        let jotter = Jotter()
        try jotter.ok("hook", "add", "after", logging("ran", in: jotter))
        let key = jotter.folder.file(".local/state/jotter/trust-key")
        try FileManager.default.moveItem(atPath: key, toPath: jotter.folder.file("elsewhere"))
        #expect(symlink(jotter.folder.file("elsewhere"), key) == 0)
        try jotter.ok("add", "milk")
        #expect(log(of: jotter) == "")
        #expect(try jotter.run(["trust", "--yes"]).errors.contains("it is a symbolic link"))
    }

    @Test func theTrustKeyIsMadePrivateInAPrivateFolder() throws {
        let jotter = Jotter()
        try jotter.ok("hook", "add", "after", "true")
        var folder = stat(), key = stat()
        #expect(stat(jotter.folder.file(".local/state/jotter"), &folder) == 0)
        #expect(stat(jotter.folder.file(".local/state/jotter/trust-key"), &key) == 0)
        #expect(folder.st_mode & 0o777 == 0o700 && key.st_mode & 0o777 == 0o600 && key.st_size == 32)
        let storeBytes = try Data(contentsOf: URL(fileURLWithPath: jotter.store))
        let keyBytes = try Data(contentsOf: URL(fileURLWithPath: jotter.folder.file(".local/state/jotter/trust-key")))
        #expect(storeBytes.range(of: keyBytes) == nil)
    }
}

/// A stand-in for a PostgreSQL hub on 127.0.0.1 that answers nothing and keeps every
/// byte it is sent. Connections are taken when asked for what was received: one a
/// client made has been queued by the kernel by then, whether or not it was taken.
final class RecordingListener: @unchecked Sendable {
    let port: Int
    private let descriptor: Int32
    private var connections: [Int32] = []
    private var bytes: [UInt8] = []

    init() throws {
        let listening = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listening, $0, length) }
        }
        guard bound == 0, listen(listening, 16) == 0 else {
            close(listening)
            throw CocoaError(.fileWriteUnknown)
        }
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(listening, $0, &length) }
        }
        _ = fcntl(listening, F_SETFL, fcntl(listening, F_GETFL) | O_NONBLOCK)
        descriptor = listening
        port = Int(UInt16(bigEndian: address.sin_port))
    }

    deinit {
        connections.forEach { close($0) }
        close(descriptor)
    }

    /// Everything sent so far by the connections made so far.
    func received() -> [UInt8] {
        while true {
            let connection = accept(descriptor, nil, nil)
            guard connection >= 0 else { break }
            _ = fcntl(connection, F_SETFL, fcntl(connection, F_GETFL) | O_NONBLOCK)
            connections.append(connection)
        }
        var chunk = [UInt8](repeating: 0, count: 4096)
        for connection in connections {
            while true {
                let count = chunk.withUnsafeMutableBytes { read(connection, $0.baseAddress, $0.count) }
                guard count > 0 else { break }
                bytes += chunk[..<count]
            }
        }
        return bytes
    }
}
