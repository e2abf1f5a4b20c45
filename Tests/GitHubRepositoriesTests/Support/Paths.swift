import Foundation

/// Locations of the package's data, found from this file's path.
enum Paths {
    /// The package root.
    static let package = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    /// `Fixtures/`.
    static let fixtures = package.appendingPathComponent("Fixtures")
    /// `../shared/real-fixtures/github`, beside the checkout.
    static let realFixtures = package.deletingLastPathComponent().appendingPathComponent("shared/real-fixtures/github")

    /// A new empty directory for one test.
    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("vmk-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
