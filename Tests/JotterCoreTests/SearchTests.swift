import JotterCore
import Testing

/// Texts in an in-memory FTS5 table that uses the `jotter` tokenizer, searched the way
/// `find` searches the store.
private struct SearchIndex {
    let database: Database

    /// The texts get rowids 1, 2, 3… in the order given.
    init(_ texts: [String]) throws {
        database = try Database(path: ":memory:")
        try database.registerSearchTokenizer()
        try database.execute("CREATE VIRTUAL TABLE search USING fts5(text, tokenize='jotter')")
        for text in texts {
            try database.statement("INSERT INTO search(text) VALUES (?)").bind(1, text).run()
        }
    }

    func find(_ query: String) throws -> [Int64] {
        let statement = try database.statement("SELECT rowid FROM search WHERE search MATCH ? ORDER BY rowid")
        statement.bind(1, try SearchQuery(query).matchExpression)
        var rowids: [Int64] = []
        while try statement.step() { rowids.append(statement.int64(0)) }
        return rowids
    }
}

/// `text` with the query's highlights in brackets.
private func highlighted(_ text: String, for query: String) throws -> String {
    var marked = ""
    var position = text.startIndex
    for range in try SearchQuery(query).highlights(in: text) {
        marked += text[position..<range.lowerBound] + "[" + text[range] + "]"
        position = range.upperBound
    }
    return marked + text[position...]
}

@Suite struct SearchTests {
    @Test func theWordsOfAnEntryAreIndexedUpToFiftyThousandTokens() throws {
        let filler = (1..<50_000).map { "w\($0)" }.joined(separator: " ")
        let index = try SearchIndex(["alpha " + filler + " omega", "omega"])
        #expect(try index.find("alpha") == [1])
        #expect(try index.find("w49999") == [1], "the last word within the bound")
        #expect(try index.find("omega") == [2], "past the bound, an entry's words are not indexed")
        let deleted = try index.database.statement("DELETE FROM search WHERE rowid = 1")
        try deleted.run()
        #expect(try index.find("alpha").isEmpty)
        try index.database.execute("INSERT INTO search(search) VALUES ('integrity-check')")
    }

    @Test func aQueryIsRefusedBeyondItsLengthAndItsNumberOfTerms() throws {
        #expect(throws: JotterError.input("a search is at most 1000 characters long; this one has 1001")) {
            try SearchQuery(String(repeating: "a", count: 1_001))
        }
        #expect(throws: JotterError.input("a search holds at most 64 different words and phrases; this one has 65")) {
            try SearchQuery((0...64).map { "w\($0)" }.joined(separator: " "))
        }
        let repeated = try SearchQuery(Array(repeating: "item -x", count: 100).joined(separator: " "))
        #expect(repeated.required == [[.prefix("item")]] && repeated.excluded == [.prefix("x")])
    }

    @Test func aWordFindsWordsThatStartWithItInAnyCase() throws {
        let index = try SearchIndex(["Meeting at noon", "we meet", "a meteor", "unmeet"])
        #expect(try index.find("meet") == [1, 2])
        #expect(try index.find("MEETING") == [1])
        #expect(try index.find("met") == [3])
    }

    @Test func aPhraseFindsItsWordsInOrderAndWhole() throws {
        let index = try SearchIndex(["the big cat sat", "a cat that is big", "big catalogue"])
        #expect(try index.find("\"big cat\"") == [1])
        #expect(try index.find("big cat") == [1, 2, 3])
    }

    @Test func excludedWordsAndPhrasesLeaveTextsOut() throws {
        let index = try SearchIndex(["milk and bread", "milk and eggs", "eggs and milk"])
        #expect(try index.find("milk -eggs") == [1])
        #expect(try index.find("milk -\"and eggs\"") == [1, 3])
    }

    @Test func orAcceptsEitherTerm() throws {
        let index = try SearchIndex(["milk and bread", "milk and eggs", "bread"])
        #expect(try index.find("eggs OR bread") == [1, 2, 3])
        #expect(try index.find("milk eggs OR bread") == [1, 2])
        #expect(try index.find("or") == [])
    }

    @Test func caseIsFoldedBeyondASCIIButDiacriticsCount() throws {
        let index = try SearchIndex(["so ein ärger", "arger", "ΣΟΦΊΑ"])
        #expect(try index.find("ÄRGER") == [1])
        #expect(try index.find("Ärg") == [1])
        #expect(try index.find("σοφία") == [3])
    }

    @Test func aJapaneseWordIsFoundInsideASentenceButNotAcrossOthers() throws {
        let index = try SearchIndex(["昨日東京へ行きました", "京都に行った", "東京の都庁"])
        #expect(try index.find("東京") == [1, 3])
        #expect(try index.find("京都") == [2])
        #expect(try index.find("東京へ行き") == [1])
        #expect(try index.find("行った") == [2])
    }

    @Test func oneCJKCharacterIsFoundWhereverItIs() throws {
        let index = try SearchIndex(["昨日東京へ行きました", "京都に行った", "東京の都庁"])
        #expect(try index.find("京") == [1, 2, 3])
        #expect(try index.find("都") == [2, 3])
        #expect(try index.find("た") == [1, 2])
    }

    @Test func chineseAndKoreanWordsAreFoundInsideSentences() throws {
        let index = try SearchIndex(["我们明天去北京开会", "南京很热", "서울에서 친구를 만났다", "서울대학교"])
        #expect(try index.find("北京") == [1])
        #expect(try index.find("北京开会") == [1])
        #expect(try index.find("京") == [1, 2])
        #expect(try index.find("서울") == [3, 4])
        #expect(try index.find("친구") == [3])
        #expect(try index.find("대학") == [4])
    }

    @Test func latinAndCJKInOneWordAreFoundApartAndTogether() throws {
        let index = try SearchIndex(["Tokyo東京タワー", "日本GPで優勝", "東京、大阪、名古屋", "大阪、東京"])
        #expect(try index.find("tokyo") == [1])
        #expect(try index.find("タワー") == [1])
        #expect(try index.find("Tokyo東京タワー") == [1])
        #expect(try index.find("日本GP") == [2])
        #expect(try index.find("\"東京 大阪\"") == [3])
    }

    @Test func tagsAreTheirOwnTermsAndAlsoTheWordsTheyName() throws {
        let index = try SearchIndex(["#日本語 の勉強", "#Work meeting", "work from home", "#workshop", "###"])
        #expect(try index.find("#日本語") == [1])
        #expect(try index.find("日本語") == [1])
        #expect(try index.find("#work") == [2])
        #expect(try index.find("##WORK") == [2])
        #expect(try index.find("work") == [2, 3, 4])
        #expect(try index.find("work -#work") == [3, 4])
        #expect(try index.find("\"#work meeting\"") == [2])
    }

    @Test func tagsCanBeCountedFromTheIndexVocabulary() throws {
        let index = try SearchIndex(["#日本語 の勉強", "#Work meeting", "#work again", "work", "C# and ###"])
        try index.database.execute("CREATE VIRTUAL TABLE search_terms USING fts5vocab(search, 'row')")
        let tags = try index.database.statement("SELECT term, doc FROM search_terms WHERE term GLOB '#*' ORDER BY term")
        var counted: [String: Int64] = [:]
        while try tags.step() { counted[tags.string(0)] = tags.int64(1) }
        #expect(counted == ["#work": 2, "#日本語": 1])
    }

    @Test(arguments: [
        "\"", "*", "NEAR(", "AND", ")", "'; DROP TABLE x; --", "NOT", "OR", "meet OR", "a OR -b", "text:meet",
        "^meet", "{text}: meet", "\"a\" \"b", "meet\u{0}\" NEAR(", "-", "--meet", "#", "\"\"", "meet )", "\\\" *",
        "NEAR(meet bread, 2)", "meet + bread", "meet AND NOT bread",
    ])
    func hostileQueriesAreFoundOrRefusedButNeverFTS5Syntax(query: String) throws {
        let index = try SearchIndex(["meet me at noon", "x", "and not near"])
        do {
            _ = try index.find(query)
        } catch let error as JotterError {
            #expect(error.kind == .input)
            #expect(!error.message.contains("\n"))
        }
    }

    /// Found by `Scripts/fuzz search`: a NUL inside a quoted phrase ended the expression
    /// FTS5 read, inside its string, and the search failed with "unterminated string".
    @Test func aNULInsideAPhraseSeparatesItsWords() throws {
        let index = try SearchIndex(["the big cat", "a big dog"])
        #expect(try index.find("\"big\0cat\"") == [1])
        #expect(try index.find("\"line 5\nline 6\n4\0\0\044ine 70\" line") == [])
    }

    @Test func userTextOnlyReachesFTS5InsideStringLiterals() throws {
        #expect(try SearchQuery("meet -\"big cat\" #Work a OR b 東京 東 say\"hi").matchExpression
            == "(\"meet\" * AND \"#Work\" AND (\"a\" * OR \"b\" *) AND \"東京\" AND \"東\" * AND \"say\"\"hi\" *) NOT \"big cat\"")
        #expect(try SearchQuery("NEAR( AND").matchExpression == "\"NEAR(\" * AND \"AND\" *")
        #expect(try SearchQuery("meet ) *").matchExpression == "\"meet\" *")
        #expect(try SearchQuery("meet\u{0}bread").matchExpression == "\"meet\" * AND \"bread\" *")
    }

    @Test(arguments: ["", "  \t", "\"big cat", "meet \"big", "-meet", "-meet -\"big cat\"", "OR meet", "meet OR",
                      "a OR -b", "*", "#"])
    func queriesWithNothingToFindOrAnOpenQuoteAreRefused(query: String) {
        #expect(throws: JotterError.self) { try SearchQuery(query) }
    }

    @Test func anExternalContentTableOverNodesFindsTheirSeqsAndHighlightsTheOriginalText() throws {
        let database = try Database(path: ":memory:")
        try database.registerSearchTokenizer()
        try database.execute("""
            CREATE TABLE node(seq INTEGER PRIMARY KEY, text TEXT NOT NULL);
            CREATE VIRTUAL TABLE node_search USING fts5(text, content='node', content_rowid='seq', tokenize='jotter');
            """)
        // The Kelvin sign is three bytes and folds to the one byte `k`: offsets must
        // still point into the text as it was written.
        for (seq, text) in [(10, "\u{212A}elvin東京タワー"), (20, "#Work ärger"), (30, "京都")] {
            try database.statement("INSERT INTO node(seq, text) VALUES (?, ?)").bind(1, Int64(seq)).bind(2, text).run()
        }
        try database.execute("INSERT INTO node_search(node_search) VALUES ('rebuild')")
        try database.execute("INSERT INTO node_search(node_search, rank) VALUES ('integrity-check', 1)")

        func found(_ query: String) throws -> [String] {
            let search = try database.statement(
                "SELECT rowid, highlight(node_search, 0, '[', ']') FROM node_search WHERE node_search MATCH ? ORDER BY rowid")
            search.bind(1, try SearchQuery(query).matchExpression)
            var rows: [String] = []
            while try search.step() { rows.append("\(search.int64(0)) \(search.string(1))") }
            return rows
        }
        #expect(try found("東京") == ["10 \u{212A}elvin[東京]タワー"])
        #expect(try found("kelvin") == ["10 [\u{212A}elvin]東京タワー"])
        // highlight() marks the first token at each position it finds, and for one
        // character that is the pair it starts: why highlights(in:) exists.
        #expect(try found("京") == ["10 \u{212A}elvin東[京タ]ワー", "30 [京都]"])
        #expect(try found("#work ÄRGER") == ["20 [#Work] [ärger]"])
    }

    @Test func highlightsMarkWhatEachFoundTermFinds() throws {
        #expect(try highlighted("Meeting about meetings, unmeet", for: "meet") == "[Meet]ing about [meet]ings, unmeet")
        #expect(try highlighted("The Big Cat sat by a big  cat", for: "\"big cat\"") == "The [Big Cat] sat by a big  cat")
        #expect(try highlighted("#Work and #workshop, work", for: "#work") == "[#Work] and #workshop, work")
        #expect(try highlighted("#Work and workshop", for: "work") == "#[Work] and [work]shop")
        #expect(try highlighted("東京の都と京都", for: "京都") == "東京の都と[京都]")
        #expect(try highlighted("Tokyo東京タワー", for: "タワー tokyo") == "[Tokyo]東京[タワー]")
        #expect(try highlighted("so ein Ärger, ärgerlich", for: "ÄRGER") == "so ein [Ärger], [ärger]lich")
        #expect(try highlighted("meeting", for: "meeting meet") == "[meeting]")
        #expect(try highlighted("milk eggs", for: "milk -eggs") == "[milk] eggs")
        #expect(try highlighted("milk eggs bread", for: "eggs OR milk") == "[milk] [eggs] bread")
    }
}
