import JotterCore

/// Writes the items of a walk as todo.txt lines, the mapping of `TodoTxtSource` the
/// other way: done items as `x DONE CREATED …` (their priority as `pri:A`), others as
/// `(A) CREATED …`; a `#tag` named in the `context` field as `@tag`, one named in the
/// `project` field as `+tag`, and when the item has neither field (it was not a
/// todo.txt line) every `#tag` as `+tag`; the list it is in (below the export's top),
/// when its name is one word, as one more `+list`; the other field values as `key:value`. A text
/// of several lines is written on one, its lines joined by spaces, as todo.txt has one
/// line a task.
public struct TodoTxtWriter {
    /// The zone whose day a done time falls on.
    private let zone: any LocalZone

    public init(zone: any LocalZone = SystemZone()) {
        self.zone = zone
    }

    public func write(_ step: Store.WalkStep, to out: OutputBuffer) {
        guard step.node.kind == .item else { return }
        let node = step.node
        var fields = Dictionary(step.fields.map { ($0.name, $0.value) }) { _, last in last }
        let contextField = fields.removeValue(forKey: "context"), projectField = fields.removeValue(forKey: "project")
        let contexts = Set((contextField ?? "").split(separator: ",").map(String.init))
        let projects = Set((projectField ?? "").split(separator: ",").map(String.init))
        let everyTagIsAProject = contextField == nil && projectField == nil
        let priority = fields.removeValue(forKey: "priority")
        // The parts go out one by one, the words of the text as they are found: a list
        // of them all, or the line joined from it, would be copies of the whole text.
        var isFirstPart = true
        func write(_ part: Substring) {
            if !isFirstPart { out.write(byte: UInt8(ascii: " ")) }
            isFirstPart = false
            out.write(part)
        }
        if let done = node.doneMilliseconds {
            write("x")
            write(Timestamp.inZone(zone, milliseconds: done).rfc3339.prefix(10))
        } else if let priority, priority.count == 1, priority.first!.isUppercase {
            write("(" + priority + ")")
        }
        write(node.created.rfc3339.prefix(10))
        // The list the item is in is its project, as --projects-as-lists reads one,
        // unless the text names it already.
        let listTag = step.listPath.split(separator: "/").last.flatMap { $0.contains(" ") ? nil : "+" + $0 }
        var namesList = false
        func writeWord(_ word: Substring) {
            if word.count > 1, word.first == "#" {
                let tag = word.dropFirst()
                if contexts.contains(String(tag)) {
                    write("@" + tag)
                    return
                }
                if everyTagIsAProject || projects.contains(String(tag)) {
                    namesList = namesList || "+" + tag == listTag
                    write("+" + tag)
                    return
                }
            }
            namesList = namesList || listTag.map { word == $0 } ?? false
            write(word)
        }
        let text = node.text
        var wordStart = text.startIndex
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            let next = text.index(after: index)
            if character == " " || character.isNewline {
                writeWord(text[wordStart..<index])
                wordStart = next
            }
            index = next
        }
        writeWord(text[wordStart...])
        if let listTag, !namesList { write(listTag[...]) }
        if let priority, node.doneMilliseconds != nil || priority.count != 1 || !priority.first!.isUppercase {
            write("pri:" + priority[...])
        }
        for (name, value) in fields.sorted(by: { $0.key < $1.key }) {
            write(name + ":" + value[...])
        }
        out.write(byte: UInt8(ascii: "\n"))
        out.flushIfFull()
    }
}
