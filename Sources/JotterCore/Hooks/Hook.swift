/// A command this machine's user runs around entries committed at a place or below it.
public struct Hook: Equatable, Sendable {
    public enum Timing: String, CaseIterable, Sendable {
        /// Runs before the write, and may refuse or replace the entry.
        case before
        /// Runs once the entry is committed, and cannot undo it.
        case after
    }

    public enum Event: String, CaseIterable, Sendable {
        case add, edit, done, rm
    }

    public static let defaultTimeoutSeconds = 5
    /// What `hook add --timeout` takes; a hook read from the file with another is damage.
    public static let timeoutRange = 1...3600

    /// The hook's row, which `hook rm` names by its position among its place's hooks.
    public var seq: Int64
    /// The list or item it belongs to; nil for the root.
    public var ownerSeq: Int64?
    public var timing: Timing
    public var event: Event
    public var command: String
    public var timeoutSeconds: Int
    /// Whether it was set up by this user on this machine for this very store file;
    /// a hook that came with a copied store waits until it is trusted.
    public var isTrusted: Bool

    public init(seq: Int64, ownerSeq: Int64?, timing: Timing, event: Event, command: String,
                timeoutSeconds: Int, isTrusted: Bool) {
        self.seq = seq
        self.ownerSeq = ownerSeq
        self.timing = timing
        self.event = event
        self.command = command
        self.timeoutSeconds = timeoutSeconds
        self.isTrusted = isTrusted
    }
}

/// The hooks of one place on the way from the root to an entry, and whether the place
/// shuts out the hooks of the places above it.
public struct HookLevel: Equatable, Sendable {
    public var path: NavigationPath
    public var isScoped: Bool
    /// In the order they were added.
    public var hooks: [Hook]

    public init(path: NavigationPath, isScoped: Bool, hooks: [Hook]) {
        self.path = path
        self.isScoped = isScoped
        self.hooks = hooks
    }
}

/// Which hooks run for an entry, in the order they run.
public enum HookOrder {
    /// `levels` go from the root down to the entry's own place. Outermost first, and
    /// within a place in the order its hooks were added; a place with its scope on
    /// drops every level above it.
    public static func applying(_ levels: [HookLevel]) -> [(hook: Hook, place: NavigationPath)] {
        let start = levels.lastIndex(where: \.isScoped) ?? 0
        return levels[start...].flatMap { level in level.hooks.map { (hook: $0, place: level.path) } }
    }
}
