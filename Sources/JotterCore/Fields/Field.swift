/// A field a place asks of the items entered in it: `price decimal`, `due date`,
/// `mood choice good,ok,bad`, `note text`.
public struct Field: Equatable, Sendable {
    public enum Kind: Equatable, Sendable {
        case text
        case decimal
        case date
        case choice([String])

        public var name: String {
            switch self {
            case .text: "text"
            case .decimal: "decimal"
            case .date: "date"
            case .choice: "choice"
            }
        }

        /// The kind a `field add` names, with the choices that follow `choice`.
        public init(name: String, choices: String?) throws {
            switch name {
            case "text", "decimal", "date":
                guard choices == nil else {
                    throw JotterError.input("only a choice field takes a list of choices; \(name) does not")
                }
                self.init(stored: name, choices: nil)
            case "choice":
                guard let choices else {
                    throw JotterError.input("a choice field needs its choices, separated by commas: choice good,ok,bad")
                }
                self = .choice(try Kind.choices(from: choices))
            default:
                throw JotterError.input("unknown field type '\(DisplayText.escaped(name))'; use text, decimal, date or choice")
            }
        }

        /// The kind a store holds as `name` and `choices`, read as it was declared and
        /// not checked again: a rule added since must not turn a field already
        /// declared into another kind.
        init(stored name: String, choices: String?) {
            switch name {
            case "decimal": self = .decimal
            case "date": self = .date
            case "choice": self = .choice(choices?.split(separator: ",").map(String.init) ?? [])
            default: self = .text
            }
        }

        /// The choices as a store holds them, beside `name`: nil for other kinds.
        var storedChoices: String? {
            guard case .choice(let choices) = self else { return nil }
            return choices.joined(separator: ",")
        }

        static func choices(from list: String) throws -> [String] {
            let choices = list.split(separator: ",", omittingEmptySubsequences: false).map { EntryText.trimmed(String($0)) }
            guard !choices.contains(where: \.isEmpty) else {
                throw JotterError.input("a choice is empty in '\(DisplayText.escaped(list))'")
            }
            // Choices are shown in the prompt and its messages: they hold nothing a
            // terminal would act on.
            if let hidden = choices.first(where: { DisplayText.escaped($0) != $0 }) {
                throw JotterError.input("the choice '\(DisplayText.escaped(hidden))' holds a control character")
            }
            var seen: Set<String> = []
            for choice in choices where !seen.insert(choice.lowercased()).inserted {
                throw JotterError.input("the choice '\(DisplayText.escaped(choice))' is given twice")
            }
            return choices
        }
    }

    public let name: String
    public let kind: Kind
    public let isRequired: Bool
    /// Whether the places below the one that declares it ask for it too.
    public let isInherited: Bool

    public init(name: String, kind: Kind, isRequired: Bool = false, isInherited: Bool = false) {
        self.name = name
        self.kind = kind
        self.isRequired = isRequired
        self.isInherited = isInherited
    }

    /// Why `name` cannot name a field, or nil. A name is one word that an inline
    /// `name:value` can carry, so it holds no white space, colon or quote.
    public static func problem(withName name: String) -> String? {
        if name.isEmpty { return "a field name is empty" }
        if name.unicodeScalars.count > 64 { return "a field name is at most 64 characters" }
        if name.hasPrefix("-") { return "a field name cannot start with '-'" }
        if name.unicodeScalars.contains(where: { $0.properties.isWhitespace || ":\"={}".unicodeScalars.contains($0) }) {
            return "a field name cannot hold white space or any of : \" = { }"
        }
        // A name is shown in the prompt and its messages.
        if DisplayText.escaped(name) != name { return "a field name cannot hold control characters" }
        return nil
    }

    /// The value to store for what was typed: decimals and dates in their canonical
    /// form, a choice as it was declared. What was typed is left alone until here.
    public func storedValue(of typed: String, today: FieldDate) throws(FieldValueProblem) -> String {
        let text = EntryText.trimmed(typed)
        switch kind {
        case .text:
            if text.contains(where: \.isNewline) { throw FieldValueProblem(reason: "it holds a line break") }
            return text
        case .decimal:
            return try ExactDecimal(parsing: text).description
        case .date:
            return try FieldDate(parsing: text, today: today).description
        case .choice(let choices):
            let folded = text.lowercased()
            if let choice = choices.first(where: { $0.lowercased() == folded }) { return choice }
            throw FieldValueProblem(reason: "choose one of \(choices.joined(separator: ", "))")
        }
    }

    /// The problem with `typed`, as one line: `price: '3.5.1' is not a valid decimal: …`.
    public func message(for problem: FieldValueProblem, typed: String) -> String {
        let what: String
        switch kind {
        case .text: what = "text"
        case .decimal: what = "decimal number"
        case .date: what = "date"
        case .choice: what = "choice"
        }
        return "\(name): '\(DisplayText.escaped(EntryText.trimmed(typed)))' is not a valid \(what): \(problem.reason)"
    }

    /// How `field ls` and the prompt describe it: `mood choice good,ok,bad, required`.
    public var summary: String {
        var text = kind.name
        if case .choice(let choices) = kind { text += " " + choices.joined(separator: ",") }
        if isRequired { text += ", required" }
        if isInherited { text += ", inherited below" }
        return text
    }
}

/// A value an item holds for a field, as stored.
public struct FieldValue: Equatable, Sendable {
    public let name: String
    public let value: String

    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }
}

extension FieldValue {
    /// Values as they are typed inline, `price:3.5 note:"two words"`, so that what is
    /// shown can be typed again.
    public static func inlineWords(_ values: [FieldValue]) -> String {
        values.map { field in
            guard field.value.contains(where: { $0.isWhitespace || $0 == "\"" }) || field.value.isEmpty else {
                return field.name + ":" + field.value
            }
            // Quoted, as the reader of inline words takes them.
            return field.name + ":\"" + QuotedText.escaped(field.value) + "\""
        }.joined(separator: " ")
    }
}

/// What entering an item in a place asks for: its fields in order, and how many lines
/// its text may have.
public struct EntryForm: Equatable, Sendable {
    public var fields: [Field]
    /// With a limit of two or more, each entry is a text box of up to that many lines.
    public var lineLimit: Int?

    public init(fields: [Field] = [], lineLimit: Int? = nil) {
        self.fields = fields
        self.lineLimit = lineLimit
    }

    public static let plain = EntryForm()

    public func index(ofField name: String) -> Int? {
        fields.firstIndex { $0.name == name }
    }

    /// Values held by field position, as named values in the form's order.
    public func fieldValues(_ byField: [Int: String]) -> [FieldValue] {
        byField.keys.sorted().map { FieldValue(name: fields[$0].name, value: byField[$0]!) }
    }

    /// `values` in the order of this form's fields, then any others by name.
    public func ordered(_ values: [FieldValue]) -> [FieldValue] {
        guard values.count > 1 else { return values }
        return values.sorted { left, right in
            let l = index(ofField: left.name) ?? fields.count, r = index(ofField: right.name) ?? fields.count
            return l != r ? l < r : left.name < right.name
        }
    }

    /// Whether entries here are text boxes of several lines.
    public var takesSeveralLines: Bool { (lineLimit ?? 1) > 1 }
}
