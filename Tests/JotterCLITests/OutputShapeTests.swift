@testable import JotterCLI
@testable import JotterCore
import Testing

/// The decisions behind how output is shown, made in-process: colour, the pager's
/// command, the cells a character takes, and long entries wrapped in their column.
@Suite struct OutputShapeTests {
    func environment(_ values: [String: String]) -> (String) -> String? {
        { values[$0] }
    }

    @Test func autoColoursOnlyATerminalThatIsNotDumbWithoutNoColour() {
        let xterm = environment(["TERM": "xterm"])
        #expect(ColourChoice.auto.takesColour(outputIsTerminal: true, environment: xterm))
        #expect(!ColourChoice.auto.takesColour(outputIsTerminal: false, environment: xterm))
        #expect(!ColourChoice.auto.takesColour(outputIsTerminal: true, environment: environment(["TERM": "dumb"])))
        #expect(!ColourChoice.auto.takesColour(outputIsTerminal: true, environment: environment(["TERM": "xterm", "NO_COLOR": "1"])))
        // NO_COLOR set empty is as if unset, as no-color.org has it.
        #expect(ColourChoice.auto.takesColour(outputIsTerminal: true, environment: environment(["TERM": "xterm", "NO_COLOR": ""])))
    }

    @Test func alwaysAndNeverAreTakenAsSaidWhereverOutputGoes() {
        let noColour = environment(["TERM": "dumb", "NO_COLOR": "1"])
        #expect(ColourChoice.always.takesColour(outputIsTerminal: false, environment: noColour))
        #expect(!ColourChoice.never.takesColour(outputIsTerminal: true, environment: environment(["TERM": "xterm"])))
    }

    @Test func colourIsAnOptionOfEveryCommand() throws {
        let list = try #require(try JotterCommand.parseAsRoot(["list", "--color=always", "--no-pager"]) as? ListCommand)
        #expect(list.options.output.colour == .always && list.options.output.noPager)
        let log = try #require(try JotterCommand.parseAsRoot(["log", "--color", "never"]) as? LogCommand)
        #expect(log.options.output.colour == .never && !log.options.output.noPager)
        #expect(throws: (any Error).self) { try JotterCommand.parseAsRoot(["list", "--color=sometimes"]) }
    }

    @Test func pagerIsJotterPagerElsePagerElseLess() {
        #expect(Pager.command(environment: environment([:])) == "less -FRX")
        #expect(Pager.command(environment: environment(["PAGER": "more"])) == "more")
        #expect(Pager.command(environment: environment(["PAGER": "more", "JOTTER_PAGER": "most -s"])) == "most -s")
        #expect(Pager.command(environment: environment(["PAGER": "more", "JOTTER_PAGER": ""])) == nil)
        #expect(Pager.command(environment: environment(["JOTTER_PAGER": "cat"])) == nil)
        #expect(Pager.command(environment: environment(["PAGER": ""])) == nil)
    }

    @Test func cellsOfWideCombiningAndPlainCharacters() {
        #expect(TerminalCells.width(of: "abc") == 3)
        #expect(TerminalCells.width(of: "漢字かな") == 8)
        #expect(TerminalCells.width(of: "한국어") == 6)
        #expect(TerminalCells.width(of: "ｶﾀｶﾅ") == 4, "half-width katakana is narrow")
        #expect(TerminalCells.width(of: "e\u{301}") == 1)
        #expect(TerminalCells.width(of: "a\u{200B}b") == 2)
        #expect(TerminalCells.width(of: "🍎") == 2)
        #expect(TerminalCells.width(of: "✓") == 1)
    }

    func listed(_ text: String, kind: Node.Kind = .item, fields: [FieldValue] = [], width: Int?, colour: Bool = false)
        -> [String] {
        let node = Node(seq: 1, id: NodeID("01a201e5-1d39-7656-9289-000000000001")!, kind: kind, text: text, parentSeq: nil,
                        created: Timestamp(milliseconds: 1_795_328_129_653, offsetSeconds: 3600), updatedMilliseconds: 0)
        let out = OutputBuffer()
        TextListing(style: TerminalStyle(colour: colour), count: 1, width: width).write(node, fields: fields, position: 1, to: out)
        return out.text.split(separator: "\n").map(String.init)
    }

    @Test func aLongItemWrapsUnderItsTextWithinTheWidth() {
        let words = (1...40).map { "word\($0)" }.joined(separator: " ")
        let text = words + " " + words.prefix(340 - words.count - 1)
        #expect(text.count == 340)
        let lines = listed(text, width: 60)
        #expect(lines.count > 6)
        #expect(lines[0].hasPrefix("1  00000001  word1 word2 "))
        for line in lines {
            #expect(TerminalCells.width(of: line) <= 60, "\(line)")
        }
        for line in lines.dropFirst() {
            #expect(line.hasPrefix(String(repeating: " ", count: 13)) && line.dropFirst(13).first != " ", "\(line)")
        }
        // Broken at spaces: every word is whole on its line.
        let shown = lines.map { $0.dropFirst(13).split(separator: " ") }.joined().joined(separator: " ")
        #expect(shown == text.split(separator: " ").joined(separator: " "))
    }

    @Test func wideCharactersCountTwoCellsAndAWordLongerThanALineIsCut() {
        let text = String(repeating: "漢字", count: 30)
        let lines = listed(text, width: 33)
        #expect(lines.first == "1  00000001  " + String(repeating: "漢字", count: 5))
        #expect(lines.dropFirst().allSatisfy { $0.hasPrefix(String(repeating: " ", count: 13)) && TerminalCells.width(of: $0) <= 33 })
        #expect(lines.map { $0.dropFirst(13) }.joined() == text)
    }

    @Test func wrappedTextStaysEscapedAndColourIsClosedAtEachLineEnd() {
        let text = String(repeating: "tab\there ", count: 8)
        let lines = listed(text, kind: .list, width: 40, colour: true)
        #expect(lines.count > 1)
        for line in lines {
            #expect(!line.contains("\t"))
            #expect(line.hasSuffix("\u{1B}[0m") || line.hasSuffix("/"), "\(line.debugDescription)")
        }
        #expect(lines.last?.hasSuffix("\u{1B}[0m/") == true)
    }

    @Test func fieldsWrapWithTheTextAndNothingWrapsWithoutAWidth() {
        let fields = [FieldValue(name: "price", value: "3.50")]
        let text = String(repeating: "long words ", count: 40).dropLast().description
        let wrapped = listed(text, fields: fields, width: 50)
        #expect(wrapped.last?.hasSuffix("price:3.50") == true)
        #expect(wrapped.allSatisfy { TerminalCells.width(of: $0) <= 50 })
        #expect(listed(text, fields: fields, width: nil) == ["1  00000001  " + text + "  price:3.50"])
    }
}
