@testable import JotterCore
import Testing

/// Forms in the store: fields of places, what passes down, and items with values.
@Suite struct StoreFormTests {
    @Test func anItemAndItsValuesAreWrittenInOneTransaction() throws {
        let fixture = try StoreFixture()
        let expenses = try fixture.lists("/expenses")
        let values = [FieldValue(name: "price", value: "3.5"), FieldValue(name: "mood", value: "good")]
        guard case .added(let coffee) = try fixture.store.addEntry("coffee", fields: values, under: expenses, historyLine: "coffee")
        else { Issue.record("not added"); return }
        #expect(try fixture.store.fieldValues(of: coffee) == values.sorted { $0.name < $1.name })

        // A value that cannot be written takes the item and its history line with it.
        try fixture.store.database.execute(
            "CREATE TEMP TRIGGER refuse BEFORE INSERT ON field_value WHEN NEW.name = 'due' BEGIN SELECT RAISE(ABORT, 'refused'); END")
        #expect(throws: JotterError.self) {
            try fixture.store.addEntry("tea", fields: [FieldValue(name: "price", value: "2"), FieldValue(name: "due", value: "2026-11-22")],
                                       under: expenses, historyLine: "tea")
        }
        #expect(try fixture.texts(under: expenses) == ["coffee"])
        #expect(try fixture.store.recentHistory() == ["coffee"])
    }

    @Test func aFormIsTheTopsFieldsAfterThoseInheritedFromAbove() throws {
        let fixture = try StoreFixture()
        let journal = try fixture.lists("/journal")
        let week = try fixture.lists("/journal/week")
        try fixture.store.addField(Field(name: "mood", kind: .choice(["good", "bad"]), isInherited: true), to: journal.top)
        try fixture.store.addField(Field(name: "secret", kind: .text), to: journal.top)
        try fixture.store.addField(Field(name: "steps", kind: .decimal), to: week.top)
        try fixture.store.addField(Field(name: "mood", kind: .text, isRequired: true), to: week.top)
        try fixture.store.setLineLimit(3, of: week.top)

        let form = try fixture.store.form(at: week)
        #expect(form.fields.map(\.name) == ["mood", "steps"])
        #expect(form.fields[0].kind == .text && form.fields[0].isRequired, "a field declared below replaces the inherited one")
        #expect(form.lineLimit == 3)
        #expect(try fixture.store.form(at: journal).lineLimit == nil)
        #expect(try fixture.store.form(at: .root) == .plain)
    }

    @Test func removingAFieldKeepsTheValuesEntered() throws {
        let fixture = try StoreFixture()
        let costs = try fixture.lists("/costs")
        try fixture.store.addField(Field(name: "price", kind: .decimal), to: costs.top)
        guard case .added(let bus) = try fixture.store.addEntry(
            "bus", fields: [FieldValue(name: "price", value: "2.1")], under: costs, historyLine: nil)
        else { Issue.record("not added"); return }
        try fixture.store.removeField(named: "price", from: costs.top)
        #expect(try fixture.store.form(at: costs).fields.isEmpty)
        #expect(try fixture.store.fieldValues(of: bus) == [FieldValue(name: "price", value: "2.1")])
        #expect(throws: JotterError.self) { try fixture.store.removeField(named: "price", from: costs.top) }
    }

    @Test func sumsAreExact() throws {
        let fixture = try StoreFixture()
        let costs = try fixture.lists("/costs")
        for price in ["0.1", "0.2", "99999999999999999999.99", "-100000000000000000000"] {
            _ = try fixture.store.addEntry("x", fields: [FieldValue(name: "price", value: price)], under: costs, historyLine: nil)
        }
        _ = try fixture.store.addEntry("no price", under: costs, historyLine: nil)
        let sum = try fixture.store.sum(ofField: "price", under: costs.top)
        #expect(sum.total.description == "0.29")
        #expect(sum.count == 4)
    }
}
