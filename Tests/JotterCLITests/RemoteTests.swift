import Foundation
import JotterCore
import JotterHub
import TestSupport
import Testing

/// `jotter remote` and `jotter sync` as a user runs them, against a real PostgreSQL.
@Suite struct RemoteTests {
    @Test func remoteIsSetShownAndUnset() throws {
        let server = try PostgresServer.shared
        let database = try server.database()
        let jotter = Jotter()
        let none = try jotter.run(["remote"])
        #expect(none.status == 0 && none.errors == "no remote is set; 'jotter remote set CONNINFO' sets one\n")

        let conninfo = server.conninfo(database)
        let set = try jotter.run(["remote", "set", conninfo, "--journal", "work"])
        #expect(set.status == 0)
        #expect(set.errors == "this store syncs with the journal 'work' of hub \(database) at socket \(server.socketFolder); 'jotter sync' syncs it\n")
        #expect(try server.psql("SELECT name FROM jotter.journal", database: database) == "work")

        let shown = try jotter.run(["remote"])
        #expect(shown.status == 0)
        #expect(shown.text == "conninfo\t\(conninfo)\njournal\twork\nauto\tno\nsealed\tno\n")
        #expect(try jotter.run(["remote", "show"]).text == shown.text)

        #expect(try jotter.run(["remote", "unset"]).status == 0)
        #expect(try jotter.run(["remote"]).text.isEmpty)
        #expect(try jotter.run(["remote", "unset"]).errors == "no remote was set\n")
        // The hub keeps what it holds.
        #expect(try server.psql("SELECT count(*) FROM jotter.journal", database: database) == "1")
    }

    @Test func theSchemaPrintedForADBAMakesAHubThatRemoteSetTakes() throws {
        let server = try PostgresServer.shared
        let database = try server.database()
        let jotter = Jotter()
        // No store is needed to print it.
        let printed = try jotter.run(["remote", "schema"], extraEnvironment: ["JOTTER_STORE": "/nonexistent/store"])
        #expect(printed.status == 0)
        #expect(printed.text == HubSchema.script)
        try server.psql(printed.text, database: database)
        #expect(try jotter.run(["remote", "set", server.conninfo(database)]).status == 0)
        #expect(try server.psql("SELECT version FROM jotter.version", database: database) == "\(HubSchema.version)")
        #expect(try server.psql("SELECT name FROM jotter.journal", database: database) == "main")
    }

    @Test func aPasswordIsNeverKeptOrPrinted() throws {
        let server = try PostgresServer.shared
        let database = try server.database()
        let role = "dave_" + String(database.suffix(8))
        try server.psql("CREATE ROLE \(role) LOGIN PASSWORD 'correct horse'; GRANT \(PostgresServer.passwordGroup) TO \(role)")
        let jotter = Jotter()

        let inConninfo = try jotter.run(["remote", "set", server.conninfo(database, role: role) + " password='correct horse'"])
        #expect(inConninfo.status == 1)
        #expect(!inConninfo.errors.contains("horse"))
        #expect(inConninfo.errors.contains("~/.pgpass"))
        let inURI = try jotter.run(["remote", "set", "postgresql://\(role):correct%20horse@localhost/\(database)"])
        #expect(inURI.status == 1 && !inURI.errors.contains("horse"))

        let wrong = try jotter.run(["remote", "set", server.conninfo(database, role: role)],
                                   extraEnvironment: ["PGPASSWORD": "wrong horse"])
        #expect(wrong.status == 5)
        #expect(wrong.errors.hasPrefix("jotter: hub \(database) at socket \(server.socketFolder): "))
        #expect(wrong.errors.contains("password authentication failed"))
        #expect(!wrong.errors.contains("horse"))
        #expect(wrong.errors.split(separator: "\n").count == 1)
        #expect(try jotter.run(["remote"]).text.isEmpty)

        // libpq's own conventions: PGPASSWORD, and a connection string of nothing but
        // PGHOST, PGDATABASE and PGUSER.
        let environment = ["PGPASSWORD": "correct horse", "PGHOST": server.socketFolder, "PGDATABASE": database,
                           "PGUSER": role]
        try server.psql("GRANT CREATE ON DATABASE \(database) TO \(role)", database: database)
        let right = try jotter.run(["remote", "set", ""], extraEnvironment: environment)
        #expect(right.status == 0, "\(right.errors)")
        let shown = try jotter.run(["remote"])
        #expect(shown.text == "conninfo\t\njournal\tmain\nauto\tno\nsealed\tno\n")
        #expect(!shown.text.contains("horse") && !shown.errors.contains("horse"))
    }

    /// The prompt keeps the lines of its commands in the store, for Up to recall at
    /// the next prompt: a `:remote set` refused for the password it held kept it there.
    @Test func aRemoteSetAtThePromptLeavesItsConnectionStringOutOfTheStore() throws {
        let jotter = Jotter()
        try jotter.ok("add", "milk")
        let prompt = try jotter.prompt()
        prompt.type(":remote set 'host=/nowhere dbname=journal password=correct horse'\r")
        try prompt.expect("password")
        try prompt.expect("/ › ")
        prompt.type(":remote set 'host=/nowhere dbname=journal user=staple'\r")
        try prompt.expect("/ › ")
        prompt.type("\u{4}")
        _ = try prompt.waitForExit()
        for path in [jotter.store, jotter.store + "-wal"] {
            let bytes = FileManager.default.contents(atPath: path) ?? Data()
            #expect(bytes.range(of: Data("horse".utf8)) == nil, "\(path)")
            #expect(bytes.range(of: Data("staple".utf8)) == nil, "\(path)")
        }
    }

    @Test func aHubThatCannotBeReachedExitsWithFiveAndOneLine() throws {
        let jotter = Jotter()
        let nowhere = TemporaryFolder()
        let down = try jotter.run(["remote", "set", "host=\(nowhere.path) dbname=journal"])
        #expect(down.status == 5)
        #expect(down.errors.hasPrefix("jotter: hub journal at socket \(nowhere.path): connection to server on socket"))
        #expect(down.errors.split(separator: "\n").count == 1)
        #expect(try jotter.run(["remote"]).text.isEmpty)

        // A hub that was there and is gone: sync fails the same way, and the store
        // goes on working.
        let server = try PostgresServer.shared
        let database = try server.database()
        #expect(try jotter.run(["remote", "set", server.conninfo(database)]).status == 0)
        try server.psql("DROP DATABASE \(database) WITH (FORCE)")
        let sync = try jotter.run(["sync"])
        #expect(sync.status == 5)
        #expect(sync.errors.hasPrefix("jotter: hub \(database) at socket \(server.socketFolder): "))
        #expect(sync.errors.contains("does not exist"))
        #expect(sync.errors.split(separator: "\n").count == 1)
        #expect(try jotter.run(["add", "still", "here"]).status == 0)
    }

    @Test func aHubOfANewerJotterIsRefusedWithFive() throws {
        let server = try PostgresServer.shared
        let database = try server.database()
        let jotter = Jotter()
        #expect(try jotter.run(["remote", "set", server.conninfo(database)]).status == 0)
        try server.psql("UPDATE jotter.version SET version = version + 1", database: database)
        let again = try jotter.run(["remote", "set", server.conninfo(database), "--journal", "other"])
        #expect(again.status == 5)
        #expect(again.errors.contains("newer jotter"))
        let sync = try jotter.run(["sync", "--format", "json"])
        #expect(sync.status == 5 && sync.text.isEmpty && sync.errors.contains("newer jotter"))
    }

    @Test func syncWithoutARemoteSaysHowToSetOne() throws {
        let result = try Jotter().run(["sync"])
        #expect(result.status == 1)
        #expect(result.errors == "jotter: no remote is set; 'jotter remote set CONNINFO' sets the hub to sync with\n")
    }
}
