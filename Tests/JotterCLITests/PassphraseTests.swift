import Foundation
@testable import JotterCLI
import JotterCore
import PseudoTerminal
import TestSupport
import Testing

/// The passphrase command against real `sh` commands, and the terminal prompt under a
/// real pseudo-terminal whose other side the test holds.
@Suite struct PassphraseCommandTests {
    let folder = TemporaryFolder()

    func command(_ text: String, timeout: Int = 30) -> PassphraseCommand {
        PassphraseCommand(command: text, origin: "JOTTER_PASSPHRASE_COMMAND", timeoutSeconds: timeout)
    }

    func passphrase(_ text: String, timeout: Int = 30) throws -> String {
        String(decoding: try command(text, timeout: timeout).passphrase(for: "/s.jotter", purpose: .open), as: UTF8.self)
    }

    func failure(_ text: String, timeout: Int = 30) -> String? {
        do {
            _ = try command(text, timeout: timeout).passphrase(for: "/s.jotter", purpose: .open)
            return nil
        } catch {
            return (error as? JotterError)?.message
        }
    }

    @Test func theFirstLineIsThePassphrase() throws {
        #expect(try passphrase("echo 'correct horse'; echo second line") == "correct horse")
        #expect(try passphrase("printf 'no line end'") == "no line end")
        #expect(try passphrase("printf 'typed on windows\\r\\nmore\\r\\n'") == "typed on windows")
        #expect(try passphrase("printf '  spaces and \\tall  \\n'") == "  spaces and \tall  ")
    }

    @Test func aFailingCommandSaysItsStatusAndNeverItsOutput() {
        let message = failure("echo 'the secret it printed'; exit 3")
        #expect(message == "the passphrase command (JOTTER_PASSPHRASE_COMMAND) exited with status 3; no passphrase was taken from it")
    }

    /// The kernel refuses an argument over 128 KiB, so a command that long cannot start.
    @Test func aCommandThatCannotStartSaysWhy() {
        #expect(failure("echo " + String(repeating: "x", count: 200_000)) ==
            "the passphrase command (JOTTER_PASSPHRASE_COMMAND) could not be started (cannot run /bin/sh: Argument list too long); no passphrase was taken from it")
    }

    @Test func aCommandPrintingNothingOrAnEmptyLineGivesNoPassphrase() {
        #expect(failure("true") == "the passphrase command (JOTTER_PASSPHRASE_COMMAND) printed nothing; no passphrase was taken from it")
        #expect(failure("echo; echo second") ==
            "the passphrase command (JOTTER_PASSPHRASE_COMMAND) printed an empty first line; no passphrase was taken from it")
        #expect(failure("printf '\\r\\n'") ==
            "the passphrase command (JOTTER_PASSPHRASE_COMMAND) printed an empty first line; no passphrase was taken from it")
    }

    @Test func aSlowCommandIsStoppedWithEverythingItStarted() throws {
        let pidFile = folder.file("pid")
        let message = failure("sleep 60 & echo $! > '\(pidFile)'; wait", timeout: 1)
        #expect(message == "the passphrase command (JOTTER_PASSPHRASE_COMMAND) did not answer within 1 s and was stopped; no passphrase was taken from it")
        let started = try #require(Int32(String(contentsOfFile: pidFile, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)))
        // Killed, so gone or a zombie waiting for whoever reaps orphans here, once the
        // kernel has delivered the signal, which on a loaded machine takes a moment.
        func state() -> Substring? {
            (try? String(contentsOfFile: "/proc/\(started)/stat", encoding: .utf8))?
                .split(separator: ")").last?.split(separator: " ").first
        }
        let deadline = Date().addingTimeInterval(PseudoTerminalSession.patience)
        while let running = state(), running != "Z", Date() < deadline { usleep(10_000) }
        #expect(state() == nil || state() == "Z", "the sleep it left running was killed")
    }

    @Test func aFloodWithoutALineEndIsStopped() throws {
        #expect(failure("head -c 100000 /dev/zero | tr '\\0' a") ==
            "the passphrase command (JOTTER_PASSPHRASE_COMMAND) printed more than 64 KiB without a line end; no passphrase was taken from it")
        #expect(try passphrase("echo first; yes") == "first", "a whole first line before the flood is the answer")
    }

    @Test func theCommandIsToldTheStoreAndWhatIsAsked() throws {
        let source = try PassphraseSource.choose(
            option: "printf '%s %s\\n' \"$JOTTER_PASSPHRASE_PURPOSE\" \"$JOTTER_STORE\"", environment: [:])
        #expect(String(decoding: try source.passphrase(for: "/a.jotter", attempt: 1), as: UTF8.self) == "open /a.jotter")
        #expect(String(decoding: try source.newPassphrase(for: "/b.jotter"), as: UTF8.self) == "new /b.jotter")
        #expect(source.attempts == 1, "a command that gave a wrong passphrase is not asked again")
    }

    @Test func theOptionWinsOverTheEnvironment() throws {
        let environment = ["JOTTER_PASSPHRASE_COMMAND": "echo from-environment", "JOTTER_PASSPHRASE_TIMEOUT": "7"]
        let fromOption = try PassphraseSource.choose(option: "echo from-option", environment: environment)
        #expect(String(decoding: try fromOption.passphrase(for: "/s", attempt: 1), as: UTF8.self) == "from-option")
        guard case .command(let optionCommand) = fromOption.origin else { Issue.record("not the command"); return }
        #expect(optionCommand.origin == "--passphrase-command")
        #expect(optionCommand.timeoutSeconds == 7)
        let fromEnvironment = try PassphraseSource.choose(option: nil, environment: environment)
        #expect(String(decoding: try fromEnvironment.passphrase(for: "/s", attempt: 1), as: UTF8.self) == "from-environment")
        guard case .command(let environmentCommand) = fromEnvironment.origin else { Issue.record("not the command"); return }
        #expect(environmentCommand.timeoutSeconds == 7)
    }

    @Test func withoutACommandTheTerminalIsAskedThreeTimes() throws {
        let source = try PassphraseSource.choose(option: nil, environment: ["JOTTER_PASSPHRASE_COMMAND": ""])
        guard case .terminal(let terminal) = source.origin else { Issue.record("not the terminal"); return }
        #expect(terminal.terminalPath == "/dev/tty")
        #expect(source.attempts == 3)
    }

    @Test func aBadTimeoutIsAnErrorNamingIt() {
        #expect(throws: JotterError.input("JOTTER_PASSPHRASE_TIMEOUT: 'soon' is not a whole number of seconds above 0")) {
            try PassphraseSource.choose(option: "echo x", environment: ["JOTTER_PASSPHRASE_TIMEOUT": "soon"])
        }
    }
}

/// TerminalPassphrase reading from a pseudo-terminal the test opened: the reader is
/// pointed at its terminal side instead of /dev/tty and runs on a thread of its own,
/// while the test types on the other side and reads all the terminal showed.
@Suite struct TerminalPassphraseTests {
    final class Pair: @unchecked Sendable {
        let controller: Int32
        let terminal: Int32
        let terminalPath: String
        private(set) var shown: [UInt8] = []

        init() throws {
            var controller: Int32 = -1, terminal: Int32 = -1
            var path = [CChar](repeating: 0, count: 256)
            guard jotter_open_pseudo_terminal(&controller, &terminal, &path, path.count) == 0 else {
                throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
            }
            (self.controller, self.terminal) = (controller, terminal)
            terminalPath = path.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        }

        deinit {
            close(terminal)
            close(controller)
        }

        var echoes: Bool {
            var settings = termios()
            tcgetattr(controller, &settings)
            return settings.c_lflag & tcflag_t(ECHO) != 0
        }

        /// Reads what the terminal showed so far.
        func drain() {
            var descriptor = pollfd(fd: controller, events: Int16(POLLIN), revents: 0)
            var buffer = [UInt8](repeating: 0, count: 4096)
            while poll(&descriptor, 1, 0) > 0 && descriptor.revents & Int16(POLLIN) != 0 {
                let count = read(controller, &buffer, buffer.count)
                guard count > 0 else { return }
                shown += buffer[..<count]
            }
        }

        var text: String { String(decoding: shown, as: UTF8.self) }

        /// Waits for the `occurrence`-th `prompt` with echo off (the reader's flush
        /// would drop keys typed sooner), then types `keys`.
        /// A prompt that never comes is a failure, not a hang.
        func answer(_ occurrence: Int, of prompt: String, with keys: String,
                    sourceLocation: SourceLocation = #_sourceLocation) {
            let deadline = Date().addingTimeInterval(PseudoTerminalSession.patience)
            while text.components(separatedBy: prompt).count - 1 < occurrence || echoes {
                guard Date() < deadline else {
                    Issue.record("waited for prompt \(occurrence) \(prompt.debugDescription); the terminal showed \(text.debugDescription)",
                                 sourceLocation: sourceLocation)
                    return
                }
                drain()
                usleep(2000)
            }
            _ = Array(keys.utf8).withUnsafeBytes { write(controller, $0.baseAddress, $0.count) }
        }
    }

    final class Outcome: @unchecked Sendable {
        var passphrase: [UInt8]?
        var error: JotterError?
    }

    /// Runs `asking` on a thread of its own while `typing` types, and returns what it got.
    func run(_ asking: @escaping @Sendable () throws -> [UInt8], typing: () -> Void) -> Outcome {
        let outcome = Outcome()
        let done = DispatchSemaphore(value: 0)
        Thread {
            do { outcome.passphrase = try asking() } catch { outcome.error = error as? JotterError }
            done.signal()
        }.start()
        typing()
        if done.wait(timeout: .now() + PseudoTerminalSession.patience) == .timedOut {
            Issue.record("the reader never finished")
        }
        return outcome
    }

    @Test func thePassphraseIsReadWithoutEchoAndTheTerminalIsGivenBack() throws {
        let pair = try Pair()
        #expect(pair.echoes)
        let reader = TerminalPassphrase(terminalPath: pair.terminalPath)
        let outcome = run({ try reader.ask(prompt: "Passphrase for /s.jotter: ") }) {
            pair.answer(1, of: "Passphrase for /s.jotter: ", with: "hunter2 x\r")
        }
        pair.drain()
        #expect(outcome.passphrase.map { String(decoding: $0, as: UTF8.self) } == "hunter2 x")
        #expect(pair.text == "Passphrase for /s.jotter: \r\n", "the prompt, nothing typed, and the line end")
        #expect(pair.echoes, "echo is on again")
    }

    @Test func aNewPassphraseIsAskedTwiceUntilBothMatch() throws {
        let pair = try Pair()
        let reader = TerminalPassphrase(terminalPath: pair.terminalPath)
        let outcome = run({ try reader.askNew() }) {
            pair.answer(1, of: "New passphrase: ", with: "\r")
            pair.answer(2, of: "New passphrase: ", with: "first\r")
            pair.answer(1, of: "Again: ", with: "frist\r")
            pair.answer(3, of: "New passphrase: ", with: "second\r")
            pair.answer(2, of: "Again: ", with: "second\r")
        }
        pair.drain()
        #expect(outcome.passphrase.map { String(decoding: $0, as: UTF8.self) } == "second")
        #expect(pair.text == "New passphrase: \r\nThe passphrase cannot be empty.\r\nNew passphrase: \r\nAgain: \r\n"
            + "The two passphrases differ.\r\nNew passphrase: \r\nAgain: \r\n")
        #expect(pair.echoes)
    }

    @Test func threeMismatchesGiveUpInOneLine() throws {
        let pair = try Pair()
        let reader = TerminalPassphrase(terminalPath: pair.terminalPath)
        let outcome = run({ try reader.askNew() }) {
            for round in 1...3 {
                pair.answer(round, of: "New passphrase: ", with: "alpha\r")
                pair.answer(round, of: "Again: ", with: "bravo\r")
            }
        }
        #expect(outcome.error == JotterError.input("no new passphrase was set: three tries were empty or did not match"))
        pair.drain()
        #expect(!pair.text.contains("alpha") && !pair.text.contains("bravo"))
        #expect(pair.echoes)
    }

    @Test func endOfInputGivesNoPassphrase() throws {
        let pair = try Pair()
        let reader = TerminalPassphrase(terminalPath: pair.terminalPath)
        let outcome = run({ try reader.ask(prompt: "Passphrase: ") }) {
            pair.answer(1, of: "Passphrase: ", with: "\u{4}")
        }
        #expect(outcome.error == JotterError.input("no passphrase was typed (end of input)"))
        #expect(pair.echoes)
    }

    @Test(arguments: ["/nonexistent/tty", "/dev/null"])
    func withoutATerminalTheErrorNamesTheWaysToGiveIt(path: String) {
        #expect(throws: TerminalPassphrase.noTerminal) { try TerminalPassphrase(terminalPath: path).ask(prompt: "Passphrase: ") }
        #expect(TerminalPassphrase.noTerminal.message ==
            "no terminal to ask for the passphrase on; give a command that prints it with --passphrase-command or JOTTER_PASSPHRASE_COMMAND")
    }
}
