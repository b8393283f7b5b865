import JotterCore

/// A journal as a static site: `index.html` with a calendar heatmap of each year and
/// a chart of each decimal field over time, and a page per month (`2026-11.html`)
/// with its days, the entries of each day in the order they were made under the name
/// of their list (a section for each run of entries of one list: grouping a day's
/// entries by list would hold the whole day), and their field values as small tables. Every page reads without script and without a server
/// (from `file://`), loads nothing but the site's own style sheet, and says so in a
/// Content-Security-Policy that allows no script at all.
///
/// It is written in two passes over the entries, oldest first: `count` each one's
/// time (which days hold entries: the pages and the calendars), then `write` each
/// entry, a month page at a time, and `finish` writes the index. Only the page being
/// written and the counts and sums per day are held, never the entries.
public struct JournalSite {
    private let folder: SiteFolder
    private let zone: any LocalZone
    /// The name of the site: what the index is headed with.
    private let title: String
    private let decimalFields: Set<String>

    private var entriesByDay: [Int64: Int] = [:]
    /// The most entries a day holds, against which days are shaded.
    private var busiestDay = 1
    /// The months that hold entries, oldest first, as `MonthOfYear.number`s.
    private var months: [Int64] = []
    private var page: SiteFolder.File?
    private var pageMonth: Int64?
    private var pageDay: Int64?
    /// The place whose section the last entry went in.
    private var sectionPlace: NavigationPath?
    /// Each decimal field's sums by day and by month.
    private var sums: [String: FieldSums] = [:]

    private struct FieldSums {
        var byDay: [Int64: ExactDecimal] = [:]
        var byMonth: [Int64: ExactDecimal] = [:]
        var count = 0

        mutating func add(_ value: ExactDecimal, on day: CalendarDay) {
            byDay[day.number] = (byDay[day.number] ?? .zero) + value
            byMonth[day.monthNumber] = (byMonth[day.monthNumber] ?? .zero) + value
            count += 1
        }
    }

    public init(folder: SiteFolder, zone: some LocalZone, title: String, decimalFields: [String]) {
        self.folder = folder
        self.zone = zone
        self.title = title
        self.decimalFields = Set(decimalFields)
    }

    /// The first pass: one entry made at `createdMilliseconds`.
    public mutating func count(createdMilliseconds: Int64) {
        entriesByDay[zone.localDateTime(atMilliseconds: createdMilliseconds).day, default: 0] += 1
    }

    /// The second pass: writes `entry`, in the order the first pass counted.
    public mutating func write(_ entry: Store.Found) throws {
        if months.isEmpty { settleCounts() }
        let local = zone.localDateTime(atMilliseconds: entry.node.created.milliseconds)
        let day = CalendarDay(local.day)
        if pageMonth != day.monthNumber {
            try finishPage()
            try startPage(month: day.monthNumber)
        }
        guard let out = page?.out else { return }
        if pageDay != day.number {
            if pageDay != nil { out.write("</ul></section>\n</section>\n") }
            pageDay = day.number
            sectionPlace = nil
            out.write("<section class=\"day\" id=\"d\(day.isoText)\">\n<h2>\(local.weekdayText) \(day.isoText)</h2>\n")
        }
        if sectionPlace != entry.place {
            if sectionPlace != nil { out.write("</ul></section>\n") }
            sectionPlace = entry.place
            out.write("<section class=\"list\"><h3>")
            HTMLText.write(entry.place.display, to: out)
            out.write("</h3><ul class=\"entries\">\n")
        }
        out.write(entry.node.doneMilliseconds == nil ? "<li id=\"e" : "<li class=\"done\" id=\"e")
        out.write(entry.node.id)
        out.write("\"><time datetime=\"")
        out.write(entry.node.created)
        out.write("\">\(local.timeText)</time>")
        if entry.node.doneMilliseconds != nil { out.write(" <span class=\"mark\">✓</span>") }
        out.write(" <div class=\"text\">")
        HTMLText.write(entry.node.text, keepingNewlines: true, to: out)
        out.write("</div>")
        if !entry.fields.isEmpty {
            out.write("<table class=\"fields\">")
            for field in entry.fields {
                out.write("<tr><th>")
                HTMLText.write(field.name, to: out)
                out.write("</th><td>")
                HTMLText.write(field.value, to: out)
                out.write("</td></tr>")
                if decimalFields.contains(field.name), let value = try? ExactDecimal(parsing: field.value) {
                    sums[field.name, default: FieldSums()].add(value, on: day)
                }
            }
            out.write("</table>")
        }
        out.write("</li>\n")
        out.flushIfFull()
    }

    /// Finishes the last month's page, writes the index and the style sheet, and
    /// removes the pages of an earlier export that this one has no month for.
    public mutating func finish() throws {
        try finishPage()
        if months.isEmpty { settleCounts() }
        try folder.write("site.css") { $0.write(JournalSite.styleSheet) }
        try folder.write("index.html", writeIndex)
        try folder.clearLeftovers(isPageName: JournalSite.isMonthPageName)
    }

    /// What the counts of the first pass give: the months with pages, the busiest day.
    private mutating func settleCounts() {
        months = Set(entriesByDay.keys.map { CalendarDay($0).monthNumber }).sorted()
        busiestDay = entriesByDay.values.max() ?? 1
    }

    // MARK: Month pages

    private mutating func startPage(month: Int64) throws {
        let file = try folder.create(CalendarDay.pageName(ofMonth: month))
        page = file
        pageMonth = month
        pageDay = nil
        sectionPlace = nil
        let out = file.out
        let name = CalendarDay.monthName(month)
        writeHead(title: name + " · " + title, to: out)
        out.write("<nav><a href=\"index.html\">")
        HTMLText.write(title, to: out)
        out.write("</a>")
        if let position = months.firstIndex(of: month) {
            if position > 0 {
                let previous = months[position - 1]
                out.write(" <a rel=\"prev\" href=\"\(CalendarDay.pageName(ofMonth: previous))\">← \(CalendarDay.monthName(previous))</a>")
            }
            if position + 1 < months.count {
                let next = months[position + 1]
                out.write(" <a rel=\"next\" href=\"\(CalendarDay.pageName(ofMonth: next))\">\(CalendarDay.monthName(next)) →</a>")
            }
        }
        out.write("</nav>\n<main>\n<h1>\(name)</h1>\n")
        writeMonthCalendar(month, to: out)
    }

    private mutating func finishPage() throws {
        guard let file = page else { return }
        if pageDay != nil { file.out.write("</ul></section>\n</section>\n") }
        file.out.write("</main>\n</body>\n</html>\n")
        page = nil
        try folder.commit(file)
    }

    /// The month as a small table of weeks, each day with entries shaded and linked
    /// to its section below.
    private func writeMonthCalendar(_ month: Int64, to out: OutputBuffer) {
        let first = CalendarDay.firstDay(ofMonth: month)
        let next = CalendarDay.firstDay(ofMonth: month + 1)
        out.write("<table class=\"month\"><thead><tr><th>Mon</th><th>Tue</th><th>Wed</th><th>Thu</th><th>Fri</th><th>Sat</th><th>Sun</th></tr></thead><tbody>\n<tr>")
        for _ in 0..<first.weekday { out.write("<td></td>") }
        for number in first.number..<next.number {
            let day = CalendarDay(number)
            if day.weekday == 0 && number != first.number { out.write("</tr>\n<tr>") }
            let count = entriesByDay[number] ?? 0
            if count == 0 {
                out.write("<td class=\"l0\">\(day.dayOfMonth)</td>")
            } else {
                out.write("<td class=\"l\(level(count))\"><a href=\"#d\(day.isoText)\" title=\"\(JournalSite.entries(count))\">\(day.dayOfMonth)</a></td>")
            }
        }
        out.write("</tr>\n</tbody></table>\n")
    }

    // MARK: The index

    private func writeIndex(to out: OutputBuffer) {
        writeHead(title: title, to: out)
        out.write("<main>\n<h1>")
        HTMLText.write(title, to: out)
        out.write("</h1>\n")
        let total = entriesByDay.values.reduce(0, +)
        guard let firstDay = entriesByDay.keys.min(), let lastDay = entriesByDay.keys.max() else {
            out.write("<p>Nothing was entered.</p>\n</main>\n</body>\n</html>\n")
            return
        }
        out.write("<p>\(JournalSite.entries(total)) on \(entriesByDay.count) days, from \(CalendarDay(firstDay).isoText) to \(CalendarDay(lastDay).isoText).</p>\n")
        let years = Set(months.map { $0.floorDivided(by: 12).quotient }).sorted(by: >)
        for year in years {
            out.write("<section class=\"year\" id=\"y\(year)\">\n<h2>\(year)</h2>\n")
            writeHeatmap(year: year, to: out)
            out.write("<ul class=\"months\">")
            for month in months where month.floorDivided(by: 12).quotient == year {
                let count = entriesByDay.filter { CalendarDay($0.key).monthNumber == month }.values.reduce(0, +)
                out.write("<li><a href=\"\(CalendarDay.pageName(ofMonth: month))\">\(CalendarDay.monthName(month))</a> \(JournalSite.entries(count))</li>")
            }
            out.write("</ul>\n</section>\n")
        }
        for name in sums.keys.sorted() {
            writeChart(of: name, sums[name]!, to: out)
        }
        out.write("</main>\n</body>\n</html>\n")
    }

    /// A year as weeks of days, Monday at the top, each day shaded by how many entries
    /// it holds and linked to its place on its month's page.
    private func writeHeatmap(year: Int64, to out: OutputBuffer) {
        let first = CalendarDay.firstDay(ofMonth: year * 12)
        let next = CalendarDay.firstDay(ofMonth: year * 12 + 12)
        let cell = 13, left = 30, top = 18
        let weeks = (Int(next.number - first.number) + first.weekday + 6) / 7
        out.write("<svg class=\"heatmap\" role=\"img\" viewBox=\"0 0 \(left + weeks * cell) \(top + 7 * cell)\" width=\"\(left + weeks * cell)\" height=\"\(top + 7 * cell)\"><title>Entries by day in \(year)</title>\n")
        for (row, name) in [(0, "Mon"), (2, "Wed"), (4, "Fri")] {
            out.write("<text x=\"0\" y=\"\(top + row * cell + 10)\">\(name)</text>")
        }
        for month in 0..<12 {
            let start = CalendarDay.firstDay(ofMonth: year * 12 + Int64(month))
            let column = (Int(start.number - first.number) + first.weekday) / 7
            out.write("<text x=\"\(left + column * cell)\" y=\"12\">\(CalendarDay.shortMonthNames[month])</text>")
        }
        out.write("\n")
        for number in first.number..<next.number {
            let day = CalendarDay(number)
            let offset = Int(number - first.number) + first.weekday
            let position = "x=\"\(left + offset / 7 * cell)\" y=\"\(top + day.weekday * cell)\" width=\"11\" height=\"11\""
            let count = entriesByDay[number] ?? 0
            if count == 0 {
                out.write("<rect class=\"l0\" \(position)><title>\(day.isoText): no entries</title></rect>\n")
            } else {
                out.write("<a href=\"\(CalendarDay.pageName(ofMonth: day.monthNumber))#d\(day.isoText)\"><rect class=\"l\(level(count))\" \(position)><title>\(day.isoText): \(JournalSite.entries(count))</title></rect></a>\n")
            }
        }
        out.write("</svg>\n")
    }

    /// A decimal field over time: its sum on each day with values, as a line, and its
    /// exact sum by month beneath.
    private func writeChart(of name: String, _ field: FieldSums, to out: OutputBuffer) {
        let days = field.byDay.keys.sorted()
        guard let firstDay = days.first, let lastDay = days.last else { return }
        let values = days.map { field.byDay[$0]! }
        let numbers = values.map { Double($0.description).flatMap { $0.isFinite ? $0 : nil } ?? 0 }
        // The scale takes in 0, so that the line's height reads as the sum's size.
        let (lowest, highest) = (min(0, numbers.min()!), max(0, numbers.max()!))
        let highestText = highest > 0 ? values[numbers.firstIndex(of: highest)!].description : "0"
        let lowestText = lowest < 0 ? values[numbers.firstIndex(of: lowest)!].description : "0"
        let width = 720, height = 200, left = 8, plotWidth = 620
        func x(_ day: Int64) -> Int {
            left + (lastDay == firstDay ? plotWidth / 2 : Int(Double(day - firstDay) / Double(lastDay - firstDay) * Double(plotWidth)))
        }
        func y(_ value: Double) -> Int {
            highest == lowest ? height / 2 : 10 + Int((highest - value) / (highest - lowest) * Double(height - 30))
        }
        let total = values.reduce(ExactDecimal.zero, +)
        out.write("<section class=\"chart\">\n<h2>")
        HTMLText.write(name, to: out)
        out.write("</h2>\n<p>\(field.count == 1 ? "1 value" : "\(field.count) values"), in all ")
        HTMLText.write(total.description, to: out)
        out.write(", from \(CalendarDay(firstDay).isoText) to \(CalendarDay(lastDay).isoText).</p>\n")
        out.write("<svg class=\"chart\" role=\"img\" viewBox=\"0 0 \(width) \(height)\" width=\"\(width)\" height=\"\(height)\"><title>")
        HTMLText.write(name, to: out)
        out.write(" by day</title>\n")
        out.write("<line class=\"axis\" x1=\"\(left)\" y1=\"\(y(0))\" x2=\"\(left + plotWidth)\" y2=\"\(y(0))\"/>\n<polyline class=\"line\" points=\"")
        for (day, number) in zip(days, numbers) {
            out.write("\(x(day)),\(y(number)) ")
        }
        out.write("\"/>\n")
        // A few values are dots too: a line of one point is not seen.
        if days.count <= 120 {
            for (day, number) in zip(days, numbers) { out.write("<circle class=\"dot\" cx=\"\(x(day))\" cy=\"\(y(number))\" r=\"3\"/>") }
            out.write("\n")
        }
        out.write("<text x=\"\(left + plotWidth + 6)\" y=\"\(y(highest) + 4)\">")
        HTMLText.write(highestText, to: out)
        out.write("</text><text x=\"\(left + plotWidth + 6)\" y=\"\(y(lowest) + 4)\">")
        HTMLText.write(lowestText, to: out)
        out.write("</text>\n<text x=\"\(left)\" y=\"\(height - 4)\">\(CalendarDay(firstDay).isoText)</text>")
        out.write("<text x=\"\(left + plotWidth)\" y=\"\(height - 4)\" class=\"end\">\(CalendarDay(lastDay).isoText)</text>\n</svg>\n")
        out.write("<table class=\"sums\"><thead><tr><th>Month</th><th>Sum</th></tr></thead><tbody>\n")
        for month in field.byMonth.keys.sorted() {
            out.write("<tr><td><a href=\"\(CalendarDay.pageName(ofMonth: month))\">\(CalendarDay.monthName(month))</a></td><td>")
            HTMLText.write(field.byMonth[month]!.description, to: out)
            out.write("</td></tr>\n")
        }
        out.write("</tbody></table>\n</section>\n")
    }

    // MARK: Shared parts

    private func writeHead(title: String, to out: OutputBuffer) {
        out.write("""
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta http-equiv="Content-Security-Policy" content="\(JournalSite.contentSecurityPolicy)">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>
            """)
        HTMLText.write(title, to: out)
        out.write("""
            </title>
            <link rel="icon" href="data:,">
            <link rel="stylesheet" href="site.css">
            </head>
            <body>

            """)
    }

    /// How dark a day with `count` entries is shaded, 1 to 4, against the busiest day.
    private func level(_ count: Int) -> Int {
        1 + (count - 1) * 4 / busiestDay
    }

    private static func entries(_ count: Int) -> String {
        count == 1 ? "1 entry" : "\(count) entries"
    }

    /// No script, no frame, nothing from elsewhere: the pages' own style sheet, and
    /// images only as data (the empty icon, which keeps the browser from asking for
    /// one).
    static let contentSecurityPolicy = "default-src 'none'; style-src 'self'; img-src 'self' data:; script-src 'self'"

    /// The names month pages have, `2026-11.html`, which a new export replaces.
    static func isMonthPageName(_ name: String) -> Bool {
        guard name.hasSuffix(".html") else { return false }
        let parts = name.dropLast(5).split(separator: "-", omittingEmptySubsequences: false)
        return parts.count == 2 && parts.allSatisfy { !$0.isEmpty && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }
    }

    static let styleSheet = """
        body { font: 15px/1.45 system-ui, sans-serif; margin: 1.5em auto; max-width: 60em; padding: 0 1em; color: #1d2125; background: #fff; }
        nav { display: flex; gap: 1.2em; margin-bottom: 1em; }
        a { color: #0b57a4; }
        h1 { font-size: 1.6em; margin: .2em 0 .6em; }
        h2 { font-size: 1.25em; margin: 1.4em 0 .4em; border-bottom: 1px solid #d8dde2; }
        h3 { font-size: 1em; margin: .8em 0 .2em; color: #4b5560; }
        ul.entries { list-style: none; padding: 0; margin: 0; }
        ul.entries li { display: grid; grid-template-columns: 3.5em 1fr; column-gap: .5em; padding: .25em 0; border-bottom: 1px solid #f0f2f4; }
        ul.entries li > table, ul.entries li > .mark { grid-column: 2; justify-self: start; }
        ul.entries time { color: #6a737d; font-variant-numeric: tabular-nums; }
        .text { white-space: pre-wrap; overflow-wrap: anywhere; }
        li.done .text { color: #6a737d; text-decoration: line-through; }
        table.fields { border-collapse: collapse; font-size: .85em; margin: .2em 0; }
        table.fields th, table.fields td { border: 1px solid #d8dde2; padding: .05em .45em; text-align: left; overflow-wrap: anywhere; }
        table.fields th { background: #f5f7f9; font-weight: 600; }
        table.month { border-collapse: collapse; margin: .5em 0 1em; }
        table.month th, table.month td { width: 2.2em; height: 1.8em; text-align: center; font-size: .85em; }
        table.month td a { display: block; text-decoration: none; color: inherit; }
        svg { max-width: 100%; height: auto; }
        svg text { font-size: 10px; fill: #4b5560; }
        svg text.end { text-anchor: end; }
        .l0 { fill: #ebedf0; background: #f6f8fa; }
        .l1 { fill: #b7e3c1; background: #b7e3c1; }
        .l2 { fill: #6cc486; background: #6cc486; }
        .l3 { fill: #2f9a55; background: #2f9a55; color: #fff; }
        .l4 { fill: #17643a; background: #17643a; color: #fff; }
        ul.months { list-style: none; padding: 0; display: flex; flex-wrap: wrap; gap: .3em 1.2em; }
        polyline.line { fill: none; stroke: #0b57a4; stroke-width: 1.5; }
        circle.dot { fill: #0b57a4; }
        line.axis { stroke: #9aa4ae; stroke-width: 1; }
        table.sums { border-collapse: collapse; font-size: .9em; }
        table.sums td, table.sums th { padding: .05em .8em; text-align: right; font-variant-numeric: tabular-nums; }

        """
}

/// A day of the proleptic Gregorian calendar, as days since 1970-01-01, with what a
/// page says of it.
struct CalendarDay {
    let number: Int64
    let year: Int64
    let month: Int64
    let dayOfMonth: Int64

    init(_ number: Int64) {
        self.number = number
        (year, month, dayOfMonth) = Timestamp.civilDate(daysSinceEpoch: number)
    }

    /// Months counted from year 0: `year * 12 + month - 1`, so that they sort and step.
    var monthNumber: Int64 { year * 12 + month - 1 }

    /// 0 for Monday to 6 for Sunday (1970-01-01 was a Thursday).
    var weekday: Int { Int((number + 3).floorDivided(by: 7).remainder) }

    /// `2026-11-27`.
    var isoText: String { Timestamp.dateText(daysSinceEpoch: number) }

    static func firstDay(ofMonth monthNumber: Int64) -> CalendarDay {
        let (year, month) = monthNumber.floorDivided(by: 12)
        return CalendarDay(Timestamp.daysSinceEpoch(year: year, month: month + 1, day: 1))
    }

    /// `2026-11.html`.
    static func pageName(ofMonth monthNumber: Int64) -> String {
        let (year, month) = monthNumber.floorDivided(by: 12)
        var bytes: [UInt8] = []
        bytes.appendDecimal(year, minimumDigits: 4)
        bytes.append(UInt8(ascii: "-"))
        bytes.appendDecimal(month + 1, minimumDigits: 2)
        return String(decoding: bytes, as: UTF8.self) + ".html"
    }

    /// `November 2026`.
    static func monthName(_ monthNumber: Int64) -> String {
        let (year, month) = monthNumber.floorDivided(by: 12)
        return monthNames[Int(month)] + " \(year)"
    }

    static let monthNames = ["January", "February", "March", "April", "May", "June", "July", "August", "September",
                             "October", "November", "December"]
    static let shortMonthNames = monthNames.map { String($0.prefix(3)) }
}
