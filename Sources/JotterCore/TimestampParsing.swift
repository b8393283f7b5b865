extension Timestamp {
    /// Reads what `rfc3339` writes, and the common variants people's files hold:
    /// `2026-11-22T07:15:29.653+01:00`, `…Z`, a space for the `T`, no fraction or any
    /// number of fraction digits (cut to milliseconds), no seconds, or a date alone.
    /// Without an offset the time is read in `zone`, with the offset in force at that
    /// moment; a time its clocks skip is read as the instant they jump, as `log` reads it.
    public init?(parsing text: String, in zone: any LocalZone) {
        var scanner = DigitScanner(Array(text.utf8))
        guard let year = scanner.number(digits: 4), scanner.skip("-"),
              let month = scanner.number(digits: 2), scanner.skip("-"),
              let day = scanner.number(digits: 2),
              (1...12).contains(month), (1...Timestamp.daysIn(month: month, year: year)).contains(day) else { return nil }
        var hour: Int64 = 0, minute: Int64 = 0, second: Int64 = 0, milliseconds: Int64 = 0
        if scanner.skip("T") || scanner.skip("t") || scanner.skip(" ") {
            guard let h = scanner.number(digits: 2), scanner.skip(":"), let m = scanner.number(digits: 2),
                  h < 24, m < 60 else { return nil }
            hour = h
            minute = m
            if scanner.skip(":") {
                guard let s = scanner.number(digits: 2), s < 60 else { return nil }
                second = s
                if scanner.skip(".") {
                    guard let fraction = scanner.fraction() else { return nil }
                    milliseconds = fraction
                }
            }
        }
        let days = Timestamp.daysSinceEpoch(year: year, month: month, day: day)
        let local = ((days * 24 + hour) * 60 + minute) * 60 + second
        var offset: Int64
        var wallClock = local
        if scanner.skip("Z") || scanner.skip("z") {
            offset = 0
        } else if let sign: Int64 = scanner.skip("+") ? 1 : scanner.skip("-") ? -1 : nil {
            guard let h = scanner.number(digits: 2), h < 24 else { return nil }
            _ = scanner.skip(":")
            guard let m = scanner.number(digits: 2), m < 60 else { return nil }
            offset = sign * (h * 3600 + m * 60)
        } else {
            guard scanner.isAtEnd else { return nil }
            let instant = zone.firstInstant(readingWallClock: local)
            let exactOffset = zone.offsetSeconds(atUTCSeconds: instant)
            offset = Timestamp.wholeMinutes(exactOffset)
            // A time the clocks skip is the instant they jump. Any other keeps its clock
            // time as written, also where an offset of seconds (a zone's local mean time
            // of old) is kept to the minute.
            if instant + exactOffset != local {
                wallClock = instant + offset
                milliseconds = 0
            }
        }
        guard scanner.isAtEnd else { return nil }
        self.init(milliseconds: (wallClock - offset) * 1000 + milliseconds, offsetSeconds: Int32(offset))
    }

    static func isLeap(_ year: Int64) -> Bool {
        year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
    }

    package static func daysIn(month: Int64, year: Int64) -> Int64 {
        switch month {
        case 2: isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Days from 1970-01-01 to a proleptic Gregorian date (Howard Hinnant's
    /// `days_from_civil`, the inverse of `civilDate`).
    package static func daysSinceEpoch(year: Int64, month: Int64, day: Int64) -> Int64 {
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}

/// Reads fixed-width decimal fields from ASCII bytes.
package struct DigitScanner {
    package let bytes: [UInt8]
    package var index = 0

    package init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    package var isAtEnd: Bool { index == bytes.count }

    package mutating func skip(_ character: Character) -> Bool {
        guard index < bytes.count, let ascii = character.asciiValue, bytes[index] == ascii else { return false }
        index += 1
        return true
    }

    package mutating func number(digits: Int) -> Int64? {
        guard index + digits <= bytes.count else { return nil }
        var value: Int64 = 0
        for byte in bytes[index..<index + digits] {
            guard byte >= 0x30 && byte <= 0x39 else { return nil }
            value = value * 10 + Int64(byte - 0x30)
        }
        index += digits
        return value
    }

    /// Fraction digits as milliseconds, at least one digit, extra digits cut.
    package mutating func fraction() -> Int64? {
        var value: Int64 = 0
        var count = 0
        while index < bytes.count, bytes[index] >= 0x30 && bytes[index] <= 0x39 {
            if count < 3 { value = value * 10 + Int64(bytes[index] - 0x30) }
            count += 1
            index += 1
        }
        guard count > 0 else { return nil }
        while count < 3 {
            value *= 10
            count += 1
        }
        return value
    }
}
