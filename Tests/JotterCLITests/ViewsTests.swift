@testable import JotterCLI
import JotterCore
import Testing

/// `edit --at`, `cal` and `stats`, in-process with the test's fixed clock. Days are
/// counted in the process's zone, the one `--at` reads its times in, so the entries
/// below fall on the days named whatever TZ the tests run in.
@Suite struct ViewsTests {
    /// Adds `text` dated `when` (as `add --at` reads it), and returns its id.
    @discardableResult
    private func add(_ text: [String], at when: String, to target: String? = nil, in jotter: InProcess) throws -> NodeID {
        let before = jotter.output.count
        try jotter.run(["add", "--at", when] + (target.map { ["--to", $0] } ?? []) + text)
        return try #require(NodeID(String(jotter.output.dropFirst(before).dropLast())))
    }

    /// What `arguments` write, the output before them left out.
    private func output(of arguments: [String], in jotter: InProcess) throws -> String {
        let before = jotter.output.utf8.count
        try jotter.run(arguments)
        return String(decoding: jotter.output.utf8.dropFirst(before), as: UTF8.self)
    }

    @Test func editAtMovesTheDateAndKeepsTheIdAndThePlaceAndUndoMovesItBack() throws {
        let jotter = try InProcess()
        let first = try add(["first"], at: "2026-11-20 09:00", in: jotter)
        let second = try add(["second"], at: "2026-11-20 10:00", in: jotter)
        try add(["third"], at: "2026-11-20 11:00", in: jotter)
        let before = try #require(try jotter.store.node(id: first))
        try jotter.run(["edit", "--at", "2026-11-21 08:30", first.description])
        let moved = try #require(try jotter.store.node(id: first))
        #expect(moved.id == before.id)
        #expect(moved.created != before.created)
        // Its place in its list is its place: the list is not ordered by date.
        #expect(try jotter.store.children(of: nil).map(\.text) == ["first", "second", "third"])
        // log finds it on its new day, after the others.
        var logged: [String] = []
        try jotter.store.log(try LogWindow(since: "2026-11-20", until: "2026-11-21", on: nil,
                                           nowMilliseconds: jotter.context.clock.now().milliseconds, zone: SystemZone()),
                             under: nil) { logged.append($0.node.text) }
        #expect(logged == ["second", "third", "first"])
        // A day alone keeps the time of day.
        try jotter.run(["edit", "--at", "2026-11-19", second.description])
        let secondMoved = try #require(try jotter.store.node(id: second))
        let zone = SystemZone()
        #expect(zone.localDateTime(atMilliseconds: secondMoved.created.milliseconds).timeText == "10:00")
        #expect(zone.localDateTime(atMilliseconds: secondMoved.created.milliseconds).dateText == "2026-11-19")
        #expect(try jotter.store.undo()?.what == "date \"second\"")
        #expect(try jotter.store.undo()?.what == "date \"first\"")
        let back = try #require(try jotter.store.node(id: first))
        #expect(back.created == before.created)
        #expect(back.id == first)
        #expect(try jotter.store.redo() != nil)
        #expect(try jotter.store.node(id: first)?.created == moved.created)
        #expect(try jotter.store.check().isEmpty)
    }

    @Test func editAtRefusesTextBesideItAndAList() throws {
        let jotter = try InProcess()
        try jotter.run(["new", "diary", "--in", "/"])
        #expect(throws: (any Error).self) { try jotter.run(["edit", "--at", "yesterday", "diary", "new", "text"]) }
        #expect(throws: JotterError.input("'diary' is a list; only items are dated")) {
            try jotter.run(["edit", "--at", "yesterday", "diary"])
        }
    }

    private static let octoberCounts: [Int: Int] = [1: 1, 2: 4, 3: 2, 5: 8, 6: 8, 7: 1, 31: 3]

    /// October 2026 with entries on a few days, under /diary; one more in the trash and
    /// one under another list.
    private func october(_ jotter: InProcess) throws {
        try jotter.run(["new", "diary", "--in", "/"])
        try jotter.run(["new", "日記", "--in", "/"])
        for (day, count) in ViewsTests.octoberCounts {
            for index in 0..<count {
                try add(["entry", String(index)], at: "2026-10-\(day < 10 ? "0" : "")\(day) 12:00", to: "/diary", in: jotter)
            }
        }
        let trashed = try add(["gone"], at: "2026-10-04 12:00", to: "/diary", in: jotter)
        try jotter.run(["rm", trashed.description])
        try add(["elsewhere"], at: "2026-10-04 12:00", to: "/日記", in: jotter)
    }

    @Test func calOfAMonthWithoutColourMarksEachDaysStep() throws {
        let jotter = try InProcess()
        try october(jotter)
        #expect(try output(of: ["cal", "2026-10", "diary"], in: jotter) == """
            /diary
                   October 2026
            Mo  Tu  We  Th  Fr  Sa  Su
                         1.  2:  3.  4
             5#  6#  7.  8   9  10  11
            12  13  14  15  16  17  18
            19  20  21  22  23  24  25
            26  27  28  29  30  31:

            . 1-2  : 3-4  * 5-6  # 7-8 a day
            current streak: 0 days
            longest streak: 3 days, to 2026-10-07

            """)
    }

    @Test func calCountsEveryListWithoutATargetAndLeavesTheTrashOut() throws {
        let jotter = try InProcess()
        try october(jotter)
        let calendar = try output(of: ["cal", "october", "2026"], in: jotter)
        // The 4th has one entry, under 日記; the one in the trash is not counted.
        #expect(calendar.contains("  4.\n"))
        #expect(calendar.contains("longest streak: 7 days, to 2026-10-07\n"))
    }

    @Test func calInColourShadesDaysAndMarksToday() throws {
        let days = LocalDays(from: try FieldDate(year: 2026, month: 2, day: 1), through: try FieldDate(year: 2026, month: 2, day: 28),
                             zone: SystemZone())
        var counts = [Int](repeating: 0, count: 28)
        counts[0] = 4
        counts[9] = 1
        let grid = CalendarGrid(days: days, counts: counts, today: try FieldDate(year: 2026, month: 2, day: 10),
                                colour: .palette256, width: 80)
        let text = grid.lines().joined()
        #expect(text.contains("\u{1B}[48;5;40;30m 1\u{1B}[0m\n"))
        #expect(text.contains("\u{1B}[48;5;22;97;1;4m10\u{1B}[0m"))
        let trueColour = CalendarGrid(days: days, counts: counts, today: try FieldDate(year: 2026, month: 2, day: 10),
                                      colour: .trueColour, width: 80).lines().joined()
        #expect(trueColour.contains("\u{1B}[48;2;57;211;83;30m 1\u{1B}[0m\n"))
    }

    @Test func aYearTakesThreeMonthsARowWhereTheyFitAndOneOnANarrowTerminal() throws {
        let days = LocalDays(from: try FieldDate(year: 2026, month: 1, day: 1), through: try FieldDate(year: 2026, month: 12, day: 31),
                             zone: SystemZone())
        let counts = [Int](repeating: 1, count: days.count)
        let today = try FieldDate(year: 2027, month: 1, day: 1)
        let wide = CalendarGrid(days: days, counts: counts, today: today, colour: .palette256, width: 80).lines()
        #expect(wide[0].contains("January 2026") && wide[0].contains("February 2026") && wide[0].contains("March 2026"))
        let plain = CalendarGrid(days: days, counts: counts, today: today, colour: .none, width: 80).lines()
        #expect(plain[0].contains("February 2026") && !plain[0].contains("March 2026"))
        let narrow = CalendarGrid(days: days, counts: counts, today: today, colour: .none, width: 40).lines()
        #expect(narrow.allSatisfy { $0.count <= 41 })
        #expect(narrow.filter { $0.contains("2026") }.count == 12)
    }

    @Test func streaksCountToTodayOrYesterdayAndTheLongestAmongTheDaysShown() throws {
        let days = LocalDays(from: try FieldDate(year: 2026, month: 3, day: 1), through: try FieldDate(year: 2026, month: 3, day: 10),
                             zone: SystemZone())
        let counts = [1, 1, 1, 0, 1, 1, 0, 0, 2, 0]
        // Today (the 10th) has none yet: the run to yesterday counts.
        #expect(Streaks(days: days, counts: counts, shown: 0..<10, today: 9).current == 1)
        #expect(Streaks(days: days, counts: counts, shown: 0..<10, today: 9).longest == 3)
        #expect(Streaks(days: days, counts: counts, shown: 4..<10, today: 9).longest == 2)
        #expect(Streaks(days: days, counts: counts, shown: 0..<10, today: 5).current == 2)
        let all = Streaks(days: days, counts: [1, 1, 1], shown: 0..<3, today: 2)
        #expect(all.current == 3 && all.currentReachesStart)
    }

    /// Expenses over two months: exact decimals, and one entry with a date field.
    private func expenses(_ jotter: InProcess) throws {
        try jotter.run(["new", "expenses", "--in", "/"])
        try jotter.run(["field", "add", "price", "decimal", "--in", "expenses"])
        try jotter.run(["field", "add", "paid", "date", "--in", "expenses"])
        try add(["tea", "price:0.1", "paid:2026-09-30"], at: "2026-10-02 12:00", to: "/expenses", in: jotter)
        try add(["cake", "price:0.2"], at: "2026-10-20 12:00", to: "/expenses", in: jotter)
        try add(["rent", "price:1000", "paid:2026-12-01"], at: "2026-12-01 12:00", to: "/expenses", in: jotter)
        try add(["note"], at: "2026-12-03 12:00", to: "/expenses", in: jotter)
    }

    @Test func statsByMonthTotalsADecimalFieldExactlyWithEmptyMonthsInPlace() throws {
        let jotter = try InProcess()
        try expenses(jotter)
        #expect(try output(of: ["stats", "price", "--by", "month"], in: jotter) == """
            price
            month    entries   sum  mean   min   max
            2026-10        2   0.3  0.15   0.1   0.2
            2026-11        0
            2026-12        1  1000  1000  1000  1000  ██████████████████████████████

            """)
    }

    @Test func statsCountsEntriesByWeekWithoutAField() throws {
        let jotter = try InProcess()
        try expenses(jotter)
        let lines = try output(of: ["stats", "--by", "week", "--format", "tsv", "expenses"], in: jotter).split(separator: "\n")
        #expect(lines.first == "period\tstart\tentries\tsum\tmean\tmin\tmax")
        #expect(lines[1] == "2026-W40\t2026-09-28\t1\t\t\t\t")
        #expect(lines.last == "2026-W49\t2026-11-30\t2\t\t\t\t")
        #expect(lines.count == 11)
    }

    @Test func statsOnADateFieldPlacesEntriesByItsDayInJSON() throws {
        let jotter = try InProcess()
        try expenses(jotter)
        #expect(try output(of: ["stats", "price", "--on", "paid", "--by", "year", "--format", "json"], in: jotter) == """
            [
            {"period":"2026","start":"2026-01-01","entries":2,"field":"price","sum":"1000.1","mean":"500.05","min":"0.1","max":"1000"}
            ]

            """)
    }

    @Test func statsRefusesAFieldThatIsNotDecimalAndAnUnknownDateField() throws {
        let jotter = try InProcess()
        try expenses(jotter)
        #expect(throws: JotterError.input("paid is a date field; stats totals decimal fields (--on paid counts by its days)")) {
            try jotter.run(["stats", "paid"])
        }
        #expect(throws: JotterError.input("--on price: no date field of that name; field ls shows the fields")) {
            try jotter.run(["stats", "--on", "price"])
        }
    }
}
