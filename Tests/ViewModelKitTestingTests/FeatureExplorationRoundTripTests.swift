// Builds a package of its own with `swift test` (Foundation's `Process`): macOS and Linux only.
#if os(macOS) || os(Linux)
import Foundation
import TestSupport
import XCTest

/// The features' own exploration tests, run on a copy of this package with a bug planted in each
/// feature (issue 44): a count change that no longer cancels a pending fact, and a list that leaves
/// its loading flag on after a failed fetch. Each exploration finds its bug and writes a test
/// (`writingTests(subject:)`) into a test target of the nested package, where the test compiles
/// unedited and fails; with the bugs taken out again, the same tests pass. Runs under
/// `VMK_FULL_STRESS` (`.ci/run`): the builds take minutes.
@MainActor
final class FeatureExplorationRoundTripTests: XCTestCase {
    /// A planted bug: the file of the copy, a piece of it, and what the bug makes of it.
    private static let bugs: [(file: String, correct: String, planted: String)] = [
        ("Sources/ViewModelKitExampleCounter/ViewModels/CounterViewModel.swift",
         "            cancelTask(id: TaskID.fact)\n            isLoading = false\n", "            isLoading = false\n"),
        ("Sources/ViewModelKitExampleGitHub/ViewModels/GitHubRepositoryViewModel.swift",
         "                self?.error = failure\n                self?.isLoading = false\n", "                self?.error = failure\n"),
    ]

    /// The exploration tests copied, and the tests they write.
    private static let explorations: [(test: String, suite: String, written: String)] = [
        ("Tests/CounterTests/CounterExplorationTests.swift", "CounterExplorationTests", "CounterViewModelExploredRunTests"),
        ("Tests/GitHubRepositoriesTests/GitHubRepositoryViewModelExplorationTests.swift", "GitHubRepositoryViewModelExplorationTests",
         "GitHubRepositoryViewModelExploredRunTests"),
    ]

    func test_theFeaturesExplorations_findPlantedBugs_andWriteTestsThatCompileFailAndPassOnceFixed() async throws {
        if let why = NestedPackage.reasonToSkip(building: "a package of its own") { throw XCTSkip(why) }
        let nested = NestedPackage(named: "planted-bugs")
        if try nested.copyLibrary() {
            try? FileManager.default.removeItem(at: nested.work.appendingPathComponent("Runs/.build"))
        }
        for bug in Self.bugs {
            let file = nested.library.appendingPathComponent(bug.file)
            let source = try String(contentsOf: file, encoding: .utf8)
            let planted = source.replacingOccurrences(of: bug.correct, with: bug.planted)
            XCTAssertNotEqual(planted, source, "the bug could not be planted in \(bug.file)")
            try planted.write(to: file, atomically: true, encoding: .utf8)
        }
        try nested.write(Self.manifest, to: "Runs/Package.swift")
        try nested.write(Self.shims, to: "Runs/Tests/Explore/Shims.swift")
        for exploration in Self.explorations {
            let text = try String(contentsOf: TestPaths.packageRoot.appendingPathComponent(exploration.test), encoding: .utf8)
                .replacingOccurrences(of: "import TestSupport\n", with: "")
                .replacingOccurrences(of: "import GitHubRepositoriesTestSupport\n", with: "")
            try nested.write(text, to: "Runs/Tests/Explore/\(exploration.suite).swift")
        }
        let written = nested.work.appendingPathComponent("Runs/Tests/Written")
        try? FileManager.default.removeItem(at: written)
        try nested.write("// The tests the explorations write land here.\n", to: "Runs/Tests/Written/Placeholder.swift")

        // The explorations find the bugs, and write their tests into the Written target.
        setenv("VMK_EXPLORATION_OUTPUT", written.path, 1)
        defer { unsetenv("VMK_EXPLORATION_OUTPUT") }
        let explored = try nested.swift(["test", "--filter", "Explore"], in: "Runs")
        unsetenv("VMK_EXPLORATION_OUTPUT")
        for exploration in Self.explorations {
            XCTAssertTrue(
                NestedPackage.reportsTestCase(explored.output, exploration.suite, exploration.test.contains("Counter")
                    ? "test_randomSessions_keepTheCountersInvariants" : "test_randomSessions_keepTheListsInvariants", "failed"),
                "\(exploration.suite) did not find its bug:\n\(explored.output.suffix(8_000))"
            )
            XCTAssertTrue(
                FileManager.default.fileExists(atPath: written.appendingPathComponent("\(exploration.written).swift").path),
                "\(exploration.suite) wrote no test:\n\(explored.output.suffix(8_000))"
            )
        }

        // Each written test compiles unedited, and fails on its bug.
        let onTheBugs = try nested.swift(["test", "--filter", "Written"], in: "Runs")
        XCTAssertFalse(onTheBugs.output.contains("error: compile command failed"), String(onTheBugs.output.suffix(8_000)))
        for exploration in Self.explorations {
            XCTAssertTrue(
                NestedPackage.reportsTestCase(onTheBugs.output, exploration.written, "testExploredRun", "failed"),
                "\(exploration.written) did not fail on its bug:\n\(onTheBugs.output.suffix(8_000))"
            )
        }

        // The bugs taken out (the copy made again): the same tests pass.
        _ = try nested.copyLibrary()
        let fixed = try nested.swift(["test", "--filter", "Written"], in: "Runs")
        for exploration in Self.explorations {
            XCTAssertTrue(
                NestedPackage.reportsTestCase(fixed.output, exploration.written, "testExploredRun", "passed"),
                "\(exploration.written) did not pass once the bug was fixed:\n\(fixed.output.suffix(8_000))"
            )
        }
    }

    /// What the copied exploration tests use of TestSupport: no sweep, the plain budgets.
    static let shims = """
        enum ExplorationSweep {
            static let seeds: [UInt64] = []
            static let runs = 0
        }

        enum FullStress {
            static func count(_ plain: Int, full: Int) -> Int { plain }
        }

        """

    static let manifest = """
        // swift-tools-version: 6.2
        import PackageDescription

        let features: [Target.Dependency] = [
            .product(name: "ViewModelKit", package: "ViewModelKit"),
            .product(name: "ViewModelKitTesting", package: "ViewModelKit"),
            .product(name: "ViewModelKitExampleCounter", package: "ViewModelKit"),
            .product(name: "ViewModelKitExampleGitHub", package: "ViewModelKit"),
        ]

        let package = Package(
            name: "Runs",
            platforms: [.macOS(.v15), .iOS(.v18)],
            dependencies: [.package(path: "../ViewModelKit")],
            targets: [
                .testTarget(name: "Explore", dependencies: features),
                .testTarget(name: "Written", dependencies: features),
            ]
        )

        """
}
#endif
