import Foundation
@testable import JotterCore
import TestSupport
import Testing

/// The values that lost a merge, as a function of the operations every machine ends up
/// holding: three stores edit the texts, done marks and a field of a few shared items, with
/// clocks apart, and push, pull, lose acknowledgements and sync in a random order
/// through an `ArrayHub`. Once all have synced until quiet, each must show the same
/// texts and marks and keep the same conflicts, whatever it pulled when.
///
/// `JOTTER_STORE_CONFLICT_RUNS=N` runs N schedules; `JOTTER_STORE_CONFLICT_SEED=S` that one.
@Suite struct StoreConflictConvergenceTests {
    @Test func storesKeepTheSameConflictsWhateverTheyPulledWhen() throws {
        try runSchedules(seed: "JOTTER_STORE_CONFLICT_SEED", runs: "JOTTER_STORE_CONFLICT_RUNS", default: 60) { seed in
            try ConflictSchedule(seed: seed).run()
        }
    }

    /// The store against the model, over the same schedules, each sync pulling first
    /// and pushing onto the head it pulled, as `jotter sync` does: once quiet, every
    /// store shows the texts, done marks and fields that `JotterSync`'s `Journal` gives
    /// by applying the hub's operations in the hub's order, and the stores keep the
    /// same conflicts. The model's conflicts are not compared: it keeps each value it
    /// lost for good, where a store forgets one once a change made by a machine that
    /// had seen it replaces it. `JOTTER_STORE_VALUES_MODEL_SEED=S` runs that one.
    @Test func storesShowWhatTheModelGivesForTheHubsOrder() throws {
        try runSchedules(seed: "JOTTER_STORE_VALUES_MODEL_SEED", runs: "JOTTER_STORE_CONFLICT_RUNS", default: 40) { seed in
            try ConflictSchedule(seed: seed, pullsFirst: true).run()
        }
    }
}

private struct ConflictSchedule {
    let seed: UInt64
    /// Every sync pulls first and pushes onto the pulled head, as `jotter sync` does, and
    /// the stores end as the model does; else a push may land after what it has not pulled.
    var pullsFirst = false

    func run() throws {
        var random = SeededGenerator(seed: seed)
        let folder = TemporaryFolder()
        let (clocks, stores) = try storesWithClocksApart(in: folder, using: &random)
        let hub = ArrayHub(batch: Int.random(in: 1...4, using: &random))
        try stores[0].addField(Field(name: "note", kind: .text), to: nil)
        var items: [NodeID] = []
        for number in 0..<2 {
            guard case .added(let node) = try stores[0].addEntry("item \(number)", under: .root, historyLine: nil) else {
                Issue.record("seed \(seed): item \(number) was not added")
                return
            }
            items.append(node.id)
        }
        for store in stores { try hub.sync(store) }
        var steps: [String] = []
        for step in 0..<30 {
            let index = Int.random(in: 0..<3, using: &random)
            let store = stores[index]
            let item = items.randomElement(using: &random)!
            guard let node = try store.node(id: item) else { continue }
            switch Int.random(in: 0..<9, using: &random) {
            case 0, 1, 2:
                let text = "\(index)-\(step)"
                _ = try store.edit(node, text: text)
                steps.append("\(index): edit \(item.shortForm()) \(text)")
            case 8:
                let note = "note \(index)-\(step)"
                _ = try store.edit(node, text: node.text, values: [FieldValue(name: "note", value: note)])
                steps.append("\(index): \(note) on \(item.shortForm())")
            case 3:
                _ = try store.markDone([node], done: Bool.random(using: &random))
                steps.append("\(index): done \(item.shortForm())")
            case 4 where !pullsFirst:
                try hub.push(store)
                steps.append("\(index): push")
            case 5:
                if pullsFirst { try hub.pullAsSyncDoes(store) } else { try hub.pull(store) }
                steps.append("\(index): pull")
            case 6:
                if pullsFirst { try hub.pullAsSyncDoes(store) }
                hub.take(try store.outgoingOperations(limit: 10))
                steps.append("\(index): push, acknowledgement lost")
            default:
                if pullsFirst { try hub.syncOntoThePulledHead(store) } else { try hub.sync(store) }
                steps.append("\(index): sync")
            }
            // A clock may also jump ahead between two steps.
            if Bool.random(using: &random) { _ = clocks[index].now() }
        }
        for _ in 0..<3 {
            for store in stores { if pullsFirst { try hub.syncOntoThePulledHead(store) } else { try hub.sync(store) } }
        }
        let shown = try stores.map { store in try Shown(store: store, items: items) }
        if pullsFirst {
            let model = ModelOfTheHub(hub.operations).items(items)
            for (index, journal) in shown.enumerated() where journal.items != model {
                Issue.record("""
                    seed \(seed): store \(index) differs from the model of the hub's order
                    model: \(model)
                    store: \(journal.items)
                    steps:
                    \(steps.joined(separator: "\n"))
                    """)
            }
        }
        for (index, journal) in shown.enumerated().dropFirst() where journal != shown[0] {
            Issue.record("""
                seed \(seed): store \(index) differs from store 0
                store 0: \(shown[0])
                store \(index): \(journal)
                steps:
                \(steps.joined(separator: "\n"))
                hub:
                \(hub.journal())
                """)
        }
    }
}

/// What one store shows of the items, and the conflicts it keeps, in an order that
/// does not depend on when it kept them.
private struct Shown: Equatable, CustomStringConvertible {
    let items: [String]
    let conflicts: [String]

    init(store: Store, items: [NodeID]) throws {
        self.items = try items.map { id in
            let node = try #require(try store.node(id: id, includingHidden: true))
            let values = try store.fieldValues(of: node).map { "\($0.name)=\($0.value)" }
            return "\(node.text) \(node.doneMilliseconds.map { "done \($0)" } ?? "open") \(values)"
        }
        var conflicts: [String] = []
        try store.forEachSyncConflict { conflict in
            conflicts.append("\(conflict.node?.shortForm() ?? "/") \(conflict.property) \(conflict.value ?? "removed") from \(conflict.replica.shortForm()) at \(conflict.madeMilliseconds)")
        }
        self.conflicts = conflicts.sorted()
    }

    var description: String { "\(items) conflicts \(conflicts)" }
}
