/// What the user typed after `find`, read as a search, and the FTS5 MATCH expression
/// that runs it.
///
/// Words are all required, and each finds words that start with it; `"a phrase"` finds
/// those words in that order; `-word` and `-"a phrase"` leave out what they find; `OR`
/// between two terms accepts either; `#tag` finds that tag and no other. The user's text
/// reaches FTS5 only inside string literals, so none of it is ever read as FTS5 syntax.
public struct SearchQuery: Equatable, Sendable {
    public enum Term: Hashable, Sendable {
        /// Words that start with this text. Chinese, Japanese and Korean, which have no
        /// spaces to start words, are found wherever they are.
        case prefix(String)
        /// These words, in this order.
        case phrase(String)
        /// This tag, given without its `#`.
        case tag(String)
    }

    /// Each group must be found, by any one of its terms: the terms of a group were
    /// joined by `OR`.
    public let required: [[Term]]
    /// The terms that must not be found.
    public let excluded: [Term]

    /// The longest query, in characters, and the most different words and phrases one
    /// may hold. FTS5 reads the whole list of every word that starts with a query's
    /// word into memory, so a query of many words takes much memory and time even on a
    /// small store.
    public static let maximumLength = 1_000
    public static let maximumTerms = 64

    public init(_ text: String) throws {
        let length = text.count
        guard length <= Self.maximumLength else {
            throw JotterError.input("a search is at most \(Self.maximumLength) characters long; this one has \(length)")
        }
        let pieces = try Self.pieces(of: text)
        var required: [[Term]] = []
        var excluded: [Term] = []
        for (index, piece) in pieces.enumerated() {
            switch piece {
            case .or:
                guard index > 0, index + 1 < pieces.count, pieces[index - 1].isFound, pieces[index + 1].isFound else {
                    throw JotterError.input("OR needs a word or phrase to find on each side (to find the word, write “or”)")
                }
            case .term(let term, excluded: true):
                excluded.append(term)
            case .term(let term, excluded: false):
                if index > 0, case .or = pieces[index - 1] {
                    required[required.count - 1].append(term)
                } else {
                    required.append([term])
                }
            }
        }
        // A term with no letters or digits holds no token, and FTS5 finds nothing at
        // all for a search that requires one.
        // A term given twice finds nothing more, and would cost FTS5 its work again.
        var seenGroups: Set<[Term]> = []
        var seenExcluded: Set<Term> = []
        self.required = required.map { $0.filter(\.isSearchable) }.filter { !$0.isEmpty && seenGroups.insert($0).inserted }
        self.excluded = excluded.filter { $0.isSearchable && seenExcluded.insert($0).inserted }
        let terms = self.required.reduce(0) { $0 + $1.count } + self.excluded.count
        guard terms <= Self.maximumTerms else {
            throw JotterError.input("a search holds at most \(Self.maximumTerms) different words and phrases; this one has \(terms)")
        }
        guard !self.required.isEmpty else {
            if pieces.isEmpty {
                throw JotterError.input("nothing to search for: give words to find")
            }
            if !excluded.isEmpty {
                throw JotterError.input("a search needs a word to find, not only words to leave out (-word)")
            }
            throw JotterError.input("nothing to search for: a search needs letters or digits")
        }
    }

    /// The terms whose finds can be shown: all but those excluded.
    public var foundTerms: [Term] { required.flatMap { $0 } }

    /// The expression for `WHERE node_search MATCH ?`.
    public var matchExpression: String {
        let found = required.map { group in
            group.count == 1 ? group[0].matchExpression : "(" + group.map(\.matchExpression).joined(separator: " OR ") + ")"
        }.joined(separator: " AND ")
        guard !excluded.isEmpty else { return found }
        return "(" + found + ")" + excluded.map { " NOT " + $0.matchExpression }.joined()
    }

    private enum Piece {
        case term(Term, excluded: Bool)
        case or

        var isFound: Bool {
            if case .term(_, excluded: false) = self { true } else { false }
        }
    }

    private static func pieces(of text: String) throws -> [Piece] {
        var pieces: [Piece] = []
        var rest = Substring(text)
        while true {
            rest = rest.drop(while: isSeparator)
            guard let first = rest.first else { return pieces }
            let excluded = first == "-" && rest.dropFirst().first.map { !isSeparator($0) } == true
            if excluded { rest = rest.dropFirst() }
            if rest.first == "\"" {
                let inside = rest.dropFirst()
                guard let close = inside.firstIndex(of: "\"") else {
                    throw JotterError.input("a quote is not closed: end the phrase with \" or leave out the quote")
                }
                pieces.append(.term(.phrase(String(inside[..<close])), excluded: excluded))
                rest = inside[inside.index(after: close)...]
            } else {
                let word = rest.prefix { !isSeparator($0) }
                rest = rest[word.endIndex...]
                pieces.append(word == "OR" && !excluded ? .or : .term(term(for: word), excluded: excluded))
            }
        }
    }

    /// NUL separates too: FTS5 reads the expression as a C string, and would end it there.
    private static func isSeparator(_ character: Character) -> Bool {
        character.isWhitespace || character == "\0"
    }

    private static func term(for word: Substring) -> Term {
        let name = word.drop { $0 == "#" }
        if name.startIndex != word.startIndex, let first = name.first, first.isWordCharacter {
            return .tag(String(name))
        }
        return .prefix(String(word))
    }
}

extension SearchQuery.Term {
    var isSearchable: Bool {
        switch self {
        case .prefix(let text), .phrase(let text): text.unicodeScalars.contains(where: \.isWordCharacter)
        case .tag: true
        }
    }

    /// Chinese, Japanese and Korean text is indexed as pairs of characters, which no
    /// longer token starts with, so a prefix star would find nothing more.
    var isCJKWord: Bool {
        guard case .prefix(let text) = self else { return false }
        let letters = text.unicodeScalars.filter(\.isWordCharacter)
        return letters.count >= 2 && letters.allSatisfy(\.isCJK)
    }

    var matchExpression: String {
        switch self {
        case .prefix(let text): isCJKWord ? Self.literal(text) : Self.literal(text) + " *"
        case .phrase(let text): Self.literal(text)
        case .tag(let name): Self.literal("#" + name)
        }
    }

    /// A NUL inside a phrase separates its words as a space would: FTS5 reads the
    /// expression as a C string, and a NUL would end it inside the string.
    private static func literal(_ text: String) -> String {
        "\"" + text.replacing("\"", with: "\"\"").replacing("\0", with: " ") + "\""
    }
}
