import CEditLine
import JotterApplication
import JotterCore

#if canImport(Glibc)
import Glibc
#endif

/// What reading one line produced.
enum LineEvent: Equatable {
    case line(String)
    /// A line that came in one burst with other input (`TerminalInput.lineOrigin`):
    /// part of a paste the terminal did not mark. Text, whatever it starts with.
    case pasted(String)
    /// A line of a paste the terminal marked (bracketed paste), or of the burst it
    /// came in: text, whatever it starts with.
    case pastedBlock(String)
    case interrupted
    /// Shift-Tab: back one field or line, with the text that was in the line.
    case back(String)
    case end
    /// A signal that ends jotter (SIGTERM, SIGHUP as the terminal closes) came while
    /// `typed` was in the line.
    case ended(signal: Int32, typed: String)
    /// The line could not be taken as text; the message says why and where.
    case unreadable(String)
}

/// Where the prompt's lines come from: libedit on a terminal, plain lines otherwise.
protocol LineSource: AnyObject {
    func readLine(prompt: String) -> LineEvent
    /// Puts `text` in the line buffer for the next read; false when it cannot, and
    /// the caller must show it instead.
    func prefill(_ text: String) -> Bool
    /// Puts `text` in the line as `prefill` does, as a selection: the first character
    /// typed replaces it, any other key keeps it to edit, Enter takes it as it is.
    func offer(_ text: String) -> Bool
    /// Adds a line to what Up/Down and Ctrl-R recall.
    func remember(_ line: String)
    /// Where the last line came from, for messages ("stdin:3"), or nil on a terminal.
    var location: String? { get }
    /// Ends the next read at once as `signal` ends a read, keeping what is in the line:
    /// for a signal that came while the prompt was not reading. False when it cannot.
    func endNextRead(signal: Int32) -> Bool
}

extension LineSource {
    func endNextRead(signal: Int32) -> Bool { false }
    func offer(_ text: String) -> Bool { prefill(text) }
}

/// The libedit shell around the prompt: it reads lines with the user's key bindings
/// and ~/.editrc, and knows nothing of entries or stores.
final class LineEditor: LineSource {
    private let editLine: OpaquePointer
    private let history: OpaquePointer
    private let input: UnsafeMutablePointer<FILE>
    /// libedit's output stream, which writes to `terminal`.
    private let output: UnsafeMutablePointer<FILE>
    private let keys = TerminalInput(wakingOn: LineEditor.terminalSignals + LineEditor.endingSignals) {
        LineEditor.terminalChanged != 0 || LineEditor.endingSignal != 0
    }
    private let marksPastes = Terminal.takesPrivateModes
    private let terminal: HeldTerminalOutput
    private var promptText: UnsafeMutablePointer<CChar>
    private var interrupted = false
    /// Whether the line holds a value offered by `offer`, which the first character
    /// typed replaces.
    private var replacesOnFirstKey = false
    /// Set by Shift-Tab: the text the line held.
    private var backText: String?
    private let completer: (String) -> Completion
    /// Names and help of jotter's editor functions, as wide strings libedit keeps
    /// pointers to until `el_end`.
    private var functionTexts: [UnsafeMutablePointer<wchar_t>] = []
    /// Set by a signal handler when the window changed size or jotter came back to
    /// the foreground while a line was read.
    nonisolated(unsafe) private static var terminalChanged: Int32 = 0
    private static let terminalSignals = [SIGWINCH, SIGCONT]
    /// Set by a signal handler when a signal that ends jotter came while a line was
    /// read: libedit's own handler puts the terminal back first, then passes it on.
    nonisolated(unsafe) private static var endingSignal: Int32 = 0
    /// An ending signal that came while no line was read, for the next read.
    private var signalBeforeRead: Int32 = 0
    private static let endingSignals = [SIGTERM, SIGHUP]

    var location: String? { nil }

    /// `completer` gets the line up to the cursor when Tab is pressed.
    init?(completer: @escaping (String) -> Completion) {
        terminal = HeldTerminalOutput(input: keys)
        let cookie = Unmanaged.passUnretained(terminal).toOpaque()
        guard let input = fdopen(STDIN_FILENO, "r"), let errors = fdopen(STDERR_FILENO, "w"),
              let output = jotter_open_write_stream(cookie, { cookie, bytes, count in
                  guard let cookie, let bytes else { return 0 }
                  Unmanaged<HeldTerminalOutput>.fromOpaque(cookie).takeUnretainedValue()
                      .write(UnsafeRawBufferPointer(start: bytes, count: count))
                  return count
              }) else { return nil }
        // The program name is what ~/.editrc lines are scoped by: `jotter:bind -v`.
        // The descriptors are given because the output stream has none of its own.
        guard let editLine = el_init_fd("jotter", input, output, errors, STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO),
              let history = history_init() else {
            return nil
        }
        self.editLine = editLine
        self.history = history
        self.input = input
        self.output = output
        self.completer = completer
        promptText = strdup("")

        jotter_history_set_size(history, Int32(Store.historyLoadLimit))
        jotter_history_set_unique(history, 1)
        jotter_el_set_history(editLine, history)
        jotter_el_set_clientdata(editLine, Unmanaged.passUnretained(self).toOpaque())
        jotter_el_set_prompt(editLine, { editLine in
            guard let editLine, let editor = LineEditor.from(editLine) else { return nil }
            return editor.promptText
        })
        jotter_el_set_editor(editLine, "emacs")
        // libedit restores the terminal before SIGTERM, SIGHUP and the like end the
        // process, and notes a new window size on SIGWINCH.
        jotter_el_set_signal(editLine, 1)
        jotter_el_set_read(editLine) { editLine, character in
            guard let editLine, let character, let editor = LineEditor.from(editLine) else { return -1 }
            return editor.readCharacter(into: character)
        }
        // Ctrl-C and Ctrl-Z reach libedit as keys rather than signals while a line
        // is edited, so that Ctrl-C can clear the line and keep the prompt.
        jotter_el_set_edit_tty(editLine, "-isig")
        jotter_el_add_function(editLine, wide("jotter-interrupt"), wide("Clear the line (Ctrl-C)"), { editLine, _ in
            guard let editLine, let editor = LineEditor.from(editLine) else { return UInt8(CC_ERROR) }
            editor.interrupted = true
            // Ending the line from here skips libedit's own move to a new line: say
            // what happened and start one, as shells do. The terminal is raw: CR LF.
            fputs("^C\r\n", editor.output)
            fflush(editor.output)
            return UInt8(CC_NEWLINE)
        })
        jotter_el_add_function(editLine, wide("jotter-back"), wide("Go back one field or line (Shift-Tab)"), { editLine, _ in
            guard let editLine, let editor = LineEditor.from(editLine), let typed = editor.lineBuffer() else {
                return UInt8(CC_ERROR)
            }
            editor.backText = typed
            fputs("\r\n", editor.output)
            fflush(editor.output)
            return UInt8(CC_NEWLINE)
        })
        jotter_el_add_function(editLine, wide("jotter-suspend"), wide("Suspend jotter (Ctrl-Z)"), { _, _ in
            raise(SIGTSTP)
            return UInt8(CC_REDISPLAY)
        })
        jotter_el_add_function(editLine, wide("jotter-complete"), wide("Complete a command or a name (Tab)"), { editLine, _ in
            guard let editLine, let editor = LineEditor.from(editLine) else { return UInt8(CC_ERROR) }
            return editor.complete()
        })
        // The user's ~/.editrc first: `bind -v` there resets every key, and Ctrl-C,
        // Ctrl-Z, Tab and Ctrl-R must keep their meaning in whichever mode it chose.
        el_source(editLine, nil)
        for keymap in [nil, "-a"] as [String?] {
            jotter_el_bind(editLine, keymap, "^C", "jotter-interrupt")
            jotter_el_bind(editLine, keymap, "^Z", "jotter-suspend")
            jotter_el_bind(editLine, keymap, "^I", "jotter-complete")
            jotter_el_bind(editLine, keymap, "^R", "em-inc-search-prev")
        }
        // Shift-Tab, with emacs keys only: in vi's, a key sequence that starts with
        // Escape takes Escape's own meaning away (:back does the same there).
        if jotter_el_is_emacs(editLine) != 0 {
            jotter_el_bind(editLine, nil, "\\e[Z", "jotter-back")
        }
    }

    deinit {
        el_end(editLine)
        fclose(output)
        terminal.flush()
        history_end(history)
        free(promptText)
        functionTexts.forEach { $0.deallocate() }
    }

    private func wide(_ text: String) -> UnsafeMutablePointer<wchar_t> {
        let characters = text.unicodeScalars.map { wchar_t(bitPattern: $0.value) } + [0]
        let pointer = UnsafeMutablePointer<wchar_t>.allocate(capacity: characters.count)
        pointer.initialize(from: characters, count: characters.count)
        functionTexts.append(pointer)
        return pointer
    }

    private static func from(_ editLine: OpaquePointer) -> LineEditor? {
        jotter_el_get_clientdata(editLine).map { Unmanaged<LineEditor>.fromOpaque($0).takeUnretainedValue() }
    }

    func readLine(prompt: String) -> LineEvent {
        free(promptText)
        promptText = strdup(prompt)
        interrupted = false
        backText = nil
        var count: Int32 = 0
        // Pastes are marked only while a line is read, so that the programs jotter
        // starts (an editor) and the shell after it get the terminal as it was. The
        // marks go out with the prompt, and the end of them with the line's newline.
        if marksPastes { fputs(TerminalInput.enablePasteMarks, output) }
        keys.beginLine()
        let read = LineEditor.notingSignals { () -> UnsafePointer<CChar>? in
            if signalBeforeRead != 0 {
                LineEditor.endingSignal = signalBeforeRead
                signalBeforeRead = 0
            }
            return el_gets(editLine, &count)
        }
        let readError = errno
        if marksPastes { fputs(TerminalInput.disablePasteMarks, output) }
        if LineEditor.endingSignal != 0 {
            fflush(output)
            terminal.flush()
            return .ended(signal: LineEditor.endingSignal, typed: lineBuffer() ?? "")
        }
        // Whatever is held is shown before jotter says anything about the line.
        defer {
            fflush(output)
            terminal.flush()
        }
        // Jotter's own keys end the line without adding a newline to it, so libedit
        // returns an empty line as if the input had ended: they are asked first.
        if interrupted { return .interrupted }
        if let backText { return .back(backText) }
        guard let line = read else {
            if count < 0 && readError == EINTR { return .interrupted }
            // Ctrl-D: leave the shell's next prompt on a line of its own.
            fputs("\n", output)
            return .end
        }
        var text = String(cString: line)
        if text.hasSuffix("\n") { text.removeLast() }
        switch keys.lineOrigin {
        case .typed: return .line(text)
        case .pasted: return .pasted(text)
        case .markedPaste: return .pastedBlock(text)
        }
    }

    /// Notes SIGWINCH and SIGCONT, and the signals that end jotter, while `body`
    /// reads a line. libedit's own handlers come first while it reads, and pass the
    /// signal on to these.
    private static func notingSignals<T>(_ body: () -> T) -> T {
        terminalChanged = 0
        endingSignal = 0
        // The wait for a key must return on the signal: to draw the line again at once,
        // or to end the read and keep what it held.
        return SignalHandlers.handling(endingSignals, with: { LineEditor.endingSignal = $0 }) {
            SignalHandlers.handling(terminalSignals, with: { _ in LineEditor.terminalChanged = 1 }, during: body)
        }
    }

    /// What the line holds now.
    private func lineBuffer() -> String? {
        guard let info = el_line(editLine)?.pointee, let buffer = info.buffer, let end = info.lastchar else { return nil }
        return String(decoding: UnsafeRawBufferPointer(start: buffer, count: end - buffer), as: UTF8.self)
    }

    /// Reads one character for libedit, as its own reader does, except after a change
    /// of window size or a return to the foreground: then the line is drawn again
    /// before anything else. libedit's reader leaves the line as it was, and after the
    /// window shrank, keeps a cursor column past the new width, which the next key
    /// writes to beyond the end of libedit's copy of the screen.
    private func readCharacter(into character: UnsafeMutablePointer<wchar_t>) -> Int32 {
        var bytes: [CChar] = []
        while true {
            if LineEditor.terminalChanged != 0 {
                LineEditor.terminalChanged = 0
                el_resize(editLine)
                fputs("\r", output)
                jotter_el_refresh(editLine)
            }
            let byte: CChar
            switch keys.nextByte() {
            case .byte(let next):
                byte = CChar(bitPattern: next)
            case .end:
                return 0
            case .failed:
                if errno == EINTR && LineEditor.terminalChanged != 0 { continue }
                // Another signal: el_gets ends, with errno saying why.
                return -1
            }
            bytes.append(byte)
            while !bytes.isEmpty {
                var state = mbstate_t()
                let decoded = mbrtowc(character, bytes, bytes.count, &state)
                // Not yet a whole character: read the next byte.
                if decoded == -2 { break }
                if decoded == -1 {
                    // Bytes that are not UTF-8 are dropped, but the last may start
                    // a character.
                    bytes = bytes.count > 1 ? [byte] : []
                    continue
                }
                if replacesOnFirstKey {
                    replacesOnFirstKey = false
                    // The value offered goes as the first character is typed over
                    // it, as a selection would; any other key keeps it to edit.
                    if character.pointee >= 0x20 && character.pointee != 0x7F { clearLine() }
                }
                return 1
            }
        }
    }

    /// Pushes `text` as if typed; control characters go in behind Ctrl-V so that they
    /// are inserted rather than acted on. Not while more typed or pasted input is
    /// waiting: it would run into the next line.
    func endNextRead(signal: Int32) -> Bool {
        signalBeforeRead = signal
        return true
    }

    func prefill(_ text: String) -> Bool {
        if keys.isWaiting { return false }
        var keys = ""
        for scalar in text.unicodeScalars {
            if scalar.value < 0x20 || scalar.value == 0x7F { keys += "\u{16}" }
            keys.unicodeScalars.append(scalar)
        }
        el_push(editLine, keys)
        return true
    }

    func offer(_ text: String) -> Bool {
        guard prefill(text) else { return false }
        replacesOnFirstKey = !text.isEmpty
        return true
    }

    /// Empties the line, wherever the cursor is.
    private func clearLine() {
        guard let info = el_wline(editLine)?.pointee, let buffer = info.buffer, let cursor = info.cursor,
              let end = info.lastchar else { return }
        _ = el_cursor(editLine, Int32(end - cursor))
        el_deletestr(editLine, Int32(end - buffer))
    }

    func remember(_ line: String) {
        jotter_history_enter(history, line)
    }

    private func complete() -> UInt8 {
        guard let info = el_line(editLine)?.pointee, let buffer = info.buffer, let cursor = info.cursor else {
            return UInt8(CC_ERROR)
        }
        let before = UnsafeRawBufferPointer(start: buffer, count: cursor - buffer)
        let completion = completer(String(decoding: before, as: UTF8.self))
        if !completion.insertion.isEmpty {
            el_insertstr(editLine, completion.insertion)
            return UInt8(CC_REFRESH)
        }
        guard !completion.alternatives.isEmpty else { return UInt8(CC_REFRESH_BEEP) }
        let listing = completion.alternatives.map { TerminalStyle.escaped($0) }.joined(separator: "  ")
        fputs("\n" + listing + "\n", output)
        fflush(output)
        return UInt8(CC_REDISPLAY)
    }
}

/// Lines from standard input when it is not a terminal: no editing, no echo, each
/// line as it comes.
final class PipedInput: LineSource {
    private let file: UnsafeMutablePointer<FILE>?
    private var lineNumber = 0
    private let name: String

    init(name: String = "stdin") {
        file = fdopen(STDIN_FILENO, "r")
        self.name = name
    }

    var location: String? { "\(name):\(lineNumber)" }

    func readLine(prompt: String) -> LineEvent {
        guard let file else { return .end }
        var buffer: UnsafeMutablePointer<CChar>?
        var capacity = 0
        defer { free(buffer) }
        let count = getline(&buffer, &capacity, file)
        guard count >= 0, let buffer else { return .end }
        lineNumber += 1
        var bytes = UnsafeRawBufferPointer(start: buffer, count: count)
        if bytes.last == UInt8(ascii: "\n") { bytes = UnsafeRawBufferPointer(rebasing: bytes.dropLast()) }
        if bytes.last == UInt8(ascii: "\r") { bytes = UnsafeRawBufferPointer(rebasing: bytes.dropLast()) }
        if let problem = EntryText.problem(with: bytes) {
            return .unreadable("the line \(problem); it was not added")
        }
        return .line(String(decoding: bytes, as: UTF8.self))
    }

    func prefill(_ text: String) -> Bool { false }
    func remember(_ line: String) {}
}
