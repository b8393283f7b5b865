/// What the local clock and calendar read at an instant: how `log` heads each day
/// and times each entry.
public struct LocalDateTime: Hashable, Sendable {
    /// The reading as seconds since 1970-01-01 00:00, counted as if the local zone
    /// were UTC.
    let wallClockSeconds: Int64

    /// Days since 1970-01-01 on the local calendar.
    package var day: Int64 { wallClockSeconds.floorDivided(by: 86_400).quotient }

    /// `2026-03-08`: the same for every entry of one local day, so entries are
    /// grouped by it.
    public var dateText: String { Timestamp.dateText(daysSinceEpoch: day) }

    /// `Wednesday`, for the log's day headings.
    public var weekdayText: String {
        // 1970-01-01, day 0, was a Thursday.
        LocalDateTime.weekdayNames[Int((day + 3).floorDivided(by: 7).remainder)]
    }

    private static let weekdayNames = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]

    /// `07:04`: entries are timed to the minute.
    public var timeText: String {
        let minuteOfDay = wallClockSeconds.floorDivided(by: 86_400).remainder / 60
        var bytes: [UInt8] = []
        bytes.appendDecimal(minuteOfDay / 60, minimumDigits: 2)
        bytes.append(UInt8(ascii: ":"))
        bytes.appendDecimal(minuteOfDay % 60, minimumDigits: 2)
        return String(decoding: bytes, as: UTF8.self)
    }
}
