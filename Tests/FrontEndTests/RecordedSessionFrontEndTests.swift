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
        XCTAssertEqual(files, [
            "CounterSessionTests.swift", "GitHubSessionTests.repositories-2.json", "GitHubSessionTests.repositories.json",
            "GitHubSessionTests.swift",
        ])
        // The owner's list reads its repositories from a file inside a child's `modify(as:)`, which
        // must be marked `try` for the test to compile; each refresh replays its own date.
        let session = try String(contentsOf: recorded.appendingPathComponent("GitHubSessionTests.swift"), encoding: .utf8)
        XCTAssertTrue(session.contains("try $0.path[1].modify(as: GitHubRepositoryViewModel.self)"), session)
        XCTAssertTrue(session.contains("now: .sequence([Date(timeIntervalSince1970: "), session)

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
        try replace("count += delta", with: "count += delta * 2", in: library.appendingPathComponent("Sources/ViewModelKitExampleCounter/ViewModels/CounterViewModel.swift"))
        try replace(
            "$0.stargazersCount >= minimumStars", with: "$0.stargazersCount >= minimumStars * 2",
            in: library.appendingPathComponent("Sources/ViewModelKitExampleGitHub/ViewModels/GitHubRepositoryViewModel.swift")
        )
        let failing = try nested.swiftTest(in: "Replay")
        XCTAssertNotEqual(failing.status, 0, failing.output)
        XCTAssertTrue(NestedPackage.reportsTestCase(failing.output, "CounterSessionTests", "testRecordedSession", "failed"), failing.output)
        XCTAssertTrue(NestedPackage.reportsTestCase(failing.output, "GitHubSessionTests", "testRecordedSession", "failed"), failing.output)
        XCTAssertTrue(failing.output.contains("A state change does not match expectation"), failing.output)
    }

    // MARK: - The sessions

    /// Every key of the counter: increments, a fact dismissed with Enter and one with Esc, the timer
    /// for three ticks, decrements, quit.
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
        try tmux.send("-")
        try tmux.waitFor("−   1   +")
        try tmux.send("f")
        try tmux.waitFor("Number fact")
        try tmux.send("Escape")
        try tmux.waitForScreen("the alert to close") { !$0.contains("Number fact") }
        try tmux.send("t")
        // At least three ticks (a busy machine may show a later count first).
        try tmux.waitForScreen("three ticks", seconds: 15) { (Self.count(on: $0) ?? 0) >= 4 }
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

    /// Every screen and key of the browser, in the session a person plays: a user typed with a typo
    /// fixed by Backspace, the list moved through, the threshold raised to 200 (and an edit of it
    /// cancelled), a refresh, a repository's detail (reloaded), the owner's repositories from there
    /// (a later refresh time), back twice, a second user typed over the first after Ctrl-U and
    /// Ctrl-W, quit.
    private func playReposSession(into directory: URL) throws {
        let pidFile = NSTemporaryDirectory() + "repos-\(UUID().uuidString).pid"
        let program = "'\(try FrontEnd.binary("repos"))' --interactive --offline --record-test '\(directory.path)'"
        let tmux = try Tmux(command: try FrontEnd.shellCommand(program, pidFile: pidFile), columns: 100, rows: 30)
        try tmux.waitFor("Type a GitHub user name.")
        try tmux.send("nerdishbynaturx", literal: true)
        try tmux.send("BSpace")
        try tmux.send("e", literal: true)
        try tmux.waitFor("› NBNRealmBrowser")
        try tmux.send("Tab")       // to the list
        try tmux.send("j")
        try tmux.waitFor("› octokit.swift")
        try tmux.send("k")
        try tmux.waitFor("› NBNRealmBrowser")
        try tmux.send("Down")
        try tmux.waitFor("› octokit.swift")
        try tmux.send("Up")
        try tmux.waitFor("› NBNRealmBrowser")
        try tmux.send("m")         // the threshold
        try tmux.waitFor("Minimum stars:")
        try tmux.send("200", literal: true)
        try tmux.send("Enter")
        try tmux.waitFor("≥ 200★")
        try tmux.waitFor("› octokit.swift")
        try tmux.send("m")
        try tmux.send("9", literal: true)
        try tmux.send("C-u")
        try tmux.send("Escape")    // cancelled: still 200
        try tmux.waitForScreen("the threshold field to close") { !$0.contains("Minimum stars:") }
        try tmux.send("r")         // a refresh of the list
        try tmux.waitFor("› octokit.swift")
        try tmux.send("Enter")     // the detail
        try tmux.waitFor("Licence     MIT")
        try tmux.send("r")         // reloaded
        try tmux.waitFor("Licence     MIT")
        try tmux.send("o")         // the owner's repositories, a list of its own
        try tmux.waitFor("‹ ‹ Repositories of the owner")
        try tmux.waitFor("› NBNRealmBrowser")
        try tmux.send("Escape")    // back to the detail
        try tmux.waitFor("Licence     MIT")
        try tmux.send("BSpace")    // back to the root list
        try tmux.waitFor("≥ 200★")
        try tmux.send("l")         // the other keys that open and go back
        try tmux.waitFor("Licence     MIT")
        try tmux.send("h")
        try tmux.waitFor("≥ 200★")
        try tmux.send("Right")
        try tmux.waitFor("Licence     MIT")
        try tmux.send("Left")
        try tmux.waitFor("≥ 200★")
        try tmux.send("s")         // the user name, and Esc back to the list
        try tmux.send("Escape")
        try tmux.send("/")         // the user name again
        try tmux.send("C-u")       // cleared
        try tmux.send("foo bar", literal: true)
        try tmux.send("C-w")       // "foo "
        try tmux.send("C-w")       // ""
        try tmux.send("jacquev6", literal: true)
        try tmux.waitFor("No repository with 200 or more stars (10 checked).")
        try tmux.send("Enter")     // to the list
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
                        .product(name: "ViewModelKitExampleCounter", package: "ViewModelKit"),
                        .product(name: "ViewModelKitExampleGitHub", package: "ViewModelKit"),
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
