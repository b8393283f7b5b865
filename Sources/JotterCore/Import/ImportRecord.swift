/// One list or item read from an import, before it reaches the store.
public struct ImportRecord: Equatable {
    /// Where the record goes.
    public enum Placement: Equatable {
        /// Under the import's target.
        case target
        /// Under this node, if the store has it (earlier in the same import counts);
        /// otherwise under the lists of `otherwise` below the target, as the top level
        /// of a file exported from elsewhere.
        case under(NodeID, otherwise: [String])
        /// Under the lists of this path below the target, created as needed.
        case path([String])
    }

    public var id: NodeID?
    public var kind: Node.Kind
    public var text: String
    public var placement: Placement
    public var created: Timestamp?
    public var updatedMilliseconds: Int64?
    /// When a new item was marked done; an item already in the store keeps its own mark.
    public var doneMilliseconds: Int64?
    /// An item's field values, as stored: they were checked against a form when they
    /// were entered, and the target need not have one. Nil when the input had no place
    /// for them (a CSV file without field columns), so that an item already in the
    /// store keeps its own.
    public var fields: [FieldValue]?
    /// Whether the record goes straight to the trash, as a task the other tool had
    /// deleted: kept, and out of sight until restored.
    public var isTrashed = false
    /// Where the record starts in the input, for messages.
    public var line: Int

    public init(id: NodeID? = nil, kind: Node.Kind = .item, text: String, placement: Placement = .target,
                created: Timestamp? = nil, updatedMilliseconds: Int64? = nil, fields: [FieldValue]? = nil, line: Int) {
        self.id = id
        self.kind = kind
        self.text = text
        self.placement = placement
        self.created = created
        self.updatedMilliseconds = updatedMilliseconds
        self.fields = fields
        self.line = line
    }
}

/// What is wrong with the input, and on which line.
public struct ImportProblem: Error, Equatable {
    public let line: Int
    public let message: String
    /// The file the line is in, when it is not the one the import was given (todo.txt's
    /// done.txt).
    public var file: String?

    public init(line: Int, _ message: String) {
        self.line = line
        self.message = message
    }
}
