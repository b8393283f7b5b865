@testable import JotterCore
@testable import JotterFormats
import Testing

@Suite struct NodeWriterTests {
    let node = Node(seq: 7, id: NodeID("01a201e5-1d39-7656-9289-ca0ccba8f959")!, kind: .item,
                    text: "tab\there \u{1B}[31mred\u{1B}[0m \"quoted\" back\\slash\nnext line \u{2028}",
                    parentSeq: nil, created: Timestamp(milliseconds: 1_795_328_129_653, offsetSeconds: 3600),
                    updatedMilliseconds: 1_795_328_129_700)

    func written(_ format: NodeFormat, terminal: Bool = false, nodes: [Node]? = nil,
                 fields: [FieldValue] = [], fieldColumns: [String] = []) -> String {
        let out = OutputBuffer()
        var writer = NodeWriter(format: format, escapesControls: terminal)
        let nodes = nodes ?? [node]
        writer.begin(fieldColumns: fieldColumns, to: out)
        for (index, node) in nodes.enumerated() {
            try? writer.write(node, fields: fields, position: Int64(index + 1), parentID: nil, to: out)
        }
        writer.end(to: out)
        return out.text
    }

    @Test func jsonlEscapesEveryControlCharacter() {
        #expect(written(.jsonl) == """
            {"id":"01a201e5-1d39-7656-9289-ca0ccba8f959","kind":"item","text":"tab\\there \\u001b[31mred\\u001b[0m \\"quoted\\" back\\\\slash\\nnext line \\u2028","parent":null,"created":"2026-11-22T07:15:29.653+01:00","updated":"2026-11-22T07:15:29.700+01:00"}

            """)
    }

    @Test func jsonEscapesBidirectionalOverrides() {
        let node = Node(seq: 1, id: self.node.id, kind: .item, text: "a\u{202E}b\u{2066}c", parentSeq: nil,
                        created: self.node.created, updatedMilliseconds: 0)
        #expect(written(.jsonl, nodes: [node]).contains("\"a\\u202eb\\u2066c\""))
    }

    @Test func jsonIsAnArrayEvenWhenEmpty() {
        #expect(written(.json, nodes: []) == "[]\n")
        #expect(written(.json).hasPrefix("[\n  {\"id\""))
        #expect(written(.json).hasSuffix("}\n]\n"))
    }

    @Test func listsCarryANameInJSON() {
        let list = Node(seq: 1, id: node.id, kind: .list, text: "groceries", parentSeq: nil, created: node.created,
                        updatedMilliseconds: node.updatedMilliseconds)
        #expect(written(.jsonl, nodes: [list]).contains("\"kind\":\"list\",\"name\":\"groceries\""))
    }

    @Test func tsvEscapesItsSeparators() {
        #expect(written(.tsv) == "1\t01a201e5-1d39-7656-9289-ca0ccba8f959\titem\ttab\\there \u{1B}[31mred\u{1B}[0m \"quoted\" back\\\\slash\\nnext line \u{2028}\t2026-11-22T07:15:29.653+01:00\n")
    }

    @Test func tsvOnATerminalStillTellsABackslashTFromATab() {
        let node = Node(seq: 1, id: self.node.id, kind: .item, text: "a\tb\\c", parentSeq: nil,
                        created: self.node.created, updatedMilliseconds: 0)
        #expect(written(.tsv, terminal: true, nodes: [node]).contains("\ta\\tb\\\\c\t"))
    }

    @Test func crlfTextIsLaidOutLineByLine() {
        let node = Node(seq: 1, id: self.node.id, kind: .item, text: "one\r\ntwo", parentSeq: nil,
                        created: self.node.created, updatedMilliseconds: 0)
        #expect(written(.txt, nodes: [node]) == "one\n  two\n")
        #expect(written(.md, nodes: [node]) == "- one\n  two\n")
    }

    @Test func onATerminalNoEscapeFromTextIsWrittenRaw() {
        for format in NodeFormat.allCases {
            let output = written(format, terminal: true)
            #expect(!output.contains("\u{1B}"), "\(format)")
        }
    }

    func item(_ text: String) -> Node {
        Node(seq: 1, id: node.id, kind: .item, text: text, parentSeq: nil, created: node.created,
             updatedMilliseconds: node.created.milliseconds)
    }

    @Test func markdownEndsABulletsFirstLineWithItsFieldsQuotedAndEscaped() {
        let fields = [FieldValue(name: "note", value: "say \"hi\" C:\\x"), FieldValue(name: "price", value: "3.5")]
        #expect(written(.md, nodes: [item("coffee\nsecond")], fields: fields)
            == "- coffee {note=\"say \\\"hi\\\" C:\\\\x\" price=\"3.5\"}\n  second\n")
    }

    @Test func markdownGivesTextThatEndsLikeABlockAnEmptyOne() {
        #expect(written(.md, nodes: [item("tea {x=\"y\"}")]) == "- tea {x=\"y\"} {}\n")
        #expect(written(.md, nodes: [item("tea {}")]) == "- tea {} {}\n")
        #expect(written(.md, nodes: [item("{x=\"y\"}")]) == "- {x=\"y\"}\n", "a block needs text before it")
        #expect(written(.md, nodes: [item("set {a, b}")]) == "- set {a, b}\n")
    }

    @Test(arguments: ["a=b", "{a", "a}"])
    func markdownRefusesFieldNamesThatWouldNotReadBack(name: String) throws {
        var writer = NodeWriter(format: .md)
        #expect(throws: JotterError.self) {
            try writer.write(item("x"), fields: [FieldValue(name: name, value: "1")], position: 1, parentID: nil,
                             to: OutputBuffer())
        }
    }

    @Test(arguments: [
        ("coffee {price=\"3.5\" note=\"a \\\"b\\\" \\\\ \\n\"}", "coffee", ["price": "3.5", "note": "a \"b\" \\ \\n"]),
        ("tea {x=\"y\"} {}", "tea {x=\"y\"}", [:]),
        ("a {b} c {x=\"1\"}", "a {b} c", ["x": "1"]),
        ("spaced {  x=\"1\"   y=\"\"  }", "spaced", ["x": "1"]),
        ("卵 {値段=\"１２０\"}", "卵", ["値段": "１２０"]),
    ])
    func markdownAttributeBlocksRead(line: String, text: String, fields: [String: String]) throws {
        let read = try #require(Markdown.splitAttributes(line[...]))
        #expect(read.text == text)
        #expect(Dictionary(uniqueKeysWithValues: read.fields.map { ($0.name, $0.value) }) == fields)
    }

    @Test(arguments: [
        "no block", "{x=\"y\"}", "text{x=\"y\"}", "a {x=\"y\"} b", "a {x=y}", "a {x=\"y}", "a {x=\"1\"y=\"2\"}",
        "a {x=\"1\" x=\"2\"}", "a {x:y=\"1\"}", "a {=\"1\"}", "a {x=\"1\"}}",
    ])
    func whatIsNotAWholeBlockStaysText(line: String) {
        #expect(Markdown.splitAttributes(line[...]) == nil)
    }

    @Test func csvHasAColumnForEachFieldNamedAtTheStart() {
        let fields = [FieldValue(name: "price", value: "1,234.5")]
        #expect(written(.csv, nodes: [item("x")], fields: fields, fieldColumns: ["due", "price"])
            == "id,kind,parent,list,text,created,updated,field:due,field:price\r\n"
            + "01a201e5-1d39-7656-9289-ca0ccba8f959,item,,,x,2026-11-22T07:15:29.653+01:00,2026-11-22T07:15:29.653+01:00,,\"1,234.5\"\r\n")
        #expect(written(.csv, nodes: [item("x")], fields: fields).hasPrefix("id,kind,parent,list,text,created,updated\r\n"))
    }
}
