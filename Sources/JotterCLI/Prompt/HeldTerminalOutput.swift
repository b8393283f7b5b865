#if canImport(Glibc)
import Glibc
#endif

/// What libedit writes to the terminal, held while typed or pasted input is already
/// waiting to be read, and written in one go once none is. libedit flushes after
/// every key it handles: a pasted line cost one write to the terminal per character,
/// and each of those writes wakes whatever shows the terminal.
final class HeldTerminalOutput {
    private let descriptor: Int32
    private let input: TerminalInput
    /// Fixed, so that a write from libedit's signal handler (a redraw after SIGCONT or
    /// SIGWINCH) never allocates.
    private let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 64 * 1024, alignment: 1)
    private var held = 0

    init(descriptor: Int32 = STDOUT_FILENO, input: TerminalInput) {
        self.descriptor = descriptor
        self.input = input
    }

    deinit { buffer.deallocate() }

    func write(_ bytes: UnsafeRawBufferPointer) {
        if bytes.count > buffer.count - held { flush() }
        if bytes.count > buffer.count {
            writeAll(bytes)
            return
        }
        UnsafeMutableRawBufferPointer(rebasing: buffer[held..<held + bytes.count]).copyMemory(from: bytes)
        held += bytes.count
        if !input.isWaiting { flush() }
    }

    /// Writes out everything held.
    func flush() {
        guard held > 0 else { return }
        writeAll(UnsafeRawBufferPointer(rebasing: buffer[..<held]))
        held = 0
    }

    private func writeAll(_ bytes: UnsafeRawBufferPointer) {
        var rest = bytes
        while !rest.isEmpty {
            let count = Glibc.write(descriptor, rest.baseAddress, rest.count)
            if count < 0 && errno == EINTR { continue }
            // The terminal is gone: there is nobody left to show anything to.
            guard count > 0 else { return }
            rest = UnsafeRawBufferPointer(rebasing: rest[count...])
        }
    }
}
