/// The saved navigation path: the ids of the stack, and its text for the notice shown
/// when part of it has gone.
extension Store {
    /// What became of a path when it was checked against the store.
    public struct PathCheck: Equatable {
        public let path: NavigationPath
        /// Set when the path had to fall back: one line for the user.
        public let notice: String?
    }

    /// Saves `path` as the one the next start or one-shot command continues from.
    public func savePath(_ path: NavigationPath) throws {
        try write(changingSyncedRows: false) {
            try setSetting(.path, blob: path.ids.flatMap(\.bytes))
            try setSetting(.pathText, text: path.naming.display)
        }
    }

    /// The saved path, checked against the store as it is now.
    public func restorePath() throws -> PathCheck {
        try read {
            guard let bytes = try setting(.path, { $0.blob(0) }) else { return PathCheck(path: .root, notice: nil) }
            let ids = stride(from: 0, to: bytes.count - 15, by: 16).compactMap { NodeID(bytes: Array(bytes[$0..<$0 + 16])) }
            let savedText = try setting(.pathText) { $0.string(0) } ?? "the saved path"
            return try check(ids: ids, display: savedText)
        }
    }

    /// `path` checked against the store as it is now: after a command that may have
    /// removed, undone or moved where the prompt stands.
    public func recheck(_ path: NavigationPath) throws -> PathCheck {
        try read { try check(ids: path.ids, display: path.display) }
    }

    /// Checks that every step of a path still stands where it did. When one was
    /// deleted meanwhile, the path falls back to the deepest surviving step; when one
    /// was moved, the path follows it.
    func check(ids: [NodeID], display: String) throws -> PathCheck {
        for depth in stride(from: ids.count - 1, through: 0, by: -1) {
            guard let node = try node(id: ids[depth]) else { continue }
            // Every command holds the place it starts from: an item's long text is
            // not held with it, only its start.
            let path = try ancestry(of: node).naming
            if depth == ids.count - 1 {
                return PathCheck(path: path, notice: nil)
            }
            return PathCheck(path: path, notice: "\(DisplayText.escaped(display)) no longer exists; now at \(path.display)")
        }
        if ids.isEmpty {
            return PathCheck(path: .root, notice: nil)
        }
        return PathCheck(path: .root, notice: "\(DisplayText.escaped(display)) no longer exists; now at /")
    }

    /// Whether `path` still describes where its top node is, in the row it names: a
    /// list merged into another, or a journal applied again after a rebuild, holds the
    /// id in another row.
    func stillHolds(_ path: NavigationPath) throws -> Bool {
        guard let top = path.top else { return true }
        guard let current = try node(id: top.id), current.seq == top.seq else { return false }
        return current.parentSeq == path.nodes.dropLast().last?.seq
    }

    /// What became of an entry sent to the store.
    public enum EntryOutcome: Equatable {
        case added(Node)
        /// The path's top was deleted or moved before the entry could be added:
        /// nothing was written, and this is where the path now stands.
        case pathChanged(PathCheck)
        /// A form of the store changed after `formVersion` was read: nothing was written.
        case formChanged
    }

    /// Adds an entry with its field values under the top of `path`, with the line that
    /// produced it (if it was typed at the prompt) in the history, in one transaction:
    /// either all of it is in the store or none of it is.
    /// With `formVersion`, the version of the form the entry was made with: an entry
    /// made with a form that changed since is not added.
    public func addEntry(_ text: String, fields: [FieldValue] = [], under path: NavigationPath,
                         historyLine: String?, formVersion: Int64? = nil, created: Timestamp? = nil) throws -> EntryOutcome {
        try recordingChange(capturing: false) {
            guard try stillHolds(path) else {
                return (.pathChanged(try check(ids: path.ids, display: path.display)), "")
            }
            if let formVersion, try self.formVersion() != formVersion {
                return (.formChanged, "")
            }
            try checkDepth(ofNew: text, under: path)
            try Store.checkSizes(of: fields)
            let node = try insert(.item, text: text, under: path.top, created: created)
            try insertValues(fields, of: node.seq)
            if let historyLine { try appendHistory(historyLine) }
            return (.added(node), "add \(Store.quoted(text))")
        }
    }
}
