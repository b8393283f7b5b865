import Foundation
@testable import JotterCLI
import TestSupport
import Testing

/// Help a new user can read: a short first screen, examples, topics, and a man page
/// that says what `jotter help` says.
@Suite struct HelpTests {
    let jotter = Jotter()

    /// Every command's words, the shell's alone too, with those of its subcommands.
    static let commandPaths: [[String]] = (CommandRegistry.commands + CommandRegistry.shellCommands).flatMap { entry in
        let name = entry.command.configuration.commandName!
        return [[name]] + entry.command.configuration.subcommands.map { [name, $0.configuration.commandName!] }
    }

    @Test(arguments: [["--help"], ["-h"], ["help"]])
    func theHelpOfJotterIsOneShortScreenWithExamplesAndTopics(arguments: [String]) throws {
        let help = try jotter.run(arguments)
        #expect(help.status == 0)
        #expect(help.lines.count <= 40, "\(help.lines.count) lines")
        for word in ["EXAMPLES:", "jotter add", "jotter help TOPIC", "exit-status", "encryption", "--version"] {
            #expect(help.text.contains(word), "\(word)")
        }
        let commands = help.text.components(separatedBy: "COMMANDS")[1].components(separatedBy: "\n\n")[0]
        #expect(commands.split(separator: "\n").count == 11, "a heading and ten commands")
    }

    @Test(arguments: commandPaths)
    func eachCommandsFirstScreenIsItsUsageWhatItDoesAndExamples(words: [String]) throws {
        let help = try jotter.run(words + ["--help"])
        #expect(help.status == 0)
        let lines = help.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines[0].hasPrefix("USAGE: jotter " + words.joined(separator: " ")), "\(lines[0])")
        let examples = try #require(lines.firstIndex(of: "EXAMPLES:"), "\(words)")
        let examplesEnd = lines[examples...].firstIndex(of: "") ?? lines.count
        #expect(examplesEnd - examples >= 2, "\(words): an example at least")
        #expect(examplesEnd <= 25, "\(words): the examples end at line \(examplesEnd)")
        #expect(!help.text.contains("--version"), "\(words)")
    }

    @Test func theVersionIsJottersOnly() throws {
        let version = try jotter.run(["--version"])
        #expect(version.status == 0 && version.text == CommandHelp.version + "\n")
        let refused = try jotter.run(["list", "--version"])
        #expect(refused.status == 2, "\(refused.errors)")
    }

    @Test func findAndLogListTheFormatsTheyTakeAndTakeThemAll() throws {
        for command in ["find", "log"] {
            let help = try jotter.run([command, "--help"]).text
            #expect(help.contains("values: text, json, jsonl, tsv;"), "\(command): \(help)")
            #expect(!help.contains("csv") && !help.contains(" md") && !help.contains("txt"), "\(command)")
            for format in FoundFormat.allCases {
                let arguments = command == "find" ? ["find", "--format", format.rawValue, "x"] : ["log", "--format", format.rawValue]
                let result = try jotter.run(arguments)
                #expect(result.status == 0, "\(arguments): \(result.errors)")
            }
            let refused = try jotter.run(command == "find" ? ["find", "--format", "md", "x"] : ["log", "--format", "md"])
            #expect(refused.status == 2 && refused.errors.contains("'text', 'json', 'jsonl' or 'tsv'"), "\(refused.errors)")
        }
    }

    @Test func aWrongFormatIsOneLineWithoutAnEscapedLineBreak() throws {
        let result = try jotter.run(["list", "--format", "yaml"])
        #expect(result.status == 2)
        #expect(!result.errors.contains("\\n"), "\(result.errors)")
        #expect(result.errors.split(separator: "\n").count == 1, "\(result.errors)")
    }

    @Test(arguments: HelpTopic.allCases)
    func eachTopicHasItsHelp(topic: HelpTopic) throws {
        let help = try jotter.run(["help", topic.rawValue])
        #expect(help.status == 0)
        #expect(help.text == topic.text + "\n")
    }

    /// The man page holds the text of every topic, word for word, and the sections a
    /// man page is expected to have.
    @Test func theManPageSaysWhatHelpSays() throws {
        let page = try String(contentsOfFile: Project.root + "/man/jotter.1", encoding: .utf8)
        let text = Self.words(ofManPage: page)
        for topic in HelpTopic.allCases {
            // A topic may gather paragraphs the page has in several places.
            for paragraph in try jotter.run(["help", topic.rawValue]).text.components(separatedBy: "\n\n") {
                #expect(text.contains(Self.words(paragraph)), "\(topic): \(paragraph)")
            }
        }
        for section in ["DESCRIPTION", "COMMANDS", "ENVIRONMENT", "FILES", "\"EXIT STATUS\"", "EXAMPLES", "\"SEE ALSO\""] {
            #expect(page.contains("\n.Sh \(section)\n"), "\(section)")
        }
        #expect(page.contains("shown with a ✓ (and struck through"))
        #expect(!page.contains(".Ex -std"))
    }

    /// The running text of an mdoc page: macro lines left out, escapes undone.
    static func words(ofManPage page: String) -> String {
        let lines = page.split(separator: "\n").filter { !$0.hasPrefix(".") }.map { line in
            (line.hasPrefix("\\&") ? String(line.dropFirst(2)) : String(line)).replacingOccurrences(of: "\\e", with: "\\")
        }
        return words(lines.joined(separator: " "))
    }

    static func words(_ text: String) -> String {
        text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }
}
