import ArgumentParser
import JotterCore

struct TagsCommand: StoreCommand {
    static let pagesOutput = true

    static let configuration = CommandConfiguration(
        commandName: "tags",
        abstract: "List the tags in the store, with how many entries hold each.",
        discussion: """
            A tag is a word that starts with '#' in an item's text or a list's name: \
            #work, #日本語. Tags are matched without regard to case and shown in lower \
            case. 'list --tag work' shows the entries of a place that hold one; \
            'find #work' finds them everywhere.
            """)

    @OptionGroup(visibility: .hidden) var options: StoreOptions

    func run(in context: CommandContext) throws -> CommandOutcome {
        let tags = try context.store.tags()
        if tags.isEmpty { context.messages.show("no tags yet: a word starting with '#' in an entry is one") }
        let width = String(tags.first?.count ?? 0).count
        for (tag, count) in tags {
            let number = String(count)
            context.output.write(String(repeating: " ", count: width - number.count) + number + "  #"
                + TerminalStyle.escaped(tag) + "\n")
        }
        return .nothing
    }
}
