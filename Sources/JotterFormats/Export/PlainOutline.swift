import JotterCore

extension NodeWriter {
    func writePlain(_ node: Node, depth: Int, to out: OutputBuffer) {
        let indent = String(repeating: "  ", count: depth - 1)
        forEachShownLine(of: node.text) { line, isFirst in
            out.write(isFirst ? indent : indent + "  ")
            writeShown(line, keepingNewlines: true, to: out)
            if isFirst && node.kind == .list { out.write(byte: UInt8(ascii: "/")) }
            out.write(byte: UInt8(ascii: "\n"))
        }
    }
}
