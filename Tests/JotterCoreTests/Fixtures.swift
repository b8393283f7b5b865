import Foundation
import JotterCore
import TestSupport

/// A clock that starts at a fixed moment and ticks one millisecond per reading.
final class TestClock: @unchecked Sendable {
    private var milliseconds: Int64
    let offsetSeconds: Int32

    init(milliseconds: Int64 = 1_795_000_000_000, offsetSeconds: Int32 = 3600) {
        self.milliseconds = milliseconds
        self.offsetSeconds = offsetSeconds
    }

    func now() -> Timestamp {
        milliseconds += 1
        return Timestamp(milliseconds: milliseconds, offsetSeconds: offsetSeconds)
    }
}

/// Three stores in `folder` whose clocks start up to two seconds apart, so that a change
/// made later on one can carry an earlier stamp than one made on another.
func storesWithClocksApart(in folder: TemporaryFolder, using random: inout SeededGenerator) throws -> (clocks: [TestClock], stores: [Store]) {
    let clocks = (0..<3).map { _ in TestClock(milliseconds: 1_800_000_000_000 + Int64.random(in: 0..<2_000, using: &random)) }
    let stores = try clocks.enumerated().map { index, clock in
        try Store(path: folder.file("machine\(index).sqlite3"), clock: { clock.now() })
    }
    return (clocks, stores)
}

/// Runs `schedule` for the one seed the environment variable `seedVariable` gives, else
/// for `runs` random seeds, or as many as `runsVariable` gives. With `fixed` seeds, and
/// neither variable set, it runs those instead: random schedules that still end apart now
/// and then would fail the suite now and then.
func runSchedules(seed seedVariable: String, runs runsVariable: String, default runs: Int,
                  fixed: [UInt64]? = nil, _ schedule: (UInt64) throws -> Void) throws {
    let environment = ProcessInfo.processInfo.environment
    if let seed = environment[seedVariable].flatMap(UInt64.init) {
        try schedule(seed)
        return
    }
    if let fixed, environment[runsVariable] == nil {
        for seed in fixed { try schedule(seed) }
        return
    }
    var seeds = SystemRandomNumberGenerator()
    for _ in 0..<(environment[runsVariable].flatMap(Int.init) ?? runs) {
        try schedule(seeds.next() % 1_000_000_000)
    }
}

/// A store in a temporary folder, with a few helpers to build trees quickly.
struct StoreFixture {
    let folder = TemporaryFolder()
    let clock = TestClock()
    let store: Store

    init() throws {
        let clock = self.clock
        store = try Store(path: folder.file("store.sqlite3"), clock: { clock.now() })
        store.trustKeyPath = folder.file("state/jotter/trust-key")
    }

    var path: String { store.path }

    /// Creates the lists of a path such as "/groceries/weekend" and returns the path.
    @discardableResult
    func lists(_ path: String) throws -> NavigationPath {
        var current = NavigationPath.root
        for name in path.split(separator: "/").map(String.init) {
            if let existing = try store.children(of: current.top, named: name).first(where: { $0.kind == .list }) {
                current = current.pushing(existing)
            } else {
                current = current.pushing(try store.createList(named: name, under: current))
            }
        }
        return current
    }

    @discardableResult
    func item(_ text: String, under path: NavigationPath = .root) throws -> Node {
        guard case .added(let node) = try store.addEntry(text, under: path, historyLine: text) else {
            throw JotterError.input("the path changed")
        }
        return node
    }

    func texts(under path: NavigationPath) throws -> [String] {
        try store.children(of: path.top).map(\.text)
    }
}

/// A file's bytes, to tell afterwards whether anything touched it.
func contents(ofFile path: String) throws -> Data {
    try Data(contentsOf: URL(fileURLWithPath: path))
}

/// The test inputs in `Tests/Fixtures`.
enum TestInputs {
    static func lines(_ name: String) throws -> [String] {
        try String(contentsOfFile: Project.fixtures + "/" + name, encoding: .utf8)
            .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }
}
