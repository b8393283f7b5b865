import CJotterSearch
import CSQLite

extension Database {
    /// Makes the `jotter` FTS5 tokenizer available on this connection. SQLite keeps no
    /// record of it in the file, so every connection that reads or writes a table made
    /// with `tokenize='jotter'` must register it first.
    public func registerSearchTokenizer() throws {
        let result = jotter_search_register(handle)
        guard result == SQLITE_OK else {
            throw SQLiteError(code: result, message: "cannot register the search tokenizer: \(String(cString: sqlite3_errstr(result)))")
        }
    }
}
