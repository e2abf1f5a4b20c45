public import Foundation
internal import ViewModelKitClientSupport

/// Where the package's test data is, and scratch space for one test.
public enum TestPaths {
    /// The package root (the directory that holds `Package.swift`).
    public static var packageRoot: URL { PackageDirectory.root }

    /// The package's `Fixtures/` directory, as the fixture clients read it.
    public static var fixtures: URL { PackageDirectory.fixtures }

    /// Real GitHub responses recorded by others, kept in the repository with their sources
    /// (`Tests/GitHubRepositoriesTests/Recorded/SOURCES.md`).
    public static var recordedGitHub: URL {
        packageRoot.appendingPathComponent("Tests/GitHubRepositoriesTests/Recorded")
    }

    /// A new, empty directory for one test, below the system's temporary directory, its path resolved
    /// (see ``resolved(_:)``).
    public static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("vmk-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return resolved(url)
    }

    /// `url` with every symlink resolved, as the code under test resolves paths, or `url` itself if
    /// it does not exist. On macOS the temporary directory is below `/var`, a symlink to
    /// `/private/var`, so a test compares paths only once both are resolved.
    public static func resolved(_ url: URL) -> URL {
        realPath(url.path).map { URL(fileURLWithPath: $0, isDirectory: url.hasDirectoryPath) } ?? url
    }
}

extension TestPaths {
    /// The executable `name` that `swift test` built beside the test bundle, or `nil` if there is none.
    public static func builtExecutable(_ name: String) -> URL? {
        #if canImport(Darwin)
        // On macOS the process is the `xctest` tool (or `swiftpm-testing-helper`), so the first
        // argument and the main bundle name the toolchain; the executables are in
        // `.build/<configuration>/`, beside the test bundle that holds this code.
        let bundleDirectories = testBundleDirectories
        #else
        let bundleDirectories: [URL] = []
        #endif
        let candidates = (bundleDirectories + [
            URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(),
            Bundle.main.bundleURL,
            Bundle.main.bundleURL.deletingLastPathComponent(),
        ]).map { $0.appendingPathComponent(name) }
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }

    #if canImport(Darwin)
    /// The directories that hold the loaded test bundles (`….xctest`): the one this code is linked
    /// into first.
    private static var testBundleDirectories: [URL] {
        let bundles = [Bundle(for: BundleAnchor.self)] + Bundle.allBundles
        return bundles.map(\.bundleURL).filter { $0.pathExtension == "xctest" }.map { $0.deletingLastPathComponent() }
    }

    /// A class of this module, to find the bundle it is loaded from.
    private final class BundleAnchor {}
    #endif
}

/// What a test needs from the machine but did not find (tmux, a built binary).
///
/// ``required(_:)`` turns it into the error a test should throw: an `XCTSkip`-like skip on a developer's
/// machine, handed in by the caller, but a failure under CI (`CI=true`), where a skip would hide that
/// the test never ran.
public struct MissingTestRequirement: Error, CustomStringConvertible {
    /// What is missing and how to get it.
    public var description: String

    /// Whether this process runs under CI (`CI` is `true` or `1`), where nothing may be skipped.
    public static var isCI: Bool {
        ["true", "1"].contains(ProcessInfo.processInfo.environment["CI"]?.lowercased() ?? "")
    }

    /// `skip` on a developer's machine; under CI, a ``MissingTestRequirement`` with `message`, so the
    /// test fails.
    public static func required(_ message: String, else skip: (String) -> any Error) -> any Error {
        isCI ? MissingTestRequirement(description: message + " (CI=true: a missing requirement fails)") : skip(message)
    }
}
