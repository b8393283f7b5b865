import Foundation
import JotterCore
import Testing

/// Import and export from a shell, with the awkward text of Tests/Fixtures.
@Suite struct ImportExportTests {
    let jotter = Jotter()

    func write(_ text: String, to name: String) throws -> String {
        let path = jotter.folder.file(name)
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// A tree with lists, nested items, multi-line text and the fixtures' hostile and
    /// multilingual lines.
    func buildTree() throws {
        try jotter.ok("new", "groceries")
        try jotter.ok("add", "milk")
        try jotter.ok("add", "two\nlines")
        try jotter.ok("new", "weekend")
        try jotter.ok("add", "bread")
        try jotter.ok("cd", "/")
        let item = try jotter.ok("add", "top \"quoted\", item").dropLast()
        try jotter.ok("add", "--to", String(item), "under the item")
        let corpus = try Data(contentsOf: URL(fileURLWithPath: Jotter.fixtures + "/multilingual.txt"))
            + Data(contentsOf: URL(fileURLWithPath: Jotter.fixtures + "/hostile.txt"))
        try jotter.ok("new", "corpus", "--in", "/")
        #expect(try jotter.run(["import", "--to", "/corpus"], input: corpus).status == 0)
    }

    @Test func jsonlRoundTripsByteForByte() throws {
        try buildTree()
        let first = try jotter.run(["export", "--recursive", "/"]).output
        let file = jotter.folder.file("tree.jsonl")
        try first.write(to: URL(fileURLWithPath: file))
        let other = jotter.folder.file("other.sqlite3")
        #expect(try jotter.run(["--store", other, "import", file]).status == 0)
        #expect(try jotter.run(["--store", other, "export", "--recursive", "/"]).output == first)
    }

    @Test(arguments: ["md", "csv"])
    func outlineFormatsRoundTripTheirOwnOutput(format: String) throws {
        try buildTree()
        let first = try jotter.run(["export", "--recursive", "--format", format, "/"]).output
        let file = jotter.folder.file("tree." + format)
        try first.write(to: URL(fileURLWithPath: file))
        let other = jotter.folder.file("other.sqlite3")
        let imported = try jotter.run(["--store", other, "import", file])
        #expect(imported.status == 0, "\(imported.errors)")
        let again = try jotter.run(["--store", other, "export", "--recursive", "--format", format, "/"]).output
        if format == "md" {
            #expect(again == first)
        } else {
            // Ids and times are kept from the file; the texts and the tree are the same.
            #expect(String(decoding: again, as: UTF8.self) == String(decoding: first, as: UTF8.self))
        }
    }

    /// A list with a form, and items holding values that are awkward to carry: spaces,
    /// quotes and a backslash, Japanese, a decimal, a date; one item of several lines
    /// that look like markup, and one whose text looks like an attribute block.
    func buildTreeWithFields() throws {
        // First, so that an outline, which puts a list's items before its lists, keeps the order.
        try jotter.ok("add", "loose")
        try jotter.ok("new", "costs")
        try jotter.ok("field", "add", "price", "decimal")
        try jotter.ok("field", "add", "due", "date")
        try jotter.ok("field", "add", "note", "text")
        try jotter.ok("add", "flat white", "price:1,234.50", "due:2026-11-22")
        try jotter.ok("add", "tea {x=\"y\"}")
        let awkward = """
            {"kind":"item","text":"receipt\\n- not a bullet\\n# not a heading","fields":{"note":"say \\"hi\\" to C:\\\\temp","shop":"東京の店"}}
            {"kind":"item","text":"bus","fields":{"price":"-2.1"}}

            """
        #expect(try jotter.run(["import", "--to", "/costs", try write(awkward, to: "awkward.jsonl")]).status == 0)
    }

    func fields(of entry: [String: Any]) -> [String: String] {
        entry["fields"] as? [String: String] ?? [:]
    }

    /// Kind, text and fields of every entry of a recursive jsonl export, without ids and times.
    func contents(of jsonl: Data) throws -> [String] {
        try String(decoding: jsonl, as: UTF8.self).split(separator: "\n").map { line in
            let entry = try #require(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            let text = (entry["text"] ?? entry["name"]) as? String ?? ""
            return "\(entry["kind"] ?? "") \(text) \(fields(of: entry).sorted { $0.key < $1.key })"
        }
    }

    @Test(arguments: ["jsonl", "csv", "md"])
    func fieldValuesAndMultiLineTextRoundTrip(format: String) throws {
        try buildTreeWithFields()
        let original = try jotter.run(["export", "--recursive", "/"]).output
        let exported = try jotter.run(["export", "--recursive", "--format", format, "/"])
        #expect(exported.status == 0, "\(exported.errors)")
        let file = jotter.folder.file("fields." + format)
        try exported.output.write(to: URL(fileURLWithPath: file))
        let other = jotter.folder.file("other.sqlite3")
        let imported = try jotter.run(["--store", other, "import", file])
        #expect(imported.status == 0, "\(imported.errors)")
        let again = try jotter.run(["--store", other, "export", "--recursive", "/"]).output
        if format == "md" {
            // An outline carries no ids or times: the texts, tree and values come back.
            #expect(try contents(of: again) == contents(of: original))
        } else {
            #expect(String(decoding: again, as: UTF8.self) == String(decoding: original, as: UTF8.self))
        }
        let entries = try jotter.run(["--store", other, "list", "--format", "jsonl", "/costs"]).lines.map { line in
            try #require(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        }
        #expect(entries.map(fields) == [
            ["price": "1234.5", "due": "2026-11-22"],
            [:],
            ["note": "say \"hi\" to C:\\temp", "shop": "東京の店"],
            ["price": "-2.1"],
        ])
        #expect(entries.map { $0["text"] as? String } == ["flat white", "tea {x=\"y\"}", "receipt\n- not a bullet\n# not a heading", "bus"])
    }

    @Test func fieldsAreWrittenInEachFormatsOwnWay() throws {
        try buildTreeWithFields()
        let csv = try jotter.ok("export", "-r", "--format", "csv", "/costs")
        #expect(csv.hasPrefix("id,kind,parent,list,text,created,updated,field:due,field:note,field:price,field:shop\r\n"))
        #expect(csv.contains(",flat white,") && csv.contains(",2026-11-22,,1234.5,\r\n"))
        #expect(csv.contains(",\"say \"\"hi\"\" to C:\\temp\",,東京の店\r\n"))
        #expect(try jotter.ok("export", "-r", "--format", "csv", "/").hasPrefix(
            "id,kind,parent,list,text,created,updated,field:due,field:note,field:price,field:shop\r\n"))
        #expect(try jotter.ok("export", "--format", "csv", "/").hasPrefix("id,kind,parent,list,text,created,updated\r\n"),
                "no columns where no entry holds a value")
        #expect(try jotter.ok("export", "-r", "--format", "md", "/costs") == """
            - flat white {due="2026-11-22" price="1234.5"}
            - tea {x="y"} {}
            - receipt {note="say \\"hi\\" to C:\\\\temp" shop="東京の店"}
              \\- not a bullet
              \\# not a heading
            - bus {price="-2.1"}

            """)
    }

    @Test(arguments: [
        (#"{"text":"x","fields":{"price":3.5}}"#, "'fields': the value of 'price' must be a string"),
        (#"{"text":"x","fields":["3.5"]}"#, "'fields' must be an object"),
        (#"{"text":"x","fields":{"a b":"1"}}"#, "'fields': 'a b': a field name cannot hold white space or any of : \" = { }"),
        (#"{"text":"x","fields":{"note":"two\nlines"}}"#, "'fields': 'note' holds a line break"),
        (#"{"name":"L","fields":{"note":"1"}}"#, "a list holds no field values"),
    ])
    func badFieldsInJSONLStopTheImportAtTheirLine(line: String, problem: String) throws {
        try jotter.ok("add", "before")
        let file = try write(#"{"text":"fine","fields":{"note":"ok"}}"# + "\n" + line + "\n", to: "bad.jsonl")
        let result = try jotter.run(["import", file])
        #expect(result.status == 1)
        #expect(result.errors == "jotter: \(file):2: \(problem); nothing was imported\n")
        #expect(try jotter.texts() == ["before"])
    }

    @Test func aCSVFileWithoutFieldColumnsLeavesTheValuesInTheStore() throws {
        try jotter.ok("new", "expenses")
        try jotter.ok("field", "add", "price", "decimal")
        try jotter.ok("add", "coffee", "price:3.50")
        let exported = try jotter.ok("export", "/expenses", "--format", "csv")
        // A spreadsheet that kept only id and text, with the text edited.
        let rows = exported.split(separator: "\r\n").map { $0.split(separator: ",", omittingEmptySubsequences: false) }
        let edited = "id,text\r\n" + rows.dropFirst().map { "\($0[0]),flat white\r\n" }.joined()
        let file = jotter.folder.file("edited.csv")
        try edited.write(toFile: file, atomically: true, encoding: .utf8)
        try jotter.ok("import", file, "--on-conflict", "replace")
        let entries = try jotter.entries("/expenses")
        #expect(entries.map { $0["text"] as? String } == ["flat white"])
        #expect(entries.first?["fields"] as? [String: String] == ["price": "3.5"])
    }

    @Test func csvFieldColumnsFillFields() throws {
        let csv = "text,Field:price,FIELD:Due,note\r\n"
            + "coffee,3.5,2026-11-22,x\r\n"
            + "tea,,2026-01-01,y\r\n"
            + "water,,,z\r\n"
        let result = try jotter.run(["import", try write(csv, to: "fields.csv")])
        #expect(result.status == 0, "\(result.errors)")
        #expect(try jotter.entries().map(fields) == [["price": "3.5", "Due": "2026-11-22"], ["Due": "2026-01-01"], [:]])

        let twice = try jotter.run(["import", try write("text,field:a,field:a\r\nx,1,2\r\n", to: "twice.csv")])
        #expect(twice.errors.hasSuffix(":1: the field a has two columns; nothing was imported\n"))
        let badName = try jotter.run(["import", try write("text,field:\r\nx,1\r\n", to: "empty.csv")])
        #expect(badName.errors.hasSuffix(":1: the column 'field:': a field name is empty; nothing was imported\n"))
    }

    @Test(arguments: [
        ("text,field:price\na,1\nb,NaN\n", 3, "price: 'NaN' is not a valid decimal number: NaN is not accepted"),
        ("text,field:price\na,\(String(repeating: "9", count: 5_000))\n", 2,
         "price: '\(String(repeating: "9", count: 39))…' is not a valid decimal number: it has more than 1,000 digits"),
        ("text,field:due\na,2026-02-30\n", 2, "due: '2026-02-30' is not a valid date"),
        ("text,field:mood\na,great\n", 2, "mood: 'great' is not a valid choice: choose one of good, bad"),
        ("{\"text\":\"a\",\"fields\":{\"price\":\"1e400\"}}\n", 1, "price: '1e400' is not a valid decimal number"),
    ])
    func aValueThatIsNotOfItsFieldsTypeIsRefusedWithItsLine(input: String, line: Int, problem: String) throws {
        try jotter.ok("new", "--in", "/", "shop")
        try jotter.ok("field", "add", "price", "decimal", "--in", "/shop")
        try jotter.ok("field", "add", "due", "date", "--in", "/shop")
        try jotter.ok("field", "add", "mood", "choice", "good,bad", "--in", "/shop")
        let file = try write(input, to: input.hasPrefix("{") ? "values.jsonl" : "values.csv")
        let result = try jotter.run(["import", "--to", "/shop", file])
        #expect(result.status == 1)
        #expect(result.errors.hasPrefix("jotter: \(file):\(line): ") && result.errors.contains(problem)
                && result.errors.hasSuffix("; nothing was imported\n"), "\(result.errors)")
        #expect(try jotter.texts("/shop").isEmpty)
    }

    @Test func valuesGoInAsThePromptWouldStoreThemAndSumStillWorks() throws {
        try jotter.ok("new", "--in", "/", "shop")
        try jotter.ok("field", "add", "price", "decimal", "--in", "/shop")
        try jotter.ok("field", "add", "mood", "choice", "good,bad", "--in", "/shop")
        let csv = "text,field:price,field:mood,field:other\na,1.50,GOOD,NaN\nb,.5,,\n"
        let result = try jotter.run(["import", "--to", "/shop", try write(csv, to: "values.csv")])
        #expect(result.status == 0, "\(result.errors)")
        #expect(try jotter.entries("/shop").map(fields) == [["price": "1.5", "mood": "good", "other": "NaN"], ["price": "0.5"]],
                "canonical, as entered at the prompt; a field the place does not have takes the value as it is")
        #expect(try jotter.ok("sum", "price", "/shop").hasPrefix("price: 2 ("))
    }

    @Test func reimportingJSONLWithFieldsKeepsOneCopyAndReplaceTakesTheFilesValues() throws {
        try buildTreeWithFields()
        let file = jotter.folder.file("fields.jsonl")
        let original = try jotter.run(["export", "-r", "/"]).output
        try original.write(to: URL(fileURLWithPath: file))
        let other = jotter.folder.file("other.sqlite3")
        #expect(try jotter.run(["--store", other, "import", file]).status == 0)
        let again = try jotter.run(["--store", other, "import", file])
        #expect(again.errors == "jotter: imported 0 entries (6 already there) into /\n")
        #expect(try jotter.run(["--store", other, "export", "-r", "/"]).output == original)

        let changed = String(decoding: original, as: UTF8.self).replacingOccurrences(of: "\"-2.1\"", with: "\"-2.2\"")
        let changedFile = try write(changed, to: "changed.jsonl")
        let refused = try jotter.run(["--store", other, "import", changedFile])
        #expect(refused.status == 1)
        #expect(refused.errors.contains("is already in the store with other content"))
        let replaced = try jotter.run(["--store", other, "import", "--on-conflict", "replace", changedFile])
        #expect(replaced.errors == "jotter: imported 0 entries (5 already there, 1 replaced) into /\n")
        #expect(try jotter.run(["--store", other, "export", "-r", "/"]).text == changed)
    }

    @Test func reimportingTheSameFileAddsNothing() throws {
        try buildTree()
        let file = jotter.folder.file("tree.jsonl")
        try jotter.run(["export", "-r", "/"]).output.write(to: URL(fileURLWithPath: file))
        let count = try jotter.run(["export", "-r", "/"]).lines.count
        let again = try jotter.run(["import", "--to", "/", file])
        #expect(again.status == 0)
        #expect(again.errors == "jotter: imported 0 entries (\(count) already there) into /\n")
        #expect(try jotter.run(["export", "-r", "/"]).lines.count == count)
    }

    @Test func aConflictingRecordStopsTheImportUnlessTheFlagChooses() throws {
        let id = try jotter.ok("add", "original").dropLast()
        let line = "{\"id\":\"\(id)\",\"kind\":\"item\",\"text\":\"changed\"}\n{\"kind\":\"item\",\"text\":\"new one\"}\n"
        let file = try write(line, to: "conflict.jsonl")
        let refused = try jotter.run(["import", file])
        #expect(refused.status == 1)
        #expect(refused.errors == "jotter: \(file):1: \(id) is already in the store with other content (--on-conflict keep or replace chooses); nothing was imported\n")
        #expect(try jotter.texts() == ["original"])

        let kept = try jotter.run(["import", "--on-conflict", "keep", file])
        #expect(kept.status == 0)
        #expect(try jotter.texts() == ["original", "new one"])

        let replaced = try jotter.run(["import", "--on-conflict", "replace", file])
        #expect(replaced.status == 0)
        #expect(try jotter.texts() == ["changed", "new one", "new one"])
    }

    /// An id given twice in one file was taken for one already in the store: the
    /// second was "already there" when equal, and "already in the store" when not.
    @Test(arguments: ["first", "second"])
    func anIDGivenTwiceInOneFileIsRefusedNamingItsEarlierLine(secondText: String) throws {
        let id = "11111111-2222-4333-8444-555555555555"
        let file = try write(
            "{\"kind\":\"item\",\"text\":\"before it\"}\n{\"id\":\"\(id)\",\"kind\":\"item\",\"text\":\"first\"}\n"
                + "{\"id\":\"\(id)\",\"kind\":\"item\",\"text\":\"\(secondText)\"}\n", to: "twice.jsonl")
        let result = try jotter.run(["import", file])
        #expect(result.status == 1)
        #expect(result.errors == "jotter: \(file):3: \(id) is given on line 2 already; an id names one entry; nothing was imported\n")
        #expect(try jotter.texts().isEmpty)
    }

    /// Names address lists: a list replaced by a record took the name of the list
    /// beside it, and two lists shared one.
    @Test func aListReplacedWithTheNameOfTheListBesideItIsRefused() throws {
        try jotter.ok("new", "alpha")
        try jotter.ok("cd", "/")
        try jotter.ok("new", "beta")
        let beta = try #require(try jotter.run(["export", "/"]).lines.compactMap {
            try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }.first { ($0["text"] ?? $0["name"]) as? String == "beta" }?["id"] as? String)
        let file = try write("{\"id\":\"\(beta)\",\"kind\":\"list\",\"name\":\"alpha\"}\n", to: "rename.jsonl")
        let before = try jotter.ok("export", "-r", "/")
        let result = try jotter.run(["import", "--on-conflict", "replace", file])
        #expect(result.status == 1)
        #expect(result.errors.hasPrefix("jotter: \(file):1: \(beta) would be renamed 'alpha', the name of the list "), "\(result.errors)")
        #expect(result.errors.filter { $0 == "\n" }.count == 1)
        #expect(try jotter.ok("export", "-r", "/") == before)
    }

    /// The texts an import replaces are kept by the undo triggers, one a row.
    @Test func anImportThatReplacedTextsIsUndoneAndRedoneWhole() throws {
        let first = try jotter.ok("add", "first").dropLast()
        let second = try jotter.ok("add", "second").dropLast()
        let lines = "{\"id\":\"\(first)\",\"kind\":\"item\",\"text\":\"first, replaced\"}\n"
            + "{\"id\":\"\(second)\",\"kind\":\"item\",\"text\":\"second, replaced\"}\n"
        try jotter.ok("import", "--on-conflict", "replace", try write(lines, to: "replacing.jsonl"))
        #expect(try jotter.texts() == ["first, replaced", "second, replaced"])
        for (command, texts) in [("undo", ["first", "second"]), ("redo", ["first, replaced", "second, replaced"]),
                                 ("undo", ["first", "second"])] {
            try jotter.ok(command)
            #expect(try jotter.texts() == texts, "after \(command)")
        }
        try jotter.ok("check")
    }

    /// A long text an import replaces is kept for undo before its row is rewritten,
    /// also when the file names the entry twice and the first record changed its row
    /// but not its text, which the undo triggers kept without the text.
    @Test func aLongTextAnImportReplacesTheSecondTimeItNamesTheEntryIsUndoneAndRedoneWhole() throws {
        let long = String(repeating: "long words ", count: 10_000) + "end"
        try jotter.ok("import", "--to", "/", try write(long, to: "long.txt"))
        let entry = try #require(try jotter.entries("/").first)
        let id = try #require(entry["id"] as? String)
        let created = try #require(entry["created"] as? String)
        let records = "{\"id\":\"\(id)\",\"kind\":\"item\",\"text\":\"\(long)\",\"created\":\"2020-01-02T03:04:05Z\"}\n"
            + "{\"id\":\"\(id)\",\"kind\":\"item\",\"text\":\"replaced \(long)\"}\n"
        try jotter.ok("import", "--on-conflict", "replace", try write(records, to: "twice.jsonl"))
        for (step, text, isCreatedAsBefore) in [("import", "replaced " + long, false), ("undo", long, true),
                                                ("redo", "replaced " + long, false), ("undo", long, true)] {
            if step != "import" { try jotter.ok(step) }
            let entries = try jotter.entries("/")
            #expect(entries.count == 1 && entries.first?["text"] as? String == text, "after \(step)")
            #expect(entries.first?["id"] as? String == id, "after \(step)")
            #expect((entries.first?["created"] as? String == created) == isCreatedAsBefore, "after \(step)")
        }
        try jotter.ok("check")
    }

    /// Undo and redo swap a change's rows a batch at a time (5,000 rows): an import
    /// that replaced 12,000 entries and their field values, three batches of each,
    /// is undone and redone to the same export, byte for byte.
    @Test func anImportReplacingRowsAndValuesInSeveralBatchesIsUndoneAndRedoneExactly() throws {
        try jotter.ok("field", "add", "price", "decimal")
        let records = (1...12_000).map { "{\"kind\":\"item\",\"text\":\"item \($0)\",\"fields\":{\"price\":\"\($0).5\"}}" }
        try jotter.ok("import", try write(records.joined(separator: "\n"), to: "priced.jsonl"))
        let before = try jotter.run(["export", "-r", "/"]).output
        let replacing = String(decoding: before, as: UTF8.self)
            .replacingOccurrences(of: ".5\"}", with: ".25\"}")
            .replacingOccurrences(of: "\"text\":\"item ", with: "\"text\":\"thing ")
        try jotter.ok("import", "--on-conflict", "replace", try write(replacing, to: "replacing.jsonl"))
        let after = try jotter.run(["export", "-r", "/"]).output
        #expect(String(decoding: after, as: UTF8.self).contains("\"text\":\"thing 12000\""))
        #expect(String(decoding: after, as: UTF8.self).contains("\"price\":\"12000.25\""))
        for (command, expected) in [("undo", before), ("redo", after), ("undo", before)] {
            try jotter.ok(command)
            #expect(try jotter.run(["export", "-r", "/"]).output == expected, "after \(command)")
        }
        try jotter.ok("check")
    }

    @Test func aBadLineInTheMiddleOfALargeInputChangesNothing() throws {
        try jotter.ok("add", "before")
        var lines = (1...50_000).map { "{\"kind\":\"item\",\"text\":\"line \($0)\"}" }
        lines[30_000] = "{\"kind\":\"item\",\"text\":"
        let file = try write(lines.joined(separator: "\n"), to: "big.jsonl")
        let result = try jotter.run(["import", file])
        #expect(result.status == 1)
        #expect(result.errors == "jotter: \(file):30001: not a JSON object; nothing was imported\n")
        #expect(try jotter.texts() == ["before"])
    }

    @Test func invalidUTF8StopsAnImportAtItsLine() throws {
        let input = try Data(contentsOf: URL(fileURLWithPath: Jotter.fixtures + "/invalid-utf8.txt"))
        let result = try jotter.run(["import"], input: input)
        #expect(result.status == 1)
        #expect(result.errors == "jotter: stdin:73: the line is not valid UTF-8; nothing was imported\n")
        #expect(try jotter.texts().isEmpty)
    }

    @Test func linesAreTrimmedAndCRLFAndAMissingFinalNewlineHandled() throws {
        let result = try jotter.run(["import"], input: Data("  one  \r\n\r\ntwo\r\nthree".utf8))
        #expect(result.status == 0)
        #expect(result.errors == "jotter: imported 3 entries into /\n")
        #expect(try jotter.texts() == ["one", "two", "three"])
    }

    @Test func linesBeyondASCIIAreTrimmedOfUnicodeSpaceAndKeptWhole() throws {
        let input = "\u{3000}卵を買う\u{3000}\n\u{3000}\u{00A0}\nnaïve café\n\u{2003}x\n"
        let result = try jotter.run(["import"], input: Data(input.utf8))
        #expect(result.status == 0)
        #expect(try jotter.texts() == ["卵を買う", "naïve café", "x"])
    }

    @Test func aNULByteStopsAnImportOfLinesAtItsLine() throws {
        let result = try jotter.run(["import"], input: Data("one\ntwo\u{0}\nthree\n".utf8))
        #expect(result.status == 1)
        #expect(result.errors == "jotter: stdin:2: the line holds a NUL byte; nothing was imported\n")
        #expect(try jotter.texts().isEmpty)
    }

    @Test func manyLinesGoInWholeAndInOrder() throws {
        let texts = (1...1000).map { $0 % 7 == 0 ? "line \($0) ünïcödé" : "line \($0)" }
        let result = try jotter.run(["import"], input: Data((texts.joined(separator: "\n") + "\n").utf8))
        #expect(result.status == 0)
        #expect(try jotter.texts() == texts)
    }

    @Test func dryRunChecksEverythingAndChangesNothing() throws {
        let file = try write("# plans\n- one\n- two\n", to: "plans.md")
        let result = try jotter.run(["import", "--dry-run", file])
        #expect(result.status == 0)
        #expect(result.errors == "jotter: dry run: would import 3 entries into /; nothing was changed\n")
        #expect(try jotter.texts().isEmpty)
    }

    @Test(arguments: [
        ("text,id,TEXT\nfirst,,second\n", "the column 'text' comes twice, as columns 1 and 3"),
        ("text,Id, id \na,,\n", "the column 'id' comes twice, as columns 2 and 3"),
        ("list,text,created,list\na,b,,c\n", "the column 'list' comes twice, as columns 1 and 4"),
        ("text,field:price,FIELD:price\na,1,2\n", "the field price has two columns"),
    ])
    func aCSVColumnThatComesTwiceIsRefused(csv: String, problem: String) throws {
        let file = try write(csv, to: "twice.csv")
        let result = try jotter.run(["import", "--to", "/", file])
        #expect(result.status == 1)
        #expect(result.errors == "jotter: \(file):1: \(problem); nothing was imported\n")
        #expect(try jotter.texts("/").isEmpty)
    }

    @Test func columnsThatAreNotReadMayComeTwice() throws {
        let file = try write("text,note,note\na,x,y\n", to: "notes.csv")
        #expect(try jotter.run(["import", "--to", "/", file]).status == 0)
        #expect(try jotter.texts("/") == ["a"])
    }

    @Test func aJSONLineOfTooManyFieldValuesIsRefusedBeforeItIsDecoded() throws {
        let many = (0..<200_000).map { "\"f\($0)\":\"v\"" }.joined(separator: ",")
        let file = try write("{\"text\":\"a\",\"fields\":{\(many)}}\n", to: "many.jsonl")
        let refused = try jotter.peakMemory(["import", "--to", "/", file])
        #expect(refused.status == 1)
        #expect(refused.errors == "jotter: \(file):1: a record holds at most 10000 names and field values; nothing was imported")
        #expect(refused.kibibytes < 64 * 1024, "\(refused.kibibytes) KiB")
        // Colons and quotes inside strings are not members.
        let fewer = (0..<9_990).map { "\"f\($0)\":\"v:\\\"\"" }.joined(separator: ",")
        let taken = try write("{\"text\":\"a: \\\"b:\",\"fields\":{\(fewer)}}\n", to: "fewer.jsonl")
        let result = try jotter.run(["import", "--to", "/", taken])
        #expect(result.status == 0, "\(result.errors)")
        #expect(try jotter.entries("/").first.map(fields)?.count == 9_990)
    }

    @Test func csvEdgeCases() throws {
        let csv = "\u{FEFF}Text,Note,list\r\n"
            + "\"a, with comma\",x,\r\n"
            + "\"a \"\"quoted\"\" word\",x,\r\n"
            + "\"two\r\nlines\",x,inbox\r\n"
            + "plain,\"\",inbox/deeper\r\n"
            + "\r\n"
            + "last,without newline,"
        let file = try write(csv, to: "edge.csv")
        let result = try jotter.run(["import", file])
        #expect(result.status == 0, "\(result.errors)")
        #expect(try jotter.texts() == ["a, with comma", "a \"quoted\" word", "inbox", "last"])
        #expect(try jotter.texts("/inbox") == ["two\r\nlines", "deeper"])
        #expect(try jotter.texts("/inbox/deeper") == ["plain"])
    }

    @Test(arguments: [
        ("text,note\nonly one field\n", "2: 1 field where the header has 2"),
        ("note\nx\n", "1: the header has no 'text' column"),
        ("text\n\"never closed\n", "2: a quoted field is not closed"),
        ("text\nab\"c\n", "2: a quote inside an unquoted field"),
        ("text\n\"ab\"c\n", "2: text after a closing quote in a field"),
        ("text,kind\nx,folder\n", "2: 'kind' must be list or item, not 'folder'"),
    ])
    func malformedCSVIsReportedWithItsLine(csv: String, problem: String) throws {
        let file = try write(csv, to: "bad.csv")
        let result = try jotter.run(["import", file])
        #expect(result.status == 1)
        #expect(result.errors == "jotter: \(file):\(problem); nothing was imported\n")
        #expect(try jotter.texts().isEmpty)
    }

    @Test func markdownOutlinesNestByHeadingAndIndentation() throws {
        let markdown = """
            loose line
            # groceries
            - milk
              - semi-skimmed
                two litres
            * eggs
            ## weekend
            1. bread
            # groceries
            - jam
            """
        let file = try write(markdown, to: "outline.md")
        #expect(try jotter.run(["import", file]).status == 0)
        #expect(try jotter.texts("/") == ["loose line", "groceries"])
        #expect(try jotter.texts("/groceries") == ["milk", "eggs", "weekend", "jam"])
        #expect(try jotter.texts("/groceries/milk") == ["semi-skimmed\ntwo litres"])
        #expect(try jotter.texts("/groceries/weekend") == ["bread"])
    }

    @Test func markdownKeepsMultiLineTextThatLooksLikeMarkup() throws {
        let text = "first\n- not a bullet\n# not a heading\n\n  indented\n\\backslash\n3. not numbered"
        try jotter.ok("add", text)
        try jotter.ok("new", "L", "--in", "/")
        try jotter.ok("add", "--to", "/L", "x")
        let markdown = try jotter.run(["export", "-r", "--format", "md", "/"]).output
        let file = jotter.folder.file("tricky.md")
        try markdown.write(to: URL(fileURLWithPath: file))
        let other = jotter.folder.file("other.sqlite3")
        #expect(try jotter.run(["--store", other, "import", file]).status == 0)
        let texts = try jotter.run(["--store", other, "export", "-r", "--format", "jsonl", "/"]).lines
            .compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
            .map { ($0["text"] ?? $0["name"]) as? String }
        #expect(texts == [text, "L", "x"])
    }

    @Test func markdownRefusesWhatAnOutlineCannotHold() throws {
        try jotter.ok("add", "--to", "/", "an item")
        try jotter.ok("new", "inner", "--in", "1")
        let result = try jotter.run(["export", "-r", "--format", "md", "/"])
        #expect(result.status == 1)
        #expect(result.errors == "jotter: the list 'inner' is inside an item, which a Markdown outline cannot hold; use --format jsonl\n")
    }

    @Test func aListOfTheFileWithAnotherIDThanTheListOfThatNameThereIsRefused() throws {
        let here = try #require(NodeID(String(try jotter.ok("new", "--in", "/", "groceries").dropLast())))
        let other = jotter.folder.file("other.sqlite3")
        try jotter.ok("--store", other, "new", "groceries")
        try jotter.ok("--store", other, "add", "eggs")
        let file = jotter.folder.file("other.jsonl")
        try jotter.run(["--store", other, "export", "-r", "/"]).output.write(to: URL(fileURLWithPath: file))
        let result = try jotter.run(["import", "--to", "/", file])
        #expect(result.status == 1)
        #expect(result.errors == "jotter: \(file):1: a list named 'groceries' is already there, with the id \(here); "
            + "lists beside each other need names of their own; rename one and import again; nothing was imported\n")
        #expect(try jotter.texts("/") == ["groceries"])
        #expect(try jotter.texts("/groceries").isEmpty)
    }

    @Test func aListWithoutAnIDJoinsTheListOfThatNameThere() throws {
        try jotter.ok("new", "--in", "/", "groceries")
        let file = try write("{\"kind\":\"list\",\"name\":\"groceries\"}\n", to: "list.jsonl")
        let result = try jotter.run(["import", "--to", "/", file])
        #expect(result.status == 0, "\(result.errors)")
        #expect(try jotter.texts("/") == ["groceries"])
    }

    @Test(arguments: ["jsonl", "csv"])
    func aRecordWhoseParentIsItselfIsRefused(format: String) throws {
        let id = "01a20aab-c37e-77d0-96f9-063f34fe13de"
        let text = format == "jsonl"
            ? "{\"id\":\"\(id)\",\"kind\":\"item\",\"text\":\"a\"}\n{\"id\":\"01a20aab-c37e-77d0-96f9-063f34fe13df\",\"kind\":\"item\",\"text\":\"b\",\"parent\":\"01a20aab-c37e-77d0-96f9-063f34fe13df\"}\n"
            : "id,text,parent\n\(id),a,\n01a20aab-c37e-77d0-96f9-063f34fe13df,b,01a20aab-c37e-77d0-96f9-063f34fe13df\n"
        let file = try write(text, to: "self.\(format)")
        let result = try jotter.run(["import", "--to", "/", file])
        #expect(result.status == 1)
        #expect(result.errors == "jotter: \(file):\(format == "csv" ? 3 : 2): 'parent' is its own 'id'; nothing holds itself; nothing was imported\n")
        #expect(try jotter.texts("/").isEmpty)
    }

    @Test func aChildBeforeItsParentIsReported() throws {
        let other = jotter.folder.file("other.sqlite3")
        try jotter.ok("--store", other, "new", "groceries")
        try jotter.ok("--store", other, "add", "eggs")
        let lines = try jotter.run(["--store", other, "export", "-r", "/"]).lines
        let file = try write([lines[1], lines[0]].joined(separator: "\n"), to: "swapped.jsonl")
        let listID = try #require(JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any])["id"] as? String
        let result = try jotter.run(["import", file])
        #expect(result.status == 1)
        #expect(result.errors == "jotter: \(file):1: its parent \(listID!) comes later, on line 2; a parent must come before what it holds; nothing was imported\n")
        #expect(try jotter.texts("/").isEmpty)
    }

    @Test func exportThatCannotBeWrittenFails() throws {
        try jotter.ok("add", "x")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Jotter.binary)
        process.arguments = ["export", "-r", "/"]
        process.environment = jotter.environment
        process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: "/dev/full"))
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 4)
        #expect(String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            == "jotter: cannot write the output: No space left on device\n")
    }

    @Test func aByteOrderMarkIsNotText() throws {
        let bom = "\u{FEFF}"
        #expect(try jotter.run(["import", try write(bom + "# Groceries\n- milk\n", to: "bom.md")]).status == 0)
        #expect(try jotter.texts("/") == ["Groceries"])
        #expect(try jotter.run(["import", "--to", "/", try write(bom + "plain\n", to: "bom.txt")]).status == 0)
        #expect(try jotter.run(["import", "--to", "/", try write(bom + "\"text\"\nquoted header\n", to: "bom.csv")]).status == 0)
        #expect(try jotter.texts("/") == ["Groceries", "plain", "quoted header"])
    }

    @Test func theCSVListColumnNamesListsOnlyAndIsNotEscaped() throws {
        // A right-to-left override, which a terminal would be shown escaped (a name
        // cannot hold a control character such as a tab).
        try jotter.ok("new", "over\u{202E}ride")
        let item = try jotter.ok("add", "an item").dropLast()
        try jotter.ok("add", "--to", String(item), "under the item")
        let csv = try jotter.ok("export", "-r", "--format", "csv", "/")
        let rows = csv.split(separator: "\r\n").map { $0.split(separator: ",", omittingEmptySubsequences: false) }
        try #require(rows.count == 4, "\(rows)")
        #expect(rows[2][3] == "over\u{202E}ride")
        #expect(rows[3][3] == "over\u{202E}ride")
    }

    @Test func oldLocalTimesRoundTrip() throws {
        let file = try write("text,created\nold,1900-01-01 12:00\n", to: "old.csv")
        let amsterdam = ["TZ": "Europe/Amsterdam"]
        #expect(try jotter.run(["import", file], extraEnvironment: amsterdam).status == 0)
        let exported = try jotter.run(["export", "/"], extraEnvironment: amsterdam).output
        let again = jotter.folder.file("again.jsonl")
        try exported.write(to: URL(fileURLWithPath: again))
        let result = try jotter.run(["import", again], extraEnvironment: amsterdam)
        #expect(result.status == 0, "\(result.errors)")
        #expect(String(decoding: exported, as: UTF8.self).contains("\"created\":\"1900-01-01T12:00:00.000+00:20\""))
    }

    /// A line far over what any record needs is refused as it is read, in bounded memory.
    @Test func anOverlongLineStopsTheImportInUnder64MiB() throws {
        let path = jotter.folder.file("long.txt")
        try Data(repeating: UInt8(ascii: "x"), count: 17 * 1024 * 1024).write(to: URL(fileURLWithPath: path))
        let result = try jotter.peakMemory(["import", path])
        #expect(result.status == 1 && result.kibibytes < 64 * 1024, "\(result.kibibytes) KiB")
        #expect(result.errors == "jotter: \(path):1: the line is longer than 16 MiB; an entry holds at most 1 MiB; nothing was imported")
    }

    @Test func aJSONLineThatIsNotAnObjectSaysSo() throws {
        let result = try jotter.run(["import", try write("[1,2]\n", to: "array.jsonl")])
        #expect(result.errors.hasSuffix(":1: not a JSON object; nothing was imported\n"))
    }

    @Test func exportFormatsForPeople() throws {
        try jotter.ok("new", "groceries")
        try jotter.ok("add", "milk")
        try jotter.ok("cd", "/")
        try jotter.ok("add", "loose")
        #expect(try jotter.ok("export", "-r", "--format", "txt") == "groceries/\n  milk\nloose\n")
        #expect(try jotter.ok("export", "-r", "--format", "md") == "- loose\n\n# groceries\n\n- milk\n")
        let json = try jotter.run(["export", "--format", "json"])
        let array = try #require(try JSONSerialization.jsonObject(with: json.output) as? [[String: Any]])
        #expect(array.count == 2)
        let csv = try jotter.ok("export", "-r", "--format", "csv")
        #expect(csv.hasPrefix("id,kind,parent,list,text,created,updated\r\n"))
        #expect(csv.contains(",groceries,milk,"))
        let refused = try jotter.run(["export", "--format", "text"])
        #expect(refused.status == 2)
    }

    @Test func listSharesTheExportEncoders() throws {
        try jotter.ok("add", "a, b")
        #expect(try jotter.ok("list", "--format", "csv").contains(",\"a, b\","))
        #expect(try jotter.ok("list", "--format", "txt") == "a, b\n")
    }

    @Test func completionScriptsAreGenerated() throws {
        for (shell, marker) in [("bash", "complete"), ("zsh", "#compdef jotter"), ("fish", "complete -c 'jotter'")] {
            let result = try jotter.run(["--generate-completion-script", shell])
            #expect(result.status == 0)
            #expect(result.text.contains(marker), "\(shell)")
            #expect(result.text.contains("import"), "\(shell)")
        }
    }

    @Test(arguments: [(Int32(SIGINT), Int32(130)), (Int32(SIGTERM), Int32(143))])
    func anImportStoppedByASignalRollsBackAndSaysSo(signal: Int32, status: Int32) throws {
        // The store exists beforehand, so that the only write lock the import takes is
        // its transaction's, not the one that makes a new store.
        try jotter.ok("path")
        // Under a terminal, as a user would run it: the import reads what is typed.
        var environment = jotter.environment
        environment["TERM"] = "xterm"
        let session = try PseudoTerminalSession(arguments: ["import"], environment: environment)
        session.type((1...200).map { "line \($0)\r" }.joined())
        try session.expect("line 200")
        // The import holds the write lock while its transaction is open and it waits
        // for more lines: the signal comes in the middle of it.
        try waitForWriteLock(on: jotter.store)
        kill(session.pid, signal)
        #expect(try session.waitForExit() == status)
        #expect(session.text.contains("jotter: import interrupted; nothing was imported"))
        #expect(try jotter.texts().isEmpty)
    }
}

/// Streaming: an import's memory is bounded, not proportional to its input.
@Suite struct ImportMemoryTests {
    let jotter = Jotter()

    /// Peak resident memory, in KiB, of one import of `file`, as GNU time reports it.
    /// (A child started from this test process would count the test runner's own
    /// memory from before its exec in its peak.)
    func peakMemory(importing file: String) throws -> Int {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/time")
        process.arguments = ["-f", "%M", Jotter.binary, "import", file]
        process.environment = jotter.environment
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let report = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(report)")
        return try #require(report.split(separator: "\n").last.flatMap { Int($0) })
    }

    /// One entry near the 16 MiB a line may hold, of the characters the formats
    /// escape or quote (tabs, backslashes, quotes, commas, `<`, `*`, `#`) and CJK, was
    /// held several times over: listed, found, exported or in the trash, it took up to
    /// 300 MiB.
    @Test func anEntryAtTheCapStaysUnder64MiBInEveryCommand() throws {
        let cycle = "plain words tab\there back\\slash <tag> *star* 漢字かな交じり文 \"quoted\", comma, # head - dash "
        let text = "zanzibar opens " + String(repeating: cycle, count: 1_040_000 / cycle.utf8.count) + "and ends"
        let file = jotter.folder.file("long.txt")
        try text.write(toFile: file, atomically: true, encoding: .utf8)
        let imported = try jotter.peakMemory(["import", "--to", "/", file])
        #expect(imported.status == 0, "\(imported.errors)")
        #expect(imported.kibibytes < 64 * 1024, "import: \(imported.kibibytes) KiB")
        let output = jotter.folder.file("output")
        for command in [["list"], ["find", "zanzibar"], ["log", "--on", "today"], ["list", "--format", "jsonl"],
                        ["list", "--format", "tsv"], ["export", "-r", "/"], ["export", "--format", "csv"],
                        ["export", "--format", "md"], ["export", "--format", "txt"], ["export", "--format", "json"],
                        ["export", "--format", "todotxt"], ["export", "--format", "jrnl"],
                        ["export", "--format", "taskwarrior"]] {
            try Data().write(to: URL(fileURLWithPath: output))
            let run = try jotter.peakMemory(command, outputTo: output)
            #expect(run.status == 0, "\(command): \(run.errors)")
            #expect(run.kibibytes < 64 * 1024, "\(command): \(run.kibibytes) KiB")
            // The entry went out whole: both its ends, and at least all its bytes.
            let written = try Data(contentsOf: URL(fileURLWithPath: output))
            #expect(written.count >= text.utf8.count, "\(command): \(written.count) bytes")
            #expect(written.range(of: Data("zanzibar opens plain".utf8)) != nil, "\(command)")
            #expect(written.range(of: Data("- dash and ends".utf8)) != nil, "\(command)")
        }
        // The trash lists an entry's first line, here all of it.
        try jotter.ok("rm", "1")
        try Data().write(to: URL(fileURLWithPath: output))
        let trash = try jotter.peakMemory(["trash"], outputTo: output)
        #expect(trash.status == 0 && trash.kibibytes < 64 * 1024, "trash: \(trash.kibibytes) KiB")
        let written = try Data(contentsOf: URL(fileURLWithPath: output))
        #expect(written.count >= text.utf8.count && written.range(of: Data("- dash and ends".utf8)) != nil)
    }

    /// The verbs that change a 16.5 MB entry took up to 165 MiB: the undo trigger
    /// copied its text, a statement journal in memory copied the pages SQLite
    /// rewrote, the commands held the entry they had looked up and named it whole.
    /// A command started inside the entry held it whole in its place (86 MiB); an
    /// edit replacing it took 154 MiB.
    @Test func anEntryAtTheCapIsChangedByEveryVerbInUnder64MiB() throws {
        let cycle = "plain words 漢字かな交じり文 \"quoted\", # dash "
        let text = "zanzibar opens " + String(repeating: cycle, count: 1_040_000 / cycle.utf8.count) + "and ends"
        let file = jotter.folder.file("long.txt")
        try text.write(toFile: file, atomically: true, encoding: .utf8)
        try jotter.ok("import", "--to", "/", file)
        // Indexed for find, the entry's row is in the search index, whose triggers an
        // emptied trash sets off.
        try jotter.ok("find", "zanzibar")
        try jotter.ok("new", "lst")
        try jotter.ok("cd", "/")
        for command in [["done", "1"], ["undone", "1"], ["undo"], ["redo"], ["rm", "1"], ["restore", "1"],
                        ["mv", "1", "/lst"], ["undo"], ["redo"], ["mv", "/lst/1", "/"],
                        // Every command started inside the entry holds the place it starts from.
                        ["cd", "1"], ["add", "under it"], ["path"], ["cd", "/"]] {
            let run = try jotter.peakMemory(command)
            #expect(run.status == 0, "\(command): \(run.errors)")
            #expect(run.kibibytes < 64 * 1024, "\(command): \(run.kibibytes) KiB")
        }
        // Named in a message, the entry is its start.
        let removed = try jotter.peakMemory(["rm", "1"])
        #expect(removed.kibibytes < 64 * 1024, "rm: \(removed.kibibytes) KiB")
        #expect(removed.errors.hasPrefix("moved 'zanzibar opens plain words"))
        #expect(removed.errors.count < 200, "\(removed.errors.count) characters")
        let restored = try jotter.peakMemory(["restore", "1"])
        #expect(restored.kibibytes < 64 * 1024 && restored.errors.count < 200, "restore: \(restored.kibibytes) KiB")
        let listed = try jotter.run(["list", "--format", "jsonl"])
        #expect(listed.text.contains("zanzibar opens plain") && listed.text.contains("# dash and ends"))
        #expect(listed.output.count > text.utf8.count)
        try jotter.ok("rm", "1")
        let emptied = try jotter.peakMemory(["trash", "--empty", "--yes"])
        #expect(emptied.status == 0 && emptied.kibibytes < 64 * 1024, "trash --empty: \(emptied.kibibytes) KiB")
        #expect(try jotter.texts("/") == ["lst"])
        // Replaced by a short text, the entry is kept whole for undo, and taken out
        // of the search index.
        try jotter.ok("import", "--to", "/", file)
        try jotter.ok("find", "zanzibar")
        let edited = try jotter.peakMemory(["edit", "2", "short", "text"])
        #expect(edited.status == 0 && edited.kibibytes < 64 * 1024, "edit: \(edited.kibibytes) KiB")
        #expect(try jotter.texts("/") == ["lst", "short text"])
        // Undone, the edit puts the whole entry back; redone, the short text, with the
        // entry kept again for the next undo.
        for (command, isWhole) in [("undo", true), ("redo", false), ("undo", true), ("redo", false)] {
            let run = try jotter.peakMemory([command])
            #expect(run.status == 0 && run.kibibytes < 64 * 1024, "\(command): \(run.kibibytes) KiB")
            let shown = try jotter.run(["list", "--format", "jsonl"]).text
            #expect(shown.contains("zanzibar opens plain") == isWhole && shown.contains("# dash and ends") == isWhole,
                    "after \(command)")
            #expect(shown.contains("\"short text\"") != isWhole, "after \(command)")
        }
    }

    /// Hooks are told the whole text on their input. A store with hooks read each
    /// item whole for them and built its JSON whole beside it: 95 MiB for `done` and
    /// `rm` on a 16.5 MB entry, 121 MiB for an import with `--hooks`.
    @Test func hooksAreToldAnEntryAtTheCapWholeInUnder64MiB() throws {
        let cycle = "plain words 漢字かな交じり文 \"quoted\", back\\slash\ttab \u{202E}over # dash "
        let text = "zanzibar opens " + String(repeating: cycle, count: 1_040_000 / cycle.utf8.count) + "and ends"
        let file = jotter.folder.file("long.txt")
        try text.write(toFile: file, atomically: true, encoding: .utf8)
        for timing in ["before", "after"] {
            for event in ["add", "done", "rm"] {
                let saved = jotter.folder.file("\(timing)-\(event).json")
                // Past the default five seconds: on a loaded machine, `cat` taking 16.5 MB
                // through a pipe while a debug jotter writes its JSON took longer.
                try jotter.ok("hook", "add", timing, "cat > '\(saved)'", "--on", event, "--timeout", "600")
            }
        }
        for command in [["import", "--hooks", "--to", "/", file], ["done", "1"], ["rm", "1"]] {
            let run = try jotter.peakMemory(command)
            #expect(run.status == 0 && run.kibibytes < 64 * 1024, "\(command): \(run.kibibytes) KiB, \(run.errors)")
        }
        for timing in ["before", "after"] {
            for event in ["add", "done", "rm"] {
                let saved = try Data(contentsOf: URL(fileURLWithPath: jotter.folder.file("\(timing)-\(event).json")))
                let entry = try JSONSerialization.jsonObject(with: saved) as? [String: Any]
                #expect(entry?["text"] as? String == text, "\(timing) \(event): \(saved.count) bytes")
            }
        }
    }

    /// A line piped to jotter is an entry: SQLite copied a 16.5 MB one to bind it,
    /// beside the line read and the row it built (71 MiB).
    @Test func aLineAtTheCapPipedInIsAddedInUnder64MiB() throws {
        let cycle = "plain words 漢字かな交じり文 \"quoted\", # dash "
        let text = "zanzibar opens " + String(repeating: cycle, count: 1_040_000 / cycle.utf8.count) + "and ends"
        let file = jotter.folder.file("long.txt")
        try (text + "\n").write(toFile: file, atomically: true, encoding: .utf8)
        try jotter.ok("add", "first")
        let run = try jotter.peakMemory([], inputFrom: file)
        #expect(run.status == 0 && run.kibibytes < 64 * 1024, "\(run.kibibytes) KiB, \(run.errors)")
        let listed = try jotter.run(["list", "--format", "jsonl"]).text
        #expect(listed.contains("\"text\":\"zanzibar opens plain") && listed.contains("# dash and ends\""))
    }

    /// A jsonl record's 16 MB text holding a quote or a tab: the JSON decoder made a
    /// string of each run between escapes and appended it to the text, held a third
    /// time beside the line and the text (68 MiB).
    @Test(arguments: ["a \\\"quoted\\\" word", "a\\ttab"])
    func aJSONLineAtTheCapWithEscapesIsImportedWholeInUnder64MiB(start: String) throws {
        let cycle = "plain words here and there 漢字 more words "
        let rest = String(repeating: cycle, count: 1_040_000 / cycle.utf8.count) + "and ends"
        let file = jotter.folder.file("long.jsonl")
        try ("{\"kind\":\"item\",\"text\":\"" + start + " " + rest + "\",\"fields\":{}}\n")
            .write(toFile: file, atomically: true, encoding: .utf8)
        let run = try jotter.peakMemory(["import", "--format", "jsonl", file])
        #expect(run.status == 0 && run.kibibytes < 64 * 1024, "\(run.kibibytes) KiB, \(run.errors)")
        let unescaped = start.replacingOccurrences(of: "\\\"", with: "\"").replacingOccurrences(of: "\\t", with: "\t")
        #expect(try jotter.texts() == [unescaped + " " + rest])
    }

    /// `edit` through the editor held the entry, the file read back twice over, and
    /// SQLite's copies of the new text to compare and bind it: 136 MiB to put 16.5 MB
    /// in place of a short entry, 101 MiB when the editor left the long one as it was.
    @Test(arguments: [("2", "the short entry given the long text"), ("1", "the long entry left as it was")])
    func anEditorLeavingAnEntryAtTheCapIsSavedInUnder64MiB(target: String, what: String) throws {
        let cycle = "plain words 漢字かな交じり文 \"quoted\", # dash "
        let text = "zanzibar opens " + String(repeating: cycle, count: 1_040_000 / cycle.utf8.count) + "and ends"
        let file = jotter.folder.file("long.txt")
        try (text + "\n").write(toFile: file, atomically: true, encoding: .utf8)
        try jotter.ok("import", "--to", "/", file)
        try jotter.ok("add", "short")
        let editor = jotter.folder.file("editor")
        try "#!/bin/sh\ncp '\(file)' \"$1\"\n".write(toFile: editor, atomically: true, encoding: .utf8)
        #expect(chmod(editor, 0o700) == 0)
        let run = try jotter.peakMemory(["edit", target], extraEnvironment: ["EDITOR": editor])
        #expect(run.status == 0 && run.kibibytes < 64 * 1024, "\(what): \(run.kibibytes) KiB, \(run.errors)")
        let listed = try jotter.run(["list", "--format", "jsonl"]).lines
        let long = listed.filter { $0.contains("\"text\":\"zanzibar opens plain") && $0.contains("# dash and ends\"") }
        #expect(listed.count == 2 && long.count == (target == "2" ? 2 : 1), "\(what)")
    }

    /// An editor that turns a 16.5 MB entry into another text of that size: 90 MiB to
    /// save it, 104 MiB to undo or redo it. The old text was copied for undo (read
    /// whole, then built whole into its row) while the new one was held, the rewrite
    /// read the old text for the search index's and undo's triggers beside the new
    /// row, and its statement journal, in memory, copied every page of the old text
    /// as SQLite zeroed it (`secure_delete`). Each text is whole afterwards, and
    /// found by its own words.
    @Test func anEditorTurningAnEntryAtTheCapIntoAnotherIsSavedUndoneAndRedoneInUnder64MiB() throws {
        try jotter.editAnEntryAtTheCapIntoAnotherThenUndoAndRedo()
    }

    /// An import that gives a 16.5 MB entry a text of 16 MB under its id (a 16.5 MB
    /// one, escaped, would make a line longer than the 16 MiB a line may hold) took
    /// 159 MiB: the entry was read whole to compare its text with the record's, the
    /// record's text was held beside the line it came from and bound with a copy, and
    /// the row was rewritten at once, id and all, the old text kept for undo inside
    /// the rewrite. Undone, the longer text back in place of the shorter took 71 MiB,
    /// as glibc kept a freed 16 MB block in its heap. After each step the entry holds
    /// the one text whole, found by its own words and not by the other's.
    @Test(arguments: ["jsonl", "csv"])
    func anImportReplacingAnEntryAtTheCapWithAnotherIsMadeUndoneAndRedoneInUnder64MiB(format: String) throws {
        try jotter.importReplacingAnEntryAtTheCapWithAnotherThenUndoAndRedo(format: format)
    }

    /// Undo and redo of an import that replaced 500,000 entries swapped their rows
    /// with statements that each read and wrote one table, which SQLite gathers
    /// whole in memory first: 76 MiB for the undo, 62-64 MiB for the redo. After
    /// each, the store exports as it did before the import, or after it, byte for byte.
    @Test func anImportThatReplacedHalfAMillionEntriesIsUndoneAndRedoneInUnder64MiB() throws {
        try jotter.ok("import", "--to", "/", try lines(500_000, into: "many.txt"))
        let before = try jotter.run(["export", "-r", "/"]).output
        let replacing = String(decoding: before, as: UTF8.self)
            .replacingOccurrences(of: "\"text\":\"entry number ", with: "\"text\":\"replaced entry ")
        let file = jotter.folder.file("replacing.jsonl")
        try replacing.write(toFile: file, atomically: true, encoding: .utf8)
        let replaced = try jotter.run(["import", "--on-conflict", "replace", file])
        #expect(replaced.errors == "jotter: imported 0 entries (500000 replaced) into /\n")
        let after = try jotter.run(["export", "-r", "/"]).output
        #expect(after != before)
        for (command, expected) in [("undo", before), ("redo", after), ("undo", before)] {
            let run = try jotter.peakMemory([command])
            #expect(run.status == 0 && run.kibibytes < 64 * 1024, "\(command): \(run.kibibytes) KiB, \(run.errors)")
            #expect(try jotter.run(["export", "-r", "/"]).output == expected, "after \(command)")
        }
        try jotter.ok("check")
    }

    func lines(_ count: Int, into name: String) throws -> String {
        let path = jotter.folder.file(name)
        try (1...count).map { "entry number \($0) with a few words" }.joined(separator: "\n")
            .write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test func thirtyTimesTheInputNeedsNoMoreThanThePageCacheMore() throws {
        let small = try peakMemory(importing: try lines(10_000, into: "small.txt"))
        let large = try peakMemory(importing: try lines(300_000, into: "large.txt"))
        // SQLite's page cache for an import is capped at 8 MiB; the rest must not grow.
        #expect(large - small < 12 * 1024, "10,000 lines: \(small) KiB; 300,000 lines: \(large) KiB")
    }

    @Test func aLongImportShowsProgressOnATerminal() throws {
        // Lines come through a named pipe, a batch at a time, until the progress line
        // shows: the import lasts as long as it takes to pass the half second after
        // which progress shows, however fast or loaded the machine.
        let pipe = jotter.folder.file("progress.txt")
        #expect(mkfifo(pipe, 0o600) == 0)
        var environment = jotter.environment
        environment["TERM"] = "xterm"
        let session = try PseudoTerminalSession(arguments: ["import", pipe], environment: environment)
        let writer = try #require(FileHandle(forWritingAtPath: pipe))
        let batch = (1...1_000).map { "entry number \($0)\n" }.joined()
        var written = 0
        repeat {
            writer.write(Data(batch.utf8))
            written += 1_000
        } while !session.shows("importing: ", waitingUpTo: 0.1) && written < 1_000_000
        try writer.close()
        #expect(try session.waitForExit() == 0)
        #expect(session.text.contains("importing: "))
        #expect(session.text.contains("lines read"))
        #expect(session.text.hasSuffix("jotter: imported \(written) entries into /\r\n"))
    }
}
