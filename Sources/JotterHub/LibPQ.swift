import CLibPQ
import JotterCore

#if canImport(Glibc)
import Glibc
#endif

/// The functions of libpq that jotter calls, found with dlopen the first time a command
/// needs the hub. Linked in, libpq would bring many shared libraries (Kerberos, LDAP,
/// OpenSSL's) to every start of every command, and start-up is most of what a one-shot
/// command costs; Debian has no static Kerberos to link it statically instead. The
/// shipped jotter stays one static executable, whose dlopen needs the glibc it was
/// built with (docs/performance.md, "libpq, loaded when sync needs it").
struct LibPQ: @unchecked Sendable {
    /// The library's file name, with the major version of the ABI the types are from.
    static let fileName = "libpq.so.5"
    /// The Debian package that holds it, for the message when it is missing.
    static let package = "libpq5"

    let connectdbParams: jotter_pq_connectdb_params
    let status: jotter_pq_status
    let errorMessage: jotter_pq_error_message
    let finish: jotter_pq_finish
    let exec: jotter_pq_exec
    let execParams: jotter_pq_exec_params
    let sendQueryParams: jotter_pq_send_query_params
    let setSingleRowMode: jotter_pq_set_single_row_mode
    let resultStatus: jotter_pq_result_status
    let resultErrorMessage: jotter_pq_result_error_message
    let clear: jotter_pq_clear
    let ntuples: jotter_pq_ntuples
    let getvalue: jotter_pq_getvalue
    let getisnull: jotter_pq_getisnull
    let getlength: jotter_pq_getlength
    let putCopyData: jotter_pq_put_copy_data
    let putCopyEnd: jotter_pq_put_copy_end
    let getResult: jotter_pq_get_result
    let conninfoParse: jotter_pq_conninfo_parse
    let conninfoFree: jotter_pq_conninfo_free
    let freemem: jotter_pq_freemem
    let host: jotter_pq_host
    let port: jotter_pq_port
    let db: jotter_pq_db
    let setNoticeProcessor: jotter_pq_set_notice_processor

    /// libpq, loaded once per process; a machine without it gets one line naming the
    /// package to install.
    static func loaded() throws -> LibPQ {
        try shared.get()
    }

    private static let shared: Result<LibPQ, JotterError> = Result { try load() }.mapError { error in
        error as? JotterError ?? JotterError(.hub, "\(error)")
    }

    private static func load() throws -> LibPQ {
        guard let handle = dlopen(fileName, RTLD_NOW | RTLD_LOCAL) else {
            let reason = dlerror().map { String(cString: $0) } ?? "not found"
            throw JotterError(.hub, "sync needs libpq, which cannot be loaded (\(reason)); install the package \(package)")
        }
        keepThreadKeysApart(loadedWith: handle)
        func function<T>(_ name: String, as type: T.Type) throws -> T {
            guard let address = dlsym(handle, name) else {
                throw JotterError(.hub, "\(fileName) has no \(name); install the package \(package) of PostgreSQL 10 or newer")
            }
            return unsafeBitCast(address, to: type)
        }
        return LibPQ(
            connectdbParams: try function("PQconnectdbParams", as: jotter_pq_connectdb_params.self),
            status: try function("PQstatus", as: jotter_pq_status.self),
            errorMessage: try function("PQerrorMessage", as: jotter_pq_error_message.self),
            finish: try function("PQfinish", as: jotter_pq_finish.self),
            exec: try function("PQexec", as: jotter_pq_exec.self),
            execParams: try function("PQexecParams", as: jotter_pq_exec_params.self),
            sendQueryParams: try function("PQsendQueryParams", as: jotter_pq_send_query_params.self),
            setSingleRowMode: try function("PQsetSingleRowMode", as: jotter_pq_set_single_row_mode.self),
            resultStatus: try function("PQresultStatus", as: jotter_pq_result_status.self),
            resultErrorMessage: try function("PQresultErrorMessage", as: jotter_pq_result_error_message.self),
            clear: try function("PQclear", as: jotter_pq_clear.self),
            ntuples: try function("PQntuples", as: jotter_pq_ntuples.self),
            getvalue: try function("PQgetvalue", as: jotter_pq_getvalue.self),
            getisnull: try function("PQgetisnull", as: jotter_pq_getisnull.self),
            getlength: try function("PQgetlength", as: jotter_pq_getlength.self),
            putCopyData: try function("PQputCopyData", as: jotter_pq_put_copy_data.self),
            putCopyEnd: try function("PQputCopyEnd", as: jotter_pq_put_copy_end.self),
            getResult: try function("PQgetResult", as: jotter_pq_get_result.self),
            conninfoParse: try function("PQconninfoParse", as: jotter_pq_conninfo_parse.self),
            conninfoFree: try function("PQconninfoFree", as: jotter_pq_conninfo_free.self),
            freemem: try function("PQfreemem", as: jotter_pq_freemem.self),
            host: try function("PQhost", as: jotter_pq_host.self),
            port: try function("PQport", as: jotter_pq_port.self),
            db: try function("PQdb", as: jotter_pq_db.self),
            setNoticeProcessor: try function("PQsetNoticeProcessor", as: jotter_pq_set_notice_processor.self))
    }

    /// How many thread keys past the executable's own the loaded C library starts at:
    /// room for keys the executable makes after libpq is loaded.
    private static let threadKeysKeptFree: pthread_key_t = 64

    /// The static executable has a C library of its own, and dlopen brings the shared
    /// one libpq needs: two tables of thread keys over one area of per-thread values.
    /// Each hands out its keys from 0, so the OpenSSL that SQLCipher set up (in the
    /// executable) and the libcrypto that libpq loads (for a password's SCRAM exchange,
    /// or TLS) took the same slots, and libcrypto crashed on the values it found there.
    /// Making keys in the loaded library's table, past every key of the executable's,
    /// keeps the two apart; the keys made here are never used.
    private static func keepThreadKeysApart(loadedWith handle: UnsafeMutableRawPointer) {
        typealias KeyCreate = @convention(c) (UnsafeMutablePointer<pthread_key_t>?,
                                              (@convention(c) (UnsafeMutableRawPointer?) -> Void)?) -> Int32
        guard let address = dlsym(handle, "pthread_key_create") else { return }
        let loadedKeyCreate = unsafeBitCast(address, to: KeyCreate.self)
        var next = pthread_key_t()
        guard pthread_key_create(&next, nil) == 0 else { return }
        pthread_key_delete(next)
        var key = pthread_key_t()
        // A dynamically linked jotter has one table, of which this uses up a few keys.
        repeat {
            guard loadedKeyCreate(&key, nil) == 0 else { return }
        } while key < next + threadKeysKeptFree
    }
}
