import Foundation
import PseudoTerminal
import Testing

/// jotter running under a real pseudo-terminal: keys go in as bytes, and what the
/// terminal would show comes back, so libedit itself is exercised.
final class PseudoTerminalSession {
    let pid: pid_t
    let controller: Int32
    /// Everything the program wrote to the terminal so far.
    private(set) var transcript: [UInt8] = []
    /// Where the next `expect` starts looking.
    private var cursor = 0
    private var exitStatus: Int32?

    /// How long to wait for text that should come: generous, as this only guards
    /// against a hang and never measures speed.
    static let patience: Double = 30

    /// Runs jotter with `arguments`, or with `launcher`, a command that runs jotter
    /// in its turn (as another user, say).
    init(arguments: [String] = [], launcher: [String] = [], environment: [String: String],
         rows: UInt16 = 40, columns: UInt16 = 120) throws {
        let command = launcher.isEmpty ? [Jotter.binary] + arguments : launcher
        let argv = command.map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var controller: Int32 = -1
        pid = jotter_spawn_in_pseudo_terminal(command[0], argv, envp, rows, columns, &controller)
        guard pid > 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        self.controller = controller
    }

    deinit {
        if exitStatus == nil {
            kill(pid, SIGKILL)
            var status: Int32 = 0
            waitpid(pid, &status, 0)
        }
        close(controller)
    }

    /// Sends keys as typed. "\r" is Enter, "\u{7f}" Backspace, "\u{3}" Ctrl-C, "\u{4}" Ctrl-D.
    func type(_ keys: String) {
        var bytes = Array(keys.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeMutableBytes { write(controller, $0.baseAddress! + offset, $0.count - offset) }
            if written < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                return
            }
            offset += written
        }
    }

    /// Sends text as a terminal that does not mark pastes sends a paste: in one write,
    /// so that the program finds its lines together.
    func paste(_ text: String) {
        type(text)
    }

    /// Sends a paste longer than the terminal's buffers hold, reading what the program
    /// echoes meanwhile: written whole, the paste filled the terminal's input while the
    /// program waited for its echo to be read, and neither side went on.
    func pasteReadingMeanwhile(_ text: String) {
        let flags = fcntl(controller, F_GETFL)
        _ = fcntl(controller, F_SETFL, flags | O_NONBLOCK)
        defer { _ = fcntl(controller, F_SETFL, flags) }
        let bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { write(controller, $0.baseAddress! + offset, min(4096, $0.count - offset)) }
            if written > 0 {
                offset += written
            } else if errno == EAGAIN || errno == EINTR {
                var descriptor = pollfd(fd: controller, events: Int16(POLLIN | POLLOUT), revents: 0)
                _ = poll(&descriptor, 1, 100)
                if descriptor.revents & Int16(POLLIN) != 0 { pump(timeout: 0) }
            } else {
                return
            }
        }
    }

    /// Waits until the program's side of the terminal has taken every key sent so far:
    /// read by the program, or, while the terminal assembles lines itself (canonical
    /// mode, as while a passphrase is asked for), taken into the line. Until then the
    /// kernel has yet to handle them, and would do so under whatever settings the
    /// program has by then (echo turned back on, say).
    func waitUntilTaken(sourceLocation: SourceLocation = #_sourceLocation) throws {
        let terminal = jotter_open_terminal_side(controller)
        guard terminal >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        defer { close(terminal) }
        let deadline = Date().addingTimeInterval(PseudoTerminalSession.patience)
        while true {
            // Linux passes keys still on their way to the line discipline before it
            // answers a poll of the terminal's side, so "nothing to read" means taken.
            var descriptor = pollfd(fd: terminal, events: Int16(POLLIN), revents: 0)
            if poll(&descriptor, 1, 0) >= 0 && descriptor.revents & Int16(POLLIN) == 0 { return }
            guard Date() < deadline else {
                Issue.record("the program never read the keys sent", sourceLocation: sourceLocation)
                throw CancellationError()
            }
            pump(timeout: 0.001)
        }
    }

    /// Changes the window size, as a terminal emulator does when its window is resized:
    /// the kernel then sends SIGWINCH to the program in the foreground.
    func resize(rows: UInt16, columns: UInt16) {
        var size = winsize(ws_row: rows, ws_col: columns, ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(controller, UInt(TIOCSWINSZ), &size)
    }

    /// Reads what is available, waiting up to `timeout` seconds; false once the
    /// program has closed the terminal.
    @discardableResult
    private func pump(timeout: Double) -> Bool {
        var descriptor = pollfd(fd: controller, events: Int16(POLLIN), revents: 0)
        guard poll(&descriptor, 1, Int32(timeout * 1000)) > 0 else { return true }
        var buffer = [UInt8](repeating: 0, count: 65536)
        let count = read(controller, &buffer, buffer.count)
        guard count > 0 else { return false }
        transcript.append(contentsOf: buffer[0..<count])
        return true
    }

    /// Waits until `text` appears after what earlier calls matched, and moves past it.
    /// Returns what came before it. When `text` is a prompt, only a prompt that starts
    /// a line counts (libedit redraws the prompt within a line, after Up or Tab), and
    /// the wait goes on until the line editor holds the terminal (raw mode), as keys
    /// typed before that are the terminal's to handle: a person never types within
    /// that instant, a test could.
    @discardableResult
    func expect(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        let needle = Array(text.utf8)
        // A prompt names a place, and may ask for a field or line after it.
        let isPrompt = text.hasSuffix(" › ") || (text.hasPrefix("/") && text.contains(" › "))
        let deadline = Date().addingTimeInterval(PseudoTerminalSession.patience)
        while true {
            if let range = find(needle, from: cursor, atLineStart: isPrompt) {
                let before = String(decoding: transcript[cursor..<range.lowerBound], as: UTF8.self)
                cursor = range.upperBound
                if isPrompt {
                    try waitUntilEditing(deadline: deadline, sourceLocation: sourceLocation)
                }
                return before
            }
            guard Date() < deadline, pump(timeout: 0.2) || find(needle, from: cursor, atLineStart: isPrompt) != nil else {
                let seen = String(decoding: transcript[cursor...], as: UTF8.self)
                Issue.record("waited for \(text.debugDescription); the terminal showed \(seen.debugDescription)",
                             sourceLocation: sourceLocation)
                throw CancellationError()
            }
        }
    }

    /// Whether `text` has appeared anywhere on the terminal, reading for up to `seconds`
    /// while it has not: for a test that feeds the program until something shows.
    func shows(_ text: String, waitingUpTo seconds: Double) -> Bool {
        let needle = Array(text.utf8)
        let deadline = Date().addingTimeInterval(seconds)
        while find(needle, from: 0) == nil {
            guard Date() < deadline else { return false }
            pump(timeout: 0.01)
        }
        return true
    }

    var isEditing: Bool {
        terminalSettings().c_lflag & tcflag_t(ICANON) == 0
    }

    private func waitUntilEditing(deadline: Date, sourceLocation: SourceLocation) throws {
        while !isEditing {
            guard Date() < deadline else {
                Issue.record("the prompt never took the terminal into raw mode", sourceLocation: sourceLocation)
                throw CancellationError()
            }
            pump(timeout: 0.001)
        }
    }

    /// Whether what shows at `index` starts a line: the prompt asks the terminal to
    /// mark pastes just before it, which shows nothing.
    private func startsLine(_ index: Int) -> Bool {
        var start = index
        let marks = ["\u{1B}[?2004h", "\u{1B}[?2004l"].map { Array($0.utf8) }
        while let mark = marks.first(where: { start >= $0.count && transcript[(start - $0.count)..<start].elementsEqual($0) }) {
            start -= mark.count
        }
        return start == 0 || transcript[start - 1] == UInt8(ascii: "\n")
    }

    private func find(_ needle: [UInt8], from start: Int, atLineStart: Bool = false) -> Range<Int>? {
        guard needle.count <= transcript.count - start else { return nil }
        for index in start...(transcript.count - needle.count) where transcript[index] == needle[0] {
            if atLineStart && !startsLine(index) { continue }
            if transcript[index..<index + needle.count].elementsEqual(needle) {
                return index..<index + needle.count
            }
        }
        return nil
    }

    /// Waits for the program to end and returns its exit status (128+N for signal N).
    func waitForExit() throws -> Int32 {
        if let exitStatus { return exitStatus }
        let deadline = Date().addingTimeInterval(PseudoTerminalSession.patience)
        var status: Int32 = 0
        while waitpid(pid, &status, WNOHANG) == 0 {
            guard Date() < deadline else {
                Issue.record("jotter did not exit; the terminal showed \(String(decoding: transcript, as: UTF8.self).debugDescription)")
                throw CancellationError()
            }
            pump(timeout: 0.05)
        }
        while pump(timeout: 0) && hasPendingOutput() {}
        let code = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        exitStatus = code
        return code
    }

    private func hasPendingOutput() -> Bool {
        var descriptor = pollfd(fd: controller, events: Int16(POLLIN), revents: 0)
        return poll(&descriptor, 1, 0) > 0 && (descriptor.revents & Int16(POLLIN)) != 0
    }

    /// The terminal's settings as the program left them (both sides share them).
    func terminalSettings() -> termios {
        var settings = termios()
        tcgetattr(controller, &settings)
        return settings
    }

    var text: String { String(decoding: transcript, as: UTF8.self) }
}

extension Jotter {
    /// Opens the prompt under a pseudo-terminal and waits for its first prompt.
    func prompt(expecting firstPrompt: String = "/ › ", environment extra: [String: String] = [:],
                arguments: [String] = []) throws -> PseudoTerminalSession {
        var environment = self.environment.merging(["TERM": "xterm", "NO_COLOR": "1"]) { $1 }
        environment.merge(extra) { $1 }
        let session = try PseudoTerminalSession(arguments: arguments, environment: environment)
        try session.expect(firstPrompt)
        return session
    }
}
