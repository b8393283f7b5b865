import Foundation
import JotterApplication
import JotterCore
import JotterFormats
import TestSupport
import Testing

/// Seeded random inputs, heavy in the characters each parser treats specially: every
/// parser that takes user input must answer with a result or a clean error, never
/// crash or hang. The seed makes any failure reproducible.
@Suite struct ParserRobustnessTests {
    static let pieces: [[UInt8]] = [
        "\"", "\"\"", ",", "\n", "\r\n", "\r", " ", "\t", "#", "# ", "- ", "  - ", "1. ", "\\", "{", "}", ":", "[",
        "]", "text", "id", "kind", "list", "item", "parent", "created", "2026-02-29T24:00", "0190", "-", "/", "..",
        "é", "日本", "🥚", "\u{202E}", "\u{1B}[31m",
    ].map { Array($0.utf8) } + [[0xFF], [0xC3], [0xE6, 0x97], [0x00], [0xEF, 0xBB, 0xBF]]

    static func input(_ random: inout SeededGenerator) -> [UInt8] {
        (0..<Int.random(in: 0...40, using: &random)).flatMap { _ in pieces.randomElement(using: &random)! }
    }

    /// Feeds `bytes` through an import format's reader until it ends or objects.
    static func read(_ bytes: [UInt8], as format: ImportFormat) throws -> Int {
        var descriptors: [Int32] = [0, 0]
        #expect(pipe(&descriptors) == 0)
        _ = bytes.withUnsafeBytes { write(descriptors[1], $0.baseAddress, $0.count) }
        close(descriptors[1])
        defer { close(descriptors[0]) }
        let source = format.source(reading: ByteLineReader(fileDescriptor: descriptors[0]))
        var count = 0
        do {
            while let record = try source.next() {
                #expect(!record.text.isEmpty)
                count += 1
            }
        } catch is ImportProblem {
            count = -1
        }
        return count
    }

    @Test(arguments: ImportFormat.allCases)
    func importReadersNeverCrash(format: ImportFormat) throws {
        var random = SeededGenerator(seed: 0x6A6F_7474_6572 &+ UInt64(format.rawValue.count))
        for _ in 0..<2000 {
            _ = try Self.read(Self.input(&random), as: format)
        }
    }

    @Test func textParsersNeverCrash() throws {
        var random = SeededGenerator(seed: 42)
        let fixture = try StoreFixture()
        try fixture.lists("/a/b")
        let resolver = TargetResolver(store: fixture.store)
        for _ in 0..<2000 {
            let text = String(decoding: Self.input(&random), as: UTF8.self)
            _ = Timestamp(parsing: text, in: TableZone.newYork)
            _ = NodeID(text)
            _ = EntryText.meaning(of: text)
            _ = DisplayText.escaped(text)
            _ = Completion.complete(lineBeforeCursor: text, commands: ["cd", "list"], targets: { _ in ["a", "a b"] }) { _ in ["a", "a b"] }
            _ = try TargetCompletion(store: fixture.store).candidates(for: text, from: .root)
            do {
                _ = try resolver.resolve(text, from: .root)
            } catch let error as JotterError {
                #expect(!error.message.contains("\n"))
            }
        }
    }
}
