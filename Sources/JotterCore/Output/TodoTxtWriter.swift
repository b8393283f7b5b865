/// Writes the items of a walk as todo.txt lines, the mapping of `TodoTxtSource` the
/// other way: done items as `x DONE CREATED …` (their priority as `pri:A`), others as
/// `(A) CREATED …`; a `#tag` named in the `context` field as `@tag`, one named in the
/// `project` field as `+tag`, and when the item has neither field (it was not a
/// todo.txt line) every `#tag` as `+tag`; the list it is in (below the export's top),
/// when its name is one word, as one more `+list`; the other field values as `key:value`. A text
/// of several lines is written on one, its lines joined by spaces, as todo.txt has one
/// line a task.
public struct TodoTxtWriter {
    public init() {}

    public func write(_ step: Store.WalkStep, to out: OutputBuffer) {
        guard step.node.kind == .item else { return }
        let node = step.node
        var fields = Dictionary(step.fields.map { ($0.name, $0.value) }) { _, last in last }
        let contextField = fields.removeValue(forKey: "context"), projectField = fields.removeValue(forKey: "project")
        let contexts = Set((contextField ?? "").split(separator: ",").map(String.init))
        let projects = Set((projectField ?? "").split(separator: ",").map(String.init))
        let everyTagIsAProject = contextField == nil && projectField == nil
        let priority = fields.removeValue(forKey: "priority")
        var parts: [String] = []
        if let done = node.doneMilliseconds {
            parts.append("x")
            parts.append(String(Timestamp.inLocalZone(milliseconds: done).rfc3339.prefix(10)))
        } else if let priority, priority.count == 1, priority.first!.isUppercase {
            parts.append("(\(priority))")
        }
        parts.append(String(node.created.rfc3339.prefix(10)))
        for word in node.text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == " " || $0.isNewline }) {
            if word.count > 1, word.first == "#" {
                let tag = String(word.dropFirst())
                if contexts.contains(tag) {
                    parts.append("@" + tag)
                } else if everyTagIsAProject || projects.contains(tag) {
                    parts.append("+" + tag)
                } else {
                    parts.append(String(word))
                }
            } else {
                parts.append(String(word))
            }
        }
        // The list the item is in is its project, as --projects-as-lists reads one.
        if let list = step.listPath.split(separator: "/").last, !list.contains(" "),
           !parts.contains("+" + list) {
            parts.append("+" + list)
        }
        if let priority, node.doneMilliseconds != nil || priority.count != 1 || !priority.first!.isUppercase {
            parts.append("pri:" + priority)
        }
        for (name, value) in fields.sorted(by: { $0.key < $1.key }) {
            parts.append(name + ":" + value)
        }
        out.write(parts.joined(separator: " "))
        out.write(byte: UInt8(ascii: "\n"))
        out.flushIfFull()
    }
}
