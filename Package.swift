// swift-tools-version: 6.2
// Swift 6.2 or later: the code uses `nonisolated(nonsending)` (SE-0461).
import PackageDescription

let strict: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

/// A dependency on one of this package's executables, only where a program can run (macOS, Linux).
func desktop(_ executable: String) -> Target.Dependency {
    .target(name: executable, condition: .when(platforms: [.macOS, .linux]))
}

let package = Package(
    name: "ViewModelKit",
    // The minimums of `Mutex` and `Atomic` (Synchronization), which are above Observation's.
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    products: [
        .library(name: "ViewModelKit", targets: ["ViewModelKit"]),
        .library(name: "ViewModelKitCollections", targets: ["ViewModelKitCollections"]),
        .library(name: "ViewModelKitTesting", targets: ["ViewModelKitTesting"]),
        .library(name: "ViewModelKitRecording", targets: ["ViewModelKitRecording"]),
        // The two features, for the SwiftUI apps in Examples/ (an app does not need them). Named so that
        // they never meet an app's own modules: SwiftPM refuses two targets of one name in a graph, and
        // every target a product reaches counts. The front ends, `repos` and `counter`, are this
        // package's own executables (`swift run repos`), not products.
        .library(name: "ViewModelKitExampleGitHub", targets: ["ViewModelKitExampleGitHub"]),
        .library(name: "ViewModelKitExampleCounter", targets: ["ViewModelKitExampleCounter"]),
    ],
    targets: [
        // MARK: Core: only MVVM (view models, observation, owned tasks, composition, time, generators).
        // It re-exports ViewModelKitCollections: `import ViewModelKit` is enough for `IdentifiedArray`.
        .target(name: "ViewModelKit", dependencies: ["ViewModelKitCollections", "ViewModelKitStateDump"], swiftSettings: strict),

        // MARK: Collections: `IdentifiedArray`, a product of its own (named so that it never clashes with
        // Point-Free's `IdentifiedCollections` in an app that depends on both).
        .target(name: "ViewModelKitCollections", swiftSettings: strict),

        // MARK: Testing: the exhaustive tester, test clocks, test doubles, issue reporters.
        .target(
            name: "ViewModelKitTesting", dependencies: ["ViewModelKit", "ViewModelKitStateDump", "ViewModelKitRecording"], swiftSettings: strict
        ),

        // MARK: Recording: a session played by hand, written out as a ViewModelTester test.
        .target(
            name: "ViewModelKitRecording", dependencies: ["ViewModelKit", "ViewModelKitStateDump", "ViewModelKitRedaction"], swiftSettings: strict
        ),

        // MARK: Features: the GitHub repositories list and TCA's counter, built with the core.
        .target(
            name: "ViewModelKitExampleGitHub",
            dependencies: ["ViewModelKit", "ViewModelKitClientSupport", "ViewModelKitRedaction", "ViewModelKitStateDump"],
            swiftSettings: strict
        ),
        .target(name: "ViewModelKitExampleCounter", dependencies: ["ViewModelKit", "ViewModelKitClientSupport"], swiftSettings: strict),

        // MARK: Front ends: the terminal layer, the screens and their view models, the two executables.
        .target(name: "TerminalUI", swiftSettings: strict),
        .target(
            name: "TerminalScreens",
            dependencies: ["TerminalUI", "ViewModelKitExampleCounter", "ViewModelKitExampleGitHub", "ViewModelKit"],
            swiftSettings: strict
        ),
        .executableTarget(
            name: "repos",
            dependencies: [
                "ViewModelKitExampleGitHub", "TerminalScreens", "TerminalUI", "ViewModelKit", "ViewModelKitRecording", "CommandLineSupport",
            ],
            swiftSettings: strict
        ),
        .executableTarget(
            name: "counter",
            dependencies: ["ViewModelKitExampleCounter", "TerminalScreens", "TerminalUI", "ViewModelKit", "ViewModelKitRecording", "CommandLineSupport"],
            swiftSettings: strict
        ),

        // MARK: Support (internal, not products).
        // Values as text: dumps, −/+ diffs and state snapshots, for the tester and the change logger.
        .target(name: "ViewModelKitStateDump", swiftSettings: strict),
        // What the features' clients share: HTTP limits, the redirect policy, redaction, fixture-path
        // containment, the live-network guard.
        .target(name: "ViewModelKitClientSupport", dependencies: ["ViewModelKitStateDump"], swiftSettings: strict),
        // The secret redactor, Foundation only: the recorder scrubs a session with it and the GitHub client
        // its errors, so the testing and recording products carry no HTTP transport.
        .target(name: "ViewModelKitRedaction", swiftSettings: strict),
        // What the two executables' command lines share: usage errors, fixture lookup, URL checks.
        .target(name: "CommandLineSupport", dependencies: ["ViewModelKitClientSupport", "ViewModelKitStateDump"], swiftSettings: strict),
        // Helpers for the package's own tests: loopback HTTP servers, bad inputs, paths.
        .target(name: "TestSupport", dependencies: ["ViewModelKitClientSupport", "ViewModelKit"], swiftSettings: strict),
        // Helpers for the GitHub feature's tests, beside them: TestSupport depends on no feature.
        .target(
            name: "GitHubRepositoriesTestSupport", dependencies: ["ViewModelKitExampleGitHub", "TestSupport"],
            path: "Tests/GitHubRepositoriesTestSupport", swiftSettings: strict
        ),
        // `swift run -c release benchmarks`: every performance claim against its peer.
        .executableTarget(
            name: "benchmarks",
            dependencies: [
                "ViewModelKit", "ViewModelKitTesting", "ViewModelKitExampleGitHub", "ViewModelKitExampleCounter", "TerminalUI", "TerminalScreens",
                "TestSupport", "CAllocatorStats",
            ],
            swiftSettings: strict
        ),
        // The allocator's counters (glibc's mallinfo2, Darwin's malloc zone statistics) for the memory benchmarks.
        .target(name: "CAllocatorStats"),
        // Prints `IssueReporting.isTesting`; the tests run it under the names the test runners have.
        .executableTarget(name: "testing-probe", dependencies: ["ViewModelKit"], swiftSettings: strict),

        // A stand-in for swift-dependencies' `UUID(_ intValue:)`, for the tests of a file that imports both.
        .target(name: "ViewModelKitPointFreeStandIn", path: "Tests/PointFreeStandIn", swiftSettings: strict),

        // MARK: Tests: one target per module.
        // The executables the tests start (`Process`) or import exist only where a program can run: the iOS,
        // tvOS, watchOS and visionOS simulators' test builds leave them out, and so do the tests' files.
        .testTarget(
            name: "ViewModelKitTests", dependencies: ["ViewModelKit", "TestSupport", desktop("testing-probe"), "ViewModelKitPointFreeStandIn"],
            swiftSettings: strict
        ),
        .testTarget(
            name: "ViewModelKitCollectionsTests", dependencies: ["ViewModelKitCollections", "TestSupport", desktop("testing-probe")],
            swiftSettings: strict
        ),
        .testTarget(name: "StateDumpTests", dependencies: ["ViewModelKitStateDump"], swiftSettings: strict),
        .testTarget(name: "ClientSupportTests", dependencies: ["ViewModelKitClientSupport", "ViewModelKitRedaction", "TestSupport"], swiftSettings: strict),
        .testTarget(name: "ViewModelKitTestingTests", dependencies: ["ViewModelKitTesting", "TestSupport"], swiftSettings: strict),
        .testTarget(
            name: "ViewModelKitRecordingTests", dependencies: ["ViewModelKitRecording", "ViewModelKitTesting"], swiftSettings: strict
        ),
        .testTarget(name: "TestSupportTests", dependencies: ["TestSupport"], swiftSettings: strict),
        .testTarget(
            name: "GitHubRepositoriesTests",
            dependencies: ["ViewModelKitExampleGitHub", "ViewModelKitTesting", "TestSupport", "GitHubRepositoriesTestSupport"],
            exclude: ["Recorded"],   // real GitHub responses the tests read as files (see its SOURCES.md)
            swiftSettings: strict
        ),
        .testTarget(
            name: "CounterTests",
            dependencies: ["ViewModelKitExampleCounter", "ViewModelKitTesting", "TestSupport"],
            swiftSettings: strict
        ),
        .testTarget(
            name: "ReposTests",
            dependencies: [
                desktop("repos"), "CommandLineSupport", "ViewModelKitExampleGitHub", "TestSupport", "ViewModelKit", "ViewModelKitTesting",
            ],
            swiftSettings: strict
        ),
        .testTarget(name: "TerminalUITests", dependencies: ["TerminalUI"], swiftSettings: strict),
        .testTarget(
            name: "TerminalScreensTests",
            dependencies: ["TerminalScreens", "ViewModelKitTesting", "TestSupport", "GitHubRepositoriesTestSupport"],
            swiftSettings: strict
        ),
        .testTarget(name: "FrontEndTests", dependencies: [desktop("counter"), desktop("repos"), "TestSupport"], swiftSettings: strict),
        // The documentation's code: every ```swift block of the README and the DocC articles is a region of
        // a file here (or of a source file), checked by SnippetSyncTests.
        .testTarget(
            name: "DocumentationTests",
            dependencies: [
                "ViewModelKit", "ViewModelKitTesting", "ViewModelKitRecording", "ViewModelKitExampleCounter", "ViewModelKitExampleGitHub", "TestSupport",
            ],
            swiftSettings: strict
        ),
    ],
    swiftLanguageModes: [.v6]
)
