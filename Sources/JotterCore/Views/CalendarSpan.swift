/// The month or year `cal` shows, from what was typed: `2026` (a year), `2026-11`,
/// `november`, `nov 2026` (a month; a month without a year is the latest one not after
/// today's), or anything `log --on` takes (`this month`, `last year`, `Nov 27`: the
/// whole months it falls in).
public struct CalendarSpan: Equatable, Sendable {
    public let first: FieldDate
    public let last: FieldDate

    /// The month of `today`.
    public init(monthOf today: FieldDate) {
        first = try! FieldDate(year: today.year, month: today.month, day: 1)
        last = CalendarSpan.lastDay(ofMonth: today.month, year: today.year)
    }

    /// Nil when the words name no month, year or day.
    public init?(parsing text: String, nowMilliseconds: Int64, zone: some LocalZone) throws(JotterError) {
        let words = text.lowercased().split(whereSeparator: \.isWhitespace)
        let today = FieldDate(daysSinceEpoch: zone.localDateTime(atMilliseconds: nowMilliseconds).day)!
        func number(_ word: Substring) -> Int? {
            word.allSatisfy(\.isASCII) && word.allSatisfy(\.isNumber) ? Int(word) : nil
        }
        func year(_ word: Substring) throws(JotterError) -> Int? {
            guard word.count == 4, let year = number(word) else { return nil }
            guard (1...9999).contains(year) else { throw .input("'\(word)': years go from 1 to 9999") }
            return year
        }
        if words.count == 1, let year = try year(words[0]) {
            self.init(first: try! FieldDate(year: year, month: 1, day: 1), last: try! FieldDate(year: year, month: 12, day: 31))
            return
        }
        if words.count == 1, words[0].count == 7, words[0].dropFirst(4).first == "-",
           let year = try year(words[0].prefix(4)), let month = number(words[0].suffix(2)) {
            guard (1...12).contains(month) else { throw .input("'\(words[0])': there is no month \(month)") }
            self.init(month: month, year: year)
            return
        }
        if let month = words.first.flatMap({ LogWhen.monthsByName[$0] }) {
            if words.count == 1 {
                self.init(month: month, year: month <= today.month ? today.year : today.year - 1)
                return
            }
            if words.count == 2, let year = try year(words[1]) {
                self.init(month: month, year: year)
                return
            }
        }
        let when: LogWhen?
        do throws(FieldValueProblem) {
            when = try LogWhen(parsing: text, nowMilliseconds: nowMilliseconds, zone: zone)
        } catch {
            throw .input("'\(DisplayText.escaped(EntryText.trimmed(text)))': \(error.reason)")
        }
        switch when {
        case nil: return nil
        case .day(let date): self.init(month: date.month, year: date.year)
        case .days(let from, let through):
            self.init(first: try! FieldDate(year: from.year, month: from.month, day: 1),
                      last: CalendarSpan.lastDay(ofMonth: through.month, year: through.year))
        case .instant(let milliseconds):
            let date = FieldDate(daysSinceEpoch: zone.localDateTime(atMilliseconds: milliseconds).day)!
            self.init(month: date.month, year: date.year)
        }
    }

    private init(first: FieldDate, last: FieldDate) {
        self.first = first
        self.last = last
    }

    private init(month: Int, year: Int) {
        self.init(first: try! FieldDate(year: year, month: month, day: 1), last: CalendarSpan.lastDay(ofMonth: month, year: year))
    }

    private static func lastDay(ofMonth month: Int, year: Int) -> FieldDate {
        try! FieldDate(year: year, month: month, day: Int(Timestamp.daysIn(month: Int64(month), year: Int64(year))))
    }

    /// The local day of `milliseconds`.
    public static func day(atMilliseconds milliseconds: Int64, zone: some LocalZone) -> FieldDate {
        FieldDate(daysSinceEpoch: zone.localDateTime(atMilliseconds: milliseconds).day)!
    }
}
