import Foundation
import JotterCore
import Testing

/// One bit changed inside a plain store, in the bytes of a value or of an index entry,
/// where the file's structure stays whole and SQLite's quick check sees nothing: an
/// export or listing stops in one line, exit status 3, and `check` names the damage.
/// Each store is small, so that every table and index is one page, found by its root.
@Suite struct FlippedBitTests {
    let jotter = Jotter()

    /// A list `errands` of twenty items and one item with a field value.
    private func smallStore() throws {
        try jotter.ok("new", "errands")
        let lines = jotter.folder.file("lines.txt")
        try (1...20).map { "errand number \($0)" }.joined(separator: "\n").write(toFile: lines, atomically: true, encoding: .utf8)
        try jotter.ok("import", lines)
        try jotter.ok("field", "add", "where", "text")
        try jotter.ok("add", "buy stamps", "where:the post office on the corner")
        #expect(try jotter.runToEnd("check").status == 0)
    }

    private var pageSize: Int {
        get throws {
            let header = try #require(FileHandle(forReadingAtPath: jotter.store)?.readData(ofLength: 18))
            return Int(header[16]) << 8 | Int(header[17])
        }
    }

    private func rootPage(of name: String) throws -> Int {
        let database = try Database(path: jotter.store, readOnly: true)
        return Int(try #require(try database.statement("SELECT rootpage FROM sqlite_schema WHERE name = ?").bind(1, name)
            .firstRow { $0.int64(0) }))
    }

    private func seq(ofText text: String) throws -> Int64 {
        let database = try Database(path: jotter.store, readOnly: true)
        return try #require(try database.statement("SELECT seq FROM node WHERE text = ?").bind(1, text).firstRow { $0.int64(0) })
    }

    /// Flips bit `mask` of the first byte of every place `text` is in the file, or only
    /// of those in the page of `table` with it given; requires at least one.
    private func flip(_ text: String, mask: UInt8 = 0x02, inPageOf table: String? = nil) throws {
        var bytes = try Data(contentsOf: URL(fileURLWithPath: jotter.store))
        let page = try table.map(rootPage(of:))
        let size = try pageSize
        let needle = Data(text.utf8)
        var flipped = 0
        var start = bytes.startIndex
        while let found = bytes.range(of: needle, in: start..<bytes.endIndex) {
            if page == nil || found.lowerBound / size + 1 == page {
                bytes[found.lowerBound] ^= mask
                flipped += 1
            }
            start = found.upperBound
        }
        #expect(flipped > 0, "'\(text)' is in the file")
        try bytes.write(to: URL(fileURLWithPath: jotter.store))
    }

    /// Flips the lowest bit of the row number of the entry for row `seq` in the
    /// one-page index `index`, whose entries are a column and the row number: the
    /// entry then names the row beside it.
    private func flipRowNumber(_ seq: Int64, inIndex index: String) throws {
        var bytes = try Data(contentsOf: URL(fileURLWithPath: jotter.store))
        let size = try pageSize
        let page = (try rootPage(of: index) - 1) * size
        #expect(bytes[page] == 10, "the index is one leaf page")
        let cells = Int(bytes[page + 3]) << 8 | Int(bytes[page + 4])
        // The bytes a value of each serial type takes (SQLite's record format).
        func length(_ type: UInt8) -> Int {
            switch type {
            case 0, 8, 9: 0
            case 1...4: Int(type)
            case 5: 6
            case 6, 7: 8
            default: (Int(type) - 12) / 2
            }
        }
        var flipped = false
        for cell in 0..<cells {
            let pointer = Int(bytes[page + 8 + 2 * cell]) << 8 | Int(bytes[page + 8 + 2 * cell + 1])
            // A one-byte payload size, then the record: a one-byte header size and the
            // serial types of the column and the row number, then their values.
            let record = page + pointer + 1
            let types = [bytes[record + 1], bytes[record + 2]]
            guard bytes[record] == 3, types[1] == 1 else { continue }
            let rowNumber = record + 3 + length(types[0])
            guard Int64(bytes[rowNumber]) == seq else { continue }
            bytes[rowNumber] ^= 0x01
            flipped = true
        }
        #expect(flipped, "row \(seq) is in \(index)")
        try bytes.write(to: URL(fileURLWithPath: jotter.store))
    }

    /// `command` stops with exit status 3 and one line saying the store is damaged,
    /// holding `fragment`.
    private func stops(_ command: [String], saying fragment: String) throws {
        let result = try jotter.runToEnd(command)
        #expect(result.status == 3, "jotter \(command.joined(separator: " ")): \(result.status)\n\(result.text)")
        #expect(result.errors.contains("the store is damaged"), "\(result.errors)")
        #expect(result.errors.contains(fragment), "\(result.errors)")
        #expect(result.errors.filter { $0 == "\n" }.count == 1, "\(result.errors)")
    }

    /// `check` finds the damage, naming it with `fragment`, and marks the store.
    private func checkFinds(_ fragment: String) throws {
        let check = try jotter.runToEnd("check")
        #expect(check.status == 3, "\(check.text)\(check.errors)")
        #expect((check.text + check.errors).contains(fragment), "\(check.text)\(check.errors)")
        #expect(FileManager.default.fileExists(atPath: jotter.store + ".jotter-damaged"))
    }

    @Test func aBitChangedInAnEntrysTextStopsTheExportAndCheckFindsIt() throws {
        try smallStore()
        try flip("errand number 17", inPageOf: "node")
        try stops(["export", "-r", "/"], saying: "does not match its checksum")
        try stops(["export", "-r", "/", "--format", "csv"], saying: "does not match its checksum")
        try checkFinds("the text of the item in row \(try seq(ofText: "grrand number 17")) does not match its checksum")
    }

    /// Both copies of the name, the table's and its index's, changed alike: the index
    /// agrees with the table, and only the checksum tells.
    @Test func aBitChangedInAListsNameStopsTheExportAndCheckFindsIt() throws {
        try smallStore()
        try flip("errands")
        try stops(["export", "-r", "/"], saying: "the name of list")
        try checkFinds("the name of the list in row \(try seq(ofText: "grrands")) does not match its checksum")
    }

    @Test func aBitChangedInAFieldValueStopsTheExportAndCheckFindsIt() throws {
        try smallStore()
        try flip("the post office on the corner")
        try stops(["export", "-r", "/"], saying: "the field value 'where'")
        try checkFinds("the field value 'where' of row \(try seq(ofText: "buy stamps")) does not match its checksum")
    }

    /// The index of children names row 11's neighbour in its place: a walk through it
    /// gave that neighbour twice and row 11 not at all, with exit status 0.
    @Test func anIndexEntryNamingTheWrongRowStopsExportAndListing() throws {
        try smallStore()
        let target = try seq(ofText: "errand number 11")
        try flipRowNumber(target, inIndex: "node_children")
        try stops(["export", "-r", "/"], saying: "the index node_children does not hold the rows of the table node")
        try stops(["export", "-r", "/errands"], saying: "twice, or out of its order")
        try stops(["list", "/errands"], saying: "twice, or out of its order")
        try checkFinds("node_children")
    }

    /// Row 11's entry in the index of children moved under the list beside it: an
    /// export of that list stops at the row, which is not under it.
    @Test func anIndexEntryUnderTheWrongListStopsAnExportOfThatList() throws {
        try jotter.ok("new", "a")
        try jotter.ok("new", "b", "--in", "/")
        try jotter.ok("new", "c", "--in", "/")
        try jotter.ok("add", "--to", "/b", "stays in b")
        let moved = try seq(ofText: "stays in b")
        let b = try seq(ofText: "b")
        let c = try seq(ofText: "c")
        #expect(b ^ c == 1, "the two lists' rows differ in their lowest bit")
        // The parent column of the entry: a one-byte value, the byte before the row number.
        var bytes = try Data(contentsOf: URL(fileURLWithPath: jotter.store))
        let size = try pageSize
        let page = (try rootPage(of: "node_children") - 1) * size
        let cells = Int(bytes[page + 3]) << 8 | Int(bytes[page + 4])
        var flipped = false
        for cell in 0..<cells {
            let pointer = Int(bytes[page + 8 + 2 * cell]) << 8 | Int(bytes[page + 8 + 2 * cell + 1])
            let record = page + pointer + 1
            guard bytes[record] == 3, bytes[record + 1] == 1, bytes[record + 2] == 1,
                  Int64(bytes[record + 4]) == moved, Int64(bytes[record + 3]) == b else { continue }
            bytes[record + 3] ^= 0x01
            flipped = true
        }
        #expect(flipped)
        try bytes.write(to: URL(fileURLWithPath: jotter.store))
        try stops(["export", "-r", "/c"], saying: "row \(moved) was reached through the index of row \(c)'s children, but is not under it")
        try stops(["export", "-r", "/"], saying: "the index node_children does not hold the rows of the table node")
    }
}
