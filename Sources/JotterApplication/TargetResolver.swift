import JotterCore

/// Finds the node a command means. A target is:
/// - a path of list names or item texts, `groceries/weekend`, absolute with a leading
///   `/`, with `.` for here and `..` for one level up;
/// - a 1-based position in the current list's order, `3`;
/// - a UUID in full, or the tail of one as `list` shows it (at least 4 hex digits).
///
/// Each step is looked up in that order among the children of the step before: an
/// exact name first (a list before items of the same name), then a position, then
/// an id tail. A short id that matches no
/// child is looked up in the whole store when it is the whole target. More than one
/// match is an error that lists the candidates.
public struct TargetResolver {
    let store: Store

    public init(store: Store) {
        self.store = store
    }

    public func resolve(_ target: String, from current: NavigationPath) throws -> NavigationPath {
        try store.read { try resolveInTransaction(target, from: current) }
    }

    private func resolveInTransaction(_ target: String, from current: NavigationPath) throws -> NavigationPath {
        let trimmed = EntryText.trimmed(target)
        guard !trimmed.isEmpty else { throw JotterError.input("the target is empty") }
        if let id = NodeID(trimmed) {
            guard let node = try store.node(id: id) else {
                throw JotterError.input("no list or item has the id \(id)")
            }
            return try store.ancestry(of: node)
        }
        var path = trimmed.hasPrefix("/") ? NavigationPath.root : current
        let steps = trimmed.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        let isSingleStep = steps.count == 1 && !trimmed.hasPrefix("/")
        for step in steps {
            switch step {
            case ".": continue
            case "..": path = path.popped()
            default: path = try self.step(into: step, from: path, searchStoreForID: isSingleStep)
            }
        }
        return path
    }

    /// The path one step further down from `path`; or, for an id found elsewhere in
    /// the store, the path to where that node is.
    private func step(into step: String, from path: NavigationPath, searchStoreForID: Bool) throws -> NavigationPath {
        // List names are unique beside each other, so a name that matches one list
        // and some items means the list.
        let lists = try store.lists(under: path.top, named: step)
        if lists.count == 1 { return path.pushing(lists[0]) }
        let named = try store.children(of: path.top, named: step)
        if named.count == 1 { return path.pushing(named[0]) }
        if named.count > 1 { throw try ambiguity(step, in: path, candidates: named) }

        if let position = Int64(step), step.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }),
           let node = try store.child(of: path.top, at: position) {
            return path.pushing(node)
        }

        if NodeID.isShortFormCandidate(step) {
            let children = try store.nodes(withIDEnding: step, in: .childrenOf(path.top))
            if children.count == 1 { return path.pushing(children[0]) }
            if children.count > 1 { throw try ambiguity(step, in: path, candidates: children) }
            if searchStoreForID {
                let anywhere = try store.nodes(withIDEnding: step, in: .anywhere)
                if anywhere.count == 1 { return try store.ancestry(of: anywhere[0]) }
                if anywhere.count > 1 { throw try ambiguity(step, in: path, candidates: anywhere) }
            }
        }
        throw JotterError.input("no list or item '\(DisplayText.escaped(step))' in \(path.display)")
    }

    private func ambiguity(_ step: String, in path: NavigationPath, candidates: [Node]) throws -> JotterError {
        let described = try candidates.prefix(5).map { node -> String in
            let location = node.parentSeq == path.top?.seq
                ? "\(try store.position(of: node))" : try store.ancestry(of: node).display
            return "\(location) (\(node.id.shortForm()))"
        }
        let more = candidates.count > 5 ? ", …" : ""
        return JotterError.input(
            "'\(DisplayText.escaped(step))' is ambiguous in \(path.display): it matches \(described.joined(separator: ", "))\(more); use a position or an id")
    }
}
