import CEditLine

#if canImport(Glibc)
import Glibc
#endif

/// The keys typed or pasted at the terminal, read as many at a time as are waiting.
/// libedit asks for one character at a time; reading the terminal a byte a call cost
/// a system call per key, and asking the terminal whether more was waiting after each
/// key echoed cost another.
///
/// A terminal in bracketed paste mode marks pasted text with `ESC [200~` before and
/// `ESC [201~` after: the marks are taken out here, and each byte is known to be
/// pasted or typed.
///
/// Each line is also told apart as typed or pasted where the terminal marks nothing:
/// a line came in one burst with other input (a paste, or lines faster than anyone
/// types them) when it began in the read that ended the line before, or was there
/// whole before jotter asked for it, or had more waiting behind its end. A line with
/// anything of a marked paste in it, or a paste mark, is pasted too.
final class TerminalInput {
    private let descriptor: Int32
    /// Fixed, like the output's buffer, so that nothing here allocates while a line is read.
    private let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 4096, alignment: 1)
    private var next = 0
    private var end = 0
    private var isInPaste = false
    /// What is known of the line being read since `beginLine`.
    private var lineBeganInTheReadBefore = false
    private var lineBeganWaiting = false
    private var lineWaitedForAKey = false
    private var lineWasInAMarkedPaste = false

    static let pasteStart = Array("\u{1B}[200~".utf8)
    static let pasteEnd = Array("\u{1B}[201~".utf8)
    /// Asks the terminal to mark pastes, and to stop.
    static let enablePasteMarks = "\u{1B}[?2004h"
    static let disablePasteMarks = "\u{1B}[?2004l"

    /// The signals whose handlers note something the reader must act on, and the
    /// question whether one has.
    private var wakingSignals = sigset_t()
    private let isWoken: () -> Bool

    /// A wait for keys ends when one of `signals` comes and `isWoken` then says so,
    /// whenever the signal comes: before the wait or during it.
    init(descriptor: Int32 = STDIN_FILENO, wakingOn signals: [Int32] = [], isWoken: @escaping () -> Bool = { false }) {
        self.descriptor = descriptor
        self.isWoken = isWoken
        sigemptyset(&wakingSignals)
        for signal in signals { sigaddset(&wakingSignals, signal) }
    }

    deinit { buffer.deallocate() }

    enum Read: Equatable {
        case byte(UInt8)
        case end
        /// The read failed; `errno` says why (EINTR for a signal).
        case failed
    }

    /// The next byte, waiting for one when none is read yet.
    func nextByte() -> Read {
        while next == end {
            guard fill() else { return errno == 0 ? .end : .failed }
            skipPasteMarks()
        }
        let byte = buffer[next]
        next += 1
        if isInPaste { lineWasInAMarkedPaste = true }
        // At once, so that what is held here is always input, and output is never held
        // back for a mark while the next read waits.
        skipPasteMarks()
        return .byte(byte)
    }

    private func skipPasteMarks() {
        while next < end, buffer[next] == 0x1B, let mark = pasteMark() {
            next += mark.count
            isInPaste = mark == TerminalInput.pasteStart
            // An end mark where no paste began is the end of one whose text held a
            // mark of its own: what came between was pasted too.
            lineWasInAMarkedPaste = true
        }
    }

    /// How a line came.
    enum LineOrigin: Equatable {
        case typed
        /// In one burst with other input, with no mark from the terminal.
        case pasted
        /// With or inside a paste the terminal marked.
        case markedPaste
    }

    /// Starts the account of a new line: call before the prompt for it shows, so that
    /// what was waiting then came before anyone could have seen the prompt.
    func beginLine() {
        // Bytes still held came in the read that brought the end of the line before.
        lineBeganInTheReadBefore = next < end
        lineBeganWaiting = isWaiting
        lineWaitedForAKey = false
        lineWasInAMarkedPaste = isInPaste
    }

    /// How the line read since `beginLine` came, once its end is read.
    var lineOrigin: LineOrigin {
        if lineWasInAMarkedPaste || isInPaste { return .markedPaste }
        if lineBeganInTheReadBefore || (lineBeganWaiting && !lineWaitedForAKey) || isWaiting { return .pasted }
        return .typed
    }

    /// Whether typed or pasted input is waiting to be read: already read here, or
    /// still with the terminal.
    var isWaiting: Bool {
        if next < end { return true }
        var waiting: Int32 = 0
        return ioctl(descriptor, UInt(FIONREAD), &waiting) == 0 && waiting > 0
    }

    /// The paste mark that starts at `next`, reading the rest of it when it has only
    /// begun to arrive; nil for any other escape sequence, or a lone Escape key.
    private func pasteMark() -> [UInt8]? {
        let marks = [TerminalInput.pasteStart, TerminalInput.pasteEnd]
        while true {
            let available = UnsafeRawBufferPointer(rebasing: buffer[next..<end])
            if let mark = marks.first(where: { available.starts(with: $0) }) { return mark }
            guard marks.contains(where: { $0.starts(with: available) }), available.count < marks[0].count else {
                return nil
            }
            // A terminal sends a mark in one write, but a slow link can deliver it in
            // two. A lone ESC may be the Escape key, whose next key may never come: the
            // rest of a mark is waited for a moment. ESC [ 2 is the start of no key on
            // its own, so the rest is waited for as any key is (a signal still ends
            // the wait): handed to libedit, it left the paste open and "01~" in the text.
            if available.count < 3 {
                var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
                guard poll(&poller, 1, 50) > 0 else { return nil }
            }
            guard fill() else { return nil }
        }
    }

    /// Waits until input can be read; false, with `errno` EINTR, when a waking signal
    /// came. The signals are held back between the look at `isWoken` and the wait, and
    /// let through only inside it: one that came just before the wait would otherwise
    /// leave it waiting for a key.
    private func waitForInput() -> Bool {
        var previous = sigset_t()
        sigprocmask(SIG_BLOCK, &wakingSignals, &previous)
        defer { sigprocmask(SIG_SETMASK, &previous, nil) }
        while true {
            if isWoken() {
                errno = EINTR
                return false
            }
            if jotter_wait_for_input(descriptor, &previous) >= 0 || errno != EINTR { return true }
        }
    }

    /// Reads more after what is held; false at the end of input or on an error, with
    /// `errno` 0 for the end.
    private func fill() -> Bool {
        if next > 0 && next < end {
            buffer.baseAddress!.copyMemory(from: buffer.baseAddress! + next, byteCount: end - next)
        }
        end -= next
        next = 0
        guard end < buffer.count else { return false }
        if !isWaiting { lineWaitedForAKey = true }
        guard waitForInput() else { return false }
        errno = 0
        let count = Glibc.read(descriptor, buffer.baseAddress! + end, buffer.count - end)
        guard count > 0 else { return false }
        end += count
        return true
    }
}
