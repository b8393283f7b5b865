@testable import JotterCLI
@testable import JotterCore
import Testing

@Suite struct TextListingTests {
    let created = Timestamp(milliseconds: 1_795_328_129_653, offsetSeconds: 3600)

    func written(_ nodes: [Node], colour: Bool = false) -> String {
        let out = OutputBuffer()
        let listing = TextListing(style: TerminalStyle(colour: colour), count: nodes.count)
        for (index, node) in nodes.enumerated() {
            listing.write(node, fields: [], position: Int64(index + 1), to: out)
        }
        return out.text
    }

    @Test func textShowsPositionTailAndIndentedContinuationLines() {
        let list = Node(seq: 1, id: NodeID("01a201e5-1d39-7656-9289-000000000001")!, kind: .list, text: "groceries",
                        parentSeq: nil, created: created, updatedMilliseconds: 0)
        let twoLines = Node(seq: 2, id: NodeID("01a201e5-1d39-7656-9289-000000000002")!, kind: .item, text: "first\nsecond",
                            parentSeq: nil, created: created, updatedMilliseconds: 0)
        #expect(written([list, twoLines]) == """
            1  00000001  groceries/
            2  00000002  first
                         second

            """)
    }

    @Test func noEscapeFromTextIsWrittenRawEvenInColour() {
        let node = Node(seq: 7, id: NodeID("01a201e5-1d39-7656-9289-ca0ccba8f959")!, kind: .item,
                        text: "tab\there \u{1B}[31mred\u{1B}[0m", parentSeq: nil, created: created, updatedMilliseconds: 0)
        #expect(written([node]) == "1  cba8f959  tab\\there \\x1b[31mred\\x1b[0m\n")
        #expect(written([node], colour: true).replacingOccurrences(of: "\u{1B}[2m", with: "")
            .replacingOccurrences(of: "\u{1B}[0m", with: "") == "1  cba8f959  tab\\there \\x1b[31mred\\x1b[0m\n")
    }
}
