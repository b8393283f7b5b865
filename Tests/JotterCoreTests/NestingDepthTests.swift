@testable import JotterCore
@testable import JotterFormats
import Testing

/// Lists and items nest at most `Store.deepestLevel` deep, refused in one line by every
/// way in: a chain ten thousand deep, accepted by import, made exports and the trash
/// quadratic in its depth.
@Suite struct NestingDepthTests {
    static func id(_ number: Int) -> NodeID {
        NodeID(String(format: "00000000-0000-4000-8000-%012x", number))!
    }

    /// Records of a chain of `count` lists, each inside the one before.
    static func chain(_ count: Int) -> RecordList {
        RecordList(records: (1...count).map { number in
            ImportRecord(id: id(number), kind: .list, text: "level \(number)",
                         placement: number == 1 ? .target : .under(id(number - 1), otherwise: []), line: number)
        })
    }

    /// A store holding a chain of lists down to the deepest level, and the path to its bottom.
    static func deepestChain() throws -> (StoreFixture, NavigationPath) {
        let fixture = try StoreFixture()
        var records = chain(Store.deepestLevel)
        _ = try fixture.store.importRecords(from: &records, options: Store.ImportOptions(target: .root))
        let bottom = try #require(try fixture.store.node(id: id(Store.deepestLevel)))
        return (fixture, try fixture.store.ancestry(of: bottom))
    }

    @Test func anImportOfAChainDeeperThanTheDeepestLevelIsRefusedByItsLineAndImportsNothing() throws {
        let fixture = try StoreFixture()
        var records = Self.chain(Store.deepestLevel + 1)
        #expect(throws: ImportProblem(line: Store.deepestLevel + 1,
                                      "\"level 1001\" would be 1001 levels deep; lists and items nest at most 1000 deep: put it higher up")) {
            try fixture.store.importRecords(from: &records, options: Store.ImportOptions(target: .root))
        }
        #expect(try fixture.store.childCount(of: nil) == 0)
    }

    @Test func anImportCountsTheDepthOfTheListItGoesInto() throws {
        let (fixture, bottom) = try Self.deepestChain()
        let parent = NavigationPath(nodes: Array(bottom.nodes.dropLast()))
        var records = RecordList(records: [ImportRecord(text: "fits", line: 1), ImportRecord(text: "too deep", line: 2)])
        records.records[1].placement = .under(Self.id(Store.deepestLevel), otherwise: [])
        #expect(throws: ImportProblem(line: 2, "\"too deep\" would be 1001 levels deep; lists and items nest at most 1000 deep: put it higher up")) {
            try fixture.store.importRecords(from: &records, options: Store.ImportOptions(target: parent))
        }
        var fitting = RecordList(records: [ImportRecord(text: "fits", line: 1)])
        #expect(try fixture.store.importRecords(from: &fitting, options: Store.ImportOptions(target: parent)).added == 1)
    }

    @Test func anEntryOrAListBelowTheDeepestLevelIsRefused() throws {
        let (fixture, bottom) = try Self.deepestChain()
        #expect(throws: JotterError.input(
            "\"an entry\" would be 1001 levels deep; lists and items nest at most 1000 deep: put it higher up")) {
            try fixture.store.addEntry("an entry", under: bottom, historyLine: nil)
        }
        #expect(throws: JotterError.input(
            "\"a list\" would be 1001 levels deep; lists and items nest at most 1000 deep: put it higher up")) {
            try fixture.store.createList(named: "a list", under: bottom)
        }
        #expect(try fixture.store.childCount(of: bottom.top) == 0)
        let above = NavigationPath(nodes: Array(bottom.nodes.dropLast()))
        _ = try fixture.item("at the deepest level", under: above)
        #expect(try fixture.store.childCount(of: above.top) == 2)
    }

    @Test func aMoveThatWouldPutWhatAListHoldsBelowTheDeepestLevelIsRefused() throws {
        let (fixture, bottom) = try Self.deepestChain()
        let holder = try fixture.lists("/holder")
        _ = try fixture.item("inside", under: holder)
        let above = NavigationPath(nodes: Array(bottom.nodes.dropLast()))
        #expect(throws: JotterError.input(
            "moving \"holder\" into \(above.display) would put what it holds more than 1000 levels deep; lists and items nest at most 1000 deep")) {
            try fixture.store.move([holder.top!], to: above)
        }
        #expect(try fixture.store.children(of: nil).map(\.text).sorted() == ["holder", "level 1"])
        let leaf = try fixture.item("a leaf")
        try fixture.store.move([leaf], to: above)
        #expect(try fixture.store.children(of: above.top).map(\.text) == ["level 1000", "a leaf"])
    }

    @Test func aMoveUpOfADeepChainIsAllowed() throws {
        let (fixture, bottom) = try Self.deepestChain()
        try fixture.store.move([bottom.nodes[499]], to: .root)
        let moved = try #require(try fixture.store.node(id: Self.id(Store.deepestLevel)))
        #expect(try fixture.store.ancestry(of: moved).nodes.count == Store.deepestLevel - 499)
        #expect(try fixture.store.childCount(of: nil) == 2)
    }
}
