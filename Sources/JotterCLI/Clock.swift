import JotterCore

/// Where commands take the time from: the system's, or a test's fixed one.
struct Clock {
    var now: @Sendable () -> Timestamp
    /// Today in the local time zone, for fields' dates.
    var today: @Sendable () -> FieldDate

    static let system = Clock(now: { Timestamp.now() }, today: { FieldDate.today() })
}
