import JotterCore
import Testing

/// `cal` on a real terminal: whether days are shaded is the process's decision, from
/// its terminal and its environment (NO_COLOR, TERM, COLORTERM, COLUMNS).
@Suite struct CalTerminalTests {
    /// What `cal 2026-10` shows on a pseudo-terminal with `environment` added, a day of
    /// October holding an entry.
    private func calendar(_ environment: [String: String]) throws -> String {
        let jotter = Jotter()
        try jotter.ok("add", "--at", "2026-10-05 12:00", "an entry")
        let session = try PseudoTerminalSession(arguments: ["cal", "2026-10"],
                                                environment: jotter.environment.merging(environment) { $1 })
        _ = try session.expect("longest streak")
        #expect(try session.waitForExit() == 0)
        return session.text
    }

    @Test func aTerminalWithColourShadesTheDaysIn256ColoursOrTrueColour() throws {
        #expect(try calendar(["TERM": "xterm-256color"]).contains("\u{1B}[48;5;40;30m 5\u{1B}[0m"))
        #expect(try calendar(["TERM": "xterm-256color", "COLORTERM": "truecolor"]).contains("\u{1B}[48;2;57;211;83;30m 5\u{1B}[0m"))
    }

    @Test(arguments: [["TERM": "xterm", "NO_COLOR": "1"], ["TERM": "dumb"]])
    func withoutColourEachDayHasAMarkAndNoEscapeIsWritten(_ environment: [String: String]) throws {
        let text = try calendar(environment)
        #expect(!text.contains("\u{1B}"))
        #expect(text.contains(" 5#"))
    }

    @Test func aNarrowTerminalGetsOneMonthARow() throws {
        let jotter = Jotter()
        try jotter.ok("add", "--at", "2026-10-05 12:00", "an entry")
        let result = try jotter.ok("cal", "2026")
        #expect(result.split(separator: "\n").allSatisfy { $0.count <= 80 })
        let session = try PseudoTerminalSession(arguments: ["cal", "2026"],
                                                environment: jotter.environment.merging(["TERM": "dumb", "COLUMNS": "40"]) { $1 },
                                                columns: 40)
        _ = try session.expect("longest streak")
        #expect(try session.waitForExit() == 0)
        // A terminal ends lines with CR LF, one Character in Swift.
        let lines = session.text.replacingOccurrences(of: "\r\n", with: "\n").split(separator: "\n")
        #expect(lines.allSatisfy { $0.count <= 40 })
        #expect(lines.filter { $0.hasSuffix(" 2026") }.count == 12)
    }
}
