import JotterCore
import Testing

/// What may name a list: every way a list is made or renamed asks `problem(withListName:)`.
@Suite struct ListNameTests {
    @Test(arguments: [
        ("\u{200B}", "a list's name needs a character that shows, not only invisible ones (U+200B)"),
        ("\u{FEFF}", "a list's name needs a character that shows, not only invisible ones (U+FEFF)"),
        ("\u{202E}\u{200D}\u{2066}\u{FE0F}", "a list's name needs a character that shows, not only invisible ones (U+202E U+200D U+2066 ...)"),
        ("\u{200C} \u{2060}", "a list's name needs a character that shows, not only invisible ones (U+200C U+2060)"),
        (".\u{200B}.", "'.\u{200B}.' looks like '..', which cannot name a list"),
        ("\u{200B}.", "'\u{200B}.' looks like '.', which cannot name a list"),
        ("two\nlines", "a list's name cannot hold a control character (U+000A)"),
        ("tab\there", "a list's name cannot hold a control character (U+0009)"),
        ("red\u{1B}[31m", "a list's name cannot hold a control character (U+001B)"),
        ("c1\u{85}", "a list's name cannot hold a control character (U+0085)"),
    ])
    func namesThatCannotBeToldApartOrTypedAreRefused(name: String, problem: String) {
        #expect(Store.problem(withListName: name) == problem)
    }

    @Test(arguments: ["groceries", "👨\u{200D}👩\u{200D}👧", "עברית\u{200F}", "caf\u{E9}", "a.b", "..."])
    func namesThatShowAreTaken(name: String) {
        #expect(Store.problem(withListName: name) == nil)
    }
}
