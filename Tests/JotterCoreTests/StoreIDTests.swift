import Foundation
@testable import JotterCore
@testable import JotterFormats
import TestSupport
import Testing

/// Records handed to an import one by one.
struct RecordList: ImportSource {
    var records: [ImportRecord]

    mutating func next() throws -> ImportRecord? {
        records.isEmpty ? nil : records.removeFirst()
    }
}

/// A store and a copy of its file made before anything was added, so that both share
/// the salt their ids are derived from, with clocks stopped at one moment, so that
/// rows can share a creation time.
struct SameMomentStores {
    static let moment = Timestamp(milliseconds: 1_795_000_000_000, offsetSeconds: 0)
    let folder = TemporaryFolder()
    let original: Store
    let copy: Store

    init() throws {
        original = try Store(path: folder.file("original.sqlite3"), clock: { SameMomentStores.moment })
        try original.database.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        try FileManager.default.copyItem(atPath: original.path, toPath: folder.file("copy.sqlite3"))
        copy = try Store(path: folder.file("copy.sqlite3"), clock: { SameMomentStores.moment })
    }

    func entry(_ text: String, in store: Store) throws -> Node {
        guard case .added(let node) = try store.addEntry(text, under: .root, historyLine: nil) else {
            throw JotterError.input("the entry '\(text)' was not added")
        }
        return node
    }
}

/// The ids a store gives what it makes: derived from each row, yet UUIDv7s that are
/// unique, stable and found again like stored ones.
@Suite struct StoreIDTests {
    @Test func aNewItemsIDIsAVersion7UUIDWhoseTimeIsItsCreation() throws {
        let fixture = try StoreFixture()
        let node = try fixture.item("milk")
        let bytes = node.id.bytes
        #expect(bytes[6] >> 4 == 7)
        #expect(bytes[8] >> 6 == 0b10)
        let milliseconds = bytes[0..<6].reduce(Int64(0)) { $0 << 8 | Int64($1) }
        #expect(milliseconds == node.created.milliseconds)
        #expect(try fixture.store.node(id: node.id) == node)
        #expect(try fixture.store.children(of: nil).map(\.id) == [node.id])
    }

    @Test func manyItemsGetDistinctIDsWithTailsThatLookRandom() throws {
        let fixture = try StoreFixture()
        let nodes = try (1...500).map { try fixture.item("item \($0)") }
        #expect(Set(nodes.map(\.id)).count == 500)
        // Neighbouring rows must not give neighbouring tails: the tail is what people type.
        let tails = nodes.map { UInt32($0.id.shortForm(), radix: 16)! }
        let close = zip(tails, tails.dropFirst()).filter { max($0, $1) - min($0, $1) < 1 << 20 }
        #expect(close.count < 5)
        for node in nodes.prefix(20) {
            #expect(try fixture.store.node(id: node.id)?.seq == node.seq)
        }
    }

    @Test func twoStoresGiveTheirFirstItemsDifferentIDs() throws {
        let first = try StoreFixture()
        let second = try StoreFixture()
        let one = try first.item("same text, same time")
        let other = try second.item("same text, same time")
        #expect(one.created == other.created)
        #expect(one.id != other.id)
        #expect(try first.store.node(id: other.id) == nil)
    }

    @Test func aDeletedItemsIDIsNeverGivenAgainEvenInTheSameMillisecond() throws {
        let stores = try SameMomentStores()
        let gone = try stores.entry("gone", in: stores.original)
        try stores.original.database.statement("DELETE FROM node WHERE seq = ?").bind(1, gone.seq).run()
        let next = try stores.entry("next", in: stores.original)
        #expect(next.id != gone.id)
        #expect(try stores.original.node(id: gone.id) == nil)
    }

    @Test func idsImportedFromACopyOfTheStoreNeverCollideWithNewOnes() throws {
        // A copy of a store shares its salt. Items made in the copy, imported back, carry
        // ids the original would derive for its own future rows at the same moment.
        let stores = try SameMomentStores()
        let made = try (1...5).map { try stores.entry("copy \($0)", in: stores.copy) }
        var source = RecordList(records: [ImportRecord(id: made[4].id, text: made[4].text, created: made[4].created,
                                                       line: 1)])
        _ = try stores.original.importRecords(from: &source, options: Store.ImportOptions(target: .root))
        for index in 1...5 {
            _ = try stores.entry("original \(index)", in: stores.original)
        }
        let ids = try stores.original.children(of: nil).map(\.id)
        #expect(ids.count == 6)
        #expect(Set(ids).count == 6)
        #expect(try stores.original.node(id: made[4].id)?.text == "copy 5")
    }

    @Test func rowsImportedAfterAnIDFromACopyNeverTakeItsNumber() throws {
        let stores = try SameMomentStores()
        let made = try (1...3).map { try stores.entry("copy \($0)", in: stores.copy) }
        // The copied id first, then rows without ids but with the same creation time,
        // all in one batch.
        let moment = SameMomentStores.moment
        var source = RecordList(records: [ImportRecord(id: made[2].id, text: made[2].text, created: moment, line: 1)]
            + (2...4).map { ImportRecord(text: "line \($0)", created: moment, line: $0) })
        _ = try stores.original.importRecords(from: &source, options: Store.ImportOptions(target: .root))
        let ids = try stores.original.children(of: nil).map(\.id)
        #expect(ids.count == 4)
        #expect(Set(ids).count == 4)
        #expect(try stores.original.node(id: made[2].id)?.text == "copy 3")
    }

    @Test func replacingAnItemsCreationTimeKeepsItsID() throws {
        let fixture = try StoreFixture()
        let node = try fixture.item("milk")
        let earlier = Timestamp(milliseconds: node.created.milliseconds - 86_400_000, offsetSeconds: 0)
        var source = RecordList(records: [ImportRecord(id: node.id, text: "oat milk", created: earlier, line: 1)])
        _ = try fixture.store.importRecords(from: &source, options: Store.ImportOptions(target: .root, conflicts: .replace))
        let replaced = try #require(try fixture.store.node(id: node.id))
        #expect(replaced.seq == node.seq)
        #expect(replaced.text == "oat milk")
        #expect(replaced.created == earlier)
    }

    @Test func anItemCreatedBefore1970StoresAnIDOfItsOwn() throws {
        let fixture = try StoreFixture()
        let old = Timestamp(milliseconds: -1_000, offsetSeconds: 0)
        var source = RecordList(records: [ImportRecord(text: "moon landing", created: old, line: 1)])
        _ = try fixture.store.importRecords(from: &source, options: Store.ImportOptions(target: .root))
        let node = try #require(try fixture.store.children(of: nil).first)
        #expect(node.created == old)
        #expect(node.id.bytes[6] >> 4 == 7)
        #expect(try fixture.store.node(id: node.id)?.seq == node.seq)
    }
}

/// A store written by the first released jotter, whose rows all stored their ids.
@Suite struct SchemaMigrationTests {
    static let version1 = """
        PRAGMA journal_mode = WAL;
        CREATE TABLE node (
            seq INTEGER PRIMARY KEY,
            id BLOB NOT NULL UNIQUE CHECK (length(id) = 16),
            parent INTEGER REFERENCES node (seq) ON DELETE CASCADE,
            kind INTEGER NOT NULL CHECK (kind IN (0, 1)),
            text TEXT NOT NULL,
            created INTEGER NOT NULL,
            created_offset INTEGER NOT NULL,
            updated INTEGER NOT NULL
        );
        CREATE INDEX node_children ON node (parent);
        CREATE TABLE history (seq INTEGER PRIMARY KEY, line TEXT NOT NULL, entered INTEGER NOT NULL);
        CREATE TABLE setting (key TEXT PRIMARY KEY, value) WITHOUT ROWID;
        PRAGMA application_id = 1246712914;
        PRAGMA user_version = 1;
        INSERT INTO node VALUES
            (1, X'01a201e51d3976569289ca0ccba8f959', NULL, 0, 'groceries', 1795000000000, 3600, 1795000000000),
            (2, X'01a201e51d3a76569289ca0ccba8f95a', 1, 1, 'milk', 1795000000001, 3600, 1795000009999),
            (3, X'01a201e51d3b76569289ca0ccba8f95b', 1, 1, 'eggs', 1795000000002, 3600, 1795000000002);
        INSERT INTO history VALUES (1, 'milk', 1795000000001);
        INSERT INTO setting VALUES ('path', X'01a201e51d3976569289ca0ccba8f959'), ('path_text', '/groceries');
        """

    @Test func aVersion1StoreKeepsEveryIDTextTimeAndItsPath() throws {
        let folder = TemporaryFolder()
        let path = folder.file("old.sqlite3")
        #expect(FileManager.default.createFile(atPath: path, contents: nil))
        try Database(path: path).execute(SchemaMigrationTests.version1)

        let store = try Store(path: path)
        let restored = try store.restorePath()
        #expect(restored.path.display == "/groceries")
        #expect(restored.notice == nil)
        let items = try store.children(of: restored.path.top)
        #expect(items.map(\.text) == ["milk", "eggs"])
        #expect(items.map(\.id.description) == ["01a201e5-1d3a-7656-9289-ca0ccba8f95a",
                                                 "01a201e5-1d3b-7656-9289-ca0ccba8f95b"])
        #expect(items.map(\.updatedMilliseconds) == [1_795_000_009_999, 1_795_000_000_002])
        #expect(try store.recentHistory() == ["milk"])
        guard case .added(let added) = try store.addEntry("bread", under: restored.path, historyLine: nil) else {
            Issue.record("the entry was not added")
            return
        }
        #expect(added.seq == 4)
        #expect(try store.node(id: added.id)?.text == "bread")
        let version = try store.database.statement("SELECT user_version FROM pragma_user_version").firstRow { $0.int64(0) }
        #expect(version == Store.schemaVersion)
    }

    @Test func aMigrationThatFailsLeavesTheStoreAsItWas() throws {
        let folder = TemporaryFolder()
        let path = folder.file("old.sqlite3")
        #expect(FileManager.default.createFile(atPath: path, contents: nil))
        do {
            let database = try Database(path: path)
            // A table in the way of the migration's first step makes it fail part-way.
            try database.execute(SchemaMigrationTests.version1 + "CREATE TABLE node_v1 (x);")
            try database.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        }
        let before = try contents(ofFile: path)

        #expect(throws: JotterError.self) { try Store(path: path) }
        #expect(try contents(ofFile: path) == before)
        let database = try Database(path: path)
        #expect(try database.statement("SELECT user_version FROM pragma_user_version").firstRow { $0.int64(0) } == 1)
        #expect(try database.statement("SELECT count(*) FROM node").firstRow { $0.int64(0) } == 3)
    }

    /// Store version 8 kept an edit's earlier text in the row of `node_before`; the
    /// texts moved to a table of their own, and such an edit still undoes and redoes.
    @Test func anEditKeptByAVersion8StoreIsUndoneAndRedoneAfterTheMigration() throws {
        let folder = TemporaryFolder()
        let path = folder.file("old.sqlite3")
        try makeStoreFile(at: path, version: 8) { database in
            try database.execute(
                """
                INSERT INTO node (seq, parent, kind, text, created, created_offset, updated)
                    VALUES (1, NULL, 1, 'after the edit', 1795000000000, 3600, 1795000009999),
                           (2, NULL, 1, 'not edited', 1795000000001, 3600, NULL);
                INSERT INTO change (seq, what, made, made_offset) VALUES (1, 'edit "before the edit"', 1795000009999, 3600);
                INSERT INTO node_before (change, seq, parent, kind, text, created, created_offset, updated)
                    VALUES (1, 1, NULL, 1, 'before the edit', 1795000000000, 3600, NULL),
                           (1, 2, NULL, 1, NULL, 1795000000001, 3600, NULL);
                """)
        }
        let store = try Store(path: path)
        #expect(try store.undo()?.what == "edit \"before the edit\"")
        #expect(try store.children(of: nil).map(\.text) == ["before the edit", "not edited"])
        #expect(try store.redo() != nil)
        #expect(try store.children(of: nil).map(\.text) == ["after the edit", "not edited"])
        #expect(try store.undo() != nil)
        #expect(try store.children(of: nil).map(\.text) == ["before the edit", "not edited"])
        #expect(try store.check().isEmpty)
    }

    /// A store version 10 that synced: the nodes the hub has are placed by the stamp
    /// their creates carried, their creation time, before the node not sent yet; one
    /// that never synced places nothing and lists by row.
    @Test(arguments: [true, false])
    func aVersion10StoreKeepsItsListingsOrderAfterTheMigration(synced: Bool) throws {
        let folder = TemporaryFolder()
        let path = folder.file("old.sqlite3")
        try makeStoreFile(at: path, version: 10) { database in
            try database.execute(
                """
                INSERT INTO node (seq, id, parent, kind, text, created, created_offset)
                    VALUES (1, NULL, NULL, 1, 'sent', 1795000000000, 3600),
                           (2, NULL, NULL, 1, 'not sent', 1795000000009, 3600),
                           (3, X'01a201e51d3b76569289ca0ccba8f95b', NULL, 1, 'pulled', 1795000000005, 3600);
                """)
            if synced {
                try database.execute(
                    """
                    UPDATE setting SET value = 1 WHERE key IN ('sync_pushed_to', 'sync_watched_to');
                    INSERT INTO sync_pulled (seq) VALUES (3);
                    """)
            }
        }
        let store = try Store(path: path)
        let texts = try store.children(of: nil).map(\.text)
        #expect(texts == (synced ? ["sent", "pulled", "not sent"] : ["sent", "not sent", "pulled"]))
        let placed = try store.database.statement("SELECT group_concat(seq) FROM node WHERE order_stamp IS NOT NULL")
            .firstRow { $0.isNull(0) ? "" : $0.string(0) }
        #expect(placed == (synced ? "1,3" : ""))
        #expect(try store.check().isEmpty)
    }

    /// A store version 10 whose last push was handed out but never acknowledged: the
    /// hub may hold those creates, stamped with their creation time, and keeps one
    /// create of a node, so the push made again after the migration must carry that
    /// stamp and place the node by it, or this store would list it elsewhere than
    /// every other machine.
    @Test func aCreateHandedOutByVersion10IsSentAgainWithItsStampAndPlacedByIt() throws {
        let folder = TemporaryFolder()
        let path = folder.file("old.sqlite3")
        try makeStoreFile(at: path, version: 10) { database in
            try database.execute(
                """
                INSERT INTO node (seq, id, parent, kind, text, created, created_offset)
                    VALUES (1, NULL, NULL, 1, 'acknowledged', 1795000000000, 3600),
                           (2, NULL, NULL, 1, 'handed out', 1795000000002, 3600),
                           (3, NULL, NULL, 1, 'not sent', 1795000000009, 3600);
                UPDATE setting SET value = 1 WHERE key = 'sync_pushed_to';
                UPDATE setting SET value = 2 WHERE key = 'sync_watched_to';
                """)
        }
        let store = try Store(path: path)
        let creates = try store.outgoingOperations(limit: 10).filter { $0.property == "create" }
        #expect(creates.count == 2)
        #expect(creates.first?.stamp == Store.createStamp(1_795_000_000_002))
        #expect(try store.children(of: nil).map(\.text) == ["acknowledged", "handed out", "not sent"])
        #expect(try store.check().isEmpty)
    }
}
