import JotterCore

/// The attribute blocks that end a bullet's first line in a Markdown outline and hold
/// an item's field values: written by export, read by import, with one grammar.
extension Markdown {
    /// What ends the first line of an item's bullet after its text: its field values
    /// as a Pandoc-style attribute block, ` {price="3.5" note="a \"b\""}`. Text
    /// without fields that would read as ending in a block gets an empty one, ` {}`,
    /// so that it comes back whole; other text without fields gets nothing. Nil when
    /// the line would not read back as written: a field's name holds `=`, `{` or `}`,
    /// or the text ends in an open block that would take the real one in.
    static func bulletSuffix(_ text: Substring, fields: [FieldValue]) -> String? {
        guard !fields.isEmpty else {
            return splitAttributes(text) == nil ? "" : " {}"
        }
        let block = " {" + fields.map { $0.name + "=\"" + QuotedText.escaped($0.value) + "\"" }.joined(separator: " ") + "}"
        let line = text + block
        guard let read = splitAttributes(line[...]), read.fields == fields,
              read.text == EntryText.trimmedAtEnd(String(text)) else { return nil }
        return block
    }

    /// A bullet's first line split into its text and the fields of the attribute
    /// block that ends it; nil when it does not end in a block that reads whole as
    /// `name="value"` pairs. `{}` reads as no fields, and so does an empty value. A
    /// block follows white space after the text; the leftmost that reads whole is it.
    public static func splitAttributes(_ line: Substring) -> (text: String, fields: [FieldValue])? {
        let scalars = line.unicodeScalars
        guard scalars.last == "}" else { return nil }
        var index = scalars.startIndex
        while let brace = scalars[index...].firstIndex(of: "{") {
            index = scalars.index(after: brace)
            guard brace > scalars.startIndex, scalars[scalars.index(before: brace)].properties.isWhitespace,
                  let fields = attributes(scalars[index...]) else { continue }
            return (EntryText.trimmedAtEnd(String(Substring(scalars[..<brace]))), fields)
        }
        return nil
    }

    /// The pairs of an attribute block from after its `{`, when they run whole to a
    /// `}` that ends the line. In a value, `\"` is a quote and `\\` a backslash; a
    /// backslash before anything else is itself, as in a typed `C:\notes`.
    private static func attributes(_ block: Substring.UnicodeScalarView) -> [FieldValue]? {
        var rest = block
        var fields: [FieldValue] = []
        var names: Set<String> = []
        var afterPair = false
        while true {
            let spaced = rest.first?.properties.isWhitespace ?? false
            rest = rest.drop { $0.properties.isWhitespace }
            if rest.first == "}" { return rest.dropFirst().isEmpty ? fields : nil }
            // Pairs are apart, as `a="1"b="2"` would be a typing mistake.
            guard spaced || !afterPair else { return nil }
            let name = String(Substring(rest.prefix { !$0.properties.isWhitespace && !"\"={}".unicodeScalars.contains($0) }))
            rest = rest.dropFirst(name.unicodeScalars.count)
            guard Field.problem(withName: name) == nil, names.insert(name).inserted,
                  rest.starts(with: "=\"".unicodeScalars) else { return nil }
            rest = rest.dropFirst(2)
            var value = String.UnicodeScalarView()
            var closed = false
            while let scalar = rest.popFirst() {
                if scalar == "\"" {
                    closed = true
                    break
                }
                if scalar == "\\", let next = rest.first, next == "\"" || next == "\\" {
                    value.append(next)
                    rest.removeFirst()
                } else {
                    value.append(scalar)
                }
            }
            guard closed else { return nil }
            if !value.isEmpty { fields.append(FieldValue(name: name, value: String(value))) }
            afterPair = true
        }
    }
}
