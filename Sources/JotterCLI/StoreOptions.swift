import ArgumentParser
import JotterCore

#if canImport(Glibc)
import Glibc
#endif

/// The options every command takes: which store to use, and whether hooks run.
struct StoreOptions: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp(
            "The store to use (default: $JOTTER_STORE, else $XDG_DATA_HOME/jotter/jotter.sqlite3).",
            valueName: "path"))
    var store: String?

    @Option(
        name: .customLong("passphrase-command"),
        help: ArgumentHelp(
            "A command whose first line of output is the passphrase of an encrypted store (default: $JOTTER_PASSPHRASE_COMMAND).",
            valueName: "command"))
    var passphraseCommand: String?

    @Flag(name: .customLong("no-hooks"), help: "Run no hooks (as JOTTER_NO_HOOKS=1 does).")
    var noHooks = false

    @Flag(help: "Make the folders of --store's path when they do not exist.")
    var create = false

    @OptionGroup var output: OutputOptions

    /// The store's path, once it is known to be meant: see `location(explicit:create:)`.
    func location() throws -> String {
        try Self.location(explicit: store, create: create)
    }

    /// The store's path. A --store whose folder does not exist is a typo more often than
    /// a wish, and would look like an empty journal: it is refused unless --create is
    /// given. The default location is made as needed.
    static func location(explicit: String?, create: Bool) throws -> String {
        let path = try StoreLocation.resolve(explicit: explicit, environment: Terminal.environment)
        if explicit != nil && !create {
            let folder = path.lastIndex(of: "/").map { String(path[..<$0]) } ?? "."
            if !folder.isEmpty && access(folder, F_OK) != 0 {
                throw JotterError.input("--store \(path): the folder \(folder) does not exist; give --create to make it")
            }
        }
        return path
    }

    /// Whether opening `path` makes the default store: the first use, which says where.
    static func makesTheDefaultStore(_ path: String, explicit: String?) -> Bool {
        explicit == nil && (Terminal.environment("JOTTER_STORE") ?? "").isEmpty && access(path, F_OK) != 0
    }

    /// Whether hooks run: not with --no-hooks, nor with JOTTER_NO_HOOKS=1.
    var runsHooks: Bool {
        !noHooks && StoreOptions.environmentRunsHooks
    }

    static var environmentRunsHooks: Bool { Terminal.environment("JOTTER_NO_HOOKS") != "1" }
}
