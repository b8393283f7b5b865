import Foundation
import TestSupport
import Testing

/// The static site of `export --format html`, opened in a real browser: Debian's
/// headless Chromium, driven by Tests/Tools/site-in-browser.py through the DevTools
/// protocol, reads every page from `file://` and reports what it found there.
@Suite struct SiteInBrowserTests {
    let jotter = Jotter()

    static let chromium = "/usr/bin/chromium"

    /// Where the screenshots are kept for people to look at, after the test's own
    /// folder is gone.
    static let screenshots = Project.root + "/.build/test-output/site-in-browser"

    /// One entry of the journal the test builds.
    struct Entry {
        let list: String
        let text: String
        let day: String
        var fields: [String: String] = [:]
    }

    static let hostileList = "<img src=x onerror=\"document.title='list ran'\">"

    /// The fixtures' lines, each on a day of its own from 2025-12-20 on (so over two
    /// years and three months), a hostile list holding the hostile markup; and two
    /// entries on 2026-11-20 in two lists, with decimal values and hostile ones.
    static func entries() throws -> [Entry] {
        var entries: [Entry] = []
        var day = Date(timeIntervalSince1970: 1_766_188_800)  // 2025-12-20, UTC
        let format = DateFormatter()
        format.dateFormat = "yyyy-MM-dd"
        format.timeZone = TimeZone(identifier: "UTC")
        for (fixture, list) in [("hostile-html.txt", hostileList), ("multilingual.txt", "日記 ✍️"), ("hostile.txt", "diary")] {
            let text = try String(contentsOfFile: Jotter.fixtures + "/" + fixture, encoding: .utf8)
            for line in text.split(separator: "\n") where !line.trimmingCharacters(in: .whitespaces).isEmpty {
                entries.append(Entry(list: list, text: String(line), day: format.string(from: day)))
                day += 86_400
            }
        }
        entries.append(Entry(list: "expenses", text: "coffee at the lake", day: "2026-11-20",
                             fields: ["price": "3.5", "<script>": "1", "note": "<iframe src=\"javascript:alert(1)\">"]))
        entries.append(Entry(list: "diary", text: "a walk\nof two lines", day: "2026-11-20"))
        entries.append(Entry(list: "expenses", text: "tea", day: "2026-11-21", fields: ["price": "-1.25"]))
        return entries
    }

    /// Imports the entries as jsonl, with the decimal fields declared, and exports
    /// the site.
    func exportSite(_ entries: [Entry]) throws -> String {
        var lines: [String] = []
        var listIDs: [String: String] = [:]
        for list in Set(entries.map(\.list)).sorted() {
            let id = "01a2209e-37ab-7b88-a490-5d64be4a88\(String(format: "%02d", listIDs.count))"
            listIDs[list] = id
            lines.append(try json(["kind": "list", "name": list, "id": id]))
        }
        for (index, entry) in entries.enumerated() {
            var record: [String: Any] = ["kind": "item", "text": entry.text, "parent": listIDs[entry.list]!,
                                         "created": "\(entry.day)T\(String(format: "%02d", 8 + index % 12)):30:00.000+00:00"]
            if !entry.fields.isEmpty { record["fields"] = entry.fields }
            lines.append(try json(record))
        }
        let file = jotter.folder.file("journal.jsonl")
        try (lines.joined(separator: "\n") + "\n").write(toFile: file, atomically: true, encoding: .utf8)
        try jotter.ok("import", file)
        try jotter.ok("field", "add", "price", "decimal")
        try jotter.ok("field", "add", "<script>", "decimal")
        let site = jotter.folder.file("site")
        let export = try jotter.run(["export", "--format", "html", "-r", "/", "--to", site], extraEnvironment: ["TZ": "UTC"])
        #expect(export.status == 0, "\(export.errors)")
        return site
    }

    func json(_ object: [String: Any]) throws -> String {
        String(decoding: try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]), as: UTF8.self)
    }

    /// Runs the driver over the site; its report, as JSON.
    func openInBrowser(_ site: String, screenshots: [String]) throws -> [String: Any] {
        try FileManager.default.createDirectory(atPath: SiteInBrowserTests.screenshots, withIntermediateDirectories: true)
        let tool = ExternalTool(executable: "/usr/bin/python3",
                                environment: ["PATH": "/usr/bin:/bin", "HOME": jotter.folder.path, "LANG": "C.UTF-8"])
        let report = try tool.run(
            [Project.root + "/Tests/Tools/site-in-browser.py", site, "--out", SiteInBrowserTests.screenshots,
             "--chromium", SiteInBrowserTests.chromium] + screenshots.flatMap { ["--screenshot", $0] })
        return try #require(try JSONSerialization.jsonObject(with: report) as? [String: Any])
    }

    @Test func everyPageLoadsCleanWithItsEntriesAsTextAndNoMarkupMadeFromThem() throws {
        let entries = try SiteInBrowserTests.entries()
        let site = try exportSite(entries)
        let report = try openInBrowser(site, screenshots: ["index.html", "2026-11.html"])
        let pages = try #require(report["pages"] as? [String: [String: Any]])

        let months = Set(entries.map { String($0.day.prefix(7)) + ".html" })
        #expect(Set(pages.keys) == months.union(["index.html"]))
        #expect((report["brokenLinks"] as? [String]) == [])
        for (name, page) in pages {
            #expect((page["consoleErrors"] as? [String]) == [], "\(name)")
            #expect((page["failedRequests"] as? [String]) == [], "\(name)")
            // No element, handler or script address was made from an entry: the
            // pages hold only the elements jotter writes, and no script at all.
            #expect(page["scripts"] as? Int == 0, "\(name)")
            #expect((page["unknownElements"] as? [String]) == [], "\(name)")
            #expect((page["handlers"] as? [String]) == [], "\(name)")
            #expect((page["scriptURLs"] as? [String]) == [], "\(name)")
            #expect(page["styleSheets"] as? Int == 1, "\(name)")
            let title = try #require(page["title"] as? String)
            #expect(title == "Journal" || title.hasSuffix(" · Journal"), "\(name)")
        }
        #expect(pages["2026-11.html"]?["title"] as? String == "November 2026 · Journal")

        // The calendars shade each day with entries, and only those.
        let index = try #require(pages["index.html"])
        #expect(index["shadedDays"] as? Int == Set(entries.map(\.day)).count)
        #expect(index["heatmapDays"] as? Int == 365 + 365)

        // Each entry is on its day's page, in its day's section, as the text it is.
        for entry in entries where !entry.text.unicodeScalars.contains(where: { $0.value < 0x20 && $0 != "\t" || $0.value == 0x202E }) {
            let page = try #require(pages[String(entry.day.prefix(7)) + ".html"])
            let days = try #require(page["days"] as? [String: [String]])
            #expect(days["d" + entry.day]?.contains(String(entry.text.prefix(300))) == true, "\(entry.text)")
        }
        let november = try #require(pages["2026-11.html"])
        let fields = try #require(november["fields"] as? [[String]])
        #expect(fields.contains(["<script>", "1"]))
        #expect(fields.contains(["note", "<iframe src=\"javascript:alert(1)\">"]))
        #expect(fields.contains(["price", "-1.25"]))
        // A control character or a bidirectional override is shown, not obeyed.
        let hostile = try #require(pages["2026-01.html"]?["days"] as? [String: [String]])
        #expect(hostile.values.joined().contains("\\x1b[31mred text from an escape sequence\\x1b[0m"))
        #expect(hostile.values.joined().contains("\\u{202e}right-to-left override\\u{202c}"))

        for screenshot in try #require(report["screenshots"] as? [String]) {
            let size = try FileManager.default.attributesOfItem(atPath: screenshot)[.size] as? Int ?? 0
            #expect(size > 10_000, "\(screenshot)")
        }
    }
}
