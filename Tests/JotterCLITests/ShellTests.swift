import Foundation
@testable import JotterCLI
import TestSupport
import Testing

/// jotter from a shell as a new user meets it: slips of the keyboard, a store that
/// is not where it was said to be, and the first store of all.
@Suite struct ShellTests {
    let jotter = Jotter()

    @Test func aMistypedCommandGetsTheNearestOne() throws {
        let result = try jotter.run(["lst"])
        #expect(result.status == 2)
        #expect(result.errors == "jotter: unknown command 'lst'; did you mean 'list'? (see 'jotter --help')\n")
        let far = try jotter.run(["zzzzzz"])
        #expect(far.status == 2 && far.errors == "jotter: unknown command 'zzzzzz' (see 'jotter --help')\n")
    }

    /// The parser's own suggestion, kept.
    @Test func aMistypedOptionGetsTheNearestOneOfItsCommand() throws {
        let result = try jotter.run(["list", "--formt", "json"])
        #expect(result.status == 2)
        #expect(result.errors.contains("Did you mean '--format'?"), "\(result.errors)")
    }

    @Test func theNearestNameIsOneOrTwoEditsAway() {
        #expect(Suggestion.closest(to: "lst", among: ["list", "log", "rm"]) == "list")
        #expect(Suggestion.closest(to: "udno", among: ["undo", "undone"]) == "undo")
        #expect(Suggestion.closest(to: "xyz", among: ["list", "log"]) == nil)
        #expect(Suggestion.distance("conflcits", "conflicts") == 1)
    }

    @Test func aStoreWhoseFolderDoesNotExistIsRefusedUnlessCreateIsGiven() throws {
        let missing = jotter.folder.file("no/such/dir/x.sqlite3")
        for arguments in [["--store", missing, "list"], ["add", "--store", missing, "milk"], ["list", "--store=" + missing]] {
            let result = try jotter.run(arguments)
            #expect(result.status == 1, "\(arguments)")
            #expect(result.errors == "jotter: --store \(missing): the folder \(jotter.folder.file("no/such/dir")) does not exist; give --create to make it\n",
                    "\(arguments): \(result.errors)")
        }
        #expect(!FileManager.default.fileExists(atPath: jotter.folder.file("no")))
        let made = try jotter.run(["--store", missing, "--create", "add", "milk"])
        #expect(made.status == 0, "\(made.errors)")
        #expect(FileManager.default.fileExists(atPath: missing))
    }

    @Test func theFirstStoreSaysWhereItIsOnce() throws {
        let home = jotter.folder.path
        let environment = ["JOTTER_STORE": "", "XDG_DATA_HOME": home + "/data"]
        let first = try jotter.run(["add", "milk"], extraEnvironment: environment)
        #expect(first.status == 0)
        #expect(first.errors == "jotter: made a new store at \(home)/data/jotter/jotter.sqlite3\n")
        let second = try jotter.run(["add", "eggs"], extraEnvironment: environment)
        #expect(second.status == 0 && second.errors == "")
    }
}

extension ShellTests {
    @Test func restoreTakesWhatRmPrinted() throws {
        for text in ["milk", "eggs", "bread"] { try jotter.ok("add", text) }
        try jotter.ok("rm", "1")
        let removed = try jotter.run(["rm", "2"])
        let said = try #require(removed.errors.components(separatedBy: "'jotter restore ").dropFirst().first)
        let tail = String(said.prefix { $0 != "'" })
        let restored = try jotter.run(["restore", tail])
        #expect(restored.status == 0, "\(restored.errors)")
        #expect(try jotter.texts() == ["eggs", "bread"], "milk, removed first, stays in the trash")
    }
}

extension ShellTests {
    @Test func fieldsAreInTheFormsOrderInListLogAndFind() throws {
        try jotter.ok("new", "cafe")
        try jotter.ok("field", "add", "price", "decimal")
        try jotter.ok("field", "add", "mood", "choice", "good,ok,bad")
        try jotter.ok("add", "coffee", "mood:good", "price:3.5")
        #expect(try jotter.ok("list").contains("coffee  price:3.5 mood:good\n"))
        #expect(try jotter.ok("log").contains("coffee  price:3.5 mood:good\n"))
        #expect(try jotter.ok("find", "coffee").contains("coffee  price:3.5 mood:good\n"))
    }

    @Test func aSumIsShownOneWayEverywhere() throws {
        try jotter.ok("new", "shop")
        try jotter.ok("field", "add", "price", "decimal")
        try jotter.ok("add", "tea", "price:2.4")
        try jotter.ok("add", "jam", "price:3.5")
        #expect(try jotter.ok("sum", "price") == "price: 5.9 (2 items)\n")
        #expect(try jotter.ok("list", "--sum", "price").hasSuffix("\nprice: 5.9 (2 items)\n"))
        let inProcess = try InProcess(isPrompt: true)
        for arguments in [["new", "shop"], ["field", "add", "price", "decimal"], ["add", "tea", "price:2.4"], ["add", "jam", "price:3.5"]] {
            try inProcess.run(arguments)
        }
        try PromptLoop(context: inProcess.context, source: TypedLines([":sum price"])).run()
        #expect(inProcess.output.hasSuffix("\nprice: 5.9 (2 items)\n"), "\(inProcess.output)")
    }
}

extension ShellTests {
    /// An editor that writes `text` in the file it is given.
    func editor(writing text: String) throws -> String {
        let path = jotter.folder.file("editor.sh")
        try "#!/bin/sh\nprintf '%s\\n' '\(text)' > \"$1\"\n".write(toFile: path, atomically: true, encoding: .utf8)
        chmod(path, 0o755)
        return path
    }

    @Test func editWithoutATargetEditsTheItemAddedLastHere() throws {
        try jotter.ok("add", "milk")
        try jotter.ok("add", "eggs")
        let edited = try jotter.run(["edit"], extraEnvironment: ["EDITOR": try editor(writing: "free-range eggs")])
        #expect(edited.status == 0, "\(edited.errors)")
        #expect(try jotter.texts() == ["milk", "free-range eggs"])
        try jotter.ok("new", "empty")
        let nothing = try jotter.run(["edit"], extraEnvironment: ["EDITOR": try editor(writing: "x")])
        #expect(nothing.status == 1 && nothing.errors == "jotter: /empty has no item to edit; name one ('jotter edit TARGET')\n",
                "\(nothing.errors)")
    }

    @Test func addWithoutTextOnATerminalOpensTheEditor() throws {
        var environment = jotter.environment
        environment["EDITOR"] = try editor(writing: "written in the editor")
        let session = try PseudoTerminalSession(arguments: ["add"], environment: environment)
        #expect(try session.waitForExit() == 0, "\(session.text)")
        #expect(try jotter.texts() == ["written in the editor"])
        let piped = try jotter.run(["add"])
        #expect(piped.status == 2 && piped.errors.hasPrefix("jotter: add needs the item's text"), "\(piped.errors)")
    }
}

extension ShellTests {
    @Test func aMistypedCommandAtThePromptGetsTheNearestOne() throws {
        let inProcess = try InProcess(isPrompt: true)
        try PromptLoop(context: inProcess.context, source: TypedLines([":lst"])).run()
        #expect(inProcess.messages == "jotter: unknown command ':lst'; did you mean ':list'? :help lists the commands\n",
                "\(inProcess.messages)")
    }
}
