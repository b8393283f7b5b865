import JotterApplication
import JotterCore
import Testing

@Suite struct TargetResolverTests {
    let fixture: StoreFixture
    let resolver: TargetResolver
    let weekend: NavigationPath

    init() throws {
        fixture = try StoreFixture()
        resolver = TargetResolver(store: fixture.store)
        weekend = try fixture.lists("/groceries/weekend")
        try fixture.lists("/work")
        try fixture.item("bread", under: weekend)
        try fixture.item("jam", under: weekend)
    }

    func display(_ target: String, from path: NavigationPath = .root) throws -> String {
        try resolver.resolve(target, from: path).display
    }

    @Test func pathsRelativeAndAbsolute() throws {
        #expect(try display("groceries/weekend") == "/groceries/weekend")
        #expect(try display("/work", from: weekend) == "/work")
        #expect(try display("..", from: weekend) == "/groceries")
        #expect(try display("../../work", from: weekend) == "/work")
        #expect(try display("./weekend/", from: weekend.popped()) == "/groceries/weekend")
        #expect(try display("/") == "/")
        #expect(try display("..") == "/")
    }

    @Test func itemsCanBeOpenedLikeLists() throws {
        #expect(try display("/groceries/weekend/jam") == "/groceries/weekend/jam")
    }

    @Test func positionsCountFromOneInTheListsOrder() throws {
        #expect(try display("2") == "/work")
        #expect(try display("2", from: weekend) == "/groceries/weekend/jam")
        #expect(try display("1/1") == "/groceries/weekend")
    }

    @Test func aNameWinsOverAPosition() throws {
        let here = try fixture.lists("/numbers")
        try fixture.item("first", under: here)
        try fixture.item("1", under: here)
        #expect(try display("1", from: here) == "/numbers/1")
        #expect(try display("2", from: here) == "/numbers/1")
    }

    @Test func idsInFullAndByTheirTail() throws {
        let jam = try #require(try fixture.store.children(of: weekend.top).last)
        #expect(try display(jam.id.description) == "/groceries/weekend/jam")
        #expect(try display(jam.id.shortForm(), from: weekend) == "/groceries/weekend/jam")
        #expect(try display(jam.id.shortForm().uppercased()) == "/groceries/weekend/jam")
    }

    @Test func aMissingStepIsNamedWithWhereItWasLookedFor() throws {
        #expect(throws: JotterError.input("no list or item 'holiday' in /groceries")) {
            try resolver.resolve("groceries/holiday/x", from: .root)
        }
        #expect(throws: JotterError.input("no list or item '9' in /")) {
            try resolver.resolve("9", from: .root)
        }
    }

    @Test func ambiguityListsTheCandidates() throws {
        try fixture.item("jam", under: weekend)
        do {
            _ = try resolver.resolve("jam", from: weekend)
            Issue.record("an ambiguous name resolved")
        } catch let error as JotterError {
            let jams = try fixture.store.children(of: weekend.top).filter { $0.text == "jam" }
            #expect(error.message.hasPrefix("'jam' is ambiguous in /groceries/weekend: it matches 2 ("))
            #expect(error.message.contains("3 (\(jams[1].id.shortForm()))"))
            #expect(error.message.hasSuffix("; use a position or an id"))
        }
    }

    @Test func aListWinsOverItemsOfTheSameName() throws {
        try fixture.item("work")
        #expect(try display("work") == "/work")
    }

    @Test func anUnknownFullIDSaysSo() throws {
        #expect(throws: JotterError.input("no list or item has the id 01a201e5-1d39-7656-9289-ca0ccba8f959")) {
            try resolver.resolve("01a201e5-1d39-7656-9289-ca0ccba8f959", from: .root)
        }
    }

    @Test func hostileTargetTextIsEscapedInMessages() throws {
        #expect(throws: JotterError.input("no list or item '\\x1b[31mred' in /")) {
            try resolver.resolve("\u{1B}[31mred", from: .root)
        }
    }
}
