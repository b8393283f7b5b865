#if canImport(Glibc)
import Glibc
#endif

/// The keys typed or pasted at the terminal, read as many at a time as are waiting.
/// libedit asks for one character at a time; reading the terminal a byte a call cost
/// a system call per key, and asking the terminal whether more was waiting after each
/// key echoed cost another.
final class TerminalInput {
    private let descriptor: Int32
    /// Fixed, like the output's buffer, so that nothing here allocates while a line is read.
    private let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 4096, alignment: 1)
    private var next = 0
    private var end = 0

    init(descriptor: Int32 = STDIN_FILENO) {
        self.descriptor = descriptor
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
        if next == end {
            let count = Glibc.read(descriptor, buffer.baseAddress, buffer.count)
            if count < 0 { return .failed }
            if count == 0 { return .end }
            next = 0
            end = count
        }
        defer { next += 1 }
        return .byte(buffer[next])
    }

    /// Whether typed or pasted input is waiting to be read: already read here, or
    /// still with the terminal.
    var isWaiting: Bool {
        if next < end { return true }
        var waiting: Int32 = 0
        return ioctl(descriptor, UInt(FIONREAD), &waiting) == 0 && waiting > 0
    }
}
