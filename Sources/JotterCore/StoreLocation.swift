/// Where the store is when no `--store` is given.
public enum StoreLocation {
    /// `JOTTER_STORE`, else `$XDG_DATA_HOME/jotter/jotter.sqlite3`, else
    /// `~/.local/share/jotter/jotter.sqlite3`. Empty variables count as unset, as the
    /// XDG base directory specification asks; so does a relative `XDG_DATA_HOME`.
    public static func resolve(explicit: String?, environment: (String) -> String?) throws -> String {
        if let explicit {
            // An empty --store is a mistake (an unset shell variable), not a wish for
            // the default store.
            guard !explicit.isEmpty else { throw JotterError.input("--store was given an empty path; name the store's file") }
            return explicit
        }
        if let store = environment("JOTTER_STORE"), !store.isEmpty { return store }
        if let dataHome = environment("XDG_DATA_HOME"), dataHome.hasPrefix("/") {
            return dataHome + "/jotter/jotter.sqlite3"
        }
        guard let home = environment("HOME"), !home.isEmpty else {
            throw JotterError.input("cannot tell where the store is: HOME is not set; give --store PATH or set JOTTER_STORE")
        }
        return home + "/.local/share/jotter/jotter.sqlite3"
    }
}
