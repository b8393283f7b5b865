/// The journal key as the hub keeps it: wrapped under a key derived from the journal's
/// passphrase, so that a new machine needs only the passphrase.
public struct WrappedJournalKey: Sendable, Equatable {
    public let id: Int64
    public let salt: [UInt8]
    /// The derivation's cost, `scrypt:LOG2N:R:P`.
    public let cost: String
    /// Nonce, key sealed, and tag.
    public let wrapped: [UInt8]

    public init(id: Int64, salt: [UInt8], cost: String, wrapped: [UInt8]) {
        self.id = id
        self.salt = salt
        self.cost = cost
        self.wrapped = wrapped
    }
}
