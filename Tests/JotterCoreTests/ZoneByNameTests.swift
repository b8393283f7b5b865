import Foundation
@testable import JotterCore
@testable import JotterFormats
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

    /// A zone's offsets as the C library gives them for `TZ`, checked with date(1): every
    /// 37 days from 1890 to 2103, and every hour of 2040 and 2041, past the files' last
    /// transition, where their footer's rule answers (daylight time across the new year,
    /// negative in winter, starting at -1:00, or half an hour).
    @Test(arguments: ["Europe/Paris", "America/New_York", "Australia/Lord_Howe", "Europe/Dublin", "America/Nuuk",
                      "America/Santiago", "Asia/Kolkata", "Pacific/Chatham", "Africa/Casablanca", "Antarctica/Troll",
                      "Asia/Tehran", "UTC", "Etc/GMT+5"])
    func offsetsAreTheCLibrarysForTZ(name: String) throws {
        let zone = try #require(ZoneByName.zone(name))
        let instants = Array(stride(from: Int64(-2_524_521_600), to: 4_230_000_000, by: 3_196_800))
            + Array(stride(from: Int64(2_209_032_000), to: 2_272_104_000, by: 3600))
        let date = Process()
        date.executableURL = URL(fileURLWithPath: "/usr/bin/date")
        date.arguments = ["-f", "-", "+%::z"]
        date.environment = ["TZ": name, "LC_ALL": "C"]
        let input = Pipe()
        let output = Pipe()
        date.standardInput = input
        date.standardOutput = output
        try date.run()
        let writing = Thread { 
            input.fileHandleForWriting.write(Data(instants.map { "@\($0)\n" }.joined().utf8))
            try? input.fileHandleForWriting.close()
        }
        writing.start()
        let lines = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self).split(separator: "\n")
        date.waitUntilExit()
        try #require(lines.count == instants.count)
        var wrong: [String] = []
        for (instant, line) in zip(instants, lines) {
            let parts = line.dropFirst().split(separator: ":").compactMap { Int64($0) }
            let offset = (line.first == "-" ? -1 : 1) * (parts[0] * 3600 + parts[1] * 60 + parts[2])
            let read = zone.offsetSeconds(atUTCSeconds: instant)
            if read != offset { wrong.append("\(instant): \(read), date says \(line)") }
        }
        #expect(wrong.isEmpty, "\(wrong.count) wrong, first \(wrong.prefix(3))")
    }

    @Test(arguments: ["Mars/Olympus", "", "+5:30", "+24:00", "+05:60", "05:30", "+05-30", "+0530", "../etc/passwd", "/etc/localtime",
                      "Europe//Paris", "Europe/./Paris", "zone.tab"])
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
        let skipped = try #require(Timestamp(parsing: "2026-03-08 02:30:15.250", in: TableZone.newYork))
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
