import JotterCore

extension NodeWriter {
    func writeJSON(_ node: Node, fields: [FieldValue], parentID: NodeID?, to out: OutputBuffer) {
        writeJSON(node, fields: fields, parentID: parentID, to: out) { JSON.writeString(node.text, to: out) }
    }

    /// The object with its text (a list's name) written by `writeText`, quotes and all.
    package func writeJSON(_ node: Node, fields: [FieldValue], parentID: NodeID?, to out: OutputBuffer, text writeText: () -> Void) {
        out.write("{\"id\":\"")
        out.write(node.id)
        out.write(node.kind == .list ? "\",\"kind\":\"list\",\"name\":" : "\",\"kind\":\"item\",\"text\":")
        writeText()
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
