import Foundation
@testable import JotterCore
import TestSupport
import Testing

/// The trash as a function of the operations every machine ends up holding: three stores
/// with clocks apart `rm`, `restore` and empty the trash of two lists and four items, edit
/// and move them, and pull, push, lose acknowledgements and sync in a random order through
/// an `ArrayHub`, each sync pulling first and pushing onto the head it pulled, as `jotter
/// sync` does. Once all are quiet, each must hold the same tree: every entry in the same
/// list, with the same text, in the trash or out of it, or deleted for good on every one.
///
/// The suite runs the schedules of seeds 1 to 40 and of those that once ended apart, and
/// compares the trash's groups and the conflicts of every kind too. `JOTTER_STORE_TRASH_RUNS=N` runs N random ones, `JOTTER_STORE_TRASH_SEED=S`
/// that one, comparing groups and conflicts with `JOTTER_STORE_TRASH_ALL=1`;
/// `JOTTER_STORE_TRASH_MODEL=1` holds each store to `JotterSync`'s model of the hub's
/// order as well: neither holds yet for every schedule (docs/sync.md).
@Suite struct StoreTrashConvergenceTests {
    /// Schedules that once ended apart, each fixed since (docs/sync.md): the test that
    /// came with a fix is smaller, where one was found. 600396 and 600664 ended apart
    /// with a first cut of the fix of 600106, 600265 and 600300 with one of 601845.
    static let onceApart: [UInt64] = [
        1869193, 16831877, 18985871, 103175589, 137800892, 227077468, 238021537, 253480720, 300040040, 317239626,
        404431834, 416245054, 456966175, 514887514, 547439777, 548003091, 639738524, 840369343, 926965263, 974275724,
        600018, 600027, 600029, 600096, 600106, 600181, 600182, 600207, 600232, 600264, 600265, 600268, 600269, 600275,
        600300, 600357, 600358, 600366, 600396, 600411, 600416, 600484, 600495, 600569, 600604, 600610, 600664, 600742,
        600772, 600818, 600932, 601100, 601541, 601832, 601845, 601902, 601942, 601965, 602029, 602158, 602422,
        602819, 603014, 603292, 603938, 603946, 604500, 604705, 605972, 606310, 607436, 609294,
        610173,
    ]

    @Test func storesKeepTheSameTrashWhateverTheyPulledWhen() throws {
        // The same schedules every time: random ones still end apart about once in
        // 1,000 (docs/sync.md), which would fail one run of the suite in 25.
        let environment = ProcessInfo.processInfo.environment
        let fixed = environment["JOTTER_STORE_TRASH_SEED"] == nil && environment["JOTTER_STORE_TRASH_RUNS"] == nil
        try runSchedules(seed: "JOTTER_STORE_TRASH_SEED", runs: "JOTTER_STORE_TRASH_RUNS", default: 40,
                         fixed: Array(1...40) + Self.onceApart) { seed in
            try TrashSchedule(seed: seed, comparesGroupsAndConflicts: fixed || environment["JOTTER_STORE_TRASH_ALL"] == "1").run()
        }
    }
}

private struct TrashSchedule {
    let seed: UInt64
    let comparesGroupsAndConflicts: Bool

    func run() throws {
        var random = SeededGenerator(seed: seed)
        let folder = TemporaryFolder()
        let (clocks, stores) = try storesWithClocksApart(in: folder, using: &random)
        let hub = ArrayHub(batch: Int.random(in: 1...4, using: &random))
        var labels: [NodeID: String] = [:]
        var lists: [NodeID] = []
        for name in ["p", "q"] {
            let list = try stores[0].createList(named: name, under: .root)
            labels[list.id] = name
            lists.append(list.id)
        }
        for number in 0..<4 {
            let list = number < 2 ? try stores[0].node(id: lists[number]).map { try stores[0].ancestry(of: $0) } ?? .root : .root
            guard case .added(let node) = try stores[0].addEntry("item \(number)", under: list, historyLine: nil) else {
                Issue.record("seed \(seed): item \(number) was not added")
                return
            }
            labels[node.id] = "item \(number)"
        }
        let entries = labels.keys.sorted { labels[$0]! < labels[$1]! }
        for store in stores { try hub.syncOntoThePulledHead(store) }
        var steps: [String] = []
        for _ in 0..<30 {
            let index = Int.random(in: 0..<3, using: &random)
            let store = stores[index]
            let picked = entries.randomElement(using: &random)!
            switch Int.random(in: 0..<11, using: &random) {
            case 0, 1:
                guard let node = try store.node(id: picked) else { continue }
                try store.remove([node])
                steps.append("\(index): rm \(labels[picked]!)")
            case 2, 3:
                // One whose list is in the trash too is refused, as at the prompt.
                guard let entry = try store.trash().randomElement(using: &random), (try? store.restore(entry)) != nil else {
                    continue
                }
                steps.append("\(index): restore \(labels[entry.node.id] ?? entry.node.text)")
            case 4:
                guard let node = try store.node(id: picked) else { continue }
                let text = "\(labels[picked]!) edited \(index)"
                _ = try store.edit(node, text: text)
                steps.append("\(index): edit \(labels[picked]!)")
            case 5:
                let target = lists.randomElement(using: &random)!
                guard let node = try store.node(id: picked), let list = try store.node(id: target) else { continue }
                let toRoot = Bool.random(using: &random)
                guard (try? store.move([node], to: toRoot ? .root : try store.ancestry(of: list))) != nil else { continue }
                steps.append("\(index): mv \(labels[picked]!) \(toRoot ? "/" : labels[target]!)")
            case 6:
                guard Bool.random(using: &random) else { continue }
                _ = try store.emptyTrash()
                steps.append("\(index): trash --empty")
            case 7:
                steps.append("\(index): \(try hub.run(.pull, by: store))")
            case 8:
                steps.append("\(index): \(try hub.run(.pushWithAcknowledgementLost, by: store))")
            default:
                steps.append("\(index): \(try hub.run(.sync, by: store))")
            }
            if Bool.random(using: &random) { _ = clocks[index].now() }
        }
        try hub.syncUntilQuiet(stores)
        let machines = Machines(stores, hub: hub)
        let shown = try stores.map { store in
            try Shown(entries: entries.map { try Self.trashState(of: $0, in: store, labels: labels) },
                      tree: machines.tree(of: store), trash: machines.trashGroups(of: store),
                      conflicts: machines.conflicts(in: store).map {
                          "\($0.node.flatMap { labels[$0] } ?? "-") \($0.property) \($0.value ?? "nil") \($0.replica.shortForm()) \($0.madeMilliseconds)"
                      }.sorted())
        }
        let environment = ProcessInfo.processInfo.environment
        let model = environment["JOTTER_STORE_TRASH_MODEL"] == "1" ? ModelOfTheHub(hub.operations).trashStates(entries, labels: labels) : nil
        for (index, journal) in shown.enumerated() {
            let apart = index > 0 && (journal.entries != shown[0].entries || journal.tree != shown[0].tree
                || comparesGroupsAndConflicts && (journal.trash != shown[0].trash || journal.conflicts != shown[0].conflicts))
            guard apart || model.map({ journal.entries != $0 }) ?? false else { continue }
            Issue.record("""
                seed \(seed): store \(index) differs from \(apart ? "store 0" : "the model of the hub's order")
                store 0: \(shown[0])
                store \(index): \(journal)
                model: \(model.map { "\($0)" } ?? "not compared")
                steps:
                \(steps.joined(separator: "\n"))
                hub:
                \(hub.journal(labels: labels))
                """)
        }
    }

    /// Entry `id` as `ModelOfTheHub.trashStates` gives one: its text, whether it is in the
    /// trash, and the label of the list it is in; or its label and "gone".
    static func trashState(of id: NodeID, in store: Store, labels: [NodeID: String]) throws -> String {
        guard let node = try store.node(id: id, includingHidden: true) else { return "\(labels[id]!) gone" }
        var inTrash = try store.node(id: id) == nil
        var above = node.parentSeq
        var parent: String?
        while let seq = above, let list = try store.node(seq: seq) {
            if parent == nil { parent = labels[list.id] ?? list.text }
            if try store.node(id: list.id) == nil { inTrash = true }
            above = list.parentSeq
        }
        return "\(node.text)\(inTrash ? " in the trash" : "") in \(parent ?? "/")"
    }
}

/// What one store shows of the entries, its tree and trash, and the conflicts it keeps.
private struct Shown: Equatable, CustomStringConvertible {
    let entries: [String]
    let tree: [String: String]
    let trash: [String]
    let conflicts: [String]

    var description: String { "\(entries) trash \(trash) conflicts \(conflicts)" }
}
