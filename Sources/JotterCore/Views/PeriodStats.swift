/// The periods `stats --by` groups days into.
public enum StatsPeriod: String, CaseIterable, Sendable {
    case day, week, month, year

    /// The first day of the period that holds `date`. Weeks start on Monday, as
    /// `this week` does.
    public func start(of date: FieldDate) -> FieldDate {
        switch self {
        case .day: date
        case .week: date.adding(days: 1 - date.weekday)
        case .month: try! FieldDate(year: date.year, month: date.month, day: 1)
        case .year: try! FieldDate(year: date.year, month: 1, day: 1)
        }
    }

    /// The first day of the next period, from the first day of one.
    public func next(after start: FieldDate) -> FieldDate {
        switch self {
        case .day: start.adding(days: 1)
        case .week: start.adding(days: 7)
        case .month: start.month == 12
            ? try! FieldDate(year: start.year + 1, month: 1, day: 1)
            : try! FieldDate(year: start.year, month: start.month + 1, day: 1)
        case .year: try! FieldDate(year: start.year + 1, month: 1, day: 1)
        }
    }

    /// How a period is named: `2026-11-27`, `2026-W48` (ISO 8601's week of the year),
    /// `2026-11`, `2026`.
    public func label(of start: FieldDate) -> String {
        let date = start.description
        switch self {
        case .day: return date
        case .week:
            // An ISO week belongs to the year of its Thursday, and is numbered from the
            // week that holds that year's first Thursday.
            let thursday = start.adding(days: 3)
            let january1 = try! FieldDate(year: thursday.year, month: 1, day: 1)
            let week = (thursday.daysSinceEpoch - january1.daysSinceEpoch) / 7 + 1
            return "\(thursday.year)-W\(week < 10 ? "0" : "")\(week)"
        case .month: return String(date.prefix(7))
        case .year: return String(date.prefix(4))
        }
    }
}

/// One period's figures: how many entries, and of a decimal field's values the exact
/// sum, the mean and the least and greatest.
public struct PeriodFigures: Equatable, Sendable {
    public let start: FieldDate
    public let label: String
    public var entries = 0
    public var sum = ExactDecimal.zero
    public var minimum: ExactDecimal?
    public var maximum: ExactDecimal?

    /// The mean to two more digits than the values have, rounded; nil without any.
    public var mean: ExactDecimal? {
        entries == 0 || minimum == nil ? nil : sum.divided(by: entries, addingDigits: 2)
    }

    mutating func add(_ value: ExactDecimal) {
        sum = sum + value
        minimum = Swift.min(minimum ?? value, value)
        maximum = Swift.max(maximum ?? value, value)
    }
}

/// The figures of some values of a decimal field: how many, their exact sum, the
/// least and the greatest.
public struct ValueTotals: Equatable, Sendable {
    public var entries: Int
    public var sum: ExactDecimal
    public var least: ExactDecimal
    public var greatest: ExactDecimal

    public init(entries: Int, sum: ExactDecimal, least: ExactDecimal, greatest: ExactDecimal) {
        self.entries = entries
        self.sum = sum
        self.least = least
        self.greatest = greatest
    }

    init(_ value: ExactDecimal) {
        self.init(entries: 1, sum: value, least: value, greatest: value)
    }

    func adding(_ value: ExactDecimal) -> ValueTotals {
        adding(ValueTotals(value))
    }

    func adding(_ other: ValueTotals) -> ValueTotals {
        ValueTotals(entries: entries + other.entries, sum: sum + other.sum,
                    least: Swift.min(least, other.least), greatest: Swift.max(greatest, other.greatest))
    }
}

/// Days' counts and values gathered into periods, every period from the first to the
/// last of the days, empty ones too, so that a chart of them keeps its time scale.
public struct PeriodStats: Sendable {
    public private(set) var periods: [PeriodFigures] = []
    private let period: StatsPeriod
    /// For each day of the span, the period it falls in.
    private let periodOfDay: [Int]

    public init(days: LocalDays, by period: StatsPeriod) {
        self.period = period
        var periodOfDay: [Int] = []
        periodOfDay.reserveCapacity(days.count)
        var next: FieldDate?
        for index in 0..<days.count {
            let date = days.date(at: index)
            if next == nil || date.daysSinceEpoch >= next!.daysSinceEpoch {
                let start = period.start(of: date)
                periods.append(PeriodFigures(start: start, label: period.label(of: start)))
                next = period.next(after: start)
            }
            periodOfDay.append(periods.count - 1)
        }
        self.periodOfDay = periodOfDay
    }

    /// Counts `count` entries on day `day`.
    public mutating func addEntries(_ count: Int, onDay day: Int) {
        periods[periodOfDay[day]].entries += count
    }

    /// Counts the entries of `totals` on day `day`, with their values.
    public mutating func addEntries(_ totals: ValueTotals, onDay day: Int) {
        let index = periodOfDay[day]
        periods[index].entries += totals.entries
        periods[index].sum = periods[index].sum + totals.sum
        periods[index].minimum = Swift.min(periods[index].minimum ?? totals.least, totals.least)
        periods[index].maximum = Swift.max(periods[index].maximum ?? totals.greatest, totals.greatest)
    }

    /// Counts one entry on day `day`, with its value.
    public mutating func addEntry(onDay day: Int, value: ExactDecimal) {
        periods[periodOfDay[day]].entries += 1
        periods[periodOfDay[day]].add(value)
    }
}
