import JotterCore

/// Writes the items of a walk as a plain-text jrnl journal, jrnl's own file with its
/// default time format: `[2026-11-01 10:15] Title`, a ` *` for an item whose first line
/// ends in `#starred`, then the item's other lines as the body and a blank line. Times
/// are written as they were where they were entered, as jrnl's have no zone.
public struct JrnlWriter {
    public init() {}

    public func write(_ step: Store.WalkStep, to out: OutputBuffer) {
        guard step.node.kind == .item else { return }
        let time = step.node.created.rfc3339
        // Line by line, with no copy of the text made.
        NodeWriter.forEachLine(of: step.node.text, crlfEndsLine: true) { line, isFirst in
            guard isFirst else {
                out.write(line)
                out.write(byte: UInt8(ascii: "\n"))
                return
            }
            let starred = line == "#starred" || line.hasSuffix(" #starred")
            out.write("[" + time.prefix(10) + " " + time.dropFirst(11).prefix(5) + "] ")
            out.write(starred ? line.dropLast(line == "#starred" ? 8 : 9) : line)
            out.write(starred ? " *\n" : "\n")
        }
        out.write(byte: UInt8(ascii: "\n"))
        out.flushIfFull()
    }
}
