@testable import JotterCLI
import JotterCore
import TestSupport

/// A command context of a test's own: a store in a temporary folder, output and
/// messages kept in memory, no terminal, and a fixed day.
struct InProcess {
    let folder = TemporaryFolder()
    let store: Store
    let context: CommandContext

    static let today = try! FieldDate(year: 2026, month: 11, day: 22)

    init(isPrompt: Bool = false, terminal: TerminalFacts = .none) throws {
        store = try Store(path: folder.file("store.sqlite3"))
        context = CommandContext(store: store, path: .root, isPrompt: isPrompt, output: OutputBuffer(), messages: Messages(),
                                 terminal: terminal,
                                 clock: Clock(now: { Timestamp(milliseconds: 1_795_328_129_653, offsetSeconds: 3600) },
                                              today: { InProcess.today }))
    }

    /// Parses `arguments` as `jotter` does and runs the command in this context.
    @discardableResult
    func run(_ arguments: [String]) throws -> CommandOutcome {
        let command = try JotterCommand.parseAsRoot(arguments)
        guard let storeCommand = command as? any StoreCommand else {
            fatalError("\(arguments) is not a command on a store")
        }
        let outcome = try storeCommand.run(in: context)
        try context.settle(outcome)
        return outcome
    }

    var output: String { context.output.text }
    var messages: String { context.messages.text }
}

/// Lines for the prompt as if typed, one after another, then the end of input.
final class TypedLines: LineSource {
    private var lines: [String]
    /// The prompt shown for each line read.
    private(set) var prompts: [String] = []

    init(_ lines: [String]) {
        self.lines = lines
    }

    var location: String? { nil }

    func readLine(prompt: String) -> LineEvent {
        prompts.append(prompt)
        return lines.isEmpty ? .end : .line(lines.removeFirst())
    }

    func prefill(_ text: String) -> Bool { false }
    func remember(_ line: String) {}
}
