extension Unicode.Scalar {
    /// Han, Hiragana and Katakana, and Hangul: scripts written without spaces between
    /// words. The same ranges as the `jotter` tokenizer (CJotterSearch) splits into
    /// pairs of characters.
    var isCJK: Bool {
        switch value {
        case 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0x20000...0x2FFFF,
             0x3040...0x30FF, 0x31F0...0x31FF, 0xFF66...0xFF9F,
             0xAC00...0xD7AF, 0x1100...0x11FF, 0x3130...0x318F:
            true
        default:
            false
        }
    }

    /// What unicode61 counts as part of a word: letters, digits and private-use
    /// characters. Anything else only separates words, and is never searched for.
    var isWordCharacter: Bool {
        switch properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
             .decimalNumber, .letterNumber, .otherNumber, .privateUse:
            true
        default:
            false
        }
    }
}

extension Character {
    var isCJK: Bool { unicodeScalars.first!.isCJK }
    var isWordCharacter: Bool { unicodeScalars.first!.isWordCharacter }
}
