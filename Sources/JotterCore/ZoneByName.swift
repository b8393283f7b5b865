#if canImport(Glibc)
import Glibc
#endif

/// A zone `import --tz` names, read on its own: the process's `TZ`, which hooks and
/// every other time of the import go by, stays as the user set it.
public enum ZoneByName {
    /// The zone `name` names: one of the system's tz database (`Europe/Paris`, `UTC`),
    /// in `TZDIR` as the C library finds it, or an offset from UTC (`+05:30`, `-03`); nil
    /// for anything else.
    public static func zone(_ name: String) -> (any LocalZone)? {
        if let offset = offsetSeconds(name) { return FixedOffsetZone(seconds: offset) }
        let folder = getenv("TZDIR").map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 } ?? "/usr/share/zoneinfo"
        return TZifZone.named(name, in: folder)
    }

    /// `+HH`, `-HH`, `+HH:MM` or `-HH:MM` in seconds east of UTC.
    private static func offsetSeconds(_ text: String) -> Int64? {
        let bytes = Array(text.utf8)
        guard bytes.count == 3 || bytes.count == 6, bytes[0] == UInt8(ascii: "+") || bytes[0] == UInt8(ascii: "-"),
              bytes.count == 3 || bytes[3] == UInt8(ascii: ":") else { return nil }
        let digits = bytes.count == 3 ? [bytes[1], bytes[2]] : [bytes[1], bytes[2], bytes[4], bytes[5]]
        guard digits.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) else { return nil }
        let values = digits.map { Int64($0 - UInt8(ascii: "0")) }
        let hours = values[0] * 10 + values[1]
        let minutes = values.count == 4 ? values[2] * 10 + values[3] : 0
        guard hours < 24, minutes < 60 else { return nil }
        return (bytes[0] == UInt8(ascii: "+") ? 1 : -1) * (hours * 3600 + minutes * 60)
    }
}

/// One offset from UTC all year.
struct FixedOffsetZone: LocalZone {
    let seconds: Int64

    func offsetSeconds(atUTCSeconds utcSeconds: Int64) -> Int64 { seconds }
}
