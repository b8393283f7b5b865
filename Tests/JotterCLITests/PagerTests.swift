import Foundation
import Testing

/// The pager, colour and wrapping of one-shot commands, seen from a real terminal and
/// from a pipe. The pager is a script of the test's own that keeps what it was given.
@Suite struct PagerTests {
    let jotter = Jotter()

    /// A pager that keeps its standard input and the LESS it was given in files.
    func fakePager() throws -> (command: String, paged: String, less: String) {
        let script = jotter.folder.file("pager")
        let paged = jotter.folder.file("paged")
        let less = jotter.folder.file("less")
        try "#!/bin/sh\nprintf '%s' \"$LESS\" > '\(less)'\ncat > '\(paged)'\n"
            .write(toFile: script, atomically: true, encoding: .utf8)
        #expect(chmod(script, 0o700) == 0)
        return (script, paged, less)
    }

    func addItems(_ count: Int, prefix: String = "item") throws {
        let lines = (1...count).map { "\(prefix) \($0)" }.joined(separator: "\n") + "\n"
        #expect(try jotter.run([], input: Data(lines.utf8)).status == 0)
    }

    func onTerminal(_ arguments: [String], rows: UInt16 = 10, columns: UInt16 = 80,
                    environment extra: [String: String] = [:]) throws -> (status: Int32, shown: String) {
        let environment = jotter.environment.merging(["TERM": "xterm", "NO_COLOR": "1"]) { $1 }.merging(extra) { $1 }
        let session = try PseudoTerminalSession(arguments: arguments, environment: environment, rows: rows, columns: columns)
        let status = try session.waitForExit()
        return (status, session.text.replacingOccurrences(of: "\r\n", with: "\n"))
    }

    @Test func outputLongerThanTheScreenGoesThroughThePager() throws {
        try addItems(30)
        let pager = try fakePager()
        let run = try onTerminal(["list"], environment: ["JOTTER_PAGER": pager.command])
        #expect(run.status == 0)
        let paged = try String(contentsOfFile: pager.paged, encoding: .utf8)
        #expect(paged.split(separator: "\n").count == 30)
        #expect(paged.hasSuffix("item 30\n"))
        #expect(!run.shown.contains("item 30"), "what is paged is not also written to the terminal")
        #expect(try String(contentsOfFile: pager.less, encoding: .utf8) == "FRX")
    }

    @Test func pagerComesFromPagerWhenJotterPagerIsUnsetAndLessIsKeptAsSet() throws {
        try addItems(30)
        let pager = try fakePager()
        let run = try onTerminal(["find", "item"], environment: ["PAGER": pager.command, "LESS": "-i"])
        #expect(run.status == 0)
        #expect(try String(contentsOfFile: pager.paged, encoding: .utf8).contains("item 30"))
        #expect(try String(contentsOfFile: pager.less, encoding: .utf8) == "-i")
    }

    @Test func outputThatFitsTheScreenIsWrittenStraightToIt() throws {
        try addItems(5)
        let pager = try fakePager()
        let run = try onTerminal(["list"], environment: ["JOTTER_PAGER": pager.command])
        #expect(run.status == 0 && run.shown.contains("item 5\n"))
        #expect(!FileManager.default.fileExists(atPath: pager.paged))
    }

    @Test(arguments: [(["list", "--no-pager"], [String: String]()), (["list"], ["JOTTER_PAGER": ""]),
                      (["list"], ["JOTTER_PAGER": "cat"])])
    func noPagerWhenAskedForNone(arguments: [String], environment: [String: String]) throws {
        try addItems(30)
        let pager = try fakePager()
        let run = try onTerminal(arguments, environment: ["PAGER": pager.command].merging(environment) { $1 })
        #expect(run.status == 0 && run.shown.contains("item 1\n") && run.shown.contains("item 30\n"))
        #expect(!FileManager.default.fileExists(atPath: pager.paged))
    }

    @Test func noPagerIntoAPipe() throws {
        try addItems(300)
        let pager = try fakePager()
        let result = try jotter.run(["list"], extraEnvironment: ["JOTTER_PAGER": pager.command])
        #expect(result.status == 0 && result.lines.count == 300)
        #expect(!FileManager.default.fileExists(atPath: pager.paged))
    }

    @Test func aPagerQuitBeforeTheEndIsNoError() throws {
        // More than a pipe holds, to a pager that reads nothing: the writes meet a
        // closed pipe.
        try addItems(5000, prefix: "a longer item, so that the output is more than a pipe can hold:")
        let run = try onTerminal(["list"], environment: ["JOTTER_PAGER": "exit 3"])
        #expect(run.status == 0)
        #expect(!run.shown.contains("jotter:"), "\(run.shown.suffix(300))")
        #expect(!run.shown.contains("a longer item"))
    }

    @Test func colourAsAskedOnATerminalAndIntoAPipe() throws {
        try jotter.ok("new", "groceries")
        let pipedAlways = try jotter.run(["list", "/", "--color=always"])
        #expect(pipedAlways.status == 0 && pipedAlways.text.contains("\u{1B}[1mgroceries\u{1B}[0m/"))
        #expect(!(try jotter.ok("list", "/")).contains("\u{1B}"))
        #expect(!(try jotter.ok("list", "/", "--color", "auto")).contains("\u{1B}"))

        let auto = try onTerminal(["list", "/"], environment: ["NO_COLOR": ""])
        #expect(auto.status == 0 && auto.shown.contains("\u{1B}[1mgroceries\u{1B}[0m/"))
        let noColour = try onTerminal(["list", "/"], environment: ["NO_COLOR": "1"])
        #expect(noColour.status == 0 && noColour.shown.contains("groceries/") && !noColour.shown.contains("\u{1B}"))
        let never = try onTerminal(["list", "/", "--color=never"], environment: ["NO_COLOR": ""])
        #expect(never.status == 0 && never.shown.contains("groceries/") && !never.shown.contains("\u{1B}"))
        let always = try onTerminal(["list", "/", "--color=always"], environment: ["NO_COLOR": "1"])
        #expect(always.shown.contains("\u{1B}[1mgroceries\u{1B}[0m/"))
    }

    @Test func aLongItemWrapsToColumnsOnATerminalAndNotIntoAPipe() throws {
        let text = String(repeating: "漢字かな交じり文 ", count: 20) + "end"
        try jotter.ok("add", text)
        let run = try onTerminal(["list"], rows: 40, columns: 100, environment: ["COLUMNS": "40"])
        #expect(run.status == 0)
        let lines = run.shown.split(separator: "\n").filter { !$0.isEmpty }
        #expect(lines.count > 5)
        #expect(lines[0].hasPrefix("1  "))
        for line in lines {
            let cells = line.reduce(0) { $0 + ($1.unicodeScalars.first!.value >= 0x3000 ? 2 : 1) }
            #expect(cells <= 40, "\(line)")
        }
        #expect(lines.dropFirst().allSatisfy { $0.hasPrefix(String(repeating: " ", count: 13)) })
        #expect(lines.last?.hasSuffix("end") == true)

        let piped = try jotter.run(["list"], extraEnvironment: ["COLUMNS": "40"])
        #expect(piped.lines.count == 1 && piped.text.contains(text))
    }
}
