import ArgumentParser

/// "Did you mean …" for a mistyped command: the nearest name by edits.
enum Suggestion {
    /// The candidate `word` is a slip of: at most one edit away for a short word, two
    /// for a longer one, or the only candidate it starts.
    static func closest(to word: String, among candidates: [String]) -> String? {
        let limit = word.count <= 4 ? 1 : 2
        let scored = candidates.map { ($0, distance(word, $0)) }.filter { $0.1 <= limit }
        if let best = scored.min(by: { $0.1 < $1.1 }) { return best.0 }
        let started = candidates.filter { $0.hasPrefix(word) }
        return started.count == 1 ? started[0] : nil
    }

    /// Edits (insert, delete, replace, swap of neighbours) from `a` to `b`.
    static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
        var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { table[i][0] = i }
        for j in 0...b.count { table[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1)
                }
            }
        }
        return table[a.count][b.count]
    }

    /// The message for a command line the parser refused, naming the nearest command
    /// when the command is mistyped (the parser suggests options itself); nil when the
    /// command is one of `commands`.
    static func message(for arguments: [String], rootOptions: [String], among commands: [ParsableCommand.Type]) -> String? {
        let index = TextWords.commandIndex(in: arguments, rootOptions: rootOptions)
        guard index < arguments.endIndex else { return nil }
        let word = arguments[index]
        let names = commands.flatMap { [$0.configuration.commandName ?? ""] + $0.configuration.aliases } + ["help"]
        guard !word.hasPrefix("-") && !names.contains(word) else { return nil }
        guard let near = closest(to: word, among: names) else { return "unknown command '\(word)'" }
        return "unknown command '\(word)'; did you mean '\(near)'?"
    }
}
