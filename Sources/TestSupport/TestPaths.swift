public import Foundation
internal import ClientSupport

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

    /// A new, empty directory for one test, below the system's temporary directory.
    public static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("vmk-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}

extension TestPaths {
    /// The executable `name` that `swift test` built beside the test bundle, or `nil` if there is none.
    public static func builtExecutable(_ name: String) -> URL? {
        let candidates = [
            URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(),
            Bundle.main.bundleURL,
            Bundle.main.bundleURL.deletingLastPathComponent(),
        ].map { $0.appendingPathComponent(name) }
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }
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
