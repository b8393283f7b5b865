import CKeyutils
import Foundation
@testable import JotterCore
import SystemCallFilter
import Testing

/// The key cache against the real kernel keyring. Each test keeps its keys in a keyring
/// of its own, linked in this process's keyring, so that `forgetAll` here never drops
/// the keys of a jotter the user (or another test run) has unlocked; the test of the
/// real user session keyring uses an identity nobody else has.
@Suite struct KeyCacheTests {
    let key: [UInt8] = (0..<32).map { UInt8($0 * 7 % 256) }

    /// A fresh identity, as a store's salt gives one: hex.
    func identity() -> String {
        UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
    }

    /// A keyring of the test's own, destroyed at the end of `body`.
    func withPrivateKeyring<T>(_ body: (key_serial_t) throws -> T) throws -> T {
        let keyring = add_key("keyring", "jotter-tests-\(identity())", nil, 0, KEY_SPEC_PROCESS_KEYRING)
        try #require(keyring > 0, "cannot make a keyring: \(String(cString: strerror(errno)))")
        defer { keyctl_invalidate(keyring) }
        return try body(keyring)
    }

    @Test func aRememberedKeyComesBack() throws {
        try withPrivateKeyring { keyring in
            let cache = KeyCache(timeoutSeconds: 60, keyring: keyring)
            let store = identity()
            #expect(cache.key(for: store) == nil)
            try cache.remember(key, for: store)
            #expect(cache.key(for: store) == key)
            #expect(cache.key(for: identity()) == nil, "another store's key is not this one")
        }
    }

    @Test func rememberingAgainReplacesTheKey() throws {
        try withPrivateKeyring { keyring in
            let cache = KeyCache(timeoutSeconds: 60, keyring: keyring)
            let store = identity()
            try cache.remember(key, for: store)
            let rekeyed = key.reversed() as [UInt8]
            try cache.remember(rekeyed, for: store)
            #expect(cache.key(for: store) == rekeyed)
            #expect(cache.forgetAll() == 1, "one key per store")
        }
    }

    /// The kernel counts a timeout from the start of the current second, so a key kept
    /// for 1 s may be gone at once: 2 s leaves it there to be seen first.
    @Test func aKeyIsGoneOnceItsTimeoutRunsOut() throws {
        try withPrivateKeyring { keyring in
            let cache = KeyCache(timeoutSeconds: 2, keyring: keyring)
            let store = identity()
            try cache.remember(key, for: store)
            #expect(cache.key(for: store) == key)
            // The kernel drops it within two seconds; nothing here bounds how long that takes.
            while cache.key(for: store) != nil { usleep(50_000) }
            #expect(cache.key(for: store) == nil)
        }
    }

    /// A timeout of 0 is none at all to the kernel ("perm" in /proc/keys): it is taken
    /// as a second instead.
    @Test func aTimeoutOfZeroDoesNotKeepTheKeyForever() throws {
        try withPrivateKeyring { keyring in
            let cache = KeyCache(timeoutSeconds: 0, keyring: keyring)
            let store = identity()
            try cache.remember(key, for: store)
            let found = keyctl_search(keyring, "user", KeyCache.descriptionPrefix + store, 0)
            // Not found: it has expired already, which a key kept forever never does.
            guard found > 0 else { return }
            let serial = String(UInt32(found), radix: 16)
            // Gone from the list by now: expired between the search and this read.
            guard let line = try String(contentsOfFile: "/proc/keys", encoding: .utf8).split(separator: "\n")
                .map({ $0.split(separator: " ", omittingEmptySubsequences: true) })
                .first(where: { $0.first.map { String($0).lowercased() } == serial }) else { return }
            #expect(line[3] != "perm")
        }
    }

    @Test func forgetDropsOnlyThatStoresKey() throws {
        try withPrivateKeyring { keyring in
            let cache = KeyCache(timeoutSeconds: 60, keyring: keyring)
            let (first, second) = (identity(), identity())
            try cache.remember(key, for: first)
            try cache.remember(key, for: second)
            cache.forget(identity: first)
            #expect(cache.key(for: first) == nil)
            #expect(cache.key(for: second) == key)
            cache.forget(identity: first)
            #expect(cache.key(for: second) == key, "forgetting a key that is not there changes nothing")
        }
    }

    @Test func forgetAllDropsEveryJotterKeyAndNothingElse() throws {
        try withPrivateKeyring { keyring in
            let cache = KeyCache(timeoutSeconds: 60, keyring: keyring)
            let stores = [identity(), identity(), identity()]
            for store in stores { try cache.remember(key, for: store) }
            let others = add_key("user", "someone-else:\(identity())", "x", 1, keyring)
            try #require(others > 0)
            #expect(cache.forgetAll() == 3)
            for store in stores { #expect(cache.key(for: store) == nil) }
            #expect(keyctl_read(others, nil, 0) == 1, "a key that is not jotter's stays")
            #expect(cache.forgetAll() == 0)
        }
    }

    @Test func aKeptKeyIsClosedToOtherUsers() throws {
        try withPrivateKeyring { keyring in
            let cache = KeyCache(timeoutSeconds: 60, keyring: keyring)
            let store = identity()
            try cache.remember(key, for: store)
            let serial = keyctl_search(keyring, "user", KeyCache.descriptionPrefix + store, 0)
            try #require(serial > 0)
            var description = [CChar](repeating: 0, count: 512)
            let length = keyctl_describe(key_serial_t(serial), &description, description.count)
            try #require(length > 0)
            let fields = String(decoding: description.prefix(Int(length) - 1).map { UInt8(bitPattern: $0) }, as: UTF8.self)
                .split(separator: ";")
            // Possessor: everything; user: everything; group and others: nothing.
            #expect(fields[3] == "3f3f0000")
        }
    }

    /// The real user session keyring, from a process in a session keyring of its own
    /// (as a second login of the same user is): there the key is not possessed, and
    /// is still readable by the user it belongs to.
    @Test func anotherSessionOfTheSameUserReadsTheKey() throws {
        let cache = KeyCache(timeoutSeconds: 60)
        let store = identity()
        try cache.remember(key, for: store)
        defer { cache.forget(identity: store) }
        let read = try Self.run("/usr/bin/keyctl", ["session", "-", "sh", "-c",
                                                     "keyctl pipe \"$(keyctl search @us user \(KeyCache.descriptionPrefix + store))\""])
        #expect(read.status == 0)
        #expect(read.output == key)
        cache.forget(identity: store)
        #expect(cache.key(for: store) == nil)
    }

    /// A container's system call filter refuses the keyring outright, as Docker's
    /// default profile does (EPERM) or as a kernel without keys does (ENOSYS). The
    /// filter is put on a thread of its own, which then does what a command would.
    @Test(arguments: [(EPERM, "access to the kernel keyring is refused here"), (ENOSYS, "the kernel has no keyring support")])
    func withoutAKeyringNothingIsKeptAndTheReasonIsGiven(errorNumber: Int32, reason: String) throws {
        let store = identity()
        let key = self.key
        let outcome = Self.onThreadOfItsOwn {
            guard jotter_refuse_keyring_calls_on_this_thread(errorNumber) == 0 else {
                return RefusedKeyring(filtered: false, remembering: nil, found: nil, forgotten: -1)
            }
            let cache = KeyCache(timeoutSeconds: 60)
            var remembering: KeyringUnavailable?
            do { try cache.remember(key, for: store) } catch { remembering = error as? KeyringUnavailable }
            return RefusedKeyring(filtered: true, remembering: remembering, found: cache.key(for: store),
                                  forgotten: cache.forgetAll())
        }
        try #require(outcome.filtered, "a thread can filter its own system calls")
        #expect(outcome.remembering == KeyringUnavailable(reason: reason))
        #expect(outcome.found == nil)
        #expect(outcome.forgotten == 0)
        #expect(outcome.remembering?.description == "no kernel keyring here (\(reason)); the passphrase will be asked each time")
        #expect(KeyCache(timeoutSeconds: 60).key(for: store) == nil, "nothing was kept for the store")
    }

    @Test func theKeyTimeoutComesFromTheEnvironment() throws {
        #expect(try KeyCache.timeoutSeconds(environment: [:]) == 900)
        #expect(try KeyCache.timeoutSeconds(environment: ["JOTTER_KEY_TIMEOUT": "1"]) == 1)
        #expect(try KeyCache.timeoutSeconds(environment: ["JOTTER_KEY_TIMEOUT": "3600"]) == 3600)
        for bad in ["0", "-5", "+5", "1.5", "ten", " 60", "99999999999999999999"] {
            #expect(throws: JotterError.input("JOTTER_KEY_TIMEOUT: '\(bad)' is not a whole number of seconds above 0")) {
                try KeyCache.timeoutSeconds(environment: ["JOTTER_KEY_TIMEOUT": bad])
            }
        }
    }

    @Test func wipingZeroesTheBytesItHeld() {
        var secret: [UInt8] = Array("correct horse".utf8)
        let storage = secret.withUnsafeBufferPointer { $0 }
        secret.wipe()
        #expect(secret.isEmpty)
        #expect(storage.allSatisfy { $0 == 0 })
    }

    struct RefusedKeyring: Sendable {
        var filtered: Bool
        var remembering: KeyringUnavailable?
        var found: [UInt8]?
        var forgotten: Int
    }

    /// Runs `body` on a new thread that ends with it, so that what it does to its own
    /// thread (a system call filter) stays there.
    static func onThreadOfItsOwn(_ body: @escaping @Sendable () -> RefusedKeyring) -> RefusedKeyring {
        final class Box: @unchecked Sendable { var value: RefusedKeyring? }
        let box = Box()
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            box.value = body()
            done.signal()
        }
        thread.start()
        done.wait()
        return box.value!
    }

    static func run(_ executable: String, _ arguments: [String]) throws -> (status: Int32, output: [UInt8]) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        // keyctl says which session keyring it joined.
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, Array(data))
    }
}
