/// What went wrong, worded for the user: each error is one line that names what and
/// where. The kind decides the exit status of a one-shot command.
public struct JotterError: Error, Equatable, CustomStringConvertible {
    public enum Kind: Sendable {
        /// The input or the target was wrong: exit status 1.
        case input
        /// The store cannot be used as asked (not a jotter store, newer schema, damaged,
        /// no permission, another user's, disk full, held locked): exit status 3.
        case store
        /// The output could not be written (a full disk, a closed file): exit status
        /// 4, apart from 3, as the command may have changed the store all the same.
        case output
        /// The hub could not be used for a sync (down, unreachable, a wrong password, a
        /// hub of a newer jotter, no libpq): exit status 5. Nothing local was lost.
        case hub
        /// The hub does not hold what this store pulled from it and sent to it: restored
        /// from an older backup, rolled back, replaced by an empty database, or another
        /// journal. Exit status 6; nothing was applied, and `jotter remote rebuild` sends
        /// it what it lost.
        case hubLost
        /// The keys of a sealed journal could not be opened here: a wrong journal
        /// passphrase, or none to be had. Exit status 7; nothing was changed.
        case journalKey
    }

    public let kind: Kind
    public let message: String

    public init(_ kind: Kind = .input, _ message: String) {
        self.kind = kind
        self.message = message
    }

    public var description: String { message }

    public static func input(_ message: String) -> JotterError { JotterError(.input, message) }
    public static func store(_ message: String) -> JotterError { JotterError(.store, message) }
    public static func output(_ message: String) -> JotterError { JotterError(.output, message) }

    /// `node` was deleted or undone by another command after it was looked up.
    static func gone(_ node: Node) -> JotterError {
        .input("\(node.quotedName) was deleted just now; nothing was changed")
    }

    /// The store at `path` is damaged, as `what` says: the command stops, and any
    /// write it had begun is rolled back.
    public static func damaged(path: String, _ what: String) -> JotterError {
        .store("\(path): the store is damaged (\(what)); nothing was changed; 'jotter check' tells what is wrong")
    }

    /// The store at `path` is too damaged to be opened, so `check` cannot look at it
    /// either: what is left to do.
    public static func damagedBeyondOpening(path: String, _ what: String) -> JotterError {
        .store("\(path): the store is damaged (\(what)); the file was left as it is; restore it from a backup, or see 'jotter check --help' to save what can be read")
    }

    /// The key given for the encrypted store at `path` does not open it.
    public static func wrongKey(path: String) -> JotterError {
        .store("\(path): wrong passphrase (or the file is damaged, or not a jotter store); the file was left as it is")
    }

    /// The disk under the store at `path` has no room for what was to be written.
    static func diskFull(path: String) -> JotterError {
        .store("\(path): the disk is full; nothing was changed")
    }

    /// Translates an SQLite failure during use of the store at `path` into what the
    /// user can act on.
    public static func from(_ error: SQLiteError, path: String) -> JotterError {
        if error.isBusy {
            return .store("\(path): the store is busy (another jotter is writing to it); nothing was changed, try again")
        }
        if error.isDiskFull {
            return diskFull(path: path)
        }
        if error.isReadOnly {
            return .store("\(path): the store cannot be written (\(StoreFile.whyNotWritable(path) ?? error.message))")
        }
        if error.isNotADatabase || error.isCorrupt {
            return damaged(path: path, error.message)
        }
        return .store("\(path): \(error.message)")
    }
}
