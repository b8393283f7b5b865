import Foundation
import TestSupport
import Testing

/// `remote set --auto`: the prompt under a real pseudo-terminal syncing by itself
/// through a real PostgreSQL hub.
@Suite struct AutoSyncTests {
    /// Presses Enter on an empty line, which adds nothing, until `text` shows: the
    /// prompt reports a background sync only before it reads a new line.
    private func pressEnter(at prompt: PseudoTerminalSession, until text: String) throws -> Bool {
        let rounds = Int(PseudoTerminalSession.patience / 0.2)
        for _ in 0..<rounds {
            if prompt.shows(text, waitingUpTo: 0.2) { return true }
            prompt.type("\r")
            try prompt.expect("/ › ")
        }
        return prompt.shows(text, waitingUpTo: 0.2)
    }

    private func occurrences(of text: String, in transcript: String) -> Int {
        transcript.components(separatedBy: text).count - 1
    }

    @Test func remoteShowsWhetherThePromptSyncsByItself() throws {
        let server = try PostgresServer.shared
        let database = try server.database()
        let jotter = Jotter()
        let set = try jotter.run(["remote", "set", "--auto", server.conninfo(database)])
        #expect(set.status == 0)
        #expect(set.errors.hasSuffix("; the prompt syncs it by itself, 'jotter sync' at any time\n"), "\(set.errors)")
        #expect(try jotter.ok("remote") == "conninfo\t\(server.conninfo(database))\njournal\tmain\nauto\tyes\nsealed\tno\n")
        try jotter.ok("remote", "set", server.conninfo(database))
        #expect(try jotter.ok("remote").hasSuffix("auto\tno\nsealed\tno\n"))
    }

    @Test func entriesTypedAtAnAutoPromptReachAnotherMachineAfterItEnds() throws {
        let server = try PostgresServer.shared
        let database = try server.database()
        let laptop = Jotter(), desktop = Jotter()
        try laptop.ok("remote", "set", "--auto", server.conninfo(database))
        try desktop.ok("remote", "set", server.conninfo(database))

        let prompt = try laptop.prompt()
        prompt.type("milk\r")
        try prompt.expect("/ › ")
        prompt.type("bread\r")
        try prompt.expect("/ › ")
        prompt.type("\u{4}")
        #expect(try prompt.waitForExit() == 0)
        #expect(!prompt.text.contains("jotter:"), "\(prompt.text)")

        let synced = try desktop.run(["sync"])
        #expect(synced.errors == "sent 0, received 2\n")
        #expect(try desktop.texts().sorted() == ["bread", "milk"])
    }

    @Test func whatAnotherMachinePushedIsAnnouncedInOneLine() throws {
        let server = try PostgresServer.shared
        let database = try server.database()
        let laptop = Jotter(), desktop = Jotter()
        try laptop.ok("remote", "set", "--auto", server.conninfo(database))
        try desktop.ok("remote", "set", server.conninfo(database))
        try desktop.ok("add", "milk")
        try desktop.ok("add", "bread\u{1b}[2J")
        try desktop.ok("sync")

        let prompt = try laptop.prompt()
        #expect(try pressEnter(at: prompt, until: "received 2 from the hub\r\n"), "\(prompt.text)")
        prompt.type("\u{4}")
        #expect(try prompt.waitForExit() == 0)
        #expect(occurrences(of: "received", in: prompt.text) == 1, "\(prompt.text)")
        #expect(!prompt.text.contains("\u{1b}[2J"))
        #expect(try laptop.texts().sorted() == ["bread\u{1b}[2J", "milk"])
    }

    @Test func aHubThatIsDownIsSaidOnceAndThePromptGoesOn() throws {
        let server = try PostgresServer.own()
        defer { server.stop() }
        let database = try server.database()
        let laptop = Jotter()
        try laptop.ok("remote", "set", "--auto", server.conninfo(database))
        try server.halt()
        let failure = "jotter: hub \(database) at socket \(server.socketFolder): "

        let prompt = try laptop.prompt()
        #expect(try pressEnter(at: prompt, until: failure), "\(prompt.text)")
        for entry in ["one", "two", "three"] {
            prompt.type(entry + "\r")
            try prompt.expect("/ › ")
            // Time for its sync to fail before the next line is read.
            _ = prompt.shows("never shown", waitingUpTo: 0.5)
        }
        prompt.type("\r")
        try prompt.expect("/ › ")
        prompt.type("\u{4}")
        #expect(try prompt.waitForExit() == 0)
        // Said at most once while the prompt runs (whether a sync ended before a line was
        // read depends on timing), and at its end.
        #expect(occurrences(of: "jotter: " + failure, in: prompt.text) <= 1, "\(prompt.text)")
        #expect(prompt.text.contains("jotter: the last sync failed, so what is new here goes at the next one: hub \(database)"),
                "\(prompt.text)")
        #expect(try laptop.texts() == ["one", "two", "three"])

        try server.start()
        let desktop = Jotter()
        try desktop.ok("remote", "set", server.conninfo(database))
        try laptop.ok("sync")
        try desktop.ok("sync")
        #expect(try desktop.texts() == ["one", "two", "three"])
    }

    @Test func aSyncThatCannotStartIsSaidOnceAndTheEntriesAreKept() throws {
        let server = try PostgresServer.shared
        let database = try server.database()
        let laptop = Jotter()
        try laptop.ok("remote", "set", "--auto", server.conninfo(database))
        let missing = laptop.folder.file("missing")

        let prompt = try laptop.prompt(environment: ["TMPDIR": missing])
        for entry in ["one", "two"] {
            prompt.type(entry + "\r")
            try prompt.expect("/ › ")
        }
        prompt.type("\u{4}")
        #expect(try prompt.waitForExit() == 0)
        let failure = "jotter: cannot sync in the background: no temporary file in \(missing)"
        // Said at most once while the prompt runs (whether a sync ended before a line was
        // read depends on timing), and at its end.
        #expect(occurrences(of: "jotter: " + failure, in: prompt.text) <= 1, "\(prompt.text)")
        #expect(prompt.text.contains("jotter: the last sync failed, so what is new here goes at the next one: cannot sync"))
        #expect(try laptop.texts() == ["one", "two"])
    }

    /// An encrypted store's background sync opens the store as the prompt did: with its
    /// passphrase command.
    @Test func anEncryptedStoreSyncsByItselfWithItsPassphraseCommand() throws {
        let server = try PostgresServer.shared
        let database = try server.database()
        let laptop = try EncryptedSyncTests.machineWithPassphrase(), desktop = try EncryptedSyncTests.machineWithPassphrase()
        try laptop.ok("encrypt")
        try laptop.ok("remote", "set", "--auto", server.conninfo(database))
        try desktop.ok("remote", "set", server.conninfo(database))

        let prompt = try laptop.prompt()
        prompt.type("milk\r")
        try prompt.expect("/ › ")
        prompt.type("\u{4}")
        #expect(try prompt.waitForExit() == 0)
        #expect(!prompt.text.contains("jotter:"), "\(prompt.text)")
        #expect(try desktop.run(["sync"]).errors == "sent 0, received 1\n")
        #expect(try desktop.texts() == ["milk"])
    }

    /// Without a passphrase command or a kernel keyring to find the key in, the
    /// background sync of an encrypted store cannot open it: said once, in one line
    /// that names the way to give it, and the entries stay.
    @Test func anEncryptedStoreWithoutAWayToItsKeySaysSoOnceInTheBackground() throws {
        let server = try PostgresServer.shared
        let database = try server.database()
        let laptop = try EncryptedSyncTests.machineWithPassphrase()
        try laptop.ok("encrypt")
        try laptop.ok("remote", "set", "--auto", server.conninfo(database))
        try laptop.ok("lock")
        var environment = laptop.environment.merging(["TERM": "xterm", "NO_COLOR": "1"]) { $1 }
        environment["JOTTER_PASSPHRASE_COMMAND"] = nil
        let launcher = ["/usr/bin/python3", Project.root + "/Tests/Tools/without-keyring.py", Jotter.binary]
        let prompt = try PseudoTerminalSession(launcher: launcher, environment: environment)
        try prompt.expect("Passphrase")
        prompt.type(EncryptedSyncTests.passphrase + "\r")
        try prompt.expect("/ › ")
        for entry in ["one", "two"] {
            prompt.type(entry + "\r")
            try prompt.expect("/ › ")
        }
        prompt.type("\u{4}")
        #expect(try prompt.waitForExit() == 0)
        let failure = "no terminal to ask for the passphrase on; give a command that prints it with --passphrase-command or JOTTER_PASSPHRASE_COMMAND"
        // Said at most once while the prompt runs (whether a sync ended before a line was
        // read depends on timing), and at its end.
        #expect(occurrences(of: "jotter: " + failure, in: prompt.text) <= 1, "\(prompt.text)")
        #expect(prompt.text.contains("jotter: the last sync failed, so what is new here goes at the next one: " + failure),
                "\(prompt.text)")
        #expect(try laptop.texts() == ["one", "two"])
    }
}
