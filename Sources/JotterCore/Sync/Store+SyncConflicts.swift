/// The values that lost a merge, for `jotter conflicts`: nothing a sync meets is dropped.
extension Store {
    public struct SyncConflict: Equatable, Sendable {
        /// The list or item; nil for the root's forms.
        public let node: NodeID?
        /// The node's text (a list's name) now; nil when it is not here any more.
        public let text: String?
        /// `text`, `parent`, `field:NAME`… (see `SyncOperation.property`).
        public let property: String
        /// The value that lost, as JSON; nil for a removal.
        public let value: String?
        /// The machine the value came from.
        public let replica: NodeID
        /// When that machine made it: the milliseconds of its stamp.
        public let madeMilliseconds: Int64
        /// When it was kept here.
        public let recordedMilliseconds: Int64
    }

    /// Calls `body` with each kept value, oldest first, without holding them all.
    public func forEachSyncConflict(_ body: (SyncConflict) throws -> Void) throws {
        try read {
            let statement = try database.statement(
                "SELECT node, property, value, stamp, replica, recorded FROM sync_conflict ORDER BY seq")
            defer { statement.reset() }
            while try statement.step() {
                let node = statement.isNull(0) ? nil : NodeID(bytes: statement.blob(0))
                guard let replica = NodeID(bytes: statement.blob(4)) else { continue }
                let text = try node.flatMap { try nodeSeq(of: $0) }.flatMap { seq in
                    try database.statement("SELECT text FROM node WHERE seq = ?").bind(1, seq).firstRow { $0.string(0) }
                }
                try body(SyncConflict(
                    node: node, text: text, property: statement.string(1), value: statement.isNull(2) ? nil : statement.string(2),
                    replica: replica, madeMilliseconds: statement.int64(3) >> 16, recordedMilliseconds: statement.int64(5)))
            }
        }
    }
}
