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
        return try SignalHandlers.handling(signals, with: { Interruption.received = $0 }, during: body)
    }
}
