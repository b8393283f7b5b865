@testable import JotterCore
import Testing

/// The mark beside a store found damaged (`DamageMark`), as a store that stays open
/// meets one made by another jotter.
@Suite struct DamageMarkTests {
    /// A prompt keeps its store open for hours: damage another jotter meets meanwhile,
    /// and marks, stops the prompt's next entry as it stops a new command, and its
    /// searches read the store as it is, writing nothing, not even their index.
    @Test func aMarkMadeWhileTheStoreIsOpenStopsItsNextWrite() throws {
        let fixture = try StoreFixture()
        try fixture.item("before the damage")
        try Store(path: fixture.path).markDamaged()

        let refusal = #expect(throws: JotterError.self) { try fixture.item("after the damage") }
        #expect(refusal?.message.contains("nothing is written to it until 'jotter check' finds it sound") == true,
                "\(refusal?.message ?? "")")
        #expect(try fixture.texts(under: .root) == ["before the damage"])
        var found = 0
        try fixture.store.find(try SearchQuery("damage")) { _ in found += 1 }
        #expect(found == 1)
        #expect(try fixture.store.integerSetting(.searchIndexedTo) == 0, "the search index is left as it was")
    }

    /// `check` where the store stays open (`:check` at the prompt) looks for a mark
    /// made since it opened: finding the store sound, it takes that mark away too, and
    /// the writes the mark stopped go on.
    @Test func checkTakesAwayAMarkMadeSinceTheStoreOpened() throws {
        let fixture = try StoreFixture()
        try fixture.item("before the check")
        try Store(path: fixture.path).markDamaged()

        #expect(try fixture.store.check().isEmpty)
        try fixture.item("after the check")
        #expect(try fixture.texts(under: .root) == ["before the check", "after the check"])
    }
}
