/// Hooks are this machine's settings, kept in the store beside the places they belong
/// to but never part of its content: no change records them, and nothing exports or
/// imports them. A hook runs only while its row holds the tag this user's `TrustKey`
/// gives it in this file (`Store+Trust.swift`).
extension Store {
    /// Whether the store has any hook at all: one query, so that a store without hooks
    /// pays nothing more per entry.
    public func hasHooks() throws -> Bool {
        try database.statement("SELECT EXISTS (SELECT 1 FROM hook)").firstRow { $0.int64(0) != 0 } ?? false
    }

    @discardableResult
    public func addHook(_ timing: Hook.Timing, on event: Hook.Event, command: String, timeoutSeconds: Int,
                        to place: Node?) throws -> Hook {
        let key = try trustKeyForTagging()
        return try write {
            let place = try stillThere(place)
            try database.statement(
                "INSERT INTO hook (owner, timing, event, command, timeout_seconds) VALUES (?, ?, ?, ?, ?)")
                .bind(1, place?.seq).bind(2, timing.rawValue).bind(3, event.rawValue).bind(4, command)
                .bind(5, Int64(timeoutSeconds)).run()
            var hook = Hook(seq: database.lastInsertedRowID, ownerSeq: place?.seq, timing: timing, event: event,
                            command: command, timeoutSeconds: timeoutSeconds, isTrusted: false)
            if let tag = trustTag(hook.trustedSetting, key: key) {
                try database.statement("UPDATE hook SET trust_tag = ? WHERE seq = ?").bind(1, blob: tag).bind(2, hook.seq).run()
                hook.isTrusted = true
            }
            return hook
        }
    }

    /// The hooks of `place` itself, in the order they were added.
    public func hooks(declaredBy place: Node?) throws -> [Hook] {
        try hooks(ownedBy: [place?.seq])
    }

    /// Removes the hook at 1-based `number` among those of `place`.
    @discardableResult
    public func removeHook(number: Int, from place: Node?, display: String) throws -> Hook {
        try write {
            let own = try hooks(declaredBy: place)
            guard number >= 1, number <= own.count else {
                throw JotterError.input(own.isEmpty
                    ? "\(display) has no hooks of its own"
                    : "\(display) has no hook \(number); its own are numbered 1 to \(own.count) (hook ls)")
            }
            let hook = own[number - 1]
            try database.statement("DELETE FROM hook WHERE seq = ?").bind(1, hook.seq).run()
            return hook
        }
    }

    public func setHookScope(_ isScoped: Bool, at place: Node?) throws {
        try write {
            let place = try stillThere(place)
            if isScoped {
                try database.statement("INSERT OR IGNORE INTO hook_scope (owner) VALUES (?)").bind(1, place?.seq).run()
            } else {
                try database.statement("DELETE FROM hook_scope WHERE ifnull(owner, 0) = ifnull(?, 0)").bind(1, place?.seq).run()
            }
        }
    }

    /// The hooks on the way from the root down to `path`'s own place, a level each.
    public func hookLevels(along path: NavigationPath) throws -> [HookLevel] {
        let owners: [Int64?] = [nil] + path.nodes.map(\.seq)
        return try read {
            let hooks = try self.hooks(ownedBy: owners)
            let scoped = try scopedOwners(among: owners)
            return owners.indices.map { index in
                let owner = owners[index]
                return HookLevel(path: NavigationPath(nodes: Array(path.nodes.prefix(index))),
                                 isScoped: scoped.contains(owner ?? 0),
                                 hooks: hooks.filter { $0.ownerSeq == owner })
            }
        }
    }

    /// How many hooks of this store wait to be trusted.
    public func waitingHookCount() throws -> Int {
        try untrusted().hooks.count
    }

    func hooksStatement(where condition: String) throws -> Statement {
        try database.statement(
            "SELECT seq, owner, timing, event, command, timeout_seconds, trust_tag FROM hook WHERE \(condition) ORDER BY seq")
    }

    private func hooks(ownedBy owners: [Int64?]) throws -> [Hook] {
        let marks = Array(repeating: "?", count: owners.count).joined(separator: ", ")
        let statement = try hooksStatement(where: "ifnull(owner, 0) IN (\(marks))")
        for (index, owner) in owners.enumerated() { statement.bind(Int32(index + 1), owner ?? 0) }
        return try hooks(from: statement)
    }

    /// The hooks `statement` (of `hooksStatement`) reads, each trusted when its tag holds.
    func hooks(from statement: Statement) throws -> [Hook] {
        let key = trustKeyForChecking()
        var hooks: [Hook] = []
        while try statement.step() {
            // The deadline is made of the timeout: the largest a row can hold overflowed it.
            guard let timeout = Store.hookTimeout(statement, column: 5) else {
                throw damaged(Store.hookTimeoutProblem(seq: statement.int64(0), statement.string(5)))
            }
            var hook = Hook(
                seq: statement.int64(0), ownerSeq: statement.optionalInt64(1),
                timing: Hook.Timing(rawValue: statement.string(2)) ?? .after,
                event: Hook.Event(rawValue: statement.string(3)) ?? .add,
                command: statement.string(4), timeoutSeconds: timeout, isTrusted: false)
            hook.isTrusted = isTrusted(hook.trustedSetting, tag: statement.isNull(6) ? nil : statement.blob(6), key: key)
            hooks.append(hook)
        }
        return hooks
    }

    /// A hook's timeout in `column`, when it is a whole number `hook add` would take.
    static func hookTimeout(_ statement: Statement, column: Int32) -> Int? {
        guard statement.isInteger(column) else { return nil }
        let seconds = statement.int64(column)
        return Hook.timeoutRange.contains(Int(clamping: seconds)) ? Int(seconds) : nil
    }

    static func hookTimeoutProblem(seq: Int64, _ value: String) -> String {
        "hook \(seq) has a timeout of \(DisplayText.escaped(value)), not \(Hook.timeoutRange.lowerBound) to \(Hook.timeoutRange.upperBound) seconds"
    }

    /// The hooks whose timeouts `hook add` would not take.
    func hookProblems() throws -> [String] {
        try database.transaction(immediate: false) {
            let statement = try database.statement("SELECT seq, timeout_seconds FROM hook ORDER BY seq")
            var problems: [String] = []
            while try statement.step() {
                guard Store.hookTimeout(statement, column: 1) == nil else { continue }
                problems.append(Store.hookTimeoutProblem(seq: statement.int64(0), statement.string(1)))
            }
            return problems
        }
    }

    private func scopedOwners(among owners: [Int64?]) throws -> Set<Int64> {
        let marks = Array(repeating: "?", count: owners.count).joined(separator: ", ")
        let statement = try database.statement("SELECT ifnull(owner, 0) FROM hook_scope WHERE ifnull(owner, 0) IN (\(marks))")
        for (index, owner) in owners.enumerated() { statement.bind(Int32(index + 1), owner ?? 0) }
        var scoped: Set<Int64> = []
        while try statement.step() { scoped.insert(statement.int64(0)) }
        return scoped
    }

    /// Whether `place` shuts out the hooks of the places above it.
    public func hookScope(at place: Node?) throws -> Bool {
        try !scopedOwners(among: [place?.seq]).isEmpty
    }
}

extension Store {
    /// The place a hook belongs to, from the root down.
    public func place(of hook: Hook) throws -> NavigationPath {
        guard let seq = hook.ownerSeq, let node = try node(seq: seq) else { return .root }
        return try ancestry(of: node)
    }
}
