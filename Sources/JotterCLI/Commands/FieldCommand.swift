import ArgumentParser
import JotterApplication
import JotterCore

struct FieldCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "field",
        abstract: "Declare, show or remove the fields items here are asked for.",
        discussion: """
            An item entered at a place with fields walks them at the prompt, one \
            prompt each, after its text; Enter on the last one adds the item and its \
            values in one transaction. Enter on an empty optional field skips it, \
            Shift-Tab or :back goes back one field, Ctrl-C drops the item. A value \
            that does not parse is refused in one line and left in the line to \
            correct. A line can also fill fields inline, 'coffee price:3.50 \
            mood:good' (quotes for spaces: note:"two words", with \\" and \\\\ inside); a \
            word whose name is not a field stays text. Lines pasted at the prompt, \
            piped lines and 'jotter add' take fields this way only: each is a whole \
            item, refused with a message when a required field is missing. The lists and items below a place do not ask for its \
            fields unless they were added with --inherit; a field declared below \
            replaces an inherited one of the same name.

            decimal: exact, never binary floating point, and stored in canonical \
            form: an optional sign (+, -, or U+2212), digits, and at most one '.' \
            ('.5' and '5.' are accepted); ',' separates thousands in the whole part \
            only, in groups of three ('1,234.5'); fullwidth digits and signs are read \
            as ASCII ones. No exponents, no NaN or infinity, at most 1,000 digits. \
            What you type is left as it is until the item is added; then '1.0' \
            becomes '1', '.5' '0.5', '007' '7', '-0' '0' and '1,234.5' '1234.5'.

            date: YYYY-MM-DD, today, yesterday, tomorrow, or a weekday name (monday \
            or mon): a weekday alone or with 'next' is the next such day after today, \
            with 'last' the one before today. Stored and shown as YYYY-MM-DD.

            choice: one of the choices, in any case; stored as declared. text: one \
            line.
            """,
        subcommands: [FieldAddCommand.self, FieldListCommand.self, FieldRemoveCommand.self])
}

struct FieldAddCommand: StoreCommand {
    static let configuration = CommandConfiguration(
        commandName: "add",
        abstract: "Add a field to the form of the current place.",
        discussion: """
            TYPE is text, decimal, date or choice; a choice field is followed by its \
            choices, separated by commas: 'field add mood choice good,ok,bad'. The new \
            field comes after the others.
            """)

    @OptionGroup(visibility: .hidden) var options: StoreOptions

    @Option(name: .customLong("in"), help: ArgumentHelp("Add it to this list or item instead.", valueName: "target"),
            completion: ShellCompletion.targets)
    var target: String?

    @Flag(help: "An item cannot be added without a value for it.")
    var required = false

    @Flag(help: "The lists and items below ask for it too.")
    var inherit = false

    @Argument(help: ArgumentHelp("The field's name: one word without ':'.", valueName: "name"))
    var name: String

    @Argument(help: ArgumentHelp("text, decimal, date or choice.", valueName: "type"))
    var type: String

    @Argument(help: ArgumentHelp("For a choice field: the choices, separated by commas.", valueName: "choices"))
    var choices: String?

    func run(in context: CommandContext) throws -> CommandOutcome {
        if let problem = Field.problem(withName: name) { throw JotterError.input(problem) }
        let field = Field(name: name, kind: try Field.Kind(name: type, choices: choices),
                          isRequired: required, isInherited: inherit)
        let place = try target.map(context.resolve) ?? context.path
        try context.store.addField(field, to: place.top)
        return .nothing
    }
}

struct FieldListCommand: StoreCommand {
    static let pagesOutput = true

    static let configuration = CommandConfiguration(
        commandName: "ls",
        abstract: "Show the fields items here are asked for, in order.",
        discussion: "Fields passed down from a place above are marked with where they come from.",
        aliases: ["list"])

    @OptionGroup(visibility: .hidden) var options: StoreOptions

    @Argument(help: ArgumentHelp("The list or item whose form to show.", valueName: "target"),
              completion: ShellCompletion.targets)
    var target: [String] = []

    func run(in context: CommandContext) throws -> CommandOutcome {
        let place = try context.place(target)
        let form = try context.store.form(at: place)
        let own = try context.store.fields(declaredBy: place.top)
        if form.fields.isEmpty && context.terminal.outputIsTerminal {
            context.messages.show("\(place.display) asks for no fields")
        }
        for field in form.fields {
            let source = own.contains(field) ? "" : " (from above)"
            context.output.write(TerminalStyle.escaped(field.name) + "\t" + TerminalStyle.escaped(field.summary) + source + "\n")
        }
        if let limit = form.lineLimit {
            context.output.write("entries have up to \(limit) lines\n")
        }
        return .nothing
    }
}

struct FieldRemoveCommand: StoreCommand {
    static let configuration = CommandConfiguration(
        commandName: "rm",
        abstract: "Remove a field from the form of the current place.",
        discussion: "Values items already hold for it are kept, and still listed and exported.",
        aliases: ["remove"])

    @OptionGroup(visibility: .hidden) var options: StoreOptions

    @Option(name: .customLong("in"), help: ArgumentHelp("Remove it from this list or item instead.", valueName: "target"),
            completion: ShellCompletion.targets)
    var target: String?

    @Argument(help: ArgumentHelp("The field's name.", valueName: "name"), completion: ShellCompletion.fields)
    var name: String

    func run(in context: CommandContext) throws -> CommandOutcome {
        let place = try target.map(context.resolve) ?? context.path
        try context.store.removeField(named: name, from: place.top)
        return .nothing
    }
}
