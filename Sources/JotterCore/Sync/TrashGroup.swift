/// An `rm` as every machine names it: the stamp that all it put in the trash went out
/// with (the clock ticks once for the group) and the replica that made it. A node in
/// the trash keeps it as its `trashgroup` in `sync_stamp`; the trash is listed by it.
struct TrashGroup: Hashable, Comparable, Sendable {
    let stamp: Int64
    let replica: NodeID

    init(stamp: Int64, replica: NodeID) {
        self.stamp = stamp
        self.replica = replica
    }

    /// The group `operation` names: its own stamp, unless it carries its `rm`'s.
    init(of operation: SyncOperation, stamp: Int64? = nil) {
        self.init(stamp: stamp ?? operation.stamp, replica: operation.replica)
    }

    /// The earlier `rm`, by the sync clock, and the lesser replica on equal stamps.
    static func < (lhs: TrashGroup, rhs: TrashGroup) -> Bool {
        lhs.stamp != rhs.stamp ? lhs.stamp < rhs.stamp : lhs.replica < rhs.replica
    }
}
