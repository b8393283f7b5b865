import JotterCore

/// What Tab does to the line: the text to insert at the cursor, and the choices to
/// show when the word could be completed more than one way.
public struct Completion: Equatable, Sendable {
    public let insertion: String
    public let alternatives: [String]

    public init(insertion: String, alternatives: [String]) {
        self.insertion = insertion
        self.alternatives = alternatives
    }

    public static let none = Completion(insertion: "", alternatives: [])

    /// Completes the line before the cursor. After a leading `:` the first word is a
    /// command name and the rest a target (`targets` gives the words the one typed
    /// can become: `/ta` → `/tasks`); any other line is an entry, completed to a name
    /// in the current list (`names` is asked for those that start with the given prefix).
    /// In a command's argument, names are written as the command line reads them:
    /// a backslash before each space, quote and backslash.
    public static func complete(
        lineBeforeCursor line: String,
        commands: [String],
        targets: (String) throws -> [String],
        names: (String) throws -> [String]
    ) rethrows -> Completion {
        if line.hasPrefix(":") {
            let command = line.dropFirst()
            guard let space = command.firstIndex(of: " ") else {
                return completing(String(command), among: commands, finished: " ")
            }
            let typed = String(command[command.index(after: space)...].drop { $0 == " " })
            let argument = unescaped(typed)
            let completion = completing(argument, among: try targets(argument), finished: "")
            return Completion(insertion: escaped(completion.insertion), alternatives: completion.alternatives)
        }
        let entry = String(line.drop { $0 == " " })
        guard !entry.isEmpty else { return .none }
        return completing(entry, among: try names(entry), finished: "")
    }

    /// Completes the value of a field being asked, among its `choices`
    /// (`mood (good, ok, bad): go` → `good`); a field without choices has none.
    public static func complete(value line: String, choices: [String]) -> Completion {
        completing(String(line.drop { $0 == " " }), among: choices, finished: "")
    }

    static func escaped(_ text: String) -> String {
        var out = ""
        for character in text {
            if character == " " || character == "'" || character == "\"" || character == "\\" { out.append("\\") }
            out.append(character)
        }
        return out
    }

    static func unescaped(_ text: String) -> String {
        var out = ""
        var escaping = false
        for character in text {
            if character == "\\" && !escaping {
                escaping = true
                continue
            }
            escaping = false
            out.append(character)
        }
        return out
    }

    static func completing(_ word: String, among candidates: [String], finished: String) -> Completion {
        let matches = candidates.filter { $0.hasPrefix(word) }
        guard let first = matches.first else { return .none }
        if matches.count == 1 {
            return Completion(insertion: String(first.dropFirst(word.count)) + finished, alternatives: [])
        }
        var common = first[...]
        for match in matches.dropFirst() {
            common = common.commonPrefix(with: match)
        }
        let insertion = String(common.dropFirst(word.count))
        return Completion(insertion: insertion, alternatives: insertion.isEmpty ? matches : [])
    }
}

extension Substring {
    func commonPrefix(with other: String) -> Substring {
        var end = startIndex
        var otherIndex = other.startIndex
        while end < endIndex, otherIndex < other.endIndex, self[end] == other[otherIndex] {
            end = index(after: end)
            otherIndex = other.index(after: otherIndex)
        }
        return self[startIndex..<end]
    }
}
