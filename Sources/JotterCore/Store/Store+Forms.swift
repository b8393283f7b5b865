/// The forms of places: the fields they ask for, their line limits, and the values
/// items hold.
extension Store {
    /// The fields `place` declares itself (the root when nil), in the order they were added.
    public func fields(declaredBy place: Node?) throws -> [Field] {
        let statement = try database.statement(
            "SELECT name, type, choices, required, inherit FROM field WHERE ifnull(owner, 0) = ? ORDER BY seq")
            .bind(1, place?.seq ?? 0)
        var fields: [Field] = []
        while try statement.step() {
            let kind = Field.Kind(stored: statement.string(1), choices: statement.isNull(2) ? nil : statement.string(2))
            fields.append(Field(name: statement.string(0), kind: kind,
                                isRequired: statement.int64(3) != 0, isInherited: statement.int64(4) != 0))
        }
        return fields
    }

    /// What entering an item at `path` asks for: the fields of its top, after those
    /// the places above it pass down (outermost first; a field declared deeper takes
    /// the place of one of the same name), and the top's line limit.
    public func form(at path: NavigationPath) throws -> EntryForm {
        try read {
            let version = try formVersion()
            // Most stores have no forms at all: one look settles it for every command.
            guard try database.statement(
                "SELECT EXISTS (SELECT 1 FROM field) OR EXISTS (SELECT 1 FROM place_option)").firstRow({ $0.int64(0) != 0 }) == true
            else { return EntryForm(version: version) }
            var form = EntryForm(version: version)
            let places: [Node?] = [nil] + path.nodes
            for (depth, place) in places.enumerated() {
                let isTop = depth == places.count - 1
                for field in try fields(declaredBy: place) where isTop || field.isInherited {
                    if let index = form.index(ofField: field.name) {
                        form.fields[index] = field
                    } else {
                        form.fields.append(field)
                    }
                }
            }
            form.lineLimit = try lineLimit(of: path.top)
            return form
        }
    }

    /// How many times any form of the store has changed.
    func formVersion() throws -> Int64 {
        try integerSetting(.formVersion)
    }

    public func addField(_ field: Field, to place: Node?) throws {
        try recordingChange {
            let place = try stillThere(place)
            if try fields(declaredBy: place).contains(where: { $0.name == field.name }) {
                throw JotterError.input("this place already has a field named \(field.name)")
            }
            try database.statement(
                "INSERT INTO field (owner, name, type, choices, required, inherit) VALUES (?, ?, ?, ?, ?, ?)")
                .bind(1, place?.seq).bind(2, field.name).bind(3, field.kind.name).bind(4, field.kind.storedChoices)
                .bind(5, field.isRequired ? 1 : 0).bind(6, field.isInherited ? 1 : 0)
                .run()
            return ((), "field add \(field.name)")
        }
    }

    /// Removes a field from `place`'s form; the values items hold for it stay theirs.
    public func removeField(named name: String, from place: Node?) throws {
        try recordingChange {
            let place = try stillThere(place)
            try database.statement("DELETE FROM field WHERE ifnull(owner, 0) = ? AND name = ?")
                .bind(1, place?.seq ?? 0).bind(2, name).run()
            guard database.changes > 0 else {
                throw JotterError.input("this place has no field named \(DisplayText.escaped(name)); field ls shows its fields")
            }
            return ((), "field rm \(name)")
        }
    }

    /// How many lines an entry at `place` may have, when it is limited.
    public func lineLimit(of place: Node?) throws -> Int? {
        try database.statement("SELECT value FROM place_option WHERE ifnull(owner, 0) = ? AND key = 'lines'")
            .bind(1, place?.seq ?? 0)
            .firstRow { Int($0.int64(0)) }
    }

    /// Sets or (with nil) removes the line limit of `place`.
    public func setLineLimit(_ limit: Int?, of place: Node?) throws {
        try recordingChange {
            let place = try stillThere(place)
            try database.statement("DELETE FROM place_option WHERE ifnull(owner, 0) = ? AND key = 'lines'")
                .bind(1, place?.seq ?? 0).run()
            if let limit {
                try database.statement("INSERT INTO place_option (owner, key, value) VALUES (?, 'lines', ?)")
                    .bind(1, place?.seq).bind(2, Int64(limit)).run()
            }
            return ((), limit.map { "set lines \($0)" } ?? "set lines off")
        }
    }

    /// `place` as the store holds it now, refused when it went to the trash since it
    /// was resolved: its row may be another since (a list merged into one of its
    /// name, the journal applied again after a rebuild). Call inside the write
    /// transaction, so that what is checked is what is written to.
    func stillThere(_ place: Node?) throws -> Node? {
        guard let place else { return nil }
        guard let current = try node(id: place.id) else { throw JotterError.gone(place) }
        return current
    }

    /// Stores an item's field values. Call inside `write`.
    /// Refuses values over the cap on one (`SizeCap`).
    static func checkSizes(of values: [FieldValue]) throws {
        for value in values {
            if let problem = SizeCap.problem(withValue: value.value, ofField: value.name) { throw JotterError.input(problem) }
        }
    }

    func insertValues(_ values: [FieldValue], of item: Int64) throws {
        guard !values.isEmpty else { return }
        let statement = try database.statement(
            // An upsert rather than INSERT OR REPLACE: a replaced row would reach undo's
            // record as an insert, and its earlier value would be lost.
            """
            INSERT INTO field_value (item, name, value, value_sum) VALUES (?1, ?2, ?3, jotter_checksum(?2, ?3))
            ON CONFLICT DO UPDATE SET value = excluded.value, value_sum = excluded.value_sum
            """)
        for value in values {
            try statement.bind(1, item).bind(2, value.name).bind(3, value.value).run()
            statement.resetKeepingBindings()
        }
    }

    /// Stores an item's field values in place of those it held. Call inside `write`.
    func replaceValues(_ values: [FieldValue], of item: Int64) throws {
        try database.statement("DELETE FROM field_value WHERE item = ?").bind(1, item).run()
        try insertValues(values, of: item)
    }

    /// The values `item` holds, by field name.
    public func fieldValues(of item: Node) throws -> [FieldValue] {
        try fieldValues(ofSeq: item.seq)
    }

    func fieldValues(ofSeq item: Int64) throws -> [FieldValue] {
        let statement = try database.statement("SELECT name, value FROM field_value WHERE item = ? ORDER BY name")
            .bind(1, item)
        var values: [FieldValue] = []
        while try statement.step() {
            values.append(FieldValue(name: statement.string(0), value: statement.string(1)))
        }
        return values
    }
}

extension Store {
    /// Whether any item holds a field value: when none does, listings skip looking.
    public func holdsFieldValues() throws -> Bool {
        try database.statement("SELECT EXISTS (SELECT 1 FROM field_value)").firstRow { $0.int64(0) != 0 } ?? false
    }

    /// Calls `body` with each child of `parent` in order, its position (from 1) and
    /// the field values it holds; with `tagged`, only for the children among them,
    /// which keep their positions among all. The values come from a second statement
    /// walked alongside, over the same run of children in the same order, so that a
    /// long listing still streams: the values it is at belong to the child at hand or
    /// to one after it.
    public func forEachChildWithFields(of parent: Node?, tagged: TaggedNodes? = nil,
                                       _ body: (Node, Int64, [FieldValue]) throws -> Void) throws {
        var position: Int64 = 0
        func list(_ node: Node, _ fields: [FieldValue]) throws {
            position += 1
            if tagged?.contains(node) ?? true { try body(node, position, fields) }
        }
        guard try holdsFieldValues() else {
            return try forEachChild(of: parent) { try list($0, []) }
        }
        try read {
            for run in NodeColumn.siblingRuns(of: "node") {
                let values = try database.statement(
                    """
                    SELECT value.item, value.name, value.value FROM node JOIN field_value AS value ON value.item = node.seq
                    WHERE node.parent IS ? AND node.hidden IS NULL AND \(run.condition) ORDER BY \(run.order), value.name
                    """)
                    .bind(1, parent?.seq)
                defer { values.reset() }
                let children = try database.statement(
                    """
                    SELECT \(NodeColumn.all(of: "node"))\(run.placeColumns) FROM node
                    WHERE node.parent IS ? AND node.hidden IS NULL AND \(run.condition) ORDER BY \(run.order)
                    """)
                    .bind(1, parent?.seq)
                defer { children.reset() }
                var hasValue = try values.step()
                let placeColumn = run.placeColumns.isEmpty ? nil : NodeColumn.count
                var previous: SiblingPlace?
                while try children.step() {
                    let place = SiblingPlace(children, seqAt: NodeColumn.seq.position, placeFrom: placeColumn)
                    try requireInOrder(place, after: previous, under: parent?.seq)
                    previous = place
                    let node = node(from: children)
                    var fields: [FieldValue] = []
                    while hasValue && values.int64(0) == node.seq {
                        fields.append(FieldValue(name: values.string(1), value: values.string(2)))
                        hasValue = try values.step()
                    }
                    try list(node, fields)
                }
            }
        }
    }

    /// The exact total of the decimal values the children of `parent` hold for the
    /// field `name`, and how many there were.
    public func sum(ofField name: String, under parent: Node?) throws -> (total: ExactDecimal, count: Int) {
        try read {
            let statement = try database.statement(
                """
                SELECT node.seq, node.id, node.created, value.value
                FROM node JOIN field_value AS value ON value.item = node.seq AND value.name = ?
                WHERE node.parent IS ? AND node.hidden IS NULL
                """)
                .bind(1, name).bind(2, parent?.seq)
            var total = ExactDecimal.zero
            var count = 0
            while try statement.step() {
                let text = statement.string(3)
                guard let number = try? ExactDecimal(parsing: text) else {
                    let id = id(seq: statement.int64(0), stored: statement, column: 1, createdMilliseconds: statement.int64(2))
                    statement.reset()
                    throw JotterError.input(
                        "\(DisplayText.escaped(name)) of \(id.shortForm()) is '\(DisplayText.escaped(text))', which is not a number")
                }
                total = total + number
                count += 1
            }
            return (total, count)
        }
    }
}
