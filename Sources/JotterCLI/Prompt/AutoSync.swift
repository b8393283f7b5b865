import JotterApplication
import JotterCore

#if canImport(Glibc)
import Glibc
#endif

/// `remote set --auto` at the prompt: `jotter sync --format json` run as a child of
/// its own (its own connection, its own store handle), one at a time, never waited
/// for while the prompt is in use. What it says is read back from a private file and
/// handed back as lines for `Messages.show`, which escapes them: nothing it writes
/// reaches the terminal by itself.
final class AutoSync {
    private let storePath: String
    private let passphraseCommand: String?
    private var running: (pid: pid_t, output: Int32)?
    /// An entry was committed while a sync was running: it goes in the next one.
    private var isWanted = false
    /// The failure last shown, so that a hub that stays down is said once.
    private var lastFailure: String?
    /// A failure to start a sync, to be shown with the next reports.
    private var unsaid: [String] = []

    static let finishingSeconds: Int64 = 15

    init(storePath: String, passphraseCommand: String?) {
        self.storePath = storePath
        self.passphraseCommand = passphraseCommand
    }

    /// Starts a sync unless one is running; then one follows when it ends.
    func start() {
        guard running == nil else {
            isWanted = true
            return
        }
        isWanted = false
        running = spawn()
    }

    /// Without waiting: the line to show about a sync that has ended, if any.
    func takeReports() -> [String] {
        defer { unsaid = [] }
        guard let child = running else { return unsaid }
        var status: Int32 = 0
        guard waitpid(child.pid, &status, WNOHANG) == child.pid else { return unsaid }
        running = nil
        let lines = report(exitStatus: status, output: child.output)
        if isWanted { start() }
        return lines + unsaid
    }

    /// At the end of the prompt: waits for a running sync, then runs a last one for
    /// what was entered since, all within `finishingSeconds`. Its failure is always said.
    func finish() -> [String] {
        let deadline = monotonicMilliseconds() + AutoSync.finishingSeconds * 1000
        var lines: [String] = []
        if let child = running {
            running = nil
            guard let status = wait(for: child.pid, until: deadline) else {
                close(child.output)
                return [tooSlow]
            }
            // Only what it brought: whether the hub can be reached, the last one says.
            let earlier = report(exitStatus: status, output: child.output)
            if lastFailure == nil { lines += earlier }
        }
        lastFailure = nil
        let last = spawn().map { child in
            guard let status = wait(for: child.pid, until: deadline) else {
                close(child.output)
                return [tooSlow]
            }
            return report(exitStatus: status, output: child.output)
        }
        guard let failure = lastFailure else { return lines + (last ?? []) }
        return lines + ["jotter: the last sync failed, so what is new here goes at the next one: "
            + failure.dropPrefix("jotter: ")]
    }

    private var tooSlow: String {
        "jotter: the last sync did not end within \(AutoSync.finishingSeconds) seconds; 'jotter sync' sends what is left"
    }

    private func report(exitStatus: Int32, output: Int32) -> [String] {
        let text = String(decoding: readAll(output), as: UTF8.self)
        close(output)
        let lines = text.split(separator: "\n").map(String.init)
        let exitedWell = (exitStatus & 0x7f) == 0 && (exitStatus >> 8) & 0xff == 0
        guard exitedWell, let summary = lines.last(where: { $0.hasPrefix("{") }) else {
            return failed(lines.last ?? "the sync ended without a word")
        }
        lastFailure = nil
        let parked = lines.filter { !$0.hasPrefix("{") }
        let received = AutoSync.count("received", in: summary)
        let conflicts = AutoSync.count("conflicts", in: summary)
        guard received > 0 || conflicts > 0 else { return parked }
        var line = "received \(received) from the hub"
        if conflicts > 0 { line += ", \(conflicts) conflict\(conflicts == 1 ? "" : "s") (jotter conflicts)" }
        return parked + [line]
    }

    /// The failure's line, unless it is the one said last.
    private func failed(_ reason: String) -> [String] {
        let failure = "jotter: " + reason.dropPrefix("jotter: ")
        defer { lastFailure = failure }
        return failure == lastFailure ? [] : [failure]
    }

    /// A number of sync's own json line, `{"sent":0,"received":12,"conflicts":0}`.
    private static func count(_ key: String, in summary: String) -> Int {
        guard let start = summary.firstRange(of: "\"\(key)\":") else { return 0 }
        return Int(summary[start.upperBound...].prefix(while: \.isNumber)) ?? 0
    }

    private func readAll(_ descriptor: Int32) -> [UInt8] {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        var offset: off_t = 0
        while true {
            let count = chunk.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, offset) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return bytes }
            bytes += chunk[0..<count]
            offset += off_t(count)
        }
    }

    /// The exit status, or nil once the deadline passed (the child is then killed).
    private func wait(for pid: pid_t, until deadline: Int64) -> Int32? {
        var status: Int32 = 0
        while true {
            let reaped = waitpid(pid, &status, WNOHANG)
            if reaped == pid { return status }
            if reaped < 0 && errno != EINTR { return nil }
            if monotonicMilliseconds() >= deadline {
                kill(pid, SIGKILL)
                while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
                return nil
            }
            usleep(20_000)
        }
    }

    private func monotonicMilliseconds() -> Int64 {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Int64(now.tv_sec) * 1000 + Int64(now.tv_nsec) / 1_000_000
    }

    /// The child's standard output and error both go to an unlinked temporary file,
    /// read once it has ended: a pipe it filled could block it.
    private func spawn() -> (pid: pid_t, output: Int32)? {
        let folder = Terminal.environment("TMPDIR").flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        var template = Array((folder + "/jotter-sync-XXXXXX").utf8CString)
        let output = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard output >= 0 else {
            unsaid += failed("cannot sync in the background: no temporary file in \(folder)")
            return nil
        }
        template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
        _ = fcntl(output, F_SETFD, FD_CLOEXEC)

        // A session of its own: no controlling terminal to ask a passphrase on or to
        // be stopped by, and Ctrl-C at the prompt is not its.
        let arguments = ["jotter", "sync", "--format", "json", "--store", storePath]
            + (passphraseCommand.map { ["--passphrase-command", $0] } ?? [])
        let pid: pid_t
        do {
            pid = try ChildProcess.start("/proc/self/exe", arguments: arguments, input: .null, output: .descriptor(output),
                                         errors: .descriptor(output), grouping: .newSession)
        } catch {
            close(output)
            unsaid += failed("cannot sync in the background: \(error.reason)")
            return nil
        }
        return (pid, output)
    }
}

private extension String {
    func dropPrefix(_ prefix: String) -> String {
        hasPrefix(prefix) ? String(dropFirst(prefix.count)) : self
    }
}
