package import Foundation

/// Where this package's checkout was when it was built, found from this source file's path.
///
/// The front ends fall back to its `Fixtures/` when the working directory has none, and the tests and
/// benchmarks find their data through it. A binary moved to another machine keeps the old path, so
/// callers treat what it names as possibly missing.
package enum PackageDirectory {
    /// The package root: the directory that holds `Package.swift`.
    package static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()   // ViewModelKitClientSupport
        .deletingLastPathComponent()   // Sources
        .deletingLastPathComponent()

    /// The package's own `Fixtures/` directory.
    package static var fixtures: URL { root.appendingPathComponent("Fixtures") }
}
