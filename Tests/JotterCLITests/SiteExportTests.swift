import Foundation
import TestSupport
import Testing

/// The folder `export --format html` writes: what it refuses, what it replaces.
@Suite struct SiteExportTests {
    let jotter = Jotter()

    func names(in folder: String) throws -> Set<String> {
        Set(try FileManager.default.contentsOfDirectory(atPath: folder))
    }

    func export(to folder: String) throws -> Jotter.Result {
        try jotter.run(["export", "--format", "html", "-r", "/", "--to", folder], extraEnvironment: ["TZ": "UTC"])
    }

    @Test func aFolderHoldingOtherFilesIsRefusedAndLeftAsItWas() throws {
        try jotter.ok("add", "--at", "2026-11-20", "an entry")
        let folder = jotter.folder.file("papers")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        try "mine".write(toFile: folder + "/index.html", atomically: true, encoding: .utf8)
        let refused = try export(to: folder)
        #expect(refused.status == 1)
        #expect(refused.errors == "jotter: \(folder) is not empty and holds no site jotter wrote; name a new or empty folder for the site\n")
        #expect(try names(in: folder) == ["index.html"])
        #expect(try String(contentsOfFile: folder + "/index.html", encoding: .utf8) == "mine")

        let file = jotter.folder.file("a-file")
        try "x".write(toFile: file, atomically: true, encoding: .utf8)
        #expect(try export(to: file).errors == "jotter: \(file) is not a folder; name a new or empty folder for the site\n")
    }

    @Test func anEarlierSiteIsReplacedWithNoPageOfAMonthGoneAndNoPartialFileLeft() throws {
        let november = try jotter.ok("add", "--at", "2026-11-20", "in November").trimmingCharacters(in: .newlines)
        try jotter.ok("add", "--at", "2026-12-01", "in December")
        let site = jotter.folder.file("site")
        #expect(try export(to: site).status == 0)
        #expect(try names(in: site) == [".jotter-site", "index.html", "site.css", "2026-11.html", "2026-12.html"])

        // What an interrupted export leaves: a page under its temporary name.
        try "<html><body>half".write(toFile: site + "/2026-12.html.partial", atomically: true, encoding: .utf8)
        try "kept".write(toFile: site + "/notes.txt", atomically: true, encoding: .utf8)
        try jotter.ok("rm", november)
        #expect(try export(to: site).status == 0)
        #expect(try names(in: site) == [".jotter-site", "index.html", "site.css", "2026-12.html", "notes.txt"])
        let index = try String(contentsOfFile: site + "/index.html", encoding: .utf8)
        #expect(index.contains("<a href=\"2026-12.html\">December 2026</a> 1 entry"))
        #expect(!index.contains("2026-11.html"))
    }

    @Test func anEmptyJournalIsAnIndexThatSaysSo() throws {
        let site = jotter.folder.file("empty")
        #expect(try export(to: site).status == 0)
        #expect(try names(in: site) == [".jotter-site", "index.html", "site.css"])
        #expect(try String(contentsOfFile: site + "/index.html", encoding: .utf8).contains("<p>Nothing was entered.</p>"))
    }

    @Test func theFolderIsNamedForHTMLAndOnlyForIt() throws {
        let missing = try jotter.run(["export", "--format", "html", "-r", "/"])
        #expect(missing.status == 2)
        #expect(missing.errors.hasPrefix("jotter: --format html writes a folder of pages: name it with --to FOLDER"))
        let stray = try jotter.run(["export", "--to", jotter.folder.file("x")])
        #expect(stray.status == 2)
        #expect(stray.errors.hasPrefix("jotter: --to names the folder of --format html"))
    }
}
