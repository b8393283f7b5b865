import JotterCore

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
        return environment("TERM") != "dumb"
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

/// Lines for the user: on standard error, or kept in memory for a test.
final class Messages {
    private let fileDescriptor: Int32?
    /// What was written, when nothing is written to a file descriptor.
    private(set) var text = ""

    nonisolated(unsafe) static let standardError = Messages(fileDescriptor: STDERR_FILENO)

    init(fileDescriptor: Int32) {
        self.fileDescriptor = fileDescriptor
    }

    /// Messages kept in `text`.
    init() {
        fileDescriptor = nil
    }

    /// One line to the user. Anything in it that came from outside (item text, an
    /// argument echoed in a parser error) has its control characters escaped here,
    /// and only here.
    func show(_ line: String) {
        write(TerminalStyle.escaped(line) + "\n")
    }

    func error(_ message: String) {
        show("jotter: " + message)
    }

    /// Writes as it is, for a question or a progress line that rewrites itself.
    func write(_ text: String) {
        guard let fileDescriptor else {
            self.text += text
            return
        }
        var text = text
        text.withUTF8 { bytes in
            var offset = 0
            while offset < bytes.count {
                let written = Glibc.write(fileDescriptor, bytes.baseAddress! + offset, bytes.count - offset)
                if written <= 0 {
                    if written < 0 && errno == EINTR { continue }
                    return
                }
                offset += written
            }
        }
    }
}
