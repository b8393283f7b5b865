import JotterCore

#if canImport(Glibc)
import Glibc
#endif

/// Starts a program as jotter's child: hooks, the passphrase command, the editor, the
/// pager and the prompt's background sync all start here, so that how a child gets its
/// streams, its process group and its signals is decided in one place. It knows
/// nothing of terminals: a caller that hands the terminal to the child's group does so
/// itself.
public enum ChildProcess {
    /// Where one of the child's standard streams goes.
    public enum Stream: Sendable {
        /// jotter's own.
        case inherited
        /// This descriptor of jotter's; the caller still owns and closes it.
        case descriptor(Int32)
        /// /dev/null.
        case null
    }

    /// The process group and session the child runs in.
    public enum Grouping: Sendable {
        /// jotter's own group, with jotter's signal dispositions and mask, as system()
        /// runs a command: it is in the terminal's foreground whenever jotter is.
        case jotters
        /// A process group of its own, which can be stopped as a whole and be handed
        /// the terminal.
        case own
        /// A session of its own: no controlling terminal to read, or to be stopped or
        /// interrupted by.
        case newSession
    }

    /// Why the child could not be started: an `errno` of posix_spawn.
    public struct Failure: Error, Sendable {
        public let code: Int32
        public var reason: String { String(cString: strerror(code)) }
    }

    /// Starts `executable` with `arguments` (the first is its name for itself) and
    /// jotter's environment with `environment` added; returns its process id.
    public static func start(_ executable: String, arguments: [String], environment: [String: String] = [:],
                             input: Stream = .inherited, output: Stream = .inherited, errors: Stream = .inherited,
                             grouping: Grouping) throws(Failure) -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for (stream, target) in [(input, Int32(0)), (output, 1), (errors, 2)] {
            switch stream {
            case .inherited: break
            case .descriptor(let descriptor): posix_spawn_file_actions_adddup2(&actions, descriptor, target)
            case .null: posix_spawn_file_actions_addopen(&actions, target, "/dev/null", target == 0 ? O_RDONLY : O_WRONLY, 0)
            }
        }

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        if grouping != .jotters {
            // Signals jotter ignores or blocks are the child's own again: `yes | head`
            // needs SIGPIPE to end `yes`.
            var defaults = sigset_t()
            sigfillset(&defaults)
            var unblocked = sigset_t()
            sigemptyset(&unblocked)
            posix_spawnattr_setsigdefault(&attributes, &defaults)
            posix_spawnattr_setsigmask(&attributes, &unblocked)
            posix_spawnattr_setpgroup(&attributes, 0)
            let flags = grouping == .newSession ? setSessionFlag : Int32(POSIX_SPAWN_SETPGROUP)
            posix_spawnattr_setflags(&attributes, Int16(flags | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
        }

        var cArguments = arguments.map { strdup($0) } + [nil]
        defer { cArguments.forEach { free($0) } }
        var pid = pid_t()
        let spawned: Int32
        if environment.isEmpty {
            spawned = posix_spawn(&pid, executable, &actions, &attributes, &cArguments, environ)
        } else {
            var cEnvironment = mergedEnvironment(adding: environment).map { strdup($0) } + [nil]
            defer { cEnvironment.forEach { free($0) } }
            spawned = posix_spawn(&pid, executable, &actions, &attributes, &cArguments, &cEnvironment)
        }
        guard spawned == 0 else { throw Failure(code: spawned) }
        return pid
    }

    /// Waits for the child `pid` to end, through signals that interrupt the wait, and
    /// returns its status as waitpid gives it.
    public static func waitForEnd(of pid: pid_t) -> Int32 {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        return status
    }

    /// glibc's POSIX_SPAWN_SETSID, a GNU extension Swift's Glibc module does not carry.
    private static let setSessionFlag: Int32 = 0x80

    /// jotter's environment, as `NAME=value` lines, with `added` in place of what it
    /// already held under those names.
    private static func mergedEnvironment(adding added: [String: String]) -> [String] {
        var merged: [String: String] = [:]
        var index = 0
        while let entry = environ[index] {
            let text = String(cString: entry)
            if let equals = text.firstIndex(of: "=") {
                merged[String(text[..<equals])] = String(text[text.index(after: equals)...])
            }
            index += 1
        }
        merged.merge(added) { $1 }
        return merged.map { $0.key + "=" + $0.value }
    }
}
