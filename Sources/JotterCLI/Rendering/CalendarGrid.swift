import JotterCore

/// `cal`'s picture: month grids of days, each shaded by how many entries it has, today
/// marked, in rows of as many months as the width takes (three at most). A plain
/// value: counts in, lines out, tested as it is.
///
/// With colour, a day is its number on a background of one of four steps of heat (the
/// 256-colour palette's greens, or true colour), today in bold and underlined. Without
/// (`NO_COLOR`, `TERM=dumb`, not a terminal), each day is its number and a mark of its
/// step (`. : * #`), today's number in brackets. Weeks start on Monday, as `this week`
/// does; the labels are English, and every cell is one column per character.
struct CalendarGrid {
    enum Colour: Equatable {
        case none, palette256, trueColour
    }

    let days: LocalDays
    let counts: [Int]
    let today: FieldDate
    let colour: Colour
    /// The columns the lines may take.
    let width: Int

    private static let monthNames = [
        "January", "February", "March", "April", "May", "June",
        "July", "August", "September", "October", "November", "December",
    ]
    private static let weekdayHeader = "Mo Tu We Th Fr Sa Su"
    /// Level marks without colour: none, then the four steps.
    private static let marks: [Character] = [" ", ".", ":", "*", "#"]
    /// The 256-colour palette's greens, light to dark, and their true-colour twins.
    private static let palette: [Int] = [22, 28, 34, 40]
    private static let trueColours: [(Int, Int, Int)] = [(14, 68, 41), (0, 109, 50), (38, 166, 65), (57, 211, 83)]

    /// A day's cell is two columns of number and one of mark without colour, and the
    /// cells are a column apart: 20 or 27 columns a month.
    private var cellWidth: Int { colour == .none ? 3 : 2 }
    private var monthWidth: Int { cellWidth * 7 + 6 }
    private static let gap = 3

    /// The step of heat of a day with `count` entries, 0 to 4, relative to the busiest
    /// day shown: a quarter of its count or less is step 1.
    func level(_ count: Int) -> Int {
        guard count > 0, let busiest = counts.max(), busiest > 0 else { return 0 }
        return min(4, max(1, (count * 4 + busiest - 1) / busiest))
    }

    /// The lines, each ending in a line break: the months, then the key.
    func lines() -> [String] {
        // The months the days cover, by their first day.
        var months: [FieldDate] = []
        for index in 0..<days.count {
            let date = days.date(at: index)
            if date.day == 1 || index == 0 { months.append(try! FieldDate(year: date.year, month: date.month, day: 1)) }
        }
        let perRow = max(1, min(3, (width + CalendarGrid.gap) / (monthWidth + CalendarGrid.gap)))
        var lines: [String] = []
        var row = 0
        while row * perRow < months.count {
            if row > 0 { lines.append("\n") }
            let grids = months[(row * perRow)..<min(months.count, (row + 1) * perRow)].map(monthLines)
            let height = grids.map(\.count).max() ?? 0
            for line in 0..<height {
                let pieces = grids.map { line < $0.count ? $0[line] : (text: "", width: 0) }
                var text = ""
                for (index, piece) in pieces.enumerated() {
                    if index > 0 { text += String(repeating: " ", count: CalendarGrid.gap) }
                    text += piece.text
                    if index < pieces.count - 1 { text += String(repeating: " ", count: max(0, monthWidth - piece.width)) }
                }
                lines.append(trimmingTrailingSpaces(text) + "\n")
            }
            row += 1
        }
        lines.append("\n")
        lines.append(key() + "\n")
        return lines
    }

    /// A month's lines with the columns each takes: its name, the weekdays, its weeks.
    private func monthLines(_ first: FieldDate) -> [(text: String, width: Int)] {
        let title = "\(CalendarGrid.monthNames[first.month - 1]) \(first.year)"
        let padding = max(0, (monthWidth - title.count) / 2)
        var lines: [(text: String, width: Int)] = [(String(repeating: " ", count: padding) + title, padding + title.count)]
        let header = colour == .none
            ? CalendarGrid.weekdayHeader.split(separator: " ").map { $0 + " " }.joined(separator: " ")
            : CalendarGrid.weekdayHeader
        lines.append((String(header.prefix(monthWidth)), min(header.count, monthWidth)))
        var week = String(repeating: " ", count: (first.weekday - 1) * (cellWidth + 1))
        var date = first
        while date.month == first.month {
            week += cell(date)
            if date.weekday == 7 {
                lines.append((week, monthWidth))
                week = ""
            } else {
                week += " "
            }
            date = date.adding(days: 1)
        }
        if !week.isEmpty { lines.append((week, monthWidth)) }
        return lines
    }

    private func cell(_ date: FieldDate) -> String {
        let number = (date.day < 10 ? " " : "") + String(date.day)
        let count = days.index(of: date).map { counts[$0] }
        let level = count.map(level) ?? 0
        let isToday = date == today
        switch colour {
        case .none:
            // Outside the days asked for: the number alone.
            guard count != nil else { return number + " " }
            let shown = isToday ? (date.day < 10 ? "[" + String(date.day) : String(date.day)) : number
            return shown + String(isToday ? (level == 0 ? "]" : CalendarGrid.marks[level]) : CalendarGrid.marks[level])
        case .palette256, .trueColour:
            var codes: [String] = []
            if level > 0 {
                if colour == .palette256 {
                    codes.append("48;5;\(CalendarGrid.palette[level - 1])")
                } else {
                    let (red, green, blue) = CalendarGrid.trueColours[level - 1]
                    codes.append("48;2;\(red);\(green);\(blue)")
                }
                codes.append(level >= 3 ? "30" : "97")
            }
            if isToday { codes += ["1", "4"] }
            if count == nil { codes.append("2") }
            return codes.isEmpty ? number : "\u{1B}[" + codes.joined(separator: ";") + "m" + number + "\u{1B}[0m"
        }
    }

    /// What the steps mean, in entries a day.
    private func key() -> String {
        let busiest = counts.max() ?? 0
        guard busiest > 0 else { return "no entries" }
        var ranges: [String] = []
        var low = 1
        for step in 1...4 {
            // The greatest count of this step.
            let high = busiest * step / 4
            guard high >= low else { continue }
            let range = high == low ? "\(low)" : "\(low)-\(high)"
            switch colour {
            case .none: ranges.append("\(CalendarGrid.marks[step]) \(range)")
            case .palette256: ranges.append("\u{1B}[48;5;\(CalendarGrid.palette[step - 1])m  \u{1B}[0m \(range)")
            case .trueColour:
                let (red, green, blue) = CalendarGrid.trueColours[step - 1]
                ranges.append("\u{1B}[48;2;\(red);\(green);\(blue)m  \u{1B}[0m \(range)")
            }
            low = high + 1
        }
        return ranges.joined(separator: "  ") + " a day"
    }

    private func trimmingTrailingSpaces(_ text: String) -> String {
        var text = text
        while text.last == " " { text.removeLast() }
        return text
    }
}

/// The runs of days with entries: the current one, ending today (or yesterday, while
/// today has none yet), and the longest among the days shown.
struct Streaks: Equatable {
    var current = 0
    /// Whether the current run goes back past the days counted.
    var currentReachesStart = false
    var longest = 0
    /// The last day of the longest run (the latest, of runs as long).
    var longestEnd: FieldDate?

    /// From the counts of `days`; the longest run among `shown` (indexes of `days`),
    /// the current one from the index of today back.
    init(days: LocalDays, counts: [Int], shown: Range<Int>, today: Int?) {
        var run = 0
        for index in shown where today.map({ index <= $0 }) ?? true {
            run = counts[index] > 0 ? run + 1 : 0
            if run > 0 && run >= longest {
                longest = run
                longestEnd = days.date(at: index)
            }
        }
        guard let today else { return }
        var index = counts[today] > 0 ? today : today - 1
        while index >= 0 && counts[index] > 0 {
            current += 1
            index -= 1
        }
        currentReachesStart = index < 0
    }
}
