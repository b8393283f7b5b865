/// A decimal number held exactly, of up to 1,000 digits: amounts
/// typed into fields are summed, and binary floating point would turn 0.1 + 0.2
/// into 0.30000000000000004.
///
/// Always normalised (no leading zeros, no trailing zeros after the point, zero
/// never negative), so equal numbers are equal values and hash alike.
public struct ExactDecimal: Hashable, Sendable, CustomStringConvertible {
    /// Never true of zero, so that a sum that cancels out shows as 0, not -0.
    public let isNegative: Bool
    /// The digits without the point, nine to a limb, least significant limb first:
    /// a sum then takes one machine addition per nine digits, and no text.
    private let limbs: [UInt32]
    /// How many of the digits come after the point.
    private let scale: Int

    public static let zero = ExactDecimal(isNegative: false, normalising: [], scale: 0)

    /// Enough for any amount a person types, and small enough that a pasted wall of
    /// digits cannot make each sum slow.
    private static let maximumDigits = 1000

    private static let digitsPerLimb = 9
    private static let limbBase: UInt32 = 1_000_000_000
    private static let powersOfTen: [UInt32] = [
        1, 10, 100, 1000, 10000, 100_000, 1_000_000, 10_000_000, 100_000_000,
    ]

    private init(isNegative: Bool, normalising limbs: [UInt32], scale: Int) {
        var limbs = limbs
        var scale = scale
        let droppableZeros = min(scale, ExactDecimal.trailingZeroDigits(of: limbs))
        if droppableZeros > 0 {
            limbs = ExactDecimal.dividing(limbs, byPowerOfTen: droppableZeros)
            scale -= droppableZeros
        }
        while limbs.last == 0 { limbs.removeLast() }
        self.isNegative = isNegative && !limbs.isEmpty
        self.limbs = limbs
        self.scale = limbs.isEmpty ? 0 : scale
    }

    /// Reads a number as people type it: an optional sign, digits with at most one
    /// point, and thousands separators in the integer part, in ASCII or in the
    /// fullwidth forms that Chinese and Japanese input methods type.
    public init(parsing text: String) throws(FieldValueProblem) {
        if let plain = ExactDecimal(plainASCII: text) {
            self = plain
            return
        }
        let scalars = Array(EntryText.trimmed(text).unicodeScalars)
        guard let first = scalars.first else { throw FieldValueProblem(reason: "it is empty") }
        var index = 0
        var isNegative = false
        if case .sign(let negative) = Symbol(first) {
            isNegative = negative
            index = 1
        }
        switch String(String.UnicodeScalarView(scalars[index...])).lowercased() {
        case "nan": throw FieldValueProblem(reason: "NaN is not accepted")
        case "inf", "infinity", "∞": throw FieldValueProblem(reason: "infinity is not accepted")
        default: break
        }

        var digits: [UInt8] = []
        var digitsBeforePoint: Int?
        var grouping = ThousandsGrouping()
        while index < scalars.count {
            let scalar = scalars[index]
            switch Symbol(scalar) {
            case .digit(let value):
                guard digits.count < ExactDecimal.maximumDigits else {
                    throw FieldValueProblem(reason: "it has more than 1,000 digits")
                }
                digits.append(value)
                if digitsBeforePoint == nil { grouping.countDigit() }
            case .point:
                guard digitsBeforePoint == nil else {
                    let points = scalars.count { Symbol($0) == .point }
                    throw FieldValueProblem(reason: points == 2 ? "it has two decimal points" : "it has \(points) decimal points")
                }
                try grouping.end()
                digitsBeforePoint = digits.count
            case .separator:
                guard digitsBeforePoint == nil else {
                    throw FieldValueProblem(reason: "thousands separators are not accepted after the decimal point")
                }
                try grouping.separate()
            case .sign:
                throw FieldValueProblem(reason: "a sign can only come first")
            case nil:
                if scalar.properties.isWhitespace { throw FieldValueProblem(reason: "it has a space inside") }
                if !digits.isEmpty && ExactDecimal.isExponent(scalars[index...]) {
                    throw FieldValueProblem(reason: "exponents are not accepted; write the number out")
                }
                throw FieldValueProblem(reason: "\(ExactDecimal.shown(scalar)) cannot be part of a number")
            }
            index += 1
        }
        if digitsBeforePoint == nil { try grouping.end() }
        guard !digits.isEmpty else { throw FieldValueProblem(reason: "it has no digits") }
        self.init(
            isNegative: isNegative,
            normalising: ExactDecimal.limbs(fromDigits: digits),
            scale: digits.count - (digitsBeforePoint ?? digits.count))
    }

    /// The number of a text of ASCII digits, with a `-` first and one point inside at
    /// most, as stored values and totals are; nil for any other text, which the full
    /// reading takes. `stats` reads tens of thousands of totals, and the full reading
    /// copies each text into an array of scalars and a lowercased string first.
    private init?(plainASCII text: String) {
        var digitCount = 0
        var digitsBeforePoint: Int?
        var isNegative = false
        for (offset, byte) in text.utf8.enumerated() {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digitCount += 1
            case UInt8(ascii: "-") where offset == 0: isNegative = true
            case UInt8(ascii: ".") where digitsBeforePoint == nil && digitCount > 0: digitsBeforePoint = digitCount
            default: return nil
            }
        }
        guard digitCount > 0, digitCount <= ExactDecimal.maximumDigits, digitsBeforePoint != digitCount else { return nil }
        var limbs = [UInt32](repeating: 0, count: (digitCount + ExactDecimal.digitsPerLimb - 1) / ExactDecimal.digitsPerLimb)
        // Digits come most significant first; the one `position` places from the end
        // belongs to limb `position / 9`.
        var position = digitCount
        for byte in text.utf8 where byte != UInt8(ascii: "-") && byte != UInt8(ascii: ".") {
            position -= 1
            let limb = position / ExactDecimal.digitsPerLimb
            limbs[limb] = limbs[limb] * 10 + UInt32(byte - UInt8(ascii: "0"))
        }
        self.init(isNegative: isNegative, normalising: limbs, scale: digitCount - (digitsBeforePoint ?? digitCount))
    }

    /// What one character of a number means, whichever form it was typed in.
    private enum Symbol: Equatable {
        case digit(UInt8)
        case point
        case separator
        case sign(negative: Bool)

        init?(_ scalar: Unicode.Scalar) {
            switch scalar.value {
            case 0x30...0x39: self = .digit(UInt8(scalar.value - 0x30))
            case 0xFF10...0xFF19: self = .digit(UInt8(scalar.value - 0xFF10))
            case 0x2E, 0xFF0E: self = .point
            case 0x2C, 0xFF0C: self = .separator
            case 0x2B, 0xFF0B: self = .sign(negative: false)
            case 0x2D, 0x2212, 0xFF0D: self = .sign(negative: true)
            default: return nil
            }
        }
    }

    /// Checks thousands separators as the integer part is read: either none, or
    /// between every group of three digits counted from the point.
    private struct ThousandsGrouping {
        private var digitsInGroup = 0
        private var isSeparated = false

        private static let misplaced = FieldValueProblem(
            reason: "thousands separators go between groups of three digits, as in 1,234,567")

        mutating func countDigit() {
            digitsInGroup += 1
        }

        mutating func separate() throws(FieldValueProblem) {
            let groupFits = isSeparated ? digitsInGroup == 3 : (1...3).contains(digitsInGroup)
            guard groupFits else { throw ThousandsGrouping.misplaced }
            isSeparated = true
            digitsInGroup = 0
        }

        func end() throws(FieldValueProblem) {
            guard !isSeparated || digitsInGroup == 3 else { throw ThousandsGrouping.misplaced }
        }
    }

    /// Whether the text from an `e` on is an exponent (`e5`, `E-3`), which earns
    /// its own advice rather than a complaint about the letter.
    private static func isExponent(_ rest: ArraySlice<Unicode.Scalar>) -> Bool {
        guard rest.first == "e" || rest.first == "E" else { return false }
        var exponent = rest.dropFirst()
        if let first = exponent.first, case .sign = Symbol(first) { exponent = exponent.dropFirst() }
        return !exponent.isEmpty && exponent.allSatisfy {
            if case .digit = Symbol($0) { true } else { false }
        }
    }

    /// A character as a message can show it: quoted when it can be seen, as its
    /// code point when it is invisible or would combine with the quote.
    private static func shown(_ scalar: Unicode.Scalar) -> String {
        switch scalar.properties.generalCategory {
        case .control, .format, .surrogate, .privateUse, .unassigned, .nonspacingMark, .enclosingMark, .spacingMark:
            let hex = String(scalar.value, radix: 16, uppercase: true)
            return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
        default:
            return "'\(scalar)'"
        }
    }

    private static func limbs(fromDigits digits: [UInt8]) -> [UInt32] {
        var limbs: [UInt32] = []
        limbs.reserveCapacity(digits.count / digitsPerLimb + 1)
        var end = digits.count
        while end > 0 {
            let start = max(0, end - digitsPerLimb)
            limbs.append(digits[start..<end].reduce(0) { $0 * 10 + UInt32($1) })
            end = start
        }
        return limbs
    }

    private static func trailingZeroDigits(of limbs: [UInt32]) -> Int {
        var count = 0
        for limb in limbs {
            guard limb == 0 else {
                var rest = limb
                while rest % 10 == 0 {
                    count += 1
                    rest /= 10
                }
                return count
            }
            count += digitsPerLimb
        }
        return count
    }

    /// `limbs` divided by 10^`digits`, whose last `digits` digits must be zeros.
    private static func dividing(_ limbs: [UInt32], byPowerOfTen digits: Int) -> [UInt32] {
        var result = Array(limbs.dropFirst(digits / digitsPerLimb))
        let partial = digits % digitsPerLimb
        guard partial > 0 else { return result }
        let divisor = powersOfTen[partial]
        let carriedDown = powersOfTen[digitsPerLimb - partial]
        for index in result.indices {
            let fromAbove = index + 1 < result.count ? result[index + 1] % divisor : 0
            result[index] = result[index] / divisor + fromAbove * carriedDown
        }
        return result
    }

    /// `limbs` times 10^`digits`, to line up the points of two numbers.
    private static func multiplying(_ limbs: [UInt32], byPowerOfTen digits: Int) -> [UInt32] {
        guard digits > 0, !limbs.isEmpty else { return limbs }
        var result = [UInt32](repeating: 0, count: digits / digitsPerLimb)
        result.reserveCapacity(result.count + limbs.count + 1)
        let factor = UInt64(powersOfTen[digits % digitsPerLimb])
        var carry: UInt64 = 0
        for limb in limbs {
            let product = UInt64(limb) * factor + carry
            result.append(UInt32(product % UInt64(limbBase)))
            carry = product / UInt64(limbBase)
        }
        if carry > 0 { result.append(UInt32(carry)) }
        return result
    }

    private static func sum(_ left: [UInt32], _ right: [UInt32]) -> [UInt32] {
        let (longer, shorter) = left.count >= right.count ? (left, right) : (right, left)
        var result: [UInt32] = []
        result.reserveCapacity(longer.count + 1)
        var carry: UInt32 = 0
        for index in longer.indices {
            var limb = longer[index] + carry + (index < shorter.count ? shorter[index] : 0)
            carry = limb >= limbBase ? 1 : 0
            if carry == 1 { limb -= limbBase }
            result.append(limb)
        }
        if carry > 0 { result.append(carry) }
        return result
    }

    /// `larger` − `smaller`, which must not be larger.
    private static func difference(_ larger: [UInt32], _ smaller: [UInt32]) -> [UInt32] {
        var result = larger
        var borrow: UInt32 = 0
        for index in result.indices {
            let subtracted = (index < smaller.count ? smaller[index] : 0) + borrow
            if result[index] >= subtracted {
                result[index] -= subtracted
                borrow = 0
                if index >= smaller.count { break }
            } else {
                result[index] = result[index] + limbBase - subtracted
                borrow = 1
            }
        }
        return result
    }

    /// Compares magnitudes without leading zero limbs.
    private static func isLess(_ left: [UInt32], than right: [UInt32]) -> Bool {
        guard left.count == right.count else { return left.count < right.count }
        for index in left.indices.reversed() where left[index] != right[index] {
            return left[index] < right[index]
        }
        return false
    }

    public static func + (lhs: ExactDecimal, rhs: ExactDecimal) -> ExactDecimal {
        let scale = max(lhs.scale, rhs.scale)
        let left = multiplying(lhs.limbs, byPowerOfTen: scale - lhs.scale)
        let right = multiplying(rhs.limbs, byPowerOfTen: scale - rhs.scale)
        if lhs.isNegative == rhs.isNegative {
            return ExactDecimal(isNegative: lhs.isNegative, normalising: sum(left, right), scale: scale)
        }
        if isLess(left, than: right) {
            return ExactDecimal(isNegative: rhs.isNegative, normalising: difference(right, left), scale: scale)
        }
        return ExactDecimal(isNegative: lhs.isNegative, normalising: difference(left, right), scale: scale)
    }

    /// The canonical form: ASCII digits, a `-` only when negative, no separators,
    /// one zero before a leading point and no point without digits after it.
    public var description: String {
        var digits: [UInt8] = []
        digits.reserveCapacity(limbs.count * ExactDecimal.digitsPerLimb)
        for limb in limbs.reversed() {
            for power in ExactDecimal.powersOfTen.reversed() {
                digits.append(UInt8(ascii: "0") + UInt8(limb / power % 10))
            }
        }
        let significant = digits.drop { $0 == UInt8(ascii: "0") }
        let padded = [UInt8](repeating: UInt8(ascii: "0"), count: max(0, scale + 1 - significant.count)) + significant
        var text = isNegative ? "-" : ""
        text += String(decoding: padded.dropLast(scale), as: UTF8.self)
        if scale > 0 { text += "." + String(decoding: padded.suffix(scale), as: UTF8.self) }
        return text
    }
}

extension ExactDecimal: Comparable {
    public static func < (lhs: ExactDecimal, rhs: ExactDecimal) -> Bool {
        if lhs.isNegative != rhs.isNegative { return lhs.isNegative }
        let scale = max(lhs.scale, rhs.scale)
        let left = multiplying(lhs.limbs, byPowerOfTen: scale - lhs.scale)
        let right = multiplying(rhs.limbs, byPowerOfTen: scale - rhs.scale)
        return lhs.isNegative ? isLess(right, than: left) : isLess(left, than: right)
    }

    /// The quotient by `divisor` (a count, 1 or more), rounded half away from zero to
    /// `digits` more digits after the point than the number has: a mean, which is
    /// seldom a finite decimal.
    public func divided(by divisor: Int, addingDigits digits: Int) -> ExactDecimal {
        precondition(divisor >= 1 && divisor < Int(UInt32.max), "a count from 1 to 2^32 - 1")
        let divisor = UInt64(divisor)
        let widened = ExactDecimal.multiplying(limbs, byPowerOfTen: digits)
        var quotient = [UInt32](repeating: 0, count: widened.count)
        var remainder: UInt64 = 0
        for index in widened.indices.reversed() {
            let current = remainder * UInt64(ExactDecimal.limbBase) + UInt64(widened[index])
            quotient[index] = UInt32(current / divisor)
            remainder = current % divisor
        }
        if remainder * 2 >= divisor { quotient = ExactDecimal.sum(quotient, [1]) }
        return ExactDecimal(isNegative: isNegative, normalising: quotient, scale: scale + digits)
    }
}
