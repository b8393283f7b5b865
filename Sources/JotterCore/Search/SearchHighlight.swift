extension SearchQuery {
    /// Where `text` shows what this search finds, for highlighting: in order, none
    /// overlapping. Case is ignored; a word is found where a word starts (in Chinese,
    /// Japanese and Korean anywhere), a phrase anywhere, a tag only whole.
    public func highlights(in text: String) -> [Range<String.Index>] {
        let found = foundTerms.flatMap { $0.occurrences(in: text) }.sorted { $0.lowerBound < $1.lowerBound }
        var merged: [Range<String.Index>] = []
        for range in found {
            if let last = merged.last, range.lowerBound <= last.upperBound {
                merged[merged.count - 1] = last.lowerBound..<max(last.upperBound, range.upperBound)
            } else {
                merged.append(range)
            }
        }
        return merged
    }
}

extension SearchQuery.Term {
    func occurrences(in text: String) -> [Range<String.Index>] {
        switch self {
        case .prefix(let word):
            let anywhere = word.first?.isCJK ?? false
            return Self.occurrences(of: word, in: text, atWordStart: !anywhere, wholeWord: false)
        case .phrase(let phrase):
            return Self.occurrences(of: phrase, in: text, atWordStart: false, wholeWord: false)
        case .tag(let name):
            return Self.occurrences(of: "#" + name, in: text, atWordStart: true, wholeWord: true)
        }
    }

    private static func occurrences(of needle: String, in text: String, atWordStart: Bool, wholeWord: Bool)
        -> [Range<String.Index>]
    {
        let needle = Array(needle)
        guard !needle.isEmpty else { return [] }
        var found: [Range<String.Index>] = []
        var previous: Character?
        var start = text.startIndex
        while start < text.endIndex {
            let current = text[start]
            if !atWordStart || startsWord(current, after: previous),
               let end = end(of: needle, in: text, from: start),
               !wholeWord || endsToken(in: text, at: end)
            {
                found.append(start..<end)
                previous = text[text.index(before: end)]
                start = end
            } else {
                previous = current
                start = text.index(after: start)
            }
        }
        return found
    }

    /// Where `needle` ends if `text` has it at `start`, ignoring case.
    private static func end(of needle: [Character], in text: String, from start: String.Index) -> String.Index? {
        var index = start
        for character in needle {
            guard index < text.endIndex else { return nil }
            let candidate = text[index]
            guard candidate == character || candidate.lowercased() == character.lowercased() else { return nil }
            index = text.index(after: index)
        }
        return index
    }

    /// A tag token runs on through letters, digits and further `#`s.
    private static func endsToken(in text: String, at index: String.Index) -> Bool {
        index == text.endIndex || !(text[index].isWordCharacter || text[index] == "#")
    }

    /// Whether a word starts at `character`, as unicode61 and the `jotter` tokenizer split
    /// words: after anything that is not a letter or digit, and where CJK text begins or ends.
    private static func startsWord(_ character: Character, after previous: Character?) -> Bool {
        guard let previous, previous.isWordCharacter else { return true }
        return previous.isCJK != character.isCJK
    }
}
