import JotterCore

/// Where passphrases come from: the passphrase command when one is given (the option
/// wins over JOTTER_PASSPHRASE_COMMAND), else the terminal. A passphrase is never
/// taken from the command line itself. Each comes as bytes the caller wipes, never as
/// a String that could end up in a message.
struct PassphraseSource {
    enum Origin {
        case command(PassphraseCommand)
        case terminal(TerminalPassphrase)
    }

    let origin: Origin

    /// Tries at a passphrase before opening a store fails: a person may mistype, while
    /// a command that gave a wrong one would only give it again.
    var attempts: Int {
        switch origin {
        case .command: 1
        case .terminal: 3
        }
    }

    /// The source for a command given `option` (`--passphrase-command`) and run in
    /// `environment`; an unusable JOTTER_PASSPHRASE_TIMEOUT is an error naming it.
    static func choose(option: String?, environment: [String: String],
                       terminalPath: String = "/dev/tty") throws -> PassphraseSource {
        let given: (command: String, origin: String)? =
            if let option, !option.isEmpty { (option, "--passphrase-command") }
            else if let variable = environment["JOTTER_PASSPHRASE_COMMAND"], !variable.isEmpty {
                (variable, "JOTTER_PASSPHRASE_COMMAND")
            } else { nil }
        guard let given else { return PassphraseSource(origin: .terminal(TerminalPassphrase(terminalPath: terminalPath))) }
        let timeout = try SecondsSetting.seconds(environment["JOTTER_PASSPHRASE_TIMEOUT"], variable: "JOTTER_PASSPHRASE_TIMEOUT",
                                                 default: PassphraseCommand.defaultTimeoutSeconds)
        return PassphraseSource(origin: .command(PassphraseCommand(command: given.command, origin: given.origin,
                                                                   timeoutSeconds: timeout)))
    }

    /// The passphrase that opens the store at `store`, for try `attempt` (from 1).
    /// On the terminal an empty line asks again.
    func passphrase(for store: String, attempt: Int) throws -> [UInt8] {
        switch origin {
        case .command(let command):
            return try command.passphrase(for: store, purpose: .open)
        case .terminal(let terminal):
            let tries = attempt > 1 ? " (try \(attempt) of \(attempts))" : ""
            while true {
                let passphrase = try terminal.ask(prompt: "Passphrase for \(DisplayText.escaped(store))\(tries): ")
                if !passphrase.isEmpty { return passphrase }
            }
        }
    }

    /// The passphrase of the sealed journal `journal` on `hub`, for try `attempt`: the
    /// command's answer with JOTTER_PASSPHRASE_PURPOSE=journal, or typed on the
    /// terminal; with `new`, typed twice there, as for a journal being sealed.
    func journalPassphrase(for store: String, journal: String, hub: String, attempt: Int, new: Bool = false) throws -> [UInt8] {
        switch origin {
        case .command(let command):
            return try command.passphrase(for: store, purpose: .journal)
        case .terminal(let terminal):
            let named = "the journal '\(DisplayText.escaped(journal))' of \(DisplayText.escaped(hub))"
            if new {
                terminal.say("Choose the passphrase of \(named): every machine that syncs it asks for it once.")
                return try terminal.askNew()
            }
            let tries = attempt > 1 ? " (try \(attempt) of \(attempts))" : ""
            while true {
                let passphrase = try terminal.ask(prompt: "Passphrase of \(named)\(tries): ")
                if !passphrase.isEmpty { return passphrase }
            }
        }
    }

    /// A new passphrase for the sealed journal `journal`, for `remote key rotate`: the
    /// command's answer with JOTTER_PASSPHRASE_PURPOSE=journal-new, or typed twice.
    func newJournalPassphrase(for store: String, journal: String) throws -> [UInt8] {
        switch origin {
        case .command(let command):
            try command.passphrase(for: store, purpose: .journalNew)
        case .terminal(let terminal):
            try terminal.askNew()
        }
    }

    /// A new passphrase for the store at `store`, for `encrypt` and `rekey`: typed twice
    /// on the terminal, or the command's answer with JOTTER_PASSPHRASE_PURPOSE=new.
    func newPassphrase(for store: String) throws -> [UInt8] {
        switch origin {
        case .command(let command):
            try command.passphrase(for: store, purpose: .new)
        case .terminal(let terminal):
            try terminal.askNew()
        }
    }
}
