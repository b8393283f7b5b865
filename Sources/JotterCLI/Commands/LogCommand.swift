import ArgumentParser
import JotterCore

struct LogCommand: StoreCommand {
    static let configuration = CommandConfiguration(
        commandName: "log",
        abstract: "Show the items entered across all lists in time order, by day.",
        discussion: """
            WHEN is a date (2026-11-22), a date and time (2026-11-22 14:30, or with \
            Z or an offset such as +09:00), today, yesterday, now, 'N days ago' \
            (or weeks), or a weekday (monday, or 'last monday'): the latest such day \
            not after today. --since a day starts at its first moment and --until a day \
            takes in all of it. --on DAY is that whole day. Days begin and end in the \
            local time zone (TZ), and times are shown in it. With TARGET, only what is \
            under it. What is in the trash is left out.
            """)

    @OptionGroup(visibility: .hidden) var options: StoreOptions

    @Option(help: ArgumentHelp("Only what was entered from then on.", valueName: "when"))
    var since: String?

    @Option(help: ArgumentHelp("Only what was entered up to then.", valueName: "when"))
    var until: String?

    @Option(help: ArgumentHelp("Only what was entered that day.", valueName: "day"))
    var on: String?

    @Option(help: ArgumentHelp("The output format.", valueName: "format"))
    var format: FoundFormat = .text

    @Argument(help: ArgumentHelp("The list or item whose entries to show.", valueName: "target"))
    var target: [String] = []

    func run(in context: CommandContext) throws -> CommandOutcome {
        let zone = SystemZone()
        let window = try LogWindow(since: since, until: until, on: on,
                                   nowMilliseconds: context.clock.now().milliseconds, zone: zone)
        let top = target.isEmpty ? nil : try context.resolve(target.joined(separator: " ")).top
        var writer = FoundWriter(format: format, context: context)
        writer.begin()
        var day: String?
        // Read once: a property wrapper of the parser costs a lookup each time.
        let headsDays = format == .text
        try context.store.log(window, under: top) { entry in
            let local = zone.localDateTime(atMilliseconds: entry.node.created.milliseconds)
            if headsDays && local.dateText != day {
                day = local.dateText
                context.output.write(context.style.bold(local.dateText) + "\n")
            }
            try writer.write(entry, time: local.timeText)
        }
        writer.end()
        if day == nil && format == .text {
            context.messages.show("nothing was entered then")
        }
        return .nothing
    }
}
