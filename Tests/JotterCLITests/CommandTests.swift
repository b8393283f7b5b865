import Foundation
@testable import JotterCLI
import JotterCore
import Testing

/// Commands run in-process, with a context of the test's own.
@Suite struct CommandTests {
    @Test func cdSaysItMovedAndTheMoveIsSaved() throws {
        let jotter = try InProcess()
        try jotter.run(["new", "groceries", "--in", "/"])
        let outcome = try jotter.run(["cd", "groceries"])
        guard case .moved(let path) = outcome else { Issue.record("cd did not move: \(outcome)"); return }
        #expect(path.display == "/groceries")
        #expect(try jotter.store.restorePath().path.display == "/groceries")
    }

    @Test func upAtTheRootSaysSoAndStays() throws {
        let jotter = try InProcess()
        #expect(try jotter.run(["up"]) == .nothing)
        #expect(jotter.messages == "already at the root\n")
    }

    @Test func addWritesTheIdAndTakesTodayFromTheClock() throws {
        let jotter = try InProcess()
        try jotter.run(["field", "add", "due", "date"])
        try jotter.run(["add", "pay", "rent", "due:today"])
        let id = try #require(NodeID(String(jotter.output.dropLast())))
        let node = try #require(try jotter.store.node(id: id))
        #expect(node.text == "pay rent")
        #expect(try jotter.store.fieldValues(of: node).map(\.value) == ["2026-11-22"])
    }

    @Test func editWithoutTextAtThePromptAsksForTheLineAndChangesNothing() throws {
        let jotter = try InProcess(isPrompt: true)
        try jotter.run(["add", "milk"])
        let outcome = try jotter.run(["edit", "milk"])
        guard case .edit(let node) = outcome else { Issue.record("edit did not ask for the line: \(outcome)"); return }
        #expect(node.text == "milk")
        #expect(try jotter.store.children(of: nil).map(\.text) == ["milk"])
    }

    @Test func importRefusesAnOptionOfAnotherFormatAndImportsNothing() throws {
        let jotter = try InProcess()
        let file = jotter.folder.file("notes.csv")
        FileManager.default.createFile(atPath: file, contents: Data("text\nmilk\n".utf8))
        #expect(throws: JotterError.input("--tz is for --from todotxt or jrnl")) {
            try jotter.run(["import", "--tz", "UTC", file])
        }
        #expect(throws: JotterError.input("--done is for --from todotxt")) {
            try jotter.run(["import", "--from", "jrnl", "--done", file, file])
        }
        #expect(try jotter.store.children(of: nil).isEmpty)
        try jotter.run(["import", file])
        #expect(try jotter.store.children(of: nil).map(\.text) == ["milk"])
    }

    @Test func quitSaysTheSessionEnds() throws {
        let jotter = try InProcess(isPrompt: true)
        let command = try PromptCommands.parseAsRoot(["quit"])
        #expect(try (command as? any StoreCommand)?.run(in: jotter.context) == .quit)
    }

    @Test func listMarksListsAndIdsOnlyWithColour() throws {
        let plain = try InProcess()
        try plain.run(["new", "groceries", "--in", "/"])
        try plain.run(["list"])
        #expect(!plain.output.contains("\u{1B}"))
        #expect(plain.output.hasSuffix("  groceries/\n"))

        let coloured = try InProcess(terminal: TerminalFacts(inputIsTerminal: true, outputIsTerminal: true, colour: true))
        try coloured.run(["new", "groceries", "--in", "/"])
        try coloured.run(["list"])
        #expect(coloured.output.contains("\u{1B}[1mgroceries\u{1B}[0m/\n"))
    }

    @Test func textOnATerminalIsEscapedOnceWhereItIsShown() throws {
        let jotter = try InProcess(terminal: TerminalFacts(inputIsTerminal: true, outputIsTerminal: true, colour: true))
        try jotter.run(["add", "red\u{1B}[31m"])
        try jotter.run(["list"])
        #expect(jotter.output.contains("red\\x1b[31m\n"))
        try jotter.run(["rm", "red\u{1B}[31m"])
        #expect(jotter.messages.hasPrefix("moved 'red\\x1b[31m' to the trash ('jotter restore "))
        #expect(jotter.messages.hasSuffix("' or 'undo' brings it back)\n"))
        #expect(throws: JotterError.input("nothing in the trash is 'x\u{1B}'; 'trash' lists what is there")) {
            try jotter.run(["restore", "x\u{1B}"])
        }
    }

    @Test func thePromptFollowsWhereACommandMoved() throws {
        let jotter = try InProcess(isPrompt: true)
        try PromptLoop(context: jotter.context, source: TypedLines([":new groceries", "milk", ":up", "bread"])).run()
        #expect(try jotter.store.children(of: nil).map(\.text) == ["groceries", "bread"])
        let groceries = try #require(try jotter.store.children(of: nil).first)
        #expect(try jotter.store.children(of: groceries).map(\.text) == ["milk"])
        #expect(try jotter.store.restorePath().path.isRoot)
    }

    @Test func thePromptTakesTodayFromTheClock() throws {
        let jotter = try InProcess(isPrompt: true)
        try jotter.run(["field", "add", "due", "date"])
        try PromptLoop(context: jotter.context, source: TypedLines(["pay rent", "today"])).run()
        let node = try #require(try jotter.store.children(of: nil).first)
        #expect(node.text == "pay rent")
        #expect(try jotter.store.fieldValues(of: node).map(\.value) == ["2026-11-22"])
    }

    @Test func atThePromptDatesTheEntriesThatFollowUntilAtNow() throws {
        let jotter = try InProcess(isPrompt: true)
        let lines = TypedLines([":at 2026-11-20T21:00Z", "late walk", "tea", ":at now", "today's", ":at last week"])
        try PromptLoop(context: jotter.context, source: lines).run()
        #expect(lines.prompts[1] == "/ @2026-11-20T21:00Z › " && lines.prompts[3] == "/ @2026-11-20T21:00Z › ",
                "\(lines.prompts)")
        #expect(lines.prompts[4] == "/ › ", "\(lines.prompts)")
        var created: [String: Int64] = [:]
        try jotter.store.log(try LogWindow(since: nil, until: nil, on: nil, nowMilliseconds: 0, zone: SystemZone()), under: nil) {
            created[$0.node.text] = $0.node.created.milliseconds
        }
        #expect(created["late walk"] == 1_795_208_400_000 && created["tea"] == 1_795_208_400_000)
        #expect(created["today's"].map { $0 > 1_795_208_400_000 } == true, "made now, by the store's clock")
        #expect(jotter.messages.contains("--at") == false && jotter.messages.contains(":at 'last week'"), "\(jotter.messages)")
    }
}
