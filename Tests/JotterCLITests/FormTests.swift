import Foundation
import JotterCore
import Testing

/// Forms end to end: fields declared one-shot and at the prompt, walked under a real
/// pseudo-terminal, entered inline, listed, totalled.
@Suite struct FormTests {
    let jotter = Jotter()

    func expensesWithThreeFields() throws {
        try jotter.ok("new", "expenses")
        try jotter.ok("field", "add", "price", "decimal", "--required")
        try jotter.ok("field", "add", "due", "date")
        try jotter.ok("field", "add", "mood", "choice", "good,ok,bad")
    }

    func fields(of entry: [String: Any]) -> [String: String] {
        entry["fields"] as? [String: String] ?? [:]
    }

    @Test func aThreeFieldFormIsWalkedAndAFailedValueIsCorrectedInPlace() throws {
        try expensesWithThreeFields()
        let prompt = try jotter.prompt(expecting: "/expenses › ")
        prompt.type("coffee\r")
        try prompt.expect("/expenses › price: ")
        prompt.type("3.5.1\r")
        try prompt.expect("price: '3.5.1' is not a valid decimal number")
        // The typed text is back in the line: delete the last two characters and go on.
        try prompt.expect("/expenses › price: 3.5.1")
        prompt.type("\u{7f}\u{7f}\r")
        try prompt.expect("/expenses › due: ")
        #expect(try jotter.texts("/expenses").isEmpty, "nothing is written before the item is complete")
        prompt.type("2026-02-30\r")
        try prompt.expect("is not a valid date")
        try prompt.expect("/expenses › due: 2026-02-30")
        prompt.type("\u{15}2026-02-28\r")
        try prompt.expect("/expenses › mood (good, ok, bad): ")
        prompt.type("OK\r")
        try prompt.expect("/expenses › ")
        let entries = try jotter.entries("/expenses")
        #expect(entries.map { $0["text"] as? String } == ["coffee"])
        #expect(fields(of: entries[0]) == ["price": "3.5", "due": "2026-02-28", "mood": "ok"])
        prompt.type("\u{4}")
        #expect(try prompt.waitForExit() == 0)
    }

    @Test func aFieldAddedFromAnotherShellIsAskedForAtTheNextCommit() throws {
        try jotter.ok("new", "expenses")
        try jotter.ok("field", "add", "price", "decimal")
        let prompt = try jotter.prompt(expecting: "/expenses › ")
        try jotter.ok("field", "add", "extra", "text", "--required", "--in", "/expenses")
        prompt.type("coffee price:3\r")
        try prompt.expect("the fields of /expenses changed meanwhile; the entry was not added")
        try prompt.expect("/expenses › coffee price:3")
        prompt.type("\r")
        try prompt.expect("/expenses › extra: ")
        prompt.type("receipt 12\r")
        try prompt.expect("/expenses › ")
        let entries = try jotter.entries("/expenses")
        #expect(entries.map { $0["text"] as? String } == ["coffee"])
        #expect(fields(of: entries[0]) == ["price": "3", "extra": "receipt 12"])
        prompt.type("\u{4}")
        #expect(try prompt.waitForExit() == 0)
    }

    @Test func aFieldAddedElsewhereLeavesTheEntryAsItIs() throws {
        try jotter.ok("new", "expenses")
        try jotter.ok("cd", "/")
        try jotter.ok("new", "other")
        let prompt = try jotter.prompt(expecting: "/other › ")
        try jotter.ok("field", "add", "price", "decimal", "--required", "--in", "/expenses")
        prompt.type("kept\r")
        try prompt.expect("/other › ")
        #expect(try jotter.texts("/other") == ["kept"])
        prompt.type("\u{4}")
        #expect(try prompt.waitForExit() == 0)
        #expect(!prompt.text.contains("changed meanwhile"))
    }

    /// A draft kept at a place later deleted for good could come back nowhere: it
    /// stayed in the store, never shown nor removed.
    @Test func aDraftKeptAtAPlaceDeletedForGoodComesBackAtTheNextPrompt() throws {
        try jotter.ok("new", "trip")
        let prompt = try jotter.prompt(expecting: "/trip › ")
        prompt.type("pack the tent")
        try prompt.expect("pack the tent")
        kill(prompt.pid, SIGHUP)
        #expect(try prompt.waitForExit() == 128 + SIGHUP)
        try jotter.ok("rm", "/trip")
        try jotter.ok("trash", "--empty", "--yes")

        let again = try jotter.prompt(expecting: "/ › ")
        try again.expect("pack the tent")
        #expect(again.text.contains("what was being entered at a place since deleted for good, when the prompt was ended, is back in the line here"))
        again.type("\r")
        try again.expect("/ › ")
        again.type("\u{4}")
        #expect(try again.waitForExit() == 0)
        #expect(try jotter.texts() == ["pack the tent"])
    }

    @Test(arguments: [SIGTERM, SIGHUP])
    func aSignalInTheMiddleOfAFormKeepsItAsADraft(signal: Int32) throws {
        try expensesWithThreeFields()
        let prompt = try jotter.prompt(expecting: "/expenses › ")
        prompt.type("coffee\r")
        try prompt.expect("/expenses › price: ")
        prompt.type("3.50\r")
        try prompt.expect("/expenses › due: ")
        prompt.type("2026-02-2")
        try prompt.expect("2026-02-2")
        kill(prompt.pid, signal)
        #expect(try prompt.waitForExit() == 128 + signal)
        #expect(try jotter.texts("/expenses").isEmpty)

        let again = try jotter.prompt(expecting: "/expenses › ")
        try again.expect("coffee price:3.50 due:2026-02-2")
        #expect(again.text.contains("what was being entered here when the prompt was ended is back in the line"))
        // As any line with values inline: the fields not given are not asked for.
        again.type("8\r")
        try again.expect("/expenses › ")
        let entries = try jotter.entries("/expenses")
        #expect(entries.map { $0["text"] as? String } == ["coffee"])
        #expect(fields(of: entries[0]) == ["price": "3.5", "due": "2026-02-28"])
        again.type("\u{4}")
        #expect(try again.waitForExit() == 0)

        let third = try jotter.prompt(expecting: "/expenses › ")
        third.type("\u{4}")
        #expect(try third.waitForExit() == 0)
        #expect(!third.text.contains("back in the line"), "a draft comes back once")
    }

    /// Closing a session closes every terminal at once: two prompts at one place kept
    /// their drafts under one name, and the second replaced the first.
    @Test func twoPromptsEndedAtOnePlaceKeepBothDrafts() throws {
        let first = try jotter.prompt()
        let second = try jotter.prompt()
        first.type("typed in the first")
        try first.expect("typed in the first")
        second.type("typed in the second")
        try second.expect("typed in the second")
        for prompt in [first, second] {
            kill(prompt.pid, SIGHUP)
            #expect(try prompt.waitForExit() == 128 + SIGHUP)
        }
        for _ in 1...2 {
            let again = try jotter.prompt()
            try again.expect("typed in the ")
            #expect(again.text.contains("back in the line"))
            again.type("\r")
            try again.expect("/ › ")
            again.type("\u{4}")
            #expect(try again.waitForExit() == 0)
        }
        #expect(try jotter.texts().sorted() == ["typed in the first", "typed in the second"])
        let third = try jotter.prompt()
        third.type("\u{4}")
        #expect(try third.waitForExit() == 0)
        #expect(!third.text.contains("back in the line"), "each draft comes back once")
    }

    @Test func aSignalInABlockOfSeveralLinesKeepsThemAsADraft() throws {
        let prompt = try jotter.prompt()
        prompt.type("\"\"\"\r")
        try prompt.expect("/ › line 1: ")
        prompt.type("first line\r")
        try prompt.expect("/ › line 2: ")
        prompt.type("second li")
        try prompt.expect("second li")
        kill(prompt.pid, SIGHUP)
        #expect(try prompt.waitForExit() == 128 + SIGHUP)

        let again = try jotter.prompt()
        try again.expect("second li")
        #expect(again.text.contains("back in the line"))
        again.type("ne\r")
        try again.expect("/ › ")
        #expect(try jotter.texts() == ["first line\nsecond line"])
        again.type("\u{4}")
        #expect(try again.waitForExit() == 0)
    }

    @Test func shiftTabGoesBackAFieldAndCtrlCDropsTheItem() throws {
        try expensesWithThreeFields()
        let prompt = try jotter.prompt(expecting: "/expenses › ")
        prompt.type("tea\r")
        try prompt.expect("/expenses › price: ")
        prompt.type("2\r")
        try prompt.expect("/expenses › due: ")
        prompt.type("\u{1B}[Z")
        try prompt.expect("/expenses › price: 2")
        prompt.type("\u{7f}2.40\r")
        try prompt.expect("/expenses › due: ")
        prompt.type("\r")
        try prompt.expect("/expenses › mood (good, ok, bad): ")
        prompt.type("\r")
        try prompt.expect("/expenses › ")
        prompt.type("cake\r")
        try prompt.expect("/expenses › price: ")
        prompt.type("\u{3}")
        try prompt.expect("/expenses › ")
        prompt.type("\u{4}")
        #expect(try prompt.waitForExit() == 0)
        let entries = try jotter.entries("/expenses")
        #expect(entries.map { $0["text"] as? String } == ["tea"])
        #expect(fields(of: entries[0]) == ["price": "2.4"])
    }

    /// The value Shift-Tab brings back is offered as a selection: typing replaces it
    /// (typing 14.20 over 12 stored 1214.2), Enter keeps it.
    @Test func typingOverAValueShiftTabBroughtBackReplacesIt() throws {
        try expensesWithThreeFields()
        let prompt = try jotter.prompt(expecting: "/expenses › ")
        prompt.type("lunch\r")
        try prompt.expect("/expenses › price: ")
        prompt.type("12\r")
        try prompt.expect("/expenses › due: ")
        prompt.type("\u{1B}[Z")
        try prompt.expect("/expenses › price: 12")
        prompt.type("14.20\r")
        try prompt.expect("/expenses › due: ")
        prompt.type("\u{1B}[Z")
        try prompt.expect("/expenses › price: 14.20")
        prompt.type("\r")
        try prompt.expect("/expenses › due: ")
        prompt.type("\r")
        try prompt.expect("/expenses › mood (good, ok, bad): ")
        prompt.type("\r")
        try prompt.expect("/expenses › ")
        prompt.type("\u{4}")
        #expect(try prompt.waitForExit() == 0)
        #expect(fields(of: try jotter.entries("/expenses")[0]) == ["price": "14.2"])
    }

    @Test func inlineFieldsCommitOnOneLine() throws {
        try expensesWithThreeFields()
        let prompt = try jotter.prompt(expecting: "/expenses › ")
        prompt.type("flat white price:3.80 mood:good see http://x\r")
        try prompt.expect("/expenses › ")
        prompt.type("\u{4}")
        _ = try prompt.waitForExit()
        let entries = try jotter.entries("/expenses")
        #expect(entries.map { $0["text"] as? String } == ["flat white see http://x"])
        #expect(fields(of: entries[0]) == ["price": "3.8", "mood": "good"])
    }

    @Test func pastedLinesAreItemsNotValuesOfTheFirst() throws {
        try jotter.ok("new", "costs")
        try jotter.ok("field", "add", "price", "decimal", "--required")
        let prompt = try jotter.prompt(expecting: "/costs › ")
        prompt.paste("milk price:1\nbread\nbutter price:3\n")
        try prompt.expect("not added: bread: price is required here; give it as price:VALUE")
        // Ctrl-D only once the last line is in: typed ahead between two lines, it
        // would be the kernel's end-of-file rather than a key for the prompt.
        try prompt.expect("butter price:3\r\n")
        try prompt.expect("/costs › ")
        prompt.type("\u{4}")
        _ = try prompt.waitForExit()
        #expect(try jotter.texts("/costs") == ["milk", "butter"])
    }

    @Test func aMultiLineEntryIsOneItem() throws {
        let prompt = try jotter.prompt()
        prompt.type("\"\"\"\r")
        try prompt.expect("/ › line 1: ")
        prompt.type("first\r")
        try prompt.expect("/ › line 2: ")
        prompt.type("  second\r")
        try prompt.expect("/ › line 3: ")
        prompt.type("\r")
        try prompt.expect("/ › line 4: ")
        prompt.type("\"\"\"\r")
        try prompt.expect("/ › ")
        prompt.type("after\r")
        try prompt.expect("/ › ")
        prompt.type("\u{4}")
        _ = try prompt.waitForExit()
        #expect(try jotter.texts("/") == ["first\n  second", "after"])
    }

    @Test func inALineLimitedListEnterOnTheLastLineCommits() throws {
        try jotter.ok("new", "addresses")
        let prompt = try jotter.prompt(expecting: "/addresses › ")
        prompt.type(":set lines 3\r")
        try prompt.expect("/addresses › ")
        prompt.type("Ada Lovelace\r")
        try prompt.expect("/addresses › line 2/3: ")
        prompt.type("St James's Square\r")
        try prompt.expect("/addresses › line 3/3: ")
        prompt.type("London\r")
        try prompt.expect("/addresses › ")
        prompt.type("short\r")
        try prompt.expect("/addresses › line 2/3: ")
        prompt.type("\r")
        try prompt.expect("/addresses › ")
        prompt.type("\u{4}")
        _ = try prompt.waitForExit()
        #expect(try jotter.texts("/addresses") == ["Ada Lovelace\nSt James's Square\nLondon", "short"])
    }

    @Test func fieldsAreDeclaredListedAndRemovedOneShot() throws {
        try jotter.ok("new", "log")
        try jotter.ok("field", "add", "mood", "choice", "good, ok ,bad", "--required")
        try jotter.ok("field", "add", "note", "text", "--inherit")
        #expect(try jotter.ok("field", "ls") == "mood\tchoice good,ok,bad, required\nnote\ttext, inherited below\n")
        try jotter.ok("new", "week")
        #expect(try jotter.ok("field", "ls") == "note\ttext, inherited below (from above)\n")
        try jotter.ok("field", "rm", "mood", "--in", "/log")
        #expect(try jotter.ok("field", "ls", "/log") == "note\ttext, inherited below\n")

        let twice = try jotter.run(["field", "add", "note", "text", "--in", "/log"])
        #expect(twice.status == 1)
        #expect(twice.errors == "jotter: this place already has a field named note\n")
        let badType = try jotter.run(["field", "add", "x", "number"])
        #expect(badType.errors == "jotter: unknown field type 'number'; use text, decimal, date or choice\n")
        let noChoices = try jotter.run(["field", "add", "x", "choice"])
        #expect(noChoices.errors.contains("a choice field needs its choices"))
        let badName = try jotter.run(["field", "add", "a:b", "text"])
        #expect(badName.errors == "jotter: a field name cannot hold white space or any of : \" = { }\n")
        let missing = try jotter.run(["field", "rm", "nothing"])
        #expect(missing.status == 1)
    }

    @Test func oneShotAddFillsFieldsInlineAndRefusesWhatIsIncomplete() throws {
        try expensesWithThreeFields()
        let id = try jotter.ok("add", "--to", "/expenses", "coffee", "price:3.50", "due:2026-11-22")
        #expect(!id.isEmpty)
        let entries = try jotter.entries("/expenses")
        #expect(fields(of: entries[0]) == ["price": "3.5", "due": "2026-11-22"])

        try jotter.ok("field", "add", "note", "text", "--in", "/expenses")
        try jotter.ok("add", "--to", "/expenses", "tea", "price:2", "note:two words", #"note2:"x""#)
        #expect(fields(of: try jotter.entries("/expenses")[1]) == ["price": "2", "note": "two words"])
        #expect(try jotter.texts("/expenses")[1] == #"tea note2:"x""#)

        let missing = try jotter.run(["add", "--to", "/expenses", "bun"])
        #expect(missing.status == 1)
        #expect(missing.errors == "jotter: price is required here; give it as price:VALUE\n")
        let invalid = try jotter.run(["add", "--to", "/expenses", "bun", "price:1e3"])
        #expect(invalid.status == 1)
        #expect(invalid.errors.hasPrefix("jotter: price: '1e3' is not a valid decimal number: "))
        #expect(try jotter.texts("/expenses").count == 2, "a refused entry leaves the store as it was")
    }

    @Test func decimalsAreTotalledExactly() throws {
        try jotter.ok("new", "costs")
        try jotter.ok("field", "add", "price", "decimal")
        for price in ["0.1", "0.2", "1,000.05", "-0.35", "00.000"] {
            try jotter.ok("add", "item", "price:\(price)")
        }
        try jotter.ok("add", "free")
        #expect(try jotter.ok("sum", "price") == "price: 1000 (5 items)\n", "as :sum and list --sum show it")
        let listing = try jotter.ok("list", "--sum", "price")
        #expect(listing.hasSuffix("\nprice: 1000 (5 items)\n"))
        #expect(listing.contains("item  price:1000.05\n"))
        let json = try jotter.run(["list", "--sum", "price", "--format", "json"])
        #expect(json.status == 1)
        let typo = try jotter.run(["sum", "pirce"])
        #expect(typo.status == 1)
        #expect(typo.errors == "jotter: no field named pirce at /costs; field ls shows its fields\n")
    }

    @Test func pipedLinesFillFieldsAndReportTheLinesThatCannot() throws {
        try jotter.ok("new", "costs")
        try jotter.ok("field", "add", "price", "decimal", "--required")
        let result = try jotter.run([], input: Data("bus price:2.10\nbus\ntrain price:x\n".utf8))
        #expect(result.status == 1)
        #expect(result.errors.contains("stdin:2: price is required here; give it as price:VALUE; the line was not added"))
        #expect(result.errors.contains("stdin:3: price: 'x' is not a valid decimal number"))
        let entries = try jotter.entries("/costs")
        #expect(entries.map { $0["text"] as? String } == ["bus"])
        #expect(fields(of: entries[0]) == ["price": "2.1"])
    }
}
