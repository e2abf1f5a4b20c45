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
        guard ProcessInfo.processInfo.environment["VMK_FULL_STRESS"] != nil else {
            throw XCTSkip("builds a package of its own twice (half a minute or more); runs under VMK_FULL_STRESS=1, as in .ci/run")
        }
        if let sanitizer = Self.sanitizer {
            throw XCTSkip("under the \(sanitizer) sanitizer: this test builds a package of its own twice, which takes minutes; the plain run covers it")
        }
        // In the package's own .build, kept between runs: a later run rebuilds only what changed.
        let work = FrontEnd.packageRoot.appendingPathComponent(".build/recorded-sessions")
        let library = work.appendingPathComponent("ViewModelKit")
        let replay = work.appendingPathComponent("Replay")
        let recorded = replay.appendingPathComponent("Tests/RecordedTests")
        try? FileManager.default.removeItem(at: recorded)

        try playCounterSession(into: recorded)
        try playReposSession(into: recorded)
        let files = try FileManager.default.contentsOfDirectory(atPath: recorded.path).sorted()
        XCTAssertEqual(files, ["CounterSessionTests.swift", "GitHubSessionTests.repositories.json", "GitHubSessionTests.swift"])

        // SwiftPM does not see a file added to or removed from a path dependency in an existing build
        // plan, so a changed set of files starts the replay package's build afresh.
        if try copyPackage(to: library) {
            try? FileManager.default.removeItem(at: replay.appendingPathComponent(".build"))
        }
        let manifest = replay.appendingPathComponent("Package.swift")
        if (try? String(contentsOf: manifest, encoding: .utf8)) != Self.replayManifest {
            try Self.replayManifest.write(to: manifest, atomically: true, encoding: .utf8)
        }

        let passing = try swiftTest(in: replay)
        XCTAssertEqual(passing.status, 0, passing.output)
        XCTAssertTrue(reportsTestCase(passing.output, "CounterSessionTests", "testRecordedSession", "passed"), passing.output)
        XCTAssertTrue(reportsTestCase(passing.output, "GitHubSessionTests", "testRecordedSession", "passed"), passing.output)

        // The same tests against view models that behave differently.
        try replace("count += delta", with: "count += delta * 2", in: library.appendingPathComponent("Sources/Counter/ViewModels/CounterViewModel.swift"))
        try replace(
            "$0.stargazersCount >= minimumStars", with: "$0.stargazersCount >= minimumStars * 2",
            in: library.appendingPathComponent("Sources/GitHubRepositories/ViewModels/GitHubRepositoryViewModel.swift")
        )
        let failing = try swiftTest(in: replay)
        XCTAssertNotEqual(failing.status, 0, failing.output)
        XCTAssertTrue(reportsTestCase(failing.output, "CounterSessionTests", "testRecordedSession", "failed"), failing.output)
        XCTAssertTrue(reportsTestCase(failing.output, "GitHubSessionTests", "testRecordedSession", "failed"), failing.output)
        XCTAssertTrue(failing.output.contains("A state change does not match expectation"), failing.output)
    }

    /// Whether XCTest's output says that `suite.test` ended with `outcome` ("passed" or "failed"),
    /// in either platform's format: `Test Case 'Suite.test' passed` (swift-corelibs-xctest, Linux)
    /// or `Test Case '-[Module.Suite test]' passed` (Xcode's XCTest, macOS).
    private func reportsTestCase(_ output: String, _ suite: String, _ test: String, _ outcome: String) -> Bool {
        output.contains("'\(suite).\(test)' \(outcome)") || output.contains(".\(suite) \(test)]' \(outcome)")
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

    /// The sanitizer this run is built with, if any: `.ci/run` says so in `VMK_SANITIZER`, and builds
    /// sanitized runs in their own scratch paths (`.build/tsan`, `.build/asan`).
    static var sanitizer: String? {
        if let named = ProcessInfo.processInfo.environment["VMK_SANITIZER"], !named.isEmpty { return named }
        let bundle = TestPaths.builtExecutable("counter")?.path ?? CommandLine.arguments[0]
        if bundle.contains("/.build/tsan/") { return "thread" }
        if bundle.contains("/.build/asan/") { return "address" }
        return nil
    }

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

    /// Makes `destination` a copy of this package (without its build products and history), writing
    /// only the files that differ, so that an unchanged file keeps its date and is not rebuilt.
    /// Returns whether a file was added or removed.
    private func copyPackage(to destination: URL) throws -> Bool {
        try mirror(FrontEnd.packageRoot, to: destination, skipping: [".build", ".git", ".swiftpm"])
    }

    private func mirror(_ source: URL, to destination: URL, skipping: Set<String> = []) throws -> Bool {
        let manager = FileManager.default
        try manager.createDirectory(at: destination, withIntermediateDirectories: true)
        let entries = Set(try manager.contentsOfDirectory(atPath: source.path)).subtracting(skipping)
        var addedOrRemoved = false
        for stale in Set(try manager.contentsOfDirectory(atPath: destination.path)).subtracting(entries).subtracting(skipping) {
            try manager.removeItem(at: destination.appendingPathComponent(stale))
            addedOrRemoved = true
        }
        for entry in entries {
            let from = source.appendingPathComponent(entry)
            let to = destination.appendingPathComponent(entry)
            var isDirectory: ObjCBool = false
            guard manager.fileExists(atPath: from.path, isDirectory: &isDirectory) else { continue }
            if isDirectory.boolValue {
                if try mirror(from, to: to) { addedOrRemoved = true }
            } else {
                let contents = try Data(contentsOf: from)
                let existing = try? Data(contentsOf: to)
                if existing == nil { addedOrRemoved = true }
                if existing != contents { try contents.write(to: to) }
            }
        }
        return addedOrRemoved
    }

    private func replace(_ text: String, with replacement: String, in file: URL) throws {
        let source = try String(contentsOf: file, encoding: .utf8)
        XCTAssertTrue(source.contains(text), "\(file.lastPathComponent) no longer holds \(text)")
        try source.replacingOccurrences(of: text, with: replacement).write(to: file, atomically: true, encoding: .utf8)
    }

    /// Runs `swift test` in `directory`: its exit status and everything it printed.
    private func swiftTest(in directory: URL) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["swift", "test"]
        process.currentDirectoryURL = directory
        var environment = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("SWIFTPM") }
        environment.removeValue(forKey: "VMK_UPDATE_SNIPPETS")
        process.environment = environment
        let log = directory.appendingPathComponent("swift-test.log")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        let handle = try FileHandle(forWritingTo: log)
        defer { try? handle.close() }
        process.standardOutput = handle
        process.standardError = handle
        process.standardInput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return (process.terminationStatus, try String(contentsOf: log, encoding: .utf8))
    }
}
#endif
