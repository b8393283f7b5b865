/// What `jotter help TOPIC` explains, beyond one command. The man page is made from
/// the same texts (`Scripts/gen-man`): the description from those of `manualDescription`,
/// and a section of its own from each of `manualSections`.
enum HelpTopic: String, CaseIterable {
    case prompt, forms, targets, text, dates, sync, encryption, hooks
    case readOnly = "read-only"
    case environment, files
    case exitStatus = "exit-status"
    case examples

    /// The topics, in the order the man page's description takes them.
    static let manualDescription: [HelpTopic] = [.prompt, .forms, .targets, .text, .readOnly, .encryption]

    /// The topics that are sections of their own in the man page, with its heading.
    static let manualSections: [(topic: HelpTopic, heading: String)] = [
        (.environment, "ENVIRONMENT"), (.files, "FILES"), (.exitStatus, "EXIT STATUS"), (.examples, "EXAMPLES"),
    ]

    /// The heading of the topic's paragraphs in the man page's description.
    var manualHeading: String {
        self == .readOnly ? "READ-ONLY STORES" : self == .encryption ? "ENCRYPTED STORES" : rawValue.uppercased()
    }

    /// Its text where the man page's description holds it.
    var manualText: String {
        self == .encryption ? Self.encryptionText : text
    }

    /// The man page's description: the topics of `manualDescription`, under their headings.
    static var description: String {
        manualDescription.map { topic in
            topic == .prompt ? topic.manualText : topic.manualHeading + ": " + topic.manualText
        }.joined(separator: "\n\n")
    }

    static var names: String { allCases.map(\.rawValue).joined(separator: ", ") }

    /// The topic's text: paragraphs of one line each, for the terminal to wrap.
    var text: String {
        switch self {
        case .prompt: return Self.promptText
        case .forms: return Self.formsText
        case .targets: return Self.targetsText
        case .text: return Self.textText
        case .dates: return LogCommand.configuration.discussion
        case .sync: return RemoteCommand.configuration.discussion + "\n\n" + SyncCommand.configuration.discussion
        case .encryption: return Self.encryptionText + "\n\n" + EncryptCommand.configuration.discussion
        case .hooks: return HookCommand.configuration.discussion
        case .readOnly: return Self.readOnlyText
        case .environment: return Self.environmentText
        case .files: return Self.filesText
        case .exitStatus: return Self.exitStatusText
        case .examples: return CommandExamples.all
        }
    }

    private static let promptText = """
        Without a command, jotter opens a prompt on the current place of the store: \
        each line typed and Enter is added at once as an item there, durably, and \
        the prompt is ready for the next. Blank lines add nothing; white space at \
        either end is trimmed; a pasted block adds one item per line. No line of \
        a paste runs a command, first, middle or last: a pasted ':' line is an \
        entry as pasted, or the value of the field asked. Where the terminal marks \
        pastes (bracketed paste), the marks say what was pasted, and everything up \
        to a line typed on its own is text; where it does not, input that comes in \
        one burst is a paste: a line that began in the read that ended the line \
        before, that was there whole before its prompt showed, or that has more \
        waiting behind it. A command typed at the prompt runs.

        A line that starts with ':' is a command, the same as the \
        one-shot command of that name with the same options: \(CommandRegistry.promptSummary). \
        ':edit TARGET' puts the item's text in the line to change; Enter saves it. A leading '\\' is dropped and the rest added \
        as typed. Keys: Up/Down recall earlier lines of this store and Ctrl-R \
        searches them; Tab completes commands and names; Shift-Tab goes back one field (emacs keys; :back in every mode); \
        Ctrl-C clears the line and drops the item being entered; Ctrl-D on an empty \
        line quits. Line editing is libedit's: ~/.editrc is read with 'jotter' as the \
        program name (jotter:bind -v for vi keys), and Ctrl-C, Ctrl-R, Ctrl-Z and Tab \
        keep their meaning in every mode.

        When standard input is not a terminal, each line of it is an entry, taken \
        as it is (trimmed; a line starting with ':' or '\\' is text too), and a \
        summary goes to standard error.
        """

    private static let formsText = """
        Where a place has fields (see 'jotter field --help'), each item walks \
        them after its text, one prompt each, and nothing is written until the \
        last. A line of three double quotes starts an entry of several lines and \
        another ends it; 'set lines N' makes a place's entries text boxes of up to \
        N lines, added on Enter at line N or on an empty line. Trailing blank lines \
        are dropped. An item made with fields that changed meanwhile goes back to \
        the line. When a signal ends the prompt (the terminal closes, SIGTERM) in \
        the middle of an entry, what was entered is kept and put back in the line \
        the next time a prompt opens at that place.
        """

    private static let targetsText = """
        A target is a path of list names or item texts (groceries/weekend, /groceries \
        from the root, .. for up), a position as 'list' shows it (3), or an id, in \
        full or by the tail that 'list' shows. A name is looked up before a \
        position; a list wins over items of the same name.
        """

    private static let textText = """
        Entries are UTF-8 and stored exactly. Text that is not valid UTF-8 \
        or holds a NUL byte is refused with a message naming the line. Control \
        characters in text are shown escaped (\\x1b, \\t, ...) on a terminal, and \
        written as escapes in json and jsonl. Every word of the text of add, edit \
        and new and of the query of find is theirs as typed, also one that starts \
        with '-' ('find meet -cancelled', 'add note -h'); only the command's own \
        options with a value (--to, --in, --format, --store) are taken out, and \
        after '--' every word is text.
        """

    private static let readOnlyText = """
        A store jotter cannot write (on read-only media, a file \
        or folder without write permission, another user's file) is opened for \
        reading: list, export, find, tags, log, path, trash, sum and check work, \
        and a command that would write fails with exit status 3 and the reason. A \
        store readable by others, or its -wal or -shm, is made 0600 when jotter \
        opens it for writing, and says so once.
        """

    private static let encryptionText = """
        'jotter encrypt' encrypts the whole store with a \
        passphrase ('jotter encrypt --help'). Each command then asks for it on the \
        terminal, up to three times, or takes the first line of output of \
        --passphrase-command CMD; a passphrase is never taken from the command \
        line itself. The derived key is cached in the kernel's keyring (the user \
        session keyring), so that the commands that follow do not ask; where there \
        is no keyring, each asks. A wrong passphrase exits 3 with the file left \
        as it is.
        """

    private static let environmentText = """
        JOTTER_STORE, the store when --store is not given. \
        JOTTER_NO_HOOKS=1 runs no hooks ('jotter help hooks'). PGHOST, PGUSER, \
        PGPASSWORD, PGPASSFILE, PGSERVICE and libpq's other variables, for the hub \
        of 'sync' ('jotter help sync'). \
        JOTTER_PASSPHRASE_COMMAND, the passphrase command when \
        --passphrase-command is not given; JOTTER_PASSPHRASE_TIMEOUT, how many \
        seconds it may take (else 30); JOTTER_KEY_TIMEOUT, how many seconds the \
        key of an encrypted store stays cached (else 900). XDG_CONFIG_HOME, \
        where this machine's id is kept (else ~/.config). XDG_STATE_HOME, where \
        the trust key is kept (else ~/.local/state; 'jotter trust --help'). \
        XDG_DATA_HOME, where the default store lives (else ~/.local/share). HOME, \
        for that default and for ~/.editrc. NO_COLOR, set to anything but an empty \
        string, turns colour off; so does output that is not a terminal, and TERM=dumb; \
        --color=always or --color=never, on any command, overrides all three. \
        JOTTER_PAGER, else PAGER, the pager of output longer than a terminal's \
        screen (else 'less -FRX'; LESS=FRX is set when LESS is unset); empty or \
        'cat' for none, as --no-pager does. COLUMNS, the width long entries of \
        'list' wrap to on a terminal (else the terminal's). EDITRC, \
        read by libedit instead of ~/.editrc. VISUAL, else EDITOR, the editor of \
        'edit' (else vi); TMPDIR, where its private temporary folder goes \
        (XDG_RUNTIME_DIR, else /dev/shm, for an encrypted store). TZ, the \
        time zone of the days and times of 'log'.
        """

    private static let filesText = """
        ${XDG_DATA_HOME:-~/.local/share}/jotter/jotter.sqlite3, the store: \
        one SQLite file (with its -wal and -shm while in use) holding the lists, \
        the items, the current place, the prompt's history and the changes undo \
        steps back through; created on first use, \
        mode 0600 in a 0700 folder. ~/.editrc, libedit's settings.
        """

    private static let exitStatusText = """
        0 success; 1 a wrong input or target (one line on standard \
        error says what and where); 2 a wrong command line; 3 the store cannot be \
        used (not a jotter store, written by a newer jotter, damaged, a wrong \
        passphrase, no permission, another user's file or log, a folder others may \
        write to, disk full, held locked by another program), or 'check' found it \
        damaged: the command \
        changed nothing, and 'jotter check' tells what is wrong with a damaged \
        store; 4 the output could not be written (the message says whether the \
        store was changed all the same, as by add); 5 the hub of 'remote set' or \
        'sync' could not be used (down, unreachable, a wrong password, a hub of a \
        newer jotter, no libpq): one line names the hub and the reason, and \
        nothing local is lost; 6 the hub of 'sync' does not hold what this store \
        pulled from it or sent to it (restored from an older backup, replaced by an empty \
        database, or another journal): one line says so, nothing is applied, and \
        'jotter remote rebuild' gives it back what it lost; 7 the keys of a sealed \
        journal could not be opened (a wrong journal passphrase, or no way to ask \
        for it): nothing is changed; 130 and 143 an import stopped \
        by SIGINT or SIGTERM, with nothing imported.
        """
}
