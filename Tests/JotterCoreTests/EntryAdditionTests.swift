@testable import JotterCore
import Testing

/// Adding an entry as `add` and the prompt do: what changed between the reading of a
/// place's form and the write.
@Suite struct EntryAdditionTests {
    private static let today = try! FieldDate(year: 2026, month: 11, day: 22)

    /// What an addition showed and handed to the `after` hooks.
    private final class Seen {
        var lines: [String] = []
        var afterHooks: [HookEntry] = []
    }

    private func addition(_ fixture: StoreFixture, _ seen: Seen) -> EntryAddition {
        EntryAddition(store: fixture.store, hooks: EntryHooks(store: fixture.store, isEnabled: true),
                      today: { Self.today }, show: { seen.lines.append($0) },
                      runAfterHooks: { seen.afterHooks.append($0) })
    }

    @Test func anEntryTypedBeforeAnotherPlacesFormChangedIsAddedInTheFormReadAgain() throws {
        let fixture = try StoreFixture()
        let walks = try fixture.lists("/walks")
        let costs = try fixture.lists("/costs")
        try fixture.store.addField(Field(name: "km", kind: .decimal), to: walks.top)
        let typedIn = try fixture.store.form(at: walks)
        try fixture.store.addField(Field(name: "price", kind: .decimal), to: costs.top)

        let seen = Seen()
        let outcome = try addition(fixture, seen).add(
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
        let outcome = try addition(fixture, seen).add(.typed(text: "river", fields: [], form: typedIn), at: walks,
                                                      whenPlaceGone: .handBack)
        #expect(outcome == .formChanged(try fixture.store.form(at: walks)))
        #expect(try fixture.texts(under: walks).isEmpty)
        #expect(seen.afterHooks.isEmpty)
    }

    @Test func wordsAreTypedAgainInTheFormAsItIsAfterItChangedBeforeTheWrite() throws {
        let fixture = try StoreFixture()
        let walks = try fixture.lists("/walks")
        var formsTypedIn: [[String]] = []
        let outcome = try addition(fixture, Seen()).add(.fromWords { form in
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

    @Test(arguments: [EntryAddition.PlaceGone.follow, .handBack])
    func anEntryForAPlaceRemovedMeanwhileFollowsItOrIsHandedBack(whenPlaceGone: EntryAddition.PlaceGone) throws {
        let fixture = try StoreFixture()
        let trips = try fixture.lists("/trips")
        let rome = try fixture.lists("/trips/rome")
        try fixture.store.remove([rome.top!])

        let seen = Seen()
        let outcome = try addition(fixture, seen).add(.typed(text: "colosseum", fields: [], form: .plain), at: rome,
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
}
