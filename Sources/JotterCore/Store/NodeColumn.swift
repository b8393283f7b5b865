/// The columns of the `node` table: the one place they are named. Whatever reads a
/// whole row, keeps a row's earlier state for undo (`node_before` holds every column
/// but `seq`) or writes rows in bulk builds its column list from here, and
/// `NodeColumnTests` checks this list against the tables the migrations make. A new
/// column is a migration step that adds it to `node` and `node_before`, and a case here.
enum NodeColumn: Int32, CaseIterable {
    case seq, id, parent, kind, text, created, createdOffset, updated, done, hidden

    /// The column's name in SQL.
    var name: String {
        switch self {
        case .seq: "seq"
        case .id: "id"
        case .parent: "parent"
        case .kind: "kind"
        case .text: "text"
        case .created: "created"
        case .createdOffset: "created_offset"
        case .updated: "updated"
        case .done: "done"
        case .hidden: "hidden"
        }
    }

    /// Where the column is in a row selected with `all`.
    var position: Int32 { rawValue }

    /// Every column, in order: `seq, id, parent, …`.
    static let all = list(allCases)

    /// The columns whose earlier state `node_before` keeps beside the row's `seq`.
    static let kept = allCases.filter { $0 != .seq }

    /// Every column, each qualified by `table`: `n.seq, n.id, …`.
    static func all(of table: String) -> String {
        list(allCases, of: table)
    }

    /// `columns` as SQL lists them, each qualified by `table` when one is given.
    static func list(_ columns: [NodeColumn], of table: String? = nil) -> String {
        let prefix = table.map { $0 + "." } ?? ""
        return columns.map { prefix + $0.name }.joined(separator: ", ")
    }

    /// How many columns a row selected with `all` has: the first column a statement
    /// selects after them.
    static let count = Int32(allCases.count)
}
