import CLibPQ
import JotterCore

/// Where this store syncs: a libpq connection string (key=value pairs or a
/// postgresql:// URI) and the journal on that hub. Kept in the store's local settings,
/// never synced, and never with a password in it: libpq finds one in ~/.pgpass or
/// PGPASSWORD.
public struct HubRemote: Equatable, Sendable {
    public static let defaultJournal = Store.StoredRemote.defaultJournal
    /// Said where an encrypted store meets a remote: its user would not expect the
    /// hub to hold what the store keeps secret.
    public static let inTheClear =
        "the hub receives this store's entries in the clear: its encryption covers the file on this machine only"

    public let conninfo: String
    public let journal: String

    /// Checks `conninfo` as libpq parses it and `journal` as a name; a conninfo with a
    /// password is refused, since the store would keep it in the clear.
    public init(conninfo: String, journal: String = HubRemote.defaultJournal) throws {
        let options = try HubRemote.parse(conninfo)
        if let password = options.first(where: { $0.keyword == "password" }), !password.value.isEmpty {
            throw JotterError.input(
                "the connection string holds a password, which the store would keep in the clear; put it in ~/.pgpass (or PGPASSWORD) and leave it out here")
        }
        if let password = options.first(where: { $0.keyword == "sslpassword" }), !password.value.isEmpty {
            throw JotterError.input(
                "the connection string holds sslpassword, the passphrase of the client key, which the store would keep in the clear; leave it out and give the hub a key of its own, readable only by you, with no passphrase")
        }
        guard !journal.isEmpty, journal.utf8.count <= 200,
              !journal.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            throw JotterError.input("the journal's name must be 1 to 200 bytes without control characters")
        }
        self.conninfo = conninfo
        self.journal = journal
    }

    /// libpq's reason with the parts of the connection string it quotes (`missing "="
    /// after "horse"`, `invalid percent-encoded token: "correct%zzhorse"`) left out: the
    /// part it could not read is often a password it could not read either, a single
    /// character of it included. A quoted `=` is libpq's own.
    static func withoutQuotedParts(_ reason: String) -> String {
        let parts = reason.split(separator: "\"", omittingEmptySubsequences: false)
        guard parts.count >= 3 else { return reason }
        return parts.enumerated().map { index, part in
            index % 2 == 1 && index < parts.count - 1 && part != "=" ? "…" : String(part)
        }.joined(separator: "\"")
    }

    /// What `conninfo` makes libpq do, for the user to judge before trusting it: where
    /// it connects and as whom first (host, hostaddr, port, user, dbname), then every
    /// other option it gives, a password-like value shown as hidden. libpq finds a
    /// password for `host` and `user` in ~/.pgpass and sends it to `hostaddr` when
    /// that is given, so each is shown on its own.
    public static func shownOptions(of conninfo: String) throws -> [(keyword: String, value: String)] {
        let given = try parse(conninfo)
        let first = ["host", "hostaddr", "port", "user", "dbname"]
        let ordered = first.flatMap { keyword in given.filter { $0.keyword == keyword } }
            + given.filter { !first.contains($0.keyword) }
        return ordered.map { option in
            option.keyword.contains("password") && !option.value.isEmpty ? (option.keyword, "(hidden)") : option
        }
    }

    /// The options `conninfo` gives, as libpq reads them.
    static func parse(_ conninfo: String) throws -> [(keyword: String, value: String)] {
        let pq = try LibPQ.loaded()
        var message: UnsafeMutablePointer<CChar>?
        guard let options = pq.conninfoParse(conninfo, &message) else {
            let reason = message.map { HubRemote.withoutQuotedParts(HubConnection.oneLine($0)) } ?? "out of memory"
            if let message { pq.freemem(message) }
            throw JotterError.input("the connection string cannot be read: \(reason)")
        }
        defer { pq.conninfoFree(options) }
        var given: [(keyword: String, value: String)] = []
        var option = options
        while let keyword = option.pointee.keyword {
            if let value = option.pointee.val {
                given.append((String(cString: keyword), String(cString: value)))
            }
            option += 1
        }
        return given
    }
}
