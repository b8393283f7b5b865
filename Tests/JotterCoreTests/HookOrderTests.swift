import JotterCore
import Testing

/// Which hooks run for an entry, and in what order, from the hooks of the places on
/// the way down to it.
@Suite struct HookOrderTests {
    let fixture: StoreFixture

    init() throws {
        fixture = try StoreFixture()
    }

    func commands(at path: NavigationPath, _ timing: Hook.Timing = .before, _ event: Hook.Event = .add) throws -> [String] {
        HookOrder.applying(try fixture.store.hookLevels(along: path))
            .filter { $0.hook.timing == timing && $0.hook.event == event }
            .map(\.hook.command)
    }

    func hook(_ command: String, at path: NavigationPath, _ timing: Hook.Timing = .before,
              on event: Hook.Event = .add) throws {
        try fixture.store.addHook(timing, on: event, command: command, timeoutSeconds: 5, to: path.top)
    }

    @Test func outermostRunFirstThenInTheOrderTheyWereAdded() throws {
        let weekend = try fixture.lists("/groceries/weekend")
        let groceries = weekend.popped()
        try hook("weekend 1", at: weekend)
        try hook("root 1", at: .root)
        try hook("groceries 1", at: groceries)
        try hook("root 2", at: .root)
        try hook("weekend 2", at: weekend)
        #expect(try commands(at: weekend) == ["root 1", "root 2", "groceries 1", "weekend 1", "weekend 2"])
        #expect(try commands(at: groceries) == ["root 1", "root 2", "groceries 1"])
        #expect(try commands(at: .root) == ["root 1", "root 2"])
    }

    @Test func aScopedPlaceShutsOutThePlacesAboveItOnly() throws {
        let weekend = try fixture.lists("/groceries/weekend")
        let groceries = weekend.popped()
        try hook("root", at: .root)
        try hook("groceries", at: groceries)
        try hook("weekend", at: weekend)
        try fixture.store.setHookScope(true, at: groceries.top)
        #expect(try commands(at: weekend) == ["groceries", "weekend"])
        #expect(try commands(at: .root) == ["root"])
        try fixture.store.setHookScope(true, at: weekend.top)
        #expect(try commands(at: weekend) == ["weekend"])
        try fixture.store.setHookScope(false, at: weekend.top)
        try fixture.store.setHookScope(false, at: groceries.top)
        #expect(try commands(at: weekend) == ["root", "groceries", "weekend"])
    }

    @Test func eachEventAndTimingHasItsOwnHooks() throws {
        let work = try fixture.lists("/work")
        for event in Hook.Event.allCases {
            try hook("before \(event)", at: work, .before, on: event)
            try hook("after \(event)", at: work, .after, on: event)
        }
        for event in Hook.Event.allCases {
            #expect(try commands(at: work, .before, event) == ["before \(event)"])
            #expect(try commands(at: work, .after, event) == ["after \(event)"])
        }
    }

    @Test func hooksAddedUnderAnotherUsersKeyWaitUntilTrusted() throws {
        let work = try fixture.lists("/work")
        let others = try Store(path: fixture.path)
        others.trustKeyPath = fixture.folder.file("other/jotter/trust-key")
        try others.addHook(.before, on: .add, command: "elsewhere", timeoutSeconds: 5, to: work.top)
        let levels = try fixture.store.hookLevels(along: work)
        #expect(HookOrder.applying(levels).map(\.hook.isTrusted) == [false])
        let waiting = try fixture.store.untrusted()
        #expect(waiting.hooks.map(\.command) == ["elsewhere"] && waiting.remote == nil)
        try fixture.store.trust(waiting)
        #expect(HookOrder.applying(try fixture.store.hookLevels(along: work)).map(\.hook.isTrusted) == [true])
        #expect(try fixture.store.untrusted().isEmpty)
    }

    @Test func aStoreWithoutHooksSaysSoInOneQuery() throws {
        #expect(try fixture.store.hasHooks() == false)
        try hook("x", at: .root)
        #expect(try fixture.store.hasHooks())
    }
}
