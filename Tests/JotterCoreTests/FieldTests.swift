import JotterCore
import Testing

@Suite struct FieldTests {
    static let today = try! FieldDate(year: 2026, month: 11, day: 22)

    @Test(arguments: [
        ("price", nil),
        ("価格", nil),
        ("", "a field name is empty"),
        ("a b", "a field name cannot hold white space or any of : \" = { }"),
        ("a:b", "a field name cannot hold white space or any of : \" = { }"),
        ("a=b", "a field name cannot hold white space or any of : \" = { }"),
        ("-x", "a field name cannot start with '-'"),
        ("x\u{1B}]0;t\u{07}", "a field name cannot hold control characters"),
        ("x\u{202E}", "a field name cannot hold control characters"),
    ] as [(String, String?)])
    func fieldNames(name: String, problem: String?) {
        #expect(Field.problem(withName: name) == problem)
    }

    @Test func choicesAreTrimmedUniqueAndShowable() throws {
        #expect(try Field.Kind(name: "choice", choices: " good, ok ,bad") == .choice(["good", "ok", "bad"]))
        #expect(throws: JotterError.input("the choice 'Good' is given twice")) {
            try Field.Kind(name: "choice", choices: "good,Good")
        }
        #expect(throws: JotterError.input("a choice is empty in 'a,,b'")) { try Field.Kind(name: "choice", choices: "a,,b") }
        #expect(throws: JotterError.input("the choice 'x\\x1b[31m' holds a control character")) {
            try Field.Kind(name: "choice", choices: "x\u{1B}[31m,y")
        }
    }

    @Test func storedValuesAreCanonical() throws {
        let mood = Field(name: "mood", kind: .choice(["Good", "bad"]))
        #expect(try mood.storedValue(of: " good ", today: Self.today) == "Good")
        #expect(try Field(name: "p", kind: .decimal).storedValue(of: "１,２３４.５０", today: Self.today) == "1234.5")
        #expect(try Field(name: "d", kind: .date).storedValue(of: "Yesterday", today: Self.today) == "2026-11-21")
        #expect(throws: FieldValueProblem.self) { try Field(name: "n", kind: .text).storedValue(of: "a\nb", today: Self.today) }
    }

    @Test func inlineWordsFillOnlyDeclaredFields() {
        let form = EntryForm(fields: [Field(name: "price", kind: .decimal), Field(name: "note", kind: .text)])
        let fill = form.fill("see  http://x price:3.50 and note:\"two words\" ratio 3:1", today: Self.today)
        #expect(fill.text == "see  http://x and ratio 3:1")
        #expect(fill.values == [0: "3.5", 1: "two words"])
        #expect(fill.problems.isEmpty)
        #expect(form.fill("no fields here", today: Self.today).text == "no fields here")
    }
}
