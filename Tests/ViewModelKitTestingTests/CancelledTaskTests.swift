import ViewModelKit
import ViewModelKitTesting
import XCTest

/// A cancelled task stays the view model's until its operation returns: what it writes while it
/// unwinds (a `defer` that resets a loading flag, the most common one in MVVM code) is received,
/// and `finish` waits for it.
@MainActor
final class CancelledTaskTests: XCTestCase {
    private var reporter = RecordingIssueReporter()

    /// Loads that only the test answers: until it does, only a cancellation ends one.
    @MainActor
    final class Loader {
        private(set) var pending: [AsyncStream<String>.Continuation] = []

        func load() async throws -> String {
            let (answers, answer) = AsyncStream<String>.makeStream()
            pending.append(answer)
            for await value in answers { return value }
            throw CancellationError()
        }
    }

    /// The loading flag of most screens: the `defer` resets it however the load ends.
    @MainActor
    final class LoadModel: ViewModel {
        @Observed private(set) var isLoading = false
        @Observed private(set) var value: String?
        private let loader: Loader

        init(loader: Loader) {
            self.loader = loader
        }

        func loadButtonTapped() {
            isLoading = true
            task(id: "load") { [weak self, loader] in
                defer { self?.isLoading = false }
                self?.value = try await loader.load()
            }
        }

        func cancelButtonTapped() {
            cancelTask(id: "load")
        }
    }

    /// A task that ignores cancellation: it waits on a continuation only the test resumes.
    @MainActor
    final class StuckModel: ViewModel {
        private var waiting: CheckedContinuation<Void, Never>?
        private var isReleased = false

        func startButtonTapped() {
            task(id: "stuck") { [weak self] in
                await withCheckedContinuation { continuation in
                    guard let self, !self.isReleased else { return continuation.resume() }
                    self.waiting = continuation
                }
            }
        }

        func stopButtonTapped() {
            cancelTask(id: "stuck")
        }

        /// Lets the task end, so that nothing is left suspended after the test.
        func release() {
            isReleased = true
            waiting?.resume()
            waiting = nil
        }
    }

    private func makeTester(timeout: Duration = .seconds(1)) -> (ViewModelTester<LoadModel>, Loader) {
        reporter = RecordingIssueReporter()
        let loader = Loader()
        return (ViewModelTester(LoadModel(loader: loader), timeout: timeout, reporter: reporter), loader)
    }

    /// Loads, cancels, receives what the load's `defer` wrote, finishes.
    private func cancelALoadAndReceiveItsCleanup(_ tester: ViewModelTester<LoadModel>) async {
        await tester.send({ $0.loadButtonTapped() }) { $0.isLoading = true }
        await tester.send({ $0.cancelButtonTapped() })
        await tester.receive { $0.isLoading = false }
        await tester.finish()
    }

    func testTheCleanupOfACancelledTaskIsReceived() async {
        let (tester, _) = makeTester()
        await cancelALoadAndReceiveItsCleanup(tester)
        XCTAssertEqual(reporter.messages, [])
    }

    func testTheCleanupOfACancelledTaskIsReceivedUnderMainActorScheduling() async {
        let (tester, _) = makeTester()
        await withMainActorScheduling(reporter: reporter) {
            await cancelALoadAndReceiveItsCleanup(tester)
        }
        XCTAssertEqual(reporter.messages, [])
    }

    func testCancellingTheIntentsTasksThenReceivingTheirCleanup() async {
        let (tester, _) = makeTester()
        let load = await tester.send({ $0.loadButtonTapped() }) { $0.isLoading = true }
        await load.cancel()
        XCTAssertFalse(load.isRunning)
        await tester.receive { $0.isLoading = false }
        await tester.finish()
        XCTAssertEqual(reporter.messages, [])
    }

    func testTheCleanupOfATaskCancelledInFlightIsReceived() async {
        let (tester, loader) = makeTester()
        await tester.send({ $0.loadButtonTapped() }) { $0.isLoading = true }
        // The second load replaces the first, whose `defer` then clears the flag the second set.
        await tester.send({ $0.loadButtonTapped() })
        await tester.receive { $0.isLoading = false }
        XCTAssertTrue(tester.viewModel.isTaskRunning(id: "load"), "the second load still runs")
        guard loader.pending.count == 2 else { return XCTFail("two loads began: \(loader.pending.count)") }
        loader.pending[1].yield("fact")
        await tester.receive { $0.value = "fact" }
        await tester.finish()
        XCTAssertEqual(reporter.messages, [])
    }

    func testACancelledTaskIsNotAmongTheRunningOnesWhileItUnwinds() async {
        reporter = RecordingIssueReporter()
        let tester = ViewModelTester(StuckModel(), reporter: reporter)
        await tester.send({ $0.startButtonTapped() })
        XCTAssertEqual(tester.viewModel.runningTaskIDs, ["stuck"])
        await tester.send({ $0.stopButtonTapped() })
        XCTAssertFalse(tester.viewModel.isTaskRunning(id: "stuck"))
        XCTAssertEqual(tester.viewModel.runningTaskIDs, [])
        tester.viewModel.release()
        await tester.finish()
        XCTAssertEqual(reporter.messages, [])
    }

    /// A tester that does not wait, whose view model's task was started and cancelled, and
    /// ignores the cancellation.
    private func startAndStopATaskThatIgnoresCancellation() async -> ViewModelTester<StuckModel> {
        reporter = RecordingIssueReporter()
        let tester = ViewModelTester(StuckModel(), timeout: .zero, reporter: reporter)
        await tester.send({ $0.startButtonTapped() })
        await tester.send({ $0.stopButtonTapped() })
        return tester
    }

    func testACancelledTaskThatNeverEndsIsReportedAtFinishAsCancelled() async {
        let tester = await startAndStopATaskThatIgnoresCancellation()
        await tester.finish()
        XCTAssertEqual(reporter.messages, [
            """
            A task is still running at the end of the test: id "stuck", started by startButtonTapped(). It was \
            cancelled, but it has not ended: it waits on something that ignores cancellation (a continuation \
            that is never resumed, a call that does not check for cancellation).

            Make what it waits on respond to cancellation (`withTaskCancellationHandler`), or let it finish \
            before the test ends.
            """,
        ])
        tester.viewModel.release()
    }

    func testAReceiveThatTimesOutNamesTheCancelledTaskStillUnwinding() async {
        let tester = await startAndStopATaskThatIgnoresCancellation()
        await tester.receive()
        XCTAssertEqual(reporter.messages, [
            """
            Expected to receive a change from a task within 0.0 seconds, but none arrived.

            Still running: "stuck" (started by startButtonTapped(); cancelled, and not ended since).
            """,
        ])
        tester.viewModel.release()
        await tester.finish(timeout: .seconds(5))   // the tester's own timeout is zero
        XCTAssertEqual(reporter.messages.count, 1, reporter.messages.joined(separator: "\n---\n"))
    }

    func testCancellingATaskThatIgnoresCancellationFailsNamingIt() async {
        reporter = RecordingIssueReporter()
        let tester = ViewModelTester(StuckModel(), timeout: .zero, reporter: reporter)
        let start = await tester.send({ $0.startButtonTapped() })
        await start.cancel()
        XCTAssertEqual(reporter.messages, [
            """
            Expected the tasks this intent started to end once cancelled, within 0.0 seconds, but one is still \
            running: id "stuck", started by startButtonTapped(). It waits on something that ignores \
            cancellation: make it respond (`withTaskCancellationHandler`).
            """,
        ])
        tester.viewModel.release()
        await tester.finish(timeout: .seconds(5))   // the tester's own timeout is zero
        XCTAssertEqual(reporter.messages.count, 1, reporter.messages.joined(separator: "\n---\n"))
    }
}
