extension NodeWriter {
    func writePlain(_ node: Node, depth: Int, to out: OutputBuffer) {
        let text = shown(node.text, keepingNewlines: true)
        let indent = String(repeating: "  ", count: depth - 1)
        let lines = NodeWriter.lines(of: text)
        out.write(indent + lines[0] + (node.kind == .list ? "/" : "") + "\n")
        for line in lines.dropFirst() {
            out.write(indent + "  " + line + "\n")
        }
    }
}
