/// Hooks are this machine's settings, kept in the store beside the places they belong
/// to but never part of its content: no change records them, and nothing exports or
/// imports them.
extension Store {
    /// This user's identity on this machine for this very store file; hooks recorded
    /// with another run only once trusted (`MachineIdentity`). Only setting a hook up
    /// (`hook add`, `hook trust`) makes this machine's id when it has none.
    public func machineIdentity(makingMachineID: Bool = false) throws -> String {
        try MachineIdentity.of(storePath: path, makingMachineID: makingMachineID)
    }

    /// Whether the store has any hook at all: one query, so that a store without hooks
    /// pays nothing more per entry.
    public func hasHooks() throws -> Bool {
        try database.statement("SELECT EXISTS (SELECT 1 FROM hook)").firstRow { $0.int64(0) != 0 } ?? false
    }

    @discardableResult
    public func addHook(_ timing: Hook.Timing, on event: Hook.Event, command: String, timeoutSeconds: Int,
                        to place: Node?, machine: String) throws -> Hook {
        try write {
            try database.statement(
                "INSERT INTO hook (owner, timing, event, command, timeout_seconds, machine) VALUES (?, ?, ?, ?, ?, ?)")
                .bind(1, place?.seq).bind(2, timing.rawValue).bind(3, event.rawValue).bind(4, command)
                .bind(5, Int64(timeoutSeconds)).bind(6, machine).run()
            return Hook(seq: database.lastInsertedRowID, ownerSeq: place?.seq, timing: timing, event: event,
                        command: command, timeoutSeconds: timeoutSeconds, isTrusted: true)
        }
    }

    /// The hooks of `place` itself, in the order they were added.
    public func hooks(declaredBy place: Node?, machine: String) throws -> [Hook] {
        try hooks(ownedBy: [place?.seq], machine: machine)
    }

    /// Removes the hook at 1-based `number` among those of `place`.
    @discardableResult
    public func removeHook(number: Int, from place: Node?, display: String, machine: String) throws -> Hook {
        try write {
            let own = try hooks(declaredBy: place, machine: machine)
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
            if isScoped {
                try database.statement("INSERT OR IGNORE INTO hook_scope (owner) VALUES (?)").bind(1, place?.seq).run()
            } else {
                try database.statement("DELETE FROM hook_scope WHERE ifnull(owner, 0) = ifnull(?, 0)").bind(1, place?.seq).run()
            }
        }
    }

    /// The hooks on the way from the root down to `path`'s own place, a level each.
    public func hookLevels(along path: NavigationPath, machine: String) throws -> [HookLevel] {
        let owners: [Int64?] = [nil] + path.nodes.map(\.seq)
        return try read {
            let hooks = try self.hooks(ownedBy: owners, machine: machine)
            let scoped = try scopedOwners(among: owners)
            return owners.indices.map { index in
                let owner = owners[index]
                return HookLevel(path: NavigationPath(nodes: Array(path.nodes.prefix(index))),
                                 isScoped: scoped.contains(owner ?? 0),
                                 hooks: hooks.filter { $0.ownerSeq == owner })
            }
        }
    }

    /// Marks every hook waiting here as set up by this user on this machine, and
    /// returns them.
    public func trustHooks(machine: String) throws -> [Hook] {
        try write {
            let waiting = try hooks(from: hooksStatement(where: "machine IS NOT ?").bind(1, machine), machine: machine)
            try database.statement("UPDATE hook SET machine = ? WHERE machine IS NOT ?").bind(1, machine).bind(2, machine).run()
            return waiting
        }
    }

    /// How many hooks wait to be trusted on this machine.
    public func waitingHookCount(machine: String) throws -> Int {
        Int(try database.statement("SELECT count(*) FROM hook WHERE machine IS NOT ?").bind(1, machine)
            .firstRow { $0.int64(0) } ?? 0)
    }

    private func hooksStatement(where condition: String) throws -> Statement {
        try database.statement(
            "SELECT seq, owner, timing, event, command, timeout_seconds, machine FROM hook WHERE \(condition) ORDER BY seq")
    }

    private func hooks(ownedBy owners: [Int64?], machine: String) throws -> [Hook] {
        let marks = Array(repeating: "?", count: owners.count).joined(separator: ", ")
        let statement = try hooksStatement(where: "ifnull(owner, 0) IN (\(marks))")
        for (index, owner) in owners.enumerated() { statement.bind(Int32(index + 1), owner ?? 0) }
        return try hooks(from: statement, machine: machine)
    }

    private func hooks(from statement: Statement, machine: String) throws -> [Hook] {
        var hooks: [Hook] = []
        while try statement.step() {
            // The deadline is made of the timeout: 2^63 - 1 seconds overflowed it.
            guard let timeout = Store.hookTimeout(statement, column: 5) else {
                throw damaged(Store.hookTimeoutProblem(seq: statement.int64(0), statement.string(5)))
            }
            hooks.append(Hook(
                seq: statement.int64(0), ownerSeq: statement.optionalInt64(1),
                timing: Hook.Timing(rawValue: statement.string(2)) ?? .after,
                event: Hook.Event(rawValue: statement.string(3)) ?? .add,
                command: statement.string(4), timeoutSeconds: timeout,
                isTrusted: statement.string(6) == machine))
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
