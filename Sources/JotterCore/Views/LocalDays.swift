/// A run of local days and the instant each begins, as `cal` and `stats` count entries
/// by day: a day is a local day, 23 or 25 hours long where the clocks change, as
/// `log --on` takes it.
public struct LocalDays: Sendable {
    /// The first day, as days since 1970-01-01 on the local calendar.
    public let firstDay: Int64
    /// The first millisecond of each day, and after them the first after the last day.
    let starts: [Int64]

    /// The days from `first` through `last`.
    public init(from first: FieldDate, through last: FieldDate, zone: some LocalZone) {
        firstDay = first.daysSinceEpoch
        starts = (firstDay...max(firstDay, last.daysSinceEpoch) + 1).map {
            zone.firstInstant(readingWallClock: $0 * 86_400) * 1000
        }
    }

    public var count: Int { starts.count - 1 }

    /// The date of the `index`th day.
    public func date(at index: Int) -> FieldDate {
        FieldDate(daysSinceEpoch: firstDay + Int64(index))!
    }

    /// The index of the day `date`, nil when it is not one of these days.
    public func index(of date: FieldDate) -> Int? {
        let index = date.daysSinceEpoch - firstDay
        return index >= 0 && index < count ? Int(index) : nil
    }

    /// The index of the day holding the instant `milliseconds`, nil when none does.
    func index(ofMilliseconds milliseconds: Int64) -> Int? {
        guard milliseconds >= starts[0], milliseconds < starts[count] else { return nil }
        var low = 0, high = count
        // The last start at or before the instant.
        while high - low > 1 {
            let middle = (low + high) / 2
            if starts[middle] <= milliseconds { low = middle } else { high = middle }
        }
        return low
    }

    /// The span of `created` the days cover.
    var window: (start: Int64, end: Int64) { (starts[0], starts[count]) }

    func span(ofDay index: Int) -> (start: Int64, end: Int64) { (starts[index], starts[index + 1]) }
}

extension FieldDate: Comparable {
    public static func < (lhs: FieldDate, rhs: FieldDate) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }
}
