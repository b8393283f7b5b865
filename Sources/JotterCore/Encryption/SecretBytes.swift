#if canImport(Glibc)
import Glibc
#endif

extension Array where Element == UInt8 {
    /// Overwrites a passphrase or key in place and empties the array, so the secret does
    /// not linger in memory that is later freed. `explicit_bzero`, unlike a loop of
    /// stores, is never dropped by the optimiser as writes nobody reads. Only this
    /// array's storage is reached: a copy made earlier is wiped on its own.
    public mutating func wipe() {
        withUnsafeMutableBytes { bytes in
            if let base = bytes.baseAddress { explicit_bzero(base, bytes.count) }
        }
        removeAll(keepingCapacity: true)
    }
}
