/// The date an entry is given with `add --at` or after the prompt's `:at`: an instant,
/// or a day, whose entries take the time of day at which they are made, so that
/// entries made one after another keep their order.
public enum EntryDating: Equatable, Sendable {
    /// Milliseconds since the epoch.
    case instant(Int64)
    case day(FieldDate)

    /// Reads WHEN as `log` does. Nil for `now`: an entry made now needs no date.
    public init?(parsing text: String, option: String, nowMilliseconds: Int64, zone: some LocalZone) throws(JotterError) {
        let quoted = "'\(DisplayText.escaped(EntryText.trimmed(text)))'"
        if EntryText.trimmed(text).lowercased() == "now" { return nil }
        let when: LogWhen?
        do throws(FieldValueProblem) {
            when = try LogWhen(parsing: text, nowMilliseconds: nowMilliseconds, zone: zone)
        } catch {
            throw .input("\(option) \(quoted): \(error.reason)")
        }
        switch when {
        case nil: throw .input("\(option) \(quoted): \(LogWindow.notADateOrTime)")
        case .instant(let milliseconds): self = .instant(milliseconds)
        case .day(let date): self = .day(date)
        case .days: throw .input("\(option) \(quoted): an entry is dated by a day or a time, not by a week, a month or a year")
        }
    }

    /// The creation time of an entry made at `nowMilliseconds`, with the zone's offset
    /// then.
    public func timestamp(nowMilliseconds: Int64, zone: some LocalZone) -> Timestamp {
        let milliseconds: Int64
        switch self {
        case .instant(let instant):
            milliseconds = instant
        case .day(let date):
            let now = zone.localDateTime(atMilliseconds: nowMilliseconds)
            let secondsIntoDay = now.wallClockSeconds - now.day * 86_400
            let wallClock = date.daysSinceEpoch * 86_400 + secondsIntoDay
            milliseconds = zone.firstInstant(readingWallClock: wallClock) * 1000
                + nowMilliseconds.floorDivided(by: 1000).remainder
        }
        let seconds = milliseconds.floorDivided(by: 1000).quotient
        return Timestamp(milliseconds: milliseconds,
                         offsetSeconds: Int32(Timestamp.wholeMinutes(zone.offsetSeconds(atUTCSeconds: seconds))))
    }
}
