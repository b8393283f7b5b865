import JotterCore

extension NodeWriter {
    func writeTSV(_ node: Node, position: Int64, to out: OutputBuffer) {
        out.write(decimal: position)
        out.write(byte: UInt8(ascii: "\t"))
        out.write(node.id)
        out.write(node.kind == .list ? "\tlist\t" : "\titem\t")
        TSV.write(node.text, escapingControls: escapesControls, to: out)
        out.write(byte: UInt8(ascii: "\t"))
        out.write(node.created)
        out.write(byte: UInt8(ascii: "\n"))
    }
}

/// Tab-separated values as PostgreSQL's COPY and most Unix tools read them: a
/// backslash, tab, newline or carriage return in a field is written `\\`, `\t`, `\n`, `\r`.
public enum TSV {
    /// Writes `text` as a field, in runs between escapes. With `escapingControls`,
    /// the other characters a terminal would act on are written as `DisplayText` has them.
    public static func write(_ text: String, escapingControls: Bool = false, to out: OutputBuffer) {
        out.write(text) { index, bytes in
            switch bytes[index] {
            case 0x5C: ("\\\\", 1)
            case 0x09: ("\\t", 1)
            case 0x0A: ("\\n", 1)
            case 0x0D: ("\\r", 1)
            default: escapingControls ? DisplayText.escape(at: index, in: bytes, keepingNewlines: false) : nil
            }
        }
    }
}
