import Foundation
import Testing

/// Tab in bash, zsh and fish: each real shell under a pseudo-terminal, started with
/// no rc file of the user's, with the script `jotter completion SHELL` prints and
/// jotter on its PATH, so that names come from the store through the hidden
/// completion request as they would for a user.
@Suite struct ShellCompletionTests {
    enum Shell: String, CaseIterable, CustomTestStringConvertible {
        case bash, zsh, fish

        var testDescription: String { rawValue }

        var launcher: [String] {
            switch self {
            case .bash: ["/bin/bash", "--norc", "--noprofile", "-i"]
            case .zsh: ["/usr/bin/zsh", "-f", "-i"]
            case .fish: ["/usr/bin/fish", "--no-config", "-i"]
            }
        }

        /// The line that loads `script` and sets the prompt to `42> `, which its echo
        /// does not show: the prompt is only seen once the line has run.
        func setUp(script: String) -> String {
            switch self {
            case .bash: "source '\(script)'; PS1=\"$((6*7))> \""
            case .zsh: "autoload -Uz compinit; compinit -u -D; bindkey -e; source '\(script)'; PS1=\"$((6*7))> \""
            case .fish: "source '\(script)'; function fish_prompt; echo -n (math 6 \\* 7)'> '; end"
            }
        }
    }

    static let shellPrompt = "42> "

    /// A store whose names have spaces, non-ASCII letters, what a shell would expand,
    /// and what a terminal would act on.
    func filledStore() throws -> Jotter {
        let jotter = Jotter()
        for command in [
            ["new", "journal"], ["cd", "/"], ["add", "--to", "journal", "walk in the park"],
            ["add", "milk 2 litres"], ["add", "日本酒"], ["add", "Bob's list"], ["add", "best"],
            ["add", "be\u{1b}]2;pwned\u{7}"], ["field", "add", "price", "decimal"],
            ["field", "add", "mood", "choice", "good,ok,bad"],
        ] {
            let result = try jotter.run(command)
            #expect(result.status == 0, "jotter \(command): \(result.errors)")
        }
        return jotter
    }

    func shell(_ shell: Shell, over jotter: Jotter) throws -> PseudoTerminalSession {
        let bin = jotter.folder.file("bin")
        try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: bin + "/jotter", withDestinationPath: Jotter.binary)
        let script = jotter.folder.file("completion." + shell.rawValue)
        let printed = try jotter.run(["completion", shell.rawValue])
        #expect(printed.status == 0)
        try printed.output.write(to: URL(fileURLWithPath: script))
        let environment = jotter.environment.merging([
            "PATH": bin + ":/usr/bin:/bin", "TERM": "xterm",
            "XDG_CONFIG_HOME": jotter.folder.file("config"), "XDG_DATA_HOME": jotter.folder.file("data"),
        ]) { $1 }
        let session = try PseudoTerminalSession(launcher: shell.launcher, environment: environment)
        session.type(shell.setUp(script: script) + "\r")
        try session.expect(Self.shellPrompt)
        return session
    }

    /// Types `line` and Tab, waits until the line reads `completed`, and clears it.
    func complete(_ line: String, to completed: String, in session: PseudoTerminalSession) throws {
        session.type(line + "\t")
        try session.expect(completed)
        session.type("\u{15}")
    }

    @Test(arguments: Shell.allCases)
    func namesFormatsAndFieldsComplete(in shell: Shell) throws {
        let jotter = try filledStore()
        let session = try self.shell(shell, over: jotter)
        try complete("jotter cd jo", to: "jotter cd journal", in: session)
        try complete("jotter cd journal/wa", to: "jotter cd journal/walk\\ in\\ the\\ park", in: session)
        try complete("jotter done mi", to: "jotter done milk\\ 2\\ litres", in: session)
        try complete("jotter rm 日", to: "jotter rm 日本酒", in: session)
        try complete("jotter edit Bo", to: "jotter edit Bob\\'s\\ list", in: session)
        try complete("jotter add --to jo", to: "jotter add --to journal", in: session)
        try complete("jotter sum pr", to: "jotter sum price", in: session)
        try complete("jotter list --format ts", to: "jotter list --format tsv", in: session)
        try complete("jotter add tea mood:g", to: "jotter add tea mood:good", in: session)
        // The name that holds a control sequence is not offered, so 'be' has one name.
        try complete("jotter cd be", to: "jotter cd best", in: session)
        #expect(!session.text.contains("pwned"))
    }

    @Test(arguments: Shell.allCases)
    func aStoreNamedOnTheLineGivesTheNames(in shell: Shell) throws {
        let jotter = try filledStore()
        let other = Jotter()
        #expect(try other.run(["new", "kitchen"]).status == 0)
        #expect(try other.run(["cd", "/"]).status == 0)
        let session = try self.shell(shell, over: jotter)
        try complete("jotter --store \(other.store) cd ki", to: "cd kitchen", in: session)
    }

    @Test(arguments: Shell.allCases)
    func formatsAreListedWithoutTheOptionsHelpBesideEach(in shell: Shell) throws {
        let session = try self.shell(shell, over: try filledStore())
        session.type("jotter list --format t\t\t")
        let listing = try session.expect("txt")
        #expect(listing.contains("tsv"))
        #expect(!session.text.contains("The output format"))
    }
}
