#if canImport(Glibc)
import Glibc
#endif

/// Bytes on their way to a file descriptor, written in large blocks: `list` of a big
/// list makes one write per 64 KiB, not one per row.
public final class OutputBuffer {
    private let fileDescriptor: Int32?
    public private(set) var bytes: [UInt8] = []
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

    public func write(_ buffer: UnsafeBufferPointer<UInt8>) {
        bytes.append(contentsOf: buffer)
        flushIfFull()
    }

    public func write(byte: UInt8) {
        bytes.append(byte)
    }

    func flushIfFull() {
        if fileDescriptor != nil && bytes.count >= OutputBuffer.blockSize { flush() }
    }

    /// Writes out what is buffered. A closed pipe (`jotter list | head`) ends the
    /// writing quietly.
    public func flush() {
        guard let fileDescriptor, !bytes.isEmpty else { return }
        var offset = 0
        bytes.withUnsafeBytes { buffer in
            while offset < buffer.count {
                let written = Glibc.write(fileDescriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return
                }
                offset += written
            }
        }
        bytes.removeAll(keepingCapacity: true)
    }
}
