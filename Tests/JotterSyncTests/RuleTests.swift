import JotterSync
import Testing

/// The rules of docs/sync.md's table ("The model"), each on machines sharing a hub in
/// memory, and each checked on every machine once they have synced.
@Suite struct RuleTests {
    /// Three machines with lists p, q and r at the root, all synced.
    private func threeLists() -> Cluster {
        var cluster = Cluster(replicas: 3)
        for (number, name) in [(1, "p"), (2, "q"), (3, "r")] {
            cluster.make(0, .create(entryID(UInt64(number)), kind: .list, parent: nil, place: .last, text: name, created: 0))
        }
        settle(&cluster)
        return cluster
    }

    /// Every machine syncs until none has anything more to send or to pull.
    private func settle(_ cluster: inout Cluster) {
        let quiet = cluster.syncUntilQuiet()
        #expect(quiet)
    }

    private func expectOneJournal(_ cluster: Cluster) -> Journal {
        let first = cluster.replicas[0].journal
        for replica in cluster.replicas.dropFirst() { #expect(replica.journal == first) }
        return first
    }

    @Test func crossedMovesRefuseTheOneThatWouldCloseACycleOnEveryMachine() {
        // A second move after the sync that carried the first (docs/sync.md, sequence 1).
        var cluster = threeLists()
        let (p, q, r) = (entryID(1), entryID(2), entryID(3))
        cluster.make(0, .move(p, parent: q, place: .last))
        cluster.sync(0)
        cluster.make(0, .move(p, parent: r, place: .last))
        cluster.make(1, .move(q, parent: p, place: .last))
        for index in [1, 0, 1, 0] { cluster.sync(index) }
        settle(&cluster)
        let journal = expectOneJournal(cluster)
        // In the hub's order: p into q, q into p (refused: p is in q), p into r.
        #expect(journal.entries[p]?.parent == r)
        #expect(journal.entries[q]?.parent == nil)
        #expect(journal.conflicts.contains { $0.kind == .cycleRefused(q, parent: p) })
    }

    @Test func anAddIntoAListEmptiedEarlierInTheOrderBringsTheListBackIntoTheTrash() {
        var cluster = threeLists()
        let groceries = entryID(1)
        cluster.make(0, .trash([groceries]))
        cluster.make(0, .purge([groceries]))
        cluster.sync(0)
        cluster.make(1, .create(entryID(10), kind: .item, parent: groceries, place: .last, text: "y", created: 1))
        for index in [1, 0, 2, 1, 0, 2] { cluster.sync(index) }
        settle(&cluster)
        let journal = expectOneJournal(cluster)
        #expect(journal.entries[entryID(10)]?.parent == groceries)
        #expect(journal.isInTrash(entryID(10)))
        #expect(journal.trashListing().last?.entries == [groceries])
        #expect(journal.conflicts.contains { $0.kind == .broughtBack(groceries) })
    }

    @Test func aPurgeKeepsAListHoldingAnEntryItsMakerDidNotSee() {
        // The same two changes, the add first in the order: the list stays in the trash.
        var cluster = threeLists()
        let groceries = entryID(1)
        cluster.make(0, .trash([groceries]))
        cluster.sync(0)
        cluster.sync(1)
        cluster.make(0, .purge([groceries]))
        cluster.make(1, .create(entryID(10), kind: .item, parent: groceries, place: .last, text: "y", created: 1))
        cluster.sync(1)
        cluster.sync(0)
        settle(&cluster)
        let journal = expectOneJournal(cluster)
        #expect(journal.entries[entryID(10)]?.parent == groceries)
        #expect(journal.isInTrash(groceries))
        #expect(journal.conflicts.contains { $0.kind == .keptFromEmptying(groceries) })
    }

    @Test func aPurgeKeepsWhatLeftTheTrashBeforeIt() {
        var cluster = threeLists()
        let trash = cluster.make(0, .trash([entryID(2)]))
        settle(&cluster)
        cluster.make(1, .restore(group: trash.id))
        cluster.make(0, .purge([entryID(2)]))
        cluster.sync(1)
        cluster.sync(0)
        settle(&cluster)
        let journal = expectOneJournal(cluster)
        #expect(journal.visibleTexts(under: nil) == ["p", "q", "r"])
        #expect(journal.conflicts.contains { $0.kind == .keptFromEmptying(entryID(2)) })
    }

    @Test func aRestoreOfAnEntryEmptiedElsewhereBringsItBackOnEveryMachine() {
        var cluster = threeLists()
        let trash = cluster.make(0, .trash([entryID(2)]))
        settle(&cluster)
        cluster.make(0, .purge([entryID(2)]))
        cluster.sync(0)
        cluster.make(1, .restore(group: trash.id))
        for index in [1, 0, 2] { cluster.sync(index) }
        settle(&cluster)
        let journal = expectOneJournal(cluster)
        #expect(journal.visibleTexts(under: nil) == ["p", "r", "q"])
        #expect(journal.conflicts.contains { $0.kind == .restoredAfterEmptying(entryID(2)) })
    }

    @Test func anEditOfAnEntryEmptiedEarlierInTheOrderBringsItBackIntoTheTrash() {
        var cluster = threeLists()
        cluster.make(0, .trash([entryID(3)]))
        cluster.make(0, .purge([entryID(3)]))
        cluster.sync(0)
        let edit = cluster.make(1, .setText(entryID(3), "shop"))
        cluster.sync(1)
        settle(&cluster)
        let journal = expectOneJournal(cluster)
        #expect(journal.entries[entryID(3)]?.text == "shop")
        #expect(journal.entries[entryID(3)]?.trashGroup == edit.id)
    }

    @Test func aRenameIntoANameAnotherMachineHasMergesTheListsAlikeEverywhere() {
        // docs/sync.md, sequence 5: a third machine renames the list again before it
        // pulls the rename that merged it; its rename names the merged list.
        var cluster = threeLists()
        let (p, q) = (entryID(1), entryID(2))
        cluster.make(0, .create(entryID(10), kind: .item, parent: p, place: .last, text: "milk", created: 1))
        cluster.make(0, .setText(p, "groceries"))
        cluster.make(1, .create(entryID(11), kind: .item, parent: q, place: .last, text: "eggs", created: 1))
        cluster.make(1, .setText(q, "groceries"))
        cluster.make(2, .setText(q, "work"))
        for index in [0, 1, 2, 0, 1, 2] { cluster.sync(index) }
        settle(&cluster)
        let journal = expectOneJournal(cluster)
        #expect(journal.visibleTexts(under: nil) == ["work", "r"])
        #expect(journal.resolve(q) == p)
        #expect(journal.visibleTexts(under: p) == ["milk", "eggs"])
        #expect(journal.conflicts.contains { $0.kind == .merged(q, into: p) })
    }

    @Test func listsOfOneNameMadeOnTwoMachinesBecomeOneWithBothIDs() {
        var cluster = Cluster(replicas: 3)
        cluster.make(0, .create(entryID(1), kind: .list, parent: nil, place: .last, text: "groceries", created: 0))
        cluster.make(0, .create(entryID(10), kind: .list, parent: entryID(1), place: .last, text: "weekly", created: 0))
        cluster.make(1, .create(entryID(2), kind: .list, parent: nil, place: .last, text: "groceries", created: 0))
        cluster.make(1, .create(entryID(20), kind: .list, parent: entryID(2), place: .last, text: "weekly", created: 0))
        cluster.make(1, .create(entryID(21), kind: .item, parent: entryID(20), place: .last, text: "tea", created: 0))
        cluster.sync(1)
        cluster.sync(0)
        cluster.make(2, .create(entryID(30), kind: .item, parent: entryID(1), place: .last, text: "x", created: 0))
        settle(&cluster)
        let journal = expectOneJournal(cluster)
        #expect(journal.visibleTexts(under: nil) == ["groceries"])
        #expect(journal.resolve(entryID(1)) == entryID(2))
        #expect(journal.resolve(entryID(10)) == entryID(20))
        #expect(journal.visibleTexts(under: entryID(20)) == ["tea"])
    }

    @Test func theTrashIsGroupedByTheOperationThatMadeEachGroup() {
        var cluster = threeLists()
        let first = cluster.make(0, .trash([entryID(1), entryID(2)]))
        let second = cluster.make(1, .trash([entryID(2), entryID(3)]))
        cluster.sync(1)
        cluster.sync(0)
        settle(&cluster)
        let journal = expectOneJournal(cluster)
        // q went with the group that came first in the order, on every machine.
        #expect(journal.trashListing().map(\.group) == [second.id, first.id])
        #expect(journal.trashListing().map(\.entries) == [[entryID(2), entryID(3)], [entryID(1)]])
        cluster.make(2, .restore(group: second.id))
        settle(&cluster)
        #expect(expectOneJournal(cluster).visibleTexts(under: nil) == ["q", "r"])
    }

    @Test func anRmSyncedAfterARestoreElsewhereStaysOnEveryMachine() {
        var cluster = threeLists()
        let (p, q) = (entryID(1), entryID(2))
        let own = cluster.make(1, .trash([p, q]))
        let first = cluster.make(0, .trash([p]))
        cluster.sync(0)
        cluster.make(0, .restore(group: first.id))
        cluster.sync(0)
        cluster.sync(1)
        settle(&cluster)
        let journal = expectOneJournal(cluster)
        // In the hub's order: p removed, p restored, then p and q removed as one group.
        #expect(journal.trashListing().map(\.group) == [own.id])
        #expect(journal.trashListing().map(\.entries) == [[p, q]])
        #expect(journal.visibleTexts(under: nil) == ["r"])
    }

    @Test func aRestoreSyncedAfterAnRmElsewhereStaysOnEveryMachine() {
        var cluster = threeLists()
        let p = entryID(1)
        let first = cluster.make(1, .trash([p]))
        cluster.sync(1)
        cluster.sync(0)
        cluster.make(0, .restore(group: first.id))
        cluster.make(2, .trash([p]))
        cluster.sync(2)
        cluster.sync(0)
        settle(&cluster)
        let journal = expectOneJournal(cluster)
        // In the hub's order: p removed, removed again where it was in the trash already,
        // then its first group restored.
        #expect(journal.trashListing().isEmpty)
        #expect(journal.visibleTexts(under: nil) == ["p", "q", "r"])
    }

    @Test func aLocalChangeThatNoLongerAppliesAfterAPullIsAConflictOnEveryMachine() {
        var cluster = threeLists()
        let (p, q) = (entryID(1), entryID(2))
        cluster.make(0, .move(p, parent: q, place: .last))
        cluster.sync(0)
        cluster.make(1, .move(q, parent: p, place: .last))
        // Before the pull machine 1 shows q in p; after it the move is refused there.
        #expect(cluster.replicas[1].journal.entries[q]?.parent == p)
        cluster.pull(1)
        #expect(cluster.replicas[1].journal.entries[q]?.parent == nil)
        #expect(cluster.replicas[1].journal.conflicts.contains { $0.kind == .cycleRefused(q, parent: p) })
        settle(&cluster)
        let journal = expectOneJournal(cluster)
        #expect(journal.conflicts.contains { $0.kind == .cycleRefused(q, parent: p) })
    }

    @Test func oneTextEditedOnTwoMachinesKeepsTheOtherEditEverywhere() {
        var cluster = threeLists()
        let item = entryID(10)
        cluster.make(0, .create(item, kind: .item, parent: nil, place: .last, text: "milk", created: 1))
        settle(&cluster)
        let oat = cluster.make(0, .setText(item, "oat milk"))
        cluster.make(1, .setText(item, "soy milk"))
        cluster.sync(0)
        cluster.sync(1)
        settle(&cluster)
        let journal = expectOneJournal(cluster)
        #expect(journal.entries[item]?.text == "soy milk")
        #expect(journal.conflicts.contains { $0.kind == .overwritten(PropertyKey(item, .text), lost: .text("oat milk"), writer: oat.id) })
    }

    @Test func anEditMadeAfterPullingAnotherIsNoConflict() {
        var cluster = threeLists()
        cluster.make(0, .setText(entryID(1), "shop"))
        cluster.sync(0)
        cluster.sync(1)
        cluster.make(1, .setText(entryID(1), "shops"))
        settle(&cluster)
        #expect(expectOneJournal(cluster).conflicts.isEmpty)
    }

    @Test func anItemMarkedDoneOnTwoMachinesIsNoConflict() {
        var cluster = threeLists()
        let item = entryID(10)
        cluster.make(0, .create(item, kind: .item, parent: nil, place: .last, text: "milk", created: 1))
        settle(&cluster)
        cluster.make(0, .setDone(item, 5))
        cluster.make(1, .setDone(item, 6))
        cluster.make(2, .setField(item, name: "amount", value: "2"))
        settle(&cluster)
        let journal = expectOneJournal(cluster)
        #expect(journal.entries[item]?.done == 6)
        #expect(journal.entries[item]?.fields == ["amount": "2"])
        #expect(journal.conflicts.isEmpty)
    }

    @Test func anAcknowledgementLostIsRecognisedByTheOperationsIDs() {
        var cluster = threeLists()
        cluster.make(0, .setText(entryID(1), "shop"))
        cluster.push(0, acknowledged: false)
        #expect(cluster.replicas[0].unsent.count == 1)
        cluster.pull(0)
        #expect(cluster.replicas[0].unsent.isEmpty)
        settle(&cluster)
        #expect(cluster.hub.operations.count == 4)
    }

    @Test func aPushSentAgainIsStoredOnce() {
        var cluster = threeLists()
        cluster.make(0, .setText(entryID(1), "shop"))
        let request = cluster.push(0, acknowledged: false)!
        cluster.resend(request, from: 0)
        cluster.sync(1)
        cluster.resend(request, from: 0)
        settle(&cluster)
        #expect(cluster.hub.operations.count == 4)
    }

    @Test func aHubRolledBackGetsBackWhatItLostFromTheMachines() {
        var cluster = threeLists()
        cluster.make(0, .setText(entryID(1), "shop"))
        cluster.sync(0)
        cluster.hub.rollBack(to: 1)
        // Another machine pushes first, past the cursor of machine 0.
        cluster.make(1, .create(entryID(10), kind: .item, parent: nil, place: .last, text: "a", created: 1))
        cluster.make(1, .create(entryID(11), kind: .item, parent: nil, place: .last, text: "b", created: 1))
        cluster.make(1, .create(entryID(12), kind: .item, parent: nil, place: .last, text: "c", created: 1))
        cluster.sync(1)
        settle(&cluster)
        let journal = expectOneJournal(cluster)
        #expect(cluster.hub.operations.count == 7)
        #expect(journal.visibleTexts(under: nil) == ["shop", "q", "r", "a", "b", "c"])
    }

    @Test func anOperationAppliedTwiceChangesNothing() {
        let operation = JournalOperation(id: OperationID(replica: entryID(9), counter: 1),
                                         change: .create(entryID(1), kind: .item, parent: nil, place: .last, text: "a", created: 0))
        let trash = JournalOperation(id: OperationID(replica: entryID(9), counter: 2), change: .trash([entryID(1)]))
        var journal = Journal()
        journal.apply(operation)
        journal.apply(trash)
        let (again, conflicts) = journal.applying(trash)
        #expect(again == journal)
        #expect(conflicts.isEmpty)
        #expect(journal.trashListing().count == 1)
    }

    @Test func anOperationNamingNothingOrCreatingTwiceAppliesNothingAndIsKept() {
        let replica = entryID(9)
        var journal = Journal()
        journal.apply(JournalOperation(id: OperationID(replica: replica, counter: 1),
                                       change: .create(entryID(1), kind: .item, parent: entryID(5), place: .last, text: "a", created: 0)))
        journal.apply(JournalOperation(id: OperationID(replica: replica, counter: 2),
                                       change: .create(entryID(1), kind: .item, parent: nil, place: .last, text: "b", created: 0)))
        journal.apply(JournalOperation(id: OperationID(replica: replica, counter: 3), change: .setText(entryID(6), "c")))
        #expect(journal.visibleTexts(under: nil) == ["a"])
        #expect(journal.conflicts.map(\.kind) == [.unknownEntry(entryID(5)), .duplicateCreate(entryID(1)), .unknownEntry(entryID(6))])
    }
}
