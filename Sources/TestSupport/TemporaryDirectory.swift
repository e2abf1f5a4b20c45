public import Foundation

/// A fresh directory under the system's temporary directory, for one test; ``remove()`` deletes it
/// (making it writable first, in case the test changed its mode).
///
/// ```swift
/// let scratch = try TemporaryDirectory()
/// defer { scratch.remove() }
/// ```
public struct TemporaryDirectory: Sendable {
    /// The directory, its path resolved (see ``TestPaths/resolved(_:)``).
    public let url: URL

    /// Creates a new, empty directory.
    public init() throws {
        let created = FileManager.default.temporaryDirectory.appendingPathComponent("viewmodelkit-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: created, withIntermediateDirectories: true)
        url = TestPaths.resolved(created)
    }

    /// Deletes the directory and everything in it.
    public func remove() {
        try? FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: url.path)
        try? FileManager.default.removeItem(at: url)
    }
}
