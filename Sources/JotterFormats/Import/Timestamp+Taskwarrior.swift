import JotterCore

extension Timestamp {
    /// Reads Taskwarrior's `20261201T000000Z`, always UTC, and keeps it so.
    init?(taskwarrior text: String) {
        var scanner = DigitScanner(Array(text.utf8))
        guard let year = scanner.number(digits: 4), let month = scanner.number(digits: 2),
              let day = scanner.number(digits: 2), (1...12).contains(month),
              (1...Timestamp.daysIn(month: month, year: year)).contains(day), scanner.skip("T"),
              let hour = scanner.number(digits: 2), let minute = scanner.number(digits: 2),
              let second = scanner.number(digits: 2), hour < 24, minute < 60, second < 61,
              scanner.skip("Z"), scanner.isAtEnd else { return nil }
        let days = Timestamp.daysSinceEpoch(year: year, month: month, day: day)
        self.init(milliseconds: (((days * 24 + hour) * 60 + minute) * 60 + second) * 1000, offsetSeconds: 0)
    }

    /// Taskwarrior's form of the moment, in UTC and to the second; nil outside the
    /// years 0000 to 9999, which its four digits of year cannot hold.
    var taskwarriorText: String? {
        let (days, dayMilliseconds) = milliseconds.floorDivided(by: 86_400_000)
        let (year, month, day) = Timestamp.civilDate(daysSinceEpoch: days)
        guard (0...9999).contains(year) else { return nil }
        let seconds = dayMilliseconds / 1000
        func digits(_ value: Int64, _ width: Int) -> String {
            let text = String(value)
            return String(repeating: "0", count: max(0, width - text.count)) + text
        }
        return digits(year, 4) + digits(month, 2) + digits(day, 2) + "T" + digits(seconds / 3600, 2)
            + digits(seconds / 60 % 60, 2) + digits(seconds % 60, 2) + "Z"
    }

    /// The moment with the offset of `zone` in force then.
    static func inZone(_ zone: any LocalZone, milliseconds: Int64) -> Timestamp {
        let offset = zone.offsetSeconds(atUTCSeconds: milliseconds.floorDivided(by: 1000).quotient)
        return Timestamp(milliseconds: milliseconds, offsetSeconds: Int32(wholeMinutes(offset)))
    }

    /// The date field value for a moment: the day alone when it is midnight in `zone`
    /// (a due date typed as a day), else the moment in RFC 3339.
    func fieldDateText(in zone: any LocalZone) -> String {
        let local = Timestamp.inZone(zone, milliseconds: milliseconds)
        let text = local.rfc3339
        return text.contains("T00:00:00.000") ? String(text.prefix(10)) : text
    }
}
