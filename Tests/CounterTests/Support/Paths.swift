import Foundation

/// Locations of the package's data, found from this file's path.
enum Paths {
    /// `Fixtures/`.
    static let fixtures = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures")
}
