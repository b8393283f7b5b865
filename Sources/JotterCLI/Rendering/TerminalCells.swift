/// How many cells of a terminal a character takes: two for the wide characters of
/// East Asian scripts and for emoji, none for combining marks and format characters,
/// one for the rest.
enum TerminalCells {
    static func width(of character: Character) -> Int {
        let scalars = character.unicodeScalars
        guard let first = scalars.first else { return 0 }
        if first.isASCII && scalars.count == 1 { return 1 }
        // An emoji asked to show as a picture is wide, whatever it is alone.
        if first.properties.isEmoji && scalars.contains("\u{FE0F}") { return 2 }
        return scalars.reduce(0) { max($0, width(of: $1)) }
    }

    static func width(of text: some StringProtocol) -> Int {
        text.reduce(0) { $0 + width(of: $1) }
    }

    static func width(of scalar: Unicode.Scalar) -> Int {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark: return 0
        case .format where scalar != "\u{00AD}": return 0
        default: break
        }
        let value = scalar.value
        // The vowels and finals of old Hangul join the syllable before them.
        if (0x1160...0x11FF).contains(value) || value == 0x200B { return 0 }
        if scalar.properties.isEmojiPresentation { return 2 }
        return wideRanges.contains { $0.contains(value) } ? 2 : 1
    }

    /// The blocks Unicode's East Asian Width gives as wide or full-width.
    private static let wideRanges: [ClosedRange<UInt32>] = [
        0x1100...0x115F, 0x2329...0x232A, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
        0xA000...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE10...0xFE19, 0xFE30...0xFE6F,
        0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x2FFFD, 0x30000...0x3FFFD,
    ]
}
