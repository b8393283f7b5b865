/// A journal in memory: what a machine shows after applying operations in one order.
/// It is a function of that order alone (`apply`), so two machines that applied the
/// same operations in the same order hold equal journals, whoever made them and
/// whenever they arrived.
public struct Journal: Equatable, Sendable {
    /// Every entry there is, in the trash or not.
    public internal(set) var entries: [SyncID: Entry] = [:]
    /// The children of each place (nil is the root), in their order. An entry in the
    /// trash keeps its place, so that `restore` puts it back where it was.
    public internal(set) var children: [SyncID?: [SyncID]] = [:]
    /// Entries the trash was emptied of, kept whole: an operation that names one
    /// later in the order brings it back rather than being lost.
    public internal(set) var emptied: [SyncID: Tombstone] = [:]
    /// Lists merged into another of the same name: the id merged away names the other.
    public internal(set) var aliases: [SyncID: SyncID] = [:]
    public internal(set) var definitions: [PlaceName: FieldDefinition] = [:]
    public internal(set) var options: [PlaceName: String] = [:]
    /// The trash's groups in the order they were made; `restore N` counts them.
    public internal(set) var trashGroups: [OperationID] = []
    /// Everything an operation could not do as its maker meant, in the order kept.
    public internal(set) var conflicts: [Conflict] = []
    /// The operation that last wrote each property, what an operation's base is compared with.
    private var writers: [PropertyKey: OperationID] = [:]
    private var applied: Set<OperationID> = []

    public init() {}

    /// The operation that wrote the value a property holds, nil for the value its
    /// entry was made with: what an operation made on top of this journal names as its base.
    public func writer(of key: PropertyKey) -> OperationID? {
        writers[key]
    }

    /// The entry an id names now, through the merges of lists of one name.
    public func resolve(_ id: SyncID) -> SyncID {
        aliases[id] ?? id
    }

    /// Whether an entry is in the trash, by itself or with a list that holds it.
    public func isInTrash(_ id: SyncID) -> Bool {
        trashGroup(holding: id) != nil
    }

    /// The trash group that hides an entry: its own, or the nearest one above it.
    public func trashGroup(holding id: SyncID) -> OperationID? {
        var next: SyncID? = id
        var steps = 0
        while let current = next, let entry = entries[current], steps <= entries.count {
            if let group = entry.trashGroup { return group }
            next = entry.parent
            steps += 1
        }
        return nil
    }

    /// The trash as `trash` lists it: each group with something in it, in the order
    /// the groups were made, with the entries it put there in the order of the tree.
    public func trashListing() -> [(group: OperationID, entries: [SyncID])] {
        var members: [OperationID: [SyncID]] = [:]
        for id in walk() {
            if let group = entries[id]?.trashGroup { members[group, default: []].append(id) }
        }
        return trashGroups.compactMap { group in members[group].map { (group, $0) } }
    }

    /// Every entry, the tree walked depth first in the order of each list.
    public func walk() -> [SyncID] {
        var out: [SyncID] = []
        out.reserveCapacity(entries.count)
        var pending: [SyncID] = (children[nil] ?? []).reversed()
        while let next = pending.popLast() {
            out.append(next)
            pending += (children[next] ?? []).reversed()
        }
        return out
    }

    /// Whether `place` is `id` or lies under it.
    public func isInside(_ place: SyncID, of id: SyncID) -> Bool {
        var next: SyncID? = place
        var steps = 0
        while let current = next, steps <= entries.count {
            if current == id { return true }
            next = entries[current]?.parent
            steps += 1
        }
        return false
    }

    // MARK: Writing, for the rules in Journal+Apply.swift

    mutating func begin(_ operation: OperationID) -> Bool {
        applied.insert(operation).inserted
    }

    mutating func keep(_ conflict: Conflict) {
        conflicts.append(conflict)
    }

    mutating func setWriter(_ writer: OperationID?, of key: PropertyKey) {
        writers[key] = writer
    }

    /// Puts an entry into place `parent`, among its children at `place`.
    mutating func insert(_ id: SyncID, _ entry: Entry, at place: Place) {
        var entry = entry
        if let parent = entry.parent, entries[parent] == nil { entry.parent = nil }
        entries[id] = entry
        var siblings = children.removeValue(forKey: entry.parent) ?? []
        switch place {
        case .first: siblings.insert(id, at: 0)
        case .last: siblings.append(id)
        case .after(let anchor):
            if let index = siblings.firstIndex(of: anchor) { siblings.insert(id, at: index + 1) } else { siblings.append(id) }
        }
        children[entry.parent] = siblings
    }

    /// Takes an entry out of the tree, leaving its children under it.
    @discardableResult
    mutating func detach(_ id: SyncID) -> Entry? {
        guard let entry = entries.removeValue(forKey: id) else { return nil }
        var siblings = children.removeValue(forKey: entry.parent) ?? []
        siblings.removeAll { $0 == id }
        if !siblings.isEmpty { children[entry.parent] = siblings }
        return entry
    }

    mutating func takeChildren(of id: SyncID) -> [SyncID] {
        children.removeValue(forKey: id) ?? []
    }

    mutating func bury(_ id: SyncID, _ tombstone: Tombstone) {
        emptied[id] = tombstone
    }

    mutating func unbury(_ id: SyncID) -> Tombstone? {
        emptied.removeValue(forKey: id)
    }

    mutating func alias(_ id: SyncID, to survivor: SyncID) {
        for (other, target) in aliases where target == id { aliases[other] = survivor }
        aliases[id] = survivor
    }

    mutating func noteGroup(_ group: OperationID) {
        if trashGroups.last != group, !trashGroups.contains(group) { trashGroups.append(group) }
    }
}

/// A list or an item.
public struct Entry: Hashable, Sendable {
    public var kind: NodeKind
    /// Nil at the root.
    public var parent: SyncID?
    public var text: String
    public var created: Int64
    public var done: Int64?
    public var fields: [String: String]
    /// The group that put this entry in the trash; nil when it is not there by itself.
    public var trashGroup: OperationID?
}

/// An entry the trash was emptied of, as it was.
public struct Tombstone: Hashable, Sendable {
    public var entry: Entry
    /// The trash group it was in (its own or a list's above it): what `restore` of
    /// that group brings back.
    public var group: OperationID?
    /// The `purge` that emptied it.
    public var emptiedBy: OperationID
}

/// A field definition's or option's name on a place (nil owner: the root).
public struct PlaceName: Hashable, Sendable {
    public var owner: SyncID?
    public var name: String

    public init(owner: SyncID?, name: String) {
        self.owner = owner
        self.name = name
    }
}

/// One property of an entry or a place, as operations write it.
public struct PropertyKey: Hashable, Sendable {
    public enum Property: Hashable, Sendable {
        case text, parent, done
        case field(String)
        case definition(String)
        case option(String)
    }

    public var owner: SyncID?
    public var property: Property

    public init(_ owner: SyncID?, _ property: Property) {
        self.owner = owner
        self.property = property
    }
}

/// A value a property held, kept when it lost.
public enum PropertyValue: Hashable, Sendable {
    case absent
    case text(String)
    case time(Int64)
    case place(SyncID?)
    case definition(FieldDefinition)
}

/// What an operation could not do as its maker meant: shown by `conflicts` on every
/// machine, as every machine keeps the same ones at the same place in the order.
public struct Conflict: Hashable, Sendable {
    /// The operation whose application kept it.
    public var operation: OperationID
    public var kind: Kind

    public enum Kind: Hashable, Sendable {
        /// A value its writer's maker never saw was overwritten: the lost value.
        case overwritten(PropertyKey, lost: PropertyValue, writer: OperationID?)
        /// A move that would have put an entry inside itself at its place in the order.
        case cycleRefused(SyncID, parent: SyncID?)
        /// An entry the trash was emptied of, named by a later operation: it is back,
        /// in the trash, with that operation applied.
        case broughtBack(SyncID)
        /// An entry the trash was emptied of, brought back by `restore` of its group.
        case restoredAfterEmptying(SyncID)
        /// An entry a `purge` named and kept: it had left the trash, or holds
        /// something the purge's maker did not see.
        case keptFromEmptying(SyncID)
        /// A list that came to stand beside a list of its name, merged into it.
        case merged(SyncID, into: SyncID)
        /// An entry created twice under one id; the second create applied nothing.
        case duplicateCreate(SyncID)
        /// An operation naming an entry no operation before it made.
        case unknownEntry(SyncID)
    }
}
