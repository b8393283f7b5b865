import JotterCore

/// What a hook reads on its standard input: the entry as a line of JSON, made a piece
/// at a time as the pipe takes it. The entry's text is escaped piece by piece from
/// where it is held, so a long entry is never copied whole into its JSON.
public struct HookInput: Sendable {
    /// The JSON up to the text, its opening quote included, and from its closing
    /// quote on.
    let head: [UInt8]
    let text: String
    let tail: [UInt8]

    /// How much of the text one piece holds, before escapes.
    static let pieceSize = 64 * 1024

    init(head: [UInt8], text: String, tail: [UInt8]) {
        self.head = head
        self.text = text
        self.tail = tail
    }

    /// These bytes, as they are.
    init(bytes: [UInt8]) {
        self.init(head: bytes, text: "", tail: [])
    }

    func pieces() -> Pieces {
        Pieces(input: self)
    }

    /// The input from its start, one piece after another.
    struct Pieces {
        let input: HookInput
        private var part = Part.head
        /// Where the next piece of the text starts, in bytes.
        private var offset = 0

        private enum Part { case head, text, tail, end }

        init(input: HookInput) {
            self.input = input
        }

        /// The next piece, never empty; nil once the input is all made.
        mutating func next() -> [UInt8]? {
            while true {
                switch part {
                case .head:
                    part = .text
                    if !input.head.isEmpty { return input.head }
                case .text:
                    if let piece = nextPieceOfText() { return piece }
                    part = .tail
                case .tail:
                    part = .end
                    if !input.tail.isEmpty { return input.tail }
                case .end:
                    return nil
                }
            }
        }

        private mutating func nextPieceOfText() -> [UInt8]? {
            let start = offset
            let text = input.text
            let piece = text.utf8.withContiguousStorageIfAvailable { Pieces.escaped($0, from: start) }
                ?? { var copy = text; return copy.withUTF8 { Pieces.escaped($0, from: start) } }()
            guard let piece else { return nil }
            offset = piece.end
            return piece.bytes
        }

        /// The escaped bytes of the piece of `bytes` from `start`, and where it ends:
        /// before a character's first byte, so that no character, and no escape, is
        /// cut in two. Nil past the end.
        private static func escaped(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> (bytes: [UInt8], end: Int)? {
            guard start < bytes.count else { return nil }
            var end = min(start + HookInput.pieceSize, bytes.count)
            while end < bytes.count && end > start && bytes[end] & 0xC0 == 0x80 { end -= 1 }
            // Nothing but continuation bytes: not UTF-8, and cut where it falls.
            if end == start { end = min(start + HookInput.pieceSize, bytes.count) }
            let out = OutputBuffer()
            JSON.writeEscaped(UnsafeBufferPointer(rebasing: bytes[start..<end]), to: out)
            return (out.bytes, end)
        }
    }
}
