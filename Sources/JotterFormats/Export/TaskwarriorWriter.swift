import JotterCore

/// Writes the items of a walk as `task import` reads them, one task object a line:
/// the mapping of `TaskwarriorSource` the other way. An item under a list (or the
/// walk's top) is a task, its lists the project (`home.garden`); what is under a
/// task becomes its annotations. What is in the trash goes as deleted tasks, so that
/// `task export`, imported and written back, gives `task import` every task it held.
public struct TaskwarriorWriter {
    private struct PendingTask {
        let node: Node
        let fields: [FieldValue]
        let project: String
        let depth: Int
        /// When it was put in the trash: a deleted task.
        let removedMilliseconds: Int64?
        var annotations: [Node] = []
    }

    private var pending: PendingTask?
    /// The zone a date field's value without an offset is read in.
    private let zone: any LocalZone

    public init(zone: any LocalZone = SystemZone()) {
        self.zone = zone
    }

    public mutating func write(_ step: Store.WalkStep, to out: OutputBuffer) throws {
        if let task = pending, step.depth > task.depth {
            // A note removed from a task in sight has no place in Taskwarrior, which
            // deletes tasks, not annotations.
            if step.node.kind == .item && (step.removedMilliseconds == nil || task.removedMilliseconds != nil) {
                pending!.annotations.append(step.node)
            }
            return
        }
        try flush(to: out)
        guard step.node.kind == .item else { return }
        let project = step.listPath.split(separator: "/", omittingEmptySubsequences: false).joined(separator: ".")
        pending = PendingTask(node: step.node, fields: step.fields, project: project, depth: step.depth,
                              removedMilliseconds: step.removedMilliseconds)
    }

    public mutating func end(to out: OutputBuffer) throws {
        try flush(to: out)
    }

    /// The text split into the description and the `#tags` that end it. Words are
    /// taken off the end one by one: the description is the rest of the text itself,
    /// not a copy joined again from all its words.
    static func descriptionAndTags(of text: String) -> (description: Substring, tags: [String]) {
        var description = text[...]
        var tags: [String] = []
        while let space = description.lastIndex(of: " ") {
            let last = description[description.index(after: space)...]
            guard last.count > 1, last.first == "#",
                  !last.dropFirst().contains(where: { $0 == "#" || $0.isWhitespace }) else { break }
            tags.insert(String(last.dropFirst()), at: 0)
            description = description[..<space]
        }
        return (description, tags)
    }

    /// A date field's value as Taskwarrior writes it, or nil when it is not a date.
    private func taskwarriorDate(_ value: String) -> String? {
        Timestamp(parsing: value, in: zone)?.taskwarriorText
    }

    /// A time of `node`'s in Taskwarrior's form; one it cannot hold stops the export,
    /// rather than write a date no one can read.
    private static func date(_ time: Timestamp, _ what: String, of node: Node) throws -> String {
        guard let text = time.taskwarriorText else {
            throw JotterError.input("\(node.id): its \(what) is \(time.rfc3339), which a Taskwarrior date (a year from 0000 to 9999, in UTC) cannot hold; the export stops there")
        }
        return text
    }

    private mutating func flush(to out: OutputBuffer) throws {
        guard let task = pending else { return }
        pending = nil
        let entry = try TaskwarriorWriter.date(task.node.created, "creation time", of: task.node)
        let modified = try TaskwarriorWriter.date(Timestamp(milliseconds: task.node.updatedMilliseconds, offsetSeconds: 0),
                                                  "update time", of: task.node)
        let end = try task.node.doneMilliseconds.map {
            try TaskwarriorWriter.date(Timestamp(milliseconds: $0, offsetSeconds: 0), "time done", of: task.node)
        }
        let annotationTimes = try task.annotations.map { try TaskwarriorWriter.date($0.created, "creation time", of: $0) }
        var fields = Dictionary(task.fields.map { ($0.name, $0.value) }) { _, last in last }
        let (description, tags) = TaskwarriorWriter.descriptionAndTags(of: task.node.text)
        func key(_ name: String) {
            out.write(",")
            JSON.writeString(name, to: out)
            out.write(":")
        }
        func string(_ name: String, _ value: some StringProtocol) {
            key(name)
            JSON.writeString(value, to: out)
        }
        out.write("{\"uuid\":\"")
        out.write(task.node.id)
        out.write("\"")
        string("description", description)
        string("entry", entry)
        string("modified", modified)
        if let removed = task.removedMilliseconds {
            // Taskwarrior's `end` of a deleted task is when it was deleted: the one it
            // came with, kept as a field, else when it went to the trash here.
            let deleted = try fields.removeValue(forKey: "end").flatMap(taskwarriorDate)
                ?? TaskwarriorWriter.date(Timestamp(milliseconds: removed, offsetSeconds: 0), "time removed", of: task.node)
            string("status", "deleted")
            string("end", deleted)
            fields["status"] = nil
        } else if let end {
            string("status", "completed")
            string("end", end)
            fields["end"] = nil
            fields["status"] = nil
        } else {
            string("status", fields.removeValue(forKey: "status") ?? "pending")
        }
        if !task.project.isEmpty { string("project", task.project) }
        if !tags.isEmpty {
            key("tags")
            out.write("[")
            for (index, tag) in tags.enumerated() {
                if index > 0 { out.write(",") }
                JSON.writeString(tag, to: out)
            }
            out.write("]")
        }
        if let depends = fields.removeValue(forKey: "depends") {
            key("depends")
            out.write("[")
            for (index, id) in depends.split(separator: ",").enumerated() {
                if index > 0 { out.write(",") }
                JSON.writeString(String(id), to: out)
            }
            out.write("]")
        }
        for (name, value) in fields.sorted(by: { $0.key < $1.key }) {
            if TaskwarriorSource.dateKeys.contains(name) || name == "end", let date = taskwarriorDate(value) {
                string(name, date)
            } else {
                string(name, value)
            }
        }
        if !task.annotations.isEmpty {
            key("annotations")
            out.write("[")
            for (index, note) in task.annotations.enumerated() {
                if index > 0 { out.write(",") }
                out.write("{\"entry\":\"")
                out.write(annotationTimes[index])
                out.write("\",\"description\":")
                JSON.writeString(note.text, to: out)
                out.write("}")
            }
            out.write("]")
        }
        out.write("}\n")
        out.flushIfFull()
    }
}
