@testable import JotterCore
import Testing

/// The keys of the `setting` table are the ones `Setting` names: no reader or writer
/// spells one of its own.
@Suite struct SettingTests {
    @Test func everyKeyAStoreWritesIsASettingAndEverySettingIsWritten() throws {
        let machines = try Machines()
        // Some keys live only between two steps of a sync: each store notes every key
        // as it is written, in a table of this test's own.
        for store in machines.stores {
            try store.database.execute("""
                CREATE TABLE written_setting (key TEXT);
                CREATE TRIGGER setting_written AFTER INSERT ON setting
                BEGIN INSERT INTO written_setting (key) VALUES (new.key); END;
                """)
        }
        machines.a.trustKeyPath = machines.folder.file("state/jotter/trust-key")
        let list = try machines.a.createList(named: "work", under: .root)
        let work = NavigationPath.root.pushing(list)
        _ = try machines.add("milk", in: machines.a, under: work)
        try machines.a.savePath(work)
        try machines.a.keepDraft("half a line", at: .root)
        try machines.a.keepDraft("another", at: work)
        try machines.a.keepDraft("a second at the same place", at: work)
        try machines.a.setRemote(conninfo: "host=/nowhere", journal: "main", auto: true, sealedKeys: nil)
        try machines.b.setRemote(conninfo: "host=/nowhere", journal: "main", auto: false, sealedKeys: [
            WrappedJournalKey(id: 1, salt: [1, 2], cost: "scrypt:15:8:3", wrapped: [3, 4]),
        ])
        try machines.hub.sync(machines.a, machines.b)
        _ = try machines.a.find(try SearchQuery("milk")) { _ in }
        try machines.b.restartSyncCursor()

        var written: Set<String> = []
        for store in machines.stores {
            let statement = try store.database.statement("SELECT key FROM setting UNION SELECT key FROM written_setting")
            while try statement.step() { written.insert(statement.string(0)) }
            statement.reset()
        }
        #expect(written.filter { !Setting.isKnown($0) }.isEmpty)
        #expect(Set(Setting.named.map(\.key)).subtracting(written).isEmpty)
        #expect(written.contains(Setting.draft(at: work, number: 2).key))
    }
}
