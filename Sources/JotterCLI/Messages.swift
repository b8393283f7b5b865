#if canImport(Glibc)
import Glibc
#endif

/// Lines for the user: on standard error, or kept in memory for a test.
final class Messages {
    private let fileDescriptor: Int32?
    /// Whether the messages go to a terminal, where a line may rewrite itself.
    let isTerminal: Bool
    /// What was written, when nothing is written to a file descriptor.
    private(set) var text = ""

    nonisolated(unsafe) static let standardError = Messages(fileDescriptor: STDERR_FILENO)

    init(fileDescriptor: Int32) {
        self.fileDescriptor = fileDescriptor
        isTerminal = Terminal.isTerminal(fileDescriptor)
    }

    /// Messages kept in `text`.
    init() {
        fileDescriptor = nil
        isTerminal = false
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
