// It starts other programs (Foundation's `Process`), which exist only on macOS and Linux: the iOS,
// tvOS, watchOS and visionOS simulators' test builds leave it out.
#if os(macOS) || os(Linux)
import Foundation
import TestSupport
import XCTest

/// `counter --record-test` and `repos --interactive --record-test` end to end: a session played in a
/// real terminal (tmux) becomes a test that passes in a package of its own, depending only on the
/// library products, and fails once the view model behaves differently.
///
/// One package holds both generated tests, so the whole check costs one build of the library and
/// one rebuild after the view models are broken; it is kept in `.build/recorded-sessions`, so a later
/// run rebuilds only what changed.
final class RecordedSessionFrontEndTests: XCTestCase {
    func testRecordedSessionsReplayInTheirOwnPackageAndCatchABrokenViewModel() throws {
        if let why = NestedPackage.reasonToSkip(building: "a package of its own twice") { throw XCTSkip(why) }
        let nested = NestedPackage(named: "recorded-sessions")
        let library = nested.library
        let replay = nested.work.appendingPathComponent("Replay")
        let recorded = replay.appendingPathComponent("Tests/RecordedTests")
        try? FileManager.default.removeItem(at: recorded)

        try playCounterSession(into: recorded)
        try playReposSession(into: recorded)
        let files = try FileManager.default.contentsOfDirectory(atPath: recorded.path).sorted()
        XCTAssertEqual(files, ["CounterSessionTests.swift", "GitHubSessionTests.repositories.json", "GitHubSessionTests.swift"])

        // SwiftPM does not see a file added to or removed from a path dependency in an existing build
        // plan, so a changed set of files starts the replay package's build afresh.
        if try nested.copyLibrary() {
            try? FileManager.default.removeItem(at: replay.appendingPathComponent(".build"))
        }
        try nested.write(Self.replayManifest, to: "Replay/Package.swift")

        let passing = try nested.swiftTest(in: "Replay")
        XCTAssertEqual(passing.status, 0, passing.output)
        XCTAssertTrue(NestedPackage.reportsTestCase(passing.output, "CounterSessionTests", "testRecordedSession", "passed"), passing.output)
        XCTAssertTrue(NestedPackage.reportsTestCase(passing.output, "GitHubSessionTests", "testRecordedSession", "passed"), passing.output)

        // The same tests against view models that behave differently.
        try replace("count += delta", with: "count += delta * 2", in: library.appendingPathComponent("Sources/Counter/ViewModels/CounterViewModel.swift"))
        try replace(
            "$0.stargazersCount >= minimumStars", with: "$0.stargazersCount >= minimumStars * 2",
            in: library.appendingPathComponent("Sources/GitHubRepositories/ViewModels/GitHubRepositoryViewModel.swift")
        )
        let failing = try nested.swiftTest(in: "Replay")
        XCTAssertNotEqual(failing.status, 0, failing.output)
        XCTAssertTrue(NestedPackage.reportsTestCase(failing.output, "CounterSessionTests", "testRecordedSession", "failed"), failing.output)
        XCTAssertTrue(NestedPackage.reportsTestCase(failing.output, "GitHubSessionTests", "testRecordedSession", "failed"), failing.output)
        XCTAssertTrue(failing.output.contains("A state change does not match expectation"), failing.output)
    }

    // MARK: - The sessions

    /// Increments, a fact, the alert dismissed, the timer for three ticks, a decrement.
    private func playCounterSession(into directory: URL) throws {
        let pidFile = NSTemporaryDirectory() + "counter-\(UUID().uuidString).pid"
        let program = "'\(try FrontEnd.binary("counter"))' --offline --record-test '\(directory.path)'"
        let tmux = try Tmux(command: try FrontEnd.shellCommand(program, pidFile: pidFile))
        try tmux.waitFor("Counter")
        try tmux.send("+")
        try tmux.send("+")
        try tmux.waitFor("−   2   +")
        try tmux.send("f")
        try tmux.waitFor("Number fact")
        try tmux.send("Enter")
        try tmux.waitForScreen("the alert to close") { !$0.contains("Number fact") }
        try tmux.send("t")
        // At least three ticks (a busy machine may show a later count first).
        try tmux.waitForScreen("three ticks", seconds: 15) { (Self.count(on: $0) ?? 0) >= 5 }
        try tmux.send("t")
        let stopped = try tmux.waitFor("timer ○ stopped")
        let count = Self.count(on: stopped) ?? 0
        try tmux.send("-")
        try tmux.waitFor("−   \(count - 1)   +")
        try tmux.send("q")
        let screen = try tmux.waitFor("DONE")
        XCTAssertTrue(screen.contains("EXITED:0"), screen)
        XCTAssertTrue(screen.contains("Wrote the session's test to"), screen)
    }

    /// A user typed, the search pause waited out, a repository's detail opened, and back.
    private func playReposSession(into directory: URL) throws {
        let pidFile = NSTemporaryDirectory() + "repos-\(UUID().uuidString).pid"
        let program = "'\(try FrontEnd.binary("repos"))' --interactive --offline --record-test '\(directory.path)'"
        let tmux = try Tmux(command: try FrontEnd.shellCommand(program, pidFile: pidFile), columns: 100, rows: 30)
        try tmux.waitFor("Type a GitHub user name.")
        try tmux.send("nerdishbynature", literal: true)
        try tmux.waitFor("› NBNRealmBrowser")
        try tmux.send("Enter")     // to the list
        try tmux.send("j")
        try tmux.waitFor("› octokit.swift")
        try tmux.send("Enter")     // the detail
        try tmux.waitFor("Licence     MIT")
        try tmux.send("Escape")    // back
        try tmux.waitFor("› octokit.swift")
        try tmux.send("q")
        let screen = try tmux.waitFor("DONE")
        XCTAssertTrue(screen.contains("EXITED:0"), screen)
    }

    /// The count the counter's screen shows.
    static func count(on screen: String) -> Int? {
        guard let line = screen.split(separator: "\n").first(where: { $0.contains("−   ") && $0.hasSuffix("   +") }) else { return nil }
        return Int(line.split(separator: " ").dropFirst().first ?? "")
    }

    // MARK: - The package

    static let replayManifest = """
        // swift-tools-version: 6.2
        import PackageDescription

        let package = Package(
            name: "Replay",
            platforms: [.macOS(.v15)],
            dependencies: [.package(path: "../ViewModelKit")],
            targets: [
                .testTarget(
                    name: "RecordedTests",
                    dependencies: [
                        .product(name: "ViewModelKit", package: "ViewModelKit"),
                        .product(name: "ViewModelKitTesting", package: "ViewModelKit"),
                        .product(name: "Counter", package: "ViewModelKit"),
                        .product(name: "GitHubRepositories", package: "ViewModelKit"),
                    ]
                )
            ]
        )

        """

    private func replace(_ text: String, with replacement: String, in file: URL) throws {
        let source = try String(contentsOf: file, encoding: .utf8)
        XCTAssertTrue(source.contains(text), "\(file.lastPathComponent) no longer holds \(text)")
        try source.replacingOccurrences(of: text, with: replacement).write(to: file, atomically: true, encoding: .utf8)
    }
}
#endif
