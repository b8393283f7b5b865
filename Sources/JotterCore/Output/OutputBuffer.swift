#if canImport(Glibc)
import Glibc
#endif

/// Bytes on their way to a file descriptor, written in large blocks: `list` of a big
/// list makes one write per 64 KiB, not one per row.
public final class OutputBuffer {
    private var fileDescriptor: Int32?
    /// Unchecked: Swift's run-time check of each append to it was a good part of what
    /// a listing's row cost, and the buffer is only ever written by the calls below.
    @exclusivity(unchecked) public private(set) var bytes: [UInt8] = []
    /// The first error a write met: the output is then incomplete.
    public private(set) var writeError: Int32?
    /// Output held back until it is known to fit a screen; see `hold`.
    private var held: HeldOutput?
    /// Whether the reader is a pager the user may quit before the end: the pipe then
    /// closes, and the rest of the output is dropped without an error.
    public var readerMayQuit = false
    private static let blockSize = 64 * 1024

    /// A buffer that writes to `fileDescriptor`.
    public init(fileDescriptor: Int32) {
        self.fileDescriptor = fileDescriptor
        bytes.reserveCapacity(OutputBuffer.blockSize)
    }

    /// A buffer that keeps everything, for tests.
    public init() {
        fileDescriptor = nil
    }

    public var text: String { String(decoding: bytes, as: UTF8.self) }

    public func write(_ text: String) {
        var text = text
        text.withUTF8 { write($0) }
    }

    public func write(_ text: Substring) {
        var text = text
        text.withUTF8 { write($0) }
    }

    public func write(_ buffer: UnsafeBufferPointer<UInt8>) {
        // A long text goes out as it is, rather than through a copy of its size that
        // the buffer would keep as its capacity from then on.
        if fileDescriptor != nil && held == nil && buffer.count >= OutputBuffer.blockSize {
            flush()
            writeOut(UnsafeRawBufferPointer(buffer))
            return
        }
        bytes.append(contentsOf: buffer)
        flushIfFull()
    }

    /// What an escaping writer puts in place of the character that starts at `index`
    /// of `bytes`, and how many bytes it replaces; nil to write the character as it is.
    public typealias Escape = (_ index: Int, _ bytes: UnsafeBufferPointer<UInt8>) -> (replacement: String, length: Int)?

    /// Writes `text` with the characters `escape` replaces written as it says, in runs
    /// of the bytes between them: an escaped copy of a text of megabytes is never made,
    /// and a long run goes out without passing through the buffer.
    public func write(_ text: some StringProtocol, escaping escape: Escape) {
        if let written: Void = text.utf8.withContiguousStorageIfAvailable({ write($0, escaping: escape) }) {
            return written
        }
        var copy = String(text)
        copy.withUTF8 { write($0, escaping: escape) }
    }

    public func write(_ bytes: UnsafeBufferPointer<UInt8>, escaping escape: Escape) {
        var runStart = 0
        var index = 0
        while index < bytes.count {
            guard let (replacement, length) = escape(index, bytes) else {
                index += 1
                continue
            }
            write(UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
            write(replacement)
            index += length
            runStart = index
        }
        write(UnsafeBufferPointer(rebasing: bytes[runStart...]))
    }

    public func write(byte: UInt8) {
        bytes.append(byte)
    }

    public func write(decimal value: Int64) {
        bytes.appendDecimal(value)
    }

    public func write(_ id: NodeID) {
        id.appendText(to: &bytes)
    }

    public func write(_ timestamp: Timestamp) {
        timestamp.appendRFC3339(to: &bytes)
    }

    public func flushIfFull() {
        if held != nil { return divertIfLonger() }
        if fileDescriptor != nil && bytes.count >= OutputBuffer.blockSize { flush() }
    }

    /// Holds the output back while it fits a screen of `rows` rows, `columns` wide; once
    /// it does not, `divert` names the descriptor it goes to instead (a pager's pipe),
    /// or nil to keep to this one. Output that fits is written here as usual.
    public func hold(rows: Int, columns: Int, divert: @escaping () -> Int32?) {
        held = HeldOutput(rows: max(rows, 1), columns: max(columns, 1), divert: divert)
    }

    private func divertIfLonger() {
        guard var held else { return }
        guard held.isLonger(than: bytes) else {
            self.held = held
            return
        }
        self.held = nil
        if let descriptor = held.divert() { fileDescriptor = descriptor }
        flushIfFull()
    }

    /// Writes out what is buffered. An error is kept for `finish`, and what could not
    /// be written is dropped rather than held. (A closed pipe, `jotter list | head`,
    /// ends the process quietly with SIGPIPE before a write can fail.)
    /// A flush while output is held (before a question, say) ends the holding: what
    /// is shown then is shown on the screen, never in a pager.
    public func flush() {
        if held != nil { divertIfLonger() }
        held = nil
        guard fileDescriptor != nil, !bytes.isEmpty else { return }
        bytes.withUnsafeBytes { writeOut($0) }
        bytes.removeAll(keepingCapacity: true)
    }

    private func writeOut(_ buffer: UnsafeRawBufferPointer) {
        guard let fileDescriptor else { return }
        var offset = 0
        while offset < buffer.count && writeError == nil {
            let written = Glibc.write(fileDescriptor, buffer.baseAddress! + offset, buffer.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                writeError = errno
                return
            }
            offset += written
        }
    }

    /// Writes out the rest, and fails if any of the output could not be written: a
    /// backup that went nowhere must not look like one that worked.
    public func finish() throws {
        flush()
        if let error = writeError {
            writeError = nil
            if error == EPIPE && readerMayQuit { return }
            throw JotterError.output("cannot write the output: \(String(cString: strerror(error)))")
        }
    }
}

/// Counts the rows held output would take on a screen, from where it last stopped.
private struct HeldOutput {
    let rows: Int
    let columns: Int
    let divert: () -> Int32?
    private var counted = 0
    private var rowsOfFinishedLines = 0
    private var lineStart = 0

    init(rows: Int, columns: Int, divert: @escaping () -> Int32?) {
        self.rows = rows
        self.columns = columns
        self.divert = divert
    }

    /// Whether `bytes` would fill the screen, leaving a row for the shell's prompt. A
    /// line's bytes stand for its cells: a line of wide characters or colour counts as
    /// longer than it shows, which only brings the pager in a little early.
    mutating func isLonger(than bytes: [UInt8]) -> Bool {
        while counted < bytes.count {
            if bytes[counted] == UInt8(ascii: "\n") {
                rowsOfFinishedLines += rowsTaken(by: counted - lineStart)
                lineStart = counted + 1
            }
            counted += 1
        }
        let openLine = bytes.count > lineStart ? rowsTaken(by: bytes.count - lineStart) : 0
        return rowsOfFinishedLines + openLine >= rows
    }

    private func rowsTaken(by length: Int) -> Int {
        max(1, (length + columns - 1) / columns)
    }
}

extension [UInt8] {
    /// Appends `value` in decimal, zero-padded to `minimumDigits` (a sign comes first),
    /// without the string that `String(value)` would allocate.
    package mutating func appendDecimal(_ value: Int64, minimumDigits: Int = 1) {
        if value < 0 { append(UInt8(ascii: "-")) }
        // Digits are made from the right in a scratch buffer on the stack, then copied
        // in one go: appending them one by one cost several times more.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 24) { scratch in
            var rest = value.magnitude
            var start = scratch.count
            repeat {
                start -= 1
                scratch[start] = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: rest % 10)
                rest /= 10
            } while rest > 0
            while scratch.count - start < minimumDigits && start > 0 {
                start -= 1
                scratch[start] = UInt8(ascii: "0")
            }
            append(contentsOf: UnsafeBufferPointer(rebasing: scratch[start...]))
        }
    }
}
