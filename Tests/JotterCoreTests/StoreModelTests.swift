import Foundation
@testable import JotterCore
import JotterSync
import TestSupport
import Testing

/// The store against `JotterSync`'s model of the merge: stores that sync as `jotter sync`
/// does, pulling first and pushing onto the head they pulled, end as the model's journal
/// of the hub's operations applied in the hub's order. The values are compared over
/// `StoreConflictConvergenceTests`' schedules; here, the tree, with lists moved into one
/// another on three machines, crossed moves among them. The trash is compared with the
/// model only on demand (`StoreTrashConvergenceTests`).
///
/// `JOTTER_STORE_MODEL_RUNS=N` runs N schedules; `JOTTER_STORE_MODEL_SEED=S` that one.
@Suite struct StoreModelTests {
    @Test func movesEndWhereTheModelPutsThemInTheHubsOrder() throws {
        try runSchedules(seed: "JOTTER_STORE_MODEL_SEED", runs: "JOTTER_STORE_MODEL_RUNS", default: 40) { seed in
            try MoveSchedule(seed: seed).run()
        }
    }
}

private struct MoveSchedule {
    let seed: UInt64

    func run() throws {
        var random = SeededGenerator(seed: seed)
        let folder = TemporaryFolder()
        let (clocks, stores) = try storesWithClocksApart(in: folder, using: &random)
        let hub = ArrayHub(batch: Int.random(in: 1...4, using: &random))
        var entries: [NodeID] = []
        for name in ["p", "q", "r", "s"] {
            entries.append(try stores[0].createList(named: name, under: .root).id)
        }
        for number in 0..<2 {
            guard case .added(let node) = try stores[0].addEntry("item \(number)", under: .root, historyLine: nil) else {
                Issue.record("seed \(seed): item \(number) was not added")
                return
            }
            entries.append(node.id)
        }
        for store in stores { try hub.syncOntoThePulledHead(store) }
        var steps: [String] = []
        for step in 0..<30 {
            let index = Int.random(in: 0..<3, using: &random)
            let store = stores[index]
            switch Int.random(in: 0..<6, using: &random) {
            case 0, 1, 2:
                let moved = entries.randomElement(using: &random)!
                let target = entries.prefix(4).randomElement(using: &random)!
                guard let node = try store.node(id: moved), let list = try store.node(id: target) else { continue }
                let toRoot = Int.random(in: 0..<4, using: &random) == 0
                let destination = toRoot ? NavigationPath.root : try store.ancestry(of: list)
                // A move into itself is refused here as it is at the prompt.
                guard (try? store.move([node], to: destination)) != nil else { continue }
                steps.append("\(index): mv \(moved.shortForm()) \(toRoot ? "/" : target.shortForm())")
            case 3:
                steps.append("\(index): \(try hub.run(.pull, by: store))")
            case 4:
                steps.append("\(index): \(try hub.run(.pushWithAcknowledgementLost, by: store))")
            default:
                steps.append("\(index): \(try hub.run(.sync, by: store))")
            }
            if Bool.random(using: &random) { _ = clocks[index].now() }
        }
        try hub.syncUntilQuiet(stores)
        let model = ModelOfTheHub(hub.operations).places(entries)
        for (index, store) in stores.enumerated() {
            let places = try entries.map { id in
                let node = try #require(try store.node(id: id, includingHidden: true))
                return "\(node.text) in \(try node.parentSeq.flatMap { try store.node(seq: $0) }?.text ?? "/")"
            }
            if places != model {
                Issue.record("""
                    seed \(seed): store \(index) differs from the model of the hub's order
                    model: \(model)
                    store: \(places)
                    steps:
                    \(steps.joined(separator: "\n"))
                    hub:
                    \(hub.journal())
                    """)
            }
        }
    }
}

/// `JotterSync`'s journal of an `ArrayHub`'s operations, applied in the hub's order:
/// creates, texts, moves, done marks, fields and the trash, each named by its replica and
/// counter and based on the operation whose value its maker saw. The marks one `rm` sends
/// share its stamp and are one group; the purges one `trash --empty` sends follow one
/// another and are one emptying; a restore names the group of the mark it replaced.
struct ModelOfTheHub {
    private var journal = Journal()

    init(_ operations: [SyncOperation]) {
        var writers: [String: OperationID] = [:]
        var groups: [String: OperationID] = [:]
        var next = operations.startIndex
        while next < operations.endIndex {
            let operation = operations[next]
            next += 1
            guard let node = operation.node else { continue }
            /// The entries of this operation and of those right after it that belong with it.
            func members(alike: (SyncOperation) -> Bool) -> [NodeID] {
                var nodes = [node]
                while next < operations.endIndex, alike(operations[next]), let other = operations[next].node {
                    nodes.append(other)
                    next += 1
                }
                return nodes
            }
            let id = OperationID(replica: Self.syncID(operation.replica), counter: operation.counter)
            let entry = Self.syncID(node)
            let key = "\(node) \(operation.property)"
            let base = operation.base.flatMap { writers["\(key) \($0)"] }
            let value = operation.value.flatMap { try? JSONSerialization.jsonObject(with: Data($0.utf8), options: .fragmentsAllowed) }
            let change: JournalChange
            switch operation.property {
            case "create":
                guard let create = value as? [String: Any], let text = create["text"] as? String,
                      let created = (create["created"] as? NSNumber)?.int64Value else { continue }
                let parent = (create["parent"] as? String).flatMap { NodeID($0) }.map(Self.syncID)
                change = .create(entry, kind: create["kind"] as? String == "list" ? .list : .item, parent: parent, place: .last,
                                 text: text, created: created, done: (create["done"] as? NSNumber)?.int64Value,
                                 fields: create["fields"] as? [String: String] ?? [:])
            case "text":
                guard let text = value as? String else { continue }
                change = .setText(entry, text)
            case "parent":
                change = .move(entry, parent: (value as? String).flatMap { NodeID($0) }.map(Self.syncID), place: .last)
            case "done":
                change = .setDone(entry, (value as? NSNumber)?.int64Value)
            case "trashed" where operation.value == "true":
                let removed = members { $0.property == "trashed" && $0.value == "true" && $0.replica == operation.replica
                    && $0.stamp == operation.stamp }
                for member in removed { groups["\(member) \(operation.stamp)"] = id }
                change = .trash(removed.map(Self.syncID))
            case "trashed":
                guard let group = operation.base.flatMap({ groups["\(node) \($0)"] }) ?? journal.trashGroup(holding: entry) else {
                    continue
                }
                change = .restore(group: group)
            case "purge":
                change = .purge(members { $0.property == "purge" && $0.replica == operation.replica }.map(Self.syncID))
            case let property where property.hasPrefix("field:"):
                change = .setField(entry, name: String(property.dropFirst("field:".count)), value: value as? String)
            default:
                continue
            }
            writers["\(key) \(operation.stamp)"] = id
            journal.apply(JournalOperation(id: id, base: base, change: change))
        }
    }

    /// Each entry's text and the text of the list it is in, by the store's ids.
    func places(_ ids: [NodeID]) -> [String] {
        ids.map { id in
            guard let entry = journal.entries[Self.syncID(id)] else { return "\(id) missing" }
            return "\(entry.text) in \(entry.parent.flatMap { journal.entries[$0]?.text } ?? "/")"
        }
    }

    /// Each entry's text, whether it is in the trash, and the label of the list it is
    /// in; or its label and "gone" once the trash was emptied of it.
    func trashStates(_ ids: [NodeID], labels: [NodeID: String]) -> [String] {
        let labelled = Dictionary(uniqueKeysWithValues: labels.map { (Self.syncID($0.key), $0.value) })
        return ids.map { id in
            let key = journal.resolve(Self.syncID(id))
            guard let entry = journal.entries[key] else { return "\(labels[id]!) gone" }
            let parent = entry.parent.map { labelled[$0] ?? journal.entries[$0]?.text ?? "?" }
            return "\(entry.text)\(journal.isInTrash(key) ? " in the trash" : "") in \(parent ?? "/")"
        }
    }

    /// The items as `Shown` lists a store's.
    func items(_ ids: [NodeID]) -> [String] {
        ids.map { id in
            guard let entry = journal.entries[Self.syncID(id)] else { return "\(id) missing" }
            let values = entry.fields.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
            return "\(entry.text) \(entry.done.map { "done \($0)" } ?? "open") \(values)"
        }
    }

    private static func syncID(_ id: NodeID) -> SyncID {
        let bytes = id.bytes
        let half = { (range: Range<Int>) in bytes[range].reduce(UInt64(0)) { $0 << 8 | UInt64($1) } }
        return SyncID(high: half(0..<8), low: half(8..<16))
    }
}

