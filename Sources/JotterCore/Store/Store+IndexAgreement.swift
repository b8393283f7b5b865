/// Finding where an index of `node` no longer agrees with the table: a walk of the
/// tree reads the children of each list from an index, and SQLite's quick check, which
/// a whole export runs, does not compare indexes with their table. One bit changed in
/// an index page made an export give one entry twice and leave another out, with
/// exit status 0.
extension Store {
    /// The indexes of `node`: the rows each holds (the condition of a partial index)
    /// and, for each column it copies, an expression that sums to a digest of it.
    /// Integers are taken modulo a prime, so that a change of any bits of one value
    /// changes its term, and the sum of a million terms stays within 64 bits.
    private static let nodeIndexes: [(name: String, rows: String, terms: [String])] = {
        let prime = "2147483647"
        let number = { (column: String) in "ifnull(\(column), 0) % \(prime)" }
        let bytes = { (column: String) in "jotter_checksum(\(column)) % \(prime)" }
        let indexes: [(String, String, [String])] = [
            ("node_children", "1", [number("parent")]),
            ("node_id", "id IS NOT NULL", [bytes("id")]),
            ("node_list_names", "kind = 0", [number("parent"), bytes("text")]),
            ("node_hidden", "hidden IS NOT NULL", [number("hidden")]),
            ("node_order", "order_stamp IS NOT NULL", [number("parent"), number("order_stamp"), number("order_replica")]),
        ]
        return indexes.map { index in (index.0, index.1, ["1", number("seq")] + index.2) }
    }()

    /// Stops with the first index of `node` whose rows differ from the table's: the
    /// number of rows and, for each column, a sum of its values, read once from the
    /// index and once from the table (one pass over each index, one over the table).
    /// For a command that reads the whole tree (an export of everything), whose rows
    /// then are exactly the table's.
    public func requireNodeIndexesAgreeWithTable() throws {
        let found: String? = try read {
            let fromTable = try database.statement(
                "SELECT "
                    + Store.nodeIndexes.flatMap { index in index.terms.map { "sum(CASE WHEN \(index.rows) THEN \($0) END)" } }
                    .joined(separator: ", ")
                    + " FROM node NOT INDEXED")
            defer { fromTable.reset() }
            guard try fromTable.step() else { return nil }
            var column: Int32 = 0
            for index in Store.nodeIndexes {
                let fromIndex = try database.statement(
                    "SELECT \(index.terms.map { "sum(\($0))" }.joined(separator: ", ")) FROM node INDEXED BY \(index.name) WHERE \(index.rows)")
                let agrees = try fromIndex.firstRow { row in
                    (0..<Int32(index.terms.count)).allSatisfy { row.optionalInt64($0) == fromTable.optionalInt64(column + $0) }
                } ?? false
                guard agrees else { return index.name }
                column += Int32(index.terms.count)
            }
            return nil
        }
        guard let index = found else { return }
        markDamaged()
        throw damaged("the index \(index) does not hold the rows of the table node: it lacks one, or names one wrongly")
    }
}

extension Store {
    /// Stops, as damage, when a child of `parent` listed at `place` does not come
    /// after the child listed before it, `previous`.
    func requireInOrder(_ place: SiblingPlace, after previous: SiblingPlace?, under parent: Int64?) throws {
        guard let previous, !(previous < place) else { return }
        markDamaged()
        throw damaged(
            "the index of \(parent.map { "row \($0)" } ?? "the root")'s children gives row \(place.seq) twice, or out of its order")
    }
}

/// The children of one list in the order a walk meets them, each after the one before:
/// an index that names a row twice, or a row out of its place, gives one that is not.
struct SiblingPlace: Comparable {
    /// Items before lists, where a walk takes them so (0 then); else 0 for both.
    let rank: Int64
    let stamp: Int64?
    let replica: Int64?
    let seq: Int64

    init(rank: Int64, stamp: Int64?, replica: Int64?, seq: Int64) {
        self.rank = rank
        self.stamp = stamp
        self.replica = replica
        self.seq = seq
    }

    /// The place in a row with `seq` at `seqColumn` and, from `placeColumn` on, the
    /// child's `order_stamp, order_replica`; a run ordered by row alone reads no more.
    init(_ row: Statement, seqAt seqColumn: Int32, placeFrom placeColumn: Int32?) {
        self.init(rank: 0, stamp: placeColumn.flatMap { row.optionalInt64($0) },
                  replica: placeColumn.flatMap { row.optionalInt64($0 + 1) }, seq: row.int64(seqColumn))
    }

    static func < (lhs: SiblingPlace, rhs: SiblingPlace) -> Bool {
        // As `NodeColumn.siblingOrder`: the stamp with NULLs last, the replica, the row.
        func key(_ place: SiblingPlace) -> (Int64, Int64, Int64, Int64, Int64) {
            (place.rank, place.stamp == nil ? 1 : 0, place.stamp ?? 0, place.replica ?? 0, place.seq)
        }
        return key(lhs) < key(rhs)
    }
}
