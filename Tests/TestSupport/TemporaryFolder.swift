import Foundation

/// A folder of its own for one test, removed when the test is done with it.
public final class TemporaryFolder: Sendable {
    public let path: String

    public init() {
        path = FileManager.default.temporaryDirectory
            .appendingPathComponent("jotter-tests-\(UUID().uuidString)").path
        // Its mode is set, not left to the umask: a test that sets umask 0 runs beside
        // others, and jotter refuses a store in a folder anyone may write to.
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        chmod(path, 0o700)
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
