#if canImport(Glibc)
import Glibc
#endif

/// SIGINT and SIGTERM during a long command: noted, so that the command can roll back
/// its transaction and say so, instead of dying half-way.
enum Interruption {
    nonisolated(unsafe) private static var received: Int32 = 0

    /// The signal that arrived, or 0.
    static var signal: Int32 { received }

    static func catchSignals() {
        for signal in [SIGINT, SIGTERM, SIGHUP] {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { Interruption.received = $0 }
            // No SA_RESTART: a read waiting on a pipe returns, and the reader looks here.
            action.sa_flags = 0
            sigemptyset(&action.sa_mask)
            sigaction(signal, &action, nil)
        }
    }
}
