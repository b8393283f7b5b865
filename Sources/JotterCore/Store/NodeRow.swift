/// A new row of `node`, as every writer inserts it: the making of an entry, an import's
/// rows, and sync's creates and comebacks all insert through `insert(rows:_:)` and
/// `bind`, so that a column added to `node` (a case of `NodeColumn`) is named in one
/// place, and each writer says which columns it sets by its `Shape`. Only migrations,
/// which copy rows from one form of the table to the next, name the columns otherwise.
struct NodeRow {
    /// Nil: the next row number.
    var seq: Int64? = nil
    /// Nil for a row of this store's own, whose id is derived from its number.
    var id: NodeID? = nil
    var parent: Int64?
    var kind: Node.Kind
    var created: Int64
    var createdOffset: Int64
    var updated: Int64? = nil
    var done: Int64? = nil
    /// The trash change that put the row in the trash by itself.
    var hidden: Int64? = nil
    /// The row's place among its siblings (`NodeColumn.siblingOrderColumns`).
    var orderStamp: Int64? = nil
    var orderReplica: Int64? = nil

    init(id: NodeID? = nil, parent: Int64?, kind: Node.Kind, created: Timestamp) {
        self.init(id: id, parent: parent, kind: kind, created: created.milliseconds, createdOffset: Int64(created.offsetSeconds))
    }

    init(id: NodeID?, parent: Int64?, kind: Node.Kind, created: Int64, createdOffset: Int64) {
        self.id = id
        self.parent = parent
        self.kind = kind
        self.created = created
        self.createdOffset = createdOffset
    }

    /// The columns an insert sets, the others left NULL: a row of many NULLs costs
    /// SQLite a value each, which a large import pays for every line.
    struct Shape {
        let columns: [NodeColumn]
        /// Whether it sets the row's place among its siblings (`NodeColumn.siblingOrderColumns`).
        let placed: Bool
        /// The insert of one row, made once: `Store.insert` runs it for every entry made
        /// or pulled, and the statement cache looks it up by its text.
        private(set) var insertOne = ""

        init(columns: [NodeColumn], placed: Bool) {
            self.columns = columns
            self.placed = placed
            insertOne = NodeRow.insert(rows: 1, self)
        }

        /// An entry made here: numbered and placed by its row.
        static let made = Shape(columns: [.parent, .kind, .text, .created, .createdOffset], placed: false)
        static let imported = Shape(columns: [.id, .parent, .kind, .text, .created, .createdOffset, .updated], placed: false)
        /// An entry pulled from the hub, or brought back from its last state to its old row number.
        static let pulled = Shape(columns: [.seq, .id, .parent, .kind, .text, .created, .createdOffset, .done, .hidden],
                                  placed: true)

        /// The values bound for each row: its columns, its place, then its text's checksum.
        var boundPerRow: Int { columns.count + (placed ? 2 : 0) + 1 }

        var names: String {
            ([NodeColumn.list(columns)] + (placed ? NodeColumn.siblingOrderColumns : []) + ["text_sum"])
                .joined(separator: ", ")
        }
    }

    /// An insert of `rows` rows, each bound by `bind` at its index.
    static func insert(rows: Int, _ shape: Shape) -> String {
        let row = "(" + Array(repeating: "?", count: shape.boundPerRow).joined(separator: ", ") + ")"
        return "INSERT INTO node (\(shape.names)) VALUES " + Array(repeating: row, count: rows).joined(separator: ", ")
    }

    /// An insert of `rows` rows alike in all but their texts, as the lines of a `lines`
    /// import are: the first row is bound by `bind`, the others' texts by `bind(text:)`,
    /// one value a row rather than every column.
    static func insertAlike(rows: Int, _ shape: Shape) -> String {
        let textParameter = (shape.columns.firstIndex(of: .text) ?? 0) + 1
        let sumParameter = shape.boundPerRow
        let others = (1..<max(rows, 1)).map { row in
            let own = shape.boundPerRow + 2 * (row - 1)
            let values = (1...shape.boundPerRow).map { parameter in
                switch parameter {
                case textParameter: "?\(own + 1)"
                case sumParameter: "?\(own + 2)"
                default: "?\(parameter)"
                }
            }
            return "(" + values.joined(separator: ", ") + ")"
        }
        let first = "(" + (1...shape.boundPerRow).map { "?\($0)" }.joined(separator: ", ") + ")"
        return "INSERT INTO node (\(shape.names)) VALUES " + ([first] + others).joined(separator: ", ")
    }

    /// Binds the text of row `index` (from 1) of a statement `insertAlike(rows:_:)` made.
    static func bind(text: UnsafeBufferPointer<UInt8>, ofAlikeRow index: Int, _ shape: Shape, to statement: Statement) {
        let own = Int32(shape.boundPerRow + 2 * (index - 1))
        statement.bind(own + 1, borrowingText: text)
        statement.bind(own + 2, RowChecksum.of(UnsafeRawBufferPointer(text)))
    }

    /// Binds this row as row `index` of a statement `insert(rows:_:)` made, its text read
    /// where `text` lies: the bytes must stay there, unchanged, until the statement has run.
    func bind(to statement: Statement, row index: Int, _ shape: Shape, text: UnsafeBufferPointer<UInt8>) {
        var parameter = Int32(index * shape.boundPerRow)
        for column in shape.columns {
            parameter += 1
            switch column {
            case .seq: statement.bind(parameter, seq)
            case .id: statement.bind(parameter, id: id)
            case .parent: statement.bind(parameter, parent)
            case .kind: statement.bind(parameter, kind.rawValue)
            case .text: statement.bind(parameter, borrowingText: text)
            case .created: statement.bind(parameter, created)
            case .createdOffset: statement.bind(parameter, createdOffset)
            case .updated: statement.bind(parameter, updated)
            case .done: statement.bind(parameter, done)
            case .hidden: statement.bind(parameter, hidden)
            }
        }
        if shape.placed {
            statement.bind(parameter + 1, orderStamp).bind(parameter + 2, orderReplica)
            parameter += 2
        }
        statement.bind(parameter + 1, RowChecksum.of(UnsafeRawBufferPointer(text)))
    }
}

extension Store {
    /// Inserts `row` with `text`, setting the columns `shape` names, and returns its row number.
    @discardableResult
    func insert(_ row: NodeRow, _ shape: NodeRow.Shape, text: String) throws -> Int64 {
        let statement = try database.statement(shape.insertOne)
        var text = text
        try text.withUTF8 { utf8 in
            defer { statement.reset() }
            row.bind(to: statement, row: 0, shape, text: utf8)
            try statement.run()
        }
        return database.lastInsertedRowID
    }
}
