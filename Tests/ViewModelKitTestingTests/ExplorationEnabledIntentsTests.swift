import Foundation
import TestSupport
import ViewModelKit
import ViewModelKitTesting
import XCTest

/// A door that people enter only while it is open; with `bug`, the third visitor counts twice.
@MainActor
private final class DoorModel: ViewModel {
    @Observed private(set) var isOpen = false
    @Observed private(set) var visitors = 0
    private let bug: Bool

    init(bug: Bool) {
        self.bug = bug
        super.init()
    }

    func open() { isOpen = true }
    func close() { isOpen = false }
    func enter() { visitors += bug && visitors == 2 ? 2 : 1 }
}

/// A step draws only among the intents whose precondition holds (as Hypothesis does): no draw is
/// wasted on a disabled one, shrinking stays exact, and an intent never enabled is reported.
@MainActor
final class ExplorationEnabledIntentsTests: XCTestCase {
    private func door(bug: Bool) -> Exploration<DoorModel> {
        var exploration = Exploration { _ in DoorModel(bug: bug) }
            .intent("open()", when: { !$0.isOpen }) { $0.open() }
            .intent("close()", when: { $0.isOpen }) { $0.close() }
            // Heavy, and enabled only while the door is open: drawn among all intents, most of its
            // draws would be turned away.
            .intent("enter()", weight: 6, when: { $0.isOpen }) { $0.enter() }
            .invariant("visitors come in one at a time", comparing: { $0.visitors }) { before, model in
                model.visitors <= before + 1
            }
        exploration.advanceWeight = 0
        return exploration
    }

    func test_everyStep_runsAnEnabledIntent() async {
        let report = await door(bug: false).explore(ExplorationBudget(seed: 3, runs: 20, steps: 30), reporter: RecordingIssueReporter())
        XCTAssertNil(report.failure)
        // Each run's 30 steps, and its release of the view model.
        XCTAssertEqual(report.steps, 20 * 31, "a step whose draw was turned away did nothing")
        XCTAssertEqual(report.ran.values.reduce(0, +), 20 * 30)
        XCTAssertEqual(report.enabled["open()"], report.enabled["enter()"].map { 20 * 30 - $0 })
        XCTAssertEqual(report.enabled["close()"], report.enabled["enter()"])
        XCTAssertEqual(report.warnings, [])

        // As explorations drew before: among all the intents, a disabled one's draw ending its step.
        var before = door(bug: false)
        before.drawsAmongEnabledIntents = false
        let wasteful = await before.explore(ExplorationBudget(seed: 3, runs: 20, steps: 30), reporter: RecordingIssueReporter())
        XCTAssertLessThan(wasteful.steps, 20 * 31)
        XCTAssertEqual(wasteful.steps + wasteful.rejected.values.reduce(0, +), 20 * 31)
    }

    func test_aBugBehindAPrecondition_shrinksToTheShortestRun_andReplays() async {
        let first = await door(bug: true).explore(ExplorationBudget(seed: 1, runs: 50, steps: 30), reporter: RecordingIssueReporter())
        let failure = try? XCTUnwrap(first.failure)
        XCTAssertEqual(failure?.steps, ["open()", "enter()", "enter()", "enter()"], "\(String(describing: failure))")
        XCTAssertNil(failure?.nondeterminism)
        let again = await door(bug: true).explore(ExplorationBudget(seed: 1, runs: 50, steps: 30), reporter: RecordingIssueReporter())
        XCTAssertEqual(again.failure, first.failure)
    }

    func test_anIntentNeverEnabled_isReported() async {
        let exploration = door(bug: false).intent("knock()", when: { _ in false }) { _ in }
        let report = await exploration.explore(ExplorationBudget(seed: 1, runs: 4, steps: 10), reporter: RecordingIssueReporter())
        XCTAssertEqual(report.warnings, ["knock() was never enabled in 4 runs: its precondition held before no step"])
        XCTAssertEqual(report.enabled["knock()"], 0)
        XCTAssertNil(report.ran["knock()"])
    }

    func test_theReport_givesItsTime() async {
        let reporter = RecordingIssueReporter()
        let report = await door(bug: true).explore(ExplorationBudget(seed: 1, runs: 50, steps: 30), reporter: reporter)
        // The failure's message ends with the time, and, with no description of the test, what to add.
        XCTAssertEqual(reporter.messages, [
            (report.failure?.description ?? "") + "\n" + report.timing + "\nNot written as a test: say how the test makes the view model, "
                + "with the test's clock and answers (.writingTests(subject: \"DoorModel(…)\")).",
        ])
        XCTAssertGreaterThan(report.duration, .zero)
        XCTAssertGreaterThan(report.shrinkDuration, .zero)
        XCTAssertGreaterThan(report.stepsPerSecond, 0)
        XCTAssertTrue(report.timing.hasPrefix("\(report.runs) run"), report.timing)
        XCTAssertTrue(report.timing.contains(" steps a second); shrunk in "), report.timing)
    }

    func test_twoExplorationsInOneTestMethod_writeAFileEach() async throws {
        let output = try TemporaryDirectory()
        defer { output.remove() }
        let previous = ProcessInfo.processInfo.environment["VMK_EXPLORATION_OUTPUT"]
        setenv("VMK_EXPLORATION_OUTPUT", output.url.path, 1)
        defer {
            if let previous { setenv("VMK_EXPLORATION_OUTPUT", previous, 1) } else { unsetenv("VMK_EXPLORATION_OUTPUT") }
        }
        // The same test name (a name of the test method's, say), and two different failing runs.
        let test = ExploredTest(name: "DoorTwiceExploredRun", imports: [], subject: "DoorModel(bug: true)")
        let first = await door(bug: true).writingTests(test)
            .explore(ExplorationBudget(seed: 1, runs: 50, steps: 30), reporter: RecordingIssueReporter())
        let second = await door(bug: true).writingTests(test)
            .invariant("at most one visitor", { $0.visitors <= 1 })
            .explore(ExplorationBudget(seed: 1, runs: 50, steps: 30), reporter: RecordingIssueReporter())
        XCTAssertNotEqual(first.failure?.testSource, second.failure?.testSource)
        let names = try FileManager.default.contentsOfDirectory(atPath: output.url.path).sorted()
        XCTAssertEqual(names, ["DoorTwiceExploredRun2Tests.swift", "DoorTwiceExploredRunTests.swift"])
        let renamed = try String(contentsOf: output.url.appendingPathComponent("DoorTwiceExploredRun2Tests.swift"), encoding: .utf8)
        XCTAssertTrue(renamed.contains("final class DoorTwiceExploredRun2Tests: XCTestCase {"), renamed)
        XCTAssertTrue(renamed.contains("at most one visitor"), renamed)
        // The same test again (a rerun of the same exploration) keeps its file.
        _ = await door(bug: true).writingTests(test)
            .explore(ExplorationBudget(seed: 1, runs: 50, steps: 30), reporter: RecordingIssueReporter())
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: output.url.path).count, 2)
    }
}
