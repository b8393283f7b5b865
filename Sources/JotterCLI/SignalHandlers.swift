#if canImport(Glibc)
import Glibc
#endif

/// Handlers jotter puts in place for a while and then takes away again, leaving what
/// was there before (libedit's own, at the prompt).
enum SignalHandlers {
    /// Runs `body` with `handler` for each of `signals`, then puts back the earlier
    /// handlers. No SA_RESTART: a read waiting for input returns on the signal, so that
    /// the reader can look at what the handler noted.
    static func handling<T>(_ signals: [Int32], with handler: @convention(c) (Int32) -> Void,
                            during body: () throws -> T) rethrows -> T {
        var previous = Array(repeating: sigaction(), count: signals.count)
        for (index, signal) in signals.enumerated() {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = handler
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
