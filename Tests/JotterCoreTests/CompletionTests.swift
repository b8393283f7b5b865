import JotterApplication
import JotterCore
import Testing

@Suite struct CompletionTests {
    let commands = ["list", "ls", "cd", "up", "new", "path", "add", "quit", "help"]

    func complete(_ line: String, names: [String] = []) -> Completion {
        let matching = { (prefix: String) in names.filter { $0.hasPrefix(prefix) } }
        return Completion.complete(lineBeforeCursor: line, commands: commands, targets: matching, names: matching)
    }

    @Test func aUniqueCommandIsCompletedWithASpace() {
        #expect(complete(":ne") == Completion(insertion: "w ", alternatives: []))
    }

    @Test func severalCommandsAreListedWhenNothingCanBeAdded() {
        #expect(complete(":l") == Completion(insertion: "", alternatives: ["list", "ls"]))
    }

    @Test func aCommandsArgumentCompletesNamesWithSpaces() {
        #expect(complete(":cd week", names: ["weekend trip", "work"]) == Completion(insertion: "end\\ trip", alternatives: []))
    }

    @Test func namesInACommandAreEscapedAsTheCommandLineReadsThem() {
        #expect(complete(":cd Bo", names: ["Bob's stuff"]) == Completion(insertion: "b\\'s\\ stuff", alternatives: []))
        #expect(complete(":cd a\\ ", names: ["a  b"]) == Completion(insertion: "\\ b", alternatives: []))
        #expect(complete("Bo", names: ["Bob's stuff"]) == Completion(insertion: "b's stuff", alternatives: []))
    }

    @Test func theCommonPartOfSeveralNamesIsAdded() {
        #expect(complete("日", names: ["日本語", "日本酒"]) == Completion(insertion: "本", alternatives: []))
        #expect(complete("日本", names: ["日本語", "日本酒"]) == Completion(insertion: "", alternatives: ["日本語", "日本酒"]))
    }

    @Test func nothingToCompleteOnAnEmptyLine() {
        #expect(complete("", names: ["milk"]) == .none)
    }

    @Test func aChoiceFieldsValueCompletesAmongItsChoices() {
        #expect(Completion.complete(value: "go", choices: ["good", "ok", "bad"]) == Completion(insertion: "od", alternatives: []))
        #expect(Completion.complete(value: "", choices: ["good", "ok", "bad"])
            == Completion(insertion: "", alternatives: ["good", "ok", "bad"]))
        #expect(Completion.complete(value: "x", choices: ["good"]) == .none)
    }
}

@Suite struct TargetCompletionTests {
    @Test func anAbsolutePathCompletesFromTheRootWhereverTheUserIs() throws {
        let fixture = try StoreFixture()
        try fixture.lists("/tasks/today")
        try fixture.lists("/talks")
        let deep = try fixture.lists("/journal/2026")
        let completion = TargetCompletion(store: fixture.store)
        #expect(try completion.candidates(for: "/ta", from: deep) == ["/talks", "/tasks"])
        #expect(try completion.candidates(for: "/tasks/t", from: deep) == ["/tasks/today"])
        #expect(try completion.candidates(for: "/", from: deep) == ["/journal", "/talks", "/tasks"])
    }

    @Test func aRelativePathCompletesFromTheCurrentPlace() throws {
        let fixture = try StoreFixture()
        let journal = try fixture.lists("/journal")
        try fixture.lists("/journal/weekend trip")
        try fixture.item("日本酒 tasting", under: journal)
        let completion = TargetCompletion(store: fixture.store)
        #expect(try completion.candidates(for: "we", from: journal) == ["weekend trip"])
        #expect(try completion.candidates(for: "日", from: journal) == ["日本酒 tasting"])
        #expect(try completion.candidates(for: "jo", from: .root) == ["journal"])
        #expect(try completion.candidates(for: "journal/", from: .root) == ["journal/weekend trip", "journal/日本酒 tasting"])
        #expect(try completion.candidates(for: "../jo", from: journal) == ["../journal"])
    }

    @Test func namesThatCouldNotBeTypedBackOrShownAreLeftOut() throws {
        let fixture = try StoreFixture()
        try fixture.item("bell\u{7}ring")
        try fixture.item("be\u{1b}[31mred")
        try fixture.item("before/after")
        try fixture.item("best")
        #expect(try TargetCompletion(store: fixture.store).candidates(for: "be", from: .root) == ["best"])
    }

    @Test func aPathThatNamesNothingCompletesToNothing() throws {
        let fixture = try StoreFixture()
        try fixture.lists("/tasks")
        #expect(try TargetCompletion(store: fixture.store).candidates(for: "/nothing/ta", from: .root) == [])
    }
}
