@testable import JotterCore
@testable import JotterHub
import Testing

/// Sealing and opening operations in process: what binds a sealed operation to its
/// journal, position and id, and the wrapping of the journal's keys.
@Suite struct JournalSealTests {
    let seal = JournalSeal(journal: "main", keys: [1: JournalPassphraseKey.newJournalKey()])
    let replica = NodeID("0190f0a0-0000-7000-8000-000000000001")!
    let node = NodeID("0190f0a0-0000-7000-8000-0000000000aa")!

    func operations() -> [SyncOperation] {
        [SyncOperation(replica: replica, counter: -(1 << 20), stamp: 77 << 16, node: node, property: "create",
                       value: #"{"text":"tea \u001b[31m, the café's ☕"}"#),
         SyncOperation(replica: replica, counter: 4, stamp: 78 << 16, node: nil, property: "fielddef:price", value: nil),
         SyncOperation(replica: replica, counter: 5, stamp: 79 << 16, node: node, property: "text", value: "\"\"",
                       base: 77 << 16)]
    }

    @Test func sealedOperationsOpenAfterTheLinksTheyWereSealedOnto() {
        let head = HubHead(position: 9, hash: String(repeating: "ab", count: 32))
        let sealed = seal.sealing(operations(), onto: head)
        #expect(sealed.allSatisfy { $0.property == "sealed" && $0.node == nil && $0.base == nil && $0.stamp == 0 })
        #expect(sealed.map(\.counter) == operations().map(\.counter))
        var link = head.hash
        var opened: [SyncOperation] = []
        for operation in sealed {
            opened.append(seal.opening(operation, after: link)!)
            link = JournalChain.link(after: link, operation)
        }
        #expect(opened == operations())
        #expect(!sealed.contains { $0.value!.contains("café") || $0.value!.contains("price") })
    }

    @Test func anOperationDoesNotOpenAtAnotherPositionInAnotherJournalOrChanged() throws {
        let head = HubHead(position: 0, hash: "")
        let sealed = seal.sealing(operations(), onto: head)
        let first = sealed[0]
        #expect(seal.opening(first, after: "") != nil)
        // Another position: the link before it differs.
        #expect(seal.opening(first, after: JournalChain.link(after: "", sealed[1])) == nil)
        // Another journal, with the same key.
        #expect(JournalSeal(journal: "other", keys: seal.keys).opening(first, after: "") == nil)
        // Another key.
        #expect(JournalSeal(journal: "main", keys: [1: JournalPassphraseKey.newJournalKey()]).opening(first, after: "") == nil)
        // Another id: the replica and counter are bound too.
        var renumbered = first
        renumbered.counter += 1
        #expect(seal.opening(renumbered, after: "") == nil)
        // A byte changed, or the value cut short.
        var value = Array(first.value!.utf8)
        value[value.count / 2] = value[value.count / 2] == UInt8(ascii: "A") ? UInt8(ascii: "B") : UInt8(ascii: "A")
        var flipped = first
        flipped.value = String(decoding: value, as: UTF8.self)
        #expect(seal.opening(flipped, after: "") == nil)
        var cut = first
        cut.value = String(first.value!.dropLast(4))
        #expect(seal.opening(cut, after: "") == nil)
    }

    @Test func aJournalKeyWrappedUnderAPassphraseOpensOnlyWithItAndForItsJournal() throws {
        let salt = JournalPassphraseKey.newSalt()
        let derived = try #require(JournalPassphraseKey.derive(passphrase: Array("right".utf8), salt: salt))
        let key = JournalPassphraseKey.newJournalKey()
        let wrapped = derived.wrap(key, id: 3, journal: "main")
        #expect(wrapped.wrapped.count == 12 + 32 + 16 && wrapped.cost == JournalPassphraseKey.costText)
        #expect(derived.unwrap(wrapped, journal: "main") == key)
        #expect(derived.unwrap(wrapped, journal: "other") == nil)
        let wrong = try #require(JournalPassphraseKey.derive(passphrase: Array("wrong".utf8), salt: salt))
        #expect(wrong.unwrap(wrapped, journal: "main") == nil)
        let renumbered = WrappedJournalKey(id: 4, salt: wrapped.salt, cost: wrapped.cost, wrapped: wrapped.wrapped)
        #expect(derived.unwrap(renumbered, journal: "main") == nil)
        #expect(JournalPassphraseKey.derive(passphrase: [1], salt: salt, costText: "scrypt:40:8:1") == nil)
        #expect(JournalPassphraseKey.derive(passphrase: [1], salt: salt, costText: "argon2id:3") == nil)
    }
}
