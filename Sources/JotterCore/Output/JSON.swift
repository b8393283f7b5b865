extension NodeWriter {
    func writeJSON(_ node: Node, fields: [FieldValue], parentID: NodeID?, to out: OutputBuffer) {
        out.write("{\"id\":\"")
        out.write(node.id)
        out.write(node.kind == .list ? "\",\"kind\":\"list\",\"name\":" : "\",\"kind\":\"item\",\"text\":")
        JSON.writeString(node.text, to: out)
        if let parentID {
            out.write(",\"parent\":\"")
            out.write(parentID)
            out.write("\",\"created\":\"")
        } else {
            out.write(",\"parent\":null,\"created\":\"")
        }
        out.write(node.created)
        out.write("\",\"updated\":\"")
        out.write(Timestamp(milliseconds: node.updatedMilliseconds, offsetSeconds: node.created.offsetSeconds))
        if let done = node.doneMilliseconds {
            out.write("\",\"done\":\"")
            out.write(Timestamp(milliseconds: done, offsetSeconds: node.created.offsetSeconds))
        }
        guard !fields.isEmpty else { return out.write("\"}") }
        out.write("\",\"fields\":{")
        for (index, field) in fields.enumerated() {
            if index > 0 { out.write(byte: UInt8(ascii: ",")) }
            JSON.writeString(field.name, to: out)
            out.write(byte: UInt8(ascii: ":"))
            JSON.writeString(field.value, to: out)
        }
        out.write("}}")
    }
}

/// JSON strings, escaped so that the output is safe to print as it is: every control
/// character, DEL, the C1 controls, U+2028/U+2029 and the bidirectional overrides
/// are written as `\u` escapes.
public enum JSON {
    public static func writeString(_ text: String, to out: OutputBuffer) {
        out.write(byte: UInt8(ascii: "\""))
        if !text.utf8.contains(where: { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C || $0 == 0x7F || $0 == 0xC2 || $0 == 0xE2 }) {
            out.write(text)
        } else {
            var escaped = ""
            escaped.reserveCapacity(text.utf8.count + 8)
            for scalar in text.unicodeScalars {
                switch scalar.value {
                case 0x22: escaped += "\\\""
                case 0x5C: escaped += "\\\\"
                case 0x0A: escaped += "\\n"
                case 0x0D: escaped += "\\r"
                case 0x09: escaped += "\\t"
                case 0x00..<0x20, 0x7F, 0x80..<0xA0, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069:
                    escaped += "\\u" + DisplayText.hex(scalar.value, width: 4)
                default: escaped.unicodeScalars.append(scalar)
                }
            }
            out.write(escaped)
        }
        out.write(byte: UInt8(ascii: "\""))
    }
}
