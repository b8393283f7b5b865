import JotterCore
import Testing

@Suite struct EntryTextTests {
    @Test(arguments: [
        ("  milk  ", "milk"),
        ("\u{3000}卵\u{3000}", "卵"),
        ("\r\nline\r\n", "line"),
        ("inner  spaces kept", "inner  spaces kept"),
        ("", ""),
        ("\u{00A0}", ""),
    ])
    func trimming(input: String, expected: String) {
        #expect(EntryText.trimmed(input) == expected)
    }

    @Test func combiningCharactersSurviveTrimming() {
        let text = "e\u{0301}"
        #expect(EntryText.trimmed(" " + text + " ").utf8.elementsEqual(text.utf8))
    }

    @Test func meaningOfLines() {
        #expect(EntryText.meaning(of: "milk") == .entry("milk"))
        #expect(EntryText.meaning(of: " :ls ") == .command("ls"))
        #expect(EntryText.meaning(of: ":") == .command(""))
        #expect(EntryText.meaning(of: "\\:x") == .entry(":x"))
        #expect(EntryText.meaning(of: "  ") == .nothing)
    }

    @Test func textMustBeUTF8WithoutNUL() {
        #expect(EntryText.problem(with: Array("卵 🥚".utf8)) == nil)
        #expect(EntryText.problem(with: [0x61, 0x00, 0x62]) == "holds a NUL byte")
        #expect(EntryText.problem(with: [0x61, 0xFF, 0x62]) == "is not valid UTF-8")
        #expect(EntryText.problem(with: [0xE6, 0x97]) == "is not valid UTF-8")
    }
}
