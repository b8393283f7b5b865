import ArgumentParser
@testable import JotterCLI
import Testing

/// The quick path for `add` must read every command line it takes exactly as the
/// argument parser does, and leave every other one to the parser.
@Suite struct QuickAddTests {
    static let taken: [[String]] = [
        ["add", "milk"],
        ["add", "milk", "and", "honey"],
        ["add", "--to", "groceries", "milk"],
        ["add", "milk", "--to", "groceries"],
        ["add", "--to=groceries/weekend", "bread"],
        ["--store", "/tmp/s.sqlite3", "add", "milk"],
        ["--store=/tmp/s.sqlite3", "add", "milk"],
        ["add", "--store", "/tmp/s.sqlite3", "milk"],
        ["add", "milk", "--store=/tmp/s.sqlite3", "--to", "3"],
        ["add", "--", "-5", "degrees"],
        ["add", "a", "--", "--to", "b"],
        ["add", "--to", "x", "--", "--store"],
        ["add", "add"],
        ["--store", "add", "add", "x"],
        ["add", "卵 🥚", ":not a command", "\\escaped"],
        ["add", "key=value"],
        ["add", "it", "is", "-5", "degrees"], ["add", "-"],
        ["add", "-5", "degrees", "--to", "x"],
        ["add", "note", "-h", "--help", "--bogus", "-x"],
        ["add", "x", "--", "--at", "yesterday"],
    ]

    static let leftToTheParser: [[String]] = [
        [], ["add"], ["list"], ["--store", "s"], ["add", "--help"], ["add", "-h", "x"], ["add", "--version"],
        ["add", "--to"], ["add", "--to", "-x", "m"], ["add", "--bogus", "m"], ["add", "-h"], ["add", "--to", "a", "--to", "b", "m"],
        ["add", "--store", "a", "--store", "b", "m"], ["add", "--"], ["add", "--to", "x"],
        ["add", "--generate-completion-script", "bash"], ["--version"], ["-h", "add", "x"], ["help", "add"],
        ["add", "buy", "milk", "--passphrase-command=pass show journal"], ["--passphrase-command", "cat p", "add", "x"],
        ["add", "x", "--passphrase-command", "cat p"],
        ["add", "--at", "yesterday", "x"], ["add", "x", "--at", "yesterday", "21:00"], ["add", "x", "--at=monday 9am"],
        ["add", "milk", "--color", "never"], ["add", "--color=always", "milk"],
    ]

    @Test(arguments: taken)
    func readsLikeTheArgumentParser(arguments: [String]) throws {
        let quick = try #require(QuickAdd(arguments: arguments))
        let parsed = try #require(try JotterCommand.parse(commandLine: arguments) as? AddCommand)
        #expect(quick == QuickAdd(store: parsed.options.store, target: parsed.target, words: parsed.words))
    }

    @Test(arguments: leftToTheParser)
    func leavesEverythingElseToTheParser(arguments: [String]) {
        #expect(QuickAdd(arguments: arguments) == nil)
    }
}
