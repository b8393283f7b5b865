/// Writes the items of a walk as a plain-text jrnl journal, jrnl's own file with its
/// default time format: `[2026-11-01 10:15] Title`, a ` *` for an item whose first line
/// ends in `#starred`, then the item's other lines as the body and a blank line. Times
/// are written as they were where they were entered, as jrnl's have no zone.
public struct JrnlWriter {
    public init() {}

    public func write(_ step: Store.WalkStep, to out: OutputBuffer) {
        guard step.node.kind == .item else { return }
        let lines = NodeWriter.lines(of: step.node.text)
        var title = String(lines.first ?? "")
        var starred = false
        if title == "#starred" || title.hasSuffix(" #starred") {
            title = String(title.dropLast(title == "#starred" ? 8 : 9))
            starred = true
        }
        let time = step.node.created.rfc3339
        out.write("[" + time.prefix(10) + " " + time.dropFirst(11).prefix(5) + "] " + title + (starred ? " *" : "") + "\n")
        for line in lines.dropFirst() {
            out.write(String(line))
            out.write(byte: UInt8(ascii: "\n"))
        }
        out.write(byte: UInt8(ascii: "\n"))
        out.flushIfFull()
    }
}
