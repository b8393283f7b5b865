@testable import JotterFormats
import Testing

/// The registry of import formats: what a file's name suggests, and which format reads
/// which of import's own options.
@Suite struct ImportFormatTests {
    @Test(arguments: [
        ("notes.jsonl", ImportFormat.jsonl), ("a/b/LOG.NDJSON", .jsonl), ("x.csv", .csv), ("x.md", .md),
        ("read.Markdown", .md), ("todo.txt", .lines), ("journal", .lines), ("lists.csv/notes", .lines),
        ("tasks.json", .lines),
    ])
    func aFilesExtensionSuggestsItsFormat(path: String, format: ImportFormat) {
        #expect(ImportFormat.guessed(fromPath: path) == format)
    }

    @Test func anOptionOfOtherFormatsIsRefusedNamingThem() {
        #expect(ImportFormat.todotxt.refusal(of: .done) == nil)
        #expect(ImportFormat.todotxt.refusal(of: .projectsAsLists) == nil)
        #expect(ImportFormat.jrnl.refusal(of: .timeFormat) == nil)
        #expect(ImportFormat.jrnl.refusal(of: .zone) == nil)
        #expect(ImportFormat.jsonl.refusal(of: .done) == "--done is for --from todotxt")
        #expect(ImportFormat.jrnl.refusal(of: .projectsAsLists) == "--projects-as-lists is for --from todotxt")
        #expect(ImportFormat.todotxt.refusal(of: .timeFormat) == "--time-format is for --from jrnl")
        #expect(ImportFormat.csv.refusal(of: .zone) == "--tz is for --from todotxt or jrnl")
    }
}
