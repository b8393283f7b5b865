import JotterCore
import Testing

@Suite struct FieldDateTests {
    /// A Sunday.
    private static let today = try! FieldDate(year: 2026, month: 11, day: 22)

    private static func date(_ text: String, today: FieldDate = today) throws -> String {
        try FieldDate(parsing: text, today: today).description
    }

    @Test(arguments: [
        "2026-11-22", "2024-02-29", "2000-02-29", "2026-01-31", "2026-04-30", "2026-12-31",
        "0001-01-01", "9999-12-31", "0099-07-04",
    ])
    func isoDatesReadBackAsWritten(text: String) throws {
        #expect(try Self.date(text) == text)
    }

    @Test(arguments: [
        ("2026-02-29", "2026 has no February 29"),
        ("2100-02-29", "2100 has no February 29"),
        ("2026-02-30", "2026 has no February 30"),
        ("2024-02-30", "2024 has no February 30"),
        ("2026-04-31", "there is no April 31"),
        ("2026-06-31", "there is no June 31"),
        ("2026-01-32", "there is no January 32"),
        ("2026-01-00", "there is no day 0"),
        ("2026-00-10", "there is no month 0"),
        ("2026-13-01", "there is no month 13"),
        ("0000-01-01", "years go from 1 to 9999"),
    ])
    func impossibleDatesAreRejected(text: String, reason: String) {
        #expect(throws: FieldValueProblem(reason: reason)) { try Self.date(text) }
    }

    @Test(arguments: [
        "", "   ", "2026-1-5", "26-01-05", "2026-01-5", "2026/01/05", "20260105", "2026-01-05T10:00",
        "2026-01-05 x", "+2026-01-05", "２０２６-０１-０５", "someday", "next", "last", "next week",
        "next today", "last tomorrow", "monday next", "next next monday", "mo", "thurz", "1",
    ])
    func otherTextIsRejectedWithWhatIsAccepted(text: String) {
        #expect(throws: FieldValueProblem(reason: "use YYYY-MM-DD, today, yesterday, tomorrow or a weekday name")) {
            try Self.date(text)
        }
    }

    @Test(arguments: [
        ("today", "2026-11-22"),
        ("yesterday", "2026-11-21"),
        ("tomorrow", "2026-11-23"),
        ("monday", "2026-11-23"),
        ("mon", "2026-11-23"),
        ("tuesday", "2026-11-24"),
        ("tue", "2026-11-24"),
        ("tues", "2026-11-24"),
        ("wednesday", "2026-11-25"),
        ("wed", "2026-11-25"),
        ("thursday", "2026-11-26"),
        ("thu", "2026-11-26"),
        ("thur", "2026-11-26"),
        ("thurs", "2026-11-26"),
        ("friday", "2026-11-27"),
        ("fri", "2026-11-27"),
        ("saturday", "2026-11-28"),
        ("sat", "2026-11-28"),
        ("sunday", "2026-11-29"),
        ("sun", "2026-11-29"),
        ("next monday", "2026-11-23"),
        ("next sunday", "2026-11-29"),
        ("last sunday", "2026-11-15"),
        ("last saturday", "2026-11-21"),
        ("last monday", "2026-11-16"),
        ("last wed", "2026-11-18"),
    ])
    func wordsCountFromToday(text: String, expected: String) throws {
        #expect(try Self.date(text) == expected)
    }

    @Test(arguments: [
        ("TODAY", "2026-11-22"),
        ("Tomorrow", "2026-11-23"),
        ("  Monday\t", "2026-11-23"),
        ("NEXT FRI", "2026-11-27"),
        ("Last  Sunday", "2026-11-15"),
        ("\u{3000}yesterday\u{3000}", "2026-11-21"),
    ])
    func caseAndSurroundingSpaceDoNotMatter(text: String, expected: String) throws {
        #expect(try Self.date(text) == expected)
    }

    @Test(arguments: [
        ("yesterday", "2026-03-01", "2026-02-28"),
        ("yesterday", "2024-03-01", "2024-02-29"),
        ("yesterday", "2026-01-01", "2025-12-31"),
        ("tomorrow", "2024-02-28", "2024-02-29"),
        ("tomorrow", "2100-02-28", "2100-03-01"),
        ("tomorrow", "2026-12-31", "2027-01-01"),
        ("friday", "2026-11-27", "2026-12-04"),
        ("last friday", "2026-11-27", "2026-11-20"),
        ("thursday", "2026-12-30", "2026-12-31"),
        ("friday", "2026-12-30", "2027-01-01"),
        ("last tuesday", "2027-01-01", "2026-12-29"),
    ])
    func wordsCrossMonthsAndYears(text: String, today: String, expected: String) throws {
        let today = try FieldDate(parsing: today, today: Self.today)
        #expect(try Self.date(text, today: today) == expected)
    }

    @Test(arguments: [("tomorrow", "9999-12-31"), ("monday", "9999-12-31"), ("yesterday", "0001-01-01"), ("last sunday", "0001-01-01")])
    func wordsCannotLeaveTheYearsKept(text: String, today: String) throws {
        let today = try FieldDate(parsing: today, today: Self.today)
        #expect(throws: FieldValueProblem(reason: "it falls outside years 1 to 9999")) { try Self.date(text, today: today) }
    }

    @Test(arguments: [
        ("2026-11-16", 1), ("2026-11-17", 2), ("2026-11-18", 3), ("2026-11-19", 4),
        ("2026-11-20", 5), ("2026-11-21", 6), ("2026-11-22", 7),
        ("1970-01-01", 4), ("1969-12-31", 3), ("2000-01-01", 6), ("0001-01-01", 1), ("9999-12-31", 5),
    ])
    func weekday(text: String, expected: Int) throws {
        #expect(try FieldDate(parsing: text, today: Self.today).weekday == expected)
    }

    @Test(arguments: [
        ("2026-11-22", 0, "2026-11-22"),
        ("2026-11-22", 9, "2026-12-01"),
        ("2026-11-22", -22, "2026-10-31"),
        ("2024-02-28", 1, "2024-02-29"),
        ("2024-02-28", 2, "2024-03-01"),
        ("2023-02-28", 1, "2023-03-01"),
        ("2000-02-28", 1, "2000-02-29"),
        ("2026-12-31", 1, "2027-01-01"),
        ("2027-01-01", -1, "2026-12-31"),
        ("2024-01-01", 366, "2025-01-01"),
        ("2025-01-01", 365, "2026-01-01"),
        ("1970-01-01", -1, "1969-12-31"),
        ("2026-11-22", 36524, "2126-11-22"),
        ("0001-01-01", 3_652_058, "9999-12-31"),
    ])
    func addingDays(start: String, days: Int, expected: String) throws {
        let start = try FieldDate(parsing: start, today: Self.today)
        #expect(start.adding(days: days).description == expected)
        #expect(start.adding(days: days).adding(days: -days) == start)
    }

    @Test func partsAreKept() throws {
        let date = try FieldDate(year: 987, month: 6, day: 5)
        #expect((date.year, date.month, date.day) == (987, 6, 5))
        #expect(date.description == "0987-06-05")
    }

    @Test func todayIsTheLocalDateOfNow() {
        let before = Timestamp.now().rfc3339
        let today = FieldDate.today().description
        let after = Timestamp.now().rfc3339
        #expect(before.hasPrefix(today) || after.hasPrefix(today))
    }
}
