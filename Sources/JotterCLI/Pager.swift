import JotterApplication
import JotterCore

#if canImport(Glibc)
import Glibc
#endif

/// The pager a one-shot command's output goes through once it proves longer than the
/// screen, chosen as git chooses: `$JOTTER_PAGER`, else `$PAGER`, else `less -FRX`.
/// The pager is a process of its own that reads the rendered text from a pipe: it
/// never sees the store, nor a key, nor text that was not shown.
final class Pager {
    private var process: pid_t?
    private var input: Int32 = -1

    /// The command line of the pager; nil for none (set empty, or `cat`).
    static func command(environment: (String) -> String?) -> String? {
        let chosen = environment("JOTTER_PAGER") ?? environment("PAGER") ?? "less -FRX"
        if chosen.allSatisfy(\.isWhitespace) || chosen == "cat" { return nil }
        return chosen
    }

    /// Holds `output` back while it fits the screen, and starts the pager when it does
    /// not; nil when standard output is no terminal or the user wants no pager.
    static func paging(_ output: OutputBuffer, terminal: TerminalFacts) -> Pager? {
        guard terminal.outputIsTerminal, let screen = terminal.screen,
              let command = command(environment: Terminal.environment) else { return nil }
        let pager = Pager()
        output.hold(rows: screen.rows, columns: screen.columns) { [pager] in
            pager.start(command)
        }
        output.readerMayQuit = true
        return pager
    }

    /// Starts the pager through the shell (the command line is the user's own setting,
    /// not data) and returns the pipe to write to; nil when it cannot be started, and
    /// the output stays on the terminal.
    private func start(_ command: String) -> Int32? {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { return nil }
        // Neither end is left open in a process started later (a hook's, say).
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        // As git does: less quits at once when all fits, keeps colour, and leaves the
        // text on the screen, unless the user has set LESS to say otherwise.
        setenv("LESS", "FRX", 0)
        setenv("LV", "-c", 0)
        let child = try? ChildProcess.start("/bin/sh", arguments: ["/bin/sh", "-c", command], input: .descriptor(ends[0]),
                                            grouping: .jotters)
        close(ends[0])
        guard let child else {
            close(ends[1])
            return nil
        }
        process = child
        input = ends[1]
        // Set after the start, so that the pager does not inherit them ignored: a
        // closed pipe (the pager quit early) is a failed write that ends the output
        // quietly, and Ctrl-C and Ctrl-\ are the pager's to handle.
        signal(SIGPIPE, SIG_IGN)
        signal(SIGINT, SIG_IGN)
        signal(SIGQUIT, SIG_IGN)
        return input
    }

    /// Ends the output and waits for the user to leave the pager, so that the shell's
    /// prompt comes after it; the pager's own exit status is not jotter's.
    func wait() {
        guard let process else { return }
        close(input)
        var status: Int32 = 0
        while waitpid(process, &status, 0) < 0 && errno == EINTR {}
        self.process = nil
    }
}
