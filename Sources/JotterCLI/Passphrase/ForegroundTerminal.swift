#if canImport(Glibc)
import Glibc
#endif
import JotterApplication
import JotterCore

/// jotter's controlling terminal, lent to the process group of a command it runs (a
/// passphrase command that asks on the terminal itself), and taken back after: a
/// background group that reads the terminal would be stopped by the kernel instead.
struct ForegroundTerminal: TerminalLoan {
    private let descriptor: Int32
    private let ownGroup: pid_t
    /// The terminal's settings before: a command killed while it had echo off does not
    /// leave it so.
    private let settings: termios

    /// Makes `group` the terminal's foreground, when jotter is in the foreground now;
    /// nil when there is no terminal or jotter runs in the background.
    static func lend(to group: pid_t) -> ForegroundTerminal? {
        let descriptor = open("/dev/tty", O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        var settings = termios()
        guard tcgetpgrp(descriptor) == getpgrp(), tcgetattr(descriptor, &settings) == 0,
              tcsetpgrp(descriptor, group) == 0 else {
            close(descriptor)
            return nil
        }
        // It may have tried the terminal before it was its own, and been stopped.
        kill(-group, SIGCONT)
        return ForegroundTerminal(descriptor: descriptor, ownGroup: getpgrp(), settings: settings)
    }

    func takeBack() {
        // jotter is in the background until this is done, where changing the terminal
        // would stop it with SIGTTOU.
        var stopSignal = sigset_t()
        sigemptyset(&stopSignal)
        sigaddset(&stopSignal, SIGTTOU)
        var previous = sigset_t()
        pthread_sigmask(SIG_BLOCK, &stopSignal, &previous)
        tcsetpgrp(descriptor, ownGroup)
        var settings = self.settings
        tcsetattr(descriptor, TCSADRAIN, &settings)
        pthread_sigmask(SIG_SETMASK, &previous, nil)
        close(descriptor)
    }
}
