import ArgumentParser
import JotterApplication
import JotterCore

struct LogCommand: StoreCommand {
    static let pagesOutput = true

    static let configuration = CommandConfiguration(
        commandName: "log",
        abstract: "Show the items entered across all lists in time order, by day.",
        discussion: """
            WHEN is a date (2026-11-22, Nov 27, 27 November 2026, or 27/11 where only \
            one order of day and month makes a date: 11/12 is refused as either), a \
            date and time (2026-11-22 14:30, or with Z or an offset such as +09:00), \
            today, yesterday, now, 'N days ago' (or weeks, months, years; 'a week \
            ago'), a weekday (monday, or 'last monday'): the latest such day not after \
            today, a day and a time ('yesterday 21:00', 'monday 8:30', 'nov 27 9pm'), \
            a time alone for today (9am, 21:00, noon), or a run of days: this week \
            (Monday to Sunday), last week, this month, last month, this year, last \
            year. --since a day starts at its first moment and --until a day takes in \
            all of it; --on DAY is that whole day or run of days. Days begin and end in \
            the local time zone (TZ), and times are shown in it. With TARGET, only \
            what is under it. What is in the trash is left out.
            """)

    @OptionGroup(visibility: .hidden) var options: StoreOptions

    @Option(help: ArgumentHelp("Only what was entered from then on.", valueName: "when"))
    var since: String?

    @Option(help: ArgumentHelp("Only what was entered up to then.", valueName: "when"))
    var until: String?

    @Option(help: ArgumentHelp("Only what was entered that day.", valueName: "day"))
    var on: String?

    @Flag(name: .customLong("on-this-day"), help: "Every year's entries of today's month and day.")
    var onThisDay = false

    @Option(name: [.customShort("n"), .customLong("count")],
            help: ArgumentHelp("Only the last N entries.", valueName: "n"))
    var count: Int?

    @Flag(help: "The newest first.")
    var reverse = false

    @Option(help: ArgumentHelp("The output format.", valueName: "format"))
    var format: FoundFormat = .text

    @Argument(help: ArgumentHelp("The list or item whose entries to show.", valueName: "target"),
              completion: ShellCompletion.targets)
    var target: [String] = []

    func validate() throws {
        if let count, count < 1 { throw ValidationError("-n takes a count of 1 or more, not \(count)") }
        if onThisDay && (since != nil || until != nil || on != nil) {
            throw ValidationError("--on-this-day goes without --since, --until and --on")
        }
    }

    func run(in context: CommandContext) throws -> CommandOutcome {
        let zone = SystemZone()
        let now = context.clock.now().milliseconds
        var windows = onThisDay
            ? LogWindow.sameDayEachYear(nowMilliseconds: now, since: try context.store.earliestItemCreated(), zone: zone)
            : [try LogWindow(since: since, until: until, on: on, nowMilliseconds: now, zone: zone)]
        let top = target.isEmpty ? nil : try context.resolve(target.joined(separator: " ")).top
        var writer = FoundWriter(format: format, context: context)
        writer.begin()
        var day: String?
        // Read once: a property wrapper of the parser costs a lookup each time.
        let headsDays = format == .text
        func show(_ entry: Store.Found) throws {
            let local = zone.localDateTime(atMilliseconds: entry.node.created.milliseconds)
            if headsDays && local.dateText != day {
                day = local.dateText
                context.output.write(context.style.bold(local.dateText + " " + local.weekdayText) + "\n")
            }
            try writer.write(entry, when: local.timeText)
        }
        // The last N are read newest first, and shown oldest first unless --reverse.
        let newestFirst = reverse || count != nil
        if newestFirst { windows.reverse() }
        var lastFew: [Store.Found] = []
        var taken = 0
        for window in windows {
            try context.store.log(window, under: top, newestFirst: newestFirst, limit: count.map { $0 - taken }) { entry in
                taken += 1
                if count != nil && !reverse {
                    lastFew.append(entry)
                } else {
                    try show(entry)
                }
            }
            if let count, taken >= count { break }
        }
        for entry in lastFew.reversed() { try show(entry) }
        writer.end()
        if day == nil && format == .text {
            context.messages.show("nothing was entered then")
        }
        return .nothing
    }
}
