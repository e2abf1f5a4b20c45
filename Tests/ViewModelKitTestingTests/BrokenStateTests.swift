import ViewModelKit
import ViewModelKitTesting
import XCTest

/// Starts a task that waits on the clock, and may cancel it; its state shows neither.
@MainActor
private final class PollerModel: ViewModel {
    @Observed private(set) var polls = 0
    private let clock: TestClock

    init(clock: TestClock) {
        self.clock = clock
        super.init()
    }

    func start() {
        polls += 1
        task(id: "poll") { [clock] in try await clock.sleep(for: .seconds(60)) }
    }

    func stop() { cancelTask(id: "poll") }
}

/// `assertNotReached(from:runningTaskIDs:_:)`: the broken state of an exploration's written test,
/// with the tasks that ran in it, for an invariant that reads `runningTaskIDs`.
@MainActor
final class BrokenStateTests: XCTestCase {
    private func started(_ reporter: RecordingIssueReporter) async -> (ViewModelTester<PollerModel>, ViewModelState<PollerModel>) {
        let clock = TestClock()
        let tester = ViewModelTester(PollerModel(clock: clock), exhaustivity: .off(showSkippedAssertions: false), reporter: reporter)
        let before = tester.state
        await tester.send({ $0.start() })
        return (tester, before)
    }

    func test_theSameStateWithTheSameTasks_isReached() async {
        let reporter = RecordingIssueReporter()
        let (tester, before) = await started(reporter)
        tester.assertNotReached(from: before, runningTaskIDs: ["poll"]) { $0.polls = 1 }
        XCTAssertEqual(reporter.messages.count, 1)
        XCTAssertTrue(reporter.messages.first?.hasSuffix("with the same tasks running: poll") ?? false, "\(reporter.messages)")
        await tester.send({ $0.stop() })
        await tester.finish()
    }

    func test_theSameStateWithOtherTasks_isNotReached() async {
        let reporter = RecordingIssueReporter()
        let (tester, before) = await started(reporter)
        await tester.send({ $0.stop() })
        // A fix that only cancels the task: the state is the same, and no task runs.
        tester.assertNotReached(from: before, runningTaskIDs: ["poll"]) { $0.polls = 1 }
        XCTAssertEqual(reporter.messages, [])
        // Without the tasks, the state alone is compared.
        tester.assertNotReached(from: before) { $0.polls = 1 }
        XCTAssertEqual(reporter.messages.count, 1)
        await tester.finish()
    }
}
