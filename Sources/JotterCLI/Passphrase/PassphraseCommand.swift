import JotterApplication
import JotterCore

/// A command of the user's that prints the passphrase as the first line of its output
/// (`pass show journal`, a secret-service tool, `cat` of a file only they can read), for
/// scripts and for those who keep their passphrases in a manager. It shares jotter's
/// input, error output and terminal, so it may ask for a passphrase of its own.
struct PassphraseCommand {
    static let defaultTimeoutSeconds = 30
    /// More than any passphrase; a command printing more is stopped there.
    static let outputLimit = 64 * 1024

    let command: String
    /// Where the command was given: the option or the environment variable, for errors.
    let origin: String
    let timeoutSeconds: Int

    /// What is asked for, in JOTTER_PASSPHRASE_PURPOSE: a script that answers both may
    /// give a different passphrase for `encrypt` or `rekey` than for opening.
    enum Purpose: String {
        case open
        case new
        /// The passphrase of a sealed journal on the hub.
        case journal
        /// A new passphrase for a sealed journal, when its keys are rotated.
        case journalNew = "journal-new"
    }

    /// The first line the command prints, without its line end. The caller wipes it.
    func passphrase(for store: String, purpose: Purpose) throws -> [UInt8] {
        var result = HookProcess.run(command: command, wiring: .sharingTerminal(outputLimit: Self.outputLimit, lentBy: ForegroundTerminal.lend),
                                     environment: ["JOTTER_STORE": store, "JOTTER_PASSPHRASE_PURPOSE": purpose.rawValue],
                                     timeoutSeconds: timeoutSeconds)
        defer { result.output.wipe() }
        let lineEnd = result.output.firstIndex(of: UInt8(ascii: "\n"))
        switch result.ending {
        case .exited(0):
            break
        case .outputCut where lineEnd != nil:
            // The first line came whole before the rest overflowed: that is the answer.
            break
        case .outputCut:
            throw failure("printed more than \(Self.outputLimit / 1024) KiB without a line end")
        case .exited(let status):
            throw failure("exited with status \(status)")
        case .signalled(let signal):
            throw failure("was ended by signal \(signal)")
        case .timedOut:
            throw failure("did not answer within \(timeoutSeconds) s and was stopped")
        case .couldNotStart(let why):
            throw failure("could not be started (\(why))")
        }
        guard !result.output.isEmpty else { throw failure("printed nothing") }
        var end = lineEnd ?? result.output.endIndex
        if end > 0 && result.output[end - 1] == UInt8(ascii: "\r") { end -= 1 }
        guard end > 0 else { throw failure("printed an empty first line") }
        var passphrase = [UInt8]()
        passphrase.reserveCapacity(end)
        passphrase.append(contentsOf: result.output[..<end])
        return passphrase
    }

    private func failure(_ what: String) -> JotterError {
        .input("the passphrase command (\(origin)) \(what); no passphrase was taken from it")
    }
}
