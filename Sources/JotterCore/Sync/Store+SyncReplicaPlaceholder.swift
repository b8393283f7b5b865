/// PLACEHOLDER, to be deleted when the store's real conformance is merged: the hub's
/// branch needs `Store` to be a `SyncReplica` for `jotter sync` to compile, and the
/// store's side is written in another branch. Every method fails, and no test uses it.
extension Store: SyncReplica {
    public func syncReplicaID() throws -> NodeID { throw Store.syncNotBuilt }
    public func outgoingOperations(limit: Int) throws -> [SyncOperation] { throw Store.syncNotBuilt }
    public func acknowledge(_ operations: [SyncOperation]) throws { throw Store.syncNotBuilt }
    public func syncCursor() throws -> Int64 { throw Store.syncNotBuilt }
    public func applyPulled(_ operations: [SyncOperation], cursor: Int64) throws -> SyncApplyReport { throw Store.syncNotBuilt }

    private static var syncNotBuilt: JotterError { JotterError.store("sync is not built yet") }
}
