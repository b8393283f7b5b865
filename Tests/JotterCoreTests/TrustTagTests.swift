import Foundation
@testable import JotterCore
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Trust tags in the store: what they cover, and what a store from before them keeps.
@Suite struct TrustTagTests {
    /// A version 12 store's hooks carried the old mark, which anyone could copy: none
    /// is taken as trust, whatever it held. The rows themselves are kept.
    /// A tag is HMAC-SHA256: RFC 4231's test cases 1 and 2, whose keys are shorter
    /// than a block as a trust key is.
    @Test func aTagIsHMACSHA256() {
        func hex(_ bytes: [UInt8]) -> String { bytes.map { String(format: "%02x", $0) }.joined() }
        #expect(hex(TrustKey(bytes: [UInt8](repeating: 0x0b, count: 20)).tag(Array("Hi There".utf8)))
                == "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7")
        #expect(hex(TrustKey(bytes: Array("Jefe".utf8)).tag(Array("what do ya want for nothing?".utf8)))
                == "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843")
    }

    @Test func hooksOfAVersion12StoreWaitForTrustAfterTheMigration() throws {
        let folder = TemporaryFolder()
        let path = folder.file("old.sqlite3")
        try makeStoreFile(at: path, version: 12) { database in
            var info = stat()
            #expect(stat(path, &info) == 0)
            try database.execute(
                """
                INSERT INTO hook (seq, owner, timing, event, command, timeout_seconds, machine)
                    VALUES (1, NULL, 'after', 'edit', 'notify-send edited', 30,
                            'no-machine-id:\(getuid()):\(info.st_dev):\(info.st_ino)');
                """)
        }
        let store = try Store(path: path)
        store.trustKeyPath = folder.file("state/jotter/trust-key")
        let waiting = try store.untrusted()
        #expect(waiting.hooks == [Hook(seq: 1, ownerSeq: nil, timing: .after, event: .edit, command: "notify-send edited",
                                       timeoutSeconds: 30, isTrusted: false)])
        try store.trust(waiting)
        #expect(try store.hooks(declaredBy: nil).map(\.isTrusted) == [true])
        #expect(try store.check().isEmpty)
    }

    /// Each part of what a tag covers counts: the same hook at another place, with
    /// another timeout or timing, or a command whose words are shifted, is not trusted.
    @Test func aTagHoldsForTheRowItWasMadeForOnly() throws {
        let fixture = try StoreFixture()
        let hook = try fixture.store.addHook(.before, on: .add, command: "a b", timeoutSeconds: 5, to: nil)
        #expect(hook.isTrusted)
        let changes = [
            "UPDATE hook SET owner = (SELECT seq FROM node)",
            "UPDATE hook SET timeout_seconds = 6",
            "UPDATE hook SET timing = 'after'",
            "UPDATE hook SET event = 'edit'",
            "UPDATE hook SET command = 'a b '",
        ]
        for change in changes {
            let other = try StoreFixture()
            other.store.trustKeyPath = fixture.store.trustKeyPath
            try other.lists("/work")
            _ = try other.store.addHook(.before, on: .add, command: "a b", timeoutSeconds: 5, to: nil)
            let edited = try Database(path: other.path)
            try edited.execute(change)
            #expect(try other.store.untrusted().hooks.count == 1, "\(change)")
        }
        #expect(try fixture.store.untrusted().isEmpty)
    }
}
