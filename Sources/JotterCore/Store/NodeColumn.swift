/// The columns of the `node` table: the one place they are named. Whatever reads a
/// whole row, keeps a row's earlier state for undo (`node_before` holds every column
/// but `seq` and `text`, which `text_before` holds) or writes rows in bulk builds its
/// column list from here, and `NodeColumnTests` checks this list against the tables
/// the migrations make. A new column is a migration step that adds it to `node` and
/// `node_before`, and a case here. The columns that place a node among its siblings
/// (`siblingOrderColumns`) are not cases: sync sets them, no verb does, and undo
/// leaves them as they are.
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

    /// The columns whose earlier state `node_before` keeps beside the row's `seq`: all
    /// but `text`, which is kept, only by a change that rewrote it, in a row of the
    /// table `text_before` that `node_before`'s own column `text_before` names (NULL
    /// there: the text was left as it was).
    static let keptBesideText = allCases.filter { $0 != .seq && $0 != .text }

    /// The kept columns that a node's making settles, which no verb but an import's
    /// merge changes: undo puts them back only on the rows where they differ, as
    /// SQLite keeps a statement journal (a copy of each page rewritten) for an update
    /// of them, for their index and the triggers of the time index.
    static let settledAtMaking: [NodeColumn] = [.id, .kind, .created, .createdOffset]

    /// The kept columns that the verbs change: the place, the marks and the time of
    /// the last change.
    static let changedByVerbs = keptBesideText.filter { !settledAtMaking.contains($0) }

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

    /// The columns of `node` that order a list's children alike on every machine (see
    /// migration step 11): the stamp of a node's create and the replica that made it,
    /// both NULL until it is sent or when it was never synced.
    static let siblingOrderColumns = ["order_stamp", "order_replica"]

    /// The order of a list's children as one `ORDER BY`: by place, the row number
    /// last; a node not sent yet has no place and follows all that have one. For the
    /// few children of one name and the queue of a walk; a listing reads the children
    /// as `siblingRuns`, in the same order.
    static func siblingOrder(of table: String? = nil) -> String {
        let prefix = table.map { $0 + "." } ?? ""
        return "\(prefix)order_stamp NULLS LAST, \(prefix)order_replica, \(prefix)seq"
    }

    /// The children of a list in their order as two runs, each a walk of an index with
    /// no sorting, however long the list: those with a place, by it (`node_order`),
    /// then those without, by row (`node_children`). A store that never syncs has only
    /// the second, and its index is the one it always had.
    static func siblingRuns(of table: String? = nil) -> [(condition: String, order: String, placeColumns: String)] {
        let prefix = table.map { $0 + "." } ?? ""
        return [
            ("\(prefix)order_stamp IS NOT NULL", "\(prefix)order_stamp, \(prefix)order_replica, \(prefix)seq",
             ", \(prefix)order_stamp, \(prefix)order_replica"),
            ("\(prefix)order_stamp IS NULL", "\(prefix)seq", ""),
        ]
    }
}
