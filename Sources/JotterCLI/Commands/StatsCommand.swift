import ArgumentParser
import JotterApplication
import JotterCore

extension StatsPeriod: ExpressibleByArgument {}

struct StatsCommand: StoreCommand {
    enum Format: String, CaseIterable, ExpressibleByArgument {
        case text, tsv, json
    }

    static let configuration = CommandConfiguration(
        commandName: "stats",
        abstract: "Count entries, and total a decimal field, by day, week, month or year.",
        discussion: """
            Per period, from the first entry's to the last's (empty periods included): \
            how many entries, and with FIELD, a decimal field, of the entries that hold \
            a value for it how many, the exact sum, the mean (rounded to two more digits \
            than the sum has), the least and the greatest, with a bar of the count (or \
            of the sum) in text. Weeks start on Monday and are named as ISO 8601 names \
            them (2026-W48); days are local days (TZ). --on DATEFIELD takes each entry's \
            period from that date field instead of the time it was entered, and passes \
            over entries without one. With TARGET, only what is under it (all levels); \
            what is in the trash is left out. --format tsv and json are for scripts: a \
            header line and a row per period, or an array of objects whose decimals \
            are strings, exact.
            """)

    @OptionGroup(visibility: .hidden) var options: StoreOptions

    @Option(help: ArgumentHelp("The period of each row.", valueName: "period"))
    var by: StatsPeriod = .month

    @Option(help: ArgumentHelp("A date field whose day places each entry.", valueName: "datefield"))
    var on: String?

    @Option(help: ArgumentHelp("The output format.", valueName: "format"))
    var format: Format = .text

    @Argument(help: ArgumentHelp("A decimal field to total, then the list whose entries to count.",
                                 valueName: "field] [target"),
              completion: ShellCompletion.targets)
    var words: [String] = []

    func run(in context: CommandContext) throws -> CommandOutcome {
        let zone = SystemZone()
        // The first word is a field when a place defines one of that name.
        var field: String?
        var targetWords = words[...]
        if let first = words.first, try !context.store.fieldKinds(named: first).isEmpty {
            field = first
            targetWords = words.dropFirst()
        }
        if let field {
            let kinds = try context.store.fieldKinds(named: field)
            guard kinds.contains(.decimal) else {
                throw JotterError.input("\(TerminalStyle.escaped(field)) is a \(kinds[0].name) field; stats totals decimal fields"
                    + (kinds.contains(.date) ? " (--on \(TerminalStyle.escaped(field)) counts by its days)" : ""))
            }
        }
        if let on {
            guard try context.store.fieldKinds(named: on).contains(.date) else {
                throw JotterError.input("--on \(TerminalStyle.escaped(on)): no date field of that name; field ls shows the fields")
            }
        }
        let top = targetWords.isEmpty ? nil : try context.resolve(targetWords.joined(separator: " ")).top
        guard let bounds = try context.store.datedBounds(on: on, under: top, zone: zone) else {
            if format == .json { context.output.write("[]\n") }
            if format == .tsv { context.output.write(header + "\n") }
            if format == .text { context.messages.show("no entries to count") }
            return .nothing
        }
        let days = LocalDays(from: by.start(of: bounds.first), through: bounds.last, zone: zone)
        var stats = PeriodStats(days: days, by: by)
        if field == nil && on == nil {
            for (day, count) in try context.store.itemCounts(on: days, under: top).enumerated() where count > 0 {
                stats.addEntries(count, onDay: day)
            }
        } else if let field, on == nil, top == nil {
            do {
                for (day, totals) in try context.store.valueTotals(of: field, days: days).enumerated() {
                    if let totals { stats.addEntries(totals, onDay: day) }
                }
            } catch let problem as Store.ValueNotANumber {
                throw StatsCommand.notANumber(field, problem.value, on: days.date(at: problem.day))
            }
        } else {
            try context.store.forEachValue(of: field, on: on, days: days, under: top) { day, value in
                guard let value else { return stats.addEntries(1, onDay: day) }
                do {
                    stats.addEntry(onDay: day, value: try ExactDecimal(parsing: value))
                } catch {
                    throw StatsCommand.notANumber(field ?? "", value, on: days.date(at: day))
                }
            }
        }
        switch format {
        case .text: writeText(stats.periods, field: field, in: context)
        case .tsv: writeTSV(stats.periods, field: field, to: context.output)
        case .json: writeJSON(stats.periods, field: field, to: context.output)
        }
        return .nothing
    }

    private static func notANumber(_ field: String, _ value: String, on date: FieldDate) -> JotterError {
        JotterError.input("\(TerminalStyle.escaped(field)) holds '\(TerminalStyle.escaped(value))' on \(date), which is not a number")
    }

    private var header: String {
        ["period", "start", "entries", "sum", "mean", "min", "max"].joined(separator: "\t")
    }

    private func writeTSV(_ periods: [PeriodFigures], field: String?, to out: OutputBuffer) {
        out.write(header + "\n")
        for period in periods {
            let figures = field == nil ? ["", "", "", ""] : StatsCommand.figures(of: period)
            out.write(([period.label, period.start.description, String(period.entries)] + figures).joined(separator: "\t") + "\n")
        }
    }

    private func writeJSON(_ periods: [PeriodFigures], field: String?, to out: OutputBuffer) {
        out.write("[")
        for (index, period) in periods.enumerated() {
            out.write(index == 0 ? "\n" : ",\n")
            out.write("{\"period\":\"\(period.label)\",\"start\":\"\(period.start)\",\"entries\":\(period.entries)")
            if let field {
                out.write(",\"field\":")
                JSON.writeString(field, to: out)
                let names = ["sum", "mean", "min", "max"]
                for (name, value) in zip(names, StatsCommand.figures(of: period)) {
                    out.write(",\"\(name)\":" + (value.isEmpty ? "null" : "\"\(value)\""))
                }
            }
            out.write("}")
        }
        out.write(periods.isEmpty ? "]\n" : "\n]\n")
    }

    /// Sum, mean, least and greatest as text; empty where the period has no value.
    private static func figures(of period: PeriodFigures) -> [String] {
        guard period.minimum != nil else { return ["", "", "", ""] }
        return [period.sum.description, period.mean?.description ?? "", period.minimum?.description ?? "",
                period.maximum?.description ?? ""]
    }

    /// A row a period, in columns, with a bar of the count, or of the sum with a field.
    private func writeText(_ periods: [PeriodFigures], field: String?, in context: CommandContext) {
        let headings = field == nil ? [by.rawValue, "entries"] : [by.rawValue, "entries", "sum", "mean", "min", "max"]
        let rows = periods.map { period in
            [period.label, String(period.entries)] + (field == nil ? [] : StatsCommand.figures(of: period))
        }
        let widths = headings.indices.map { column in
            ([headings[column]] + rows.map { $0[column] }).map(\.count).max() ?? 0
        }
        func line(_ cells: [String]) -> String {
            cells.enumerated().map { column, cell in
                let padding = String(repeating: " ", count: widths[column] - cell.count)
                return column == 0 ? cell + padding : padding + cell
            }.joined(separator: "  ")
        }
        if let field { context.output.write(TerminalStyle.escaped(field) + "\n") }
        context.output.write(context.style.bold(line(headings)) + "\n")
        // For the bars' lengths only: the figures shown are exact.
        let sizes = periods.map { period -> Double in
            guard field != nil else { return Double(period.entries) }
            return period.minimum == nil ? 0 : Double(period.sum.description) ?? 0
        }
        let largest = sizes.map(abs).max() ?? 0
        let barWidth = max(8, min(30, CalCommand.width(of: context) - widths.reduce(0, +) - 2 * widths.count - 1))
        for (row, size) in zip(rows, sizes) {
            var text = line(row) + "  " + StatsCommand.bar(largest > 0 ? abs(size) / largest : 0, width: barWidth)
            while text.last == " " { text.removeLast() }
            context.output.write(text + "\n")
        }
    }

    /// A bar of `fraction` of `width` columns, in eighths of a column.
    static func bar(_ fraction: Double, width: Int) -> String {
        let eighths = Int((fraction * Double(width * 8)).rounded())
        let partial = ["", "▏", "▎", "▍", "▌", "▋", "▊", "▉"]
        return String(repeating: "█", count: eighths / 8) + partial[eighths % 8]
    }
}
