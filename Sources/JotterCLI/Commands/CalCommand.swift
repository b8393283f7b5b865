import ArgumentParser
import JotterApplication
import JotterCore

#if canImport(Glibc)
import Glibc
#endif

struct CalCommand: StoreCommand {
    static let configuration = CommandConfiguration(
        commandName: "cal",
        abstract: "Show a month or a year as a calendar, each day shaded by its count of entries.",
        discussion: """
            Without MONTH, this month. MONTH is 2026-11, november, 'nov 2026' (a month \
            without a year is the latest one not after today's), or anything log --on \
            takes: 'last month', 'this year', a day (its month); YEAR is 2026. A year \
            is twelve months, in rows of three where the terminal is wide enough \
            (COLUMNS), fewer where it is narrow. On a terminal with colour, each day is \
            shaded in four steps from the busiest day shown (true colour where COLORTERM \
            says truecolor, else 256 colours), and today is bold and underlined; \
            without colour (NO_COLOR, TERM=dumb, or not a terminal) a mark after each \
            day gives its step (. : * #), and today is in brackets. Weeks start on \
            Monday, as 'this week' does; days are local days (TZ). Under the months: \
            the current streak of days with entries (up to today, or yesterday while \
            today has none) and the longest among the days shown. With TARGET, only \
            what is under it. What is in the trash is left out.
            """)

    @OptionGroup(visibility: .hidden) var options: StoreOptions

    @Argument(help: ArgumentHelp("The month or year, then the list whose entries to count.",
                                 valueName: "month|year] [target"),
              completion: ShellCompletion.targets)
    var words: [String] = []

    /// How far back the current streak is followed beyond the days shown.
    private static let streakLookBack = 366

    func run(in context: CommandContext) throws -> CommandOutcome {
        let zone = SystemZone()
        let now = context.clock.now().milliseconds
        let today = CalendarSpan.day(atMilliseconds: now, zone: zone)
        // The longest run of up to three words that names a month or a year; the
        // words after it are the target.
        var span = CalendarSpan(monthOf: today)
        var targetWords = words[...]
        for count in stride(from: min(3, words.count), through: 1, by: -1) {
            if let named = try CalendarSpan(parsing: words.prefix(count).joined(separator: " "), nowMilliseconds: now, zone: zone) {
                span = named
                targetWords = words.dropFirst(count)
                break
            }
        }
        let top = targetWords.isEmpty ? nil : try context.resolve(targetWords.joined(separator: " ")).top
        // Counted from far enough back for the current streak, and through today.
        let first = min(span.first, today.adding(days: -CalCommand.streakLookBack))
        let last = max(span.last, today)
        let days = LocalDays(from: first, through: last, zone: zone)
        let counts = try context.store.itemCounts(on: days, under: top)
        let shown = days.index(of: span.first)!..<(days.index(of: span.last)! + 1)
        let shownDays = LocalDays(from: span.first, through: span.last, zone: zone)
        let grid = CalendarGrid(days: shownDays, counts: Array(counts[shown]), today: today,
                                colour: CalCommand.colour(in: context), width: CalCommand.width(of: context))
        if let top {
            context.output.write(context.style.bold(TerminalStyle.escaped(try context.store.ancestry(of: top).display)) + "\n")
        }
        grid.lines().forEach(context.output.write)
        let streaks = Streaks(days: days, counts: counts, shown: shown, today: days.index(of: today))
        context.output.write(
            "current streak: \(streaks.current)\(streaks.currentReachesStart ? "+" : "") day\(streaks.current == 1 ? "" : "s")\n")
        context.output.write("longest streak: \(streaks.longest) day\(streaks.longest == 1 ? "" : "s")"
            + (streaks.longestEnd.map { ", to \($0)" } ?? "") + "\n")
        return .nothing
    }

    static func colour(in context: CommandContext) -> CalendarGrid.Colour {
        guard context.terminal.colour else { return .none }
        let depth = Terminal.environment("COLORTERM")?.lowercased()
        return depth == "truecolor" || depth == "24bit" ? .trueColour : .palette256
    }

    /// The columns output may take: the test's, else COLUMNS, else the terminal's, else 80.
    static func width(of context: CommandContext) -> Int {
        if let width = context.terminal.width { return width }
        if let columns = Terminal.environment("COLUMNS").flatMap(Int.init), columns > 0 { return columns }
        var size = winsize()
        if context.terminal.outputIsTerminal, ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 {
            return Int(size.ws_col)
        }
        return 80
    }
}
