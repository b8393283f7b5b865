#if canImport(Glibc)
import Glibc
#endif

/// What jotter needs to know about the terminal it runs on.
enum Terminal {
    static func isTerminal(_ fileDescriptor: Int32) -> Bool {
        isatty(fileDescriptor) == 1
    }

    static func environment(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }

    /// Colour only on a terminal, and never when NO_COLOR is set to anything.
    static func wantsColour(fileDescriptor: Int32) -> Bool {
        guard isTerminal(fileDescriptor) else { return false }
        if let noColour = environment("NO_COLOR"), !noColour.isEmpty { return false }
        return takesPrivateModes
    }

    /// Whether the terminal understands the private modes of xterm's kind, such as
    /// marking pastes: every terminal but one that says it is dumb.
    static var takesPrivateModes: Bool {
        environment("TERM") != "dumb"
    }

    /// Uses the user's locale, but always with UTF-8 character handling: jotter's text
    /// is UTF-8 whatever LANG says, and libedit edits by character only in a UTF-8 locale.
    static func setUpLocale() {
        setlocale(LC_ALL, "")
        if String(cString: nl_langinfo(nl_item(CODESET))) != "UTF-8" {
            setlocale(LC_CTYPE, "C.UTF-8")
        }
    }
}

/// What jotter knows about the terminal it writes to.
struct TerminalFacts: Equatable {
    var inputIsTerminal: Bool
    var outputIsTerminal: Bool
    /// Standard output takes colour: a terminal, NO_COLOR unset and TERM not dumb.
    var colour: Bool
    /// The columns help is wrapped to; nil to let the argument parser ask the terminal.
    var width: Int?

    /// Output to a file or pipe, as tests capture it: help wrapped as the argument
    /// parser wraps it there.
    static let none = TerminalFacts(inputIsTerminal: false, outputIsTerminal: false, colour: false, width: 80)

    static func ofThisProcess() -> TerminalFacts {
        TerminalFacts(inputIsTerminal: Terminal.isTerminal(STDIN_FILENO), outputIsTerminal: Terminal.isTerminal(STDOUT_FILENO),
                      colour: Terminal.wantsColour(fileDescriptor: STDOUT_FILENO), width: nil)
    }
}
