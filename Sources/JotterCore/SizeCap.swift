/// The most one entry, one field value and one list's name may hold, in UTF-8 bytes:
/// far more than a person writes in one place, and little enough that every command
/// handles one with ordinary code in bounded memory. Checked wherever such text is
/// written anew (`add`, `edit`, the prompt, an import, a pull); an entry an older jotter
/// stored longer is still read, listed and exported as it is.
public enum SizeCap {
    /// An entry's (an item's) text.
    public static let entryBytes = 1 << 20
    /// One field value: a value is a line beside the entry, not a second entry.
    public static let fieldValueBytes = 64 << 10
    /// A list's name, typed to address the list.
    public static let nameBytes = 4 << 10

    /// Why an entry of `bytes` bytes cannot be written, or nil when it can.
    public static func problem(withEntryOf bytes: Int) -> String? {
        guard bytes > entryBytes else { return nil }
        return "the entry is \(size(bytes)); an entry holds at most \(size(entryBytes)): "
            + "keep long text in a file and write its path in the entry"
    }

    /// Why `text` cannot be an entry's text, or nil when it can.
    public static func problem(withEntry text: String) -> String? {
        problem(withEntryOf: text.utf8.count)
    }

    /// Why `value` cannot be the value of the field `name`, or nil when it can.
    public static func problem(withValue value: String, ofField name: String) -> String? {
        let bytes = value.utf8.count
        guard bytes > fieldValueBytes else { return nil }
        return "the value of '\(DisplayText.escaped(String(name.prefix(80))))' is \(size(bytes)); "
            + "a field value holds at most \(size(fieldValueBytes)): put long text in the entry itself"
    }

    /// Why `name` cannot name a list, or nil when it can.
    public static func problem(withName name: String) -> String? {
        let bytes = name.utf8.count
        guard bytes > nameBytes else { return nil }
        return "the name is \(size(bytes)); a list's name holds at most \(size(nameBytes)): "
            + "give the list a shorter name"
    }

    /// Why the node of `kind` cannot hold `text`, or nil when it can: an item's text is
    /// an entry, a list's is its name.
    public static func problem(with text: String, of kind: Node.Kind) -> String? {
        kind == .item ? problem(withEntry: text) : problem(withName: text)
    }

    /// `bytes` in the largest unit it fills, to a tenth, rounded up so that a size over
    /// a cap never reads as the cap itself.
    package static func size(_ bytes: Int) -> String {
        for (unit, name) in [(1 << 20, "MiB"), (1 << 10, "KiB")] where bytes >= unit {
            let tenths = (bytes * 10 + unit - 1) / unit
            return tenths % 10 == 0 ? "\(tenths / 10) \(name)" : "\(tenths / 10).\(tenths % 10) \(name)"
        }
        return bytes == 1 ? "1 byte" : "\(bytes) bytes"
    }
}
