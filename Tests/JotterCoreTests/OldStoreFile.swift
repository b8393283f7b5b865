import Foundation
@testable import JotterCore
import Testing

/// Makes the file at `path` as a jotter whose store was at `version` left it: the
/// first `version` steps of the migrations, then `fill` on its connection, which
/// writes the rows that store held. The connection is closed before this returns, so
/// that the store opened next migrates it.
func makeStoreFile(at path: String, version: Int, _ fill: (Database) throws -> Void) throws {
    #expect(FileManager.default.createFile(atPath: path, contents: nil))
    let database = try Database(path: path)
    try database.registerSearchTokenizer()
    try database.registerChecksumFunction()
    try database.execute("PRAGMA journal_mode = WAL")
    for step in Migrations.steps.prefix(version) { try database.execute(step) }
    try fill(database)
    try database.execute("PRAGMA user_version = \(version)")
}
