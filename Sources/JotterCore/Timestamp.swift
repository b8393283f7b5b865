#if canImport(Glibc)
import Glibc
#endif

/// A moment as stored: milliseconds since the Unix epoch in UTC, and the UTC offset
/// in force where and when it was recorded.
public struct Timestamp: Hashable, Sendable {
    public let milliseconds: Int64
    public let offsetSeconds: Int32

    public init(milliseconds: Int64, offsetSeconds: Int32) {
        self.milliseconds = milliseconds
        self.offsetSeconds = offsetSeconds
    }

    /// The current time with the local zone's offset.
    public static func now() -> Timestamp {
        var time = timespec()
        clock_gettime(CLOCK_REALTIME, &time)
        var seconds = time.tv_sec
        var local = tm()
        localtime_r(&seconds, &local)
        return Timestamp(
            milliseconds: Int64(time.tv_sec) * 1000 + Int64(time.tv_nsec) / 1_000_000,
            offsetSeconds: Int32(wholeMinutes(Int64(local.tm_gmtoff))))
    }

    /// Offsets are written to the minute (`+01:00`), so they are kept to the minute:
    /// old local mean times such as +00:19:32 would not survive a round trip.
    static func wholeMinutes(_ seconds: Int64) -> Int64 {
        (seconds >= 0 ? seconds + 30 : seconds - 30) / 60 * 60
    }

    /// RFC 3339 with milliseconds and the recorded offset: `2026-11-22T07:04:49.123+01:00`.
    public var rfc3339: String {
        let local = milliseconds + Int64(offsetSeconds) * 1000
        let (days, dayMilliseconds) = local.floorDivided(by: 86_400_000)
        let (year, month, day) = Timestamp.civilDate(daysSinceEpoch: days)
        let seconds = dayMilliseconds / 1000
        var text = ""
        text.reserveCapacity(29)
        text += Timestamp.padded(year, 4) + "-" + Timestamp.padded(month, 2) + "-" + Timestamp.padded(day, 2)
        text += "T" + Timestamp.padded(seconds / 3600, 2) + ":" + Timestamp.padded(seconds / 60 % 60, 2)
        text += ":" + Timestamp.padded(seconds % 60, 2) + "." + Timestamp.padded(dayMilliseconds % 1000, 3)
        let offsetMinutes = Int64(abs(offsetSeconds)) / 60
        text += (offsetSeconds < 0 ? "-" : "+") + Timestamp.padded(offsetMinutes / 60, 2) + ":"
            + Timestamp.padded(offsetMinutes % 60, 2)
        return text
    }

    static func padded(_ value: Int64, _ width: Int) -> String {
        let digits = String(value)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }

    /// The proleptic Gregorian date of a day count from 1970-01-01 (Howard Hinnant's
    /// `civil_from_days`), so that no calendar library is needed on the hot path.
    static func civilDate(daysSinceEpoch days: Int64) -> (year: Int64, month: Int64, day: Int64) {
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}

extension Int64 {
    func floorDivided(by divisor: Int64) -> (quotient: Int64, remainder: Int64) {
        let quotient = self / divisor
        let remainder = self % divisor
        return remainder < 0 ? (quotient - 1, remainder + divisor) : (quotient, remainder)
    }
}
