import Foundation

/// A folder of its own for one test, removed when the test is done with it.
public final class TemporaryFolder: Sendable {
    public let path: String

    public init() {
        path = FileManager.default.temporaryDirectory
            .appendingPathComponent("jotter-tests-\(UUID().uuidString)").path
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }

    public func file(_ name: String) -> String {
        path + "/" + name
    }
}

/// The package's folder, and the test inputs it carries.
public enum Project {
    public static var root: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().path
    }

    /// `Tests/Fixtures`: multilingual, hostile and invalid-UTF-8 text.
    public static var fixtures: String {
        root + "/Tests/Fixtures"
    }
}
