import JotterCore

extension NodeWriter {
    func writeCSVHeader(to out: OutputBuffer) {
        let header = ["id", "kind", "parent", "list", "text", "created", "updated"] + fieldColumns.map { "field:" + $0 }
        for (index, name) in header.enumerated() {
            if index > 0 { out.write(byte: UInt8(ascii: ",")) }
            CSV.write(name, to: out)
        }
        out.write("\r\n")
    }

    /// Each cell goes out as it is written, the text in runs: a row holds no copy of it.
    func writeCSV(_ node: Node, fields: [FieldValue], parentID: NodeID?, listPath: String, to out: OutputBuffer) {
        let comma = UInt8(ascii: ",")
        out.write(node.id)
        out.write(node.kind == .list ? ",list," : ",item,")
        if let parentID { out.write(parentID) }
        out.write(byte: comma)
        CSV.write(listPath, escapingControls: escapesControls, to: out)
        out.write(byte: comma)
        CSV.write(node.text, escapingControls: escapesControls, to: out)
        out.write(byte: comma)
        out.write(node.created)
        out.write(byte: comma)
        out.write(Timestamp(milliseconds: node.updatedMilliseconds, offsetSeconds: node.created.offsetSeconds))
        for name in fieldColumns {
            out.write(byte: comma)
            CSV.write(fields.first { $0.name == name }?.value ?? "", escapingControls: escapesControls, to: out)
        }
        out.write("\r\n")
    }
}

/// CSV fields as RFC 4180 has them: quoted when they hold a comma, a quote, a CR or
/// an LF, with quotes doubled.
public enum CSV {
    /// Writes `text` as a field, in runs between the quotes it doubles. With
    /// `escapingControls`, the characters a terminal would act on are written as
    /// `DisplayText` has them, CR and LF among them, so that only a comma or a quote
    /// makes the field quoted.
    public static func write(_ text: String, escapingControls: Bool = false, to out: OutputBuffer) {
        let quoted = text.utf8.contains { byte in
            byte == 0x2C || byte == 0x22 || (!escapingControls && (byte == 0x0D || byte == 0x0A))
        }
        if quoted { out.write(byte: UInt8(ascii: "\"")) }
        out.write(text) { index, bytes in
            bytes[index] == 0x22
                ? ("\"\"", 1)
                : escapingControls ? DisplayText.escape(at: index, in: bytes, keepingNewlines: false) : nil
        }
        if quoted { out.write(byte: UInt8(ascii: "\"")) }
    }
}
