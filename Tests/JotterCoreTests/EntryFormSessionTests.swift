@testable import JotterApplication
@testable import JotterCore
import Testing

/// The prompt walking a form, with no terminal: the item's text, then each field.
@Suite struct EntryFormSessionTests {
    let expenses = NavigationPath(nodes: [
        Node(seq: 1, id: NodeID("01a201e5-1d39-7656-9289-ca0ccba8f959")!, kind: .list, text: "expenses",
             parentSeq: nil, created: Timestamp(milliseconds: 0, offsetSeconds: 0), updatedMilliseconds: 0),
    ])
    let form = EntryForm(fields: [
        Field(name: "price", kind: .decimal, isRequired: true),
        Field(name: "due", kind: .date),
        Field(name: "mood", kind: .choice(["good", "ok", "bad"])),
    ])
    static let sunday = try! FieldDate(year: 2026, month: 11, day: 22)

    func session(_ form: EntryForm? = nil) -> EntrySession {
        EntrySession(path: expenses, form: form ?? self.form, today: { Self.sunday })
    }

    func commit(_ text: String, _ fields: [(String, String)], history: String?) -> EntrySession.Effect {
        .commit(text: text, fields: fields.map { FieldValue(name: $0.0, value: $0.1) }, under: expenses, historyLine: history)
    }

    @Test func fieldsAreWalkedInOrderAndTheLastEnterCommitsTheWholeItem() {
        var session = session()
        #expect(session.handle(.submitted("coffee")).isEmpty)
        #expect(session.prompt == "/expenses › price: ")
        #expect(session.handle(.submitted("3.50")).isEmpty)
        #expect(session.prompt == "/expenses › due: ")
        #expect(session.handle(.submitted("tomorrow")).isEmpty)
        #expect(session.prompt == "/expenses › mood (good, ok, bad): ")
        #expect(session.handle(.submitted("Good")) ==
            [commit("coffee", [("price", "3.5"), ("due", "2026-11-23"), ("mood", "good")], history: "coffee")])
        #expect(session.prompt == "/expenses › ")
        #expect(!session.isAskingForField)
    }

    @Test func aSignalKeepsTheItemBeingWalkedWithTheValueBeingTyped() {
        var session = session()
        #expect(session.handle(.submitted("coffee")).isEmpty)
        #expect(session.handle(.submitted("3.50")).isEmpty)
        #expect(session.handle(.ended(typed: "tomor")) == [.keepDraft("coffee price:3.50 due:tomor", at: expenses), .finish])
        #expect(session.isFinished)
    }

    @Test func aSignalKeepsTheLinesOfABlockAndNothingWhenNothingWasTyped() {
        var block = session(.plain)
        #expect(block.handle(.submitted("\"\"\"")).isEmpty)
        #expect(block.handle(.submitted("first")).isEmpty)
        #expect(block.handle(.ended(typed: "sec")) == [.keepDraft("first\nsec", at: expenses), .finish])
        var empty = session()
        #expect(empty.handle(.ended(typed: "  ")) == [.finish])
    }

    @Test func aHookRefusalNamingAFieldGoesBackToThatFieldAloneWithItsValue() {
        var session = session()
        _ = session.handle(.submitted("coffee"))
        _ = session.handle(.submitted("3.50"))
        _ = session.handle(.submitted(""))
        #expect(session.handle(.submitted("ok")) == [commit("coffee", [("price", "3.5"), ("mood", "ok")], history: "coffee")])
        #expect(session.handle(.entryRefused(notice: "hook /expenses: too dear", field: "price"))
            == [.notice("hook /expenses: too dear"), .prefill("3.50")])
        #expect(session.prompt == "/expenses › price: ")
        #expect(session.handle(.submitted("2")) == [commit("coffee", [("price", "2"), ("mood", "ok")], history: "coffee")])
    }

    @Test func aHookRefusalWithoutAFieldOfTheFormPutsTheLineBack() {
        for field in [nil, "colour"] {
            var session = session()
            _ = session.handle(.submitted("tea price:2"))
            _ = session.handle(.submitted(""))
            _ = session.handle(.submitted(""))
            #expect(session.handle(.entryRefused(notice: "hook /expenses: no", field: field))
                == [.notice("hook /expenses: no"), .prefill("tea price:2")])
            #expect(session.prompt == "/expenses › ")
        }
    }

    @Test func anEmptyOptionalFieldIsSkipped() {
        var session = session()
        _ = session.handle(.submitted("tea"))
        _ = session.handle(.submitted("2"))
        #expect(session.handle(.submitted("")).isEmpty)
        #expect(session.handle(.submitted("  ")) == [commit("tea", [("price", "2")], history: "tea")])
    }

    @Test func anEmptyRequiredFieldIsAskedAgain() {
        var session = session()
        _ = session.handle(.submitted("tea"))
        let effects = session.handle(.submitted(""))
        #expect(effects.count == 1)
        guard case .notice(let message) = effects.first else { Issue.record("no notice"); return }
        #expect(message.hasPrefix("price is required"))
        #expect(session.prompt == "/expenses › price: ")
    }

    @Test func anInvalidValueStaysAtItsFieldWithTheTypedTextInTheLine() {
        var session = session()
        _ = session.handle(.submitted("coffee"))
        let effects = session.handle(.submitted("3.5.1"))
        #expect(effects.count == 2)
        guard case .notice(let message) = effects.first else { Issue.record("no notice"); return }
        #expect(message.hasPrefix("price: '3.5.1' is not a valid decimal number: "))
        #expect(effects.last == .prefill("3.5.1"))
        #expect(session.prompt == "/expenses › price: ")
        #expect(session.handle(.submitted("3.5")).isEmpty)
        #expect(session.prompt == "/expenses › due: ")
    }

    @Test func aChoiceNotInTheListIsRefusedNamingTheChoices() {
        var session = session()
        _ = session.handle(.submitted("coffee"))
        _ = session.handle(.submitted("1"))
        _ = session.handle(.submitted(""))
        let effects = session.handle(.submitted("great"))
        #expect(effects.first == .notice("mood: 'great' is not a valid choice: choose one of good, ok, bad"))
        #expect(effects.last == .prefill("great"))
    }

    @Test func backGoesToThePreviousFieldWithItsValueAndForwardKeepsWhatWasTyped() {
        var session = session()
        _ = session.handle(.submitted("coffee"))
        _ = session.handle(.submitted("3.50"))
        // Offered as a selection: typing replaces it, Enter keeps it.
        #expect(session.handle(.back(typed: "tom")) == [.offer("3.50")])
        #expect(session.prompt == "/expenses › price: ")
        #expect(session.handle(.submitted("4")) == [.prefill("tom")])
        #expect(session.prompt == "/expenses › due: ")
    }

    @Test func backFromTheFirstFieldPutsTheWholeItemInTheLine() {
        var session = session()
        _ = session.handle(.submitted("coffee"))
        _ = session.handle(.submitted("3.50"))
        _ = session.handle(.back(typed: "2026-13-01"))
        #expect(session.handle(.back(typed: "")) == [.prefill("coffee price:3.50 due:2026-13-01")])
        #expect(session.prompt == "/expenses › ")
        let effects = session.handle(.submitted("espresso price:3.50 due:2026-13-01"))
        #expect(effects.last == .prefill("2026-13-01"))
        #expect(session.prompt == "/expenses › due: ")
        #expect(session.handle(.submitted("today")) ==
            [commit("espresso", [("price", "3.5"), ("due", "2026-11-22")], history: "espresso price:3.50 due:2026-13-01")])
    }

    @Test func aRequiredFieldIsAskedForEvenWhenALaterInlineValueFailed() {
        var session = session()
        let effects = session.handle(.submitted("bagel due:2026-02-30"))
        #expect(effects.isEmpty)
        #expect(session.prompt == "/expenses › price: ")
        let next = session.handle(.submitted("2"))
        #expect(next.first == .notice("due: '2026-02-30' is not a valid date: 2026 has no February 30"))
        #expect(next.last == .prefill("2026-02-30"))
        #expect(session.handle(.submitted("tomorrow")) ==
            [commit("bagel", [("price", "2"), ("due", "2026-11-23")], history: "bagel due:2026-02-30")])
    }

    @Test func valuesWithQuotesAndBackslashesComeBackWhole() {
        let form = EntryForm(fields: [Field(name: "note", kind: .text), Field(name: "path", kind: .text)])
        let values = [FieldValue(name: "note", value: "say \"hi\" now"), FieldValue(name: "path", value: "C:\\dir x\\")]
        let line = "tea " + FieldValue.inlineWords(values)
        let fill = form.fill(line, today: Self.sunday)
        #expect(fill.text == "tea")
        #expect(fill.values == [0: "say \"hi\" now", 1: "C:\\dir x\\"])
    }

    @Test func pastedLinesAreWholeItemsWithTheirFieldsInline() {
        var session = session()
        #expect(session.handle(.pasted("bus price:2")) == [commit("bus", [("price", "2")], history: nil)])
        #expect(session.handle(.pasted("milk")) ==
            [.notice("not added: milk: price is required here; give it as price:VALUE")])
        #expect(session.prompt == "/expenses › ")
        // A pasted command line is an item's text, and needs its required fields too.
        #expect(session.handle(.pasted(":help")) ==
            [.notice("not added: :help: price is required here; give it as price:VALUE")])
        #expect(session.handle(.pasted(":help price:1")) == [commit(":help", [("price", "1")], history: nil)])
        // The line typed last walks the form as usual.
        #expect(session.handle(.submitted("tram")).isEmpty)
        #expect(session.prompt == "/expenses › price: ")
    }

    @Test func backInATextBoxKeepsWhatIsInTheLine() {
        var session = EntrySession(path: expenses, form: EntryForm(lineLimit: 3))
        _ = session.handle(.submitted("alpha"))
        #expect(session.handle(.back(typed: "beta")) == [.prefill("beta")])
        #expect(session.prompt == "/expenses › line 2/3: ")
        #expect(session.handle(.back(typed: "")) == [.prefill("alpha")])
        #expect(session.prompt == "/expenses › ")
    }

    @Test func backCanBeTypedAsACommand() {
        var session = session()
        _ = session.handle(.submitted("coffee"))
        _ = session.handle(.submitted("3"))
        #expect(session.handle(.submitted(":back")) == [.offer("3")])
        #expect(session.prompt == "/expenses › price: ")
    }

    @Test func otherCommandsRunWithoutLeavingTheField() {
        var session = session()
        _ = session.handle(.submitted("coffee"))
        #expect(session.handle(.submitted(":help")) == [.runCommand("help", historyLine: ":help")])
        #expect(session.prompt == "/expenses › price: ")
    }

    @Test func interruptAbandonsTheItemAndReturnsToItsText() {
        var session = session()
        _ = session.handle(.submitted("coffee"))
        _ = session.handle(.submitted("3"))
        #expect(session.handle(.interrupted).isEmpty)
        #expect(session.prompt == "/expenses › ")
        #expect(session.handle(.submitted("tea")).isEmpty)
        #expect(session.prompt == "/expenses › price: ")
    }

    @Test func endOfInputInAFormDropsTheItemWithANoticeAndQuitsOnlyTheSecondTime() {
        var session = session()
        _ = session.handle(.submitted("coffee"))
        #expect(session.handle(.endOfInput) == [.notice("not added: coffee; Ctrl-D again quits")])
        #expect(!session.isFinished)
        #expect(session.handle(.endOfInput) == [.finish])
    }

    @Test func inlineFieldsCommitAtOnceWhenEveryRequiredFieldIsGiven() {
        var session = session()
        #expect(session.handle(.submitted("flat white price:3.80 mood:ok")) ==
            [commit("flat white", [("price", "3.8"), ("mood", "ok")], history: "flat white price:3.80 mood:ok")])
    }

    @Test func inlineFieldsAskOnlyForMissingRequiredFields() {
        var session = session()
        #expect(session.handle(.submitted("cake mood:good")).isEmpty)
        #expect(session.prompt == "/expenses › price: ")
        #expect(session.handle(.submitted("4,250.00")) ==
            [commit("cake", [("price", "4250"), ("mood", "good")], history: "cake mood:good")])
    }

    @Test func anInvalidInlineValueSendsThePromptToItsField() {
        var session = session()
        let effects = session.handle(.submitted("cake price:3.5.1 mood:good"))
        #expect(effects.last == .prefill("3.5.1"))
        #expect(session.prompt == "/expenses › price: ")
        #expect(session.handle(.submitted("3.5")) ==
            [commit("cake", [("price", "3.5"), ("mood", "good")], history: "cake price:3.5.1 mood:good")])
    }

    @Test func aFailedCommitHandsTheWholeItemBackAsOneLine() {
        var session = session()
        _ = session.handle(.submitted("lunch"))
        _ = session.handle(.submitted("12"))
        _ = session.handle(.submitted(""))
        _ = session.handle(.submitted("bad"))
        let effects = session.handle(.entryReturned(path: expenses, form: form, notice: "the disk is full"))
        #expect(effects == [.notice("the disk is full"), .prefill("lunch price:12 mood:bad")])
        #expect(session.handle(.submitted("lunch price:12 mood:bad")) ==
            [commit("lunch", [("price", "12"), ("mood", "bad")], history: "lunch price:12 mood:bad")])
    }

    @Test func movingElsewhereMidItemPutsItBackInTheLine() {
        var session = session()
        _ = session.handle(.submitted("coffee"))
        _ = session.handle(.submitted("3"))
        let effects = session.handle(.moved(to: .root, form: .plain))
        #expect(effects.last == .prefill("coffee price:3"))
        #expect(session.prompt == "/ › ")
    }

    @Test func pipedLinesFillFieldsInlineAndAreRefusedWhenIncomplete() {
        var session = EntrySession(path: expenses, form: form, linesAreLiteral: true, today: { Self.sunday })
        #expect(session.handle(.submitted("bus price:2.10")) == [commit("bus", [("price", "2.1")], history: nil)])
        #expect(session.handle(.submitted("bus")) ==
            [.refused("price is required here; give it as price:VALUE; the line was not added")])
    }

    // MARK: Several lines

    @Test func aBlockBetweenTripleQuotesIsOneItemWithoutTrailingBlankLines() {
        var session = EntrySession(path: expenses)
        #expect(session.handle(.submitted("\"\"\"")).isEmpty)
        #expect(session.prompt == "/expenses › line 1: ")
        #expect(session.handle(.submitted("first line")).isEmpty)
        #expect(session.handle(.submitted("  indented  ")).isEmpty)
        #expect(session.handle(.submitted(":not a command")).isEmpty)
        #expect(session.handle(.submitted("")).isEmpty)
        #expect(session.prompt == "/expenses › line 5: ")
        #expect(session.handle(.submitted("\"\"\"")) ==
            [.commit(text: "first line\n  indented\n:not a command", fields: [], under: expenses, historyLine: nil)])
        #expect(session.prompt == "/expenses › ")
    }

    @Test func anEmptyBlockAddsNothing() {
        var session = EntrySession(path: expenses)
        _ = session.handle(.submitted("\"\"\""))
        _ = session.handle(.submitted(" "))
        #expect(session.handle(.submitted("\"\"\"")).isEmpty)
        #expect(session.prompt == "/expenses › ")
    }

    @Test func endOfInputClosesABlockAndKeepsWhatWasTyped() {
        var session = EntrySession(path: expenses)
        _ = session.handle(.submitted("\"\"\""))
        _ = session.handle(.submitted("kept"))
        #expect(session.handle(.endOfInput) == [.commit(text: "kept", fields: [], under: expenses, historyLine: nil)])
        #expect(!session.isFinished)
    }

    @Test func inALineLimitedPlaceEnterOnTheLastLineCommits() {
        var session = EntrySession(path: expenses, form: EntryForm(lineLimit: 3))
        #expect(session.handle(.submitted("Ada Lovelace")).isEmpty)
        #expect(session.prompt == "/expenses › line 2/3: ")
        #expect(session.handle(.submitted("12 St James's Square")).isEmpty)
        #expect(session.handle(.submitted("London")) ==
            [.commit(text: "Ada Lovelace\n12 St James's Square\nLondon", fields: [], under: expenses, historyLine: nil)])
    }

    @Test func inALineLimitedPlaceAnEmptyLineCommitsEarly() {
        var session = EntrySession(path: expenses, form: EntryForm(lineLimit: 3))
        _ = session.handle(.submitted("short"))
        #expect(session.handle(.submitted("")) == [.commit(text: "short", fields: [], under: expenses, historyLine: nil)])
    }

    @Test func aBlockStopsAtTheLineLimit() {
        var session = EntrySession(path: expenses, form: EntryForm(lineLimit: 2))
        _ = session.handle(.submitted("\"\"\""))
        #expect(session.handle(.submitted("one")).isEmpty)
        #expect(session.prompt == "/expenses › line 2/2: ")
        #expect(session.handle(.submitted("two")) ==
            [.commit(text: "one\ntwo", fields: [], under: expenses, historyLine: nil)])
    }

    @Test func severalLinesThenFields() {
        var session = session()
        _ = session.handle(.submitted("\"\"\""))
        _ = session.handle(.submitted("dinner"))
        _ = session.handle(.submitted("with friends price:30"))
        #expect(session.handle(.submitted("\"\"\"")).isEmpty)
        #expect(session.prompt == "/expenses › price: ")
        _ = session.handle(.submitted("30"))
        _ = session.handle(.submitted(""))
        #expect(session.handle(.submitted("")) ==
            [commit("dinner\nwith friends price:30", [("price", "30")], history: nil)])
    }

    @Test func backInABlockReopensTheLineBefore() {
        var session = EntrySession(path: expenses)
        _ = session.handle(.submitted("\"\"\""))
        _ = session.handle(.submitted("one"))
        #expect(session.handle(.back(typed: "")) == [.prefill("one")])
        #expect(session.prompt == "/expenses › line 1: ")
    }
}
