import JotterCore

/// Writes text in lines of at most `width` cells, breaking at spaces where it can and
/// inside a word longer than a line where it must; each line after the first starts
/// with `indent`, so that a listing's columns stay as they are. Text is escaped as it
/// goes (control characters written out visibly, counted as what is shown), and a
/// style is closed at each line's end and opened again after the indent.
struct WrappingWriter {
    let width: Int
    let indent: String
    let style: TerminalStyle
    let out: OutputBuffer
    /// Cells taken on the current line.
    private(set) var used: Int
    /// The word being read, not yet written: it goes on this line or the next whole.
    private var word: [(shown: String, cells: Int, look: TerminalStyle.Look?)] = []
    private var wordCells = 0
    private var openLook: TerminalStyle.Look?

    /// `used` is what the line already holds when the writer takes it over.
    init(width: Int, indent: String, used: Int, style: TerminalStyle, out: OutputBuffer) {
        self.width = max(width, 1)
        self.indent = indent
        self.used = used
        self.style = style
        self.out = out
    }

    mutating func write(_ text: some StringProtocol, in look: TerminalStyle.Look? = nil) {
        // Most lines are plain ASCII that fits: they go out as they are.
        let length = text.utf8.count
        if word.isEmpty && used + length < width && text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) {
            emit(String(text), in: look)
            used += length
            return
        }
        for character in text {
            if character == " " {
                writeWord()
                if used < width {
                    emit(" ", in: look)
                    used += 1
                } else {
                    newLine()
                }
                continue
            }
            let shown = Self.shown(character)
            let cells = shown.map(\.count) ?? TerminalCells.width(of: character)
            word.append((shown ?? String(character), cells, look))
            wordCells += cells
            if used + wordCells > width { makeRoomForWord() }
        }
    }

    /// A line break of the text itself.
    mutating func breakLine() {
        writeWord()
        newLine()
    }

    /// Writes what is left and closes the style.
    mutating func finish() {
        writeWord()
        closeLook()
    }

    /// The word no longer fits: it starts the next line, or, longer than a line, fills
    /// this one up and goes on in the next.
    private mutating func makeRoomForWord() {
        while used + wordCells > width {
            if used > 0 && wordCells <= width { return newLine() }
            var taken = 0
            var cells = 0
            while taken < word.count && used + cells + word[taken].cells <= width {
                cells += word[taken].cells
                taken += 1
            }
            if taken == 0 && used == 0 {
                // A wide character on a line of one cell: it goes out all the same.
                taken = 1
                cells = word[0].cells
            }
            for piece in word[..<taken] { emit(piece.shown, in: piece.look) }
            word.removeFirst(taken)
            wordCells -= cells
            newLine()
        }
    }

    private mutating func newLine() {
        closeLook()
        out.write("\n" + indent)
        used = 0
    }

    private mutating func writeWord() {
        for piece in word { emit(piece.shown, in: piece.look) }
        used += wordCells
        word.removeAll(keepingCapacity: true)
        wordCells = 0
    }

    private mutating func emit(_ shown: String, in look: TerminalStyle.Look?) {
        if style.colour && look != openLook {
            closeLook()
            if let look { out.write("\u{1B}[" + look.rawValue + "m") }
            openLook = look
        }
        out.write(shown)
    }

    private mutating func closeLook() {
        if openLook != nil { out.write("\u{1B}[0m") }
        openLook = nil
    }

    /// What is shown for a character a terminal would act on; nil for one shown as it is.
    private static func shown(_ character: Character) -> String? {
        guard let first = character.unicodeScalars.first, first.value < 0x20 || first.value >= 0x7F else { return nil }
        let text = String(character)
        let escaped = DisplayText.escaped(text)
        return escaped == text ? nil : escaped
    }
}
