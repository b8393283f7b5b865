import JotterCore

#if canImport(Glibc)
import Glibc
#endif

/// Reads a file descriptor line by line in large blocks, so that memory stays flat
/// whatever the size of the input. A line excludes its `\n` and a `\r` before it; a
/// last line without a newline is a line too.
public final class ByteLineReader {
    private let fileDescriptor: Int32
    /// Unchecked: every line is handed out from inside an access to the buffer, and
    /// Swift's run-time check of that access cost more than finding the line.
    @exclusivity(unchecked) private var buffer: [UInt8] = []
    /// What each read fills; only the bytes read are then added to `buffer`.
    private var block = [UInt8](repeating: 0, count: ByteLineReader.blockSize)
    private var start = 0
    private var atEnd = false
    /// The number of the line `nextLine` returned last, from 1.
    public private(set) var lineNumber = 0
    /// Checked whenever a read is interrupted by a signal: true stops the reading.
    public var shouldStop: () -> Bool = { false }
    /// Leaves a `\r` before the `\n` in the line, for formats where it can be data.
    public var keepsCarriageReturns = false

    private static let blockSize = 256 * 1024
    /// The longest line read: a file with no newline must not fill memory. Not the size
    /// of one record: `task export | jq -c` writes every task on one line.
    public static let maximumLineLength = 16 << 20

    /// `maximumLineLength` as messages name it.
    static var longestLine: String { SizeCap.size(maximumLineLength) }

    public init(fileDescriptor: Int32) {
        self.fileDescriptor = fileDescriptor
        buffer.reserveCapacity(ByteLineReader.blockSize * 2)
    }

    public struct Interrupted: Error {}

    /// Calls `body` with the next line's bytes, valid only during the call; returns
    /// false at the end of the input.
    public func nextLine<T>(_ body: (UnsafeBufferPointer<UInt8>) throws -> T) throws -> T? {
        while true {
            let found: Int? = buffer.withUnsafeBufferPointer { bytes in
                guard start < bytes.count,
                      let match = memchr(bytes.baseAddress! + start, 0x0A, bytes.count - start) else { return nil }
                return bytes.baseAddress!.distance(to: match.assumingMemoryBound(to: UInt8.self))
            }
            if let newline = found {
                lineNumber += 1
                defer {
                    start = newline + 1
                    letGoOfALongLine()
                }
                return try line(from: start, to: newline, body)
            }
            if buffer.count - start > ByteLineReader.maximumLineLength {
                throw ImportProblem(line: lineNumber + 1, "the line is longer than \(ByteLineReader.longestLine); an entry holds at most \(SizeCap.size(SizeCap.entryBytes))")
            }
            if atEnd {
                guard start < buffer.count else { return nil }
                lineNumber += 1
                defer {
                    start = buffer.count
                    letGoOfALongLine()
                }
                return try line(from: start, to: buffer.count, body)
            }
            try fill()
        }
    }

    private func line<T>(from lower: Int, to upper: Int, _ body: (UnsafeBufferPointer<UInt8>) throws -> T) rethrows -> T {
        try buffer.withUnsafeBufferPointer { bytes in
            var lower = lower
            // A byte-order mark some editors put first is not text.
            if lineNumber == 1 && upper - lower >= 3 && bytes[lower] == 0xEF && bytes[lower + 1] == 0xBB
                && bytes[lower + 2] == 0xBF {
                lower += 3
            }
            var end = upper
            if !keepsCarriageReturns && end > lower && bytes[end - 1] == 0x0D { end -= 1 }
            return try body(UnsafeBufferPointer(rebasing: bytes[lower..<end]))
        }
    }

    /// Once a line is passed on, a buffer grown past a few blocks for it keeps only
    /// what follows the line: kept until the next read, the buffer of a long line was
    /// held beside the record made of it while the store wrote the record.
    private func letGoOfALongLine() {
        guard buffer.capacity > ByteLineReader.blockSize * 4 else { return }
        var rest = [UInt8]()
        rest.reserveCapacity(ByteLineReader.blockSize * 2)
        rest.append(contentsOf: buffer[start...])
        buffer = rest
        start = 0
    }

    private func fill() throws {
        if start > 0 {
            buffer.removeSubrange(0..<start)
            start = 0
        }
        while true {
            let count = block.withUnsafeMutableBytes { read(fileDescriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR {
                if shouldStop() { throw Interrupted() }
                continue
            }
            guard count >= 0 else {
                throw JotterError.input("cannot read the input: \(String(cString: strerror(errno)))")
            }
            block.withUnsafeBufferPointer { buffer.append(contentsOf: UnsafeBufferPointer(rebasing: $0[..<count])) }
            if count == 0 { atEnd = true }
            return
        }
    }
}
