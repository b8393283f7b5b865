import Foundation
import JotterCore
import Testing

/// Hooks end to end: commands of the user's own run by the built binary around the
/// entries it commits, with what they see, what they may refuse or replace, and what
/// becomes of a hook that hangs, floods or came with a copied store.
@Suite struct HookTests {
    let jotter = Jotter()

    /// A file in the test's folder, for hooks to write to.
    func file(_ name: String) -> String { jotter.folder.file(name) }

    /// A hook that appends `word` to the file `log`, so the order they ran in shows.
    func logging(_ word: String) -> String { "echo \(word) >> '\(file("log"))'" }

    /// Which hooks may run took this machine's id, which is made, in the user's
    /// configuration, the first time it is needed: where it could not be (a home the
    /// user may not write), a store that came with hooks took no entry, and `add` said
    /// "cannot create the store's folder", exit 3. The trust key now stands in its
    /// place: a user who cannot use one (here another user's folder holds it) trusted
    /// nothing, so no hook runs, and the entry goes in; `trust` names the key.
    @Test func aStoreWithHooksTakesEntriesWhereTheTrustKeyCannotBeUsed() throws {
        let own = jotter.folder.file("nobody")
        try FileManager.default.createDirectory(atPath: own, withIntermediateDirectories: true)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: jotter.folder.path)
        let store = own + "/store.sqlite3"
        try jotter.ok("--store", store, "hook", "add", "after", "touch '\(own)/ran'")
        for path in [own, store] { #expect(chown(path, 65534, 65534) == 0) }

        let added = try jotter.runToEnd("--store", store, "add", "kept", asNobody: true)
        #expect(added.status == 0, "\(added.errors)")
        #expect(try jotter.runToEnd("--store", store, "list", asNobody: true).text.contains("kept"))
        #expect(!FileManager.default.fileExists(atPath: own + "/ran"))
        let listed = try jotter.runToEnd("--store", store, "hook", "ls", asNobody: true)
        #expect(listed.status == 0 && listed.text.contains("touch"), "\(listed.errors)")
        let trusted = try jotter.runToEnd("--store", store, "trust", "--yes", asNobody: true)
        #expect(trusted.status == 3)
        #expect(trusted.errors.contains("trust key") && !trusted.errors.contains("store's folder"),
                "\(trusted.errors)")
    }

    /// A terminal closed just after Enter, while a `before` hook ran, ended jotter
    /// with the entry neither written nor kept as a draft.
    @Test(arguments: [SIGHUP, SIGTERM])
    func aSignalWhileABeforeHookRunsStillWritesTheEntry(signal: Int32) throws {
        try jotter.ok("hook", "add", "before", "touch '\(file("started"))'; sleep 1")
        let prompt = try jotter.prompt()
        prompt.type("typed just before the terminal closed\r")
        // A watchdog, not a limit: the hook starts at once.
        for _ in 0..<6000 where !FileManager.default.fileExists(atPath: file("started")) {
            Thread.sleep(forTimeInterval: 0.01)
        }
        try #require(FileManager.default.fileExists(atPath: file("started")))
        kill(prompt.pid, signal)
        #expect(try prompt.waitForExit() == 128 + signal)
        #expect(try jotter.texts() == ["typed just before the terminal closed"])
    }

    @Test func hooksRunOutermostFirstThenInTheOrderTheyWereAdded() throws {
        try jotter.ok("new", "a")
        try jotter.ok("new", "b")
        try jotter.ok("hook", "add", "before", logging("b1"), "--in", "/a/b")
        try jotter.ok("hook", "add", "before", logging("root1"), "--in", "/")
        try jotter.ok("hook", "add", "after", logging("a-after"), "--in", "/a")
        try jotter.ok("hook", "add", "before", logging("a1"), "--in", "/a")
        try jotter.ok("hook", "add", "before", logging("b2"), "--in", "/a/b")
        try jotter.ok("hook", "add", "before", logging("edit-only"), "--on", "edit", "--in", "/")
        try jotter.ok("add", "--to", "/a/b", "milk")
        #expect(jotter.contents("log") == "root1\na1\nb1\nb2\na-after\n")
        let listed = try jotter.ok("hook", "ls", "/a/b").split(separator: "\n").map { $0.split(separator: "\t").prefix(3).joined(separator: " ") }
        #expect(listed == ["before add / 1", "before add /a 2", "before add /a/b 1", "before add /a/b 2",
                           "before edit / 2", "after add /a 1"])
    }

    @Test func aScopedPlaceRunsOnlyItsOwnHooksAndThoseBelow() throws {
        try jotter.ok("new", "a")
        try jotter.ok("new", "b")
        try jotter.ok("hook", "add", "before", logging("root"), "--in", "/")
        try jotter.ok("hook", "add", "before", logging("a"), "--in", "/a")
        try jotter.ok("hook", "add", "before", logging("b"), "--in", "/a/b")
        try jotter.ok("hook", "scope", "on", "--in", "/a")
        try jotter.ok("add", "--to", "/a/b", "milk")
        #expect(jotter.contents("log") == "a\nb\n")
        #expect(try jotter.ok("hook", "ls", "/a/b").hasPrefix("scope on at /a:"))
        try jotter.ok("add", "--to", "/", "bread")
        #expect(jotter.contents("log") == "a\nb\nroot\n")
        try jotter.ok("hook", "scope", "off", "--in", "/a")
        try jotter.ok("add", "--to", "/a", "eggs")
        #expect(jotter.contents("log") == "a\nb\nroot\nroot\na\n")
    }

    @Test func aHookGetsTheEntryAsJSONOnItsInputAndItsFactsInItsEnvironment() throws {
        try jotter.ok("new", "expenses")
        try jotter.ok("field", "add", "price", "decimal")
        let save = "cat > '\(file("input"))'; printf '%s|' \"$JOTTER_EVENT\" \"$JOTTER_ID\" \"$JOTTER_PATH\" \"$JOTTER_STORE\" > '\(file("environment"))'"
        try jotter.ok("hook", "add", "before", save)
        try jotter.ok("hook", "add", "after", save + "; cp '\(file("input"))' '\(file("after-input"))'")
        let id = try jotter.ok("add", "coffee", "price:3.50").trimmingCharacters(in: .newlines)
        #expect(jotter.contents("environment") == "add|\(id)|/expenses|\(jotter.store)|")
        let listed = try jotter.ok("list", "--format", "json").trimmingCharacters(in: .whitespacesAndNewlines)
        let after = jotter.contents("after-input").trimmingCharacters(in: .newlines)
        #expect(listed.contains(after), "the after hook got the object list shows: \(after) in \(listed)")
        let before = try #require(JSONSerialization.jsonObject(with: Data(jotter.contents("after-input").utf8)) as? [String: Any])
        #expect(before["text"] as? String == "coffee")
        #expect(before["fields"] as? [String: String] == ["price": "3.5"])
    }

    @Test func aRefusingBeforeHookWritesNothingAndShowsItsFirstLine() throws {
        try jotter.ok("new", "work")
        try jotter.ok("hook", "add", "before", "echo 'no receipt number' >&2; echo second line >&2; exit 1")
        let result = try jotter.run(["add", "lunch"])
        #expect(result.status == 1)
        #expect(result.errors == "jotter: hook /work: no receipt number\n")
        #expect(try jotter.texts("/work").isEmpty)
    }

    @Test func aBeforeHookMayReplaceTheEntry() throws {
        try jotter.ok("new", "expenses")
        try jotter.ok("field", "add", "price", "decimal")
        try jotter.ok("hook", "add", "before", #"printf '{"text":"lunch (checked)","fields":{"price":"12.50"}}'"#)
        try jotter.ok("add", "lunch")
        let entry = try #require(try jotter.entries("/expenses").first)
        #expect(entry["text"] as? String == "lunch (checked)")
        #expect(entry["fields"] as? [String: String] == ["price": "12.5"])
    }

    @Test(arguments: [
        (#"{"fields":{"price":"12.5.0"}}"#, "price: '12.5.0' is not a valid decimal number"),
        (#"{"fields":{"colour":"red"}}"#, "gave a value for 'colour', which /expenses does not ask for"),
        (#"{"text":"  "}"#, "replaced the entry with empty text"),
        (#"{"text": "#, "printed something that starts like a JSON object but is not one"),
    ])
    func aReplacementIsCheckedLikeAnyInput(reply: String, message: String) throws {
        try jotter.ok("new", "expenses")
        try jotter.ok("field", "add", "price", "decimal")
        try jotter.ok("hook", "add", "before", "printf '%s' '\(reply)'")
        let result = try jotter.run(["add", "lunch"])
        #expect(result.status == 1)
        #expect(result.errors.contains("hook /expenses: " + message), "\(result.errors)")
        #expect(try jotter.texts("/expenses").isEmpty)
    }

    @Test func aFailingAfterHookIsShownAndTheEntryStays() throws {
        try jotter.ok("hook", "add", "after", "echo 'could not notify' >&2; exit 3")
        let result = try jotter.run(["add", "milk"])
        #expect(result.status == 0)
        #expect(result.errors == "hook /: could not notify\n")
        #expect(try jotter.texts() == ["milk"])
    }

    @Test(arguments: [Hook.Timing.before, .after])
    func aHookPastItsTimeoutIsStopped(timing: Hook.Timing) throws {
        try jotter.ok("hook", "add", timing.rawValue, "sleep 30", "--timeout", "1")
        let result = try jotter.run(["add", "milk"])
        #expect(result.errors.contains("hook /: ran past its timeout of 1 s and was stopped"), "\(result.errors)")
        #expect(result.status == (timing == .before ? 1 : 0))
        #expect(try jotter.texts() == (timing == .before ? [] : ["milk"]))
    }

    /// The timeout killed the hook's session, and a process the hook had taken out of
    /// it (`setsid`) ran on after jotter returned.
    @Test func whatAHookStartedInASessionOfItsOwnIsStoppedWithIt() throws {
        let recorded = file("escaped")
        try jotter.ok("hook", "add", "before", "setsid sleep 61 & echo $! > '\(recorded)'; sleep 30", "--timeout", "1")
        // Spawned and waited for alone: Foundation's Process waits as long as any
        // process holds a descriptor it gave jotter, so an escaped sleep held the run
        // until it ended, rather than failing the test.
        let arguments = [Jotter.binary, "--store", jotter.store, "add", "milk"]
        let environment = jotter.environment.map { "\($0.key)=\($0.value)" }
        var cArguments = arguments.map { strdup($0) } + [nil]
        var cEnvironment = environment.map { strdup($0) } + [nil]
        defer { (cArguments + cEnvironment).forEach { free($0) } }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        var jotterProcess = pid_t()
        #expect(posix_spawn(&jotterProcess, Jotter.binary, &actions, nil, &cArguments, &cEnvironment) == 0)
        var status: Int32 = 0
        while waitpid(jotterProcess, &status, 0) < 0 && errno == EINTR {}
        #expect((status >> 8) & 0xFF == 1, "the before hook stopped the add")
        let pid = try #require(pid_t(try String(contentsOfFile: recorded, encoding: .utf8)
            .trimmingCharacters(in: .whitespacesAndNewlines)))
        // Gone, or a zombie that init has yet to collect.
        let state = (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8))
            .flatMap { $0.split(separator: ")").last?.split(separator: " ").first }
        #expect(state == nil || state == "Z", "sleep 61 (\(pid)) is still running")
        if state != nil && state != "Z" { kill(pid, SIGKILL) }
    }

    @Test(arguments: [Hook.Timing.before, .after])
    func aHookThatFloodsItsOutputIsCut(timing: Hook.Timing) throws {
        try jotter.ok("hook", "add", timing.rawValue, "yes | head -c 50000000")
        let result = try jotter.run(["add", "milk"])
        #expect(result.errors.contains("hook /: wrote more than 1 MiB and was stopped"), "\(result.errors)")
        #expect(try jotter.texts() == (timing == .before ? [] : ["milk"]))
    }

    @Test func hostileTextReachesAHookIntactAndHarmless() throws {
        let hostile = #"$(touch pwned) `touch pwned2` "; touch pwned3; echo ' \ $HOME"#
        try jotter.ok("hook", "add", "before", "cat > '\(file("input"))'; printf '%s' \"$JOTTER_PATH\" > '\(file("path"))'")
        try jotter.ok("add", "--", hostile)
        let input = try #require(JSONSerialization.jsonObject(with: Data(jotter.contents("input").utf8)) as? [String: Any])
        #expect(input["text"] as? String == hostile)
        for name in ["pwned", "pwned2", "pwned3"] {
            #expect(!FileManager.default.fileExists(atPath: file(name)))
            #expect(!FileManager.default.fileExists(atPath: FileManager.default.currentDirectoryPath + "/" + name))
        }
        #expect(try jotter.texts() == [hostile])
    }

    @Test func noHooksAndItsVariableRunNone() throws {
        try jotter.ok("hook", "add", "before", "exit 1")
        #expect(try jotter.run(["add", "--no-hooks", "milk"]).status == 0)
        #expect(try jotter.run(["add", "bread"], extraEnvironment: ["JOTTER_NO_HOOKS": "1"]).status == 0)
        #expect(try jotter.run(["add", "eggs"]).status == 1)
        #expect(try jotter.texts() == ["milk", "bread"])
    }

    @Test(arguments: ["json", "jsonl", "csv", "md", "txt"])
    func nothingOfHooksIsExported(format: String) throws {
        try jotter.ok("new", "work")
        try jotter.ok("add", "lunch")
        try jotter.ok("hook", "add", "after", "echo hook-marker-7 > /dev/null", "--in", "/work")
        try jotter.ok("hook", "scope", "on", "--in", "/work")
        let exported = try jotter.ok("export", "--format", format, "/")
        #expect(!exported.contains("hook-marker-7"))
        #expect(!exported.contains("hook"))
    }

    @Test func aCopiedStoreRunsNoneOfItsHooksUntilTrusted() throws {
        try jotter.ok("hook", "add", "before", logging("ran"))
        let copy = file("copy.sqlite3")
        try FileManager.default.copyItem(atPath: jotter.store, toPath: copy)
        let listed = try jotter.run(["--store", copy, "hook", "ls"])
        #expect(listed.text.contains("(waiting to be trusted: jotter trust)"))
        #expect(listed.errors.contains("1 hook of this store was not set by you in this file and waits to be trusted"))
        let held = try jotter.run(["--store", copy, "add", "milk"])
        #expect(held.status == 0)
        #expect(held.errors.contains("1 hook here waits to be trusted and did not run ('jotter trust' shows it"))
        #expect(jotter.contents("log") == "")
        let trusted = try jotter.run(["--store", copy, "trust", "--yes"])
        #expect(trusted.text == "hook\tbefore\tadd\t/\t\(logging("ran"))\n")
        #expect(trusted.errors == "trusted 1 hook\n")
        try jotter.ok("--store", copy, "add", "bread")
        #expect(jotter.contents("log") == "ran\n")
    }

    /// `hook trust` trusted hooks alone; `jotter trust` covers the hub settings too, so
    /// the old name trusts nothing and says the new one.
    @Test func hookTrustSaysTheNewName() throws {
        try jotter.ok("hook", "add", "before", logging("ran"))
        let copy = file("copy.sqlite3")
        try FileManager.default.copyItem(atPath: jotter.store, toPath: copy)
        let old = try jotter.run(["--store", copy, "hook", "trust"])
        #expect(old.status == 1)
        #expect(old.errors == "jotter: 'hook trust' is now 'jotter trust': it shows the hooks and hub settings that wait, then asks\n")
        try jotter.ok("--store", copy, "add", "milk")
        #expect(jotter.contents("log") == "")
    }

    @Test func hookRemoveTakesTheNumberAtItsPlace() throws {
        try jotter.ok("hook", "add", "before", logging("one"))
        try jotter.ok("hook", "add", "before", logging("two"))
        try jotter.ok("hook", "rm", "1")
        try jotter.ok("add", "milk")
        #expect(jotter.contents("log") == "two\n")
        let result = try jotter.run(["hook", "rm", "2"])
        #expect(result.status == 1)
        #expect(result.errors == "jotter: / has no hook 2; its own are numbered 1 to 1 (hook ls)\n")
    }
}

/// The events besides add: an edit, marking done, moving to the trash.
@Suite struct HookEventTests {
    let jotter = Jotter()

    /// A hook that saves what it was given, under the event's name.
    func saving(_ timing: Hook.Timing) -> String {
        let folder = jotter.folder.path
        return "cat > '\(folder)/\(timing.rawValue)-'\"$JOTTER_EVENT\"; printf '%s' \"$JOTTER_ID\" > '\(folder)/id-'\"$JOTTER_EVENT\""
    }

    func object(_ name: String) throws -> [String: Any] {
        try #require(JSONSerialization.jsonObject(with: Data(jotter.contents(name).utf8)) as? [String: Any], "\(name): \(jotter.contents(name))")
    }

    @Test(arguments: [Hook.Event.edit, .done, .rm])
    func eachEventRunsItsOwnHooksWithTheItem(event: Hook.Event) throws {
        try jotter.ok("new", "work")
        let id = try jotter.ok("add", "draft report").trimmingCharacters(in: .newlines)
        try jotter.ok("hook", "add", "before", saving(.before), "--on", event.rawValue)
        try jotter.ok("hook", "add", "after", saving(.after), "--on", event.rawValue)
        switch event {
        case .edit: try jotter.ok("edit", "1", "final", "report")
        case .done: try jotter.ok("done", "1")
        case .rm: try jotter.ok("rm", "1")
        case .add: break
        }
        #expect(jotter.contents("id-\(event)") == id)
        let before = try object("before-\(event)")
        let after = try object("after-\(event)")
        #expect(before["id"] as? String == id)
        switch event {
        case .edit:
            #expect(before["text"] as? String == "final report")
            #expect(after["text"] as? String == "final report")
        case .done:
            #expect(before["done"] == nil)
            #expect(after["done"] is String)
        case .rm, .add:
            #expect(after["text"] as? String == "draft report")
        }
        #expect(jotter.contents("before-add").isEmpty, "no add hook ran")
    }

    @Test(arguments: [Hook.Event.edit, .done, .rm])
    func aRefusalLeavesTheItemAsItWas(event: Hook.Event) throws {
        try jotter.ok("new", "work")
        try jotter.ok("add", "draft report")
        try jotter.ok("hook", "add", "before", "echo 'not today' >&2; exit 1", "--on", event.rawValue)
        let arguments: [String] = switch event {
        case .edit: ["edit", "1", "final"]
        case .done: ["done", "1"]
        case .rm, .add: ["rm", "1"]
        }
        let result = try jotter.run(arguments)
        #expect(result.status == 1)
        #expect(result.errors == "jotter: hook /work: not today\n")
        let entry = try #require(try jotter.entries("/work").first)
        #expect(entry["text"] as? String == "draft report")
        #expect(entry["done"] == nil)
    }

    @Test func aBeforeEditHookMayReplaceTheNewText() throws {
        try jotter.ok("add", "draft")
        try jotter.ok("hook", "add", "before", #"printf '{"text":"checked"}'"#, "--on", "edit")
        try jotter.ok("edit", "1", "final")
        #expect(try jotter.texts() == ["checked"])
    }

    @Test func noHooksSkipsTheOtherEventsToo() throws {
        try jotter.ok("add", "draft")
        try jotter.ok("hook", "add", "before", "exit 1", "--on", "done")
        try jotter.ok("hook", "add", "before", "exit 1", "--on", "rm")
        try jotter.ok("done", "--no-hooks", "1")
        #expect(try jotter.run(["rm", "1"], extraEnvironment: ["JOTTER_NO_HOOKS": "1"]).status == 0)
        #expect(try jotter.texts().isEmpty)
    }
}

/// Hooks at the prompt, under a real pseudo-terminal, and on piped lines.
@Suite struct HookPromptTests {
    let jotter = Jotter()

    @Test func aRefusedEntryGoesBackInTheLineToCorrect() throws {
        try jotter.ok("new", "work")
        try jotter.ok("hook", "add", "before", "grep -q receipt || { echo 'no receipt number' >&2; exit 1; }")
        let prompt = try jotter.prompt(expecting: "/work › ")
        prompt.type("lunch 12\r")
        try prompt.expect("hook /work: no receipt number")
        try prompt.expect("/work › lunch 12")
        #expect(try jotter.texts("/work").isEmpty)
        prompt.type(" receipt\r")
        try prompt.expect("/work › ")
        #expect(try jotter.texts("/work") == ["lunch 12 receipt"])
    }

    @Test func aRefusalThatNamesAFieldGoesBackToThatField() throws {
        try jotter.ok("new", "expenses")
        try jotter.ok("field", "add", "price", "decimal")
        try jotter.ok("field", "add", "receipt", "text")
        try jotter.ok("hook", "add", "before",
                      #"grep -q '"receipt"' || { echo 'no receipt number' >&2; echo '{"field":"receipt"}'; exit 1; }"#)
        let prompt = try jotter.prompt(expecting: "/expenses › ")
        prompt.type("lunch\r")
        try prompt.expect("/expenses › price: ")
        prompt.type("12\r")
        try prompt.expect("/expenses › receipt: ")
        prompt.type("\r")
        try prompt.expect("hook /expenses: no receipt number")
        try prompt.expect("/expenses › receipt: ")
        #expect(try jotter.texts("/expenses").isEmpty)
        prompt.type("R-17\r")
        try prompt.expect("/expenses › ")
        let entry = try #require(try jotter.entries("/expenses").first)
        #expect(entry["text"] as? String == "lunch")
        #expect(entry["fields"] as? [String: String] == ["price": "12", "receipt": "R-17"])
    }

    @Test func aHookAtThePromptHasNoTerminal() throws {
        let report = jotter.folder.file("terminal")
        try jotter.ok("hook", "add", "before",
                      "if (exec 3</dev/tty) 2>/dev/null; then echo has-terminal; else echo no-terminal; fi > '\(report)'; [ -t 0 ] && echo stdin-is-terminal >> '\(report)'; true")
        let prompt = try jotter.prompt()
        prompt.type("milk\r")
        try prompt.expect("/ › ")
        #expect(try String(contentsOfFile: report, encoding: .utf8) == "no-terminal\n")
        #expect(try jotter.texts() == ["milk"])
    }

    @Test func afterHooksNeverHoldUpTheNextPrompt() throws {
        let fifo = jotter.folder.file("go")
        #expect(mkfifo(fifo, 0o600) == 0)
        try jotter.ok("hook", "add", "after", "read word < '\(fifo)'; echo \"after: $word\" >&2; exit 1", "--timeout", "60")
        let prompt = try jotter.prompt()
        prompt.type("milk\r")
        // The hook waits on the fifo until this point: the prompt came back before it ended.
        try prompt.expect("/ › ")
        #expect(try jotter.texts() == ["milk"])
        let writer = open(fifo, O_WRONLY)
        #expect(writer >= 0)
        _ = write(writer, "go\n", 3)
        close(writer)
        prompt.type("\u{4}")
        try prompt.expect("hook /: after: go")
    }

    @Test func noHooksOnAPromptCommandSkipsThemForThatCommandOnly() throws {
        try jotter.ok("hook", "add", "before", "echo 'refused' >&2; exit 1")
        let prompt = try jotter.prompt()
        prompt.type(":add --no-hooks milk\r")
        try prompt.expect("/ › ")
        prompt.type(":add bread\r")
        try prompt.expect("hook /: refused")
        try prompt.expect("/ › ")
        #expect(try jotter.texts() == ["milk"])
    }

    @Test func pipedLinesRunTheHooksAndARefusedLineIsNotAdded() throws {
        try jotter.ok("hook", "add", "before", "grep -qv bad || { echo 'no bad lines' >&2; exit 1; }")
        let result = try jotter.run([], input: Data("good\nbad\nfine\n".utf8))
        #expect(result.status == 1)
        #expect(result.errors.contains("jotter: stdin:2: hook /: no bad lines"), "\(result.errors)")
        #expect(try jotter.texts() == ["good", "fine"])
    }
}

/// Imports run hooks only when asked to.
@Suite struct HookImportTests {
    let jotter = Jotter()

    @Test func anImportRunsNoHooksWithoutHooks() throws {
        try jotter.ok("hook", "add", "before", "exit 1")
        try jotter.ok("hook", "add", "after", "echo ran >> '\(jotter.folder.file("log"))'")
        let result = try jotter.run(["import", "--format", "lines"], input: Data("milk\nbread\n".utf8))
        #expect(result.status == 0, "\(result.errors)")
        #expect(try jotter.texts() == ["milk", "bread"])
        #expect(jotter.contents("log").isEmpty)
    }

    @Test func anImportWithHooksRunsThemForEachItem() throws {
        try jotter.ok("hook", "add", "before", "cat >> '\(jotter.folder.file("before"))'")
        try jotter.ok("hook", "add", "after", "printf '%s\\n' \"$JOTTER_ID\" >> '\(jotter.folder.file("after"))'")
        let result = try jotter.run(["import", "--hooks", "--format", "lines"], input: Data("milk\nbread\n".utf8))
        #expect(result.status == 0, "\(result.errors)")
        #expect(jotter.contents("before") == "{\"kind\":\"item\",\"text\":\"milk\",\"parent\":null}\n{\"kind\":\"item\",\"text\":\"bread\",\"parent\":null}\n")
        let ids = try jotter.entries().compactMap { $0["id"] as? String }
        #expect(ids.count == 2)
        #expect(jotter.contents("after") == ids.map { $0 + "\n" }.joined())
    }

    /// What a `before` hook replaces an item with is what the import writes, as for
    /// `add`: for plain lines and for records alike, its fields read in the target's form.
    @Test(arguments: ["lines", "jsonl"])
    func aBeforeHookReplacingAnItemIsWhatTheImportWrites(format: String) throws {
        try jotter.ok("new", "expenses")
        try jotter.ok("field", "add", "price", "decimal")
        try jotter.ok("hook", "add", "before",
                      #"sed 's/.*"text":"\([^"]*\)".*/{"text":"\1 (checked)","fields":{"price":"12.50"}}/'"#)
        let input = format == "lines" ? "lunch\ntea\n" : "{\"text\":\"lunch\"}\n{\"text\":\"tea\"}\n"
        let result = try jotter.run(["import", "--hooks", "--format", format], input: Data(input.utf8))
        #expect(result.status == 0, "\(result.errors)")
        let entries = try jotter.entries("/expenses")
        #expect(entries.map { $0["text"] as? String } == ["lunch (checked)", "tea (checked)"])
        #expect(entries.map { $0["fields"] as? [String: String] } == [["price": "12.5"], ["price": "12.5"]])
    }

    @Test func aBeforeHookRefusingARecordStopsTheImport() throws {
        try jotter.ok("hook", "add", "before", "grep -qv bad || { echo 'no bad lines' >&2; exit 1; }")
        let result = try jotter.run(["import", "--hooks", "--format", "lines"], input: Data("good\nbad\nfine\n".utf8))
        #expect(result.status == 1)
        #expect(result.errors == "jotter: stdin:2: hook /: no bad lines; nothing was imported\n")
        #expect(try jotter.texts().isEmpty)
    }
}
