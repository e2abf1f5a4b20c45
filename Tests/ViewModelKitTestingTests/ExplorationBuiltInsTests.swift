import Synchronization
import ViewModelKit
import ViewModelKitTesting
import XCTest

/// Increments made by every `LeakyModel` of the process: state that outlives a run.
private let incrementsEver = Mutex(0)

/// Breaks "the count moves by one at a time" on the fifth increment the process ever makes: a run
/// replayed from the same choices does not break it again.
@MainActor
private final class LeakyModel: ViewModel {
    @Observed private(set) var count = 0

    func increment() {
        let ever = incrementsEver.withLock { value -> Int in
            value += 1
            return value
        }
        count += ever == 5 ? 2 : 1
    }
}

/// A view model that waits on what no test moves, or reports an issue.
@MainActor
private final class WaitingModel: ViewModel {
    @Observed private(set) var count = 0

    /// Waits on a stream nothing ever feeds, as a task waiting on a real clock or a continuation
    /// never resumed would: only its cancellation ends it.
    func waitOnNothing() {
        let (stream, feed) = AsyncStream<Int>.makeStream()
        unfed = feed
        task(id: "wait") {
            for await _ in stream {}
        }
    }

    /// Kept, so that the stream stays open.
    private var unfed: AsyncStream<Int>.Continuation?

    func increment() {
        count += 1
        if count == 2 { reportIssue("a dependency is unimplemented: Analytics.track(_:)") }
    }
}

/// The invariants every exploration checks, and the replay check before shrinking.
@MainActor
final class ExplorationBuiltInsTests: XCTestCase {
    func test_aRunThatDoesNotReplay_isReported_notShrunk() async {
        let exploration = Exploration { _ in LeakyModel() }
            .intent("increment()") { $0.increment() }
            .invariant("the count moves by one at a time", comparing: { $0.count }) { before, model in model.count <= before + 1 }
        let report = await exploration.explore(ExplorationBudget(seed: 1, runs: 20, steps: 10), reporter: RecordingIssueReporter())
        let failure = try? XCTUnwrap(report.failure)
        XCTAssertEqual(failure?.invariant, "the count moves by one at a time")
        XCTAssertTrue(failure?.nondeterminism?.hasPrefix("the same choices did not replay the same run") ?? false, "\(String(describing: failure))")
        XCTAssertEqual(failure?.shrinkReplays, 0)
        XCTAssertTrue(failure?.description.contains("Not shrunk: the same choices did not replay") ?? false)
    }

    func test_aTaskWaitingOnWhatNoTestMoves_breaksTheBuiltInWait() async {
        let exploration = Exploration { _ in WaitingModel() }
            .intent("waitOnNothing()") { $0.waitOnNothing() }
        let report = await exploration.explore(ExplorationBudget(seed: 1, runs: 5, steps: 3), reporter: RecordingIssueReporter())
        XCTAssertEqual(report.failure?.invariant, "every running task waits on the clock or for a client's answer")
        XCTAssertEqual(report.failure?.steps, ["waitOnNothing()"])
        XCTAssertTrue(report.failure?.detail.contains("real-time sleep") ?? false, "\(String(describing: report.failure))")
    }

    func test_anIssueTheViewModelReports_breaksTheBuiltInInvariant_andStaysInTheRun() async {
        let reporter = RecordingIssueReporter()
        let exploration = Exploration { _ in WaitingModel() }
            .intent("increment()") { $0.increment() }
        let report = await exploration.explore(ExplorationBudget(seed: 1, runs: 5, steps: 5), reporter: reporter)
        XCTAssertEqual(report.failure?.invariant, "no issue reported")
        XCTAssertEqual(report.failure?.steps, ["increment()", "increment()"])
        XCTAssertEqual(report.failure?.detail, "a dependency is unimplemented: Analytics.track(_:)")
        // The run's issue went to the run, not to the test: only the exploration's failure is here.
        XCTAssertEqual(reporter.messages.count, 1)
    }
}
