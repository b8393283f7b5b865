import COpenSSL

/// The key an encrypted store is read and written with: derived from the passphrase
/// and the salt at the start of the file exactly as SQLCipher 4 derives it by default
/// (PBKDF2-HMAC-SHA512, 256,000 rounds), so a store jotter encrypted opens in the
/// `sqlcipher` shell with the same passphrase. jotter derives the key itself, rather
/// than handing SQLCipher the passphrase, so that the key can be cached and the next
/// command skip the derivation.
public struct StoreKey: Sendable {
    /// SQLCipher 4's default rounds: jotter never derives with fewer.
    public static let rounds: Int32 = 256_000
    public static let saltLength = 16
    public static let keyLength = 32

    public let bytes: [UInt8]
    public let salt: [UInt8]

    public init(bytes: [UInt8], salt: [UInt8]) {
        precondition(bytes.count == StoreKey.keyLength && salt.count == StoreKey.saltLength)
        self.bytes = bytes
        self.salt = salt
    }

    /// The key for `passphrase` and the file's `salt`.
    public static func derive(passphrase: [UInt8], salt: [UInt8]) -> StoreKey {
        prepareCryptoLibrary()
        var key = [UInt8](repeating: 0, count: keyLength)
        let result = passphrase.withUnsafeBufferPointer { pass in
            pass.withMemoryRebound(to: CChar.self) { pass in
                PKCS5_PBKDF2_HMAC(pass.baseAddress, Int32(pass.count), salt, Int32(salt.count), rounds,
                                  EVP_sha512(), Int32(keyLength), &key)
            }
        }
        // OpenSSL fails here only when it cannot allocate a few hundred bytes.
        precondition(result == 1, "PBKDF2 failed")
        return StoreKey(bytes: key, salt: salt)
    }

    /// A new salt, for a store about to be written with a new passphrase.
    public static func newSalt() -> [UInt8] {
        var generator = SystemRandomNumberGenerator()
        return (0..<saltLength).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
    }

    /// The salt as the cache names the key of its store.
    public var identity: String { StoreKey.identity(ofSalt: salt) }

    public static func identity(ofSalt salt: [UInt8]) -> String { hex(salt) }

    /// The key as SQLCipher takes a raw key with its salt: `x'KEYSALT'`, 96 hex digits.
    /// It is bytes, not a String, so that it can be wiped when used.
    func sqlcipherLiteral() -> [UInt8] {
        Array("x'".utf8) + Array(StoreKey.hex(bytes + salt).utf8) + [UInt8(ascii: "'")]
    }

    /// The bytes `text` writes in hexadecimal; nil when it is not hexadecimal.
    package static func bytes(ofHex text: String) -> [UInt8]? {
        let digits = Array(text.utf8)
        guard digits.count % 2 == 0 else { return nil }
        var bytes = [UInt8]()
        bytes.reserveCapacity(digits.count / 2)
        for index in stride(from: 0, to: digits.count, by: 2) {
            guard let high = NodeID.hexValue(digits[index]), let low = NodeID.hexValue(digits[index + 1]) else { return nil }
            bytes.append(high << 4 | low)
        }
        return bytes
    }

    package static func hex(_ bytes: [UInt8]) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var text = [UInt8]()
        text.reserveCapacity(bytes.count * 2)
        for byte in bytes {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: text, as: UTF8.self)
    }
}

/// OpenSSL, which SQLCipher encrypts with, set up before its first use, once a process:
/// without its table of every legacy cipher and digest name, its configuration file and
/// its error strings, which jotter never looks up. Its first use otherwise builds the
/// table of names from all of them, much of what an encrypted store's one-shot command
/// paid before its first page. The algorithms jotter uses (AES-256, HMAC-SHA512,
/// PBKDF2) come from the default provider either way.
private let cryptoLibraryPrepared: Bool = {
    OPENSSL_init_crypto(UInt64(OPENSSL_INIT_NO_ADD_ALL_CIPHERS | OPENSSL_INIT_NO_ADD_ALL_DIGESTS
                               | OPENSSL_INIT_NO_LOAD_CONFIG | OPENSSL_INIT_NO_LOAD_CRYPTO_STRINGS), nil) == 1
}()

package func prepareCryptoLibrary() {
    _ = cryptoLibraryPrepared
}
