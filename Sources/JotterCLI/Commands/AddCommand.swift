import ArgumentParser
import JotterApplication
import JotterCore

#if canImport(Glibc)
import Glibc
#endif

struct AddCommand: StoreCommand {
    static let configuration = CommandConfiguration(
        commandName: "add",
        abstract: "Add an item and print its id.",
        discussion: """
            The words are joined with spaces and trimmed; the text is taken literally, \
            so it may start with ':'. The item goes under the current place, or under \
            TARGET with --to. Where the place has fields, words 'name:value' fill them \
            ('coffee price:3.50'), and every required field must be given. --at WHEN \
            dates the item then instead of now: WHEN is any day or time `log` takes, \
            with a time or not ('yesterday 21:00', 'monday 9am', 'Nov 27', \
            '2026-11-27 21:00'); a day without a time takes the time of day it is now. \
            Unquoted, the longest run of up to four words that reads as a WHEN is taken. \
            Without words, from a shell on a terminal, $VISUAL (else $EDITOR, else vi) opens \
            an empty file, and what is left in it is the item; left empty, nothing is added.
            """)

    @OptionGroup(visibility: .hidden) var options: StoreOptions

    @Option(name: .customLong("to"), help: ArgumentHelp("Add it under this list or item.", valueName: "target"),
            completion: ShellCompletion.targets)
    var target: String?

    @Option(help: ArgumentHelp("Date the item then rather than now.", valueName: "when"))
    var at: String?

    @Argument(help: ArgumentHelp("The item's text (none: write it in $EDITOR).", valueName: "text"),
              completion: ShellCompletion.choiceValues)
    var words: [String] = []

    func validate() throws {
        if words.isEmpty && !Terminal.isTerminal(STDIN_FILENO) {
            throw ValidationError("add needs the item's text (on a terminal, without it, $EDITOR opens)")
        }
    }

    func run(in context: CommandContext) throws -> CommandOutcome {
        let zone = SystemZone()
        let dating = try at.flatMap { (text) throws(JotterError) in
            try EntryDating(parsing: text, option: "--at", nowMilliseconds: context.clock.now().milliseconds, zone: zone)
        }
        guard words.isEmpty, !context.isPrompt, context.terminal.inputIsTerminal else {
            return try AddCommand.add(words: words, target: target, dating: dating, in: context)
        }
        var outcome = CommandOutcome.nothing
        try ExternalEditor.edit("", inputIsTerminal: true, inMemory: context.store.key != nil) { text, _ in
            guard !EntryText.trimmed(text).isEmpty else {
                context.messages.show("the text is empty; nothing was added")
                return
            }
            outcome = try AddCommand.add(words: [text], target: target, dating: dating, in: context)
        }
        return outcome
    }

    /// The words as one line of inline fields. The shell has already split the words:
    /// `note:"two words"` arrives as one word with a space in it, which is quoted here
    /// so that it stays one value.
    static func inlineLine(_ words: [String], form: EntryForm) -> String {
        EntryText.trimmed(words.map { word in
            guard let colon = word.firstIndex(of: ":"), form.index(ofField: String(word[..<colon])) != nil else { return word }
            let value = String(word[word.index(after: colon)...])
            guard !value.hasPrefix("\""), value.contains(where: { $0.isWhitespace || $0 == "\"" }) else { return word }
            return FieldValue.inlineWords([FieldValue(name: String(word[..<colon]), value: value)])
        }.joined(separator: " "))
    }

    /// What `add` does, shared with the quick path that skips the argument parser.
    /// When the current place was deleted meanwhile, the item goes to what is left of
    /// it, which becomes the place; a place named by `--to` is not followed.
    static func add(words: [String], target: String?, dating: EntryDating? = nil,
                    in context: CommandContext) throws -> CommandOutcome {
        let text = EntryText.trimmed(words.joined(separator: " "))
        guard !text.isEmpty else { throw JotterError.input("nothing to add: the text is empty") }
        if let problem = EntryText.problem(with: text.utf8) {
            throw JotterError.input("the text \(problem)")
        }
        let place = try target.map(context.resolve) ?? context.path
        let created = dating?.timestamp(nowMilliseconds: context.clock.now().milliseconds, zone: SystemZone())
        let typing = EntryActions.Typing.fromWords { form in
            form.fields.isEmpty
                ? (text: text, fields: [])
                : try form.fill(AddCommand.inlineLine(words, form: form), today: context.clock.today()).entry(in: form)
        }
        switch try context.entries.add(typing, at: place, whenPlaceGone: target == nil ? .follow : .handBack,
                                             created: created) {
        case .added(let node, let placeNow, _):
            context.output.write(node.id.description + "\n")
            return target == nil && placeNow != place ? .moved(placeNow) : .nothing
        case .refused(let message, _):
            throw JotterError.input(message)
        case .placeChanged:
            throw JotterError.input("\(place.display) was moved or deleted just now; nothing was added")
        case .formChanged:
            throw JotterError.input("the fields of \(place.display) changed meanwhile; nothing was added")
        }
    }
}
