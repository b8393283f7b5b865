#if canImport(Glibc)
import Glibc
#endif

/// A day in the proleptic Gregorian calendar, without a time or a zone: what a
/// date field holds, so that a due date stays the same day wherever it is read.
/// Shown as ISO 8601 writes it, `2026-11-22`.
public struct FieldDate: Hashable, Sendable, CustomStringConvertible {
    public let year: Int
    public let month: Int
    public let day: Int

    private static let monthNames = [
        "January", "February", "March", "April", "May", "June",
        "July", "August", "September", "October", "November", "December",
    ]

    /// The ISO weekday of each name people type, full or abbreviated.
    static let weekdays: [Substring: Int] = [
        "monday": 1, "mon": 1,
        "tuesday": 2, "tue": 2, "tues": 2,
        "wednesday": 3, "wed": 3,
        "thursday": 4, "thu": 4, "thur": 4, "thurs": 4,
        "friday": 5, "fri": 5,
        "saturday": 6, "sat": 6,
        "sunday": 7, "sun": 7,
    ]

    private init(validYear year: Int, month: Int, day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }

    /// Years are kept to four digits so that the shown dates sort as text.
    public init(year: Int, month: Int, day: Int) throws(FieldValueProblem) {
        guard (1...9999).contains(year) else { throw FieldValueProblem(reason: "years go from 1 to 9999") }
        guard (1...12).contains(month) else { throw FieldValueProblem(reason: "there is no month \(month)") }
        guard day >= 1 else { throw FieldValueProblem(reason: "there is no day \(day)") }
        guard day <= Timestamp.daysIn(month: Int64(month), year: Int64(year)) else {
            throw FieldValueProblem(reason: month == 2
                ? "\(year) has no February \(day)"
                : "there is no \(FieldDate.monthNames[month - 1]) \(day)")
        }
        self.init(validYear: year, month: month, day: day)
    }

    /// Nil when the day falls outside years 1 to 9999.
    init?(daysSinceEpoch days: Int64) {
        let (year, month, day) = Timestamp.civilDate(daysSinceEpoch: days)
        guard (1...9999).contains(year) else { return nil }
        self.init(validYear: Int(year), month: Int(month), day: Int(day))
    }

    /// Reads a date as people type it: `2026-11-22`, `today`, `yesterday`,
    /// `tomorrow`, or a weekday name, in any case. A weekday alone or after `next`
    /// is the next such day after `today`, so `friday` typed on a Friday is a week
    /// on; after `last` it is the most recent such day before `today`.
    public init(parsing text: String, today: FieldDate) throws(FieldValueProblem) {
        let words = EntryText.trimmed(text).lowercased().split(whereSeparator: \.isWhitespace)
        if words.count == 1 {
            var scanner = DigitScanner(Array(words[0].utf8))
            if let year = scanner.number(digits: 4), scanner.skip("-"),
               let month = scanner.number(digits: 2), scanner.skip("-"),
               let day = scanner.number(digits: 2), scanner.isAtEnd {
                try self.init(year: Int(year), month: Int(month), day: Int(day))
                return
            }
        }
        guard let days = today.daysUntil(dayNamedBy: words) else {
            throw FieldValueProblem(reason: "use YYYY-MM-DD, today, yesterday, tomorrow or a weekday name")
        }
        guard let date = FieldDate(daysSinceEpoch: today.daysSinceEpoch + Int64(days)) else {
            throw FieldValueProblem(reason: "it falls outside years 1 to 9999")
        }
        self = date
    }

    /// Nil when the words name no day.
    private func daysUntil(dayNamedBy words: [Substring]) -> Int? {
        switch (words.first, words.count) {
        case ("today", 1): return 0
        case ("yesterday", 1): return -1
        case ("tomorrow", 1): return 1
        case (_, 1): return FieldDate.weekdays[words[0]].map(daysUntilNext)
        case ("next", 2): return FieldDate.weekdays[words[1]].map(daysUntilNext)
        case ("last", 2): return FieldDate.weekdays[words[1]].map { -daysSinceLast($0) }
        default: return nil
        }
    }

    /// From 1 to 7, never 0: on a Friday, "friday" means the one a week on.
    private func daysUntilNext(_ weekday: Int) -> Int {
        (weekday - self.weekday + 6) % 7 + 1
    }

    /// From 1 to 7, never 0: on a Sunday, "last sunday" means the one a week ago.
    private func daysSinceLast(_ weekday: Int) -> Int {
        (self.weekday - weekday + 6) % 7 + 1
    }

    /// The date on the calendar here and now, in the local time zone.
    public static func today() -> FieldDate {
        var now = time(nil)
        var local = tm()
        localtime_r(&now, &local)
        return FieldDate(validYear: Int(local.tm_year) + 1900, month: Int(local.tm_mon) + 1, day: Int(local.tm_mday))
    }

    var daysSinceEpoch: Int64 {
        Timestamp.daysSinceEpoch(year: Int64(year), month: Int64(month), day: Int64(day))
    }

    /// 1 for Monday to 7 for Sunday, as ISO 8601 numbers them.
    public var weekday: Int {
        // 1970-01-01, day 0, was a Thursday.
        Int((daysSinceEpoch + 3).floorDivided(by: 7).remainder) + 1
    }

    /// The date `days` later (earlier when negative). Leaving years 1 to 9999 is a
    /// programming error, as overflow is for integers.
    public func adding(days: Int) -> FieldDate {
        guard let date = FieldDate(daysSinceEpoch: daysSinceEpoch + Int64(days)) else {
            preconditionFailure("\(self) plus \(days) days falls outside years 1 to 9999")
        }
        return date
    }

    public var description: String {
        func padded(_ value: Int, to width: Int) -> String {
            let digits = String(value)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        return "\(padded(year, to: 4))-\(padded(month, to: 2))-\(padded(day, to: 2))"
    }
}
