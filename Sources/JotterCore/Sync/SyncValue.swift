/// The JSON of operations' values as this store writes them (see docs/sync.md); they
/// are read back with SQLite's JSON functions (`SyncMerge`).
enum SyncValue {
    /// The largest value applied: a longer one is parked.
    static let largest = 64 << 20

    /// `text` as a JSON string.
    static func quoted(_ text: String) -> String {
        var text = text
        return text.withUTF8 { value("", quoting: ColumnText(bytes: $0), "") }
    }

    private static func quotedLength(of byte: UInt8) -> Int {
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "\n"), UInt8(ascii: "\t"), UInt8(ascii: "\r"): 2
        case ..<0x20: 6
        default: 1
        }
    }

    /// `head`, `text` as a JSON string, then `tail`, made in one string of its final size
    /// straight from where SQLite holds the text: the entry's text copied into a Swift
    /// string first was a third copy of it at a push's peak (docs/sync.md, "Long values").
    static func value(_ head: String, quoting text: ColumnText, _ tail: String) -> String {
        var length = head.utf8.count + 2 + tail.utf8.count
        for byte in text.bytes { length += quotedLength(of: byte) }
        return String(unsafeUninitializedCapacity: length) { buffer in
            var end = 0
            func put(_ byte: UInt8) {
                buffer[end] = byte
                end += 1
            }
            head.utf8.forEach(put)
            put(UInt8(ascii: "\""))
            for byte in text.bytes {
                switch byte {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"): put(UInt8(ascii: "\\")); put(byte)
                case UInt8(ascii: "\n"): put(UInt8(ascii: "\\")); put(UInt8(ascii: "n"))
                case UInt8(ascii: "\t"): put(UInt8(ascii: "\\")); put(UInt8(ascii: "t"))
                case UInt8(ascii: "\r"): put(UInt8(ascii: "\\")); put(UInt8(ascii: "r"))
                case ..<0x20:
                    "\\u00".utf8.forEach(put)
                    put(hexDigits[Int(byte >> 4)])
                    put(hexDigits[Int(byte & 0xf)])
                default: put(byte)
                }
            }
            put(UInt8(ascii: "\""))
            tail.utf8.forEach(put)
            return end
        }
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    static func number(_ value: Int64?) -> String {
        value.map(String.init) ?? "null"
    }

    static func id(_ value: NodeID?) -> String {
        value.map { quoted($0.description) } ?? "null"
    }
}

/// A value from the hub, JSON text read with SQLite's JSON functions.
struct SyncJSON {
    let text: String
}

/// A property operations set, as the wire names it.
enum SyncProperty: Equatable {
    case create, text, parent, done, trashed, purge
    /// An entry's date (`edit --at`): `{"created":MILLISECONDS,"offset":SECONDS}`.
    case created
    case field(String)
    case fieldDefinition(String)
    case option(String)

    init?(_ name: String) {
        switch name {
        case "create": self = .create
        case "text": self = .text
        case "parent": self = .parent
        case "done": self = .done
        case "trashed": self = .trashed
        case "purge": self = .purge
        case "created": self = .created
        default:
            if name.hasPrefix("field:"), name.count > 6 {
                self = .field(String(name.dropFirst(6)))
            } else if name.hasPrefix("fielddef:"), name.count > 9 {
                self = .fieldDefinition(String(name.dropFirst(9)))
            } else if name.hasPrefix("option:"), name.count > 7 {
                self = .option(String(name.dropFirst(7)))
            } else {
                return nil
            }
        }
    }

    /// Whether the property is a value that the later change replaces whole: a
    /// change of it made on this machine and not sent yet stays over a pulled one.
    var isValue: Bool {
        switch self {
        case .text, .done, .created, .field, .fieldDefinition, .option: true
        case .create, .parent, .trashed, .purge: false
        }
    }

    /// Whether a change of the property ends the conflicts its maker saw and replaced
    /// (`forgetSyncConflicts`), and a value of it that lost is kept as a value's is (one
    /// that agrees with the value shown unlisted, none a later change saw): a value's,
    /// and the trash mark's, as a restore made on top of an `rm` means that `rm` stands
    /// nowhere.
    var endsTheConflictsItSaw: Bool {
        isValue || self == .trashed
    }

    /// Whether a change of the property forgets the kept values it was made on top of
    /// (`forgetSyncConflicts`): one that ends the conflicts it saw, and a move, which
    /// replaces the moves it saw though a move that lost is not weighed as a value is.
    var forgetsWhatItSaw: Bool {
        endsTheConflictsItSaw || self == .parent
    }

    /// Whether a change of the property says where a list stands: its name, its place
    /// or its trash mark, which may set it beside a list of its name to merge with.
    var placesAList: Bool {
        self == .text || self == .parent || self == .trashed
    }

    /// Whether the property belongs to a place's form, which the root has too.
    var isOfAPlace: Bool {
        switch self {
        case .fieldDefinition, .option: true
        default: false
        }
    }
}

extension Statement {
    /// Binds an id's bytes, or NULL.
    @discardableResult
    func bind(_ index: Int32, id: NodeID?) -> Statement {
        guard let id else { return bind(index, nil as Int64?) }
        return bind(index, blob: id.bytes)
    }
}
