import Foundation
import JotterCore
import Testing

/// The prompt under a real pseudo-terminal: keys in, store checked afterwards.
@Suite struct PromptTests {
    let jotter = Jotter()

    @Test func eachEnterCommitsAtOnceWhileThePromptStaysOpen() throws {
        let prompt = try jotter.prompt()
        prompt.type("milk\r")
        try prompt.expect("/ › ")
        // Another process sees the entry before the prompt has ended.
        #expect(try jotter.texts() == ["milk"])
        prompt.type("  eggs  \r")
        try prompt.expect("/ › ")
        prompt.type("\r")
        try prompt.expect("/ › ")
        #expect(try jotter.texts() == ["milk", "eggs"])
        prompt.type("\u{4}")
        #expect(try prompt.waitForExit() == 0)
    }

    @Test func japaneseIsEditedByCharacter() throws {
        let prompt = try jotter.prompt()
        prompt.type("日本語\u{7f}\r")
        try prompt.expect("/ › ")
        prompt.type("\u{4}")
        #expect(try prompt.waitForExit() == 0)
        #expect(try jotter.texts() == ["日本"])
    }

    @Test func emojiAndCombiningCharactersArriveByteForByte() throws {
        let lines = ["👩‍👩‍👧‍👦 family dinner", "é combining accent: e\u{301}", "卵を買う 🥚", "مرحبا بالعالم"]
        let prompt = try jotter.prompt()
        for line in lines {
            prompt.type(line + "\r")
            try prompt.expect("/ › ")
        }
        prompt.type("\u{4}")
        _ = try prompt.waitForExit()
        let stored = try jotter.texts()
        #expect(stored.map { Array($0.utf8) } == lines.map { Array($0.utf8) })
    }

    @Test func ctrlCClearsTheLineAndTheSessionGoesOn() throws {
        let prompt = try jotter.prompt()
        prompt.type("abandoned\u{3}")
        try prompt.expect("abandoned^C")
        try prompt.expect("/ › ")
        prompt.type("kept\r")
        try prompt.expect("/ › ")
        prompt.type("\u{4}")
        #expect(try prompt.waitForExit() == 0)
        #expect(try jotter.texts() == ["kept"])
    }

    @Test func aPastedBlockAddsOneItemPerLineInOrder() throws {
        let prompt = try jotter.prompt()
        let lines = (1...20).map { "pasted line \($0)" }
        prompt.paste(lines.joined(separator: "\n") + "\n")
        for _ in lines { try prompt.expect("/ › ") }
        prompt.type("\u{4}")
        _ = try prompt.waitForExit()
        #expect(try jotter.texts() == lines)
    }

    @Test func aMarkedPasteIsTextEvenWhereItsLinesLookLikeCommands() throws {
        try jotter.ok("add", "keep me")
        try jotter.ok("add", "in the trash")
        try jotter.ok("rm", "2")
        let prompt = try jotter.prompt()
        #expect(prompt.text.contains("\u{1B}[?2004h"), "the prompt asks the terminal to mark pastes")
        prompt.paste("\u{1B}[200~notes:\r:trash --empty --yes\r:rm 1\rend\r\u{1B}[201~")
        for _ in 1...4 { try prompt.expect("/ › ") }
        prompt.type("\u{4}")
        #expect(try prompt.waitForExit() == 0)
        #expect(try jotter.texts() == ["keep me", "notes:", ":trash --empty --yes", ":rm 1", "end"])
        #expect(try jotter.ok("trash").contains("in the trash"), "the trash was not emptied")
    }

    @Test func aDumbTerminalIsNotAskedToMarkPastes() throws {
        let prompt = try jotter.prompt(environment: ["TERM": "dumb"])
        prompt.type("plain\r")
        try prompt.expect("/ › ")
        prompt.type("\u{4}")
        #expect(try prompt.waitForExit() == 0)
        #expect(!prompt.text.contains("\u{1B}[?2004"))
        #expect(try jotter.texts() == ["plain"])
    }

    @Test func aMarkedPasteOfABlockIsOneEntry() throws {
        let session = try jotter.prompt()
        session.paste("\u{1B}[200~\"\"\"\rfirst\r:second\r\"\"\"\r\u{1B}[201~")
        for prompt in ["/ › line 1: ", "/ › line 2: ", "/ › line 3: "] { try session.expect(prompt) }
        try session.expect("/ › ")
        session.type("\u{4}")
        #expect(try session.waitForExit() == 0)
        #expect(try jotter.texts() == ["first\n:second"])
    }

    @Test func pasteMarksNeverReachTheText() throws {
        let prompt = try jotter.prompt()
        prompt.type("typed \u{1B}[200~pasted\u{1B}[201~ typed again\r")
        try prompt.expect("/ › ")
        prompt.type("\u{1B}[200~\u{1B}[201~\u{1B}[200~two marks\r\u{1B}[201~")
        try prompt.expect("/ › ")
        prompt.type("\u{4}")
        #expect(try prompt.waitForExit() == 0)
        #expect(try jotter.texts() == ["typed pasted typed again", "two marks"])
    }

    /// A terminal writes a mark whole, but a slow link (ssh over a poor network) can
    /// deliver its end a moment later. The rest of a mark was waited for 50 ms: past
    /// that, ESC [ 2 went to libedit, "01~" into the entry, and the paste never ended,
    /// so the commands typed after it were taken for text.
    @Test func aPasteMarkDeliveredInTwoPiecesIsStillAMark() throws {
        let prompt = try jotter.prompt()
        prompt.paste("\u{1B}[200~pasted\r:rm 1\rlast line\u{1B}[20")
        Thread.sleep(forTimeInterval: 0.3)
        prompt.type("1~ typed\r")
        // The prompts after each of the three lines: a command typed before the last
        // would be typed ahead, in the burst of the paste.
        for _ in 1...3 { try prompt.expect("/ › ") }
        prompt.type(":list\r")
        try prompt.expect("/ › ")
        prompt.type("\u{4}")
        #expect(try prompt.waitForExit() == 0)
        #expect(try jotter.texts() == ["pasted", ":rm 1", "last line typed"])
    }

    /// The last line of a paste has nothing behind it, but it came in the same read as
    /// the lines before it: pasted too, on a terminal that marks nothing (dumb) and on
    /// one that could but did not.
    @Test(arguments: ["dumb", "xterm"], [":trash --empty --yes", ":rm 1", ":undo"])
    func theLastLineOfAnUnmarkedPasteIsAnEntry(term: String, command: String) throws {
        try jotter.ok("add", "keep me")
        try jotter.ok("add", "in the trash")
        try jotter.ok("rm", "2")
        let prompt = try jotter.prompt(environment: ["TERM": term])
        prompt.paste("pasted first\n\(command)\n")
        for _ in 1...2 { try prompt.expect("/ › ") }
        prompt.type("\u{4}")
        #expect(try prompt.waitForExit() == 0)
        #expect(try jotter.texts() == ["keep me", "pasted first", command])
        #expect(try jotter.ok("trash").contains("in the trash"), "the trash was not emptied")
    }

    /// A line in the middle of a paste that would add a hook, set a remote, import a
    /// file or open a form is an entry like the lines around it.
    @Test(arguments: ["dumb", "xterm"])
    func theMiddleLinesOfAnUnmarkedPasteAreEntries(term: String) throws {
        let touched = jotter.folder.file("touched")
        let imported = jotter.folder.file("to-import.txt")
        try "imported by a paste\n".write(toFile: imported, atomically: true, encoding: .utf8)
        let commands = [":hook add after \"touch '\(touched)'\"", ":remote set --auto \"host=/nonexistent dbname=pasted\"",
                        ":import '\(imported)'", ":field add pastedfield text"]
        let prompt = try jotter.prompt(environment: ["TERM": term])
        prompt.paste((["first"] + commands + ["last"]).joined(separator: "\n") + "\n")
        for _ in 0..<(commands.count + 2) { try prompt.expect("/ › ") }
        // An entry typed after it runs no hook, and is asked no field.
        prompt.type("typed after\r")
        try prompt.expect("/ › ")
        prompt.type("\u{4}")
        #expect(try prompt.waitForExit() == 0)
        #expect(try jotter.texts() == ["first"] + commands + ["last", "typed after"])
        #expect(!FileManager.default.fileExists(atPath: touched), "no hook ran")
        #expect(!(try jotter.ok("hook", "ls")).contains("touch"))
        #expect(!prompt.text.contains("hub pasted"), "no connection to the pasted remote was tried")
        #expect(!(try jotter.ok("remote")).contains("pasted"))
        #expect(!(try jotter.ok("field", "ls")).contains("pastedfield"))
    }

    /// A command typed after a paste, at the prompt, still runs; and so does a line
    /// sent whole, as a terminal that sends a line at a time (Emacs's shell) sends it.
    @Test func aCommandTypedAfterAnUnmarkedPasteRuns() throws {
        try jotter.ok("add", "keep me")
        let prompt = try jotter.prompt(environment: ["TERM": "dumb"])
        prompt.paste("pasted\n:rm 1\n")
        for _ in 1...2 { try prompt.expect("/ › ") }
        prompt.type(":rm 1\r")
        try prompt.expect("/ › ")
        prompt.type("\u{4}")
        #expect(try prompt.waitForExit() == 0)
        #expect(try jotter.texts() == ["pasted", ":rm 1"])
    }

    /// Pasted text can hold the end mark itself: what follows it in the same paste is
    /// not typed, and stays text.
    @Test func aMarkedPasteHoldingTheEndMarkStaysTextToItsEnd() throws {
        try jotter.ok("add", "keep me")
        try jotter.ok("add", "in the trash")
        try jotter.ok("rm", "2")
        let prompt = try jotter.prompt()
        prompt.paste("\u{1B}[200~notes \u{1B}[201~\r:trash --empty --yes\r:rm 1\r\u{1B}[201~")
        for _ in 1...3 { try prompt.expect("/ › ") }
        prompt.type("\u{4}")
        #expect(try prompt.waitForExit() == 0)
        #expect(try jotter.texts() == ["keep me", "notes", ":trash --empty --yes", ":rm 1"])
        #expect(try jotter.ok("trash").contains("in the trash"), "the trash was not emptied")
    }

    /// The end mark of a paste can come on its own, after the last pasted line was
    /// taken: that line was still part of the paste.
    @Test func aLineEndedByAStrayEndMarkIsText() throws {
        try jotter.ok("add", "keep me")
        let prompt = try jotter.prompt()
        prompt.paste("\u{1B}[200~notes \u{1B}[201~\r")
        try prompt.expect("/ › ")
        prompt.paste(":rm 1\r\u{1B}[201~")
        try prompt.expect("/ › ")
        prompt.type("\u{4}")
        #expect(try prompt.waitForExit() == 0)
        #expect(try jotter.texts() == ["keep me", "notes", ":rm 1"])
    }

    @Test func commandsMoveAndThePromptShowsWhereEntriesGo() throws {
        let prompt = try jotter.prompt()
        prompt.type(":new groceries\r")
        try prompt.expect("/groceries › ")
        prompt.type(":new weekend\r")
        try prompt.expect("/groceries/weekend › ")
        prompt.type("bread\r")
        try prompt.expect("/groceries/weekend › ")
        prompt.type(":up\r")
        try prompt.expect("/groceries › ")
        prompt.type("milk\r")
        try prompt.expect("/groceries › ")
        prompt.type(":cd /\r")
        try prompt.expect("/ › ")
        prompt.type(":cd groceries/weekend\r")
        try prompt.expect("/groceries/weekend › ")
        prompt.type(":path\r")
        try prompt.expect("/groceries/weekend\r\n")
        try prompt.expect("/groceries/weekend › ")
        prompt.type(":ls ..\r")
        let listing = try prompt.expect("/groceries/weekend › ")
        #expect(listing.contains("weekend/\r\n"), "\(listing.debugDescription)")
        #expect(listing.contains("milk\r\n"), "\(listing.debugDescription)")
        prompt.type(":quit\r")
        #expect(try prompt.waitForExit() == 0)
        #expect(try jotter.texts("/groceries") == ["weekend", "milk"])
        #expect(try jotter.texts("/groceries/weekend") == ["bread"])
    }

    @Test func anEscapedColonIsAnEntry() throws {
        let prompt = try jotter.prompt()
        prompt.type("\\:not a command\r")
        try prompt.expect("/ › ")
        prompt.type("\u{4}")
        _ = try prompt.waitForExit()
        #expect(try jotter.texts() == [":not a command"])
    }

    @Test func ctrlCOnAnEmptyLineKeepsThePrompt() throws {
        let prompt = try jotter.prompt()
        prompt.type("\u{3}")
        try prompt.expect("/ › ")
        prompt.type("still here\r")
        try prompt.expect("/ › ")
        prompt.type("\u{4}")
        #expect(try prompt.waitForExit() == 0)
        #expect(try jotter.texts() == ["still here"])
    }

    @Test func anErrorIsOneLineAndThePromptGoesOn() throws {
        let prompt = try jotter.prompt()
        prompt.type(":frobnicate\r")
        let shown = try prompt.expect("/ › ")
        #expect(shown.contains("jotter: unknown command ':frobnicate'; :help lists the commands\r\n"))
        prompt.type(":cd nowhere\r")
        #expect(try prompt.expect("/ › ").contains("jotter: no list or item 'nowhere' in /\r\n"))
        prompt.type(":cd\r")
        try prompt.expect("/ › ")
        prompt.type("still here\r")
        try prompt.expect("/ › ")
        prompt.type("\u{4}")
        #expect(try prompt.waitForExit() == 0)
        #expect(try jotter.texts() == ["still here"])
    }

    @Test func theSavedPlaceIsWhereTheNextPromptStarts() throws {
        let first = try jotter.prompt()
        first.type(":new journal\r")
        try first.expect("/journal › ")
        first.type("\u{4}")
        _ = try first.waitForExit()

        let second = try jotter.prompt(expecting: "/journal › ")
        second.type("day one\r")
        try second.expect("/journal › ")
        second.type("\u{4}")
        _ = try second.waitForExit()
        #expect(try jotter.texts("/journal") == ["day one"])
    }

    @Test func historyIsRecalledAcrossRestartsAndSearchedWithCtrlR() throws {
        let first = try jotter.prompt()
        first.type("call the plumber\r")
        try first.expect("/ › ")
        first.type("water the plants\r")
        try first.expect("/ › ")
        first.type("\u{4}")
        _ = try first.waitForExit()

        let second = try jotter.prompt()
        second.type("\u{1B}[A\u{1B}[A\r")
        try second.expect("/ › ")
        second.type("\u{12}plumb")
        try second.expect("plumb")
        second.type("\r")
        try second.expect("/ › ")
        second.type("\u{4}")
        _ = try second.waitForExit()
        #expect(try jotter.texts() == ["call the plumber", "water the plants", "call the plumber", "call the plumber"])
    }

    @Test func tabCompletesCommandsAndNames() throws {
        try jotter.ok("new", "weekend trip")
        try jotter.ok("cd", "/")
        let prompt = try jotter.prompt()
        prompt.type(":ne\tweekday\r")
        try prompt.expect("/weekday › ")
        prompt.type(":cd /\r")
        try prompt.expect("/ › ")
        prompt.type(":cd week\te\t\r")
        try prompt.expect("/weekend trip › ")
        prompt.type("\u{4}")
        _ = try prompt.waitForExit()
    }

    @Test func theUsersEditrcIsHonouredAndJottersKeysSurviveIt() throws {
        try jotter.ok("new", "weekend", "--in", "/")
        try "jotter:bind -v\n".write(toFile: jotter.folder.file(".editrc"), atomically: true, encoding: .utf8)
        let prompt = try jotter.prompt()
        // vi mode: Escape to command mode, 0 to the start, x deletes a character.
        prompt.type("xyz\u{1B}0x\r")
        try prompt.expect("/ › ")
        prompt.type("typo\u{3}")
        try prompt.expect("/ › ")
        prompt.type(":cd wee\t\r")
        try prompt.expect("/weekend › ")
        prompt.type("\u{4}")
        _ = try prompt.waitForExit()
        #expect(try jotter.texts("/") == ["weekend", "yz"])
    }

    @Test(arguments: [Int32(SIGTERM), Int32(SIGHUP)])
    func aSignalLeavesTheTerminalAsItWas(signal: Int32) throws {
        let prompt = try jotter.prompt()
        #expect(prompt.isEditing)
        kill(prompt.pid, signal)
        #expect(try prompt.waitForExit() == 128 + signal)
        let settings = prompt.terminalSettings()
        #expect(settings.c_lflag & tcflag_t(ICANON) != 0)
        #expect(settings.c_lflag & tcflag_t(ECHO) != 0)
        #expect(settings.c_lflag & tcflag_t(ISIG) != 0)
    }

    @Test func anEntryForAListDeletedMeanwhileIsKeptInTheLine() throws {
        try jotter.ok("new", "a")
        try jotter.ok("new", "b")
        let prompt = try jotter.prompt(expecting: "/a/b › ")
        let other = try Database(path: jotter.store)
        // Another jotter: writes to nodes run the search index's tokenizer.
        try other.registerSearchTokenizer()
        try other.execute("PRAGMA foreign_keys = ON; DELETE FROM node WHERE text = 'b'")
        prompt.type("eggs\r")
        let shown = try prompt.expect("/a › ")
        #expect(shown.contains("/a/b no longer exists; now at /a; the entry was not added"))
        #expect(try jotter.texts("/a") == [])
        // The text waits in the line: Enter adds it where the prompt now says.
        prompt.type("\r")
        try prompt.expect("/a › ")
        prompt.type("\u{4}")
        _ = try prompt.waitForExit()
        #expect(try jotter.texts("/a") == ["eggs"])
    }

    @Test func aReturnedEntryDoesNotRunIntoPastedLinesBehindIt() throws {
        try jotter.ok("new", "a")
        try jotter.ok("new", "b")
        let prompt = try jotter.prompt(expecting: "/a/b › ")
        let other = try Database(path: jotter.store)
        // Another jotter: writes to nodes run the search index's tokenizer.
        try other.registerSearchTokenizer()
        try other.execute("PRAGMA foreign_keys = ON; DELETE FROM node WHERE text = 'b'")
        prompt.paste("one\ntwo\n")
        let shown = try prompt.expect("jotter: not added: one\r\n")
        #expect(shown.contains("/a/b no longer exists; now at /a"))
        try prompt.expect("/a › ")
        try prompt.expect("/a › ")
        prompt.type("\u{4}")
        _ = try prompt.waitForExit()
        #expect(try jotter.texts("/a") == ["two"])
    }

    @Test func twoPromptsOnOneStoreKeepTheirOwnPlaces() throws {
        try jotter.ok("new", "left")
        try jotter.ok("new", "right", "--in", "/")
        let left = try jotter.prompt(expecting: "/left › ")
        let right = try jotter.prompt(expecting: "/left › ")
        right.type(":cd /right\r")
        try right.expect("/right › ")
        for index in 1...5 {
            left.type("l\(index)\r")
            right.type("r\(index)\r")
            try left.expect("/left › ")
            try right.expect("/right › ")
        }
        left.type("\u{4}")
        right.type("\u{4}")
        _ = try left.waitForExit()
        _ = try right.waitForExit()
        #expect(try jotter.texts("/left") == (1...5).map { "l\($0)" })
        #expect(try jotter.texts("/right") == (1...5).map { "r\($0)" })
        #expect(try jotter.ok("path") == "/right\n")
    }

    @Test func escapeSequencesInTextNeverReachTheTerminalRaw() throws {
        let hostile = "\u{1B}]0;title injection\u{7} \u{1B}[31mred\u{1B}[0m"
        // A list's name can no longer hold a control character, but a store written
        // before may have one: the name is set as such a store has it.
        try jotter.ok("new", "placeholder")
        let database = try Database(path: jotter.store)
        try database.registerSearchTokenizer()
        try database.statement("UPDATE node SET text = ? WHERE text = 'placeholder'").bind(1, hostile).run()
        try jotter.ok("add", hostile)
        let prompt = try jotter.prompt(expecting: "/\\x1b]0;title injection\\… › ")
        prompt.type(":ls\r")
        try prompt.expect("\\x1b]0;title injection\\x07 \\x1b[31mred\\x1b[0m\r\n")
        try prompt.expect("/\\x1b]0;title injection\\… › ")
        prompt.type(":cd /\r")
        try prompt.expect("/ › ")
        prompt.type(":ls\r")
        try prompt.expect("/ › ")
        prompt.type("\u{4}")
        _ = try prompt.waitForExit()
        #expect(!prompt.text.contains("\u{1B}]0;"))
        #expect(!prompt.text.contains("\u{1B}[31m"))
        #expect(!prompt.text.contains("\u{7}"))
    }

    @Test func importAtThePromptLeavesTheSignalsAsTheyWere() throws {
        let file = jotter.folder.file("few.txt")
        try "one\ntwo\n".write(toFile: file, atomically: true, encoding: .utf8)
        let prompt = try jotter.prompt()
        prompt.type(":import \(file)\r")
        #expect(try prompt.expect("/ › ").contains("jotter: imported 2 entries into /"))
        prompt.type(":import \(file)\r")
        let second = try prompt.expect("/ › ")
        #expect(second.contains("jotter: imported 2 entries into /"))
        #expect(!second.contains("interrupted"))
        kill(prompt.pid, SIGTERM)
        #expect(try prompt.waitForExit() == 128 + SIGTERM)
        #expect(prompt.terminalSettings().c_lflag & tcflag_t(ICANON) != 0)
    }

    @Test func aResizeRedrawsTheLineAndKeepsWhatWasTyped() throws {
        let prompt = try jotter.prompt()
        // Narrower than where the cursor is: the line wraps when drawn again.
        prompt.type("written before the resize, ")
        try prompt.expect("written before the resize, ")
        prompt.resize(rows: 40, columns: 20)
        // Drawn again from the start of the line: the prompt, then the 16 characters
        // that fit beside it.
        #expect(try prompt.expect("written before t").hasSuffix("\r/ › "))
        try prompt.expect("he resize, ")
        prompt.type("then ")
        try prompt.expect("then ")
        // A second resize within the same line, wider again.
        prompt.resize(rows: 40, columns: 100)
        #expect(try prompt.expect("written before the resize, then ").hasSuffix("\r/ › "))
        prompt.type("after\r")
        try prompt.expect("/ › ")
        prompt.type("\u{4}")
        #expect(try prompt.waitForExit() == 0)
        #expect(try jotter.texts() == ["written before the resize, then after"])
    }

    @Test(arguments: ["dumb", "no-such-terminal"])
    func thePromptWorksOnAnyTerminal(term: String) throws {
        let prompt = try jotter.prompt(environment: ["TERM": term])
        prompt.type("first\r")
        try prompt.expect("/ › ")
        prompt.type("second\r")
        try prompt.expect("/ › ")
        prompt.type("\u{4}")
        #expect(try prompt.waitForExit() == 0)
        #expect(try jotter.texts() == ["first", "second"])
    }

    /// A store found damaged while the prompt is open (here by another jotter, which
    /// marked it) takes no more entries, but the prompt's reading commands, `:check`
    /// among them, still answer: each failed, as its line went into the history first.
    @Test func aStoreMarkedDamagedWhileThePromptIsOpenStillAnswersItsReadingCommands() throws {
        let prompt = try jotter.prompt()
        prompt.type("first\r")
        try prompt.expect("/ › ")
        var info = stat()
        #expect(stat(jotter.store, &info) == 0)
        try "\(info.st_dev) \(info.st_ino)\nfound damaged by jotter\n"
            .write(toFile: jotter.store + ".jotter-damaged", atomically: false, encoding: .utf8)
        prompt.type(":list\r")
        let listed = try prompt.expect("/ › ")
        #expect(listed.contains("first"), "\(listed)")
        #expect(!listed.contains("damaged"), "\(listed)")
        prompt.type(":check\r")
        #expect(try prompt.expect("/ › ").contains("the mark of damage was taken away"))
        prompt.type("second\r")
        try prompt.expect("/ › ")
        prompt.type("\u{4}")
        _ = try prompt.waitForExit()
        #expect(try jotter.texts() == ["first", "second"])
    }

    @Test func helpListsTheCommandsAndKeys() throws {
        let prompt = try jotter.prompt()
        prompt.type(":help\r")
        let help = try prompt.expect("/ › ")
        for command in [":list", ":cd", ":up", ":new", ":path", ":add", ":quit", "Ctrl-C", "Ctrl-D", "Ctrl-R"] {
            #expect(help.contains(command), "\(command)")
        }
        prompt.type(":cd --help\r")
        #expect(try prompt.expect("/ › ").contains("USAGE: jotter cd [<target> ...]"))
        prompt.type("\u{4}")
        _ = try prompt.waitForExit()
    }
}
