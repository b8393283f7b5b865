@testable import JotterCore
import Testing

/// A long value read in pieces as the hub sends it: the text of a create or a text
/// change decoded out of it wherever the pieces fall, and a value written in a way no
/// jotter writes it read again whole.
@Suite struct PulledValueTests {
    /// Reads `value` in pieces of `pieceBytes`, splitting whatever its length.
    func read(_ value: String, property: String, pieceBytes: Int) -> PulledValueReader.Outcome {
        read(Array(value.utf8), property: property, pieceBytes: pieceBytes)
    }

    func read(_ bytes: [UInt8], property: String, pieceBytes: Int) -> PulledValueReader.Outcome {
        var reader = PulledValueReader(property: property, bytes: bytes.count, splitBytes: 0)
        bytes.withUnsafeBufferPointer { all in
            for start in stride(from: 0, to: all.count, by: pieceBytes) {
                reader.read(UnsafeBufferPointer(rebasing: all[start..<min(start + pieceBytes, all.count)]))
            }
        }
        return reader.finish()
    }

    static let text = "tab\there, \"quoted\", back\\slash, \u{1}\u{7f} 漢字 🎉 end"

    @Test(arguments: [1, 2, 3, 7, 1000])
    func aCreatesTextIsDecodedOutWhereverThePiecesFall(pieceBytes: Int) throws {
        let value = "{\"kind\":\"item\",\"fields\":{\"text\":\"x\",\"n\":[1,{\"a\":\"}\"}]},\"text\":"
            + SyncValue.quoted(Self.text) + ",\"created\":12,\"trashed\":true}"
        guard case .value(let rest?, let pulled?) = read(value, property: "create", pieceBytes: pieceBytes) else {
            Issue.record("not split")
            return
        }
        #expect(rest == "{\"kind\":\"item\",\"fields\":{\"text\":\"x\",\"n\":[1,{\"a\":\"}\"}]},\"text\":\"\",\"created\":12,\"trashed\":true}")
        #expect(pulled.string == Self.text)
        #expect(pulled.whole(of: rest) == value)
    }

    @Test(arguments: [1, 5, 1000])
    func aTextChangeIsDecodedWithItsEscapes(pieceBytes: Int) throws {
        let value = "\"a\\u00e9\\ud83c\\udf89\\/\\b\\f\\n\\r\\t\\\"\\\\ z\" "
        guard case .value(let rest?, let pulled?) = read(value, property: "text", pieceBytes: pieceBytes) else {
            Issue.record("not split")
            return
        }
        #expect(rest == "\"\"")
        #expect(pulled.string == "aé🎉/\u{8}\u{c}\n\r\t\"\\ z")
    }

    @Test(arguments: [
        ("text", "\"half a pair \\ud800 alone\""),
        ("text", "\"a raw control \u{1} character\""),
        ("text", "\"an escape \\x41 JSON has not\""),
        ("text", "\"more\" after it"),
        ("text", "12"),
        ("create", "{\"text\":\"one\",\"text\":\"two\"}"),
        ("create", "{\"te\\u0078t\":\"escaped key\"}"),
        ("create", "{\"text\":12}"),
        ("create", "{kind:'item',\"text\":\"JSON5\"}"),
        ("create", "[\"text\"]"),
        ("create", "{\"text\":\"unfinished"),
    ])
    func aValueNoJotterWritesIsReadAgainWhole(property: String, value: String) {
        guard case .readAgain = read(value, property: property, pieceBytes: 4) else {
            Issue.record("split or refused")
            return
        }
    }

    @Test func aShortValueOrAnotherPropertyIsGatheredWhole() {
        var reader = PulledValueReader(property: "create", bytes: 12)
        let value = Array("{\"text\":\"a\"}".utf8)
        value.withUnsafeBufferPointer { reader.read($0) }
        guard case .value("{\"text\":\"a\"}", nil) = reader.finish() else {
            Issue.record("split")
            return
        }
        guard case .value(let field, nil) = read("\"long\"", property: "field:x", pieceBytes: 2) else {
            Issue.record("split")
            return
        }
        #expect(field == "\"long\"")
    }

    @Test func aTextThatIsNotUTF8IsRefused() {
        for (property, bytes) in [("text", [0x22, 0xFF, 0x22]), ("create", Array("{\"text\":\"".utf8) + [0xC3, 0x22, 0x7D])] {
            guard case .notUTF8 = read(bytes, property: property, pieceBytes: 1) else {
                Issue.record("\(property) not refused")
                continue
            }
        }
    }
}
