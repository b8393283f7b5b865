@testable import JotterApplication
@testable import JotterCore
import Testing

/// A hook's input is made a piece at a time, its text escaped piece by piece: what
/// the hook reads must be the JSON string the whole text makes.
@Suite struct HookInputTests {
    /// Characters of two to four bytes and the escapes of one to three, each placed
    /// so that it starts on the last bytes of a piece or straddles its edge.
    @Test(arguments: ["\u{202E}", "\u{2028}", "\u{85}", "漢", "é", "\u{1F600}", "\"", "\\", "\n", "\u{7F}"])
    func aTextEscapedInPiecesIsTheTextEscapedWhole(character: String) {
        for shift in 0...4 {
            let text = String(repeating: "a", count: HookInput.pieceSize - shift)
                + String(repeating: character, count: 3) + String(repeating: "b", count: HookInput.pieceSize)
            let whole = OutputBuffer()
            JSON.writeString(text, to: whole)
            let input = HookInput(head: [UInt8(ascii: "\"")], text: text, tail: [UInt8(ascii: "\"")])
            #expect(input.bytes == whole.bytes, "\(shift) bytes before the edge")
        }
    }

    @Test func anEmptyTextIsTheHeadAndTheTail() {
        #expect(HookInput(head: Array("{\"text\":\"".utf8), text: "", tail: Array("\"}".utf8)).bytes == Array("{\"text\":\"\"}".utf8))
        #expect(HookInput(bytes: []).bytes.isEmpty)
    }
}

extension HookInput {
    /// The whole input at once, as the hook reads it.
    var bytes: [UInt8] {
        var pieces = self.pieces()
        var all: [UInt8] = []
        while let piece = pieces.next() { all += piece }
        return all
    }
}
