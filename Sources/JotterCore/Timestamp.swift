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
    package static func wholeMinutes(_ seconds: Int64) -> Int64 {
        (seconds >= 0 ? seconds + 30 : seconds - 30) / 60 * 60
    }

    /// RFC 3339 with milliseconds and the recorded offset: `2026-11-22T07:04:49.123+01:00`.
    public var rfc3339: String {
        var bytes: [UInt8] = []
        appendRFC3339(to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The day and minute as they were where it was recorded: `2026-11-22 07:04`.
    public var dayAndMinute: String {
        String(rfc3339.prefix(16)).replacingFirstT()
    }

    /// Appends `rfc3339`'s bytes: listings write one per row, and building a string
    /// for each cost more than everything else a row takes. After the year, whose
    /// width varies, the text is made on the stack and copied in one go.
    public func appendRFC3339(to bytes: inout [UInt8]) {
        // Times are read from the file, where damage can leave any number: the
        // extremes are written as the wrong time they are, not trapped on.
        let (shifted, overflowed) = milliseconds.addingReportingOverflow(Int64(offsetSeconds) * 1000)
        let local = overflowed ? milliseconds : shifted
        let (days, dayMilliseconds) = local.floorDivided(by: 86_400_000)
        let (year, month, day) = Timestamp.civilDate(daysSinceEpoch: days)
        let seconds = dayMilliseconds / 1000
        let offsetMinutes = Int64(offsetSeconds.magnitude) / 60
        bytes.appendDecimal(year, minimumDigits: 4)
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 25) { text in
            func put(_ value: Int64, _ width: Int, at end: Int) {
                var rest = value
                for index in stride(from: end - 1, through: end - width, by: -1) {
                    text[index] = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: rest % 10)
                    rest /= 10
                }
            }
            text[0] = UInt8(ascii: "-")
            put(month, 2, at: 3)
            text[3] = UInt8(ascii: "-")
            put(day, 2, at: 6)
            text[6] = UInt8(ascii: "T")
            put(seconds / 3600, 2, at: 9)
            text[9] = UInt8(ascii: ":")
            put(seconds / 60 % 60, 2, at: 12)
            text[12] = UInt8(ascii: ":")
            put(seconds % 60, 2, at: 15)
            text[15] = UInt8(ascii: ".")
            put(dayMilliseconds % 1000, 3, at: 19)
            text[19] = offsetSeconds < 0 ? UInt8(ascii: "-") : UInt8(ascii: "+")
            put(offsetMinutes / 60, 2, at: 22)
            text[22] = UInt8(ascii: ":")
            put(offsetMinutes % 60, 2, at: 25)
            bytes.append(contentsOf: UnsafeBufferPointer(text))
        }
    }

    /// `2026-11-27`: the day `days` after 1970-01-01, as `log` heads its days and the
    /// static site names them.
    package static func dateText(daysSinceEpoch days: Int64) -> String {
        let (year, month, day) = civilDate(daysSinceEpoch: days)
        var bytes: [UInt8] = []
        bytes.appendDecimal(year, minimumDigits: 4)
        bytes.append(UInt8(ascii: "-"))
        bytes.appendDecimal(month, minimumDigits: 2)
        bytes.append(UInt8(ascii: "-"))
        bytes.appendDecimal(day, minimumDigits: 2)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The proleptic Gregorian date of a day count from 1970-01-01 (Howard Hinnant's
    /// `civil_from_days`), so that no calendar library is needed on the hot path.
    package static func civilDate(daysSinceEpoch days: Int64) -> (year: Int64, month: Int64, day: Int64) {
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

private extension String {
    func replacingFirstT() -> String {
        guard let t = firstIndex(of: "T") else { return self }
        return self[..<t] + " " + self[index(after: t)...]
    }
}

extension Int64 {
    package func floorDivided(by divisor: Int64) -> (quotient: Int64, remainder: Int64) {
        let quotient = self / divisor
        let remainder = self % divisor
        return remainder < 0 ? (quotient - 1, remainder + divisor) : (quotient, remainder)
    }
}
