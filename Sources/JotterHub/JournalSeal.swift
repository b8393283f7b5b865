import COpenSSL
import JotterCore

/// The keys of a sealed journal, unwrapped, and what they do: each operation is sealed
/// on this machine before a push and opened after a pull, so the hub orders operations
/// it cannot read (docs/sync.md, "Sealed journals").
///
/// A sealed operation keeps in the clear only what the hub needs to order and store it
/// once: its replica and counter. Its stamp, node, property, value and base travel
/// inside, sealed with ChaCha20-Poly1305 under the journal key, with the journal's
/// name, the hash chain's link before its position and its id as associated data: an
/// operation moved to another journal or position, replayed, cut short or changed by a
/// byte does not open.
public struct JournalSeal: Sendable {
    /// The property every sealed operation has on the hub.
    public static let property = "sealed"

    public let journal: String
    /// The journal's keys by id; new operations are sealed under the highest.
    public let keys: [Int64: [UInt8]]

    public init(journal: String, keys: [Int64: [UInt8]]) {
        precondition(!keys.isEmpty)
        self.journal = journal
        self.keys = keys
    }

    var currentKeyID: Int64 { keys.keys.max() ?? 0 }

    /// `operations` sealed to land in this order right after `head`: each is bound to
    /// the link of the one before it, which this machine works out as the hub will.
    public func sealing(_ operations: [SyncOperation], onto head: HubHead) -> [SyncOperation] {
        var link = head.hash
        let keyID = currentKeyID
        guard let key = keys[keyID] else { return [] }
        return operations.map { operation in
            let inside = SealedPayload.encode(operation)
            let sealed = SealCipher.seal(inside, key: key,
                                         associated: associatedData(replica: operation.replica, counter: operation.counter,
                                                                    keyID: keyID, after: link))
            let outer = SyncOperation(replica: operation.replica, counter: operation.counter, stamp: 0, node: nil,
                                      property: JournalSeal.property,
                                      value: String(keyID) + ":" + Base64.encode(sealed))
            link = JournalChain.link(after: link, outer)
            return outer
        }
    }

    /// The operation `sealed` holds, standing after the link `previous`; nil when it
    /// does not open (another key, journal or position, or changed).
    public func opening(_ sealed: SyncOperation, after previous: String) -> SyncOperation? {
        guard sealed.property == JournalSeal.property, let value = sealed.value,
              let colon = value.utf8.firstIndex(of: UInt8(ascii: ":")),
              let keyID = Int64(Substring(value.utf8[..<colon])), let key = keys[keyID],
              let bytes = Base64.decode(value.utf8[value.utf8.index(after: colon)...]),
              let inside = SealCipher.open(bytes, key: key,
                                           associated: associatedData(replica: sealed.replica, counter: sealed.counter,
                                                                      keyID: keyID, after: previous)) else { return nil }
        return SealedPayload.decode(inside, replica: sealed.replica, counter: sealed.counter)
    }

    private func associatedData(replica: NodeID, counter: Int64, keyID: Int64, after link: String) -> [UInt8] {
        var data = Array("jotter sealed operation 1\u{0}".utf8)
        data += Array(journal.utf8) + [0]
        data += Array(link.utf8) + [0]
        data += replica.bytes
        data.appendBigEndian(counter)
        data.appendBigEndian(keyID)
        return data
    }
}

/// The passphrase of a journal, stretched: what wraps its keys. scrypt, from the
/// OpenSSL jotter already links, is memory-hard, which PBKDF2 is not; Argon2id would
/// need an OpenSSL newer than the one these machines carry.
public struct JournalPassphraseKey: Sendable {
    /// OWASP's scrypt setting of 2^15 × 8 (32 MiB) with 3 lanes run one after another.
    public static let cost = (log2N: UInt64(15), r: UInt64(8), p: UInt64(3))
    public static var costText: String { "scrypt:\(cost.log2N):\(cost.r):\(cost.p)" }
    public static let saltLength = 16

    public var bytes: [UInt8]
    public let salt: [UInt8]

    public init(bytes: [UInt8], salt: [UInt8]) {
        self.bytes = bytes
        self.salt = salt
    }

    /// The key for `passphrase` and `salt` at `costText` (one this jotter wrote); nil for
    /// a cost it does not know.
    public static func derive(passphrase: [UInt8], salt: [UInt8], costText: String = JournalPassphraseKey.costText)
        -> JournalPassphraseKey? {
        let parts = costText.split(separator: ":")
        guard parts.count == 4, parts[0] == "scrypt", let log2N = UInt64(parts[1]), let r = UInt64(parts[2]),
              let p = UInt64(parts[3]), (10...20).contains(log2N), (1...16).contains(r), (1...16).contains(p) else {
            return nil
        }
        prepareCryptoLibrary()
        var key = [UInt8](repeating: 0, count: 32)
        let memory = 128 * r * ((1 << log2N) + p + 2) + (1 << 20)
        let result = passphrase.withUnsafeBufferPointer { pass in
            pass.withMemoryRebound(to: CChar.self) { pass in
                EVP_PBE_scrypt(pass.baseAddress, pass.count, salt, salt.count, 1 << log2N, r, p, memory, &key, key.count)
            }
        }
        guard result == 1 else { return nil }
        return JournalPassphraseKey(bytes: key, salt: salt)
    }

    public static func newSalt() -> [UInt8] { SealCipher.randomBytes(saltLength) }

    /// The identity the key cache knows this key by.
    public var identity: String { JournalPassphraseKey.identity(ofSalt: salt) }

    public static func identity(ofSalt salt: [UInt8]) -> String { "journal-" + StoreKey.hex(salt) }

    /// `key` wrapped under this one, for the journal `journal`.
    public func wrap(_ key: [UInt8], id: Int64, journal: String) -> WrappedJournalKey {
        WrappedJournalKey(id: id, salt: salt, cost: JournalPassphraseKey.costText,
                          wrapped: SealCipher.seal(key, key: bytes, associated: JournalPassphraseKey.wrapping(id, journal)))
    }

    /// The key `wrapped` holds; nil when this is not the key it was wrapped under.
    public func unwrap(_ wrapped: WrappedJournalKey, journal: String) -> [UInt8]? {
        guard wrapped.salt == salt else { return nil }
        return SealCipher.open(wrapped.wrapped, key: bytes, associated: JournalPassphraseKey.wrapping(wrapped.id, journal))
    }

    private static func wrapping(_ id: Int64, _ journal: String) -> [UInt8] {
        var data = Array("jotter journal key 1\u{0}".utf8) + Array(journal.utf8) + [0]
        data.appendBigEndian(id)
        return data
    }

    /// A new random journal key.
    public static func newJournalKey() -> [UInt8] { SealCipher.randomBytes(32) }
}

/// ChaCha20-Poly1305 (RFC 8439) through OpenSSL, with a random 96-bit nonce in front of
/// what it seals and the 16-byte tag behind.
enum SealCipher {
    static let nonceLength = 12
    static let tagLength = 16

    static func randomBytes(_ count: Int) -> [UInt8] {
        prepareCryptoLibrary()
        var bytes = [UInt8](repeating: 0, count: count)
        precondition(RAND_bytes(&bytes, Int32(count)) == 1, "no random bytes")
        return bytes
    }

    static func seal(_ plain: [UInt8], key: [UInt8], associated: [UInt8]) -> [UInt8] {
        prepareCryptoLibrary()
        let nonce = randomBytes(nonceLength)
        guard let context = EVP_CIPHER_CTX_new() else { preconditionFailure("no cipher context") }
        defer { EVP_CIPHER_CTX_free(context) }
        var out = nonce + [UInt8](repeating: 0, count: plain.count + tagLength)
        var length: Int32 = 0
        var ok = EVP_EncryptInit_ex(context, EVP_chacha20_poly1305(), nil, key, nonce) == 1
        ok = ok && EVP_EncryptUpdate(context, nil, &length, associated, Int32(associated.count)) == 1
        out.withUnsafeMutableBufferPointer { buffer in
            let body = buffer.baseAddress! + nonceLength
            ok = ok && EVP_EncryptUpdate(context, body, &length, plain, Int32(plain.count)) == 1
            ok = ok && EVP_EncryptFinal_ex(context, body + plain.count, &length) == 1
            ok = ok && EVP_CIPHER_CTX_ctrl(context, EVP_CTRL_AEAD_GET_TAG, Int32(tagLength),
                                           body + plain.count) == 1
        }
        precondition(ok, "ChaCha20-Poly1305 failed")
        return out
    }

    static func open(_ sealed: [UInt8], key: [UInt8], associated: [UInt8]) -> [UInt8]? {
        guard key.count == 32, sealed.count >= nonceLength + tagLength else { return nil }
        prepareCryptoLibrary()
        guard let context = EVP_CIPHER_CTX_new() else { return nil }
        defer { EVP_CIPHER_CTX_free(context) }
        let bodyLength = sealed.count - nonceLength - tagLength
        var plain = [UInt8](repeating: 0, count: max(bodyLength, 1))
        var length: Int32 = 0
        let ok: Bool = sealed.withUnsafeBufferPointer { input in
            let nonce = input.baseAddress!
            let body = nonce + nonceLength
            var tag = Array(input[(nonceLength + bodyLength)...])
            guard EVP_DecryptInit_ex(context, EVP_chacha20_poly1305(), nil, key, nonce) == 1,
                  EVP_DecryptUpdate(context, nil, &length, associated, Int32(associated.count)) == 1,
                  EVP_DecryptUpdate(context, &plain, &length, body, Int32(bodyLength)) == 1,
                  EVP_CIPHER_CTX_ctrl(context, EVP_CTRL_AEAD_SET_TAG, Int32(tagLength), &tag) == 1 else { return false }
            var last: Int32 = 0
            return plain.withUnsafeMutableBufferPointer { EVP_DecryptFinal_ex(context, $0.baseAddress! + bodyLength, &last) } == 1
        }
        guard ok else {
            plain.wipe()
            return nil
        }
        plain.removeLast(plain.count - bodyLength)
        return plain
    }
}

/// What a sealed operation holds: its stamp, node, property, value and base, each of a
/// fixed length or after its length, and an absent one as a byte of its own.
enum SealedPayload {
    static func encode(_ operation: SyncOperation) -> [UInt8] {
        var bytes: [UInt8] = [1]
        bytes.appendBigEndian(operation.stamp)
        bytes.appendPresent(operation.node) { $0 += $1.bytes }
        bytes.appendPresent(operation.base) { $0.appendBigEndian($1) }
        bytes.appendBigEndian(Int64(operation.property.utf8.count))
        bytes += operation.property.utf8
        bytes.appendPresent(operation.value) { $0 += $1.utf8 }
        return bytes
    }

    static func decode(_ bytes: [UInt8], replica: NodeID, counter: Int64) -> SyncOperation? {
        var reader = ByteReader(bytes: bytes)
        guard reader.byte() == 1, let stamp = reader.int64(), let hasNode = reader.byte() else { return nil }
        var node: NodeID?
        if hasNode == 1 {
            guard let read = reader.take(16) else { return nil }
            node = NodeID(bytes: Array(read))
        } else if hasNode != 0 { return nil }
        var base: Int64?
        switch reader.byte() {
        case 1: guard let read = reader.int64() else { return nil }; base = read
        case 0: break
        default: return nil
        }
        guard let propertyLength = reader.int64(), propertyLength >= 0, propertyLength <= Int64(Hub.largestPropertyBytes),
              let propertyBytes = reader.take(Int(propertyLength)),
              let property = String(validating: propertyBytes, as: UTF8.self) else { return nil }
        var value: String?
        switch reader.byte() {
        case 1:
            guard let text = String(validating: reader.rest(), as: UTF8.self) else { return nil }
            value = text
        case 0: guard reader.isAtEnd else { return nil }
        default: return nil
        }
        return SyncOperation(replica: replica, counter: counter, stamp: stamp, node: node, property: property,
                             value: value, base: base)
    }
}

private struct ByteReader {
    let bytes: [UInt8]
    var offset = 0

    var isAtEnd: Bool { offset == bytes.count }

    mutating func byte() -> UInt8? {
        guard offset < bytes.count else { return nil }
        defer { offset += 1 }
        return bytes[offset]
    }

    mutating func take(_ count: Int) -> ArraySlice<UInt8>? {
        guard count >= 0, bytes.count - offset >= count else { return nil }
        defer { offset += count }
        return bytes[offset..<(offset + count)]
    }

    mutating func int64() -> Int64? {
        guard let eight = take(8) else { return nil }
        return eight.reduce(Int64(0)) { ($0 << 8) | Int64($1) }
    }

    mutating func rest() -> ArraySlice<UInt8> {
        defer { offset = bytes.count }
        return bytes[offset...]
    }
}

/// The hub's hash chain as a machine works it out: each link is SHA-256 of the link
/// before it and of the operation's bytes, as `jotter.op_bytes` writes them on the hub
/// (HubSchema.chainStatements), in hexadecimal.
enum JournalChain {
    static func link(after previous: String, _ operation: SyncOperation) -> String {
        var bytes = StoreKey.bytes(ofHex: previous) ?? []
        bytes += operation.replica.bytes
        bytes.appendBigEndian(operation.counter)
        bytes.appendBigEndian(operation.stamp)
        bytes.appendPresent(operation.node) { $0 += $1.bytes }
        bytes.appendBigEndian(Int64(operation.property.utf8.count))
        bytes += operation.property.utf8
        bytes.appendPresent(operation.value) { bytes, value in
            bytes.appendBigEndian(Int64(value.utf8.count))
            bytes += value.utf8
        }
        bytes.appendPresent(operation.base) { $0.appendBigEndian($1) }
        var digest = [UInt8](repeating: 0, count: 32)
        _ = SHA256(bytes, bytes.count, &digest)
        return StoreKey.hex(digest)
    }
}

/// Base64 (RFC 4648) through OpenSSL.
enum Base64 {
    static func encode(_ bytes: [UInt8]) -> String {
        var out = [UInt8](repeating: 0, count: 4 * ((bytes.count + 2) / 3) + 1)
        let length = EVP_EncodeBlock(&out, bytes, Int32(bytes.count))
        return String(decoding: out.prefix(Int(length)), as: UTF8.self)
    }

    static func decode(_ text: Substring.UTF8View) -> [UInt8]? {
        let input = Array(text)
        guard input.count % 4 == 0 else { return nil }
        if input.isEmpty { return [] }
        var out = [UInt8](repeating: 0, count: input.count / 4 * 3)
        let length = EVP_DecodeBlock(&out, input, Int32(input.count))
        guard length >= 0 else { return nil }
        let padding = input.suffix(2).filter { $0 == UInt8(ascii: "=") }.count
        return Array(out.prefix(Int(length) - padding))
    }
}

extension Array where Element == UInt8 {
    /// A byte 1 and what `write` appends of `value`, or a byte 0 when it is absent: the
    /// way the sealed payload and the hub's `jotter.op_bytes` write an optional part.
    mutating func appendPresent<Value>(_ value: Value?, _ write: (inout [UInt8], Value) -> Void) {
        guard let value else {
            append(0)
            return
        }
        append(1)
        write(&self, value)
    }

    mutating func appendBigEndian(_ value: Int64) {
        let bits = UInt64(bitPattern: value)
        for shift in stride(from: 56, through: 0, by: -8) { append(UInt8(truncatingIfNeeded: bits >> UInt64(shift))) }
    }
}
