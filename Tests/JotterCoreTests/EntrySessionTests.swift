@testable import JotterApplication
@testable import JotterCore
import Testing

@Suite struct EntrySessionTests {
    let groceries = Node(seq: 1, id: NodeID("01a201e5-1d39-7656-9289-ca0ccba8f959")!, kind: .list, text: "groceries",
                         parentSeq: nil, created: Timestamp(milliseconds: 0, offsetSeconds: 0), updatedMilliseconds: 0)

    @Test func enterOnALineCommitsItUnderTheTopOfThePath() {
        var session = EntrySession(path: NavigationPath(nodes: [groceries]))
        let effects = session.handle(.submitted("milk"))
        #expect(effects == [.commit(text: "milk", fields: [], under: NavigationPath(nodes: [groceries]), historyLine: "milk")])
    }

    @Test(arguments: ["", "   ", "\t \r", "\u{3000}"])
    func enterOnAnEmptyLineAddsNothing(line: String) {
        var session = EntrySession(path: .root)
        #expect(session.handle(.submitted(line)).isEmpty)
        #expect(!session.isFinished)
    }

    @Test func whitespaceIsTrimmedAtBothEnds() {
        var session = EntrySession(path: .root)
        #expect(session.handle(.submitted("  \t milk and honey \r\n")) ==
            [.commit(text: "milk and honey", fields: [], under: .root, historyLine: "milk and honey")])
    }

    @Test func aLeadingColonMakesACommand() {
        var session = EntrySession(path: .root)
        #expect(session.handle(.submitted(":cd groceries")) == [.runCommand("cd groceries", historyLine: ":cd groceries")])
    }

    @Test func aLeadingBackslashIsDroppedAndTheRestTakenLiterally() {
        var session = EntrySession(path: .root)
        #expect(session.handle(.submitted("\\:not a command")) ==
            [.commit(text: ":not a command", fields: [], under: .root, historyLine: "\\:not a command")])
        #expect(session.handle(.submitted("\\\\double")) ==
            [.commit(text: "\\double", fields: [], under: .root, historyLine: "\\\\double")])
        #expect(session.handle(.submitted("\\")).isEmpty)
    }

    @Test func aBackslashDoesNotKeepWhitespace() {
        var session = EntrySession(path: .root)
        #expect(session.handle(.submitted("\\   spaced  ")) ==
            [.commit(text: "spaced", fields: [], under: .root, historyLine: "\\   spaced")])
    }

    @Test func literalLinesAreNeverCommandsAndKeepNoHistory() {
        var session = EntrySession(path: .root, linesAreLiteral: true)
        #expect(session.handle(.submitted(":q")) == [.commit(text: ":q", fields: [], under: .root, historyLine: nil)])
        #expect(session.handle(.submitted(" \\\\server\\share ")) ==
            [.commit(text: "\\\\server\\share", fields: [], under: .root, historyLine: nil)])
        #expect(session.handle(.submitted("   ")).isEmpty)
        #expect(!session.isFinished)
    }

    @Test func interruptDropsTheLineAndKeepsTheSession() {
        var session = EntrySession(path: .root)
        #expect(session.handle(.interrupted).isEmpty)
        #expect(!session.isFinished)
    }

    @Test func endOfInputFinishesAndNothingHappensAfter() {
        var session = EntrySession(path: .root)
        #expect(session.handle(.endOfInput) == [.finish])
        #expect(session.isFinished)
        #expect(session.handle(.submitted("late")).isEmpty)
    }

    @Test func quitFromACommandFinishes() {
        var session = EntrySession(path: .root)
        #expect(session.handle(.quitRequested) == [.finish])
        #expect(session.isFinished)
    }

    @Test func movingChangesWhereEntriesGoAndThePrompt() {
        var session = EntrySession(path: .root)
        #expect(session.prompt == "/ › ")
        #expect(session.handle(.moved(to: NavigationPath(nodes: [groceries]), form: .plain)).isEmpty)
        #expect(session.prompt == "/groceries › ")
        #expect(session.handle(.submitted("eggs")) ==
            [.commit(text: "eggs", fields: [], under: NavigationPath(nodes: [groceries]), historyLine: "eggs")])
        _ = session.handle(.moved(to: session.path.popped(), form: .plain))
        #expect(session.prompt == "/ › ")
    }

    @Test func aReturnedEntryIsShownAndPutBackInTheLine() {
        var session = EntrySession(path: NavigationPath(nodes: [groceries]))
        _ = session.handle(.submitted("\\:eggs"))
        let effects = session.handle(.entryReturned(path: .root, form: .plain, notice: "/groceries no longer exists; now at /"))
        #expect(effects == [.notice("/groceries no longer exists; now at /"), .prefill("\\:eggs")])
        #expect(session.path == .root)
        #expect(session.prompt == "/ › ")
    }

    @Test func thePromptNeverShowsControlCharactersFromNames() {
        let hostile = Node(seq: 2, id: groceries.id, kind: .list, text: "\u{1B}]0;owned\u{07}", parentSeq: nil,
                           created: groceries.created, updatedMilliseconds: 0)
        let session = EntrySession(path: NavigationPath(nodes: [hostile]))
        #expect(!session.prompt.contains("\u{1B}"))
        #expect(!session.prompt.contains("\u{07}"))
        #expect(session.prompt == "/\\x1b]0;owned\\x07 › ")
    }

    @Test func longStepsAreShortenedInThePromptOnly() {
        let long = Node(seq: 2, id: groceries.id, kind: .item, text: String(repeating: "word ", count: 20), parentSeq: nil,
                        created: groceries.created, updatedMilliseconds: 0)
        let path = NavigationPath(nodes: [long])
        #expect(path.promptDisplay().count == 25)
        #expect(path.promptDisplay().hasSuffix("…"))
        #expect(path.display.count == 101)
    }
}

/// Pasted lines are text: a stray command line in a paste must not remove anything.
@Suite struct PastedLineTests {
    @Test func aLineOfAMarkedPasteIsAnEntryWhateverItStartsWith() {
        var session = EntrySession(path: .root)
        #expect(session.handle(.pastedBlock(":trash --empty --yes")) ==
            [.commit(text: ":trash --empty --yes", fields: [], under: .root, historyLine: nil)])
        #expect(session.handle(.pastedBlock("\\not dropped")) ==
            [.commit(text: "\\not dropped", fields: [], under: .root, historyLine: nil)])
        #expect(session.handle(.pastedBlock("   ")).isEmpty)
    }

    @Test func aMarkedPasteOpensABlockAsTypedAndKeepsItsLines() {
        var session = EntrySession(path: .root)
        #expect(session.handle(.pastedBlock("\"\"\"")).isEmpty)
        #expect(session.handle(.pastedBlock("one")).isEmpty)
        #expect(session.handle(.pastedBlock(":two")).isEmpty)
        #expect(session.handle(.pastedBlock("\"\"\"")) ==
            [.commit(text: "one\n:two", fields: [], under: .root, historyLine: nil)])
    }

    @Test func aMarkedPasteInsideABlockIsLinesOfIt() {
        var session = EntrySession(path: .root)
        #expect(session.handle(.submitted("\"\"\"")).isEmpty)
        #expect(session.handle(.pastedBlock(":rm 1")).isEmpty)
        #expect(session.handle(.submitted("\"\"\"")) ==
            [.commit(text: ":rm 1", fields: [], under: .root, historyLine: nil)])
    }

    static let hostileCommands = [
        "trash --empty --yes", "rm 1", "undo", "redo", "hook add after \"touch /tmp/pasted\"",
        "remote set --auto \"host=/nonexistent\"", "import /etc/hostname", "field add x text", "cd /", "back", "quit",
    ]

    /// Whatever the command, first, middle or last line of a paste the terminal did
    /// not mark: an entry, as it was pasted.
    @Test(arguments: hostileCommands)
    func aCommandLineOfAnUnmarkedPasteIsAnEntry(command: String) {
        var session = EntrySession(path: .root)
        #expect(session.handle(.pasted(":" + command)) ==
            [.commit(text: ":" + command, fields: [], under: .root, historyLine: nil)])
    }

    /// Where the prompt asks for a field, a pasted line is the field's value, never a
    /// command: marked or not.
    @Test(arguments: hostileCommands)
    func aCommandLineOfAPasteIsTheValueOfTheFieldAsked(command: String) {
        let form = EntryForm(fields: [Field(name: "note", kind: .text)])
        for pasted in [EntrySession.Event.pasted(":" + command), .pastedBlock(":" + command)] {
            var session = EntrySession(path: .root, form: form)
            #expect(session.handle(.submitted("tea")).isEmpty)
            #expect(session.isAskingForField)
            #expect(session.handle(pasted) ==
                [.commit(text: "tea", fields: [FieldValue(name: "note", value: ":" + command)], under: .root, historyLine: "tea")])
        }
    }

    @Test func theSameCommandTypedAloneRuns() {
        var session = EntrySession(path: .root)
        #expect(session.handle(.submitted(":rm 1")) == [.runCommand("rm 1", historyLine: ":rm 1")])
    }

    @Test func atDatesTheEntriesThatFollowAndThePromptShowsIt() throws {
        var session = EntrySession(path: .root)
        let before = session.prompt
        let yesterday = EntryDating.instant(1_795_000_000_000)
        #expect(session.handle(.dated(yesterday, words: "yesterday 21:00")).isEmpty)
        #expect(session.prompt == before.replacingOccurrences(of: " › ", with: " @yesterday 21:00 › "))
        #expect(session.dating?.when == yesterday)
        #expect(session.handle(.submitted("late walk")) == [.commit(text: "late walk", fields: [], under: .root, historyLine: "late walk")])
        #expect(session.dating?.when == yesterday, "until ':at now'")
        #expect(session.handle(.dated(nil, words: "now")).isEmpty)
        #expect(session.prompt == before)
        #expect(session.dating == nil)
    }

    @Test func theDatingInThePromptIsShownEscaped() {
        var session = EntrySession(path: .root)
        _ = session.handle(.dated(.instant(0), words: "\u{1b}[2J"))
        #expect(!session.prompt.contains("\u{1b}"))
        #expect(session.prompt.contains("@\\x1b[2J"))
    }
}
