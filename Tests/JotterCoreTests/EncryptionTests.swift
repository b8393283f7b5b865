import CSQLite
import Foundation
@testable import JotterCore
import Testing
import TestSupport

/// Encrypting a store writes it anew under a key derived from a passphrase, and the
/// files on disk hold nothing of what was written in it.
@Suite struct EncryptionTests {
    let passphrase = Array("correct horse battery staple".utf8)

    /// A store with an item holding a word found nowhere else, searched once so that the
    /// search index holds it too.
    func storeWithSecret(_ folder: TemporaryFolder) throws -> String {
        let path = folder.file("store.sqlite3")
        let store = try Store(path: path)
        _ = try store.addEntry("zanzibarquux meeting notes", under: .root, historyLine: "zanzibarquux meeting notes")
        #expect(try found("zanzibarquux", in: store) == 1)
        return path
    }

    func encrypt(_ path: String) throws -> StoreKey {
        let key = StoreKey.derive(passphrase: passphrase, salt: StoreKey.newSalt())
        try Store(path: path).rewrite(under: key)
        return key
    }

    func filesHold(_ word: String, beside path: String) throws -> [String] {
        let folder = (path as NSString).deletingLastPathComponent
        return try FileManager.default.contentsOfDirectory(atPath: folder).filter { name in
            let data = try Data(contentsOf: URL(fileURLWithPath: folder + "/" + name))
            return data.range(of: Data(word.utf8)) != nil
        }
    }

    @Test func anEncryptedStoreHoldsNoWordOfItsTextsAndOpensWithItsKey() throws {
        let folder = TemporaryFolder()
        let path = try storeWithSecret(folder)
        #expect(!(try filesHold("zanzibarquux", beside: path)).isEmpty)
        let key = try encrypt(path)

        #expect(try filesHold("zanzibarquux", beside: path).isEmpty)
        #expect(try salt(of: path) == key.salt)
        let reopened = try Store(path: path, key: key)
        #expect(try reopened.children(of: nil).map(\.text) == ["zanzibarquux meeting notes"])
        #expect(try found("zanzibarquux", in: reopened) == 1)
        _ = try reopened.addEntry("zanzibarquux second", under: .root, historyLine: "zanzibarquux second")
        #expect(try filesHold("zanzibarquux", beside: path).isEmpty)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
            == ["store.sqlite3", "store.sqlite3-shm", "store.sqlite3-wal"])
    }

    @Test func aWrongKeyIsRefusedAndTheFileLeftAsItIs() throws {
        let folder = TemporaryFolder()
        let path = try storeWithSecret(folder)
        let key = try encrypt(path)
        let before = try contents(ofFile: path)
        let wrong = StoreKey.derive(passphrase: Array("wrong".utf8), salt: key.salt)
        #expect(throws: JotterError.wrongKey(path: path)) { try Store(path: path, key: wrong) }
        #expect(throws: Store.KeyNeeded.self) { try Store(path: path) }
        #expect(try contents(ofFile: path) == before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["store.sqlite3"])
    }

    @Test func decryptingGivesBackAPlainStoreAndANewPassphraseAnotherKey() throws {
        let folder = TemporaryFolder()
        let path = try storeWithSecret(folder)
        let key = try encrypt(path)
        let newKey = StoreKey.derive(passphrase: Array("another one".utf8), salt: StoreKey.newSalt())
        try Store(path: path, key: key).rewrite(under: newKey)
        #expect(throws: JotterError.wrongKey(path: path)) { try Store(path: path, key: key) }
        try Store(path: path, key: newKey).rewrite(under: nil)

        #expect(try salt(of: path) == nil)
        #expect(try contents(ofFile: path).prefix(16) == Data("SQLite format 3\0".utf8))
        let plain = try Store(path: path)
        #expect(try plain.children(of: nil).map(\.text) == ["zanzibarquux meeting notes"])
        #expect(try found("zanzibarquux", in: plain) == 1)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).allSatisfy { !$0.contains("jotter-") })
    }

    /// The key is SQLCipher's own derivation of the passphrase: the store opens with the
    /// passphrase itself in any SQLCipher 4 program, at its default strength.
    @Test func theKeyIsSQLCiphersDefaultDerivationOfThePassphrase() throws {
        let folder = TemporaryFolder()
        let path = try storeWithSecret(folder)
        _ = try encrypt(path)
        var connection: OpaquePointer?
        #expect(sqlite3_open_v2(path, &connection, SQLITE_OPEN_READONLY, nil) == SQLITE_OK)
        defer { sqlite3_close_v2(connection) }
        #expect(sqlite3_key_v2(connection, "main", passphrase, Int32(passphrase.count)) == SQLITE_OK)
        var statement: OpaquePointer?
        #expect(sqlite3_prepare_v2(connection, "SELECT count(*) FROM node", -1, &statement, nil) == SQLITE_OK)
        defer { sqlite3_finalize(statement) }
        #expect(sqlite3_step(statement) == SQLITE_ROW)
        #expect(sqlite3_column_int64(statement, 0) == 1)
    }

    @Test func aStoreAnotherProcessHasOpenIsNotRewritten() throws {
        let folder = TemporaryFolder()
        let path = try storeWithSecret(folder)
        let before = try contents(ofFile: path)
        let other = Process()
        other.executableURL = URL(fileURLWithPath: "/bin/sh")
        // An SQLite shell holding the store open: the log index is locked while it runs.
        other.arguments = ["-c", "(echo 'SELECT count(*) FROM node;'; sleep 30) | sqlite3 '\(path)' >/dev/null"]
        try other.run()
        defer { other.terminate() }
        try waitUntil { StoreFile.othersHaveOpen(path) }
        let key = StoreKey.derive(passphrase: passphrase, salt: StoreKey.newSalt())
        #expect(throws: JotterError.self) { try Store(path: path).rewrite(under: key) }
        #expect(try salt(of: path) == nil)
        #expect(try contents(ofFile: path) == before)
        #expect(!FileManager.default.fileExists(atPath: path + ".jotter-new"))
    }

    @Test func aConnectionLeftOnTheOldFileWritesNothing() throws {
        let folder = TemporaryFolder()
        let path = try storeWithSecret(folder)
        let key = StoreKey.derive(passphrase: passphrase, salt: StoreKey.newSalt())
        let rewriting = try Store(path: path)
        try rewriting.rewrite(under: key)
        #expect(throws: JotterError.self) {
            _ = try rewriting.addEntry("lost", under: .root, historyLine: "lost")
        }
        #expect(try Store(path: path, key: key).children(of: nil).map(\.text) == ["zanzibarquux meeting notes"])
    }

    /// What a rewrite stopped by `kill -9` leaves beside the store is cleared at the
    /// next opening, and the store is whichever of old and new had the name.
    @Test func leftoversOfAStoppedRewriteAreClearedAndTheStoreKept() throws {
        let folder = TemporaryFolder()
        let path = try storeWithSecret(folder)
        // Stopped while writing the new file: a half-written copy beside the store.
        try Data("half a decrypted copy: zanzibarquux".utf8).write(to: URL(fileURLWithPath: path + ".jotter-new"))
        // Stopped after the store got its second name, before the new one took the first.
        #expect(link(path, path + ".jotter-old") == 0)
        let store = try Store(path: path)
        #expect(try store.children(of: nil).map(\.text) == ["zanzibarquux meeting notes"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).allSatisfy { !$0.contains("jotter-") })

        // Stopped after the new store took the name: the old file is overwritten.
        let old = path + ".jotter-old"
        try Data("the old plain store: zanzibarquux".utf8).write(to: URL(fileURLWithPath: old))
        _ = try Store(path: path)
        #expect(!FileManager.default.fileExists(atPath: old))
    }

    /// The salt an encrypted store asks its key to be derived with; nil for a plain one.
    func salt(of path: String) throws -> [UInt8]? {
        do {
            _ = try Store(path: path)
            return nil
        } catch let needed as Store.KeyNeeded {
            return needed.salt
        }
    }

    func found(_ query: String, in store: Store) throws -> Int {
        var count = 0
        try store.find(try SearchQuery(query)) { _ in count += 1 }
        return count
    }

    func waitUntil(_ condition: () -> Bool) throws {
        for _ in 0..<3000 where !condition() { usleep(10_000) }
        guard condition() else { throw JotterError.input("the condition never held") }
    }
}
