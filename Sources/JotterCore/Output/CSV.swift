extension NodeWriter {
    func writeCSVHeader(to out: OutputBuffer) {
        let header = ["id", "kind", "parent", "list", "text", "created", "updated"] + fieldColumns.map { "field:" + $0 }
        out.write(header.map(CSV.field).joined(separator: ",") + "\r\n")
    }

    func writeCSV(_ node: Node, fields: [FieldValue], parentID: NodeID?, listPath: String, to out: OutputBuffer) {
        let updated = Timestamp(milliseconds: node.updatedMilliseconds, offsetSeconds: node.created.offsetSeconds)
        let text = shown(node.text)
        let path = shown(listPath)
        let values = fieldColumns.map { name in shown(fields.first { $0.name == name }?.value ?? "") }
        let cells = [node.id.description, node.kind.name, parentID?.description ?? "", path, text,
                     node.created.rfc3339, updated.rfc3339] + values
        out.write(cells.map(CSV.field).joined(separator: ",") + "\r\n")
    }
}

/// CSV fields as RFC 4180 has them: quoted when they hold a comma, a quote, a CR or
/// an LF, with quotes doubled.
public enum CSV {
    public static func field(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 == 0x2C || $0 == 0x22 || $0 == 0x0D || $0 == 0x0A }) else { return text }
        var quoted = "\""
        for character in text.unicodeScalars {
            if character == "\"" { quoted += "\"\"" } else { quoted.unicodeScalars.append(character) }
        }
        return quoted + "\""
    }
}
