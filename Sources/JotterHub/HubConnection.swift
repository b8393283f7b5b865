import CLibPQ
import JotterCore

#if canImport(Glibc)
import Glibc
#endif

/// One connection to the hub through libpq: statements with bound parameters only,
/// `COPY … FROM STDIN` for pushes, and every failure turned into one line that names
/// the hub (socket or host, and database; never a password) and the reason.
final class HubConnection {
    private let pq: LibPQ
    private let handle: OpaquePointer
    /// The hub as messages name it: `hub jotter at db.example.com:5432`.
    let name: String

    /// Connects as libpq's conventions say: `conninfo` (key=value or a postgresql://
    /// URI) on top of PGHOST, PGUSER, ~/.pgpass, PGPASSWORD, service files and the rest.
    init(conninfo: String) throws {
        let pq = try LibPQ.loaded()
        self.pq = pq
        // Settings before "dbname" are defaults the conninfo may override; those after
        // it hold whatever the conninfo says. A hub that does not answer is given up
        // after a while rather than waited for as long as TCP would.
        var keywords: [String?] = ["application_name"]
        var values: [String?] = ["jotter"]
        if getenv("PGCONNECT_TIMEOUT") == nil {
            keywords.append("connect_timeout")
            values.append("10")
        }
        // Compiling a statement to machine code took longer than running it: PostgreSQL
        // judges by its cost estimate, which grows with the journal, and a page of a
        // first sync paid for it again every time. PGOPTIONS, and the conninfo's own
        // options, still have the last word.
        keywords.append("options")
        values.append(["-c jit=off", getenv("PGOPTIONS").map { String(cString: $0) }].compactMap { $0 }.joined(separator: " "))
        keywords += ["dbname", "client_encoding"]
        values += [conninfo, "UTF8"]
        // Both arrays end with NULL, as libpq reads them up to it.
        let connection = HubConnection.withCStrings(keywords + [nil]) { keywordPointers in
            HubConnection.withCStrings(values + [nil]) { valuePointers in
                pq.connectdbParams(keywordPointers, valuePointers, 1)
            }
        }
        guard let connection else { throw JotterError(.hub, "hub: out of memory while connecting") }
        handle = connection
        name = HubConnection.name(pq: pq, connection: connection)
        guard pq.status(handle) == CONNECTION_OK else {
            // deinit finishes the connection.
            let reason = HubConnection.oneLine(pq.errorMessage(handle))
            throw JotterError(.hub, "\(name): \(reason)")
        }
        // The server's notices ("relation already exists, skipping") are not the user's
        // business; libpq would print them to standard error.
        _ = pq.setNoticeProcessor(handle, { _, _ in }, nil)
    }

    deinit {
        pq.finish(handle)
    }

    /// `hub DATABASE at HOST:PORT`, or `at SOCKET-FOLDER` for a Unix socket: what libpq
    /// resolved, environment and service files included. A password is never part of it.
    private static func name(pq: LibPQ, connection: OpaquePointer) -> String {
        let database = pq.db(connection).map { String(cString: $0) } ?? ""
        let host = pq.host(connection).map { String(cString: $0) } ?? ""
        let port = pq.port(connection).map { String(cString: $0) } ?? ""
        let place: String
        if host.isEmpty || host.hasPrefix("/") {
            place = "socket " + (host.isEmpty ? "/var/run/postgresql" : host)
        } else {
            place = port.isEmpty ? host : host + ":" + port
        }
        return "hub \(database.isEmpty ? "(default database)" : database) at \(place)"
    }

    /// libpq's messages run over several lines ("connection … failed: …\n\tIs the
    /// server running …?"): one line of them.
    static func oneLine(_ message: UnsafePointer<CChar>?) -> String {
        let text = message.map { String(cString: $0) } ?? ""
        let lines = text.split(whereSeparator: \.isNewline).map { $0.trimmingWhitespace() }.filter { !$0.isEmpty }
        return lines.isEmpty ? "the connection failed" : lines.joined(separator: " ")
    }

    func failure(_ reason: String) -> JotterError {
        JotterError(.hub, "\(name): \(reason)")
    }

    /// Runs statements without parameters (several, separated by ';', are allowed).
    func execute(_ sql: String) throws {
        let result = pq.exec(handle, sql)
        defer { pq.clear(result) }
        try check(result)
    }

    /// Runs one statement with `parameters` bound as text (nil for NULL), calling `row`
    /// for each row of its result.
    func query(_ sql: String, _ parameters: [String?] = [], row: (HubRow) throws -> Void = { _ in }) throws {
        let result = HubConnection.withCStrings(parameters) { pointers in
            pq.execParams(handle, sql, Int32(parameters.count), nil, pointers, nil, nil, 0)
        }
        defer { pq.clear(result) }
        try check(result)
        let rows = pq.ntuples(result)
        for index in 0..<rows {
            try row(HubRow(pq: pq, result: result, row: index))
        }
    }

    /// Runs one statement as `query` does, but has libpq hand over each row as it
    /// arrives and forget it after `row`: a whole result stays in memory until it is
    /// cleared, every long value of a page at once.
    func queryRowByRow(_ sql: String, _ parameters: [String?], row: (HubRow) throws -> Void) throws {
        let sent = HubConnection.withCStrings(parameters) { pointers in
            pq.sendQueryParams(handle, sql, Int32(parameters.count), nil, pointers, nil, nil, 0)
        }
        guard sent == 1 else { throw failure(HubConnection.oneLine(pq.errorMessage(handle))) }
        _ = pq.setSingleRowMode(handle)
        // Every result is read to the end, even after a failure, so that the connection
        // is ready for the next statement (the rollback among them).
        var firstError: Error?
        while let result = pq.getResult(handle) {
            defer { pq.clear(result) }
            guard firstError == nil else { continue }
            do {
                if pq.resultStatus(result) == PGRES_SINGLE_TUPLE {
                    try row(HubRow(pq: pq, result: result, row: 0))
                } else {
                    try check(result)
                }
            } catch {
                firstError = error
            }
        }
        if let firstError { throw firstError }
    }

    /// Runs `COPY … FROM STDIN` and sends what `produce` hands to the function it is
    /// given, COPY's text format, a block at a time: the rows are never all in memory.
    func copy(_ sql: String, _ produce: (_ send: ([UInt8]) throws -> Void) throws -> Void) throws {
        let started = pq.exec(handle, sql)
        let status = pq.resultStatus(started)
        if status != PGRES_COPY_IN {
            defer { pq.clear(started) }
            try check(started)
            throw failure("the hub did not take COPY data")
        }
        pq.clear(started)
        var sendFailure: Error?
        do {
            try produce { data in
                let sent = data.withUnsafeBufferPointer { buffer in
                    buffer.withMemoryRebound(to: CChar.self) { pq.putCopyData(handle, $0.baseAddress, Int32($0.count)) }
                }
                guard sent == 1 else { throw failure(HubConnection.oneLine(pq.errorMessage(handle))) }
            }
        } catch {
            sendFailure = error
        }
        // A COPY left open would leave the connection unusable for the rollback.
        let ended = pq.putCopyEnd(handle, sendFailure == nil ? nil : "jotter stopped the push")
        if let sendFailure { drainResults(); throw sendFailure }
        guard ended == 1 else { throw failure(HubConnection.oneLine(pq.errorMessage(handle))) }
        var firstError: Error?
        while let result = pq.getResult(handle) {
            defer { pq.clear(result) }
            do { try check(result) } catch { firstError = firstError ?? error }
        }
        if let firstError { throw firstError }
    }

    private func drainResults() {
        while let result = pq.getResult(handle) { pq.clear(result) }
    }

    /// Runs `body` in one transaction, rolled back when it throws.
    func transaction<T>(_ body: () throws -> T) throws -> T {
        try execute("BEGIN")
        do {
            let value = try body()
            try execute("COMMIT")
            return value
        } catch {
            // A connection that broke has rolled back by itself.
            let result = pq.exec(handle, "ROLLBACK")
            pq.clear(result)
            throw error
        }
    }

    private func check(_ result: OpaquePointer?) throws {
        guard let result else { throw failure(HubConnection.oneLine(pq.errorMessage(handle))) }
        switch pq.resultStatus(result) {
        case PGRES_COMMAND_OK, PGRES_TUPLES_OK, PGRES_EMPTY_QUERY:
            return
        default:
            throw failure(HubConnection.oneLine(pq.resultErrorMessage(result)))
        }
    }

    /// Calls `body` with `strings` as C strings (nil stays NULL), alive for the call.
    private static func withCStrings<T>(_ strings: [String?], _ body: ([UnsafePointer<CChar>?]) -> T) -> T {
        let copies = strings.map { string in string.map { strdup($0) } ?? nil }
        defer { copies.forEach { free($0) } }
        return body(copies.map { $0.map { UnsafePointer($0) } })
    }
}

/// One row of a result; values are read as libpq's text.
struct HubRow {
    fileprivate let pq: LibPQ
    fileprivate let result: OpaquePointer?
    fileprivate let row: Int32

    func isNull(_ column: Int32) -> Bool {
        pq.getisnull(result, row, column) != 0
    }

    /// The value's bytes; nil for NULL.
    func bytes(_ column: Int32) -> UnsafeBufferPointer<UInt8>? {
        guard !isNull(column), let value = pq.getvalue(result, row, column) else { return nil }
        let length = Int(pq.getlength(result, row, column))
        return UnsafeBufferPointer(start: UnsafeRawPointer(value).assumingMemoryBound(to: UInt8.self), count: length)
    }

    /// The value as text when it is valid UTF-8; nil for NULL or anything else.
    func string(_ column: Int32) -> String? {
        bytes(column).flatMap { String(validating: $0, as: UTF8.self) }
    }

    func int64(_ column: Int32) -> Int64? {
        string(column).flatMap { Int64($0) }
    }
}

extension Substring {
    fileprivate func trimmingWhitespace() -> String {
        String(drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
    }
}
