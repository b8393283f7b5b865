import ArgumentParser
import Foundation
@testable import JotterCLI
import Testing

/// The words of a text are set aside before the argument parser reads a line, by a
/// table of the options that take a value and of the targets before the text: the
/// table must say what each command declares to the parser.
@Suite struct TextWordsOptionsTests {
    @Test(arguments: TextWords.commands.keys.sorted())
    func theTableOfATextCommandIsWhatItDeclares(command name: String) throws {
        let command = try #require(TextWords.commands[name])
        let declared = try arguments(of: name)
        let valueOptions = declared.filter { $0["kind"] as? String == "option" }.flatMap { option in
            (option["names"] as? [[String: Any]] ?? []).map { name in
                (name["kind"] as? String == "long" ? "--" : "-") + (name["name"] as? String ?? "")
            }
        }
        #expect(Set(valueOptions) == Set(command.valueOptions))
        let positionals = declared.filter { $0["kind"] as? String == "positional" }
        #expect(positionals.count == command.targets + 1)
        #expect(positionals.last?["isRepeating"] as? Bool == true)
    }

    /// The arguments the parser knows of command `name`, as its help dump lists them.
    private func arguments(of name: String) throws -> [[String: Any]] {
        var dump = ""
        do {
            _ = try JotterCommand.parseAsRoot([name, "--experimental-dump-help"])
        } catch {
            dump = JotterCommand.fullMessage(for: error)
        }
        let info = try #require(try JSONSerialization.jsonObject(with: Data(dump.utf8)) as? [String: Any])
        let command = try #require(info["command"] as? [String: Any])
        #expect(command["commandName"] as? String == name)
        return command["arguments"] as? [[String: Any]] ?? []
    }
}
