import Foundation
@testable import JotterCore
@testable import JotterFormats
import Testing

/// Undo and redo of every kind of change, and the trash, on the store alone.
@Suite struct StoreChangeTests {
    /// Everything a listing or an export shows of the store, to compare states.
    private func snapshot(_ store: Store) throws -> [String] {
        var rows: [String] = []
        try store.walk(under: nil, recursive: true) { step in
            let node = step.node
            rows.append("\(step.depth) \(node.id) \(node.kind.name) \(node.text) updated:\(node.updatedMilliseconds) "
                + "done:\(node.doneMilliseconds.map(String.init) ?? "-") \(step.fields.map { "\($0.name)=\($0.value)" })")
        }
        rows.append("root form: \(try store.form(at: .root))")
        return rows
    }

    @Test func undoWalksBackThroughEveryKindOfChangeAndRedoWalksForward() throws {
        let fixture = try StoreFixture()
        let store = fixture.store
        var states = [try snapshot(store)]
        func changed(_ change: () throws -> Void) throws {
            try change()
            let state = try snapshot(store)
            #expect(state != states.last, "every step changes what the store shows")
            states.append(state)
        }
        var shop = NavigationPath.root
        try changed { shop = try fixture.lists("/shop") }
        try changed { try store.addField(Field(name: "price", kind: .decimal), to: nil) }
        var milk: Node!
        try changed { milk = try fixture.item("milk", under: shop) }
        try changed { try fixture.item("eggs", under: shop) }
        try changed { try store.edit(milk, text: "oat milk", values: [FieldValue(name: "price", value: "2")]) }
        try changed { try store.edit(milk, text: "oat milk", values: [FieldValue(name: "price", value: "2.5")]) }
        try changed { try store.markDone([milk]) }
        var archive = NavigationPath.root
        try changed { archive = try fixture.lists("/archive") }
        try changed { try store.move([milk], to: archive) }
        try changed { try store.remove([shop.top!]) }
        try changed { try store.restore(try store.trash()[0]) }
        try changed { try store.setLineLimit(3, of: nil) }
        try changed { try store.removeField(named: "price", from: nil) }

        for state in states.dropLast().reversed() {
            #expect(try store.undo() != nil)
            #expect(try snapshot(store) == state)
        }
        #expect(try store.undo() == nil, "nothing is left to undo")
        for state in states.dropFirst() {
            #expect(try store.redo() != nil)
            #expect(try snapshot(store) == state)
        }
        #expect(try store.redo() == nil)
    }

    @Test func undoIsKeptInTheStoreForTheNextProcess() throws {
        let fixture = try StoreFixture()
        try fixture.item("milk")
        try fixture.item("eggs")
        let reopened = try Store(path: fixture.path)
        #expect(try reopened.undo()?.what == "add \"eggs\"")
        #expect(try fixture.texts(under: .root) == ["milk"])
        #expect(try Store(path: fixture.path).redo()?.what == "add \"eggs\"")
        #expect(try fixture.texts(under: .root) == ["milk", "eggs"])
    }

    @Test func aNewChangeAfterUndoDiscardsWhatCouldHaveBeenRedone() throws {
        let fixture = try StoreFixture()
        let eggs = try fixture.item("eggs")
        try fixture.store.undo()
        try fixture.item("bread")
        #expect(try fixture.store.redo() == nil)
        #expect(try fixture.store.node(id: eggs.id, includingHidden: true) == nil, "the undone row is deleted for good")
        #expect(try fixture.texts(under: .root) == ["bread"])
    }

    @Test func aWholeImportIsOneStep() throws {
        let fixture = try StoreFixture()
        try fixture.item("before")
        let lines = (1...1000).map { "line \($0)\n" }.joined()
        let file = fixture.folder.file("lines.txt")
        try lines.write(toFile: file, atomically: false, encoding: .utf8)
        let descriptor = open(file, O_RDONLY)
        defer { close(descriptor) }
        var source = ImportFormat.lines.source(reading: ByteLineReader(fileDescriptor: descriptor))
        let summary = try fixture.store.importRecords(from: &source, options: .init(target: .root))
        #expect(summary.added == 1000)
        #expect(try fixture.store.undo()?.what == "import 1000 items")
        #expect(try fixture.texts(under: .root) == ["before"])
        try fixture.store.redo()
        #expect(try fixture.store.childCount(of: nil) == 1001)
    }

    @Test func aChangeThatChangesNothingIsNotAStep() throws {
        let fixture = try StoreFixture()
        let milk = try fixture.item("milk")
        #expect(try fixture.store.edit(milk, text: "milk") == false)
        try fixture.store.markDone([milk])
        try fixture.store.markDone([milk])
        #expect(try fixture.store.undo()?.what == "done \"milk\"")
        #expect(try fixture.store.undo()?.what == "add \"milk\"")
    }

    @Test func aMoveIntoItsOwnSubtreeIsRefused() throws {
        let fixture = try StoreFixture()
        let deep = try fixture.lists("/a/b/c")
        let a = try fixture.store.children(of: nil)[0]
        #expect(throws: JotterError.self) { try fixture.store.move([a], to: deep) }
        #expect(throws: JotterError.self) { try fixture.store.move([a], to: NavigationPath.root.pushing(a)) }
        #expect(try fixture.store.ancestry(of: deep.top!).display == "/a/b/c")
    }

    /// Two processes each resolve their destination, then move in turn: the second
    /// must see where its destination is by then, or A and B end up inside each other.
    @Test func crossedMovesResolvedBeforeEitherWroteMakeNoCycle() throws {
        let fixture = try StoreFixture()
        let intoA = try fixture.lists("/A/D")
        let intoB = try fixture.lists("/B/C")
        let a = try #require(intoA.nodes.first), b = try #require(intoB.nodes.first)
        let other = try Store(path: fixture.path)
        try other.move([a], to: intoB)
        #expect(throws: JotterError.input("cannot move 'B' into /B/C/A/D, which is inside it")) {
            try fixture.store.move([b], to: intoA)
        }
        #expect(try fixture.store.children(of: nil).map(\.text) == ["B"])
        #expect(try fixture.store.ancestry(of: intoA.top!).display == "/B/C/A/D")
    }

    /// A place resolved, then sent to the trash by another process before the write.
    @Test func aFieldOrOptionIsNotWrittenToAPlaceTrashedMeanwhile() throws {
        let fixture = try StoreFixture()
        let expenses = try #require(try fixture.lists("/expenses").top)
        try Store(path: fixture.path).remove([expenses])
        let gone = JotterError.input("'expenses' was deleted just now; nothing was changed")
        #expect(throws: gone) { try fixture.store.addField(Field(name: "price", kind: .decimal), to: expenses) }
        #expect(throws: gone) { try fixture.store.setLineLimit(3, of: expenses) }
        #expect(throws: gone) { try fixture.store.removeField(named: "price", from: expenses) }
        #expect(try fixture.store.fields(declaredBy: expenses).isEmpty)
        #expect(try fixture.store.lineLimit(of: expenses) == nil)
    }

    @Test func aNodeComesBackFromTheTrashAfterItsListWasRemovedAndRestored() throws {
        let fixture = try StoreFixture()
        let work = try fixture.lists("/work")
        let report = try fixture.item("report", under: work)
        try fixture.item("email", under: work)
        try fixture.store.remove([report])
        try fixture.store.remove([work.top!])
        #expect(try fixture.store.trash().map(\.node.text) == ["report", "work"])
        #expect(try fixture.store.trash()[1].below == 1)

        let reportEntry = try fixture.store.trash()[0]
        #expect(throws: JotterError.self, "its list is in the trash") { try fixture.store.restore(reportEntry) }
        try fixture.store.restore(try fixture.store.trash()[1])
        #expect(try fixture.texts(under: work) == ["email"])
        try fixture.store.restore(try fixture.store.trash()[0])
        #expect(try fixture.texts(under: work) == ["report", "email"])
        #expect(try fixture.store.trash().isEmpty)
    }

    @Test func emptyingTheTrashDeletesForGoodAndForgetsTheHistory() throws {
        let fixture = try StoreFixture()
        let milk = try fixture.item("milk")
        try fixture.store.remove([milk])
        try fixture.store.edit(try fixture.item("eggs"), text: "a dozen eggs")
        #expect(try fixture.store.emptyTrash() == 1)
        #expect(try fixture.store.node(id: milk.id, includingHidden: true) == nil)
        #expect(try fixture.store.undo() == nil, "nothing before emptying the trash can be undone")
        #expect(try fixture.store.database.statement("SELECT count(*) FROM node_before").firstRow { $0.int64(0) } == 0,
                "the earlier states go with the history")
        #expect(try fixture.store.database.statement("SELECT count(*) FROM text_before").firstRow { $0.int64(0) } == 0,
                "the earlier texts go with the history")
    }

    @Test func anItemRestoredBeforeTheTrashWasEmptiedStaysInSight() throws {
        let fixture = try StoreFixture()
        let y = try fixture.item("y")
        let x = try fixture.item("x")
        try fixture.store.remove([y])
        try fixture.store.remove([x])
        try fixture.store.restore(try fixture.store.trash().first { $0.node.text == "y" }!)
        try fixture.store.emptyTrash()
        #expect(try fixture.store.undo() == nil)
        #expect(try fixture.texts(under: .root) == ["y"])
    }

    @Test func aTargetInsideAnotherOrNamedTwiceGoesWithTheFirst() throws {
        let fixture = try StoreFixture()
        let list = try fixture.lists("/l")
        let x = try fixture.item("x", under: list)
        try fixture.store.remove([list.top!, x, list.top!])
        #expect(try fixture.store.trash().map(\.node.text) == ["l"])
        try fixture.store.undo()
        #expect(try fixture.texts(under: list) == ["x"])
    }
}
