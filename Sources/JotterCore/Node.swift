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
    package let seq: Int64
    public let id: NodeID
    public let kind: Kind
    /// The list's name or the item's text.
    public let text: String
    /// The parent's `seq`, or nil at the root.
    package let parentSeq: Int64?
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

extension Node {
    /// How many characters of an item's text `naming` keeps: more than any message
    /// shows of it.
    static let namingLength = 200

    /// The node with an item's long text cut to its start, enough to name it. A
    /// command that changes an entry holds this rather than the node it looked up:
    /// SQLite holds an entry's whole row twice while it rewrites it, and a third copy
    /// held here took a long entry past the memory a command may use. A list keeps
    /// its whole name, which the store compares with the names beside it.
    public var naming: Node {
        guard kind == .item, text.utf8.count > Node.namingLength else { return self }
        let start = text.unicodeScalars.prefix(Node.namingLength)
        guard start.endIndex < text.unicodeScalars.endIndex else { return self }
        return Node(seq: seq, id: id, kind: kind, text: String(String.UnicodeScalarView(start)) + "…", parentSeq: parentSeq,
                    created: created, updatedMilliseconds: updatedMilliseconds, doneMilliseconds: doneMilliseconds)
    }

    /// The text as a message names it, in single quotes: whole when short, else its
    /// start and an ellipsis.
    public var quotedName: String {
        let start = text.prefix(Node.quotedLength + 1)
        return "'\(start.count > Node.quotedLength ? start.prefix(Node.quotedLength - 1) + "…" : start)'"
    }

    /// How many characters of a text a message shows.
    static let quotedLength = 60
}
