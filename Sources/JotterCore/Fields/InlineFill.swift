/// An entry typed on one line with some of its fields: `coffee price:3.50 mood:good`.
/// A word `name:value` whose name is a field of the form fills that field (a value
/// with spaces goes in double quotes: `note:"two words"`); every other word, `http://x`
/// included, stays text.
public struct InlineFill: Equatable {
    /// The item's text without the words that filled fields.
    public var text: String
    /// What was typed for each field named, by field index.
    public var typed: [Int: String] = [:]
    /// The stored value of each field whose typed value was valid, by field index.
    public var values: [Int: String] = [:]
    /// The fields whose typed value was not valid, in the form's order, with why.
    public var problems: [(field: Int, message: String)] = []

    package init(text: String) {
        self.text = text
    }

    public static func == (lhs: InlineFill, rhs: InlineFill) -> Bool {
        lhs.text == rhs.text && lhs.typed == rhs.typed && lhs.values == rhs.values
            && lhs.problems.map(\.field) == rhs.problems.map(\.field) && lhs.problems.map(\.message) == rhs.problems.map(\.message)
    }

    /// The required fields of `form` that have no value yet.
    public func missingRequired(in form: EntryForm) -> [Int] {
        form.fields.indices.filter { index in
            form.fields[index].isRequired && values[index] == nil && !problems.contains { $0.field == index }
        }
    }

    /// The whole entry, or the first thing wrong with it as one line: for `jotter add`
    /// and piped lines, which cannot ask again.
    public func entry(in form: EntryForm) throws -> (text: String, fields: [FieldValue]) {
        if let problem = problems.first { throw JotterError.input(problem.message) }
        if let missing = missingRequired(in: form).first {
            let name = form.fields[missing].name
            throw JotterError.input("\(name) is required here; give it as \(name):VALUE")
        }
        guard !text.isEmpty else { throw JotterError.input("the item has fields but no text") }
        return (text, form.fieldValues(values))
    }
}

extension EntryForm {
    /// Takes the words of `line` that fill this form's fields, and checks their values.
    public func fill(_ line: String, today: FieldDate) -> InlineFill {
        guard !fields.isEmpty, line.contains(":") else { return InlineFill(text: line) }
        var fill = InlineFill(text: "")
        // The text is what lies between the field words, each piece as typed: spaces
        // inside it are the user's, and only the seams become one space.
        var pieces: [Substring] = []
        var pieceStart = line.startIndex
        var rest = line[...]
        while let start = rest.firstIndex(where: { !$0.isWhitespace }) {
            let (word, value, after) = InlineFill.nextWord(of: rest[start...])
            rest = after
            guard let value, let colon = word.firstIndex(of: ":"),
                  let index = index(ofField: String(word[..<colon])) else { continue }
            pieces.append(line[pieceStart..<word.startIndex])
            pieceStart = word.endIndex
            fill.typed[index] = value
            fill.problems.removeAll { $0.field == index }
            do {
                fill.values[index] = try fields[index].storedValue(of: value, today: today)
            } catch {
                fill.values[index] = nil
                fill.problems.append((index, fields[index].message(for: error, typed: value)))
            }
        }
        pieces.append(line[pieceStart...])
        fill.problems.sort { $0.field < $1.field }
        fill.text = pieces.map { EntryText.trimmed(String($0)) }.filter { !$0.isEmpty }.joined(separator: " ")
        return fill
    }
}

extension InlineFill {
    /// The next word of `text` (which starts with one): up to white space, or, for
    /// `name:"…"`, up to the closing quote. `value` is the part after the first colon
    /// when there is one and it is not empty.
    static func nextWord(of text: Substring) -> (word: Substring, value: String?, rest: Substring) {
        var end = text.firstIndex(where: \.isWhitespace) ?? text.endIndex
        let word = text[..<end]
        guard let colon = word.firstIndex(of: ":"), colon != word.startIndex else { return (word, nil, text[end...]) }
        let valueStart = text.index(after: colon)
        if valueStart < text.endIndex, text[valueStart] == "\"" {
            // A quoted value runs to the next quote not behind a backslash; a
            // backslash keeps the character after it. Without a closing quote, the
            // word is taken as it stands.
            var value = ""
            var index = text.index(after: valueStart)
            while index < text.endIndex {
                let character = text[index]
                if character == "\\", text.index(after: index) < text.endIndex {
                    index = text.index(after: index)
                    value.append(text[index])
                } else if character == "\"" {
                    end = text.index(after: index)
                    return (text[..<end], value, text[end...])
                } else {
                    value.append(character)
                }
                index = text.index(after: index)
            }
        }
        let value = text[valueStart..<end]
        return (word, value.isEmpty ? nil : String(value), text[end...])
    }
}
