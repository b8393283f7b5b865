@testable import JotterCore
import Testing

/// The zones `import --tz` names, and times without an offset read in a zone given
/// rather than in the process's `TZ`.
@Suite struct ZoneByNameTests {
    /// 2026-07-01T12:00Z and 2026-01-15T12:00Z.
    static let summer: Int64 = 1_782_907_200
    static let winter: Int64 = 1_768_478_400

    @Test(arguments: [
        ("Europe/Paris", Int64(7200), Int64(3600)),
        ("Asia/Kolkata", 19_800, 19_800),
        ("America/Santiago", -14_400, -10_800),
        ("UTC", 0, 0),
        ("+05:30", 19_800, 19_800),
        ("-03", -10_800, -10_800),
        ("-00:45", -2700, -2700),
    ])
    func aZoneIsNamedByTheDatabaseOrByAnOffset(name: String, summerOffset: Int64, winterOffset: Int64) throws {
        let zone = try #require(ZoneByName.zone(name))
        #expect(zone.offsetSeconds(atUTCSeconds: Self.summer) == summerOffset)
        #expect(zone.offsetSeconds(atUTCSeconds: Self.winter) == winterOffset)
    }

    @Test(arguments: ["Mars/Olympus", "", "+5:30", "+24:00", "+05:60", "05:30", "+05-30", "+0530"])
    func anythingElseNamesNoZone(name: String) {
        #expect(ZoneByName.zone(name) == nil)
    }

    @Test func aTimeWithoutAnOffsetIsReadInTheZoneGiven() throws {
        let paris = try #require(ZoneByName.zone("Europe/Paris"))
        #expect(Timestamp(parsing: "2026-07-01 09:30", in: paris)?.rfc3339 == "2026-07-01T09:30:00.000+02:00")
        #expect(Timestamp(parsing: "2026-01-15", in: paris)?.rfc3339 == "2026-01-15T00:00:00.000+01:00")
        // An offset written wins over the zone.
        #expect(Timestamp(parsing: "2026-07-01T09:30-05:00", in: paris)?.rfc3339 == "2026-07-01T09:30:00.000-05:00")
    }

    /// As `log` reads them: a clock time skipped is the instant the clocks jump, one
    /// read twice is the first of the two.
    @Test func clockTimesSkippedOrRepeatedAreReadAsLogReadsThem() throws {
        let skipped = try #require(Timestamp(parsing: "2026-03-08 02:30", in: TableZone.newYork))
        #expect(Timestamp(milliseconds: skipped.milliseconds, offsetSeconds: 0).rfc3339 == "2026-03-08T07:00:00.000+00:00")
        #expect(skipped.rfc3339 == "2026-03-08T03:00:00.000-04:00")
        let repeated = try #require(Timestamp(parsing: "2026-11-01 01:30", in: TableZone.newYork))
        #expect(repeated.rfc3339 == "2026-11-01T01:30:00.000-04:00")
    }

    /// A zone's local mean time of old is an offset of seconds; a time keeps its clock
    /// time as written, with the offset to the minute.
    @Test func anOffsetOfSecondsKeepsTheClockTimeWritten() throws {
        let parisMeanTime = TableZone(initialOffset: 561)
        let time = try #require(Timestamp(parsing: "1890-01-01 12:00", in: parisMeanTime))
        #expect(time.rfc3339 == "1890-01-01T12:00:00.000+00:09")
    }

    /// A todo.txt date is midnight in the zone the import reads in; a Taskwarrior date at
    /// midnight there is a day alone.
    @Test func datesAreDaysOfTheZoneGiven() throws {
        let tokyo = try #require(ZoneByName.zone("Asia/Tokyo"))
        let day = try #require(TodoTxtSource.date("2026-11-20", in: tokyo))
        #expect(day.rfc3339 == "2026-11-20T00:00:00.000+09:00")
        let due = try #require(Timestamp(taskwarrior: "20261119T150000Z"))
        #expect(due.fieldDateText(in: tokyo) == "2026-11-20")
        #expect(due.fieldDateText(in: TableZone.utc) == "2026-11-19T15:00:00.000+00:00")
    }
}
