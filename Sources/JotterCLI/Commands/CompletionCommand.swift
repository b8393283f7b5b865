import ArgumentParser

/// `jotter completion SHELL`: the script that makes Tab complete jotter's commands,
/// options, formats and names in that shell. The argument parser writes it from the
/// command tree; names come back through its hidden `---completion` request
/// (`ShellCompletion`).
struct CompletionCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "completion",
        abstract: "Print the Tab completion script of a shell.",
        discussion: """
            Tab then completes commands, options and formats, and the names of lists, \
            items and fields, which jotter reads from the store the line names (--store) \
            or the default one; an encrypted store gives names while its key is cached. \
            Scripts/install puts the three scripts where the shells look for them.
            """)

    @Argument(help: ArgumentHelp("The shell.", valueName: "shell"))
    var shell: Shell

    enum Shell: String, CaseIterable, ExpressibleByArgument {
        case bash, zsh, fish
    }

    func run() throws {
        print(Self.script(for: shell), terminator: "")
    }

    static func script(for shell: Shell) -> String {
        let script = JotterCommand.completionScript(for: CompletionShell(rawValue: shell.rawValue)!)
        return shell == .fish ? describingOptionsAlone(script) : script
    }

    /// fish shows a `complete` line's description beside each value the line offers,
    /// so every format read "(The output format.)": the values are offered by a line
    /// of their own, and the option is described by a line after it (fish describes an
    /// option as the last line that names it does).
    static func describingOptionsAlone(_ script: String) -> String {
        let lines: [Substring] = script.split(separator: "\n", omittingEmptySubsequences: false)
        return lines.map { line -> String in
            guard line.hasPrefix("complete "), let values = line.firstRange(of: " -rfka '"),
                  let description = line.firstRange(of: " -d '"), description.upperBound < values.lowerBound else {
                return String(line)
            }
            let option = String(line[..<values.lowerBound])
            let offered = String(line[..<description.lowerBound]) + String(line[values.lowerBound...])
            return offered + "\n" + option + " -r"
        }.joined(separator: "\n")
    }
}
