import JotterCore
import Testing

/// A zone given as its changes of offset, as the tz database holds one. Tests cannot
/// set TZ: they run in parallel in one process.
struct TableZone: LocalZone {
    let initialOffset: Int64
    let changes: [(atUTCSeconds: Int64, offset: Int64)]

    init(initialOffset: Int64, changes: [(at: String, offset: Int64)] = []) {
        self.initialOffset = initialOffset
        self.changes = changes.map { (milliseconds($0.at) / 1000, $0.offset) }
    }

    func offsetSeconds(atUTCSeconds utcSeconds: Int64) -> Int64 {
        changes.last { $0.atUTCSeconds <= utcSeconds }?.offset ?? initialOffset
    }

    private static let hour: Int64 = 3600

    /// America/New_York, 2025 to 2027: clocks go forward at 02:00 to 03:00 and back
    /// at 02:00 to 01:00.
    static let newYork = TableZone(initialOffset: -5 * hour, changes: [
        ("2025-03-09T07:00Z", -4 * hour), ("2025-11-02T06:00Z", -5 * hour),
        ("2026-03-08T07:00Z", -4 * hour), ("2026-11-01T06:00Z", -5 * hour),
        ("2027-03-14T07:00Z", -4 * hour), ("2027-11-07T06:00Z", -5 * hour),
    ])

    /// America/Santiago in 2026, whose clocks change at midnight: back from 24:00 to
    /// 23:00 on 4 April, forward from 00:00 to 01:00 on 6 September.
    static let santiago = TableZone(initialOffset: -3 * hour, changes: [
        ("2026-04-05T03:00Z", -4 * hour), ("2026-09-06T04:00Z", -3 * hour),
    ])

    /// Australia/Lord_Howe in 2026: +11:00 in summer, +10:30 in winter, so its clocks
    /// change by half an hour.
    static let lordHowe = TableZone(initialOffset: 11 * hour, changes: [
        ("2026-04-04T15:00Z", 10 * hour + 1800), ("2026-10-03T15:30Z", 11 * hour),
    ])

    static let kathmandu = TableZone(initialOffset: 5 * hour + 45 * 60)
    static let marquesas = TableZone(initialOffset: -(9 * hour + 30 * 60))
    static let utc = TableZone(initialOffset: 0)
}

/// Milliseconds since the epoch of a time written with its offset.
private func milliseconds(_ text: String) -> Int64 {
    Timestamp(parsing: text, in: TableZone.utc)!.milliseconds
}

@Suite struct LogWindowTests {
    /// Wednesday 18 November 2026, 10:00 in New York.
    private static let wednesdayMorning = "2026-11-18T15:00Z"

    private static let acceptedWhen =
        "not a date or time (use YYYY-MM-DD, Nov 27, today, yesterday, a weekday, N days ago, last week, this month, "
        + "a day and a time such as 'yesterday 21:00' or 'monday 9am', or now)"

    private static func window(
        since: String? = nil, until: String? = nil, on: String? = nil,
        now: String = wednesdayMorning, zone: TableZone = .newYork
    ) throws -> LogWindow {
        try LogWindow(since: since, until: until, on: on, nowMilliseconds: milliseconds(now), zone: zone)
    }

    /// The local date and time at which `--since text` starts.
    private static func localStart(since text: String, now: String = wednesdayMorning) throws -> String? {
        try window(since: text, now: now).startMilliseconds.map(shownInNewYork)
    }

    private static func shownInNewYork(_ milliseconds: Int64) -> String {
        let local = TableZone.newYork.localDateTime(atMilliseconds: milliseconds)
        return "\(local.dateText) \(local.timeText)"
    }

    // MARK: - The forms of WHEN

    @Test(arguments: [
        ("2026-07-04", "2026-07-04T04:00Z"),
        ("2026-01-15", "2026-01-15T05:00Z"),
        ("2026-07-04T14:30", "2026-07-04T18:30Z"),
        ("2026-07-04 14:30", "2026-07-04T18:30Z"),
        ("2026-07-04T14:30:15", "2026-07-04T18:30:15Z"),
        ("2026-07-04 14:30:15", "2026-07-04T18:30:15Z"),
        ("2026-01-15 14:30", "2026-01-15T19:30Z"),
        ("2026-07-04T14:30Z", "2026-07-04T14:30Z"),
        ("2026-07-04 14:30:15Z", "2026-07-04T14:30:15Z"),
        ("2026-07-04T14:30+01:00", "2026-07-04T13:30Z"),
        ("2026-07-04T14:30:15+05:45", "2026-07-04T08:45:15Z"),
        ("2026-07-04 14:30-09:30", "2026-07-05T00:00Z"),
        ("2026-07-04T00:00-00:00", "2026-07-04T00:00Z"),
        ("now", wednesdayMorning),
    ])
    func datesAndTimesStartWhereTheySay(text: String, expected: String) throws {
        #expect(try Self.window(since: text).startMilliseconds == milliseconds(expected))
    }

    @Test(arguments: [
        ("today", "2026-11-18 00:00"),
        ("yesterday", "2026-11-17 00:00"),
        ("0 days ago", "2026-11-18 00:00"),
        ("1 day ago", "2026-11-17 00:00"),
        ("1 days ago", "2026-11-17 00:00"),
        ("3 days ago", "2026-11-15 00:00"),
        ("1 week ago", "2026-11-11 00:00"),
        ("2 weeks ago", "2026-11-04 00:00"),
        ("3 weeks ago", "2026-10-28 00:00"),
        ("30 days ago", "2026-10-19 00:00"),
        ("007 days ago", "2026-11-11 00:00"),
    ])
    func relativeDaysCountBackFromToday(text: String, expected: String) throws {
        #expect(try Self.localStart(since: text) == expected)
    }

    @Test(arguments: [
        ("wednesday", "2026-11-18 00:00"),
        ("wed", "2026-11-18 00:00"),
        ("tuesday", "2026-11-17 00:00"),
        ("tue", "2026-11-17 00:00"),
        ("tues", "2026-11-17 00:00"),
        ("monday", "2026-11-16 00:00"),
        ("mon", "2026-11-16 00:00"),
        ("sunday", "2026-11-15 00:00"),
        ("sun", "2026-11-15 00:00"),
        ("saturday", "2026-11-14 00:00"),
        ("sat", "2026-11-14 00:00"),
        ("friday", "2026-11-13 00:00"),
        ("fri", "2026-11-13 00:00"),
        ("thursday", "2026-11-12 00:00"),
        ("thu", "2026-11-12 00:00"),
        ("thurs", "2026-11-12 00:00"),
        ("last wednesday", "2026-11-11 00:00"),
        ("last tuesday", "2026-11-17 00:00"),
        ("last mon", "2026-11-16 00:00"),
        ("last thursday", "2026-11-12 00:00"),
    ])
    func weekdaysLookBackAndLastOnTheSameWeekdayIsAWeekAgo(text: String, expected: String) throws {
        #expect(try Self.localStart(since: text) == expected)
    }

    @Test(arguments: [
        ("  TODAY ", "2026-11-18 00:00"),
        ("\tYesterday\n", "2026-11-17 00:00"),
        ("Last Monday", "2026-11-16 00:00"),
        ("WED", "2026-11-18 00:00"),
        ("3  DAYS   Ago", "2026-11-15 00:00"),
        (" 2026-07-04T14:30 ", "2026-07-04 14:30"),
        ("2026-07-04t14:30", "2026-07-04 14:30"),
        ("2026-07-04   14:30", "2026-07-04 14:30"),
        ("2026-07-04t18:30z", "2026-07-04 14:30"),
        (" NOW ", "2026-11-18 10:00"),
    ])
    func caseAndSurroundingSpacesDoNotMatter(text: String, expected: String) throws {
        #expect(try Self.localStart(since: text) == expected)
    }

    @Test func todayIsTheLocalDayNotTheUTCOne() throws {
        // 22:00 on the 18th in New York is already the 19th in UTC.
        #expect(try Self.localStart(since: "today", now: "2026-11-19T03:00Z") == "2026-11-18 00:00")
        #expect(try Self.localStart(since: "wednesday", now: "2026-11-19T03:00Z") == "2026-11-18 00:00")
    }

    @Test(arguments: [
        ("2 days ago", "2026-03-02T17:00Z", "2026-02-28 00:00"),
        ("yesterday", "2026-03-01T17:00Z", "2026-02-28 00:00"),
        ("1 day ago", "2024-03-01T17:00Z", "2024-02-29 00:00"),
        ("31 days ago", "2026-05-01T16:00Z", "2026-03-31 00:00"),
        ("yesterday", "2027-01-01T17:00Z", "2026-12-31 00:00"),
        ("3 days ago", "2027-01-02T17:00Z", "2026-12-30 00:00"),
        ("1 week ago", "2027-01-02T17:00Z", "2026-12-26 00:00"),
        ("366 days ago", "2025-01-01T17:00Z", "2024-01-01 00:00"),
        ("friday", "2027-01-02T17:00Z", "2027-01-01 00:00"),
        ("thursday", "2027-01-02T17:00Z", "2026-12-31 00:00"),
    ])
    func relativeDaysCrossMonthAndYearEnds(text: String, now: String, expected: String) throws {
        #expect(try Self.localStart(since: text, now: now) == expected)
    }

    // MARK: - Dates and times as people write them

    /// With the clock at Wednesday 18 November 2026, 10:00 in New York.
    @Test(arguments: [
        ("yesterday 21:00", "2026-11-17 21:00"),
        ("Yesterday at 9pm", "2026-11-17 21:00"),
        ("yesterday 9:30 PM", "2026-11-17 21:30"),
        ("yesterday 21:00:30", "2026-11-17 21:00"),
        ("9am", "2026-11-18 09:00"),
        ("9 am", "2026-11-18 09:00"),
        ("at 9am", "2026-11-18 09:00"),
        ("12am", "2026-11-18 00:00"),
        ("12pm", "2026-11-18 12:00"),
        ("12:45am", "2026-11-18 00:45"),
        ("noon", "2026-11-18 12:00"),
        ("midnight", "2026-11-18 00:00"),
        ("21:00", "2026-11-18 21:00"),
        ("7:05", "2026-11-18 07:05"),
        ("monday 8:30", "2026-11-16 08:30"),
        ("last wed 8:30", "2026-11-11 08:30"),
        ("3 days ago 6pm", "2026-11-15 18:00"),
        ("2026-11-27 21:00", "2026-11-27 21:00"),
        ("2026-11-27 9am", "2026-11-27 09:00"),
        ("2026-11-27 at noon", "2026-11-27 12:00"),
        ("Nov 17", "2026-11-17 00:00"),
        ("nov 18", "2026-11-18 00:00"),
        ("Nov 27", "2025-11-27 00:00"),
        ("November 1st", "2026-11-01 00:00"),
        ("27 November", "2025-11-27 00:00"),
        ("2 Jan", "2026-01-02 00:00"),
        ("27 nov 2026", "2026-11-27 00:00"),
        ("Nov 27, 2026", "2026-11-27 00:00"),
        ("sept 3rd 2024", "2024-09-03 00:00"),
        ("nov 27 21:00", "2025-11-27 21:00"),
        ("27 November 2026 8:15pm", "2026-11-27 20:15"),
        ("feb 29", "2024-02-29 00:00"),
        ("18/11", "2026-11-18 00:00"),
        ("11/18", "2026-11-18 00:00"),
        ("27/11/2025", "2025-11-27 00:00"),
        ("5/5", "2026-05-05 00:00"),
        ("a week ago", "2026-11-11 00:00"),
        ("one day ago", "2026-11-17 00:00"),
        ("an hour ago 9am", nil),
        ("2 months ago", "2026-09-18 00:00"),
        ("a month ago", "2026-10-18 00:00"),
        ("a year ago", "2025-11-18 00:00"),
        ("13 months ago", "2025-10-18 00:00"),
        ("this week", "2026-11-16 00:00"),
        ("last week", "2026-11-09 00:00"),
        ("this month", "2026-11-01 00:00"),
        ("last month", "2026-10-01 00:00"),
        ("this year", "2026-01-01 00:00"),
        ("last year", "2025-01-01 00:00"),
    ] as [(String, String?)])
    func datesAndTimesAsPeopleWriteThem(text: String, expected: String?) throws {
        guard let expected else {
            #expect(throws: JotterError.input("--since '\(text)': \(Self.acceptedWhen)")) { try Self.window(since: text) }
            return
        }
        #expect(try Self.localStart(since: text) == expected)
    }

    /// The first moment `--until` leaves out.
    @Test(arguments: [
        ("this week", "2026-11-23 00:00"),
        ("last week", "2026-11-16 00:00"),
        ("this month", "2026-12-01 00:00"),
        ("last month", "2026-11-01 00:00"),
        ("last year", "2026-01-01 00:00"),
        ("Nov 17", "2026-11-18 00:00"),
        ("yesterday 21:00", "2026-11-17 21:00"),
    ])
    func untilARunOfDaysTakesInItsLastDay(text: String, firstLeftOut: String) throws {
        let end = try #require(try Self.window(until: text).endMilliseconds)
        #expect(Self.shownInNewYork(end) == firstLeftOut)
    }

    @Test(arguments: [
        ("last week", "2026-11-09T05:00Z", "2026-11-16T05:00Z"),
        ("last month", "2026-10-01T04:00Z", "2026-11-01T04:00Z"),
        ("this month", "2026-11-01T04:00Z", "2026-12-01T05:00Z"),
    ])
    func onARunOfDaysIsAllOfIt(text: String, start: String, end: String) throws {
        let span = try Self.window(on: text)
        #expect(span.startMilliseconds == milliseconds(start))
        #expect(span.endMilliseconds == milliseconds(end))
    }

    @Test(arguments: [
        ("last month", "2027-01-10T17:00Z", "2026-12-01 00:00"),
        ("last week", "2027-01-02T17:00Z", "2026-12-21 00:00"),
        ("a month ago", "2026-03-31T16:00Z", "2026-02-28 00:00"),
        ("a month ago", "2024-03-31T16:00Z", "2024-02-29 00:00"),
        ("a year ago", "2028-02-29T17:00Z", "2027-02-28 00:00"),
        ("dec 31", "2027-01-02T17:00Z", "2026-12-31 00:00"),
        ("jan 2", "2027-01-02T17:00Z", "2027-01-02 00:00"),
        ("jan 3", "2027-01-02T17:00Z", "2026-01-03 00:00"),
    ])
    func namedDaysAndRunsCrossYearEnds(text: String, now: String, expected: String) throws {
        #expect(try Self.localStart(since: text, now: now) == expected)
    }

    @Test(arguments: [
        ("11/12", "it could be 11 December or November 12: write '11 december' or 'november 12'"),
        ("3/4/2026", "it could be 3 April or March 4: write '3 april' or 'march 4'"),
        ("nov 31", "there is no November 31"),
        ("31 feb", "there is no February 31"),
        ("feb 29 2026", "2026 has no February 29"),
        ("25:00", "there is no hour 25"),
        ("yesterday 9:60", "there is no minute 60"),
        ("13pm", "am and pm go with hours 1 to 12, not 13"),
        ("0am", "am and pm go with hours 1 to 12, not 0"),
        ("last week 9am", "a time goes with one day, not with a week, a month or a year"),
        ("this month noon", "a time goes with one day, not with a week, a month or a year"),
    ])
    func aDateOrTimeThatIsNoneOrTwoSaysSo(text: String, reason: String) {
        #expect(throws: JotterError.input("--since '\(text)': \(reason)")) { try Self.window(since: text) }
    }

    /// Clock times on days whose clocks change, in several zones: a skipped time is
    /// the moment of the jump, a repeated time its first reading.
    @Test(arguments: [
        (TableZone.newYork, "2026-03-09T15:00Z", "yesterday 2:30am", "2026-03-08T07:00Z"),
        (TableZone.newYork, "2026-03-09T15:00Z", "yesterday 1:59am", "2026-03-08T06:59Z"),
        (TableZone.newYork, "2026-03-09T15:00Z", "yesterday 3am", "2026-03-08T07:00Z"),
        (TableZone.newYork, "2026-03-09T15:00Z", "yesterday 9pm", "2026-03-09T01:00Z"),
        (TableZone.newYork, "2026-11-02T15:00Z", "yesterday 1:30", "2026-11-01T05:30Z"),
        (TableZone.newYork, "2026-11-02T15:00Z", "sunday 2am", "2026-11-01T07:00Z"),
        (TableZone.newYork, "2026-11-02T15:00Z", "nov 1 9pm", "2026-11-02T02:00Z"),
        (TableZone.santiago, "2026-09-07T15:00Z", "sep 6 00:30", "2026-09-06T04:00Z"),
        (TableZone.santiago, "2026-09-07T15:00Z", "yesterday 1am", "2026-09-06T04:00Z"),
        (TableZone.santiago, "2026-04-06T15:00Z", "apr 4 23:30", "2026-04-05T02:30Z"),
        (TableZone.lordHowe, "2026-04-06T00:00Z", "5 april 1:45am", "2026-04-04T14:45Z"),
        (TableZone.lordHowe, "2026-04-06T00:00Z", "5 april 2:15am", "2026-04-04T15:45Z"),
        (TableZone.kathmandu, "2026-11-18T15:00Z", "monday 8:30", "2026-11-16T02:45Z"),
        (TableZone.kathmandu, "2026-11-18T18:00Z", "9am", "2026-11-18T03:15Z"),
        (TableZone.marquesas, "2026-11-18T08:00Z", "yesterday 21:00", "2026-11-17T06:30Z"),
        (TableZone.utc, "2026-11-18T15:00Z", "last month", "2026-10-01T00:00Z"),
    ])
    func timesOfNamedDaysInSeveralZones(zone: TableZone, now: String, text: String, expected: String) throws {
        #expect(try Self.window(since: text, now: now, zone: zone).startMilliseconds == milliseconds(expected))
    }

    // MARK: - Dating an entry (add --at, :at)

    private static func dating(_ text: String, now: String = wednesdayMorning, zone: TableZone = .newYork)
        throws -> EntryDating? {
        try EntryDating(parsing: text, option: "--at", nowMilliseconds: milliseconds(now), zone: zone)
    }

    @Test(arguments: [
        ("yesterday 21:00", "2026-11-18T02:00:00Z", -5 * 3600),
        ("2026-07-04 9am", "2026-07-04T13:00:00Z", -4 * 3600),
        ("2026-11-27T21:00Z", "2026-11-27T21:00:00Z", -5 * 3600),
        ("yesterday", "2026-11-17T15:00:00.250Z", -5 * 3600),
        ("nov 1", "2026-11-01T15:00:00.250Z", -5 * 3600),
        ("oct 31", "2026-10-31T14:00:00.250Z", -4 * 3600),
    ])
    func anEntryIsDatedThenAndADayTakesTheTimeOfDayItIsNow(text: String, expected: String, offset: Int) throws {
        let when = try #require(try Self.dating(text))
        let created = when.timestamp(nowMilliseconds: milliseconds("2026-11-18T15:00:00.250Z"), zone: TableZone.newYork)
        #expect(created.milliseconds == milliseconds(expected))
        #expect(created.offsetSeconds == Int32(offset))
    }

    @Test func aDayWhoseTimeOfDayWasSkippedTakesTheMomentOfTheJump() throws {
        // 02:30 on 9 March 2026 in New York; on the 8th the clocks went from 02:00 to 03:00.
        let now = milliseconds("2026-03-09T06:30:00Z")
        let when = try #require(try EntryDating(parsing: "yesterday", option: "--at", nowMilliseconds: now, zone: TableZone.newYork))
        #expect(when.timestamp(nowMilliseconds: now, zone: TableZone.newYork).milliseconds == milliseconds("2026-03-08T07:00:00Z"))
    }

    @Test func nowIsNoDating() throws {
        #expect(try Self.dating("now") == nil)
        #expect(try Self.dating("  NOW ") == nil)
    }

    @Test(arguments: [
        ("last week", "--at 'last week': an entry is dated by a day or a time, not by a week, a month or a year"),
        ("tomorow", "--at 'tomorow': \(acceptedWhen)"),
        ("11/12", "--at '11/12': it could be 11 December or November 12: write '11 december' or 'november 12'"),
        ("nov 31 9am", "--at 'nov 31 9am': there is no November 31"),
    ])
    func aDatingThatIsNoDayOrTimeSaysWhy(text: String, message: String) {
        #expect(throws: JotterError.input(message)) { try Self.dating(text) }
    }

    // MARK: - Impossible dates and unknown text

    @Test(arguments: ["2026-04-30", "2024-02-29", "2000-02-29", "2026-12-31", "0001-01-01", "9999-12-31"])
    func realDaysAreWholeDays(text: String) throws {
        let day = try Self.window(on: text, zone: .utc)
        let start = try #require(day.startMilliseconds)
        #expect(TableZone.utc.localDateTime(atMilliseconds: start).dateText == text)
        #expect(day.endMilliseconds == start + 86_400_000)
    }

    @Test(arguments: [
        ("2026-04-31", "there is no April 31"),
        ("2026-06-31", "there is no June 31"),
        ("2026-02-29", "2026 has no February 29"),
        ("1900-02-29", "1900 has no February 29"),
        ("2024-02-30", "2024 has no February 30"),
        ("2026-01-32", "there is no January 32"),
        ("2026-01-00", "there is no day 0"),
        ("2026-13-01", "there is no month 13"),
        ("2026-00-10", "there is no month 0"),
        ("0000-01-01", "years go from 1 to 9999"),
        ("2026-02-29 10:00", "2026 has no February 29"),
        ("2026-07-04 24:00", "there is no hour 24"),
        ("2026-07-04 12:60", "there is no minute 60"),
        ("2026-07-04 12:00:60", "there is no second 60"),
        ("2026-07-04 12:00+24:00", "a UTC offset goes up to 23:59"),
        ("2026-07-04 12:00-01:60", "a UTC offset goes up to 23:59"),
        ("999999 days ago", "it falls outside years 1 to 9999"),
        ("99999999999999999999 weeks ago", "it falls outside years 1 to 9999"),
    ])
    func impossibleDatesAndTimesSayWhatIsWrong(text: String, reason: String) {
        #expect(throws: JotterError.input("--since '\(text)': \(reason)")) { try Self.window(since: text) }
        #expect(throws: JotterError.input("--until '\(text)': \(reason)")) { try Self.window(until: text) }
    }

    @Test(arguments: [
        "tomorow", "tomorrow", "next monday", "last", "last today", "mo", "days ago", "3 days",
        "3 fortnights ago", "-1 days ago", "+1 days ago", "1.5 days ago", "three days ago", "yesterday 10",
        "an hour ago", "nov", "nov 27 26", "27 27", "13/13", "2026/07/04", "1/2/26", "9 o'clock", "yesterday at",
        "last week monday", "next week", "27 november 2026 2026",
        "2026-7-4", "2026/07/04", "04.07.2026", "20260704", "2026-07-04T", "2026-07-04 14", "2026-07-04 1430",
        "2026-07-04 14:30 +01:00", "2026-07-04 14:30+0100", "2026-07-04 14:30+01", "2026-07-04T14:30:15.5",
        "2026-07-04Z", "２０２６-０７-０４", "", "   ",
    ])
    func otherTextIsRefusedWithWhatIsAccepted(text: String) {
        let shown = EntryText.trimmed(text)
        #expect(throws: JotterError.input("--since '\(shown)': \(Self.acceptedWhen)")) { try Self.window(since: text) }
    }

    @Test func controlCharactersInTheTextAreShownEscaped() {
        #expect(throws: JotterError.input("--until 'to\\x1b[2Jday': \(Self.acceptedWhen)")) {
            try Self.window(until: "to\u{1b}[2Jday")
        }
    }

    // MARK: - --until and --on

    @Test func noOptionsLeaveBothEndsOpen() throws {
        let everything = try Self.window()
        #expect(everything.startMilliseconds == nil && everything.endMilliseconds == nil)
        #expect(try Self.window(since: "today").endMilliseconds == nil)
        #expect(try Self.window(until: "today").startMilliseconds == nil)
    }

    @Test(arguments: [
        ("2026-07-04", "2026-07-05T04:00Z"),
        ("yesterday", "2026-11-18T05:00Z"),
        ("today", "2026-11-19T05:00Z"),
        ("monday", "2026-11-17T05:00Z"),
        ("2026-11-01", "2026-11-02T05:00Z"),
    ])
    func untilADayTakesInTheWholeDay(text: String, firstMillisecondLeftOut: String) throws {
        #expect(try Self.window(until: text).endMilliseconds == milliseconds(firstMillisecondLeftOut))
    }

    @Test func untilAnInstantTakesInThatInstant() throws {
        #expect(try Self.window(until: "2026-07-04 14:30").endMilliseconds == milliseconds("2026-07-04T18:30:00.001Z"))
        #expect(try Self.window(until: "now").endMilliseconds == milliseconds(Self.wednesdayMorning) + 1)
    }

    @Test func sinceAndUntilTogether() throws {
        let week = try Self.window(since: "last wednesday", until: "yesterday")
        #expect(week.startMilliseconds == milliseconds("2026-11-11T05:00Z"))
        #expect(week.endMilliseconds == milliseconds("2026-11-18T05:00Z"))
    }

    @Test(arguments: [
        ("2026-07-04", "2026-07-04T04:00Z", "2026-07-05T04:00Z"),
        ("today", "2026-11-18T05:00Z", "2026-11-19T05:00Z"),
        ("yesterday", "2026-11-17T05:00Z", "2026-11-18T05:00Z"),
        ("2 days ago", "2026-11-16T05:00Z", "2026-11-17T05:00Z"),
        ("sunday", "2026-11-15T05:00Z", "2026-11-16T05:00Z"),
    ])
    func onIsTheWholeLocalDay(text: String, start: String, end: String) throws {
        let day = try Self.window(on: text)
        #expect(day.startMilliseconds == milliseconds(start))
        #expect(day.endMilliseconds == milliseconds(end))
    }

    @Test(arguments: ["2026-07-04 14:30", "2026-07-04T14:30Z", "now"])
    func onRefusesATime(text: String) {
        #expect(throws: JotterError.input(
            "--on '\(text)': --on takes a day, not a time; use --since and --until for part of a day"
        )) { try Self.window(on: text) }
    }

    @Test func onSaysWhatItAccepts() {
        #expect(throws: JotterError.input(
            "--on 'tomorow': not a day (use YYYY-MM-DD, Nov 27, today, yesterday, a weekday, N days ago, last week or this month)"
        )) { try Self.window(on: "tomorow") }
        #expect(throws: JotterError.input("--on '2026-04-31': there is no April 31")) {
            try Self.window(on: "2026-04-31")
        }
    }

    @Test(arguments: [("today", nil), (nil, "today"), ("today", "today")] as [(String?, String?)])
    func onGoesWithoutSinceAndUntil(since: String?, until: String?) {
        #expect(throws: JotterError.input("--on takes a whole day, so it goes without --since and --until")) {
            try Self.window(since: since, until: until, on: "today")
        }
    }

    // MARK: - Order

    @Test(arguments: [
        ("2026-03-09", "2026-03-08"),
        ("today", "yesterday"),
        ("2026-03-08 10:00", "2026-03-08 09:59"),
        ("2026-03-08 10:00", "2026-03-07"),
        ("2026-03-08", "2026-03-07 23:59"),
        ("now", "2026-11-18 09:59"),
        ("2026-03-08T10:00Z", "2026-03-08T10:00:00+01:00"),
    ])
    func sinceAfterUntilIsRefused(since: String, until: String) {
        #expect(throws: JotterError.input("--since '\(since)' is after --until '\(until)'")) {
            try Self.window(since: since, until: until)
        }
    }

    @Test func sinceAndUntilTheSameDayIsThatDay() throws {
        #expect(try Self.window(since: "2026-03-08", until: "2026-03-08") == Self.window(on: "2026-03-08"))
    }

    @Test func sinceAndUntilTheSameInstantIsThatMillisecond() throws {
        let instant = try Self.window(since: "2026-07-04 14:30", until: "2026-07-04 14:30")
        #expect(instant.startMilliseconds == milliseconds("2026-07-04T18:30Z"))
        #expect(instant.endMilliseconds == milliseconds("2026-07-04T18:30:00.001Z"))
    }

    // MARK: - Changes of offset

    @Test func newYorksSpringForwardDayIs23HoursLong() throws {
        let day = try Self.window(on: "2026-03-08")
        #expect(day.startMilliseconds == milliseconds("2026-03-08T05:00Z"))
        #expect(day.endMilliseconds == milliseconds("2026-03-09T04:00Z"))
    }

    @Test func newYorksFallBackDayIs25HoursLong() throws {
        let day = try Self.window(on: "2026-11-01")
        #expect(day.startMilliseconds == milliseconds("2026-11-01T04:00Z"))
        #expect(day.endMilliseconds == milliseconds("2026-11-02T05:00Z"))
    }

    @Test(arguments: [
        ("2026-03-08 01:59", "2026-03-08T06:59Z"),
        ("2026-03-08 02:00", "2026-03-08T07:00Z"),
        ("2026-03-08 02:30", "2026-03-08T07:00Z"),
        ("2026-03-08 02:59:59", "2026-03-08T07:00Z"),
        ("2026-03-08 03:00", "2026-03-08T07:00Z"),
        ("2026-03-08 03:30", "2026-03-08T07:30Z"),
    ])
    func aSkippedTimeIsTheMomentTheClocksJumpPastIt(text: String, expected: String) throws {
        #expect(try Self.window(since: text).startMilliseconds == milliseconds(expected))
    }

    @Test(arguments: [
        ("2026-11-01 00:59", "2026-11-01T04:59Z"),
        ("2026-11-01 01:00", "2026-11-01T05:00Z"),
        ("2026-11-01 01:30", "2026-11-01T05:30Z"),
        ("2026-11-01 01:59:59", "2026-11-01T05:59:59Z"),
        ("2026-11-01 02:00", "2026-11-01T07:00Z"),
    ])
    func aRepeatedTimeIsItsFirstReading(text: String, expected: String) throws {
        #expect(try Self.window(since: text).startMilliseconds == milliseconds(expected))
    }

    @Test(arguments: [
        ("2026-04-04", "2026-04-04T03:00Z", "2026-04-05T04:00Z"),
        ("2026-04-05", "2026-04-05T04:00Z", "2026-04-06T04:00Z"),
        ("2026-09-05", "2026-09-05T04:00Z", "2026-09-06T04:00Z"),
        ("2026-09-06", "2026-09-06T04:00Z", "2026-09-07T03:00Z"),
    ])
    func daysStartRightWhereClocksChangeAtMidnight(text: String, start: String, end: String) throws {
        let day = try Self.window(on: text, zone: .santiago)
        #expect(day.startMilliseconds == milliseconds(start))
        #expect(day.endMilliseconds == milliseconds(end))
    }

    @Test func aTimeRepeatedBeforeMidnightIsItsFirstReading() throws {
        let since = try Self.window(since: "2026-04-04 23:30", zone: .santiago)
        #expect(since.startMilliseconds == milliseconds("2026-04-05T02:30Z"))
    }

    @Test(arguments: [
        ("2026-04-05", "2026-04-04T13:00Z", "2026-04-05T13:30Z"),
        ("2026-10-04", "2026-10-03T13:30Z", "2026-10-04T13:00Z"),
    ])
    func halfHourChangesMakeDaysOfTwentyFourAndAHalfAndTwentyThreeAndAHalfHours(
        text: String, start: String, end: String
    ) throws {
        let day = try Self.window(on: text, zone: .lordHowe)
        #expect(day.startMilliseconds == milliseconds(start))
        #expect(day.endMilliseconds == milliseconds(end))
    }

    @Test func daysInZonesWithOddOffsets() throws {
        let kathmandu = try Self.window(on: "2026-03-08", zone: .kathmandu)
        #expect(kathmandu.startMilliseconds == milliseconds("2026-03-07T18:15Z"))
        #expect(kathmandu.endMilliseconds == milliseconds("2026-03-08T18:15Z"))
        let marquesas = try Self.window(on: "2026-03-08", zone: .marquesas)
        #expect(marquesas.startMilliseconds == milliseconds("2026-03-08T09:30Z"))
        #expect(marquesas.endMilliseconds == milliseconds("2026-03-09T09:30Z"))
    }

    @Test func anExplicitOffsetIsTheSameInstantInEveryZone() throws {
        for zone in [TableZone.newYork, .santiago, .lordHowe, .kathmandu, .marquesas, .utc] {
            let since = try Self.window(since: "2026-03-08T02:30-05:00", zone: zone)
            #expect(since.startMilliseconds == milliseconds("2026-03-08T07:30Z"))
        }
    }

    // MARK: - Local dates and times for output

    @Test(arguments: [
        (TableZone.newYork, "2026-11-01T05:30Z", "2026-11-01", "01:30"),
        (TableZone.newYork, "2026-11-01T06:30Z", "2026-11-01", "01:30"),
        (TableZone.newYork, "2026-11-19T04:59:59.999Z", "2026-11-18", "23:59"),
        (TableZone.newYork, "2026-11-19T05:00Z", "2026-11-19", "00:00"),
        (TableZone.kathmandu, "2026-03-07T18:14:59Z", "2026-03-07", "23:59"),
        (TableZone.kathmandu, "2026-03-07T18:15Z", "2026-03-08", "00:00"),
        (TableZone.marquesas, "1970-01-01T00:00Z", "1969-12-31", "14:30"),
        (TableZone.utc, "1969-12-31T23:59:59.999Z", "1969-12-31", "23:59"),
        (TableZone.utc, "0001-01-01T00:00Z", "0001-01-01", "00:00"),
    ])
    func instantsAreShownInLocalDateAndTime(zone: TableZone, instant: String, date: String, time: String) {
        let local = zone.localDateTime(atMilliseconds: milliseconds(instant))
        #expect(local.dateText == date)
        #expect(local.timeText == time)
    }

    @Test(arguments: ["2026-03-08", "2026-11-01", "2026-07-04"])
    func entriesOfTheDayOnTakesInAreShownUnderThatDate(text: String) throws {
        let day = try Self.window(on: text)
        let start = try #require(day.startMilliseconds)
        let end = try #require(day.endMilliseconds)
        let zone = TableZone.newYork
        #expect(zone.localDateTime(atMilliseconds: start - 1).dateText != text)
        #expect(zone.localDateTime(atMilliseconds: start).dateText == text)
        #expect(zone.localDateTime(atMilliseconds: end - 1).dateText == text)
        #expect(zone.localDateTime(atMilliseconds: end).dateText != text)
    }

    // MARK: - The system zone

    /// Holds whatever TZ the machine has: a clock reading found for an instant is
    /// read at the instant found, which is no later than the first.
    @Test func theSystemZoneFindsTheInstantsItsClockReads() throws {
        let zone = SystemZone()
        let instants = stride(
            from: milliseconds("1960-01-01T00:00Z"), through: milliseconds("2040-01-01T00:00Z"), by: 233_437_913)
        for instant in instants {
            let local = zone.localDateTime(atMilliseconds: instant)
            let window = try LogWindow(
                since: "\(local.dateText) \(local.timeText)", until: nil, on: nil, nowMilliseconds: instant, zone: zone)
            let found = try #require(window.startMilliseconds)
            #expect(found <= instant)
            #expect(zone.localDateTime(atMilliseconds: found).timeText == local.timeText)
            #expect(zone.localDateTime(atMilliseconds: found).dateText == local.dateText)
        }
    }

    /// Holds whatever TZ the machine has: today starts on today's date, and the
    /// millisecond before is on another.
    @Test func theSystemZoneStartsEachDayAtItsFirstMoment() throws {
        let zone = SystemZone()
        let nows = stride(
            from: milliseconds("1990-01-01T12:00Z"), through: milliseconds("2040-01-01T12:00Z"), by: 25 * 3_600_000)
        for now in nows {
            let today = try LogWindow(since: nil, until: nil, on: "today", nowMilliseconds: now, zone: zone)
            let start = try #require(today.startMilliseconds)
            let end = try #require(today.endMilliseconds)
            let date = zone.localDateTime(atMilliseconds: now).dateText
            #expect(zone.localDateTime(atMilliseconds: start).dateText == date)
            #expect(zone.localDateTime(atMilliseconds: start - 1).dateText != date)
            #expect(zone.localDateTime(atMilliseconds: end - 1).dateText == date)
            #expect(zone.localDateTime(atMilliseconds: end).dateText != date)
        }
    }
}
