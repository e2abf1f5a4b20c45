import ViewModelKitExampleCounter
import Foundation
import Synchronization
import Testing
import TestSupport
import ViewModelKit
import ViewModelKitTesting
import XCTest

// The code of the article "Testing with ViewModelTester" (TestingWithViewModelTester.md). It tests the
// ViewModelKitExampleCounter module's `CounterViewModel`; the few view models it needs besides are defined here.

enum TestingArticle {
    // snippet: testing-number-fact-mock
    struct NumberFactClientMock: NumberFactClientProtocol {
        var fetch: @Sendable (Int) async throws -> String = unimplemented("NumberFactClientProtocol.fetchFact(number:)")

        func fetchFact(number: Int) async throws -> String {
            try await fetch(number)
        }
    }
    // end snippet

    static func goodNumbers() -> NumberFactClientMock {
        // snippet: testing-stub
        var client = NumberFactClientMock()
        client.fetch = { "\($0) is a good number." }   // only what this test needs
        // end snippet
        return client
    }

    @MainActor
    static func firstTest() async {
        let client = goodNumbers()
        // snippet: testing-first-test
        let tester = ViewModelTester(CounterViewModel(client: client))
        await tester.send({ $0.incrementButtonTapped() }) { $0.count = 1 }
        await tester.send({ $0.factButtonTapped() }) { $0.isLoading = true }
        await tester.receive {
            $0.isLoading = false
            $0.fact = "1 is a good number."
            $0.numberFactAlert = "1 is a good number."
        }
        await tester.finish()
        // end snippet
    }

    @MainActor
    static func landing() async {
        let client = goodNumbers()
        // snippet: testing-landing
        let clock = TestClock()
        let tester = ViewModelTester(CounterViewModel(client: client, clock: clock), clocks: [clock])
        await tester.send({ $0.toggleTimerButtonTapped() }) { $0.isTimerRunning = true }
        await clock.advance(by: .seconds(2))
        await tester.receive { $0.count = 1 }
        await tester.receive { $0.count = 2 }
        await tester.send({ $0.toggleTimerButtonTapped() }) { $0.isTimerRunning = false }
        await tester.finish()
        // end snippet
    }

    // MARK: - Steps

    // snippet: testing-upload-view-model
    @MainActor
    final class UploadViewModel: ViewModel {
        @Observed private(set) var status = "idle"
        private let clock: any Clock<Duration>

        init(clock: any Clock<Duration>) { self.clock = clock }

        func uploadButtonTapped() {
            status = "waiting"
            task(id: "upload") { [weak self, clock] in
                self?.status = "uploading"                 // step 1
                try await clock.sleep(for: .seconds(2))
                self?.status = "done"                      // step 2
            }
        }

        func closeButtonTapped() { dismiss() }
    }
    // end snippet

    @MainActor
    static func steps() async {
        // snippet: testing-steps
        let clock = TestClock()
        let tester = ViewModelTester(UploadViewModel(clock: clock), clocks: [clock])
        await tester.send({ $0.uploadButtonTapped() }) { $0.status = "waiting" }
        await tester.receive { $0.status = "uploading" }   // ran before send returned
        await clock.advance(by: .seconds(2))
        await tester.receive { $0.status = "done" }
        await tester.finish()
        // end snippet
    }

    // MARK: - Async intents

    // snippet: testing-async-view-model
    protocol FeedClient: Sendable {
        func latest() async throws -> [String]
    }

    @MainActor
    final class FeedViewModel: ViewModel {
        @Observed private(set) var items: [String] = []
        @Observed private(set) var isLoading = false
        private let client: any FeedClient

        init(client: any FeedClient) { self.client = client }

        /// The view calls it from `.task { await viewModel.refresh() }` and
        /// `.refreshable { await viewModel.refresh() }`.
        func refresh() async {
            isLoading = true
            defer { isLoading = false }
            items = (try? await client.latest()) ?? items
        }
    }

    /// The test answers each call: `ScriptedAnswers` knows its waits are the test's to end.
    struct FeedClientDouble: FeedClient {
        let answers: ScriptedAnswers

        func latest() async throws -> [String] {
            try await answers.answer("FeedClient", "latest", for: "")
        }
    }
    // end snippet

    // snippet: testing-controlled-by-test
    final class GatedFeedClient: FeedClient {
        private let pending = Mutex<[Int: CheckedContinuation<[String], any Error>]>([:])
        private let calls = Atomic(0)
        let (notes, noteSink) = AsyncStream.makeStream(of: String.self)

        func latest() async throws -> [String] {
            let call = calls.add(1, ordering: .relaxed).newValue
            return try await controlledByTest {
                try await withTaskCancellationHandler {
                    try await withCheckedThrowingContinuation { continuation in
                        pending.withLock { pending in
                            if Task.isCancelled {
                                continuation.resume(throwing: CancellationError())
                            } else {
                                pending[call] = continuation
                            }
                        }
                    }
                } onCancel: {   // SwiftUI cancelled the view's `.task`: stop waiting
                    pending.withLock { $0.removeValue(forKey: call) }?.resume(throwing: CancellationError())
                }
            }
        }

        var notifications: some AsyncSequence<String, Never> { notes.controlledByTest() }

        func answer(_ items: [String]) {
            for continuation in pending.withLock({ pending in defer { pending = [:] }; return pending.values }) {
                continuation.resume(returning: items)
            }
        }
    }
    // end snippet

    @MainActor
    static func controlledByTestDouble() async {
        let client = GatedFeedClient()
        let tester = ViewModelTester(FeedViewModel(client: client))
        await tester.send({ await $0.refresh() }) { $0.isLoading = true }
        client.answer(["Hello"])
        await tester.receive {
            $0.items = ["Hello"]
            $0.isLoading = false
        }
        await tester.finish()
    }

    /// The view goes away while the hand-written double waits: the intent unwinds.
    @MainActor
    static func controlledByTestDoubleCancelled() async {
        let client = GatedFeedClient()
        let tester = ViewModelTester(FeedViewModel(client: client))
        let refresh = await tester.send({ await $0.refresh() }) { $0.isLoading = true }
        await refresh.cancel()
        await tester.receive { $0.isLoading = false }
        await tester.finish()
    }

    @MainActor
    static func asyncIntent() async {
        // snippet: testing-async-intent
        let answers = ScriptedAnswers()
        let tester = ViewModelTester(FeedViewModel(client: FeedClientDouble(answers: answers)))

        // Returns once `refresh()` waits for the client, as the view's `.task` goes on.
        await tester.send({ await $0.refresh() }) { $0.isLoading = true }
        await answers.respond(to: "FeedClient", "latest", for: "", returning: ["Hello"])
        await tester.receive {
            $0.items = ["Hello"]
            $0.isLoading = false
        }

        // Pull to refresh, then leave the screen: SwiftUI cancels the `.task`.
        let refresh = await tester.send({ await $0.refresh() }) { $0.isLoading = true }
        await refresh.cancel()
        await tester.receive { $0.isLoading = false }       // the `defer`, as the task unwound
        await tester.finish()
        // end snippet
    }

    // MARK: - Exhaustivity

    @MainActor
    static func nonExhaustive() async {
        let client = goodNumbers()
        // snippet: testing-non-exhaustive
        let tester = ViewModelTester(CounterViewModel(client: client), exhaustivity: .off)
        await tester.send({ $0.incrementButtonTapped() })          // count is not checked
        await tester.send({ $0.factButtonTapped() })
        await tester.receive { $0.fact = "1 is a good number." }   // only fact is checked
        await tester.finish()
        // end snippet
    }

    @MainActor
    static func skippedAssertions(print: @escaping @MainActor (String) -> Void) async {
        let client = goodNumbers()
        // snippet: testing-show-skipped
        let tester = ViewModelTester(CounterViewModel(client: client), exhaustivity: .off(showSkippedAssertions: true))
        tester.skippedAssertionsOutput = print                     // `print` unless a test says otherwise
        await tester.send({ $0.incrementButtonTapped() })
        await tester.send({ $0.factButtonTapped() }) { $0.isLoading = true }
        await tester.finish()
        // end snippet
    }

    // MARK: - state, skipping

    @MainActor
    static func stateAndSkipping() async {
        // snippet: testing-state-and-skip
        let clock = TestClock()
        let tester = ViewModelTester(CounterViewModel(client: NumberFactClientMock(), clock: clock), clocks: [clock])
        await tester.send({ $0.toggleTimerButtonTapped() }) { $0.isTimerRunning = true }
        await clock.advance(by: .seconds(3))
        XCTAssertEqual(tester.viewModel.count, 3)   // live: the timer ticked three times
        XCTAssertEqual(tester.state.count, 0)       // as of the last assertion
        await tester.skipReceivedChanges()          // the three ticks
        XCTAssertEqual(tester.state.count, 3)
        await tester.send({ $0.toggleTimerButtonTapped() }) { $0.isTimerRunning = false }
        await tester.finish()
        // end snippet
    }

    @MainActor
    static func skipInFlight() async {
        // snippet: testing-skip-in-flight
        let tester = ViewModelTester(CounterViewModel(client: NumberFactClientMock(), clock: TestClock()))
        await tester.send({ $0.toggleTimerButtonTapped() }) { $0.isTimerRunning = true }
        await tester.skipInFlightTasks()            // the timer may outlive the test
        await tester.finish()                       // passes, and cancels the timer
        // end snippet
    }

    @MainActor
    static func intentTasks() async {
        let client = goodNumbers()
        // snippet: testing-intent-tasks
        let clock = TestClock()
        let tester = ViewModelTester(CounterViewModel(client: client, clock: clock), clocks: [clock])
        let fact = await tester.send({ $0.factButtonTapped() }) { $0.isLoading = true }
        await fact.finish()                         // the fact's task has ended
        await tester.receive {
            $0.isLoading = false
            $0.fact = "0 is a good number."
            $0.numberFactAlert = "0 is a good number."
        }
        let timer = await tester.send({ $0.toggleTimerButtonTapped() }) { $0.isTimerRunning = true }
        await clock.advance(by: .seconds(1))
        await tester.receive {
            $0.count = 1
            $0.fact = nil                           // a tick clears the fact
        }
        await timer.cancel()                        // only the timer this intent started
        await tester.finish()
        // end snippet
    }

    typealias ProfileViewModel = OwnedTasksArticle.ProfileViewModel

    @MainActor
    static func cancelledCleanup() async {
        // snippet: testing-cancelled-cleanup
        let tester = ViewModelTester(ProfileViewModel(client: SilentProfileClient()))
        await tester.send({ $0.loadButtonTapped() }) { $0.isLoading = true }
        await tester.send({ $0.cancelButtonTapped() })
        await tester.receive { $0.isLoading = false }   // the cancelled load's `defer`
        await tester.finish()
        // end snippet
    }

    // MARK: - Children

    // snippet: testing-home-view-model
    @MainActor
    final class HomeViewModel: ViewModel {
        @Child private(set) var counter: CounterViewModel?
        private let client: any NumberFactClientProtocol

        init(client: any NumberFactClientProtocol) { self.client = client }

        func counterButtonTapped() { counter = CounterViewModel(client: client) }
    }
    // end snippet

    @MainActor
    static func children() async {
        let client = goodNumbers()
        // snippet: testing-children
        let tester = ViewModelTester(HomeViewModel(client: client))
        await tester.send({ $0.counterButtonTapped() }) {
            $0.counter = ViewModelState(CounterViewModel(client: client))
        }
        await tester.send({ $0.counter?.factButtonTapped() }) { $0.counter?.isLoading = true }
        await tester.receive {
            $0.counter?.isLoading = false
            $0.counter?.fact = "0 is a good number."
            $0.counter?.numberFactAlert = "0 is a good number."
        }
        await tester.send({ $0.counter?.dismiss() }) { $0.counter = nil }
        await tester.finish()
        // end snippet
    }

    // snippet: testing-rows-view-model
    @MainActor
    final class CounterRow: ViewModel, Identifiable {
        nonisolated let id: Int
        @Observed private(set) var count = 0
        @Shared private(set) var total: Int      // every row's, and the list's

        init(id: Int, total: Shared<Int>) {
            self.id = id
            _total = total
        }

        func incrementButtonTapped() {
            count += 1
            total += 1
        }
    }

    @MainActor
    final class CountersViewModel: ViewModel {
        @Shared private(set) var total = 0
        @Child private(set) var rows: IdentifiedArrayOf<CounterRow> = []

        func addButtonTapped(id: Int) { rows.append(CounterRow(id: id, total: $total)) }
        func removeButtonTapped(id: Int) { rows.remove(id: id) }
    }
    // end snippet

    @MainActor
    static func rowsAndSharedValues() async {
        // snippet: testing-rows
        let tester = ViewModelTester(CountersViewModel())
        await tester.send({ $0.addButtonTapped(id: 1) }) {
            $0.rows.append(ViewModelState(CounterRow(id: 1, total: tester.viewModel.$total)))
        }
        await tester.send({ $0.addButtonTapped(id: 2) }) {
            $0.rows[id: 2] = ViewModelState(CounterRow(id: 2, total: tester.viewModel.$total))
        }
        await tester.send({ $0.rows[id: 2]?.incrementButtonTapped() }) {
            $0.rows[id: 2]?.count = 1               // a row by id, as its own type
            $0.total = 1                            // the shared value, through any path
        }
        await tester.send({ $0.rows[0].incrementButtonTapped() }) {
            $0.rows[0].count = 1                    // a row by position
            $0.rows[0].total = 2                    // the same value as $0.total
        }
        await tester.send({ $0.removeButtonTapped(id: 1) }) {
            $0.rows.remove(id: 1)
        }
        await tester.finish()
        // end snippet
    }

    // MARK: - The timer, three ways

    @MainActor
    static func timerWithTheTester() async {
        // snippet: testing-timer-tester
        let clock = TestClock()
        let tester = ViewModelTester(CounterViewModel(client: NumberFactClientMock(), clock: clock), clocks: [clock])
        await tester.send({ $0.toggleTimerButtonTapped() }) { $0.isTimerRunning = true }
        await clock.advance(by: .seconds(1))
        await tester.receive { $0.count = 1 }
        await tester.send({ $0.toggleTimerButtonTapped() }) { $0.isTimerRunning = false }
        await tester.finish()
        // end snippet
    }

    @MainActor
    static func timerInPlainXCTest() async {
        // snippet: testing-timer-plain
        let clock = TestClock()
        let counter = CounterViewModel(client: NumberFactClientMock(), clock: clock)
        counter.toggleTimerButtonTapped()
        XCTAssertTrue(counter.isTimerRunning)
        await clock.advance(by: .seconds(1))
        XCTAssertEqual(counter.count, 1)
        counter.toggleTimerButtonTapped()
        XCTAssertFalse(counter.isTimerRunning)
        // end snippet
    }

    // MARK: - Failures (each runs against a RecordingIssueReporter; the tests pin the messages)

    /// A tester whose failures are recorded, with a short timeout so that a test that waits for a task
    /// in vain ends soon.
    @MainActor
    static func recordingTester<Model: ViewModel>(
        _ viewModel: Model, clocks: [TestClock] = [], reporter: RecordingIssueReporter
    ) -> ViewModelTester<Model> {
        ViewModelTester(viewModel, timeout: .milliseconds(50), clocks: clocks, reporter: reporter)
    }

    @MainActor
    static func wrongExpectation(reporter: RecordingIssueReporter) async {
        let tester = recordingTester(CounterViewModel(client: NumberFactClientMock()), reporter: reporter)
        // snippet: testing-failure-wrong-value
        await tester.send({ $0.incrementButtonTapped() }) { $0.count = 2 }
        // end snippet
        await tester.finish()
    }

    @MainActor
    static func unexpectedChange(reporter: RecordingIssueReporter) async {
        let tester = recordingTester(CounterViewModel(client: NumberFactClientMock()), reporter: reporter)
        await tester.send({ $0.incrementButtonTapped() })
        await tester.finish()
    }

    @MainActor
    static func nothingChanged(reporter: RecordingIssueReporter) async {
        let tester = recordingTester(CounterViewModel(client: NumberFactClientMock()), reporter: reporter)
        await tester.send({ $0.factAlertDismissed() }) { $0.numberFactAlert = nil }
        await tester.finish()
    }

    @MainActor
    static func timerNeverStopped(reporter: RecordingIssueReporter) async {
        let clock = TestClock()
        let tester = recordingTester(CounterViewModel(client: NumberFactClientMock(), clock: clock), reporter: reporter)
        // snippet: testing-failure-timer-running
        await tester.send({ $0.toggleTimerButtonTapped() }) { $0.isTimerRunning = true }
        await tester.finish()
        // end snippet
    }

    @MainActor
    static func unreceivedChange(reporter: RecordingIssueReporter) async {
        let tester = recordingTester(CounterViewModel(client: goodNumbers()), reporter: reporter)
        await tester.send({ $0.factButtonTapped() }) { $0.isLoading = true }
        await tester.finish()
    }

    @MainActor
    static func sendBeforeReceive(reporter: RecordingIssueReporter) async {
        let clock = TestClock()
        let tester = recordingTester(CounterViewModel(client: NumberFactClientMock(), clock: clock), reporter: reporter)
        // snippet: testing-failure-send-before-receive
        await tester.send({ $0.toggleTimerButtonTapped() }) { $0.isTimerRunning = true }
        await clock.advance(by: .seconds(1))
        await tester.send({ $0.toggleTimerButtonTapped() }) { $0.isTimerRunning = false }
        await tester.receive { $0.count = 1 }   // the tick is still queued, in order
        // end snippet
        await tester.finish()
    }

    @MainActor
    static func nonExhaustiveWrongValue(reporter: RecordingIssueReporter) async {
        let tester = ViewModelTester(CounterViewModel(client: goodNumbers()), exhaustivity: .off, reporter: reporter)
        await tester.send({ $0.factButtonTapped() })
        await tester.receive { $0.fact = "0 is a bad number." }
        await tester.finish()
    }

    @MainActor
    static func receiveWithNothingRunning(reporter: RecordingIssueReporter) async {
        let tester = recordingTester(CounterViewModel(client: NumberFactClientMock()), reporter: reporter)
        await tester.receive { $0.count = 1 }
        await tester.finish()
    }

    @MainActor
    static func receiveInVain(reporter: RecordingIssueReporter) async {
        let clock = TestClock()
        let tester = recordingTester(CounterViewModel(client: NumberFactClientMock(), clock: clock), clocks: [clock], reporter: reporter)
        await tester.send({ $0.toggleTimerButtonTapped() }) { $0.isTimerRunning = true }
        await tester.receive { $0.count = 1 }       // the clock was not advanced
        await tester.send({ $0.toggleTimerButtonTapped() }) { $0.isTimerRunning = false }
        await tester.finish()
    }

    @MainActor
    static func sleeperLeft(reporter: RecordingIssueReporter) async {
        let clock = TestClock()
        let tester = recordingTester(UploadViewModel(clock: clock), clocks: [clock], reporter: reporter)
        await tester.send({ $0.uploadButtonTapped() }) { $0.status = "waiting" }
        await tester.receive { $0.status = "uploading" }
        await tester.skipInFlightTasks()
        await tester.finish()
    }

    @MainActor
    static func dismissed(reporter: RecordingIssueReporter) async {
        let clock = TestClock()
        let tester = recordingTester(UploadViewModel(clock: clock), clocks: [clock], reporter: reporter)
        // snippet: testing-failure-dismissed
        await tester.send({ $0.uploadButtonTapped() }) { $0.status = "waiting" }
        await tester.receive { $0.status = "uploading" }
        await tester.send({ $0.closeButtonTapped() })    // dismissed: the upload is cancelled
        await tester.send({ $0.uploadButtonTapped() })   // fails
        await tester.finish()                            // passes
        // end snippet
    }

    @MainActor
    static func nothingToSkip(reporter: RecordingIssueReporter) async {
        let tester = recordingTester(CounterViewModel(client: NumberFactClientMock()), reporter: reporter)
        await tester.skipReceivedChanges()
        await tester.skipInFlightTasks()
        await tester.finish()
    }

    @MainActor
    static func unstubbedClient() async {
        // snippet: testing-failure-unimplemented
        let tester = ViewModelTester(CounterViewModel(client: NumberFactClientMock()))
        await tester.send({ $0.factButtonTapped() }) { $0.isLoading = true }
        // fails: Unimplemented: NumberFactClientProtocol.fetchFact(number:) was called with (0) …
        await tester.receive {
            $0.isLoading = false
            $0.numberFactAlert = "Could not load a fact about 0: NumberFactClientProtocol.fetchFact(number:) is unimplemented in this test"
        }
        await tester.finish()
        // end snippet
    }

    // MARK: - Reporters

    @MainActor
    static func recordingReporter() async -> [String] {
        // snippet: testing-recording-reporter
        let reporter = RecordingIssueReporter()
        let tester = ViewModelTester(CounterViewModel(client: NumberFactClientMock()), reporter: reporter)
        await tester.send({ $0.incrementButtonTapped() })   // no closure: nothing may change
        XCTAssertEqual(reporter.messages.count, 1)
        XCTAssertTrue(reporter.messages[0].hasPrefix("State was not expected to change"))
        // end snippet
        return reporter.messages
    }

    /// The ```text blocks of a DocC article of this module, each as one string.
    static func textBlocks(ofArticle name: String) throws -> [String] {
        let url = TestPaths.packageRoot.appendingPathComponent("Sources/ViewModelKitTesting/Documentation.docc/\(name).md")
        let lines = try String(contentsOf: url, encoding: .utf8).components(separatedBy: "\n")
        var blocks: [String] = []
        var current: [String]?
        for line in lines {
            if current == nil, line == "```text" {
                current = []
            } else if current != nil, line == "```" {
                blocks.append(current?.joined(separator: "\n") ?? "")
                current = nil
            } else {
                current?.append(line)
            }
        }
        return blocks
    }

    /// The article's text.
    static func article(_ name: String) throws -> String {
        let url = TestPaths.packageRoot.appendingPathComponent("Sources/ViewModelKitTesting/Documentation.docc/\(name).md")
        return try String(contentsOf: url, encoding: .utf8)
    }
}

extension TestingArticle {
    /// The article's Swift Testing example: it runs as a Swift Testing test.
    @Suite struct SwiftTestingExample {
        // snippet: testing-swift-testing
        @Test @MainActor func counterCounts() async {
            let tester = ViewModelTester(CounterViewModel(client: NumberFactClientMock()))
            await tester.send({ $0.incrementButtonTapped() }) { $0.count = 1 }
            await tester.finish()
        }
        // end snippet
    }
}

@MainActor
final class TestingArticleTests: XCTestCase {
    private let article = "TestingWithViewModelTester"

    /// Runs `body` with failures recorded, and checks that the article quotes each message in full.
    private func messages(_ body: (RecordingIssueReporter) async -> Void) async -> [String] {
        let reporter = RecordingIssueReporter()
        await body(reporter)
        return reporter.messages
    }

    private func assertQuoted(_ message: String?, file: StaticString = #filePath, line: UInt = #line) throws {
        let blocks = try TestingArticle.textBlocks(ofArticle: article)
        XCTAssertTrue(blocks.contains(message ?? "(none)"), "the article does not show:\n\(message ?? "(none)")", file: file, line: line)
    }

    /// The "what goes wrong" table quotes `quote` (in backticks), and the real message starts with it.
    private func assertTableQuotes(_ quote: String, _ message: String?, file: StaticString = #filePath, line: UInt = #line) throws {
        let text = try TestingArticle.article(article)
        XCTAssertTrue(text.contains("`\(quote)`"), "the table does not quote: \(quote)", file: file, line: line)
        XCTAssertTrue(message?.hasPrefix(quote) == true, "\(message ?? "(none)") does not start with \(quote)", file: file, line: line)
    }

    // MARK: - Passing examples: the default reporter fails the test on any failure.

    func testTheLandingPageExamplePasses() async {
        await TestingArticle.landing()
    }

    func testTheFirstTestPasses() async {
        await TestingArticle.firstTest()
    }

    func testAnAsyncIntentReturnsWhileItWaitsOnTheTest() async {
        await TestingArticle.asyncIntent()
    }

    func testADoubleMarksItsOwnWaitControlledByTest() async {
        await TestingArticle.controlledByTestDouble()
    }

    func testTheHandWrittenDoubleStopsWaitingWhenTheViewGoesAway() async {
        await TestingArticle.controlledByTestDoubleCancelled()
    }

    func testEachStepOfATaskIsOneReceivedChange() async {
        await TestingArticle.steps()
    }

    func testANonExhaustiveTesterChecksOnlyWhatItNames() async {
        await TestingArticle.nonExhaustive()
    }

    func testTheSkippedAssertionsAreShown() async throws {
        var notes: [String] = []
        await TestingArticle.skippedAssertions { notes.append($0) }
        XCTAssertEqual(notes, [
            "ℹ︎ CounterViewModel: skipped assertions: changes of count",
            "ℹ︎ CounterViewModel: skipped assertions: 1 change made by tasks",
        ])
        try assertQuoted(notes.joined(separator: "\n"))
    }

    func testStateLagsBehindTheLiveViewModelUntilSkipped() async {
        await TestingArticle.stateAndSkipping()
    }

    func testSkippedTasksNeedNotFinish() async {
        await TestingArticle.skipInFlight()
    }

    func testTheTasksAnIntentStartedAreCancelledOrAwaited() async {
        await TestingArticle.intentTasks()
    }

    func testTheCleanupOfACancelledTaskIsReceived() async {
        await TestingArticle.cancelledCleanup()
    }

    func testAChildIsAssertedThroughItsParent() async {
        await TestingArticle.children()
    }

    func testRowsAndASharedValueAreAssertedThroughTheParent() async {
        await TestingArticle.rowsAndSharedValues()
    }

    func testTheTimerTestPassesWithTheTester() async {
        await TestingArticle.timerWithTheTester()
    }

    func testTheTimerTestPassesInPlainXCTest() async {
        await TestingArticle.timerInPlainXCTest()
    }

    // MARK: - Failures: the messages the article shows are the recorded ones.

    func testAWrongValueFailsWithTheDiff() async throws {
        let messages = await messages(TestingArticle.wrongExpectation)
        XCTAssertEqual(messages.count, 1)
        try assertQuoted(messages.first)
        try assertTableQuotes("A state change does not match expectation", messages.first)
    }

    func testAnUnexpectedChangeFails() async throws {
        let messages = await messages(TestingArticle.unexpectedChange)
        XCTAssertEqual(messages.count, 1)
        try assertTableQuotes("State was not expected to change, but a change occurred", messages.first)
    }

    func testAClosureWhereNothingChangedFails() async throws {
        let messages = await messages(TestingArticle.nothingChanged)
        XCTAssertEqual(messages.count, 1)
        try assertTableQuotes("Expected state to change, but no change occurred", messages.first)
    }

    func testATimerNeverStoppedFailsNamingItsIdAndIntent() async throws {
        let messages = await messages(TestingArticle.timerNeverStopped)
        XCTAssertEqual(messages.count, 1)
        try assertQuoted(messages.first)
        try assertTableQuotes("A task is still running at the end of the test: id timer, started by toggleTimerButtonTapped()", messages.first)
    }

    func testAChangeNobodyReceivedFails() async throws {
        let messages = await messages(TestingArticle.unreceivedChange)
        XCTAssertEqual(messages.count, 1)
        try assertTableQuotes("The view model's tasks made 1 change that no assertion received", messages.first)
    }

    func testSendingBeforeReceivingFailsAndKeepsTheChangeQueued() async throws {
        let messages = await messages(TestingArticle.sendBeforeReceive)
        XCTAssertEqual(messages.count, 1, "the later receive takes the queued tick")
        try assertQuoted(messages.first)
        try assertTableQuotes("Must handle 1 received change before sending an intent", messages.first)
    }

    func testANonExhaustiveReceiveShowsTheDiffOfWhatItNamed() async throws {
        let messages = await messages(TestingArticle.nonExhaustiveWrongValue)
        XCTAssertEqual(messages.count, 1)
        XCTAssertTrue(messages.first?.contains("−   fact: \"0 is a bad number.\",\n  +   fact: \"0 is a good number.\",") == true)
        try assertTableQuotes("A state change does not match expectation", messages.first)
    }

    func testReceivingWithNoTaskRunningFailsAtOnce() async throws {
        let messages = await messages(TestingArticle.receiveWithNothingRunning)
        XCTAssertEqual(messages, ["Expected to receive a change from a task, but no task of CounterViewModel is running."])
        try assertTableQuotes("Expected to receive a change from a task, but no task of CounterViewModel is running.", messages.first)
    }

    func testReceivingWhileTheClockStandsStillFailsNamingTheSleeper() async throws {
        let messages = await messages(TestingArticle.receiveInVain)
        XCTAssertEqual(messages.count, 1)
        try assertQuoted(messages.first)
        try assertTableQuotes("Expected to receive a change from a task within", messages.first)
    }

    func testASleeperLeftOnTheClockFails() async throws {
        let messages = await messages(TestingArticle.sleeperLeft)
        XCTAssertEqual(messages.count, 1)
        try assertTableQuotes("The test clock still has sleepers at the end of the test.", messages.first)
    }

    func testSendingToADismissedViewModelFails() async throws {
        let messages = await messages(TestingArticle.dismissed)
        XCTAssertEqual(messages, ["Can't send an intent to a dismissed view model"])
        try assertTableQuotes("Can't send an intent to a dismissed view model", messages.first)
    }

    func testSkippingNothingFails() async throws {
        let messages = await messages(TestingArticle.nothingToSkip)
        XCTAssertEqual(messages, ["There were no received changes to skip.", "There were no in-flight tasks to skip."])
        try assertTableQuotes("There were no received changes to skip.", messages.first)
        try assertTableQuotes("There were no in-flight tasks to skip.", messages.last)
    }

    func testAnUnstubbedClientFailsNamingTheMethodAndArgument() async throws {
        let recorder = RecordingIssueReporter()
        let previous = IssueReporting.reporter
        IssueReporting.reporter = recorder
        await TestingArticle.unstubbedClient()
        IssueReporting.reporter = previous
        XCTAssertEqual(recorder.messages, [
            "Unimplemented: NumberFactClientProtocol.fetchFact(number:) was called with (0) but has no test implementation.",
        ])
        try assertTableQuotes("Unimplemented: NumberFactClientProtocol.fetchFact(number:) was called with (0)", recorder.messages.first)
    }

    func testTheRecordingReporterKeepsTheFailure() async {
        let messages = await TestingArticle.recordingReporter()
        XCTAssertEqual(messages.count, 1)
    }
}
