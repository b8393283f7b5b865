import ArgumentParser
import JotterCore

struct ConflictsCommand: StoreCommand {
    static let pagesOutput = true

    static let configuration = CommandConfiguration(
        commandName: "conflicts",
        abstract: "List the values that lost a conflict in a sync: nothing is dropped.",
        discussion: """
            When two machines changed the same property of an entry (its text, where \
            it is, a field…), the later change wins everywhere and the other value is \
            kept on every machine, the one that made it included. Each line is one such value, oldest first: the entry's id and \
            text, the property, the value that lost (as JSON; 'removed' when it was \
            a removal), and the machine and time it came from. --format json writes \
            one array, jsonl one object a line, with the value as JSON text, the \
            machine's full id and the times in RFC 3339.
            """)

    @OptionGroup(visibility: .hidden) var options: StoreOptions

    @Option(help: ArgumentHelp("The output format.", valueName: "format"))
    var format: ConflictsFormat = .text

    func run(in context: CommandContext) throws -> CommandOutcome {
        let zone = SystemZone()
        func timestamp(_ milliseconds: Int64) -> Timestamp {
            Timestamp(milliseconds: milliseconds,
                      offsetSeconds: Int32(zone.offsetSeconds(atUTCSeconds: milliseconds / 1000)))
        }
        let out = context.output
        var count = 0
        if format == .json { out.write("[") }
        try context.store.forEachSyncConflict { conflict in
            count += 1
            let made = timestamp(conflict.madeMilliseconds)
            switch format {
            case .text:
                out.write((conflict.node?.shortForm() ?? "/") + "  ")
                context.style.writeEscaped((conflict.text ?? "(gone)").prefix { $0 != "\n" }, to: out)
                out.write("  " + TerminalStyle.escaped(conflict.property) + " "
                    + (conflict.value.map { TerminalStyle.escaped($0) } ?? "removed")
                    + "  from " + conflict.replica.shortForm() + ", " + made.dayAndMinute + "\n")
            case .json, .jsonl:
                if format == .json && count > 1 { out.write(",") }
                out.write("{\"id\":")
                if let node = conflict.node {
                    out.write("\"")
                    out.write(node)
                    out.write("\"")
                } else {
                    out.write("null")
                }
                out.write(",\"text\":")
                if let text = conflict.text { JSON.writeString(text, to: out) } else { out.write("null") }
                out.write(",\"property\":")
                JSON.writeString(conflict.property, to: out)
                out.write(",\"value\":")
                if let value = conflict.value { JSON.writeString(value, to: out) } else { out.write("null") }
                out.write(",\"machine\":\"")
                out.write(conflict.replica)
                out.write("\",\"made\":\"")
                out.write(made)
                out.write("\",\"recorded\":\"")
                out.write(timestamp(conflict.recordedMilliseconds))
                out.write(format == .jsonl ? "\"}\n" : "\"}")
            }
        }
        if format == .json { out.write("]\n") }
        if count == 0 && format == .text {
            context.messages.show("no conflicts: no sync has met two values of one property")
        }
        return .nothing
    }
}

enum ConflictsFormat: String, CaseIterable, ExpressibleByArgument {
    case text, json, jsonl
}
