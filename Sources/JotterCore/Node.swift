/// A list or an item. Both can hold other nodes; a list has a name, an item has text.
public struct Node: Hashable, Sendable {
    public enum Kind: Int64, Sendable {
        case list = 0
        case item = 1

        public var name: String {
            switch self {
            case .list: "list"
            case .item: "item"
            }
        }
    }

    /// The store's row number: private to the store, never shown or exported.
    let seq: Int64
    public let id: NodeID
    public let kind: Kind
    /// The list's name or the item's text.
    public let text: String
    /// The parent's `seq`, or nil at the root.
    let parentSeq: Int64?
    public let created: Timestamp
    public let updatedMilliseconds: Int64
    /// When the item was marked done, or nil.
    public let doneMilliseconds: Int64?

    init(seq: Int64, id: NodeID, kind: Kind, text: String, parentSeq: Int64?,
                created: Timestamp, updatedMilliseconds: Int64, doneMilliseconds: Int64? = nil) {
        self.seq = seq
        self.id = id
        self.kind = kind
        self.text = text
        self.parentSeq = parentSeq
        self.created = created
        self.updatedMilliseconds = updatedMilliseconds
        self.doneMilliseconds = doneMilliseconds
    }
}
