import FoundationEssentials

/// A long string value read from a JSON object's bytes by the import itself. JSONDecoder
/// makes a string of each run between a string's escapes and appends it to the value,
/// so that a 16 MB value holding one quote or tab was held a third time, beside the
/// line and the value: a decoder told to pass the key by (`userInfo`) reads the rest.
enum JSONStringValue {
    /// A value this long is unescaped here rather than by the decoder.
    static let long = 64 * 1024

    /// A `T` decoded from `object` (`whole` holds the same bytes), its string member
    /// `key` read here when it is long, the decoder told by `flag` in its `userInfo`
    /// to pass that member by, and `place` given the string to put into the value.
    /// An object too short to hold a long string is not scanned for it.
    static func decode<T: Decodable>(_ type: T.Type, from object: UnsafeRawBufferPointer, whole: Data,
                                     readingLong key: String, passedBy flag: CodingUserInfoKey, decoder: JSONDecoder,
                                     place: (inout T, String) -> Void) throws -> T {
        guard object.count >= long, let value = range(ofKey: key, in: object), value.count >= long,
              let string = unescaped(UnsafeRawBufferPointer(rebasing: object[value])) else {
            return try decoder.decode(T.self, from: whole)
        }
        let passing = JSONDecoder()
        passing.userInfo[flag] = true
        var decoded = try passing.decode(T.self, from: whole)
        place(&decoded, string)
        return decoded
    }

    /// Where the string value of the object's own `key` lies in `object`, between its
    /// quotes; nil when it has none, names it twice, gives it another kind of value or
    /// spells it with escapes (the decoder then reads it).
    static func range(ofKey name: String, in object: UnsafeRawBufferPointer) -> Range<Int>? {
        let key = Array(name.utf8)
        func closingQuote(after open: Int) -> Int? {
            var index = open + 1
            while index < object.count {
                if object[index] == UInt8(ascii: "\\") { index += 2; continue }
                if object[index] == 0x22 { return index }
                index += 1
            }
            return nil
        }
        var depth = 0, expectingKey = false, atKey = false
        var found: Range<Int>?
        var index = 0
        while index < object.count {
            let byte = object[index]
            if byte == 0x22 {
                guard let close = closingQuote(after: index) else { return nil }
                if depth == 1 && expectingKey {
                    atKey = object[(index + 1)..<close].elementsEqual(key)
                    expectingKey = false
                } else if depth == 1 && atKey {
                    guard found == nil else { return nil }
                    found = (index + 1)..<close
                }
                index = close + 1
                continue
            }
            if byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[") {
                depth += 1
                if depth == 1 { expectingKey = true }
            } else if byte == UInt8(ascii: "}") || byte == UInt8(ascii: "]") {
                depth -= 1
            } else if byte == UInt8(ascii: ",") && depth == 1 {
                expectingKey = true
                atKey = false
            }
            index += 1
        }
        return found
    }

    /// The byte that a backslash and `byte` stand for in a JSON string; nil for `u`,
    /// which four hex digits follow, and for what JSON does not allow.
    static func character(escapedBy byte: UInt8) -> UInt8? {
        switch byte {
        case 0x22, UInt8(ascii: "\\"), UInt8(ascii: "/"): byte
        case UInt8(ascii: "b"): 0x08
        case UInt8(ascii: "f"): 0x0C
        case UInt8(ascii: "n"): 0x0A
        case UInt8(ascii: "r"): 0x0D
        case UInt8(ascii: "t"): 0x09
        default: nil
        }
    }

    /// The text of a JSON string's contents, its escapes undone, made at its length;
    /// nil for anything the decoder would refuse (it then says why).
    static func unescaped(_ raw: UnsafeRawBufferPointer) -> String? {
        guard (try? UTF8Span(validating: raw.assumingMemoryBound(to: UInt8.self).span)) != nil else { return nil }
        var valid = true
        let text = String(unsafeUninitializedCapacity: raw.count) { out -> Int in
            var written = 0, index = 0
            func hex(at start: Int) -> UInt32? {
                guard start + 4 <= raw.count else { return nil }
                var value: UInt32 = 0
                for byte in raw[start..<(start + 4)] {
                    guard let digit = NodeID.hexValue(byte) else { return nil }
                    value = value << 4 | UInt32(digit)
                }
                return value
            }
            while index < raw.count {
                let byte = raw[index]
                guard byte >= 0x20, byte != 0x22 else { valid = false; return 0 }
                guard byte == UInt8(ascii: "\\") else {
                    out[written] = byte
                    written += 1
                    index += 1
                    continue
                }
                guard index + 1 < raw.count else { valid = false; return 0 }
                let escaped = raw[index + 1]
                index += 2
                if let simple = JSONStringValue.character(escapedBy: escaped) {
                    out[written] = simple
                    written += 1
                    continue
                }
                guard escaped == UInt8(ascii: "u"), var code = hex(at: index) else { valid = false; return 0 }
                index += 4
                if (0xD800...0xDBFF).contains(code) {
                    guard index + 1 < raw.count, raw[index] == UInt8(ascii: "\\"), raw[index + 1] == UInt8(ascii: "u"),
                          let low = hex(at: index + 2), (0xDC00...0xDFFF).contains(low) else { valid = false; return 0 }
                    index += 6
                    code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                }
                guard let scalar = Unicode.Scalar(code) else { valid = false; return 0 }
                for unit in UTF8.encode(scalar)! {
                    out[written] = unit
                    written += 1
                }
            }
            return written
        }
        return valid ? text : nil
    }
}
