import ArgumentParser

/// The option every command takes: which store to use.
struct StoreOptions: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp(
            "The store to use (default: $JOTTER_STORE, else $XDG_DATA_HOME/jotter/jotter.sqlite3).",
            valueName: "path"))
    var store: String?
}
