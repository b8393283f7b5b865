import Foundation
import Testing

/// Tab at the prompt, under a real pseudo-terminal: an absolute path in a command,
/// and a choice field's value while the form asks for it.
@Suite struct PromptCompletionTests {
    let jotter = Jotter()

    @Test func anAbsolutePathAndAChoiceComplete() throws {
        for command in [["new", "tasks"], ["field", "add", "mood", "choice", "good,ok,bad"], ["cd", "/"],
                        ["new", "journal"]] {
            let result = try jotter.run(command)
            #expect(result.status == 0, "jotter \(command): \(result.errors)")
        }
        let prompt = try jotter.prompt(expecting: "/journal › ")
        // libedit redraws the line after Tab: where Enter then goes, and what it
        // stores, show what was completed.
        prompt.type(":cd /tas\t")
        try prompt.waitUntilTaken()
        prompt.type("\r")
        try prompt.expect("/tasks › ")
        prompt.type("water the plants\r")
        try prompt.expect("/tasks › mood (good, ok, bad): ")
        prompt.type("go\t")
        try prompt.waitUntilTaken()
        prompt.type("\r")
        try prompt.expect("/tasks › ")
        prompt.type("\u{4}")
        #expect(try prompt.waitForExit() == 0)
        #expect(try jotter.run(["list", "/tasks"]).text.contains("mood:good"))
    }
}
