import JotterCore
import Testing

@Suite struct TimestampTests {
    @Test(arguments: [
        (Int64(0), Int32(0), "1970-01-01T00:00:00.000+00:00"),
        (Int64(1_795_328_129_653), Int32(3600), "2026-11-22T07:15:29.653+01:00"),
        (Int64(1_795_328_129_653), Int32(-(9 * 3600 + 30 * 60)), "2026-11-21T20:45:29.653-09:30"),
        (Int64(951_782_400_000), Int32(0), "2000-02-29T00:00:00.000+00:00"),
        (Int64(-1), Int32(0), "1969-12-31T23:59:59.999+00:00"),
        (Int64(4_107_542_399_999), Int32(0), "2100-02-28T23:59:59.999+00:00"),
        (Int64(253_402_300_800_000), Int32(0), "10000-01-01T00:00:00.000+00:00"),
        (Int64(-62_167_219_200_001), Int32(0), "-0001-12-31T23:59:59.999+00:00"),
    ])
    func rfc3339(milliseconds: Int64, offset: Int32, expected: String) {
        #expect(Timestamp(milliseconds: milliseconds, offsetSeconds: offset).rfc3339 == expected)
    }

    /// Times come from the file, where damage can leave any number: each is written
    /// as some time, never trapped on.
    @Test(arguments: [
        (Int64.max, Int32.min), (Int64.max, Int32.max), (Int64.min, Int32.min), (Int64.min, Int32.max),
    ])
    func everyStoredTimeCanBeWritten(milliseconds: Int64, offset: Int32) {
        let text = Timestamp(milliseconds: milliseconds, offsetSeconds: offset).rfc3339
        #expect(text.count >= 29)
    }

    @Test func nowHasTheLocalOffsetAndARecentTime() {
        let now = Timestamp.now()
        #expect(now.milliseconds > 1_700_000_000_000)
        #expect(abs(now.offsetSeconds) <= 14 * 3600)
    }
}
