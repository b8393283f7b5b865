/// One WHEN given to `log --since`, `--until` or `--on`, or to `add --at`, read: a
/// whole local day, a run of whole days (a week, a month, a year), or an instant.
enum LogWhen: Equatable {
    case day(FieldDate)
    /// From the first day through the last, both whole.
    case days(FieldDate, through: FieldDate)
    /// Milliseconds since the epoch.
    case instant(Int64)

    /// Reads, in any case, a day: `2026-03-08`; `today`, `yesterday`; a weekday name,
    /// full or short, or `last` and one; `3 days ago`, `a week ago`, `2 months ago`;
    /// `Nov 27`, `27 November`, `27 Nov 2026`, `11/27` where only one order makes a
    /// date. A run of days: `this week`, `last week`, `this month`, `last month`,
    /// `this year`, `last year`. A day with a time after it, `at` between or not
    /// (`yesterday 21:00`, `monday at 8:30`, `nov 27 9pm`), or a time alone for
    /// today (`9am`, `21:00`, `noon`). `2026-03-08T14:30` or `2026-03-08 14:30:15`,
    /// local time unless `Z` or `±HH:MM` follows; `now`.
    ///
    /// A log looks back, so a weekday alone is the most recent such day not after
    /// today (`monday` typed on a Monday is today), and a day of the year without a
    /// year the most recent such date not after today. After `last` a weekday is the
    /// most recent such day before today, as a date field reads it, so that the same
    /// words name the same day everywhere in jotter.
    ///
    /// Nil when the text is none of these; throws when it has their form but names no
    /// date or time, such as `2026-02-29` or `24:00`, or could name two (`11/12`).
    init?(parsing text: String, nowMilliseconds: Int64, zone: some LocalZone) throws(FieldValueProblem) {
        let words = text.lowercased().split(whereSeparator: \.isWhitespace).compactMap { word in
            let bare = word.hasSuffix(",") ? word.dropLast() : word
            return bare.isEmpty ? nil : bare
        }
        if words == ["now"] {
            self = .instant(nowMilliseconds)
            return
        }
        if let when = try LogWhen(dateAndTime: words.joined(separator: " "), zone: zone) {
            self = when
            return
        }
        let todayNumber = zone.localDateTime(atMilliseconds: nowMilliseconds).day
        guard let today = FieldDate(daysSinceEpoch: todayNumber) else {
            throw FieldValueProblem(reason: "the clock reads a day outside years 1 to 9999")
        }
        var dayWords = words[...]
        let clock = try LogWhen.clockTime(endOf: dayWords)
        if let clock {
            dayWords = dayWords.dropLast(clock.wordCount)
            if dayWords.last == "at" { dayWords = dayWords.dropLast() }
        }
        let named: LogWhen
        if dayWords.isEmpty {
            guard clock != nil else { return nil }
            named = .day(today)
        } else {
            guard let days = try LogWhen.days(namedBy: Array(dayWords), today: today) else { return nil }
            named = days
        }
        guard let clock else {
            self = named
            return
        }
        guard case .day(let date) = named else {
            throw FieldValueProblem(reason: "a time goes with one day, not with a week, a month or a year")
        }
        self = .instant(zone.firstInstant(readingWallClock: date.daysSinceEpoch * 86_400 + clock.seconds) * 1000)
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

    // MARK: - Times of day

    /// The time of day the last words give (`21:00`, `21:00:15`, `9am`, `9:30 pm`,
    /// `noon`, `midnight`) as seconds after midnight, and how many words it took; nil
    /// when they give none. A bare number is not a time: `nov 27` is a day.
    private static func clockTime(endOf words: ArraySlice<Substring>) throws(FieldValueProblem)
        -> (seconds: Int64, wordCount: Int)?
    {
        guard let last = words.last else { return nil }
        switch last {
        case "noon": return (12 * 3600, 1)
        case "midnight": return (0, 1)
        default: break
        }
        if last == "am" || last == "pm", words.count >= 2,
           let reading = ClockReading(words[words.endIndex - 2]) {
            return (try reading.secondsAfterMidnight(pm: last == "pm"), 2)
        }
        for half in ["am", "pm"] where last.hasSuffix(half) {
            if let reading = ClockReading(last.dropLast(2)) {
                return (try reading.secondsAfterMidnight(pm: half == "pm"), 1)
            }
        }
        if last.contains(":"), let reading = ClockReading(last) {
            return (try reading.secondsAfterMidnight(), 1)
        }
        return nil
    }

    /// `9`, `9:30`, `21:00:15`: one or two digits of hour, then two of minute and of
    /// second.
    private struct ClockReading {
        let hour: Int64
        let minute: Int64
        let second: Int64

        init?(_ text: Substring) {
            let parts = text.split(separator: ":", omittingEmptySubsequences: false)
            guard (1...3).contains(parts.count),
                  (1...2).contains(parts[0].utf8.count), parts.dropFirst().allSatisfy({ $0.utf8.count == 2 }),
                  parts.allSatisfy({ $0.utf8.allSatisfy { (0x30...0x39).contains($0) } }) else { return nil }
            hour = Int64(parts[0])!
            minute = parts.count > 1 ? Int64(parts[1])! : 0
            second = parts.count > 2 ? Int64(parts[2])! : 0
        }

        /// On the 24-hour clock.
        func secondsAfterMidnight() throws(FieldValueProblem) -> Int64 {
            guard hour < 24 else { throw FieldValueProblem(reason: "there is no hour \(hour)") }
            return try secondsAfterMidnight(hourOfDay: hour)
        }

        /// On the 12-hour clock: `12am` is midnight, `12pm` noon.
        func secondsAfterMidnight(pm: Bool) throws(FieldValueProblem) -> Int64 {
            guard (1...12).contains(hour) else {
                throw FieldValueProblem(reason: "am and pm go with hours 1 to 12, not \(hour)")
            }
            return try secondsAfterMidnight(hourOfDay: hour % 12 + (pm ? 12 : 0))
        }

        private func secondsAfterMidnight(hourOfDay: Int64) throws(FieldValueProblem) -> Int64 {
            guard minute < 60 else { throw FieldValueProblem(reason: "there is no minute \(minute)") }
            guard second < 60 else { throw FieldValueProblem(reason: "there is no second \(second)") }
            return hourOfDay * 3600 + minute * 60 + second
        }
    }

    // MARK: - Days

    static let monthsByName: [Substring: Int] = [
        "january": 1, "jan": 1, "february": 2, "feb": 2, "march": 3, "mar": 3, "april": 4, "apr": 4,
        "may": 5, "june": 6, "jun": 6, "july": 7, "jul": 7, "august": 8, "aug": 8,
        "september": 9, "sep": 9, "sept": 9, "october": 10, "oct": 10, "november": 11, "nov": 11,
        "december": 12, "dec": 12,
    ]

    private static let monthNames = [
        "January", "February", "March", "April", "May", "June",
        "July", "August", "September", "October", "November", "December",
    ]

    /// The day or days the words name, looking back from `today`; nil when they name none.
    private static func days(namedBy words: [Substring], today: FieldDate) throws(FieldValueProblem) -> LogWhen? {
        func back(_ days: Int64) throws(FieldValueProblem) -> LogWhen {
            guard let date = FieldDate(daysSinceEpoch: today.daysSinceEpoch - days) else {
                throw FieldValueProblem(reason: "it falls outside years 1 to 9999")
            }
            return .day(date)
        }
        switch words.count {
        case 1:
            switch words[0] {
            case "today": return .day(today)
            case "yesterday": return try back(1)
            default: break
            }
            if let weekday = FieldDate.weekdays[words[0]] { return try back(Int64((today.weekday - weekday + 7) % 7)) }
            if let date = try LogWhen(dateAndTime: String(words[0]), zone: UTCZone()), case .day = date { return date }
            return try numericDay(words[0], today: today)
        case 2:
            if words[0] == "last", let weekday = FieldDate.weekdays[words[1]] {
                return try back(Int64((today.weekday - weekday + 6) % 7 + 1))
            }
            if let span = try span(named: words, today: today) { return span }
            return try dayOfYear(words, today: today)
        case 3 where words[2] == "ago":
            return try unitsAgo(count: words[0], unit: words[1], today: today)
        case 3:
            return try dayOfYear(words, today: today)
        default:
            return nil
        }
    }

    /// `3 days ago`, `a week ago`, `2 months ago`, `one year ago`. A month or a year
    /// back from the 31st is the last day of a shorter month.
    private static func unitsAgo(count countWord: Substring, unit: Substring, today: FieldDate)
        throws(FieldValueProblem) -> LogWhen?
    {
        let count: Int64
        if ["a", "an", "one"].contains(countWord) {
            count = 1
        } else {
            guard countWord.utf8.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
            // Four million days go back past year 1; a larger count could overflow.
            guard let number = Int64(countWord), number <= 4_000_000 else {
                throw FieldValueProblem(reason: "it falls outside years 1 to 9999")
            }
            count = number
        }
        let outside = FieldValueProblem(reason: "it falls outside years 1 to 9999")
        switch unit {
        case "day", "days", "week", "weeks":
            let days = count * (unit.hasPrefix("week") ? 7 : 1)
            guard let date = FieldDate(daysSinceEpoch: today.daysSinceEpoch - days) else { throw outside }
            return .day(date)
        case "month", "months", "year", "years":
            let months = count * (unit.hasPrefix("year") ? 12 : 1)
            let monthIndex = Int64(today.year) * 12 + Int64(today.month - 1) - months
            let year = monthIndex.floorDivided(by: 12).quotient
            guard (1...9999).contains(year) else { throw outside }
            let month = monthIndex.floorDivided(by: 12).remainder + 1
            let day = min(Int64(today.day), Timestamp.daysIn(month: month, year: year))
            return .day(try FieldDate(year: Int(year), month: Int(month), day: Int(day)))
        default:
            return nil
        }
    }

    /// `this week` (Monday to Sunday), `last week`, `this month`, `last month`,
    /// `this year`, `last year`.
    private static func span(named words: [Substring], today: FieldDate) throws(FieldValueProblem) -> LogWhen? {
        let periodsBack: Int
        switch words[0] {
        case "this": periodsBack = 0
        case "last": periodsBack = 1
        default: return nil
        }
        let outside = FieldValueProblem(reason: "it falls outside years 1 to 9999")
        switch words[1] {
        case "week":
            let monday = today.daysSinceEpoch - Int64(today.weekday - 1) - Int64(7 * periodsBack)
            guard let first = FieldDate(daysSinceEpoch: monday), let last = FieldDate(daysSinceEpoch: monday + 6) else {
                throw outside
            }
            return .days(first, through: last)
        case "month":
            var (year, month) = (today.year, today.month - periodsBack)
            if month == 0 { (year, month) = (year - 1, 12) }
            guard year >= 1 else { throw outside }
            let lastDay = Int(Timestamp.daysIn(month: Int64(month), year: Int64(year)))
            return .days(try FieldDate(year: year, month: month, day: 1),
                         through: try FieldDate(year: year, month: month, day: lastDay))
        case "year":
            let year = today.year - periodsBack
            guard year >= 1 else { throw outside }
            return .days(try FieldDate(year: year, month: 1, day: 1), through: try FieldDate(year: year, month: 12, day: 31))
        default:
            return nil
        }
    }

    /// `nov 27`, `november 27th`, `27 nov`, `27 november 2026`, `nov 27, 2026`.
    private static func dayOfYear(_ words: [Substring], today: FieldDate) throws(FieldValueProblem) -> LogWhen? {
        let month: Int
        let dayWord: Substring
        if let named = monthsByName[words[0]] {
            (month, dayWord) = (named, words[1])
        } else if let named = monthsByName[words[1]] {
            (month, dayWord) = (named, words[0])
        } else {
            return nil
        }
        guard let day = dayOfMonth(dayWord) else { return nil }
        var year: Int?
        if words.count == 3 {
            guard words[2].utf8.count == 4, let number = Int(words[2]) else { return nil }
            year = number
        }
        return .day(try latestDate(month: month, day: day, year: year, today: today))
    }

    /// `27`, `27th`, `1st`, `2nd`, `3rd`: the digits of a day of the month.
    private static func dayOfMonth(_ word: Substring) -> Int? {
        var digits = word
        for suffix in ["st", "nd", "rd", "th"] where digits.hasSuffix(suffix) {
            digits = digits.dropLast(2)
            break
        }
        guard (1...2).contains(digits.utf8.count), digits.utf8.allSatisfy({ (0x30...0x39).contains($0) }) else {
            return nil
        }
        return Int(digits)
    }

    /// `27/11`, `11/27`, `27/11/2026`: read only where one order of day and month
    /// makes a date. Where both do (`11/12`), people in different places mean
    /// different days by it, so it is refused with both readings named.
    private static func numericDay(_ word: Substring, today: FieldDate) throws(FieldValueProblem) -> LogWhen? {
        let parts = word.split(separator: "/", omittingEmptySubsequences: false)
        guard (2...3).contains(parts.count),
              parts.allSatisfy({ !$0.isEmpty && $0.utf8.allSatisfy { (0x30...0x39).contains($0) } }),
              parts[0].utf8.count <= 2, parts[1].utf8.count <= 2,
              let first = Int(parts[0]), let second = Int(parts[1]) else { return nil }
        var year: Int?
        if parts.count == 3 {
            guard parts[2].utf8.count == 4 else { return nil }
            year = Int(parts[2])
        }
        func isDate(day: Int, month: Int) -> Bool {
            (1...12).contains(month) && day >= 1 && day <= Timestamp.daysIn(month: Int64(month), year: 2000)
        }
        let dayFirst = isDate(day: first, month: second)
        let monthFirst = isDate(day: second, month: first)
        switch (dayFirst, monthFirst) {
        case (true, true) where first != second:
            let dayFirstName = "\(first) \(monthNames[second - 1])"
            let monthFirstName = "\(monthNames[first - 1]) \(second)"
            throw FieldValueProblem(reason:
                "it could be \(dayFirstName) or \(monthFirstName): write '\(dayFirstName.lowercased())' or '\(monthFirstName.lowercased())'")
        case (true, _): return .day(try latestDate(month: second, day: first, year: year, today: today))
        case (_, true): return .day(try latestDate(month: first, day: second, year: year, today: today))
        default: return nil
        }
    }

    /// The date with that month and day in `year`; without a year, the latest one not
    /// after `today` (for 29 February, in the latest leap year).
    private static func latestDate(month: Int, day: Int, year: Int?, today: FieldDate)
        throws(FieldValueProblem) -> FieldDate
    {
        if let year { return try FieldDate(year: year, month: month, day: day) }
        // 2000 was a leap year: a day that is not a date then is not one in any year.
        guard day >= 1 && day <= Timestamp.daysIn(month: Int64(month), year: 2000) else {
            throw FieldValueProblem(reason: "there is no \(monthNames[month - 1]) \(day)")
        }
        var year = today.year
        while year >= 1 {
            if let date = try? FieldDate(year: year, month: month, day: day),
               date.daysSinceEpoch <= today.daysSinceEpoch { return date }
            year -= 1
        }
        throw FieldValueProblem(reason: "it falls outside years 1 to 9999")
    }
}

/// Reads a date alone, whose zone does not matter.
private struct UTCZone: LocalZone {
    func offsetSeconds(atUTCSeconds utcSeconds: Int64) -> Int64 { 0 }
}
