@testable import JotterApplication
@testable import JotterCore
import Testing

/// What people do to entries, as the commands and the prompt do it: what changed
/// between the reading of a place's form and the write.
@Suite struct EntryActionsTests {
    private static let today = try! FieldDate(year: 2026, month: 11, day: 22)

    /// What an addition showed and handed to the `after` hooks.
    private final class Seen {
        var lines: [String] = []
        var afterHooks: [HookEntry] = []
    }

    private func actions(_ fixture: StoreFixture, _ seen: Seen) -> EntryActions {
        EntryActions(store: fixture.store, hooks: EntryHooks(store: fixture.store, isEnabled: true),
                      today: { Self.today }, show: { seen.lines.append($0) },
                      runAfterHooks: { seen.afterHooks.append($1) })
    }

    @Test func anEntryTypedBeforeAnotherPlacesFormChangedIsAddedInTheFormReadAgain() throws {
        let fixture = try StoreFixture()
        let walks = try fixture.lists("/walks")
        let costs = try fixture.lists("/costs")
        try fixture.store.addField(Field(name: "km", kind: .decimal), to: walks.top)
        let typedIn = try fixture.store.form(at: walks)
        try fixture.store.addField(Field(name: "price", kind: .decimal), to: costs.top)

        let seen = Seen()
        let outcome = try actions(fixture, seen).add(
            .typed(text: "river", fields: [FieldValue(name: "km", value: "4.5")], form: typedIn),
            at: walks, whenPlaceGone: .handBack)
        guard case .added(let node, let place, let form) = outcome else {
            Issue.record("not added: \(outcome)")
            return
        }
        #expect(place == walks)
        #expect(form == typedIn && form.version > typedIn.version, "the form read again, at the later version")
        #expect(try fixture.store.fieldValues(of: node) == [FieldValue(name: "km", value: "4.5")])
        #expect(seen.afterHooks.map(\.node?.id) == [node.id])
    }

    @Test func anEntryTypedInAFormThatChangedMeanwhileIsHandedBackWithTheFormNow() throws {
        let fixture = try StoreFixture()
        let walks = try fixture.lists("/walks")
        let typedIn = try fixture.store.form(at: walks)
        try fixture.store.addField(Field(name: "km", kind: .decimal, isRequired: true), to: walks.top)

        let seen = Seen()
        let outcome = try actions(fixture, seen).add(.typed(text: "river", fields: [], form: typedIn), at: walks,
                                                      whenPlaceGone: .handBack)
        #expect(outcome == .formChanged(try fixture.store.form(at: walks)))
        #expect(try fixture.texts(under: walks).isEmpty)
        #expect(seen.afterHooks.isEmpty)
    }

    @Test func wordsAreTypedAgainInTheFormAsItIsAfterItChangedBeforeTheWrite() throws {
        let fixture = try StoreFixture()
        let walks = try fixture.lists("/walks")
        var formsTypedIn: [[String]] = []
        let outcome = try actions(fixture, Seen()).add(.fromWords { form in
            formsTypedIn.append(form.fields.map(\.name))
            if formsTypedIn.count == 1 {
                // Another jotter adds a field between this one's reading and its write.
                try fixture.store.addField(Field(name: "km", kind: .decimal), to: walks.top)
                return ("river", [])
            }
            return ("river", [FieldValue(name: "km", value: "3")])
        }, at: walks, whenPlaceGone: .handBack)
        #expect(formsTypedIn == [[], ["km"]])
        guard case .added(let node, _, _) = outcome else {
            Issue.record("not added: \(outcome)")
            return
        }
        #expect(try fixture.store.fieldValues(of: node) == [FieldValue(name: "km", value: "3")])
    }

    @Test(arguments: [EntryActions.PlaceGone.follow, .handBack])
    func anEntryForAPlaceRemovedMeanwhileFollowsItOrIsHandedBack(whenPlaceGone: EntryActions.PlaceGone) throws {
        let fixture = try StoreFixture()
        let trips = try fixture.lists("/trips")
        let rome = try fixture.lists("/trips/rome")
        try fixture.store.remove([rome.top!])

        let seen = Seen()
        let outcome = try actions(fixture, seen).add(.typed(text: "colosseum", fields: [], form: .plain), at: rome,
                                                      whenPlaceGone: whenPlaceGone)
        switch (whenPlaceGone, outcome) {
        case (.follow, .added(_, let place, _)):
            #expect(place == trips)
            #expect(try fixture.texts(under: trips) == ["colosseum"])
            #expect(seen.lines.count == 1, "one line says where the entry went")
        case (.handBack, .placeChanged(let check)):
            #expect(check.path == trips)
            #expect(try fixture.texts(under: trips).isEmpty)
            #expect(seen.afterHooks.isEmpty)
        default:
            Issue.record("unexpected: \(outcome)")
        }
    }

    @Test func anEditSetsTheValuesItNamesAndKeepsTheOthers() throws {
        let fixture = try StoreFixture()
        let walks = try fixture.lists("/walks")
        try fixture.store.addField(Field(name: "km", kind: .decimal), to: walks.top)
        try fixture.store.addField(Field(name: "mood", kind: .text), to: walks.top)
        guard case .added(let walk) = try fixture.store.addEntry(
            "river", fields: [FieldValue(name: "km", value: "3"), FieldValue(name: "mood", value: "calm")],
            under: walks, historyLine: nil)
        else { Issue.record("not added"); return }

        let seen = Seen()
        try actions(fixture, seen).edit(walk, to: "river and back km:6")
        #expect(try fixture.texts(under: walks) == ["river and back"])
        #expect(try fixture.store.fieldValues(of: walk) == [FieldValue(name: "km", value: "6"), FieldValue(name: "mood", value: "calm")])
        #expect(seen.lines.isEmpty)
    }

    @Test func anEditToTheTextHeldOrToNothingChangesNothingAndSaysSo() throws {
        let fixture = try StoreFixture()
        let walk = try fixture.item("river")
        let seen = Seen()
        try actions(fixture, seen).edit(walk, to: "river")
        try actions(fixture, seen).edit(walk, to: "   ")
        #expect(seen.lines == ["unchanged", "the text is empty; \(walk.quotedName) was left as it was"])
        #expect(try fixture.texts(under: .root) == ["river"])
    }
}
