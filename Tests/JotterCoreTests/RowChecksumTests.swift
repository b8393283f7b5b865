import Foundation
@testable import JotterCore
@testable import JotterFormats
import Testing

/// The checksums beside texts and field values (`RowChecksum`): a changed bit changes
/// the sum, and every writer of a text or a value writes the sum that matches it.
@Suite struct RowChecksumTests {
    private func checksum(_ database: Database, _ parts: [[UInt8]]) throws -> Int64 {
        let statement = try database.statement(
            "SELECT jotter_checksum(\((1...parts.count).map { "?\($0)" }.joined(separator: ", ")))")
        for (offset, part) in parts.enumerated() { statement.bind(Int32(offset + 1), blob: part) }
        return try #require(try statement.firstRow { $0.int64(0) })
    }

    @Test func everyBitOfATextChangesItsSum() throws {
        let database = try Database(path: ":memory:")
        try database.registerChecksumFunction()
        let text = Array("a text of twenty-five bytes, 東京 and ✓".utf8)
        let sum = try checksum(database, [text])
        for bit in 0..<text.count * 8 {
            var changed = text
            changed[bit / 8] ^= 1 << (bit % 8)
            #expect(try checksum(database, [changed]) != sum, "bit \(bit)")
        }
    }

    @Test func aByteMovedFromANameToItsValueChangesTheSum() throws {
        let database = try Database(path: ":memory:")
        try database.registerChecksumFunction()
        #expect(try checksum(database, [Array("price".utf8), Array("3".utf8)])
            != checksum(database, [Array("pric".utf8), Array("e3".utf8)]))
    }

    /// The rows with a sum that does not match, or none at all.
    private func rowsWithoutTheirSum(_ store: Store) throws -> Int64 {
        try store.database.statement(
            """
            SELECT (SELECT count(*) FROM node WHERE text_sum IS NOT jotter_checksum(text))
                 + (SELECT count(*) FROM field_value WHERE value_sum IS NOT jotter_checksum(name, value))
            """)
            .firstRow { $0.int64(0) } ?? -1
    }

    /// Adds, edits (short and long texts), values, imports that add and replace, and
    /// the undo and redo of each.
    @Test func everyWriterWritesTheSumOfWhatItWrote() throws {
        let fixture = try StoreFixture()
        let store = fixture.store
        let shop = try fixture.lists("/shop")
        try store.addField(Field(name: "price", kind: .decimal), to: nil)
        let milk = try fixture.item("milk", under: shop)
        let long = String(repeating: "a long entry ", count: 6_000)
        let note = try fixture.item(long, under: shop)
        _ = try store.edit(milk, text: "oat milk", values: [FieldValue(name: "price", value: "2")])
        _ = try store.edit(note, text: long + "with an end")
        var records = RecordList(records: [
            ImportRecord(text: "imported", fields: [FieldValue(name: "price", value: "4")], line: 1),
            ImportRecord(id: note.id, text: "replaced", line: 2),
            ImportRecord(id: milk.id, text: long, line: 3),
        ])
        _ = try store.importRecords(from: &records, options: Store.ImportOptions(target: shop, conflicts: .replace))
        #expect(try rowsWithoutTheirSum(store) == 0)
        while try store.undo() != nil { #expect(try rowsWithoutTheirSum(store) == 0) }
        while try store.redo() != nil { #expect(try rowsWithoutTheirSum(store) == 0) }
        #expect(try store.check() == [])
    }
}
