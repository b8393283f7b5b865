extension NodeWriter {
    func writeTSV(_ node: Node, position: Int64, to out: OutputBuffer) {
        out.write(decimal: position)
        out.write(byte: UInt8(ascii: "\t"))
        out.write(node.id)
        out.write(node.kind == .list ? "\tlist\t" : "\titem\t")
        if shownOnTerminal != nil {
            out.write(shown(TSV.escaped(node.text)))
        } else {
            TSV.write(node.text, to: out)
        }
        out.write(byte: UInt8(ascii: "\t"))
        out.write(node.created)
        out.write(byte: UInt8(ascii: "\n"))
    }
}

/// Tab-separated values as PostgreSQL's COPY and most Unix tools read them: a
/// backslash, tab, newline or carriage return in a field is written `\\`, `\t`, `\n`, `\r`.
public enum TSV {
    static func needsEscape(_ byte: UInt8) -> Bool {
        byte == 0x5C || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    /// Writes `escaped(text)` without building it.
    public static func write(_ text: String, to out: OutputBuffer) {
        var text = text
        text.withUTF8 { bytes in
            guard bytes.contains(where: needsEscape) else { return out.write(bytes) }
            for byte in bytes {
                switch byte {
                case 0x5C: out.write("\\\\")
                case 0x09: out.write("\\t")
                case 0x0A: out.write("\\n")
                case 0x0D: out.write("\\r")
                default: out.write(byte: byte)
                }
            }
        }
    }

    public static func escaped(_ text: String) -> String {
        guard text.utf8.contains(where: needsEscape) else { return text }
        var out = ""
        out.reserveCapacity(text.utf8.count + 4)
        for character in text.unicodeScalars {
            switch character {
            case "\\": out += "\\\\"
            case "\t": out += "\\t"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            default: out.unicodeScalars.append(character)
            }
        }
        return out
    }
}
