/// One WHEN given to `log --since`, `--until` or `--on`, read: a whole local day, or
/// an instant.
enum LogWhen {
    case day(FieldDate)
    /// Milliseconds since the epoch.
    case instant(Int64)

    /// Reads, in any case, `2026-03-08`; `2026-03-08T14:30` or `2026-03-08 14:30:15`,
    /// local time unless `Z` or `±HH:MM` follows; `today`, `yesterday`, `3 days ago`,
    /// `2 weeks ago`; a weekday name, full or short; `last` and a weekday name; `now`.
    ///
    /// A log looks back, so a weekday alone is the most recent such day not after
    /// today: `monday` typed on a Monday is today. After `last` it is the most recent
    /// such day before today, as a date field reads it, so that the same words name
    /// the same day everywhere in jotter.
    ///
    /// Nil when the text is none of these; throws when it has their form but names no
    /// date or time, such as `2026-02-29` or `24:00`.
    init?(parsing text: String, nowMilliseconds: Int64, zone: some LocalZone) throws(FieldValueProblem) {
        let words = text.lowercased().split(whereSeparator: \.isWhitespace)
        if words == ["now"] {
            self = .instant(nowMilliseconds)
        } else if let when = try LogWhen(dateAndTime: words.joined(separator: " "), zone: zone) {
            self = when
        } else {
            let todayNumber = zone.localDateTime(atMilliseconds: nowMilliseconds).day
            guard let today = FieldDate(daysSinceEpoch: todayNumber) else {
                throw FieldValueProblem(reason: "the clock reads a day outside years 1 to 9999")
            }
            guard let daysBack = try LogWhen.daysBack(namedBy: words, today: today) else { return nil }
            guard let date = FieldDate(daysSinceEpoch: todayNumber - daysBack) else {
                throw FieldValueProblem(reason: "it falls outside years 1 to 9999")
            }
            self = .day(date)
        }
    }

    /// Nil when `text` does not start as a date does.
    private init?(dateAndTime text: String, zone: some LocalZone) throws(FieldValueProblem) {
        var scanner = DigitScanner(Array(text.utf8))
        guard let year = scanner.number(digits: 4), scanner.skip("-"),
              let month = scanner.number(digits: 2), scanner.skip("-"),
              let day = scanner.number(digits: 2) else { return nil }
        if scanner.isAtEnd {
            self = .day(try FieldDate(year: Int(year), month: Int(month), day: Int(day)))
            return
        }
        guard scanner.skip("t") || scanner.skip(" "),
              let hour = scanner.number(digits: 2), scanner.skip(":"),
              let minute = scanner.number(digits: 2) else { return nil }
        let second = scanner.skip(":") ? scanner.number(digits: 2) : 0
        var offset: (sign: Int64, hours: Int64, minutes: Int64)?
        if scanner.skip("z") {
            offset = (1, 0, 0)
        } else if let sign: Int64 = scanner.skip("+") ? 1 : scanner.skip("-") ? -1 : nil {
            guard let hours = scanner.number(digits: 2), scanner.skip(":"),
                  let minutes = scanner.number(digits: 2) else { return nil }
            offset = (sign, hours, minutes)
        }
        guard let second, scanner.isAtEnd else { return nil }

        let date = try FieldDate(year: Int(year), month: Int(month), day: Int(day))
        guard hour < 24 else { throw FieldValueProblem(reason: "there is no hour \(hour)") }
        guard minute < 60 else { throw FieldValueProblem(reason: "there is no minute \(minute)") }
        guard second < 60 else { throw FieldValueProblem(reason: "there is no second \(second)") }
        let wallClockSeconds = date.daysSinceEpoch * 86_400 + hour * 3600 + minute * 60 + second
        if let offset {
            guard offset.hours < 24 && offset.minutes < 60 else {
                throw FieldValueProblem(reason: "a UTC offset goes up to 23:59")
            }
            let offsetSeconds = offset.sign * (offset.hours * 3600 + offset.minutes * 60)
            self = .instant((wallClockSeconds - offsetSeconds) * 1000)
        } else {
            self = .instant(zone.firstInstant(readingWallClock: wallClockSeconds) * 1000)
        }
    }

    /// How many days before `today` the words name; nil when they name no day.
    private static func daysBack(namedBy words: [Substring], today: FieldDate) throws(FieldValueProblem) -> Int64? {
        switch (words.first, words.count) {
        case ("today", 1): return 0
        case ("yesterday", 1): return 1
        case (_, 1): return FieldDate.weekdays[words[0]].map { Int64((today.weekday - $0 + 7) % 7) }
        case ("last", 2): return FieldDate.weekdays[words[1]].map { Int64((today.weekday - $0 + 6) % 7 + 1) }
        case (_, 3) where words[2] == "ago":
            let daysPerUnit: Int64
            switch words[1] {
            case "day", "days": daysPerUnit = 1
            case "week", "weeks": daysPerUnit = 7
            default: return nil
            }
            guard words[0].utf8.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
            // Four million days go back past year 1; a larger count could overflow.
            guard let count = Int64(words[0]), count <= 4_000_000 else {
                throw FieldValueProblem(reason: "it falls outside years 1 to 9999")
            }
            return count * daysPerUnit
        default: return nil
        }
    }
}
