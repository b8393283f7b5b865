@testable import JotterCore
@testable import JotterFormats
import Testing

@Suite struct JournalSiteTests {
    @Test func markupIsWrittenAsEntitiesInTextAndAttributesAlike() {
        #expect(HTMLText.escaped("<a href='x' onclick=\"y\">&amp;</a>")
                == "&lt;a href=&#39;x&#39; onclick=&quot;y&quot;&gt;&amp;amp;&lt;/a&gt;")
        #expect(HTMLText.escaped("日記 ✍️ family: 👨‍👩‍👧") == "日記 ✍️ family: 👨‍👩‍👧")
    }

    @Test func controlCharactersAndBidiOverridesAreWrittenOutVisibly() {
        #expect(HTMLText.escaped("\u{1B}[31mred\u{7}") == "\\x1b[31mred\\x07")
        #expect(HTMLText.escaped("\u{202E}evil\u{2066}") == "\\u{202e}evil\\u{2066}")
        #expect(HTMLText.escaped("\u{85}next") == "\\u{0085}next")
        #expect(HTMLText.escaped("a\tb\r") == "a\tb\\r")
        let out = OutputBuffer()
        HTMLText.write("two\nlines", keepingNewlines: true, to: out)
        #expect(out.text == "two\nlines")
        #expect(HTMLText.escaped("two\nlines") == "two\\nlines")
    }

    @Test func calendarDaysAreTheInverseOfTheCivilDate() {
        for number in Int64(-800_000)...Int64(800_000) where number % 97 == 0 || abs(number) < 1000 {
            let day = CalendarDay(number)
            #expect(Timestamp.daysSinceEpoch(year: day.year, month: day.month, day: day.dayOfMonth) == number)
        }
        let friday = CalendarDay(Timestamp.daysSinceEpoch(year: 2026, month: 11, day: 27))
        #expect(friday.weekday == 4)
        #expect(friday.isoText == "2026-11-27")
        #expect(CalendarDay.pageName(ofMonth: friday.monthNumber) == "2026-11.html")
        #expect(CalendarDay.monthName(friday.monthNumber + 2) == "January 2027")
        #expect(CalendarDay.firstDay(ofMonth: 2024 * 12 + 2).number - CalendarDay.firstDay(ofMonth: 2024 * 12 + 1).number == 29)
    }

    @Test func onlyMonthPagesAreTakenForPagesOfAnEarlierExport() {
        #expect(JournalSite.isMonthPageName("2026-11.html"))
        #expect(!JournalSite.isMonthPageName("index.html"))
        #expect(!JournalSite.isMonthPageName("notes-2026.htm"))
        #expect(!JournalSite.isMonthPageName("my-page.html"))
        #expect(!JournalSite.isMonthPageName("２０２６-11.html"))
    }
}
