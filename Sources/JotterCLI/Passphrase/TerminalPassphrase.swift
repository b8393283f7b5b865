#if canImport(Glibc)
import Glibc
#endif
import JotterCore

/// Asks for a passphrase on the terminal itself, not on standard input (which may be a
/// file being imported), with echo off, and always gives the terminal back as it was.
struct TerminalPassphrase {
    /// The terminal to ask on: the process's controlling terminal, or a test's own.
    let terminalPath: String

    /// A longer line is refused rather than held in a buffer that grows, and so copies
    /// the secret about memory.
    static let maximumLength = 1024

    static let noTerminal = JotterError.input(
        "no terminal to ask for the passphrase on; give a command that prints it with --passphrase-command or JOTTER_PASSPHRASE_COMMAND")

    init(terminalPath: String = "/dev/tty") {
        self.terminalPath = terminalPath
    }

    /// Shows `prompt` and reads one line without echo. The caller wipes it.
    func ask(prompt: String) throws -> [UInt8] {
        let terminal = open(terminalPath, O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard terminal >= 0 else { throw Self.noTerminal }
        defer { close(terminal) }
        var saved = termios()
        guard tcgetattr(terminal, &saved) == 0 else { throw Self.noTerminal }
        var silent = saved
        silent.c_lflag &= ~tcflag_t(ECHO | ECHOE | ECHOK | ECHONL)
        silent.c_lflag |= tcflag_t(ICANON | ISIG)
        // Flushing drops what was typed ahead while echo was still on: it was seen.
        // The prompt comes after, so that what is typed once it shows is kept.
        // Ctrl-Z does nothing while the passphrase is typed: a shell that stopped
        // jotter would give the terminal its echo back, and on `fg` the rest of the
        // passphrase would show.
        let suspension = signal(SIGTSTP, SIG_IGN)
        defer { signal(SIGTSTP, suspension) }
        var line: [UInt8] = []
        // Signals are caught before echo goes off: one that came between the two, as
        // a terminal closing just after the prompt showed, ended jotter with the
        // terminal left silent.
        let ending = try Interruption.catchingSignals { () throws -> LineEnding in
            guard tcsetattr(terminal, TCSAFLUSH, &silent) == 0 else { throw Self.noTerminal }
            write(terminal, prompt)
            let ending = readLine(from: terminal, into: &line)
            tcsetattr(terminal, TCSAFLUSH, &saved)
            // The Enter typed was not echoed.
            write(terminal, "\n")
            return ending
        }
        switch ending {
        case .complete:
            if line.last == UInt8(ascii: "\r") { line.removeLast() }
            return line
        case .tooLong:
            line.wipe()
            throw JotterError.input("the passphrase typed is longer than \(Self.maximumLength) bytes")
        case .endOfInput:
            line.wipe()
            throw JotterError.input("no passphrase was typed (end of input)")
        case .interrupted(let signal):
            line.wipe()
            // The terminal is itself again and jotter's own handling is back: the
            // signal does now what it would have done without this prompt.
            raise(signal)
            throw JotterError.input("interrupted; no passphrase was typed")
        case .failed(let code):
            line.wipe()
            throw JotterError.input("cannot read the passphrase from \(terminalPath): \(String(cString: strerror(code)))")
        }
    }

    /// Asks for a new passphrase twice, as a typing mistake no one can see would lock
    /// the store for good; an empty one or two that differ ask again, three times in all.
    func askNew() throws -> [UInt8] {
        for _ in 1...3 {
            var first = try ask(prompt: "New passphrase: ")
            guard !first.isEmpty else {
                tell("The passphrase cannot be empty.")
                continue
            }
            var second = try ask(prompt: "Again: ")
            defer { second.wipe() }
            if first == second { return first }
            first.wipe()
            tell("The two passphrases differ.")
        }
        throw JotterError.input("no new passphrase was set: three tries were empty or did not match")
    }

    /// Writes `line` on the terminal, before a question.
    func say(_ line: String) { tell(line) }

    private func tell(_ line: String) {
        let terminal = open(terminalPath, O_WRONLY | O_NOCTTY | O_CLOEXEC)
        guard terminal >= 0 else { return }
        write(terminal, line + "\n")
        close(terminal)
    }

    private enum LineEnding {
        case complete, tooLong, endOfInput, interrupted(Int32), failed(Int32)
    }

    /// Reads up to the line end a byte at a time, so nothing after the line is taken
    /// from the terminal, into `line`, made large enough once.
    private func readLine(from terminal: Int32, into line: inout [UInt8]) -> LineEnding {
        line.reserveCapacity(Self.maximumLength)
        var tooLong = false
        var byte: UInt8 = 0
        while true {
            // A signal that came before the read began would not end it.
            if Interruption.signal != 0 { return .interrupted(Interruption.signal) }
            let count = read(terminal, &byte, 1)
            if count < 0 {
                if errno == EINTR {
                    if Interruption.signal != 0 { return .interrupted(Interruption.signal) }
                    continue
                }
                return .failed(errno)
            }
            guard count == 1 else { return tooLong ? .tooLong : line.isEmpty ? .endOfInput : .complete }
            if byte == UInt8(ascii: "\n") { break }
            if line.count < Self.maximumLength {
                line.append(byte)
            } else {
                tooLong = true
            }
        }
        byte = 0
        return tooLong ? .tooLong : .complete
    }

    private func write(_ terminal: Int32, _ text: String) {
        var bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeMutableBytes { Glibc.write(terminal, $0.baseAddress! + offset, $0.count - offset) }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { return }
            offset += written
        }
    }
}
