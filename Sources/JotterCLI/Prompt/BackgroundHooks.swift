import Dispatch
import JotterApplication
import JotterCore
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// The `after` hooks of what is committed at the prompt, run one after another away
/// from it: Enter commits and the prompt is back at once, and what the hooks report
/// is shown before a later prompt is drawn.
final class BackgroundHooks: Sendable {
    private let queue = DispatchQueue(label: "jotter.after-hooks")
    private let group = DispatchGroup()
    private let reports = Mutex<[String]>([])

    func start(_ pending: PendingHooks) {
        guard !pending.isEmpty else { return }
        group.enter()
        queue.async { [self] in
            // Signals are the prompt's: SIGWINCH, SIGINT and SIGHUP must reach the
            // thread that waits in libedit, never this one.
            var all = sigset_t()
            sigfillset(&all)
            pthread_sigmask(SIG_BLOCK, &all, nil)
            let lines = pending.run()
            reports.withLock { $0 += lines }
            group.leave()
        }
    }

    /// What the hooks that ended since the last call reported.
    func takeReports() -> [String] {
        reports.withLock { reports in
            defer { reports = [] }
            return reports
        }
    }

    /// Waits for the hooks still running (each ends by its timeout at the latest).
    func finish() -> [String] {
        group.wait()
        return takeReports()
    }
}
