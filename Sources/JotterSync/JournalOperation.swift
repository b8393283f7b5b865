/// One change a machine made, as every machine applies it: typed, never a property
/// name with JSON text. Where it lands in the hub's one order decides how it merges
/// (`Journal.apply`).
public struct JournalOperation: Hashable, Sendable {
    public var id: OperationID
    /// The operation that wrote the value this one replaces, as its maker saw it; nil
    /// when its maker saw the value the entry was made with. A value overwritten by an
    /// operation whose base is another one's was never seen by its maker, and is kept
    /// as a conflict.
    public var base: OperationID?
    public var change: JournalChange

    public init(id: OperationID, base: OperationID? = nil, change: JournalChange) {
        self.id = id
        self.base = base
        self.change = change
    }
}

public enum NodeKind: Hashable, Sendable {
    case list, item
}

/// Where among its new siblings an entry goes.
public enum Place: Hashable, Sendable {
    case first, last
    /// Right after this sibling; last when it is not a child of the parent there.
    case after(SyncID)
}

/// A field a place defines for the items in it.
public struct FieldDefinition: Hashable, Sendable {
    public var type: String
    public var choices: [String]
    public var required: Bool
    public var inherit: Bool

    public init(type: String, choices: [String] = [], required: Bool = false, inherit: Bool = false) {
        self.type = type
        self.choices = choices
        self.required = required
        self.inherit = inherit
    }
}

/// What the store's operations carry today (`create`, `text`, `parent`, `done`,
/// `trashed`, `purge`, `field:`, `fielddef:`, `option:`), with the trash's grouping and
/// a move's place made part of the operation, so that no machine has to guess them.
/// `nil` as a parent or owner is the journal's root.
public enum JournalChange: Hashable, Sendable {
    /// `add`, `new`, a line of `import`: an entry with everything it was made with.
    case create(SyncID, kind: NodeKind, parent: SyncID?, place: Place, text: String, created: Int64,
                done: Int64? = nil, fields: [String: String] = [:])
    /// `edit` of an item, `rename` of a list.
    case setText(SyncID, String)
    /// `mv`: a new parent and a place among its children.
    case move(SyncID, parent: SyncID?, place: Place)
    /// `done` (the time it was marked) and `undone` (nil).
    case setDone(SyncID, Int64?)
    /// A field value set, or cleared with nil.
    case setField(SyncID, name: String, value: String?)
    /// A place's field definition, or its removal with nil.
    case defineField(owner: SyncID?, name: String, definition: FieldDefinition?)
    /// A place's option, or its removal with nil.
    case setOption(owner: SyncID?, key: String, value: String?)
    /// `rm`: these entries go to the trash together, as one group named by this
    /// operation's id, which `restore` names.
    case trash([SyncID])
    /// `restore`: the group a `trash` operation made comes back.
    case restore(group: OperationID)
    /// `trash --empty`: these entries, all that the trash held where it was emptied,
    /// are deleted for good.
    case purge([SyncID])
}
