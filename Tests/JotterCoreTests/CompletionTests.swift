import JotterCore
import Testing

@Suite struct CompletionTests {
    let commands = ["list", "ls", "cd", "up", "new", "path", "add", "quit", "help"]

    func complete(_ line: String, names: [String] = []) -> Completion {
        Completion.complete(lineBeforeCursor: line, commands: commands) { prefix in names.filter { $0.hasPrefix(prefix) } }
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
}
