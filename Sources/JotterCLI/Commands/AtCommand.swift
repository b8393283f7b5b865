import ArgumentParser
import JotterCore

/// Only at the prompt: it dates the entries the prompt makes after it, which a
/// one-shot `add` does with `--at`.
struct AtCommand: StoreCommand {
    static let configuration = CommandConfiguration(
        commandName: "at",
        abstract: "Date the entries that follow WHEN, until ':at now'.",
        discussion: """
            WHEN is any day or time `log` takes, with a time or not ('yesterday 21:00', \
            'monday 9am', 'Nov 27', '2026-11-27 21:00'); a day without a time dates each \
            entry at the time of day it is made. The prompt shows the date \
            (/diary @yesterday 21:00 ›) until ':at now'.
            """)

    @OptionGroup(visibility: .hidden) var options: StoreOptions

    @Argument(help: ArgumentHelp("A day or a time, or now.", valueName: "when"))
    var when: [String]

    func run(in context: CommandContext) throws -> CommandOutcome {
        let words = EntryText.trimmed(when.joined(separator: " "))
        let dating = try EntryDating(parsing: words, option: ":at", nowMilliseconds: context.clock.now().milliseconds,
                                     zone: SystemZone())
        return .dated(dating, words: words)
    }
}
