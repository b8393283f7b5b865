import JotterApplication
import JotterCore
import Testing

/// `:edit` at the prompt, as the session sees it: the text goes in the line, the next
/// line is the new text, and nothing else is read as a command meanwhile.
@Suite struct EditSessionTests {
    let milk = NodeID("01a201e5-1d39-7656-9289-ca0ccba8f959")!

    @Test func theTextGoesInTheLineAndTheNextLineIsSaved() {
        var session = EntrySession(path: .root)
        #expect(session.handle(.editRequested(milk, text: "milk")) == [.prefill("milk")])
        #expect(session.prompt == "/ › edit: ")
        #expect(session.handle(.submitted("oat milk")) == [.saveEdit(milk, line: "oat milk")])
        #expect(session.prompt == "/ › ")
    }

    @Test func aLineThatLooksLikeACommandIsTheNewText() {
        var session = EntrySession(path: .root)
        _ = session.handle(.editRequested(milk, text: "milk"))
        #expect(session.handle(.submitted(":quit")) == [.saveEdit(milk, line: ":quit")])
        #expect(!session.isFinished)
    }

    @Test(arguments: [true, false])
    func ctrlCOrCtrlDDropsTheEditAndKeepsThePrompt(isCtrlC: Bool) {
        let event: EntrySession.Event = isCtrlC ? .interrupted : .endOfInput
        var session = EntrySession(path: .root)
        _ = session.handle(.editRequested(milk, text: "milk"))
        #expect(session.handle(event) == [.notice("the edit was dropped; nothing changed")])
        #expect(!session.isFinished)
        #expect(session.handle(.submitted("eggs")) == [.commit(text: "eggs", fields: [], under: .root, historyLine: "eggs")])
    }

    @Test func aRefusedEditComesBackInTheLine() {
        var session = EntrySession(path: .root)
        _ = session.handle(.editRequested(milk, text: "milk"))
        _ = session.handle(.submitted("price:abc"))
        #expect(session.handle(.editReturned(milk, line: "price:abc", notice: "not a number")) ==
            [.notice("not a number"), .prefill("price:abc")])
        #expect(session.prompt == "/ › edit: ")
    }
}
