#if canImport(Glibc)
import Glibc
#endif

/// A zone of the system's tz database, read from its TZif file (RFC 8536) as the C
/// library reads `TZ`: the offsets at each transition, then the rule of the file's
/// footer past the last one. Read here because the C library answers for one zone per
/// process only, and Foundation's `TimeZone` would load ICU into every command for it.
struct TZifZone: LocalZone {
    /// The instants the offset changes at, in seconds since the epoch, ascending.
    let transitions: [Int64]
    /// The offset in force from each transition on.
    let offsets: [Int64]
    /// The offset before the first transition (the file's time type 0).
    let offsetBefore: Int64
    /// The offsets after the last transition.
    let rule: PosixZoneRule?

    func offsetSeconds(atUTCSeconds utcSeconds: Int64) -> Int64 {
        if let rule, transitions.last.map({ utcSeconds >= $0 }) ?? true { return rule.offsetSeconds(atUTCSeconds: utcSeconds) }
        var lower = 0
        var upper = transitions.count
        while lower < upper {
            let middle = (lower + upper) / 2
            if transitions[middle] <= utcSeconds { lower = middle + 1 } else { upper = middle }
        }
        return lower == 0 ? offsetBefore : offsets[lower - 1]
    }

    /// The zone `name` names under `folder`; nil when no TZif file is there.
    static func named(_ name: String, in folder: String) -> TZifZone? {
        let parts = name.split(separator: "/", omittingEmptySubsequences: false)
        guard !name.isEmpty, !parts.contains(where: { $0.isEmpty || $0 == "." || $0 == ".." }) else { return nil }
        let descriptor = open(folder + "/" + name, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        // The largest file of the database is under 4 KiB.
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 16_384)
        while bytes.count <= 1 << 20 {
            let count = read(descriptor, &chunk, chunk.count)
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            bytes += chunk[..<count]
        }
        return TZifZone(bytes)
    }

    /// The zone a TZif file holds; nil for anything else.
    init?(_ bytes: [UInt8]) {
        var reader = BigEndianReader(bytes: bytes)
        guard let header = reader.header() else { return nil }
        var timeSize = 4
        var counts = header.counts
        if header.version >= 2 {
            // The version 1 data is skipped for the 64-bit times that follow it.
            guard reader.skip(counts.dataLength(timeSize: 4)), let second = reader.header() else { return nil }
            counts = second.counts
            timeSize = 8
        }
        guard counts.types > 0 else { return nil }
        var transitions: [Int64] = []
        for _ in 0..<counts.transitions {
            guard let time = reader.integer(size: timeSize, signed: true) else { return nil }
            transitions.append(time)
        }
        var typeIndices: [Int] = []
        for _ in 0..<counts.transitions {
            guard let index = reader.integer(size: 1, signed: false), index < counts.types else { return nil }
            typeIndices.append(Int(index))
        }
        var typeOffsets: [Int64] = []
        for _ in 0..<counts.types {
            guard let offset = reader.integer(size: 4, signed: true), reader.skip(2) else { return nil }
            typeOffsets.append(offset)
        }
        guard reader.skip(counts.characters + counts.leapSeconds * (timeSize + 4) + counts.standardFlags + counts.utcFlags)
        else { return nil }
        self.transitions = transitions
        offsets = typeIndices.map { typeOffsets[$0] }
        offsetBefore = typeOffsets[0]
        rule = header.version >= 2 ? reader.footer().flatMap(PosixZoneRule.init) : nil
    }
}

/// The rule of a `TZ` value in POSIX's form, as a TZif file's footer holds it
/// (`CET-1CEST,M3.5.0,M10.5.0/3`): a standard offset and, when the zone has daylight
/// time, its offset and the days and times it starts and ends each year.
struct PosixZoneRule {
    /// A day of the year on which daylight time starts or ends.
    enum Day {
        /// `Mm.w.d`: weekday `d` (0 is Sunday) of week `w` of month `m`, 5 the last.
        case weekday(month: Int64, week: Int64, weekday: Int64)
        /// `Jn`: day `n`, 1 to 365, not counting 29 February.
        case julian(Int64)
        /// `n`: day `n`, 0 to 365, counting it.
        case ordinal(Int64)

        /// Days since the epoch of this day in `year`.
        func daysSinceEpoch(in year: Int64) -> Int64 {
            let newYear = Timestamp.daysSinceEpoch(year: year, month: 1, day: 1)
            switch self {
            case let .weekday(month, week, weekday):
                let first = Timestamp.daysSinceEpoch(year: year, month: month, day: 1)
                let firstWeekday = (first + 4).floorDivided(by: 7).remainder
                var day = first + (weekday - firstWeekday + 7) % 7 + 7 * (week - 1)
                if day >= first + Timestamp.daysIn(month: month, year: year) { day -= 7 }
                return day
            case .julian(let number):
                return newYear + number - 1 + (Timestamp.isLeap(year) && number >= 60 ? 1 : 0)
            case .ordinal(let number):
                return newYear + number
            }
        }
    }

    struct Daylight {
        let offset: Int64
        let start: Day
        let startTime: Int64
        let end: Day
        let endTime: Int64
    }

    let standardOffset: Int64
    let daylight: Daylight?

    func offsetSeconds(atUTCSeconds utcSeconds: Int64) -> Int64 {
        guard let daylight else { return standardOffset }
        let localDays = (utcSeconds + standardOffset).floorDivided(by: 86_400).quotient
        let year = Timestamp.civilDate(daysSinceEpoch: localDays).year
        let start = daylight.start.daysSinceEpoch(in: year) * 86_400 + daylight.startTime - standardOffset
        let end = daylight.end.daysSinceEpoch(in: year) * 86_400 + daylight.endTime - daylight.offset
        // South of the equator daylight time spans the new year: it is in force outside
        // the span from its end to its start.
        let isDaylight = start < end ? (start <= utcSeconds && utcSeconds < end) : !(end <= utcSeconds && utcSeconds < start)
        return isDaylight ? daylight.offset : standardOffset
    }

    init?(_ text: String) {
        var scanner = PosixZoneScanner(Array(text.utf8))
        guard scanner.name(), let standard = scanner.offset() else { return nil }
        standardOffset = -standard
        if scanner.isAtEnd {
            daylight = nil
            return
        }
        guard scanner.name() else { return nil }
        let offset = scanner.peekIsOffset ? scanner.offset().map { -$0 } : standardOffset + 3600
        guard let offset else { return nil }
        // Without days, POSIX leaves them to the implementation; glibc takes the
        // United States' rule, as here.
        guard scanner.isAtEnd || scanner.skip(UInt8(ascii: ",")) else { return nil }
        let rules = scanner.isAtEnd ? (Day.weekday(month: 3, week: 2, weekday: 0), 7200, Day.weekday(month: 11, week: 1, weekday: 0), 7200)
            : scanner.rules()
        guard let (start, startTime, end, endTime) = rules, scanner.isAtEnd else { return nil }
        daylight = Daylight(offset: offset, start: start, startTime: startTime, end: end, endTime: endTime)
    }
}

/// Reads the parts of a POSIX `TZ` value.
private struct PosixZoneScanner {
    let bytes: [UInt8]
    var index = 0

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    var isAtEnd: Bool { index == bytes.count }

    private var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    var peekIsOffset: Bool {
        current.map { $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "-") || isDigit($0) } ?? false
    }

    private func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }

    mutating func skip(_ byte: UInt8) -> Bool {
        guard current == byte else { return false }
        index += 1
        return true
    }

    /// A zone's abbreviation: three or more letters, or anything between `<` and `>`.
    mutating func name() -> Bool {
        if skip(UInt8(ascii: "<")) {
            while let byte = current, byte != UInt8(ascii: ">") { index += 1 }
            return skip(UInt8(ascii: ">"))
        }
        let start = index
        while let byte = current, (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) {
            index += 1
        }
        return index - start >= 3
    }

    private mutating func number() -> Int64? {
        var value: Int64 = 0
        var digits = 0
        while let byte = current, isDigit(byte), digits < 9 {
            value = value * 10 + Int64(byte - UInt8(ascii: "0"))
            digits += 1
            index += 1
        }
        return digits > 0 ? value : nil
    }

    /// `[+-]hh[:mm[:ss]]` in seconds, west of UTC as POSIX writes it; a rule's time too.
    mutating func offset() -> Int64? {
        let sign: Int64 = skip(UInt8(ascii: "-")) ? -1 : 1
        if sign == 1 { _ = skip(UInt8(ascii: "+")) }
        guard let hours = number(), hours <= 167 else { return nil }
        var seconds = hours * 3600
        if skip(UInt8(ascii: ":")) {
            guard let minutes = number(), minutes < 60 else { return nil }
            seconds += minutes * 60
            if skip(UInt8(ascii: ":")) {
                guard let rest = number(), rest < 60 else { return nil }
                seconds += rest
            }
        }
        return sign * seconds
    }

    private mutating func day() -> PosixZoneRule.Day? {
        if skip(UInt8(ascii: "M")) {
            guard let month = number(), (1...12).contains(month), skip(UInt8(ascii: ".")),
                  let week = number(), (1...5).contains(week), skip(UInt8(ascii: ".")),
                  let weekday = number(), (0...6).contains(weekday) else { return nil }
            return .weekday(month: month, week: week, weekday: weekday)
        }
        if skip(UInt8(ascii: "J")) {
            guard let number = number(), (1...365).contains(number) else { return nil }
            return .julian(number)
        }
        guard let number = number(), (0...365).contains(number) else { return nil }
        return .ordinal(number)
    }

    /// `start[/time],end[/time]`, each time 02:00 when not given.
    mutating func rules() -> (PosixZoneRule.Day, Int64, PosixZoneRule.Day, Int64)? {
        guard let start = day() else { return nil }
        let startTime = skip(UInt8(ascii: "/")) ? offset() : 7200
        guard let startTime, skip(UInt8(ascii: ",")), let end = day() else { return nil }
        let endTime = skip(UInt8(ascii: "/")) ? offset() : 7200
        guard let endTime else { return nil }
        return (start, startTime, end, endTime)
    }
}

/// Reads a TZif file's big-endian fields in order.
private struct BigEndianReader {
    struct Counts {
        let utcFlags, standardFlags, leapSeconds, transitions, types, characters: Int

        func dataLength(timeSize: Int) -> Int {
            transitions * (timeSize + 1) + types * 6 + characters + leapSeconds * (timeSize + 4) + standardFlags + utcFlags
        }
    }

    let bytes: [UInt8]
    var index = 0

    mutating func skip(_ count: Int) -> Bool {
        guard count >= 0, count <= bytes.count - index else { return false }
        index += count
        return true
    }

    mutating func integer(size: Int, signed: Bool) -> Int64? {
        guard size <= bytes.count - index else { return nil }
        var value: UInt64 = 0
        for byte in bytes[index..<index + size] { value = value << 8 | UInt64(byte) }
        index += size
        guard signed, size < 8 else { return Int64(bitPattern: value) }
        let shift = UInt64(64 - size * 8)
        return Int64(bitPattern: value << shift) >> Int64(shift)
    }

    /// The magic, the version and the six counts.
    mutating func header() -> (version: Int, counts: Counts)? {
        guard bytes.count - index >= 44, bytes[index..<index + 4].elementsEqual("TZif".utf8) else { return nil }
        let versionByte = bytes[index + 4]
        let version = versionByte == 0 ? 1 : Int(versionByte) - Int(UInt8(ascii: "0"))
        index += 20
        var values: [Int] = []
        for _ in 0..<6 {
            guard let value = integer(size: 4, signed: false), value < 1 << 20 else { return nil }
            values.append(Int(value))
        }
        return (version, Counts(utcFlags: values[0], standardFlags: values[1], leapSeconds: values[2],
                                transitions: values[3], types: values[4], characters: values[5]))
    }

    /// The text between the newlines that end a file of version 2 or later.
    mutating func footer() -> String? {
        guard skip(1), bytes[index - 1] == UInt8(ascii: "\n"),
              let end = bytes[index...].firstIndex(of: UInt8(ascii: "\n")), end > index else { return nil }
        return String(decoding: bytes[index..<end], as: UTF8.self)
    }
}
