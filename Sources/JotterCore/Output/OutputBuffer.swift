#if canImport(Glibc)
import Glibc
#endif

/// Bytes on their way to a file descriptor, written in large blocks: `list` of a big
/// list makes one write per 64 KiB, not one per row.
public final class OutputBuffer {
    private let fileDescriptor: Int32?
    /// Unchecked: Swift's run-time check of each append to it was a tenth of what a
    /// listing's row cost, and the buffer is only ever written by the calls below.
    @exclusivity(unchecked) public private(set) var bytes: [UInt8] = []
    /// The first error a write met: the output is then incomplete.
    public private(set) var writeError: Int32?
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
        if fileDescriptor != nil && buffer.count >= OutputBuffer.blockSize {
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
        if fileDescriptor != nil && bytes.count >= OutputBuffer.blockSize { flush() }
    }

    /// Writes out what is buffered. An error is kept for `finish`, and what could not
    /// be written is dropped rather than held. (A closed pipe, `jotter list | head`,
    /// ends the process quietly with SIGPIPE before a write can fail.)
    public func flush() {
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
            throw JotterError.output("cannot write the output: \(String(cString: strerror(error)))")
        }
    }
}

extension [UInt8] {
    /// Appends `value` in decimal, zero-padded to `minimumDigits` (a sign comes first),
    /// without the string that `String(value)` would allocate.
    mutating func appendDecimal(_ value: Int64, minimumDigits: Int = 1) {
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
