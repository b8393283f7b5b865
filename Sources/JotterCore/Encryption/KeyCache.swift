import CKeyutils
#if canImport(Glibc)
import Glibc
#endif

/// Derived store keys kept for a while in the Linux kernel's keyring, in the user
/// session keyring (`@us`), so that one-shot commands run one after another do not each
/// pay for the key derivation. The kernel drops a key when its timeout runs out; the
/// key never touches a file, and no other user can read it.
public struct KeyCache: Sendable {
    /// How long a key is kept when JOTTER_KEY_TIMEOUT does not say: 15 minutes.
    public static let defaultTimeoutSeconds = 15 * 60

    /// Every key jotter keeps starts its description with this, followed by the
    /// store's identity.
    public static let descriptionPrefix = "jotter:"

    public let timeoutSeconds: Int
    /// The keyring the keys live in: the user session keyring, unless a test gives one
    /// of its own.
    let keyring: key_serial_t

    public init(timeoutSeconds: Int = KeyCache.defaultTimeoutSeconds) {
        self.init(timeoutSeconds: timeoutSeconds, keyring: KEY_SPEC_USER_SESSION_KEYRING)
    }

    init(timeoutSeconds: Int, keyring: key_serial_t) {
        self.timeoutSeconds = timeoutSeconds
        self.keyring = keyring
    }

    /// JOTTER_KEY_TIMEOUT read from `environment`: whole seconds above zero.
    public static func timeoutSeconds(environment: [String: String]) throws -> Int {
        try SecondsSetting.seconds(environment["JOTTER_KEY_TIMEOUT"], variable: "JOTTER_KEY_TIMEOUT",
                                   default: defaultTimeoutSeconds)
    }

    /// The key kept for the store `identity`, or nil when there is none, it has expired,
    /// or there is no keyring to look in. The caller wipes it when done.
    public func key(for identity: String) -> [UInt8]? {
        let found = keyctl_search(keyring, "user", Self.descriptionPrefix + identity, 0)
        guard found > 0 else { return nil }
        return payload(of: key_serial_t(found))
    }

    /// Keeps `key` for the store `identity` until the timeout, in place of any key kept
    /// for it before. Throws `KeyringUnavailable` when the kernel will not keep it.
    public func remember(_ key: [UInt8], for identity: String) throws {
        // The key is made in this process's own keyring, where it is possessed and so
        // can be changed, and is closed to others and given its timeout there before it
        // is linked where other commands look: in a login session with a session
        // keyring of its own, keys in @us are not possessed, and a new key lets its user
        // only view it.
        let staging = KEY_SPEC_PROCESS_KEYRING
        let made = key.withUnsafeBytes { bytes in
            add_key("user", Self.descriptionPrefix + identity, bytes.baseAddress, bytes.count, staging)
        }
        guard made > 0 else { throw KeyringUnavailable(errno: errno) }
        defer { keyctl_unlink(made, staging) }
        let ownerOnly = key_perm_t(KEY_POS_ALL) | key_perm_t(KEY_USR_VIEW | KEY_USR_READ | KEY_USR_WRITE | KEY_USR_SEARCH | KEY_USR_LINK | KEY_USR_SETATTR)
        guard keyctl_setperm(made, ownerOnly) == 0,
              // The kernel takes 0 as no timeout at all: never so here.
              keyctl_set_timeout(made, UInt32(clamping: max(1, timeoutSeconds))) == 0,
              keyctl_link(made, keyring) == 0 else {
            let failure = KeyringUnavailable(errno: errno)
            keyctl_invalidate(made)
            throw failure
        }
    }

    /// Drops the key kept for the store `identity`, if any.
    public func forget(identity: String) {
        let found = keyctl_search(keyring, "user", Self.descriptionPrefix + identity, 0)
        if found > 0 { destroy(key_serial_t(found)) }
    }

    /// Drops every key jotter keeps in the keyring, for `jotter lock`; returns how many.
    @discardableResult
    public func forgetAll() -> Int {
        var dropped = 0
        for serial in linkedKeys() where isJotterKey(serial) {
            destroy(serial)
            dropped += 1
        }
        return dropped
    }

    /// Invalidating destroys the key at once, wherever else it may be linked; unlinking
    /// is what is left when that is refused.
    private func destroy(_ serial: key_serial_t) {
        if keyctl_invalidate(serial) != 0 { keyctl_unlink(serial, keyring) }
    }

    /// The payload of `serial`, read into memory that is wiped after the copy.
    private func payload(of serial: key_serial_t) -> [UInt8]? {
        let length = keyctl_read(serial, nil, 0)
        guard length > 0 else { return nil }
        var buffer = [UInt8](repeating: 0, count: Int(length))
        let read = buffer.withUnsafeMutableBytes { keyctl_read(serial, $0.baseAddress, $0.count) }
        // A key changed between the two reads is taken as absent, and made again.
        guard read == length else {
            buffer.wipe()
            return nil
        }
        return buffer
    }

    /// The keys and keyrings linked in the keyring.
    private func linkedKeys() -> [key_serial_t] {
        while true {
            let length = keyctl_read(keyring, nil, 0)
            guard length > 0 else { return [] }
            var serials = [key_serial_t](repeating: 0, count: Int(length) / MemoryLayout<key_serial_t>.size)
            let read = serials.withUnsafeMutableBytes { keyctl_read(keyring, $0.baseAddress, $0.count) }
            guard read >= 0 else { return [] }
            // Grown since it was measured: measure again.
            if read > length { continue }
            return Array(serials.prefix(Int(read) / MemoryLayout<key_serial_t>.size))
        }
    }

    /// Whether `serial` is a "user" key described as one of jotter's. The kernel
    /// describes a key as "type;uid;gid;perm;description".
    private func isJotterKey(_ serial: key_serial_t) -> Bool {
        var buffer = [CChar](repeating: 0, count: 4096)
        let length = buffer.withUnsafeMutableBufferPointer { keyctl_describe(serial, $0.baseAddress, $0.count) }
        guard length > 0, Int(length) <= buffer.count else { return false }
        // The length counts the closing NUL.
        let text = String(decoding: buffer.prefix(Int(length) - 1).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let fields = text.split(separator: ";", maxSplits: 4, omittingEmptySubsequences: false)
        return fields.count == 5 && fields[0] == "user" && fields[4].hasPrefix(Self.descriptionPrefix)
    }
}

/// The kernel keyring cannot be used here (a container whose system call filter
/// refuses it, a kernel without keys, a session without a keyring): the passphrase is
/// asked each time, and no key is kept anywhere else.
public struct KeyringUnavailable: Error, Equatable, CustomStringConvertible {
    /// What the kernel said, in words.
    public let reason: String

    public init(reason: String) {
        self.reason = reason
    }

    init(errno code: Int32) {
        reason = switch code {
        case ENOSYS: "the kernel has no keyring support"
        case EPERM, EACCES: "access to the kernel keyring is refused here"
        case EDQUOT: "the user's kernel key quota is full"
        case EKEYREVOKED: "the session keyring was revoked"
        case EKEYEXPIRED: "the session keyring has expired"
        case ENOKEY: "there is no session keyring"
        default: "the kernel keyring failed: \(String(cString: strerror(code)))"
        }
    }

    /// The notice given once, before the passphrase is asked.
    public var description: String {
        "no kernel keyring here (\(reason)); the passphrase will be asked each time"
    }
}
