import Foundation
@testable import JotterCore
@testable import JotterFormats
import TestSupport
import Testing

@Suite struct StoreTests {
    @Test func aNewStoreIsPrivateEvenUnderAPermissiveUmask() throws {
        let folder = TemporaryFolder()
        let path = folder.path + "/deeper/jotter/store.sqlite3"
        let previous = umask(0)
        defer { umask(previous) }
        let store = try Store(path: path)
        _ = try store.addEntry("secret", under: .root, historyLine: "secret")
        let attributes = { (path: String) in
            try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
        }
        #expect(try attributes(path) == 0o600)
        #expect(try attributes(path + "-wal") == 0o600)
        #expect(try attributes(path + "-shm") == 0o600)
        #expect(try attributes(folder.path + "/deeper/jotter") == 0o700)
        #expect(try attributes(folder.path + "/deeper") == 0o700)
    }

    @Test func aNewStoreIsAJotterStoreInWALMode() throws {
        let fixture = try StoreFixture()
        let database = try Database(path: fixture.path)
        let row = try database.statement(
            "SELECT (SELECT journal_mode FROM pragma_journal_mode), (SELECT user_version FROM pragma_user_version), (SELECT application_id FROM pragma_application_id)")
        #expect(try row.step())
        #expect(row.string(0) == "wal")
        #expect(row.int64(1) == Store.schemaVersion)
        #expect(Int32(truncatingIfNeeded: row.int64(2)) == Store.applicationID)
    }

    @Test func aListIsFoundByNameWithoutReadingTheItemsBesideIt() throws {
        let fixture = try StoreFixture()
        let work = try fixture.lists("/work")
        try fixture.item("work", under: .root)
        #expect(try fixture.store.lists(under: nil, named: "work").map(\.id) == [work.top!.id])
        let database = try Database(path: fixture.path)
        let plan = try database.statement(
            "EXPLAIN QUERY PLAN SELECT seq FROM node WHERE parent IS ? AND kind = 0 AND text = ? ORDER BY seq")
        var steps: [String] = []
        while try plan.step() { steps.append(plan.string(3)) }
        // SQLite 3.46 reads the row number from the index itself, older ones from the row.
        #expect(steps == ["SEARCH node USING INDEX node_list_names (parent=? AND text=?)"]
            || steps == ["SEARCH node USING COVERING INDEX node_list_names (parent=? AND text=?)"])
    }

    /// One statement serves a place and the root: `parent IS ?` finds the root's
    /// children (parent NULL) through an index on parent, as `parent = ?` does a list's.
    /// Each run of children in order is a walk of its index with no sorting, however
    /// far the offset: those placed by sync in `node_order`, the others, all of a
    /// store that never syncs, in `node_children`.
    @Test(arguments: [
        ("SELECT seq FROM node WHERE parent IS ? AND text = ? AND hidden IS NULL ORDER BY seq", "node_children (parent=?)"),
        ("SELECT count(*) FROM node WHERE parent IS ? AND hidden IS NULL", "node_children (parent=?)"),
    ] + NodeColumn.siblingRuns().flatMap { run in
        let index = run.order == "seq" ? "node_children (parent=?)" : "node_order (parent=? AND order_stamp>?)"
        return [
            ("SELECT seq FROM node WHERE parent IS ? AND hidden IS NULL AND \(run.condition) ORDER BY \(run.order)", index),
            ("SELECT seq FROM node WHERE parent IS ? AND hidden IS NULL AND \(run.condition) ORDER BY \(run.order) LIMIT 1 OFFSET ?", index),
            ("SELECT count(*) FROM node WHERE parent IS ? AND hidden IS NULL AND \(run.condition)", index),
        ]
    })
    func childrenAreFoundThroughTheIndexOnParentAtTheRootToo(query: String, index: String) throws {
        let fixture = try StoreFixture()
        let plan = try Database(path: fixture.path).statement("EXPLAIN QUERY PLAN " + query)
        var steps: [String] = []
        while try plan.step() { steps.append(plan.string(3)) }
        #expect(steps == ["SEARCH node USING INDEX " + index])
    }

    @Test func aListingByTagLeavesTheOthersOutAndKeepsPositions() throws {
        let fixture = try StoreFixture()
        let work = try fixture.lists("/work")
        for text in ["standup #Work", "lunch", "review #work #urgent", "#workshop"] { try fixture.item(text, under: work) }
        try fixture.store.addField(Field(name: "price", kind: .decimal), to: nil)
        try fixture.store.edit(try fixture.store.children(of: work.top)[2], text: "review #work #urgent",
                               values: [FieldValue(name: "price", value: "2")])
        let tagged = try fixture.store.tagged("#work")
        var listed: [String] = []
        try fixture.store.forEachChildWithFields(of: work.top, tagged: tagged) { node, position, fields in
            listed.append("\(position) \(node.text) \(fields.map(\.value))")
        }
        #expect(listed == ["1 standup #Work []", "3 review #work #urgent [\"2\"]"])
    }

    @Test func itemsKeepTheirOrderTextAndTimesAcrossReopening() throws {
        let fixture = try StoreFixture()
        let groceries = try fixture.lists("/groceries")
        for text in ["milk", "卵 🥚", "bread"] { try fixture.item(text, under: groceries) }
        let reopened = try Store(path: fixture.path)
        let children = try reopened.children(of: groceries.top)
        #expect(children.map(\.text) == ["milk", "卵 🥚", "bread"])
        #expect(children.allSatisfy { $0.kind == .item && $0.parentSeq == groceries.top?.seq })
        #expect(children[0].created.offsetSeconds == 3600)
        #expect(children[0].created.milliseconds < children[1].created.milliseconds)
        #expect(children.map(\.id) == children.map(\.id).sorted())
    }

    @Test func multilingualTextIsStoredByteForByte() throws {
        let fixture = try StoreFixture()
        let lines = try TestInputs.lines("multilingual.txt").map(EntryText.trimmed).filter { !$0.isEmpty }
        for line in lines { try fixture.item(line) }
        let stored = try Store(path: fixture.path).children(of: nil).map(\.text)
        #expect(stored.count == lines.count)
        for (expected, actual) in zip(lines, stored) {
            #expect(Array(actual.utf8) == Array(expected.utf8))
        }
    }

    @Test func anEntryAndItsHistoryLineAreWrittenTogether() throws {
        let fixture = try StoreFixture()
        try fixture.item("first")
        _ = try fixture.store.addEntry(":x", under: .root, historyLine: "\\:x")
        #expect(try fixture.store.recentHistory() == ["first", "\\:x"])
        #expect(try fixture.store.recentHistory(limit: 1) == ["\\:x"])
    }

    @Test func theSavedPathIsRestoredOnTheNextOpen() throws {
        let fixture = try StoreFixture()
        let weekend = try fixture.lists("/groceries/weekend")
        try fixture.store.savePath(weekend)
        let restored = try Store(path: fixture.path).restorePath()
        #expect(restored.path.display == "/groceries/weekend")
        #expect(restored.path.ids == weekend.ids)
        #expect(restored.notice == nil)
    }

    @Test func aPathWhoseListWasDeletedFallsBackToTheDeepestSurvivor() throws {
        let fixture = try StoreFixture()
        let deep = try fixture.lists("/a/b/c")
        try fixture.store.savePath(deep)
        let other = try Database(path: fixture.path)
        // Another jotter: writes to nodes run the search index's tokenizer.
        try other.registerSearchTokenizer()
        try other.execute("PRAGMA foreign_keys = ON")
        try other.statement("DELETE FROM node WHERE seq = ?").bind(1, deep.nodes[1].seq).run()

        let restored = try Store(path: fixture.path).restorePath()
        #expect(restored.path.display == "/a")
        #expect(restored.notice == "/a/b/c no longer exists; now at /a")
    }

    @Test func anEntryForADeletedListIsReturnedNotMisplaced() throws {
        let fixture = try StoreFixture()
        let path = try fixture.lists("/a/b")
        let other = try Database(path: fixture.path)
        // Another jotter: writes to nodes run the search index's tokenizer.
        try other.registerSearchTokenizer()
        try other.execute("PRAGMA foreign_keys = ON")
        try other.statement("DELETE FROM node WHERE seq = ?").bind(1, path.nodes[1].seq).run()

        let outcome = try fixture.store.addEntry("eggs", under: path, historyLine: "eggs")
        guard case .pathChanged(let check) = outcome else {
            Issue.record("expected the path to have changed, got \(outcome)")
            return
        }
        #expect(check.path.display == "/a")
        #expect(try fixture.texts(under: check.path) == [])
        #expect(try fixture.store.recentHistory().isEmpty)
    }

    @Test func aPathFollowsAListMovedElsewhere() throws {
        let fixture = try StoreFixture()
        let b = try fixture.lists("/a/b")
        let c = try fixture.lists("/c")
        try fixture.store.savePath(b)
        let other = try Database(path: fixture.path)
        try other.statement("UPDATE node SET parent = ? WHERE seq = ?").bind(1, c.top!.seq).bind(2, b.top!.seq).run()
        let restored = try fixture.store.restorePath()
        #expect(restored.path.display == "/c/b")
        #expect(restored.notice == nil)
    }

    @Test func twoListsBesideEachOtherCannotShareAName() throws {
        let fixture = try StoreFixture()
        try fixture.lists("/groceries")
        #expect(throws: JotterError.input("a list named 'groceries' already exists in /")) {
            try fixture.store.createList(named: "groceries", under: .root)
        }
    }

    @Test(arguments: ["", "a/b", ".", ".."])
    func listNamesThatCannotBePathStepsAreRefused(name: String) throws {
        let fixture = try StoreFixture()
        #expect(throws: JotterError.self) { try fixture.store.createList(named: name, under: .root) }
        #expect(try fixture.store.children(of: nil).isEmpty)
    }
}

@Suite struct ForeignFileTests {
    func expectRefused(_ path: String, saying fragment: String) throws {
        let before = try contents(ofFile: path)
        do {
            _ = try Store(path: path)
            Issue.record("\(path) was opened as a store")
        } catch let error as JotterError {
            #expect(error.kind == .store)
            #expect(error.message.contains(fragment), "\(error.message)")
            #expect(!error.message.contains("\n"))
        }
        #expect(try contents(ofFile: path) == before)
        #expect(!FileManager.default.fileExists(atPath: path + "-wal"))
    }

    @Test func aTextFileIsRefusedUntouched() throws {
        let folder = TemporaryFolder()
        let path = folder.file("notes.txt")
        try "my precious notes\n".write(toFile: path, atomically: true, encoding: .utf8)
        try expectRefused(path, saying: "not an SQLite database")
    }

    @Test func aShortFileIsRefusedUntouched() throws {
        let folder = TemporaryFolder()
        let path = folder.file("short")
        try "SQL".write(toFile: path, atomically: true, encoding: .utf8)
        try expectRefused(path, saying: "not a jotter store")
    }

    @Test func anotherApplicationsDatabaseIsRefusedUntouched() throws {
        let folder = TemporaryFolder()
        let path = folder.file("other.db")
        #expect(FileManager.default.createFile(atPath: path, contents: nil))
        let other = try Database(path: path)
        try other.execute("CREATE TABLE accounts (name TEXT); INSERT INTO accounts VALUES ('x')")
        try expectRefused(path, saying: "another application")
    }

    @Test func aStoreFromANewerJotterIsRefusedUntouched() throws {
        let folder = TemporaryFolder()
        let path = folder.file("store.sqlite3")
        _ = try Store(path: path)
        let database = try Database(path: path)
        try database.execute("PRAGMA user_version = 99; PRAGMA wal_checkpoint(TRUNCATE); PRAGMA journal_mode = DELETE")
        try expectRefused(path, saying: "newer jotter (store version 99")
    }

    @Test func anotherApplicationsDatabaseWithAPendingWALIsRefusedUntouched() throws {
        let folder = TemporaryFolder()
        let path = folder.file("other.db")
        #expect(FileManager.default.createFile(atPath: path, contents: nil))
        do {
            let other = try Database(path: path)
            try other.execute("PRAGMA journal_mode = WAL; PRAGMA wal_autocheckpoint = 0; CREATE TABLE t (x); INSERT INTO t VALUES (1)")
            other.leaveWALAsItIsOnClose()
        }
        let wal = try contents(ofFile: path + "-wal")
        #expect(!wal.isEmpty)
        let before = try contents(ofFile: path)
        #expect(throws: JotterError.self) { try Store(path: path) }
        #expect(try contents(ofFile: path) == before)
        #expect(try contents(ofFile: path + "-wal") == wal)
    }

    @Test func anEmptyFileBecomesAPrivateStore() throws {
        let folder = TemporaryFolder()
        let path = folder.file("empty.sqlite3")
        #expect(FileManager.default.createFile(atPath: path, contents: nil, attributes: [.posixPermissions: 0o644]))
        _ = try Store(path: path)
        #expect(try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int == 0o600)
    }

    @Test func aFolderIsRefused() throws {
        let folder = TemporaryFolder()
        #expect(throws: JotterError.store("\(folder.path): not a jotter store (not a regular file)")) {
            try Store(path: folder.path)
        }
    }
}

@Suite struct ImportStopTests {
    struct TwoRecords: ImportSource {
        var left = 2
        mutating func next() throws -> ImportRecord? {
            guard left > 0 else { return nil }
            left -= 1
            return ImportRecord(text: "record \(left)", line: 2 - left)
        }
    }

    @Test func aStopThatArrivesAsTheInputEndsStillRollsBack() throws {
        let fixture = try StoreFixture()
        var source = TwoRecords()
        // The signal lands when the reader has already seen the end of its input.
        var asked = 0
        let options = Store.ImportOptions(target: .root, shouldStop: {
            asked += 1
            return asked > 2
        })
        #expect(throws: Store.ImportInterrupted.self) { try fixture.store.importRecords(from: &source, options: options) }
        #expect(try fixture.store.children(of: nil).isEmpty)
    }
}
