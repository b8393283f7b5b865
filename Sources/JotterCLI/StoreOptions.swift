import ArgumentParser

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

    /// Whether hooks run: not with --no-hooks, nor with JOTTER_NO_HOOKS=1.
    var runsHooks: Bool {
        !noHooks && StoreOptions.environmentRunsHooks
    }

    static var environmentRunsHooks: Bool { Terminal.environment("JOTTER_NO_HOOKS") != "1" }
}
