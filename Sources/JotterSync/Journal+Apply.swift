/// The merge: one operation applied at its place in the one order, decided from the
/// state the operations before it give and from nothing else. Each rule keeps what it
/// cannot apply as a conflict or brings it back into the trash: none drops an entry.
/// docs/sync.md, "The model", tables them with their tests.
extension Journal {
    /// The journal after `operation`, and the conflicts it kept.
    public func applying(_ operation: JournalOperation) -> (Journal, [Conflict]) {
        var journal = self
        let conflicts = journal.apply(operation)
        return (journal, conflicts)
    }

    /// Applies `operation` in place; an operation applied before changes nothing.
    @discardableResult
    public mutating func apply(_ operation: JournalOperation) -> [Conflict] {
        guard begin(operation.id) else { return [] }
        let before = conflicts.count
        let rule = Rule(operation: operation)
        switch operation.change {
        case let .create(id, kind, parent, place, text, created, done, fields):
            create(id, Entry(kind: kind, parent: nil, text: text, created: created, done: done, fields: fields),
                   under: parent, at: place, by: rule)
        case let .setText(id, text):
            guard let id = present(id, by: rule) else { break }
            write(.text, of: id, from: .text(entries[id]!.text), to: .text(text), by: rule)
            entries[id]!.text = text
            mergeWithListOfItsName(id, by: rule)
        case let .move(id, parent, place):
            move(id, to: parent, at: place, by: rule)
        case let .setDone(id, done):
            guard let id = present(id, by: rule) else { break }
            let held = entries[id]!.done
            // Two done marks agree: both machines marked it done, and neither lost anything.
            write(.done, of: id, from: held.map(PropertyValue.time) ?? .absent, to: done.map(PropertyValue.time) ?? .absent,
                  agreeing: held != nil && done != nil, by: rule)
            entries[id]!.done = done
        case let .setField(id, name, value):
            guard let id = present(id, by: rule) else { break }
            write(.field(name), of: id, from: entries[id]!.fields[name].map(PropertyValue.text) ?? .absent,
                  to: value.map(PropertyValue.text) ?? .absent, by: rule)
            entries[id]!.fields[name] = value
        case let .defineField(owner, name, definition):
            guard let owner = place(owner, by: rule) else { break }
            let key = PlaceName(owner: owner, name: name)
            write(.definition(name), of: owner, from: definitions[key].map(PropertyValue.definition) ?? .absent,
                  to: definition.map(PropertyValue.definition) ?? .absent, by: rule)
            definitions[key] = definition
        case let .setOption(owner, key, value):
            guard let owner = place(owner, by: rule) else { break }
            let name = PlaceName(owner: owner, name: key)
            write(.option(key), of: owner, from: options[name].map(PropertyValue.text) ?? .absent,
                  to: value.map(PropertyValue.text) ?? .absent, by: rule)
            options[name] = value
        case let .trash(ids):
            trash(ids, by: rule)
        case let .restore(group):
            restore(group, by: rule)
        case let .purge(ids):
            purge(ids, by: rule)
        }
        return Array(conflicts[before...])
    }

    /// The operation being applied, for the rules to name.
    struct Rule {
        let operation: JournalOperation
        var id: OperationID { operation.id }
    }

    // MARK: Entries an operation names

    /// The entry `id` names, brought back into the trash when the trash was emptied
    /// of it earlier in the order; nil, kept as a conflict, when nothing made it.
    private mutating func present(_ id: SyncID, by rule: Rule) -> SyncID? {
        let id = resolve(id)
        if entries[id] != nil { return id }
        if emptied[id] != nil {
            bringBack(id, into: rule.id)
            keep(Conflict(operation: rule.id, kind: .broughtBack(id)))
            return id
        }
        keep(Conflict(operation: rule.id, kind: .unknownEntry(id)))
        return nil
    }

    /// A place an operation names: the root (nil), or an entry as `present` finds it.
    /// The outer optional is nil when there is no such place.
    private mutating func place(_ id: SyncID?, by rule: Rule) -> SyncID?? {
        guard let id else { return .some(nil) }
        return present(id, by: rule).map { .some($0) }
    }

    /// Brings an emptied entry back where it was, into trash group `group` (nil: out
    /// of the trash), bringing back the list it was in when that was emptied too.
    private mutating func bringBack(_ id: SyncID, into group: OperationID?) {
        guard let tombstone = unbury(id) else { return }
        var entry = tombstone.entry
        var marked = group
        if let parent = entry.parent.map(resolve), entries[parent] == nil {
            if emptied[parent] != nil {
                // The list comes back with the group's mark, and hides what it holds.
                bringBack(parent, into: group)
                if group != nil { marked = nil }
                entry.parent = parent
            } else {
                entry.parent = nil
            }
        } else {
            entry.parent = entry.parent.map(resolve)
        }
        entry.trashGroup = marked
        insert(id, entry, at: .last)
        if let marked { noteGroup(marked) }
    }

    /// Records that `rule`'s operation wrote a property, keeping the value it replaced
    /// when its maker never saw that value.
    private mutating func write(_ property: PropertyKey.Property, of owner: SyncID?, from held: PropertyValue,
                                to value: PropertyValue, agreeing: Bool = false, by rule: Rule) {
        let key = PropertyKey(owner, property)
        let writer = writer(of: key)
        if writer != rule.operation.base, held != value, !agreeing {
            keep(Conflict(operation: rule.id, kind: .overwritten(key, lost: held, writer: writer)))
        }
        setWriter(rule.id, of: key)
    }

    // MARK: Creates and moves

    private mutating func create(_ id: SyncID, _ entry: Entry, under parent: SyncID?, at place: Place, by rule: Rule) {
        guard entries[id] == nil, emptied[id] == nil, aliases[id] == nil else {
            keep(Conflict(operation: rule.id, kind: .duplicateCreate(id)))
            return
        }
        var entry = entry
        // A parent nothing made: the entry goes to the root rather than nowhere.
        entry.parent = self.place(parent, by: rule) ?? nil
        insert(id, entry, at: place)
        mergeWithListOfItsName(id, by: rule)
    }

    private mutating func move(_ id: SyncID, to parent: SyncID?, at place: Place, by rule: Rule) {
        guard let id = present(id, by: rule), let parent = self.place(parent, by: rule) else { return }
        if let parent, isInside(parent, of: id) {
            keep(Conflict(operation: rule.id, kind: .cycleRefused(id, parent: parent)))
            return
        }
        guard var entry = detach(id) else { return }
        write(.parent, of: id, from: .place(entry.parent), to: .place(parent), by: rule)
        entry.parent = parent
        insert(id, entry, at: place)
        mergeWithListOfItsName(id, by: rule)
    }

    // MARK: Lists of one name

    /// A list that comes to stand, out of the trash, beside one of its name merges into
    /// it: the one that stood there first stays, and what the newcomer held follows
    /// its own. The lists they hold that now share a name merge alike, level by level.
    private mutating func mergeWithListOfItsName(_ id: SyncID, by rule: Rule) {
        guard let entry = entries[id], entry.kind == .list, entry.trashGroup == nil else { return }
        let survivor = (children[entry.parent] ?? []).first { other in
            guard other != id, let sibling = entries[other] else { return false }
            return sibling.kind == .list && sibling.trashGroup == nil && sibling.text == entry.text
        }
        guard let survivor else { return }
        merge(id, into: survivor, by: rule)
    }

    private mutating func merge(_ id: SyncID, into survivor: SyncID, by rule: Rule) {
        keep(Conflict(operation: rule.id, kind: .merged(id, into: survivor)))
        for child in takeChildren(of: id) {
            guard var entry = entries[child] else { continue }
            entry.parent = survivor
            insert(child, entry, at: .last)
        }
        let owned = definitions.keys.filter { $0.owner == id }.sorted { $0.name < $1.name }
        for name in owned {
            let definition = definitions.removeValue(forKey: name)!
            let target = PlaceName(owner: survivor, name: name.name)
            if definitions[target] == nil {
                definitions[target] = definition
            } else if definitions[target] != definition {
                keep(Conflict(operation: rule.id, kind: .overwritten(PropertyKey(id, .definition(name.name)),
                                                                     lost: .definition(definition), writer: writer(of: PropertyKey(id, .definition(name.name))))))
            }
        }
        let ownedOptions = options.keys.filter { $0.owner == id }.sorted { $0.name < $1.name }
        for name in ownedOptions {
            let value = options.removeValue(forKey: name)!
            let target = PlaceName(owner: survivor, name: name.name)
            if options[target] == nil {
                options[target] = value
            } else if options[target] != value {
                keep(Conflict(operation: rule.id, kind: .overwritten(PropertyKey(id, .option(name.name)),
                                                                     lost: .text(value), writer: writer(of: PropertyKey(id, .option(name.name))))))
            }
        }
        detach(id)
        alias(id, to: survivor)
        // Lists of one name now side by side in the survivor: each later one merges
        // into the first, in the order of the list, until none is left.
        while let (later, first) = firstListsOfOneName(in: survivor) {
            merge(later, into: first, by: rule)
        }
    }

    private func firstListsOfOneName(in place: SyncID) -> (later: SyncID, first: SyncID)? {
        var seen: [String: SyncID] = [:]
        for child in children[place] ?? [] {
            guard let entry = entries[child], entry.kind == .list, entry.trashGroup == nil else { continue }
            if let first = seen[entry.text] { return (child, first) }
            seen[entry.text] = child
        }
        return nil
    }

    // MARK: The trash

    private mutating func trash(_ ids: [SyncID], by rule: Rule) {
        var any = false
        for id in ids.map(resolve) where entries[id] != nil && entries[id]!.trashGroup == nil {
            entries[id]!.trashGroup = rule.id
            any = true
        }
        if any { noteGroup(rule.id) }
    }

    /// What group `group` put in the trash comes out, in the order of ids (merges of
    /// lists of one name happen in that order); what the trash was emptied of since
    /// comes back, kept as a conflict.
    private mutating func restore(_ group: OperationID, by rule: Rule) {
        let marked = entries.filter { $0.value.trashGroup == group }.keys.sorted()
        for id in marked { entries[id]!.trashGroup = nil }
        let buried = emptied.filter { $0.value.group == group }.keys.sorted()
        for id in buried where emptied[id] != nil { bringBack(id, into: nil) }
        for id in buried where entries[id] != nil {
            keep(Conflict(operation: rule.id, kind: .restoredAfterEmptying(id)))
        }
        for id in (marked + buried).sorted() where entries[id] != nil {
            mergeWithListOfItsName(id, by: rule)
        }
    }

    /// Deletes for good what the purge names and the trash still holds at its place in
    /// the order. An entry named that has left the trash stays, and so does one that
    /// holds something the purge did not name (made or moved there where the purge's
    /// maker had not seen it): it stays in the trash, with what it holds.
    private mutating func purge(_ ids: [SyncID], by rule: Rule) {
        var candidates: Set<SyncID> = []
        for id in Set(ids.map(resolve)).sorted() where entries[id] != nil {
            if isInTrash(id) {
                candidates.insert(id)
            } else {
                keep(Conflict(operation: rule.id, kind: .keptFromEmptying(id)))
            }
        }
        var removable: [SyncID: Bool] = [:]
        func canRemove(_ id: SyncID) -> Bool {
            if let known = removable[id] { return known }
            let answer = candidates.contains(id) && (children[id] ?? []).allSatisfy(canRemove)
            removable[id] = answer
            return answer
        }
        let ordered = candidates.sorted()
        var doomed: [(SyncID, Tombstone)] = []
        for id in ordered {
            if canRemove(id) {
                doomed.append((id, Tombstone(entry: entries[id]!, group: trashGroup(holding: id), emptiedBy: rule.id)))
            } else {
                keep(Conflict(operation: rule.id, kind: .keptFromEmptying(id)))
            }
        }
        for (id, tombstone) in doomed {
            detach(id)
            bury(id, tombstone)
        }
    }
}
