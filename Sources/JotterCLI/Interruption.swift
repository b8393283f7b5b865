#if canImport(Glibc)
import Glibc
#endif

/// SIGINT and SIGTERM during a long command: noted, so that the command can roll back
/// its transaction and say so, instead of dying half-way.
enum Interruption {
    nonisolated(unsafe) private static var received: Int32 = 0

    /// The signal that arrived, or 0.
    static var signal: Int32 { received }

    private static let signals = [SIGINT, SIGTERM, SIGHUP]

    /// Notes the signals until `body` returns, then puts back what was there before
    /// (at the prompt, libedit's own handlers).
    static func catchingSignals<T>(_ body: () throws -> T) rethrows -> T {
        received = 0
        var previous: [sigaction] = Array(repeating: sigaction(), count: signals.count)
        for (index, signal) in signals.enumerated() {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { Interruption.received = $0 }
            // No SA_RESTART: a read waiting on a pipe returns, and the reader looks here.
            action.sa_flags = 0
            sigemptyset(&action.sa_mask)
            sigaction(signal, &action, &previous[index])
        }
        defer {
            for (index, signal) in signals.enumerated() {
                sigaction(signal, &previous[index], nil)
            }
        }
        return try body()
    }
}
