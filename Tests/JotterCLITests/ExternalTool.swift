import Foundation
import Testing

/// Another program a test runs to make its inputs and check its outputs (Taskwarrior,
/// todo.txt-cli, jrnl), with its data in the test's own folder and nothing of the user's.
struct ExternalTool {
    let executable: String
    let environment: [String: String]

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Runs the tool and returns its standard output; fails on a non-zero status.
    @discardableResult
    func run(_ arguments: [String], input: Data = Data()) throws -> Data {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = environment
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tool-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let inputFile = folder.appendingPathComponent("in"), outputFile = folder.appendingPathComponent("out")
        let errorFile = folder.appendingPathComponent("err")
        try input.write(to: inputFile)
        try Data().write(to: outputFile)
        try Data().write(to: errorFile)
        process.standardInput = try FileHandle(forReadingFrom: inputFile)
        process.standardOutput = try FileHandle(forWritingTo: outputFile)
        process.standardError = try FileHandle(forWritingTo: errorFile)
        try process.run()
        process.waitUntilExit()
        let output = try Data(contentsOf: outputFile)
        guard process.terminationStatus == 0 else {
            let errors = String(decoding: try Data(contentsOf: errorFile), as: UTF8.self)
            throw Failure(description: "\(executable) \(arguments.joined(separator: " ")) exited with \(process.terminationStatus): \(errors)")
        }
        return output
    }
}
