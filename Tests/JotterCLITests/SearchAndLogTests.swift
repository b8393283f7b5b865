import Foundation
import JotterCore
import Testing

/// `find`, `tags` and `log` end to end.
@Suite struct SearchAndLogTests {
    let jotter = Jotter()

    private func ids(_ output: String) throws -> [String] {
        try output.split(separator: "\n").map { line in
            let object = try #require(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            return try #require(object["text"] as? String ?? object["name"] as? String)
        }
    }

    @Test func findMatchesWordsPrefixesPhrasesAndCJKInsideSentences() throws {
        try jotter.ok("new", "work")
        try jotter.ok("add", "meeting with the design team")
        try jotter.ok("add", "team lunch")
        try jotter.ok("cd", "/")
        try jotter.ok("add", "昨日東京へ行きました")
        try jotter.ok("add", "我们在北京见面")
        try jotter.ok("add", "서울에서 회의")
        let search = { (query: String) in try self.ids(self.jotter.ok("find", "--format", "jsonl", query)) }
        #expect(try search("meet") == ["meeting with the design team"])
        #expect(try search("TEAM") == ["meeting with the design team", "team lunch"])
        #expect(try search("\"design team\"") == ["meeting with the design team"])
        #expect(try search("\"team design\"").isEmpty)
        #expect(try search("team -lunch") == ["meeting with the design team"])
        #expect(try search("東京") == ["昨日東京へ行きました"], "a two-character word inside a Japanese sentence")
        #expect(try search("北京") == ["我们在北京见面"])
        #expect(try search("京都").isEmpty, "two characters that are not next to each other")
        #expect(try search("회의") == ["서울에서 회의"])
        #expect(try search("work") == ["work"], "list names are searched too")

        let text = try jotter.ok("find", "lunch")
        #expect(text.contains("/work") && text.contains("team lunch"), "each hit shows where it is")
        let nothing = try jotter.run(["find", "zebra"])
        #expect(nothing.status == 0 && nothing.errors.contains("nothing found"))
        #expect(try jotter.run(["find", "\"unclosed"]).status == 1)
    }

    @Test func theQueryWordsReachTheQueryAsTypedOneShotAndAtThePrompt() throws {
        try jotter.ok("add", "meet the team")
        try jotter.ok("add", "meet cancelled")
        try jotter.ok("add", "help desk -h")
        let texts = { (arguments: [String]) in
            try self.jotter.run(arguments).text.split(separator: "\n").map { String($0.split(separator: "  ").last ?? "") }
        }
        #expect(try texts(["find", "meet", "-cancelled"]) == ["meet the team"], "each word its own argument, as a shell passes it")
        #expect(try texts(["find", "-cancelled", "meet"]) == ["meet the team"])
        #expect(try texts(["find", "desk", "-h"]).isEmpty, "-h after the query is the query's, not help")
        #expect(try texts(["find", "--", "-cancelled", "meet"]) == ["meet the team"])
        #expect(try ids(jotter.ok("find", "--format", "jsonl", "meet", "-team")) == ["meet cancelled"])
        #expect(try jotter.ok("find", "-h").contains("USAGE: jotter find"), "help before the query")
        #expect(try jotter.ok("find", "--help").contains("USAGE: jotter find"))
        #expect(try ids(jotter.ok("find", "meet", "--format", "jsonl", "-team")) == ["meet cancelled"],
                "find's own option, after the query too")
        let unknown = try jotter.run(["find", "--formt", "json", "meet"])
        #expect(unknown.status == 2 && unknown.errors.contains("Unknown option '--formt'"))

        let prompt = try jotter.prompt(environment: ["NO_COLOR": "1"])
        prompt.type(":find meet -cancelled\r")
        let shown = try prompt.expect("/ › ")
        #expect(shown.contains("meet the team") && !shown.contains("meet cancelled") && !shown.contains("Unknown option"),
                "\(shown.debugDescription)")
        prompt.type(":find desk -h\r")
        let hit = try prompt.expect("/ › ")
        #expect(hit.contains("nothing found") && !hit.contains("USAGE"), "-h leaves out what holds 'h': \(hit.debugDescription)")
        prompt.type("\u{4}")
        #expect(try prompt.waitForExit() == 0)
    }

    @Test func textWordsThatStartWithADashAreTextForAddNewAndEdit() throws {
        try jotter.ok("add", "it is", "-5", "degrees")
        try jotter.ok("add", "note", "-h")
        try jotter.ok("add", "-x", "marks", "the spot")
        try jotter.ok("add", "--", "--to", "is a word")
        #expect(try jotter.texts() == ["it is -5 degrees", "note -h", "-x marks the spot", "--to is a word"])
        try jotter.ok("edit", "1", "-4", "now")
        #expect(try jotter.texts().first == "-4 now")
        try jotter.ok("new", "--in", "/", "-inbox", "-h")
        #expect(try jotter.texts().last == "-inbox -h")
        try jotter.ok("add", "milk", "-2", "--to", "/-inbox -h", "--help")
        #expect(try jotter.texts("/-inbox -h") == ["milk -2 --help"], "add's own option, among the words too")

        let prompt = try jotter.prompt()
        prompt.type(":add it is -3 now\r")
        _ = try prompt.expect("/ › ")
        prompt.type("\u{4}")
        #expect(try prompt.waitForExit() == 0)
        #expect(try jotter.texts().last == "it is -3 now")
    }

    @Test func aQueryOfTenThousandWordsIsRefusedInLittleMemory() throws {
        for index in 0..<200 { try jotter.ok("add", "item number \(index)") }
        let words = Array(repeating: "item", count: 10_000)
        let long = try jotter.peakMemory(["find"] + words)
        #expect(long.status == 1)
        #expect(long.errors == "jotter: a search is at most 1000 characters long; this one has 49999")
        #expect(long.kibibytes < 64 * 1024, "\(long.kibibytes) KiB")
        let many = try jotter.run(["find"] + (0..<65).map { "w\($0)" })
        #expect(many.errors == "jotter: a search holds at most 64 different words and phrases; this one has 65\n")
        let repeated = try jotter.peakMemory(["find"] + Array(repeating: "item", count: 150))
        #expect(repeated.status == 0 && repeated.kibibytes < 64 * 1024, "a word given again is looked up once")
    }

    @Test func theFirstFindAfterAnEntryOfChineseAtTheCapStaysUnder64MiB() throws {
        var generator = SystemRandomNumberGenerator()
        var scalars = String.UnicodeScalarView()
        // Three bytes each: as many as an entry holds.
        for _ in 0..<(SizeCap.entryBytes / 3) {
            scalars.append(Unicode.Scalar(UInt32.random(in: 0x4E00...0x9FFF, using: &generator))!)
        }
        let text = String(scalars)
        let file = jotter.folder.file("chinese.txt")
        try text.write(toFile: file, atomically: true, encoding: .utf8)
        try jotter.ok("import", "--to", "/", file)
        // The first find fills the index with the entry; the next one finds it and
        // writes it out whole.
        let first = try jotter.peakMemory(["find", "zebra"])
        #expect(first.status == 0 && first.errors == "nothing found", "\(first.errors)")
        #expect(first.kibibytes < 64 * 1024, "filling the index: \(first.kibibytes) KiB")
        let hit = try jotter.peakMemory(["find", "--format", "jsonl", String(text.prefix(2))])
        #expect(hit.status == 0, "\(hit.errors)")
        #expect(hit.kibibytes < 64 * 1024, "writing the hit: \(hit.kibibytes) KiB")
    }

    @Test func aWhenOfSeveralWordsNeedsNoQuotesOneShotAndAtThePrompt() throws {
        try jotter.ok("new", "--in", "/", "groceries")
        try jotter.ok("add", "--to", "/groceries", "milk")
        try jotter.ok("add", "--to", "/", "elsewhere")
        let texts = { (arguments: [String]) in
            let result = try self.jotter.run(arguments)
            #expect(result.status == 0, "\(arguments): \(result.errors)")
            return try self.ids(result.text)
        }
        #expect(try texts(["log", "--format", "jsonl", "--since", "2", "weeks", "ago"]) == ["milk", "elsewhere"])
        #expect(try texts(["log", "--format", "jsonl", "--since", "3", "days", "ago", "groceries"]) == ["milk"],
                "the words after the WHEN are the target")
        #expect(try texts(["log", "--format", "jsonl", "--on", "today", "groceries"]) == ["milk"])
        let wrong = try jotter.run(["log", "--since", "3", "groceries"])
        #expect(wrong.status == 1 && wrong.errors.contains("--since '3': not a date or time"))

        let prompt = try jotter.prompt(environment: ["NO_COLOR": "1"])
        prompt.type(":log --since 2 weeks ago groceries\r")
        let shown = try prompt.expect("/ › ")
        #expect(shown.contains("milk") && !shown.contains("elsewhere") && !shown.contains("not a date"), "\(shown.debugDescription)")
        prompt.type("\u{4}")
        #expect(try prompt.waitForExit() == 0)
    }

    @Test func findKeepsUpWithEditsUndoAndTheTrash() throws {
        try jotter.ok("add", "alpha note")
        #expect(try ids(jotter.ok("find", "--format", "jsonl", "alpha")) == ["alpha note"])
        try jotter.ok("edit", "1", "beta note")
        #expect(try ids(jotter.ok("find", "--format", "jsonl", "alpha")).isEmpty)
        #expect(try ids(jotter.ok("find", "--format", "jsonl", "beta")) == ["beta note"])
        try jotter.ok("undo")
        #expect(try ids(jotter.ok("find", "--format", "jsonl", "alpha")) == ["alpha note"])
        try jotter.ok("rm", "1")
        #expect(try ids(jotter.ok("find", "--format", "jsonl", "alpha")).isEmpty)
        try jotter.ok("trash", "--empty", "--yes")
        try jotter.ok("add", "gamma")
        #expect(try ids(jotter.ok("find", "--format", "jsonl", "gamma")) == ["gamma"])
    }

    @Test func hitsAreMarkedOnATerminalWithTheirControlCharactersEscaped() throws {
        try jotter.ok("add", "call mom \u{1B}]0;owned\u{7} today")
        let prompt = try jotter.prompt(environment: ["NO_COLOR": ""])
        prompt.type(":find mom\r")
        let shown = try prompt.expect("/ › ")
        #expect(shown.contains("\u{1B}[1;31mmom\u{1B}[0m"), "the match is marked: \(shown.debugDescription)")
        #expect(!shown.contains("\u{1B}]0;"), "the text's own escape never reaches the terminal")
        #expect(shown.contains("\\x1b]0;owned\\x07"))
        prompt.type("\u{4}")
        #expect(try prompt.waitForExit() == 0)
    }

    @Test func tagsAreCaseInsensitiveAndUnicodeAware() throws {
        try jotter.ok("add", "standup #Work")
        try jotter.ok("add", "review #work #urgent")
        try jotter.ok("add", "お茶 #日本語")
        try jotter.ok("add", "working late")
        #expect(try jotter.ok("tags") == "2  #work\n1  #urgent\n1  #日本語\n")
        #expect(try jotter.texts().count == 4)
        let tagged = try jotter.ok("list", "--tag", "WORK", "--format", "jsonl")
        #expect(try ids(tagged) == ["standup #Work", "review #work #urgent"])
        #expect(try ids(jotter.ok("list", "--tag", "#日本語", "--format", "jsonl")) == ["お茶 #日本語"])
        #expect(try ids(jotter.ok("find", "--format", "jsonl", "#work")) == ["standup #Work", "review #work #urgent"])
        try jotter.ok("rm", "2")
        #expect(try jotter.ok("tags") == "1  #work\n1  #日本語\n")
    }

    /// Items written straight into the store with the times a test needs.
    private func itemsAt(_ times: [(text: String, utc: String)]) throws {
        let lines = times.map { "{\"kind\":\"item\",\"text\":\"\($0.text)\",\"created\":\"\($0.utc)\"}" }
        try jotter.ok("import", "--format", "jsonl", input: lines.joined(separator: "\n") + "\n")
    }

    @Test func logGroupsByLocalDayAcrossADaylightSavingChange() throws {
        // In New York, 2026-03-08 is 23 hours long: from 05:00 UTC to 04:00 UTC the next day.
        try itemsAt([("before", "2026-03-08T04:59:00Z"), ("first", "2026-03-08T05:00:00Z"),
                     ("last", "2026-03-09T03:59:00Z"), ("after", "2026-03-09T04:00:00Z")])
        let newYork = ["TZ": "America/New_York"]
        let on = try jotter.run(["log", "--on", "2026-03-08", "--format", "jsonl"], extraEnvironment: newYork)
        #expect(on.status == 0, "\(on.errors)")
        #expect(try ids(on.text) == ["first", "last"])
        let text = try jotter.run(["log", "--since", "2026-03-07", "--until", "2026-03-09"], extraEnvironment: newYork).text
        #expect(text.contains("2026-03-07 Saturday\n  23:59  ") && text.contains("2026-03-08 Sunday\n  00:00  "), "\(text)")
        #expect(text.contains("  23:59  ") && text.contains("2026-03-09 Monday\n  00:00  "), "times in the local zone: \(text)")
        let utc = try jotter.run(["log", "--on", "2026-03-08", "--format", "jsonl"], extraEnvironment: ["TZ": "UTC"])
        #expect(try ids(utc.text) == ["before", "first"], "the day in UTC is another stretch of time")
    }

    @Test func theLogFollowsAChangedTimeUndoAndTheTrash() throws {
        let utc = ["TZ": "UTC"]
        let onDay = { (day: String) in try self.ids(self.jotter.run(["log", "--on", day, "--format", "jsonl"], extraEnvironment: utc).text) }
        try jotter.ok("add", "moved in time")
        #expect(try onDay("today") == ["moved in time"])
        let exported = try jotter.ok("export", "--format", "jsonl")
        let redated = exported.replacingOccurrences(
            of: #""created":"[^"]*""#, with: #""created":"2020-01-01T12:00:00Z""#, options: .regularExpression)
        try jotter.ok("import", "--format", "jsonl", "--on-conflict", "replace", input: redated)
        #expect(try onDay("2020-01-01") == ["moved in time"])
        #expect(try onDay("today").isEmpty)
        try jotter.ok("undo")
        #expect(try onDay("today") == ["moved in time"])
        #expect(try onDay("2020-01-01").isEmpty)
        try jotter.ok("rm", "1")
        #expect(try onDay("today").isEmpty)
        try jotter.ok("trash", "--empty", "--yes")
        try jotter.ok("add", "after")
        #expect(try onDay("today") == ["after"])
    }

    @Test func logTakesRelativeDaysLeapDaysAndATarget() throws {
        try jotter.ok("new", "diary")
        try jotter.ok("add", "today's entry")
        try jotter.ok("cd", "/")
        try itemsAt([("leap", "2024-02-29T12:00:00Z"), ("month end", "2026-04-30T12:00:00Z")])
        let utc = ["TZ": "UTC"]
        #expect(try ids(jotter.run(["log", "--on", "today", "--format", "jsonl"], extraEnvironment: utc).text) == ["today's entry"])
        #expect(try ids(jotter.run(["log", "--on", "2024-02-29", "--format", "jsonl"], extraEnvironment: utc).text) == ["leap"])
        #expect(try ids(jotter.run(["log", "--since", "3 days ago", "--format", "jsonl", "diary"], extraEnvironment: utc).text)
            == ["today's entry"])
        #expect(try ids(jotter.run(["log", "--until", "2026-04-30", "--format", "jsonl"], extraEnvironment: utc).text)
            == ["leap", "month end"])
        for wrong in [["--on", "2026-02-29"], ["--on", "2026-04-31"], ["--since", "tomorow"], ["--on", "today", "--since", "monday"]] {
            let result = try jotter.run(["log"] + wrong)
            #expect(result.status == 1, "\(wrong)")
            #expect(result.errors.split(separator: "\n").count == 1, "\(result.errors)")
        }
    }

    // MARK: - Writing into the past, and reading back

    @Test func addAtDatesTheItemThenQuotedOrNotAndBeforeOrAfterTheText() throws {
        let utc = ["TZ": "UTC"]
        let on = { (day: String) in try self.ids(self.jotter.run(["log", "--on", day, "--format", "jsonl"], extraEnvironment: utc).text) }
        #expect(try jotter.run(["add", "--at", "2025-06-01 21:00", "dinner"], extraEnvironment: utc).status == 0)
        #expect(try jotter.run(["add", "--at", "yesterday", "21:00", "late", "walk"], extraEnvironment: utc).status == 0)
        #expect(try jotter.run(["add", "read", "--at", "2 days ago"], extraEnvironment: utc).status == 0,
                "after the text: the quick path leaves it to the parser")
        #expect(try jotter.run(["add", "--", "--at", "yesterday"], extraEnvironment: utc).status == 0)
        #expect(try on("2025-06-01") == ["dinner"])
        #expect(try on("yesterday") == ["late walk"])
        #expect(try on("2 days ago") == ["read"])
        #expect(try on("today") == ["--at yesterday"])
        let text = try jotter.run(["log", "--on", "yesterday"], extraEnvironment: utc).text
        #expect(text.contains("  21:00  ") && text.contains("late walk"), "\(text)")
        let export = try jotter.ok("export", "--format", "jsonl")
        #expect(export.contains("\"2025-06-01T21:00:00"), "\(export)")
        for wrong in [["--at", "last week"], ["--at", "11/12"], ["--at", "tomorow"]] {
            let result = try jotter.run(["add"] + wrong + ["x"], extraEnvironment: utc)
            #expect(result.status == 1, "\(wrong)")
            #expect(result.errors.split(separator: "\n").count == 1, "\(result.errors)")
        }
        #expect(try jotter.texts().count == 4, "a refused date adds nothing")
    }

    @Test func logShowsTheLastFewNewestFirstAndThisDayInEveryYear() throws {
        let today = FieldDate.today()
        let dayOfYear = String(today.description.dropFirst(4))
        // In a month that is not this one, so that none of them is on this day.
        let month = today.month == 1 ? "06" : "01"
        var items = [("a", "2021-\(month)-05T12:00:00Z"), ("b", "2021-\(month)-06T12:00:00Z"), ("c", "2021-\(month)-07T12:00:00Z")]
        for year in [2022, 2023] where !(today.month == 2 && today.day == 29) {
            items.append(("\(year) then", "\(year)\(dayOfYear)T12:00:00Z"))
        }
        try itemsAt(items)
        try jotter.ok("add", "today's")
        let utc = ["TZ": "UTC"]
        let log = { (arguments: [String]) in try self.ids(self.jotter.run(["log", "--format", "jsonl"] + arguments, extraEnvironment: utc).text) }
        #expect(try log(["--until", "2021-12-31", "-n", "2"]) == ["b", "c"])
        #expect(try log(["--until", "2021-12-31", "--reverse"]) == ["c", "b", "a"])
        #expect(try log(["--until", "2021-12-31", "--reverse", "-n", "2"]) == ["c", "b"])
        #expect(try log(["-n", "1"]) == ["today's"])
        if !(today.month == 2 && today.day == 29) {
            #expect(try log(["--on-this-day"]) == ["2022 then", "2023 then", "today's"])
            #expect(try log(["--on-this-day", "--reverse"]) == ["today's", "2023 then", "2022 then"])
            #expect(try log(["--on-this-day", "-n", "2"]) == ["2023 then", "today's"])
        }
        #expect(try jotter.run(["log", "-n", "0"]).status == 2)
        #expect(try jotter.run(["log", "--on-this-day", "--since", "monday"]).status == 2)
    }

    @Test func logAndFindShowEntriesOfSeveralLinesIndentedAndFindShowsTheDate() throws {
        try jotter.ok("import", "--format", "jsonl", input: #"{"kind":"item","text":"first line\nsecond line","created":"2026-03-08T12:00:00Z"}"# + "\n")
        let utc = ["TZ": "UTC"]
        let log = try jotter.run(["log", "--on", "2026-03-08"], extraEnvironment: utc).text
        let lines = log.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.first == "2026-03-08 Sunday")
        #expect(lines.count == 4 && lines[1].hasPrefix("  12:00  ") && lines[1].hasSuffix("  /  first line"), "\(log)")
        #expect(lines.count == 4 && lines[2] == String(repeating: " ", count: 19) + "second line", "\(log)")
        let found = try jotter.run(["find", "second"], extraEnvironment: utc).text
        let foundLines = found.split(separator: "\n")
        #expect(foundLines.first?.hasPrefix("  2026-03-08  ") == true, "\(found)")
        #expect(foundLines.count == 2 && foundLines[1] == String(repeating: " ", count: 24) + "second line", "\(found)")
    }
}
