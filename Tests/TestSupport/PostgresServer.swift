import Foundation
import SpawnActions
import Synchronization

/// A real PostgreSQL server for the tests of sync, one per test process: made with
/// `initdb` in a temporary folder, listening only on a Unix socket in that folder,
/// and stopped and removed when the process ends. Each test takes a database of its
/// own (`database()`), so tests running side by side do not meet.
///
/// A test that stops and starts its server takes one of its own (`own()`), so that
/// the tests beside it keep theirs.
///
/// As root the folder belongs to `postgres`, and initdb and the server run as that
/// user, since PostgreSQL refuses to run as root.
public final class PostgresServer: Sendable {
    /// The superuser, who owns the tables a test's hub makes.
    public static let superuser = "jotter_admin"
    /// Roles in this group log in with a password (scram-sha-256); every other role is
    /// let in over the socket without one.
    public static let passwordGroup = "jotter_password_users"

    public let folder: String
    public var socketFolder: String { folder + "/socket" }
    private var dataFolder: String { folder + "/data" }
    private let binaries: String

    /// The server of this process, started on first use.
    public static var shared: PostgresServer {
        get throws { try sharedStart.get() }
    }

    private static let sharedStart: Result<PostgresServer, Error> = Result { try PostgresServer() }

    /// A server of the caller's own, started now, which it may halt and start again;
    /// `stop()` ends it, and the end of the process does when a test fails before.
    public static func own() throws -> PostgresServer {
        try PostgresServer()
    }

    /// Every server this process started, stopped when it exits.
    private static let running = Mutex<[PostgresServer]>([])
    private static let stopAtExit: Void = {
        atexit {
            for server in PostgresServer.running.withLock({ $0 }) { server.stop() }
        }
    }()

    private init() throws {
        let versions = (try? FileManager.default.contentsOfDirectory(atPath: "/usr/lib/postgresql")) ?? []
        guard let newest = versions.compactMap(Int.init).max() else {
            throw PostgresServerError("PostgreSQL is not installed (no /usr/lib/postgresql/*/bin); ./Scripts/setup postgresql installs it")
        }
        binaries = "/usr/lib/postgresql/\(newest)/bin"
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("jotter-pg-\(UUID().uuidString.prefix(8))").path
        try FileManager.default.createDirectory(atPath: folder + "/socket", withIntermediateDirectories: true)
        if getuid() == 0 {
            try PostgresServer.run("/bin/chown", ["-R", "postgres:postgres", folder])
        }
        try runAsServerUser(binaries + "/initdb", ["-D", dataFolder, "-U", PostgresServer.superuser, "--auth=trust",
                                                   "-E", "UTF8", "--locale=C", "--no-sync"])
        let hba = """
            local all +\(PostgresServer.passwordGroup) scram-sha-256
            local all all trust

            """
        try hba.write(toFile: dataFolder + "/pg_hba.conf", atomically: false, encoding: .utf8)
        _ = PostgresServer.stopAtExit
        PostgresServer.running.withLock { $0.append(self) }
        try start()
        try psql("CREATE ROLE \(PostgresServer.passwordGroup) NOLOGIN")
    }

    /// Starts the server on its data, as made or as `halt()` left it, and returns once
    /// it takes connections.
    public func start() throws {
        try runAsServerUser(binaries + "/pg_ctl", [
            "start", "-w", "-D", dataFolder, "-l", folder + "/server.log",
            "-o", "-c listen_addresses='' -c unix_socket_directories='\(socketFolder)' -c fsync=off -c max_connections=200",
        ])
    }

    /// Stops the server as a crash would (`pg_ctl stop -m immediate`): every connection
    /// is cut where it is, and the data stays for `start()`, which recovers it.
    public func halt() throws {
        try runAsServerUser(binaries + "/pg_ctl", ["stop", "-m", "immediate", "-D", dataFolder])
    }

    /// Stops the server at once and removes its folder.
    public func stop() {
        try? halt()
        try? FileManager.default.removeItem(atPath: folder)
        PostgresServer.running.withLock { servers in servers.removeAll { $0 === self } }
    }

    /// A new, empty database, for one test.
    public func database() throws -> String {
        let name = "test_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
        try psql("CREATE DATABASE \(name)")
        return name
    }

    /// Backs `database` up with pg_dump, as a team's nightly backup does, into `file`.
    public func dump(_ database: String, to file: String) throws {
        try PostgresServer.run(binaries + "/pg_dump", ["-Fc", "-h", socketFolder, "-U", PostgresServer.superuser,
                                                       "-d", database, "-f", file])
    }

    /// Writes the rows of `database` as pg_dump prints them, plain text, into `file`.
    public func dumpData(_ database: String, to file: String) throws {
        try PostgresServer.run(binaries + "/pg_dump", ["--data-only", "-h", socketFolder, "-U", PostgresServer.superuser,
                                                       "-d", database, "-f", file])
    }

    /// Puts back `database` as `file` holds it, as a DBA restores a backup: dropped,
    /// made again and filled with pg_restore.
    public func restore(_ database: String, from file: String) throws {
        try dropAndMakeAgain(database)
        try PostgresServer.run(binaries + "/pg_restore", ["-h", socketFolder, "-U", PostgresServer.superuser,
                                                          "-d", database, file])
    }

    /// Drops `database` and makes an empty one of the same name.
    public func dropAndMakeAgain(_ database: String) throws {
        try psql("DROP DATABASE \(database) WITH (FORCE)")
        try psql("CREATE DATABASE \(database)")
    }

    /// The conninfo of `database` as `role`.
    public func conninfo(_ database: String, role: String = PostgresServer.superuser) -> String {
        "host=\(socketFolder) dbname=\(database) user=\(role)"
    }

    /// Runs `sql` with psql as the superuser (or `role`) and returns what it printed,
    /// unaligned and without headers.
    @discardableResult
    public func psql(_ sql: String, database: String = "postgres", role: String = PostgresServer.superuser) throws -> String {
        try PostgresServer.run(binaries + "/psql", ["-X", "-q", "-A", "-t", "-v", "ON_ERROR_STOP=1",
                                                    "-h", socketFolder, "-U", role, "-d", database, "-c", sql])
    }

    /// A psql session of its own, as `name` in pg_stat_activity, that takes statements
    /// as they are sent: for a transaction held open while a test looks on.
    public func session(database: String, name: String) throws -> PostgresSession {
        try PostgresSession(psql: binaries + "/psql", arguments: [
            "-X", "-q", "-v", "ON_ERROR_STOP=1", "-h", socketFolder, "-U", PostgresServer.superuser,
            "-d", "dbname=\(database) application_name=\(name)",
        ])
    }

    /// Waits until `sql` counts one row or more: for a state of the server that another
    /// process brings about.
    public func waitUntil(_ sql: String, database: String) throws {
        let deadline = Date().addingTimeInterval(30)
        while (Int(try psql(sql, database: database)) ?? 0) == 0 {
            guard Date() < deadline else { throw PostgresServerError("nothing came of waiting for: \(sql)") }
            usleep(10_000)
        }
    }

    private func runAsServerUser(_ program: String, _ arguments: [String]) throws {
        if getuid() == 0 {
            try PostgresServer.run("/usr/sbin/runuser", ["-u", "postgres", "--", program] + arguments)
        } else {
            try PostgresServer.run(program, arguments)
        }
    }

    /// Runs `program` and returns what it printed. posix_spawn and waitpid, not
    /// Foundation's Process, which learns that a child ended when every holder of the
    /// socket it gives the child has closed it: the server that pg_ctl starts
    /// outlives pg_ctl, holding it. Output goes to files, which the server cannot hold
    /// open as it could a pipe.
    @discardableResult
    private static func run(_ program: String, _ arguments: [String]) throws -> String {
        let outputs = FileManager.default.temporaryDirectory.appendingPathComponent("jotter-pg-run-\(UUID().uuidString)").path
        let printedFile = outputs + ".out"
        let complaintFile = outputs + ".err"
        defer {
            unlink(printedFile)
            unlink(complaintFile)
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, printedFile, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, complaintFile, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        // The server outlives the test that starts it, and would hold open whatever
        // the test process had open then: among them the socket by which Foundation's
        // Process learns that another test's child ended, which then never ends.
        jotter_spawn_actions_close_others(&actions)
        let argv = ([program] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, program, &actions, nil, argv, environ)
        guard spawned == 0 else {
            throw PostgresServerError("\(program) cannot be run: \(String(cString: strerror(spawned)))")
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let printed = (try? String(contentsOfFile: printedFile, encoding: .utf8)) ?? ""
        let complaint = (try? String(contentsOfFile: complaintFile, encoding: .utf8)) ?? ""
        // Exited with 0: the low seven bits (the signal) and the exit status are zero.
        guard status == 0 else {
            throw PostgresServerError("\(program) \(arguments.joined(separator: " ")) failed: \(complaint)")
        }
        return printed.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}

public struct PostgresServerError: Error, CustomStringConvertible {
    public let description: String
    init(_ description: String) { self.description = description }
}

/// psql reading statements from a pipe, so that a test sends them one at a time.
public final class PostgresSession {
    private let process = Process()
    private let statements = Pipe()

    init(psql: String, arguments: [String]) throws {
        process.executableURL = URL(fileURLWithPath: psql)
        process.arguments = arguments
        process.standardInput = statements
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
    }

    public func send(_ sql: String) throws {
        try statements.fileHandleForWriting.write(contentsOf: Data(sql.utf8))
    }

    /// Ends the session (its open transaction rolls back) and waits for psql to exit.
    public func end() {
        try? statements.fileHandleForWriting.close()
        process.waitUntilExit()
    }
}
