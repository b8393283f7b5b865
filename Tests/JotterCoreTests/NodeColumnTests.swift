@testable import JotterCore
import Testing

/// `NodeColumn` names the node row's columns once for every statement that reads,
/// copies or writes a whole row; the migrations make the tables. These must agree.
@Suite struct NodeColumnTests {
    private func columns(of table: String, in store: Store) throws -> [String] {
        let statement = try store.database.statement("SELECT name FROM pragma_table_info(?)").bind(1, table)
        var names: [String] = []
        while try statement.step() { names.append(statement.string(0)) }
        return names.sorted()
    }

    @Test func theNodeTableHasExactlyTheColumnsNamedOnce() throws {
        let fixture = try StoreFixture()
        #expect(try columns(of: "node", in: fixture.store)
            == (NodeColumn.allCases.map(\.name) + NodeColumn.siblingOrderColumns + ["text_sum"]).sorted())
    }

    @Test func undoKeepsEveryColumnOfANodeButItsRowNumber() throws {
        let fixture = try StoreFixture()
        #expect(try columns(of: "node_before", in: fixture.store)
            == (["change", "seq", "text_before"] + NodeColumn.keptBesideText.map(\.name)).sorted())
        #expect(try columns(of: "text_before", in: fixture.store) == ["seq", "text"])
    }

    @Test func aRowSelectedWithEveryColumnReadsBackAsTheNodeAdded() throws {
        let fixture = try StoreFixture()
        let node = try fixture.item("milk")
        let row = try fixture.store.database.statement("SELECT \(NodeColumn.all) FROM node WHERE seq = ?")
            .bind(1, node.seq)
        #expect(try row.firstRow(fixture.store.node(from:)) == node)
    }
}
