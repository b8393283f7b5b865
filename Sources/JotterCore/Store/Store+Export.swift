/// Walking a subtree for export.
extension Store {
    /// One node of a walk, with what the formats need to place it.
    public struct WalkStep {
        public let node: Node
        /// 1 for the children of the walk's top.
        public let depth: Int
        public let parentID: NodeID?
        /// The names of the lists from the walk's top down to the node, for CSV's
        /// `list` column; items on the way are passed over.
        public let listPath: String
        /// The item's field values, by name.
        public let fields: [FieldValue]
        /// When the node was put in the trash, in a walk that takes the trash in; nil
        /// for a node in sight.
        public let removedMilliseconds: Int64?
    }

    /// Calls `body` with every node under `top` (the root when nil), depth first and in
    /// each list's order; with `recursive` false, only its children. With `itemsFirst`,
    /// each node's items come before its lists, for outlines whose headings cannot be
    /// closed (Markdown). One statement streams the walk: SQLite's recursive query,
    /// ordered deepest first, keeps just a frontier in memory, not the tree. Only the
    /// keys go through its queue (with a node's place among its siblings), and each
    /// row is read after, on its own: sorting whole rows copied every text into the
    /// queue and the sorter, several times the size of a long entry. Field values are
    /// looked up item by item, and only when some item holds any. With
    /// `includingTrash`, what is in the trash is walked too, in its place.
    ///
    /// Each row is checked as it is read, from the table rather than the index that
    /// led to it: it must be under the node it was reached from, after the sibling met
    /// before it, and hold the text and values its checksums say (`RowChecksum`). What
    /// fails stops the walk as damage, and marks the store.
    public func walk(under top: Node?, recursive: Bool, itemsFirst: Bool = false, includingTrash: Bool = false,
                     _ body: (WalkStep) throws -> Void) throws {
        let statement = try database.statement(
            """
            WITH RECURSIVE walk (seq, depth, rank, order_stamp, order_replica, reached_from) AS (
                SELECT seq, 1 AS depth, CASE WHEN ?3 THEN kind ELSE 0 END AS rank, order_stamp, order_replica, ?1
                FROM node WHERE parent IS ?1 AND (hidden IS NULL OR (?4 AND hidden > 0))
                UNION ALL
                SELECT child.seq, walk.depth + 1, CASE WHEN ?3 THEN child.kind ELSE 0 END, child.order_stamp, child.order_replica,
                       walk.seq
                FROM walk JOIN node AS child ON child.parent = walk.seq
                WHERE ?2 AND (child.hidden IS NULL OR (?4 AND child.hidden > 0))
                ORDER BY depth DESC, rank DESC, \(NodeColumn.siblingOrder())
            )
            SELECT seq, depth, reached_from FROM walk
            """)
            .bind(1, top?.seq).bind(2, recursive ? 1 : 0).bind(3, itemsFirst ? 1 : 0).bind(4, includingTrash ? 1 : 0)
        defer { statement.reset() }
        let holdsValues = try holdsFieldValues()
        let row = try database.statement(
            """
            SELECT \(NodeColumn.all), \(NodeColumn.siblingOrderColumns.joined(separator: ", ")),
                   text_sum IS NOT NULL AND text_sum IS NOT jotter_checksum(text)
            FROM node WHERE seq = ?
            """)
        // The nodes from the top down to the last one walked, each with the path of
        // lists its children are in and its place among its siblings: depth first, a
        // node's parent is the last one walked a level up, and the node walked last at
        // its own level, if any, is its sibling before it.
        var way: [(id: NodeID, childrenListPath: String, place: SiblingPlace)] = []
        while try statement.step() {
            let seq = statement.int64(0)
            let level = Int(statement.int64(1))
            let reachedFrom = statement.optionalInt64(2)
            let removed = includingTrash ? try removedMilliseconds(ofSeq: seq) : nil
            guard let found = try row.bind(1, seq).firstRow({ row in
                // Columns after the whole node's: the place among siblings, then the checksum's verdict.
                (self.node(from: row),
                 SiblingPlace(rank: itemsFirst ? -row.int64(NodeColumn.kind.position) : 0,
                              stamp: row.optionalInt64(NodeColumn.count), replica: row.optionalInt64(NodeColumn.count + 1),
                              seq: seq),
                 row.int64(NodeColumn.count + 2) != 0)
            }) else { throw damaged("the row \(seq) went missing while it was read") }
            let (node, place, textDiffers) = found
            guard node.parentSeq == reachedFrom else {
                markDamaged()
                throw damaged("row \(seq) was reached through the index of row \(reachedFrom.map(String.init) ?? "the root")'s children, but is not under it")
            }
            try requireInOrder(place, after: way.count >= level ? way[level - 1].place : nil, under: reachedFrom)
            if textDiffers {
                markDamaged()
                throw damaged("the \(node.kind == .list ? "name of list" : "text of item") \(node.id.shortForm()) (row \(seq)) does not match its checksum: it changed after it was written")
            }
            way.removeSubrange(min(way.count, level - 1)...)
            let parent = level == 1 ? nil : way.last
            let listPath = parent?.childrenListPath ?? ""
            let fields = holdsValues && node.kind == .item ? try checkedFieldValues(ofSeq: node.seq) : []
            try body(WalkStep(node: node, depth: level, parentID: parent?.id ?? top?.id, listPath: listPath, fields: fields,
                              removedMilliseconds: removed))
            way.append((node.id, node.kind == .list ? (listPath.isEmpty ? node.text : listPath + "/" + node.text) : listPath, place))
        }
    }

    /// When the node at `seq` was put in the trash; nil when it is in sight.
    private func removedMilliseconds(ofSeq seq: Int64) throws -> Int64? {
        try database.statement(
            "SELECT change.made FROM node JOIN change ON change.seq = node.hidden WHERE node.seq = ? AND node.hidden > 0")
            .bind(1, seq).firstRow { $0.int64(0) }
    }

    /// The values `item` holds, by field name, each checked against its checksum.
    private func checkedFieldValues(ofSeq item: Int64) throws -> [FieldValue] {
        let statement = try database.statement(
            """
            SELECT name, value, value_sum IS NOT NULL AND value_sum IS NOT jotter_checksum(name, value)
            FROM field_value WHERE item = ? ORDER BY name
            """)
            .bind(1, item)
        defer { statement.reset() }
        var values: [FieldValue] = []
        while try statement.step() {
            guard statement.int64(2) == 0 else {
                markDamaged()
                throw damaged("the field value '\(DisplayText.escaped(statement.string(0)))' of row \(item) does not match its checksum: it changed after it was written")
            }
            values.append(FieldValue(name: statement.string(0), value: statement.string(1)))
        }
        return values
    }
}

extension Store {
    /// The names of the fields that the nodes under `top` (the root when nil), or with
    /// `recursive` false only its children, hold values for, in name order: the columns
    /// of a CSV export, which its header names before any row is written.
    public func fieldNames(under top: Node?, recursive: Bool) throws -> [String] {
        guard try holdsFieldValues() else { return [] }
        // Everything is under the root: the table of values alone answers, with no
        // walk of the tree. Below a place, the subtree is walked and joined with it.
        let statement = try top == nil && recursive
            ? database.statement("SELECT DISTINCT name FROM field_value ORDER BY name")
            : database.statement(
                """
                WITH RECURSIVE subtree (seq) AS (
                    SELECT seq FROM node WHERE parent IS ?1 AND hidden IS NULL
                    UNION ALL
                    SELECT node.seq FROM subtree JOIN node ON node.parent = subtree.seq WHERE ?2 AND node.hidden IS NULL
                )
                SELECT DISTINCT value.name FROM subtree JOIN field_value AS value ON value.item = subtree.seq
                ORDER BY 1
                """)
                .bind(1, top?.seq).bind(2, recursive ? 1 : 0)
        var names: [String] = []
        while try statement.step() { names.append(statement.string(0)) }
        return names
    }
}
