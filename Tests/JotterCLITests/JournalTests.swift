import Foundation
import JotterCore
import Testing

/// The journal's verbs end to end: one-shot from a shell and as `:commands` at the
/// prompt under a pseudo-terminal.
@Suite struct JournalTests {
    let jotter = Jotter()

    @Test func doneItemsLeaveTheListingButKeepTheirPositions() throws {
        try jotter.ok("add", "milk")
        try jotter.ok("add", "eggs")
        try jotter.ok("add", "bread")
        try jotter.ok("done", "2")
        #expect(try jotter.ok("list").split(separator: "\n").map { $0.prefix(1) } == ["1", "3"])
        #expect(try jotter.ok("list", "--all").contains("✓ eggs"))
        let all = try jotter.ok("list", "--all", "--format", "jsonl").split(separator: "\n")
        #expect(all.map { $0.contains("\"done\":\"") } == [false, true, false], "json gives the done time")
        #expect(try jotter.texts() == ["milk", "bread"], "json leaves done items out too, without --all")
        try jotter.ok("undone", "eggs")
        #expect(try jotter.texts() == ["milk", "eggs", "bread"])
        #expect(try jotter.run(["done", "nothing-here"]).status == 1)
    }

    @Test func theDoneMarkSurvivesAnExportAndImport() throws {
        try jotter.ok("add", "filed")
        try jotter.ok("add", "open")
        try jotter.ok("done", "1")
        let exported = try jotter.ok("export", "--format", "jsonl")
        let other = Jotter()
        try other.ok("import", "--format", "jsonl", input: exported)
        #expect(try other.ok("export", "--format", "jsonl") == exported)
        #expect(try other.texts() == ["open"])
    }

    @Test func moveRefusesItsOwnSubtreeAndKeepsIds() throws {
        try jotter.ok("new", "work")
        try jotter.ok("new", "reports")
        try jotter.ok("cd", "/")
        let id = try jotter.ok("add", "--to", "/work/reports", "q3").trimmingCharacters(in: .whitespacesAndNewlines)
        let refused = try jotter.run(["mv", "work", "/work/reports"])
        #expect(refused.status == 1)
        #expect(refused.errors.contains("inside it"), "\(refused.errors)")
        try jotter.ok("new", "archive")
        try jotter.ok("cd", "/")
        try jotter.ok("mv", "/work/reports", "archive")
        #expect(try jotter.texts("/archive/reports") == ["q3"])
        #expect(try jotter.entries("/archive/reports")[0]["id"] as? String == id)
        #expect(try jotter.texts("/work").isEmpty)
    }

    @Test func removedEntriesGoToTheTrashAndComeBackWhereTheyWere() throws {
        try jotter.ok("new", "work")
        try jotter.ok("add", "report")
        try jotter.ok("add", "email")
        try jotter.ok("rm", "report")
        try jotter.ok("cd", "/")
        try jotter.ok("rm", "work")
        let trash = try jotter.ok("trash")
        #expect(trash.contains("report") && trash.contains("from /work"))
        #expect(trash.contains("work/ (and 1 under it)"))
        let early = try jotter.run(["restore", "report"])
        #expect(early.status == 1 && early.errors.contains("restore that first"), "\(early.errors)")
        try jotter.ok("restore", "work")
        try jotter.ok("restore", "report")
        #expect(try jotter.texts("/work") == ["report", "email"])
        #expect(try jotter.ok("trash").isEmpty)
    }

    @Test func anImportDoesNotWriteIntoTheTrash() throws {
        try jotter.ok("new", "l")
        try jotter.ok("add", "x")
        let exported = try jotter.ok("export", "/", "--format", "jsonl", "--recursive")
        let listID = try #require(try jotter.entries("/")[0]["id"] as? String)
        try jotter.ok("cd", "/")
        try jotter.ok("rm", "l")
        for input in [exported, "{\"kind\":\"item\",\"text\":\"new\",\"parent\":\"\(listID)\"}\n"] {
            let result = try jotter.run(["import", "--format", "jsonl", "--on-conflict", "replace"], input: Data(input.utf8))
            #expect(result.status == 1)
            #expect(result.errors.contains("is in the trash"), "\(result.errors)")
        }
        #expect(try jotter.ok("trash").contains("l/ (and 1 under it)"))
    }

    @Test func editKeepsTheEditedTextWhenItCannotBeSaved() throws {
        try jotter.ok("add", "draft")
        let result = try jotter.run(["edit", "1"], extraEnvironment: [
            "EDITOR": "printf 'a\\000b' >", "TMPDIR": jotter.folder.path])
        #expect(result.status == 1)
        let kept = try #require(result.errors.components(separatedBy: "kept in ").last?.trimmingCharacters(in: .newlines))
        #expect(FileManager.default.fileExists(atPath: kept), "\(result.errors)")
        #expect(try jotter.texts() == ["draft"])
        #expect(try jotter.run(["edit", "1"]).errors.contains("needs the new text"), "no terminal and no editor named")
    }

    @Test func emptyingTheTrashAsksUnlessTold() throws {
        try jotter.ok("add", "secret")
        try jotter.ok("rm", "1")
        let unasked = try jotter.run(["trash", "--empty"])
        #expect(unasked.status == 1 && unasked.errors.contains("--yes"), "\(unasked.errors)")
        try jotter.ok("trash", "--empty", "--yes")
        #expect(try jotter.ok("trash").isEmpty)
        #expect(try jotter.run(["undo"]).errors.contains("nothing to undo"))
    }

    @Test func undoRevertsEachKindOfChangeAndRedoMakesItAgain() throws {
        try jotter.ok("new", "shop")
        try jotter.ok("add", "milk")
        try jotter.ok("import", input: "a\nb\nc\n")
        try jotter.ok("edit", "milk", "oat milk")
        try jotter.ok("done", "1")
        try jotter.ok("rm", "a")
        let steps = ["rm \"a\"", "done \"oat milk\"", "edit \"milk\"", "import 3 items", "add \"milk\"", "new \"shop\""]
        for step in steps {
            let result = try jotter.run(["undo"])
            #expect(result.status == 0)
            #expect(result.errors.hasPrefix("undid \(step) ("), "\(result.errors)")
        }
        #expect(try jotter.texts("/").isEmpty)
        #expect(try jotter.run(["undo"]).status == 1)
        for step in steps.reversed() {
            #expect(try jotter.run(["redo"]).errors.hasPrefix("redid \(step) ("))
        }
        #expect(try jotter.ok("list", "--all", "/shop").contains("✓ oat milk"))
        #expect(try jotter.texts("/shop") == ["b", "c"])
    }

    @Test func editWithoutTextOpensTheEditorOnAPrivateFile() throws {
        try jotter.ok("add", "draft")
        let editor = jotter.folder.file("editor.sh")
        let seen = jotter.folder.file("seen")
        try """
            #!/bin/sh
            stat -c '%a' "$1" > \(seen)
            stat -c '%a' "$(dirname "$1")" >> \(seen)
            printf 'final\\nsecond line\\n' > "$1"
            """.write(toFile: editor, atomically: true, encoding: .utf8)
        chmod(editor, 0o755)
        let edited = try jotter.run(["edit", "1"], extraEnvironment: ["VISUAL": editor, "TMPDIR": jotter.folder.path])
        #expect(edited.status == 0, "\(edited.errors)")
        #expect(try jotter.texts() == ["final\nsecond line"])
        #expect(try String(contentsOfFile: seen, encoding: .utf8) == "600\n700\n")
        let left = try FileManager.default.contentsOfDirectory(atPath: jotter.folder.path)
        #expect(!left.contains { $0.hasPrefix("jotter-edit") }, "the temporary folder is removed")

        // An editor that leaves the text as it was, or empties it, changes nothing.
        let before = try jotter.entries()[0]["updated"] as? String
        for script in ["true", "printf '' > \"$1\" #"] {
            let result = try jotter.run(["edit", "1"], extraEnvironment: ["EDITOR": script, "TMPDIR": jotter.folder.path])
            #expect(result.status == 0)
            #expect(try jotter.entries()[0]["updated"] as? String == before)
        }
        let failing = try jotter.run(["edit", "1"], extraEnvironment: ["EDITOR": "false", "TMPDIR": jotter.folder.path])
        #expect(failing.status == 1 && failing.errors.contains("nothing was changed"))
    }

    @Test func editRemovesWhatTheEditorMadeInItsFolderButNothingOutsideIt() throws {
        try jotter.ok("add", "draft")
        let outside = jotter.folder.file("outside")
        try FileManager.default.createDirectory(atPath: outside, withIntermediateDirectories: true)
        try "keep".write(toFile: outside + "/precious", atomically: true, encoding: .utf8)
        let temporary = jotter.folder.file("tmp")
        try FileManager.default.createDirectory(atPath: temporary, withIntermediateDirectories: true)
        let editor = jotter.folder.file("editor.sh")
        try """
            #!/bin/sh
            folder="$(dirname "$1")"
            mkdir -p "$folder/.backup/deeper/still"
            echo swap > "$folder/.backup/deeper/still/entry.txt~"
            echo swap > "$folder/.backup/entry.swp"
            ln -s \(outside) "$folder/.backup/link"
            ln -s \(outside) "$folder/link"
            printf 'final\n' > "$1"
            """.write(toFile: editor, atomically: true, encoding: .utf8)
        chmod(editor, 0o755)
        let edited = try jotter.run(["edit", "1"], extraEnvironment: ["VISUAL": editor, "TMPDIR": temporary])
        #expect(edited.status == 0, "\(edited.errors)")
        #expect(try jotter.texts() == ["final"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: temporary).isEmpty, "the whole private folder is gone")
        #expect(try String(contentsOfFile: outside + "/precious", encoding: .utf8) == "keep", "links are not followed")
    }

    @Test func editKeepsTheIdAndCreationTimeAndTakesFieldValues() throws {
        try jotter.ok("new", "expenses")
        try jotter.ok("field", "add", "price", "decimal")
        try jotter.ok("add", "coffee", "price:3")
        let before = try jotter.entries()[0]
        try jotter.ok("edit", "coffee", "flat white", "price:3.80")
        let after = try jotter.entries()[0]
        #expect(after["id"] as? String == before["id"] as? String)
        #expect(after["created"] as? String == before["created"] as? String)
        #expect(after["updated"] as? String != before["updated"] as? String)
        #expect(after["text"] as? String == "flat white")
        #expect(after["fields"] as? [String: String] == ["price": "3.8"])
        #expect(try jotter.run(["edit", "1", "x", "price:abc"]).status == 1)
    }

    @Test func theVerbsWorkAtThePrompt() throws {
        try jotter.ok("new", "shop")
        try jotter.ok("add", "milk")
        try jotter.ok("add", "eggs")
        let prompt = try jotter.prompt(expecting: "/shop › ")
        prompt.type(":edit milk\r")
        try prompt.expect("/shop › edit: milk")
        prompt.type(" and honey\r")
        try prompt.expect("/shop › ")
        prompt.type(":edit 2\r")
        try prompt.expect("/shop › edit: eggs")
        prompt.type("\u{3}")
        try prompt.expect("nothing changed")
        try prompt.expect("/shop › ")
        prompt.type(":done 2\r")
        try prompt.expect("/shop › ")
        prompt.type(":rm 1\r")
        try prompt.expect("to the trash")
        try prompt.expect("/shop › ")
        prompt.type(":undo\r")
        try prompt.expect("undid rm")
        try prompt.expect("/shop › ")
        prompt.type(":undo\r")
        try prompt.expect("undid done")
        try prompt.expect("/shop › ")
        prompt.type("bread\r")
        try prompt.expect("/shop › ")
        prompt.type(":undo\r")
        try prompt.expect("undid add \"bread\"")
        try prompt.expect("/shop › ")
        prompt.type(":redo\r")
        try prompt.expect("redid add \"bread\"")
        try prompt.expect("/shop › ")
        prompt.type("\u{4}")
        #expect(try prompt.waitForExit() == 0)
        #expect(try jotter.texts("/shop") == ["milk and honey", "eggs", "bread"])
        #expect(try jotter.entries("/shop")[0]["updated"] != nil)
    }

    @Test func theOtherVerbsWorkAtThePromptToo() throws {
        try jotter.ok("new", "work")
        try jotter.ok("add", "standup #team")
        try jotter.ok("add", "review")
        try jotter.ok("new", "--in", "/", "archive")
        let prompt = try jotter.prompt(expecting: "/work › ")
        prompt.type(":done 2\r")
        try prompt.expect("/work › ")
        prompt.type(":undone review\r")
        try prompt.expect("/work › ")
        prompt.type(":mv review /archive\r")
        try prompt.expect("/work › ")
        prompt.type(":tags\r")
        try prompt.expect("1  #team")
        try prompt.expect("/work › ")
        prompt.type(":log --on today\r")
        try prompt.expect("/work  standup #team")
        try prompt.expect("/work › ")
        prompt.type(":rm 1\r")
        try prompt.expect("/work › ")
        prompt.type(":trash\r")
        try prompt.expect("standup #team  from /work")
        try prompt.expect("/work › ")
        prompt.type(":restore 1\r")
        try prompt.expect("restored")
        try prompt.expect("/work › ")
        // Removing the place the prompt stands in takes it to the nearest place left.
        prompt.type(":rm /work\r")
        try prompt.expect("/work no longer exists; now at /")
        try prompt.expect("/ › ")
        prompt.type(":undo\r")
        try prompt.expect("undid rm")
        try prompt.expect("/ › ")
        prompt.type("\u{4}")
        #expect(try prompt.waitForExit() == 0)
        #expect(try jotter.texts("/work") == ["standup #team"])
        #expect(try jotter.texts("/archive") == ["review"])
        #expect(try jotter.entries("/archive")[0]["done"] == nil)
    }

    @Test func aSavedPlaceThatWasRemovedFallsBackWithANotice() throws {
        try jotter.ok("new", "work")
        try jotter.ok("rm", "/work")
        let added = try jotter.run(["add", "note"])
        #expect(added.status == 0)
        #expect(added.errors.contains("/work no longer exists; now at /"), "\(added.errors)")
        #expect(try jotter.texts("/") == ["note"])
    }

    @Test func undoReachesAChangeMadeByAnotherProcessAtThePrompt() throws {
        let prompt = try jotter.prompt()
        prompt.type("typed at the prompt\r")
        try prompt.expect("/ › ")
        try jotter.ok("undo")
        prompt.type(":ls\r")
        try prompt.expect("/ is empty")
        try prompt.expect("/ › ")
        prompt.type("\u{4}")
        #expect(try prompt.waitForExit() == 0)
    }
}
