import CSQLite

/// The checksum each entry's text (`node.text_sum`) and each field value
/// (`field_value.value_sum`, over its name and value) keeps beside it, so that a bit
/// changed on the disk or in memory is found where SQLite's own checks find only
/// damage to the file's structure (docs/design.md, "Checksums"). It is CRC-64 with
/// ECMA-182's polynomial, bit-reversed, as xz uses it: a CRC finds every change of up
/// to 64 bits in a row for certain, where a hash of the same width finds them with a
/// high probability only. Each part is followed by its length in bytes, so that moving
/// bytes from a field's name to its value changes the sum.
///
/// SQL reads it as `jotter_checksum(part, ...)` on jotter's connections; NULL when a
/// part is NULL. A row that another program wrote has no sum (NULL), and is not checked.
enum RowChecksum {
    private static let polynomial: UInt64 = 0xC96C_5795_D787_0F42

    /// Eight tables of 256 entries, one after another: the bytes of a word of eight
    /// are taken in one step ("slicing by eight"), several times faster than a byte
    /// at a time on long texts.
    private static let tables: [UInt64] = {
        var tables = [UInt64](repeating: 0, count: 8 * 256)
        for byte in 0..<256 {
            var crc = UInt64(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ polynomial : crc >> 1 }
            tables[byte] = crc
        }
        for slice in 1..<8 {
            for byte in 0..<256 {
                let previous = tables[(slice - 1) * 256 + byte]
                tables[slice * 256 + byte] = (previous >> 8) ^ tables[Int(previous & 0xFF)]
            }
        }
        return tables
    }()

    /// The checksum of parts added one after another, each its bytes then its length.
    struct Sum {
        private var crc = UInt64.max

        mutating func add(_ part: UnsafeRawBufferPointer) {
            RowChecksum.tables.withUnsafeBufferPointer { table in
                crc = RowChecksum.update(crc, part, table)
                withUnsafeBytes(of: UInt64(part.count).littleEndian) { crc = RowChecksum.update(crc, $0, table) }
            }
        }

        var value: Int64 { Int64(bitPattern: ~crc) }
    }

    /// The checksum of one part, as `jotter_checksum` of it gives it.
    static func of(_ part: UnsafeRawBufferPointer) -> Int64 {
        var sum = Sum()
        sum.add(part)
        return sum.value
    }

    private static func update(_ start: UInt64, _ bytes: UnsafeRawBufferPointer,
                               _ table: UnsafeBufferPointer<UInt64>) -> UInt64 {
        var crc = start
        var offset = 0
        let count = bytes.count
        while count - offset >= 8 {
            let word = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) ^ crc
            crc = table[7 * 256 + Int(word & 0xFF)] ^ table[6 * 256 + Int((word >> 8) & 0xFF)]
                ^ table[5 * 256 + Int((word >> 16) & 0xFF)] ^ table[4 * 256 + Int((word >> 24) & 0xFF)]
                ^ table[3 * 256 + Int((word >> 32) & 0xFF)] ^ table[2 * 256 + Int((word >> 40) & 0xFF)]
                ^ table[256 + Int((word >> 48) & 0xFF)] ^ table[Int(word >> 56)]
            offset += 8
        }
        while offset < count {
            crc = table[Int((crc ^ UInt64(bytes[offset])) & 0xFF)] ^ (crc >> 8)
            offset += 1
        }
        return crc
    }
}

extension Database {
    /// Makes `jotter_checksum` available on this connection: every connection that
    /// writes texts or field values, or runs the migration step that fills the sums.
    func registerChecksumFunction() throws {
        let function: @convention(c) (OpaquePointer?, Int32, UnsafeMutablePointer<OpaquePointer?>?) -> Void = {
            context, count, values in
            var sum = RowChecksum.Sum()
            for index in 0..<Int(count) {
                let value = values?[index]
                guard sqlite3_value_type(value) != SQLITE_NULL else {
                    sqlite3_result_null(context)
                    return
                }
                // The bytes as they are held: a text's UTF-8, with no copy made to end
                // it with a NUL, as asking for it as text does for a text bound by
                // its address (a long entry's); a number as its text.
                let bytes = sqlite3_value_blob(value)
                sum.add(UnsafeRawBufferPointer(start: bytes, count: Int(sqlite3_value_bytes(value))))
            }
            sqlite3_result_int64(context, sum.value)
        }
        let result = sqlite3_create_function_v2(
            handle, "jotter_checksum", -1, SQLITE_UTF8 | SQLITE_DETERMINISTIC | SQLITE_INNOCUOUS,
            nil, function, nil, nil, nil)
        guard result == SQLITE_OK else {
            throw SQLiteError(code: result, message: "cannot register the checksum function: \(String(cString: sqlite3_errstr(result)))")
        }
    }
}
