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

    /// The size of the terminal at `fileDescriptor`, or nil when it is not one or does
    /// not say. COLUMNS, when set, is the width: the user's word over the terminal's.
    static func size(of fileDescriptor: Int32) -> ScreenSize? {
        guard isTerminal(fileDescriptor) else { return nil }
        var size = winsize()
        let known = ioctl(fileDescriptor, UInt(TIOCGWINSZ), &size) == 0 && size.ws_col > 0 && size.ws_row > 0
        let columns = environment("COLUMNS").flatMap { Int($0) }.flatMap { $0 > 0 ? $0 : nil }
            ?? (known ? Int(size.ws_col) : nil)
        guard let columns else { return nil }
        return ScreenSize(rows: known ? Int(size.ws_row) : 24, columns: columns)
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
    /// The rows and columns of the terminal standard output is: listings wrap their
    /// long entries to its width. Nil for a pipe or file, where each entry stays on
    /// one line for the scripts that read them.
    var screen: ScreenSize? = nil

    /// Output to a file or pipe, as tests capture it: help wrapped as the argument
    /// parser wraps it there.
    static let none = TerminalFacts(inputIsTerminal: false, outputIsTerminal: false, colour: false, width: 80)

    static func ofThisProcess(colour choice: ColourChoice = .auto) -> TerminalFacts {
        let outputIsTerminal = Terminal.isTerminal(STDOUT_FILENO)
        return TerminalFacts(inputIsTerminal: Terminal.isTerminal(STDIN_FILENO), outputIsTerminal: outputIsTerminal,
                             colour: choice.takesColour(outputIsTerminal: outputIsTerminal, environment: Terminal.environment),
                             width: nil, screen: Terminal.size(of: STDOUT_FILENO))
    }
}

/// A terminal's size, in rows and in columns of cells.
struct ScreenSize: Equatable {
    var rows: Int
    var columns: Int
}
