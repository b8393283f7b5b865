/// The span of time `jotter log` shows, from what was typed after `--since`,
/// `--until` and `--on`, in milliseconds since the epoch as items' `created` is
/// stored. A day is a local day: from its midnight to the next, shorter or longer
/// than 24 hours when the clocks change.
public struct LogWindow: Equatable, Sendable {
    /// The first millisecond shown; nil when nothing earlier is left out.
    public let startMilliseconds: Int64?
    /// The first millisecond after those shown; nil when nothing later is left out.
    public let endMilliseconds: Int64?

    static let notADateOrTime =
        "not a date or time (use YYYY-MM-DD, Nov 27, today, yesterday, a weekday, N days ago, last week, this month, "
        + "a day and a time such as 'yesterday 21:00' or 'monday 9am', or now)"
    private static let notADay =
        "not a day (use YYYY-MM-DD, Nov 27, today, yesterday, a weekday, N days ago, last week or this month)"

    /// `--since` a day starts at that day's midnight; `--until` a day takes in the
    /// whole day; a run of days (`last week`) is taken the same way, from its first
    /// day's midnight or through its last day. A WHEN with a time is that instant for
    /// both, and `--until` takes in the instant itself, as it does the day. No option
    /// leaves that end open. `--on` takes a day or a run of days, whole.
    public init(
        since: String?, until: String?, on: String?, nowMilliseconds: Int64, zone: some LocalZone
    ) throws(JotterError) {
        func read(_ text: String, option: String, otherwise notRecognised: String) throws(JotterError) -> LogWhen {
            do throws(FieldValueProblem) {
                if let when = try LogWhen(parsing: text, nowMilliseconds: nowMilliseconds, zone: zone) { return when }
            } catch {
                throw .input("\(option) \(LogWindow.quoted(text)): \(error.reason)")
            }
            throw .input("\(option) \(LogWindow.quoted(text)): \(notRecognised)")
        }

        if let on {
            guard since == nil && until == nil else {
                throw .input("--on takes a whole day, so it goes without --since and --until")
            }
            let first: FieldDate, last: FieldDate
            switch try read(on, option: "--on", otherwise: LogWindow.notADay) {
            case .day(let date): (first, last) = (date, date)
            case .days(let from, let through): (first, last) = (from, through)
            case .instant:
                throw .input(
                    "--on \(LogWindow.quoted(on)): --on takes a day, not a time; use --since and --until for part of a day")
            }
            startMilliseconds = LogWindow.start(ofDay: first.daysSinceEpoch, in: zone)
            endMilliseconds = LogWindow.start(ofDay: last.daysSinceEpoch + 1, in: zone)
            return
        }
        startMilliseconds = try since.map { (text) throws(JotterError) in
            switch try read(text, option: "--since", otherwise: LogWindow.notADateOrTime) {
            case .day(let date), .days(let date, _): LogWindow.start(ofDay: date.daysSinceEpoch, in: zone)
            case .instant(let milliseconds): milliseconds
            }
        }
        endMilliseconds = try until.map { (text) throws(JotterError) in
            switch try read(text, option: "--until", otherwise: LogWindow.notADateOrTime) {
            case .day(let date), .days(_, through: let date): LogWindow.start(ofDay: date.daysSinceEpoch + 1, in: zone)
            case .instant(let milliseconds): milliseconds + 1
            }
        }
        if let since, let until, let startMilliseconds, let endMilliseconds, startMilliseconds >= endMilliseconds {
            throw .input("--since \(LogWindow.quoted(since)) is after --until \(LogWindow.quoted(until))")
        }
    }

    private init(startMilliseconds: Int64, endMilliseconds: Int64) {
        self.startMilliseconds = startMilliseconds
        self.endMilliseconds = endMilliseconds
    }

    /// Today's month and day in every year from that of `earliestMilliseconds` to
    /// this one, oldest first (`log --on-this-day`); a year without the day (29
    /// February) has none.
    public static func sameDayEachYear(nowMilliseconds: Int64, since earliestMilliseconds: Int64?,
                                       zone: some LocalZone) -> [LogWindow] {
        let today = Timestamp.civilDate(daysSinceEpoch: zone.localDateTime(atMilliseconds: nowMilliseconds).day)
        let firstYear = earliestMilliseconds.map {
            Timestamp.civilDate(daysSinceEpoch: zone.localDateTime(atMilliseconds: $0).day).year
        } ?? today.year
        return (max(1, min(firstYear, today.year))...today.year).compactMap { year in
            guard let date = try? FieldDate(year: Int(year), month: Int(today.month), day: Int(today.day)) else { return nil }
            return LogWindow(startMilliseconds: start(ofDay: date.daysSinceEpoch, in: zone),
                             endMilliseconds: start(ofDay: date.daysSinceEpoch + 1, in: zone))
        }
    }

    /// Whether `text` has the form of a WHEN (`3 days ago`, `yesterday 9am`),
    /// whether or not it names a day that exists, which reading it then says.
    public static func readsAsWhen(_ text: String) -> Bool {
        do throws(FieldValueProblem) {
            return try LogWhen(parsing: text, nowMilliseconds: 0, zone: SystemZone()) != nil
        } catch {
            return true
        }
    }

    private static func start(ofDay day: Int64, in zone: some LocalZone) -> Int64 {
        zone.firstInstant(readingWallClock: day * 86_400) * 1000
    }

    private static func quoted(_ text: String) -> String {
        "'\(DisplayText.escaped(EntryText.trimmed(text)))'"
    }
}
