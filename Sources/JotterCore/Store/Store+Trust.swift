/// Whether what a store holds may run a command or open a connection: only what this
/// user set with jotter in this very file, or trusted with `jotter trust` after seeing
/// it, carries a tag that holds under the user's `TrustKey`. A store copied from
/// anyone, or a row another program wrote, has none.
extension Store {
    /// The hub settings as kept, before they are checked: `jotter trust` shows them as
    /// they are, and a sync uses them only once trusted.
    public struct StoredRemote: Equatable, Sendable {
        public static let defaultJournal = "main"

        public var conninfo: String
        public var journal: String
        public var auto: Bool

        var setting: TrustedSetting { .remote(conninfo: conninfo, journal: journal, auto: auto) }
    }

    /// What waits to be trusted in this store: hooks and the hub settings that hold no
    /// tag of this user's for this file.
    public struct Untrusted: Sendable {
        public var hooks: [Hook]
        public var remote: StoredRemote?

        public var isEmpty: Bool { hooks.isEmpty && remote == nil }
    }

    /// The user's key to check tags with; nil when the user never trusted anything, or
    /// when the key cannot be used (another user's, readable by others): then nothing
    /// is trusted, entries still go in, and `jotter trust`, which needs the key, says
    /// what is wrong with it.
    func trustKeyForChecking() -> TrustKey? {
        if let foundTrustKey { return foundTrustKey }
        guard let trustKeyPath, let key = try? TrustKey.existing(at: trustKeyPath) else { return nil }
        foundTrustKey = key
        return key
    }

    /// The user's key to tag with, made the first time it is needed.
    func trustKeyForTagging() throws -> TrustKey {
        if let foundTrustKey { return foundTrustKey }
        guard let trustKeyPath else {
            throw JotterError.input("cannot tell where the trust key is kept: neither XDG_STATE_HOME nor HOME is set")
        }
        let key = try TrustKey.made(at: trustKeyPath)
        foundTrustKey = key
        return key
    }

    /// The tag of `setting` in this file; nil where the file cannot be told.
    func trustTag(_ setting: TrustedSetting, key: TrustKey) -> [UInt8]? {
        openedFile.map { key.tag(setting.message(inFile: $0)) }
    }

    /// Whether `tag` holds for `setting` in this file under the user's key.
    func isTrusted(_ setting: TrustedSetting, tag: [UInt8]?, key: TrustKey?) -> Bool {
        guard let key, let openedFile else { return false }
        return key.vouches(for: setting.message(inFile: openedFile), with: tag)
    }

    /// The hub settings, whether or not they are trusted; nil when none are set.
    public func storedRemote() throws -> StoredRemote? {
        try read {
            guard let conninfo = try setting(.remoteConninfo, { $0.string(0) }) else { return nil }
            return StoredRemote(conninfo: conninfo,
                                journal: try setting(.remoteJournal, { $0.string(0) }) ?? StoredRemote.defaultJournal,
                                auto: try setting(.remoteAuto, { $0.string(0) }) == "1")
        }
    }

    /// Whether the hub settings hold this user's tag for this file; false when none are set.
    public func remoteIsTrusted() throws -> Bool {
        try read {
            guard let remote = try storedRemote() else { return false }
            let tag = try setting(.remoteTrust) { $0.isNull(0) ? nil : $0.blob(0) } ?? nil
            return isTrusted(remote.setting, tag: tag, key: trustKeyForChecking())
        }
    }

    /// The hooks and hub settings that wait to be trusted.
    public func untrusted() throws -> Untrusted {
        try read {
            let hooks = try hooks(from: hooksStatement(where: "1")).filter { !$0.isTrusted }
            let remote = try remoteIsTrusted() ? nil : storedRemote()
            return Untrusted(hooks: hooks, remote: remote)
        }
    }

    /// Tags what `jotter trust` showed, as it was shown: a row changed since keeps a
    /// tag that does not hold for it, and stays untrusted.
    public func trust(_ shown: Untrusted) throws {
        let key = try trustKeyForTagging()
        try write {
            for hook in shown.hooks {
                try database.statement("UPDATE hook SET trust_tag = ? WHERE seq = ?")
                    .bind(1, blob: trustTag(hook.trustedSetting, key: key) ?? []).bind(2, hook.seq).run()
            }
            if let remote = shown.remote {
                try setSetting(.remoteTrust, blob: trustTag(remote.setting, key: key) ?? [])
            }
        }
    }

    /// The tags of `main` that hold for its file, made anew for the file at `target`
    /// into the attached database `schema` on `connection`: a store written anew
    /// (`encrypt`, `decrypt`, `rekey`) is the same store in another file, and keeps
    /// what its user trusted.
    func carryTrust(to target: (device: UInt64, inode: UInt64)?, schema: String, on connection: Database) throws {
        guard let key = trustKeyForChecking(), let target else { return }
        for hook in try hooks(from: hooksStatement(where: "1")) where hook.isTrusted {
            try connection.statement("UPDATE \(schema).hook SET trust_tag = ? WHERE seq = ?")
                .bind(1, blob: key.tag(hook.trustedSetting.message(inFile: target))).bind(2, hook.seq).run()
        }
        if try remoteIsTrusted(), let remote = try storedRemote() {
            try connection.statement("UPDATE \(schema).setting SET value = ? WHERE key = ?")
                .bind(1, blob: key.tag(remote.setting.message(inFile: target))).bind(2, Setting.remoteTrust.key).run()
        }
    }
}

extension Hook {
    var trustedSetting: TrustedSetting {
        .hook(seq: seq, ownerSeq: ownerSeq, timing: timing, event: event, command: command, timeoutSeconds: timeoutSeconds)
    }
}
