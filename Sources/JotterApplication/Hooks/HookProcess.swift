import JotterCore

#if canImport(Glibc)
import Glibc
#endif

/// How a hook's command ended, and what it wrote.
public struct HookProcessResult: Sendable {
    public enum Ending: Equatable, Sendable {
        case exited(Int32)
        case signalled(Int32)
        /// Ran past its timeout, and was killed with everything it started.
        case timedOut
        /// Wrote more than `HookProcess.outputLimit` to one of its outputs, which was
        /// closed on it.
        case outputCut
        case couldNotStart(String)
    }

    public var ending: Ending
    public var output: [UInt8]
    public var errors: [UInt8]

    /// The first line of what it wrote to standard error, if any.
    public var firstErrorLine: String? {
        let line = errors.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: true).first
        return line.map { String(decoding: $0, as: UTF8.self) }
    }
}

/// The terminal lent to a command while it runs, taken back when it has ended.
public protocol TerminalLoan {
    func takeBack()
}

/// Runs a command of the user's with `/bin/sh -c`, reading its output up to a limit
/// and stopping it, with everything it started, past a timeout. A hook runs away from
/// the terminal: its standard input is the entry, its outputs are pipes read here, and
/// it leads a session of its own, so it can neither read the terminal nor be stopped by
/// it. A passphrase command shares jotter's input, error output and terminal instead.
public enum HookProcess {
    /// What is kept of each output of a hook; a hook that writes more is cut off there,
    /// rather than held in memory without end.
    public static let outputLimit = 1 << 20

    /// How the command is connected. Its standard output is always a pipe read here.
    public struct Wiring: Sendable {
        /// Its standard input: this through a pipe, or nil for jotter's own.
        public var input: HookInput?
        /// Whether its standard error is a pipe read here, or jotter's own.
        public var readsErrors: Bool
        /// Nil: it leads a session of its own, without a terminal. Otherwise it leads
        /// only a process group of its own, which this lends the terminal while it runs
        /// (the terminal is the caller's to know, not the core's).
        public var lendTerminal: (@Sendable (pid_t) -> (any TerminalLoan)?)?
        /// What is kept of each output read here.
        public var outputLimit: Int

        /// A hook: the entry on its input, both outputs read, no terminal.
        public static func hook(input: HookInput) -> Wiring {
            Wiring(input: input, readsErrors: true, lendTerminal: nil, outputLimit: HookProcess.outputLimit)
        }

        /// A command that may talk to the user on the terminal (a password manager
        /// asking for its own passphrase) while jotter reads what it prints.
        public static func sharingTerminal(outputLimit: Int,
                                           lentBy lend: @escaping @Sendable (pid_t) -> (any TerminalLoan)?) -> Wiring {
            Wiring(input: nil, readsErrors: false, lendTerminal: lend, outputLimit: outputLimit)
        }
    }

    public static func run(command: String, input: HookInput, environment: [String: String],
                           timeoutSeconds: Int) -> HookProcessResult {
        run(command: command, wiring: .hook(input: input), environment: environment, timeoutSeconds: timeoutSeconds)
    }

    public static func run(command: String, wiring: Wiring, environment: [String: String],
                           timeoutSeconds: Int) -> HookProcessResult {
        var inputPipe: [Int32] = [], outputPipe: [Int32] = [0, 0], errorPipe: [Int32] = []
        guard pipe(&outputPipe) == 0 else { return failed("cannot make a pipe") }
        if wiring.input != nil {
            inputPipe = [0, 0]
            guard pipe(&inputPipe) == 0 else {
                closeAll(outputPipe)
                return failed("cannot make a pipe")
            }
        }
        if wiring.readsErrors {
            errorPipe = [0, 0]
            guard pipe(&errorPipe) == 0 else {
                closeAll(inputPipe + outputPipe)
                return failed("cannot make a pipe")
            }
        }
        // Only the pipes the command is given reach it, as its 0, 1 and 2.
        for descriptor in inputPipe + outputPipe + errorPipe { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
        // A new session has no controlling terminal; a new process group keeps it, and
        // can be stopped as a whole.
        let pid: pid_t
        do {
            // The command holds its ends of the pipes now, or never will.
            defer {
                if !inputPipe.isEmpty { close(inputPipe[0]) }
                close(outputPipe[1])
                if !errorPipe.isEmpty { close(errorPipe[1]) }
            }
            pid = try ChildProcess.start("/bin/sh", arguments: ["/bin/sh", "-c", command], environment: environment,
                                         input: inputPipe.first.map { .descriptor($0) } ?? .inherited,
                                         output: .descriptor(outputPipe[1]),
                                         errors: errorPipe.last.map { .descriptor($0) } ?? .inherited,
                                         grouping: wiring.lendTerminal == nil ? .newSession : .own)
        } catch {
            closeAll(inputPipe.suffix(1) + [outputPipe[0]] + errorPipe.prefix(1))
            return failed("cannot run /bin/sh: \(error.reason)")
        }
        let terminal = wiring.lendTerminal?(pid)
        defer { terminal?.takeBack() }
        return collect(pid: pid, input: wiring.input ?? HookInput(bytes: []), inputDescriptor: inputPipe.last,
                       outputDescriptor: outputPipe[0], errorDescriptor: errorPipe.first, outputLimit: wiring.outputLimit,
                       timeoutSeconds: timeoutSeconds)
    }

    private static func collect(pid: pid_t, input: HookInput, inputDescriptor: Int32?, outputDescriptor: Int32,
                                errorDescriptor: Int32?, outputLimit: Int, timeoutSeconds: Int) -> HookProcessResult {
        let deadline = monotonicMilliseconds() + Int64(max(1, timeoutSeconds)) * 1000
        var result = HookProcessResult(ending: .exited(0), output: [], errors: [])
        var writing: Int32? = inputDescriptor
        var chunk = [UInt8](repeating: 0, count: min(65_536, outputLimit + 1))
        // The input is made a piece at a time, as the pipe takes it.
        var pieces = input.pieces()
        var piece = pieces.next() ?? []
        var written = 0
        var reading: [Int32] = [outputDescriptor] + [errorDescriptor].compactMap { $0 }
        if piece.isEmpty, let inputDescriptor {
            close(inputDescriptor)
            writing = nil
        }
        // The output may be a secret: it is gathered where it was first put, not
        // copied about as it grows, and what passed through here is wiped.
        result.output.reserveCapacity(outputLimit)
        defer { chunk.wipe() }
        for descriptor in [writing, outputDescriptor, errorDescriptor].compactMap({ $0 }) {
            _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
        }
        var status: Int32 = 0
        var exited = false
        var ending: HookProcessResult.Ending?
        while ending == nil {
            if waitpid(pid, &status, WNOHANG) == pid {
                exited = true
                // Once its shell is gone, a hook is over: what it left running in the
                // background (a notifier) goes on, but is read no further.
                for descriptor in reading where readAvailable(descriptor, outputDescriptor: outputDescriptor,
                                                              limit: outputLimit, into: &result, chunk: &chunk) == .cut {
                    ending = .outputCut
                }
                break
            }
            let now = monotonicMilliseconds()
            guard now < deadline else {
                ending = .timedOut
                break
            }
            var polled = reading.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            if let writing { polled.append(pollfd(fd: writing, events: Int16(POLLOUT), revents: 0)) }
            guard !polled.isEmpty else {
                // Its outputs are closed and its input taken: it is ending, or went on
                // without them.
                usleep(200)
                continue
            }
            // Woken now and then to see whether the shell ended while something it
            // started still holds its outputs.
            if poll(&polled, nfds_t(polled.count), Int32(min(deadline - now, 20))) < 0 && errno != EINTR { break }
            for entry in polled where entry.revents != 0 {
                if entry.fd == writing {
                    let count = writeIgnoringBrokenPipe(entry.fd, piece, from: written)
                    let failed = count < 0 && errno != EAGAIN && errno != EINTR
                    if count > 0 { written += count }
                    if !failed && written == piece.count, let next = pieces.next() {
                        piece = next
                        written = 0
                    }
                    if failed || written == piece.count {
                        close(entry.fd)
                        writing = nil
                    }
                } else {
                    switch readAvailable(entry.fd, outputDescriptor: outputDescriptor, limit: outputLimit,
                                         into: &result, chunk: &chunk) {
                    case .cut:
                        ending = .outputCut
                    case .ended:
                        close(entry.fd)
                        reading.removeAll { $0 == entry.fd }
                    case .waiting:
                        break
                    }
                }
            }
        }
        if let writing { close(writing) }
        reading.forEach { close($0) }
        if ending != nil { stopWithDescendants(pid) }
        if !exited { status = ChildProcess.waitForEnd(of: pid) }
        if let ending {
            result.ending = ending
        } else if (status & 0x7F) == 0 {
            result.ending = .exited((status >> 8) & 0xFF)
        } else {
            result.ending = .signalled(status & 0x7F)
        }
        return result
    }

    /// Kills the shell at `pid` and everything it started: its session, and every
    /// process below it in the tree of parents, which holds those that left the
    /// session (`setsid sleep 61 &` escaped the timeout). Each is stopped as it is
    /// found, so that none starts another while the tree is walked; all are killed
    /// once no new one turns up. A process whose parent ended before this has left
    /// the tree for init's, and is reached only while it stays in the session.
    static func stopWithDescendants(_ pid: pid_t) {
        kill(-pid, SIGSTOP)
        var found: Set<pid_t> = [pid]
        while true {
            let parents = parentsOfAllProcesses()
            var added = false
            var grew = true
            while grew {
                grew = false
                for (child, parent) in parents where found.contains(parent) && !found.contains(child) {
                    kill(child, SIGSTOP)
                    found.insert(child)
                    grew = true
                    added = true
                }
            }
            if !added { break }
        }
        kill(-pid, SIGKILL)
        for process in found { kill(process, SIGKILL) }
        // A killed process ends once the kernel runs it again, which on a busy
        // machine can be after jotter has returned: each is waited for (the shell by
        // its caller), up to two seconds in all for one held in the kernel.
        var turns = 0
        for process in found where process != pid {
            while isRunning(process) && turns < 2000 {
                usleep(1000)
                turns += 1
            }
        }
    }

    /// Whether the process `pid` is there and not a zombie (state `Z`) or dead (`X`).
    private static func isRunning(_ pid: pid_t) -> Bool {
        let descriptor = open("/proc/\(pid)/stat", O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return false }
        var buffer = [UInt8](repeating: 0, count: 512)
        let count = read(descriptor, &buffer, buffer.count)
        close(descriptor)
        guard count > 0, let nameEnd = buffer[..<count].lastIndex(of: UInt8(ascii: ")")), nameEnd + 2 < count else {
            return false
        }
        let state = buffer[nameEnd + 2]
        return state != UInt8(ascii: "Z") && state != UInt8(ascii: "X")
    }

    /// Each process's parent, read from /proc: `PID (NAME) STATE PPID ...`, where the
    /// name may itself hold spaces and parentheses.
    private static func parentsOfAllProcesses() -> [pid_t: pid_t] {
        guard let directory = opendir("/proc") else { return [:] }
        defer { closedir(directory) }
        var parents: [pid_t: pid_t] = [:]
        var buffer = [UInt8](repeating: 0, count: 512)
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(cString: $0.bindMemory(to: CChar.self).baseAddress!) }
            guard let process = pid_t(name) else { continue }
            let descriptor = open("/proc/\(name)/stat", O_RDONLY | O_CLOEXEC)
            guard descriptor >= 0 else { continue }
            let count = read(descriptor, &buffer, buffer.count)
            close(descriptor)
            guard count > 0, let nameEnd = buffer[..<count].lastIndex(of: UInt8(ascii: ")")) else { continue }
            let fields = buffer[(nameEnd + 1)..<count].split(separator: UInt8(ascii: " "))
            guard fields.count > 1, let parent = pid_t(String(decoding: fields[1], as: UTF8.self)) else { continue }
            parents[process] = parent
        }
        return parents
    }

    private enum ReadState { case waiting, ended, cut }

    /// Reads what is waiting in `descriptor` into what is kept of it.
    private static func readAvailable(_ descriptor: Int32, outputDescriptor: Int32, limit: Int,
                                      into result: inout HookProcessResult, chunk: inout [UInt8]) -> ReadState {
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            if count < 0 && errno == EAGAIN { return .waiting }
            guard count > 0 else { return .ended }
            guard keep(chunk[..<count], from: descriptor, outputDescriptor: outputDescriptor, limit: limit, into: &result) else {
                return .cut
            }
        }
    }

    /// Adds `bytes` to what is kept of the output they came from; false once it
    /// passes the limit.
    private static func keep(_ bytes: ArraySlice<UInt8>, from descriptor: Int32, outputDescriptor: Int32, limit: Int,
                             into result: inout HookProcessResult) -> Bool {
        if descriptor == outputDescriptor {
            guard result.output.count + bytes.count <= limit else { return false }
            result.output += bytes
        } else {
            guard result.errors.count + bytes.count <= limit else { return false }
            result.errors += bytes
        }
        return true
    }

    /// A hook need not read its input: writing to a pipe it closed fails with EPIPE
    /// instead of ending jotter with SIGPIPE.
    private static func writeIgnoringBrokenPipe(_ descriptor: Int32, _ bytes: [UInt8], from offset: Int) -> Int {
        var pipeSignal = sigset_t()
        sigemptyset(&pipeSignal)
        sigaddset(&pipeSignal, SIGPIPE)
        var previous = sigset_t()
        pthread_sigmask(SIG_BLOCK, &pipeSignal, &previous)
        let count = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress! + offset, $0.count - offset) }
        let savedErrno = errno
        if count < 0 && savedErrno == EPIPE {
            var none = timespec(tv_sec: 0, tv_nsec: 0)
            _ = sigtimedwait(&pipeSignal, nil, &none)
        }
        pthread_sigmask(SIG_SETMASK, &previous, nil)
        errno = savedErrno
        return count
    }

    private static func monotonicMilliseconds() -> Int64 {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Int64(now.tv_sec) * 1000 + Int64(now.tv_nsec) / 1_000_000
    }

    private static func failed(_ why: String) -> HookProcessResult {
        HookProcessResult(ending: .couldNotStart(why), output: [], errors: [])
    }

    private static func closeAll(_ descriptors: [Int32]) {
        descriptors.forEach { close($0) }
    }
}
