import Foundation
@testable import JotterCore
@testable import JotterFormats
import Testing

/// The small readers and writers of the other tools' formats, apart from the tools.
@Suite struct ToolFormatTests {
    @Test(arguments: [
        ("20261201T000000Z", Int64(1_796_083_200_000)),
        ("20240229T235959Z", Int64(1_709_251_199_000)),
    ])
    func taskwarriorTimesReadAndWriteBack(text: String, milliseconds: Int64) throws {
        let time = try #require(Timestamp(taskwarrior: text))
        #expect(time.milliseconds == milliseconds)
        #expect(time.taskwarriorText == text)
    }

    /// Taskwarrior's form has four digits of year: a moment before year 0 or after
    /// 9999 in UTC has none, rather than a wrong one ("00-11231T100000Z").
    @Test(arguments: ["0000-01-01T00:00:00+14:00", "9999-12-31T23:00:00-12:00"])
    func aMomentOutsideTaskwarriorsYearsHasNoTaskwarriorForm(text: String) throws {
        let time = try #require(Timestamp(parsing: text, in: TableZone.utc))
        #expect(time.taskwarriorText == nil)
    }

    @Test(arguments: ["2026-12-01", "20261301T000000Z", "20261201T000000", "20261201T240000Z", "20230229T000000Z"])
    func malformedTaskwarriorTimesAreRefused(text: String) {
        #expect(Timestamp(taskwarrior: text) == nil)
    }

    /// A re-import finds what the first import made only while these stay as they are:
    /// a change here would make every later import of the same file add everything again.
    @Test func derivedIDsAreStableAcrossVersions() {
        #expect(RecordIDs.derived(from: ["ab", "c"]) != RecordIDs.derived(from: ["a", "bc"]))
        #expect(RecordIDs.derived(from: ["jrnl"]).description == "f8d6a868-30f3-8a20-bace-8bf2344bb491")
    }

    @Test(arguments: [
        ("%Y-%m-%d %H:%M", "2026-11-03 21:05", "2026-11-03T21:05:00.000+00:00"),
        ("%d/%m/%Y %I:%M %p", "03/11/2026 9:05 PM", "2026-11-03T21:05:00.000+00:00"),
        ("%d/%m/%Y %I:%M %p", "03/11/2026 12:00 AM", "2026-11-03T00:00:00.000+00:00"),
        ("%a %d %b %y, %H:%M:%S", "Tue 03 Nov 26, 07:00:09", "2026-11-03T07:00:09.000+00:00"),
        ("%B %d, %Y %%%H", "November 3, 2026 %7", "2026-11-03T07:00:00.000+00:00"),
    ])
    func strftimeFormatsAreReadBack(format: String, text: String, expected: String) throws {
        let time = try #require(StrftimeFormat(format).timestamp(from: text[...], in: TableZone.utc))
        #expect(Timestamp(milliseconds: time.milliseconds, offsetSeconds: 0).rfc3339 == expected)
    }

    @Test(arguments: [
        ("%Y-%m-%d %H:%M", "2026-11-03 21:05 extra"),
        ("%Y-%m-%d %H:%M", "2026-13-03 21:05"),
        ("%I:%M %p %Y", "13:00 PM 2026"),
        ("%H:%M", "21:05"),
    ])
    func textThatDoesNotFitTheFormatIsNoTime(format: String, text: String) {
        #expect(StrftimeFormat(format).timestamp(from: text[...], in: TableZone.utc) == nil)
    }

    /// The records `format` reads from `text`.
    static func records(_ text: String, as format: ImportFormat) throws -> [ImportRecord] {
        var descriptors: [Int32] = [0, 0]
        #expect(pipe(&descriptors) == 0)
        _ = Array(text.utf8).withUnsafeBytes { write(descriptors[1], $0.baseAddress, $0.count) }
        close(descriptors[1])
        defer { close(descriptors[0]) }
        let source = format.source(reading: ByteLineReader(fileDescriptor: descriptors[0]))
        var records: [ImportRecord] = []
        while let record = try source.next() { records.append(record) }
        return records
    }

    @Test func taskwarriorIsReadAsAnArrayAnObjectALineOrAnArrayOnOneLine() throws {
        let first = #"{"uuid":"6f1b3c0e-8d1a-4c1e-9a53-0a3c7f0e2b11","description":"one","status":"pending","annotations":[{"entry":"20261101T100000Z","description":"note"}]}"#
        let second = #"{"uuid":"6f1b3c0e-8d1a-4c1e-9a53-0a3c7f0e2b12","description":"two","status":"pending"}"#
        let layouts = ["[\n\(first),\n\(second)\n]\n", "\(first)\n\(second)\n", "[\(first),\(second)]"]
        let read = try layouts.map { try Self.records($0, as: .taskwarrior).map(\.text) }
        #expect(read == Array(repeating: ["one", "note", "two"], count: 3))
    }

    @Test(arguments: [
        ("buy milk #shop #next", "buy milk", ["shop", "next"]),
        ("#alone", "#alone", [String]()),
        ("issue #12 is open", "issue #12 is open", [String]()),
        ("two  spaces #t", "two  spaces", ["t"]),
    ])
    func trailingTagsAreTaskwarriorTags(text: String, description: String, tags: [String]) {
        let split = TaskwarriorWriter.descriptionAndTags(of: text)
        #expect(split.description == description)
        #expect(split.tags == tags)
    }
}
