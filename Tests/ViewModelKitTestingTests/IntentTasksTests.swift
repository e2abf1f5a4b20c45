import ViewModelKit
import ViewModelKitTesting
import XCTest

/// `send` returns the tasks its intent started, as TCA's `store.send(_:)` does: a test cancels the
/// screen's long-lived listening, or waits for one intent's work to end, the way real tests do.
@MainActor
final class IntentTasksTests: XCTestCase {
    private var reporter = RecordingIssueReporter()

    /// A sign-in screen: it listens to session events for its whole life, and signing in talks to a
    /// server (a sleep on the clock stands for it).
    @MainActor
    final class SignInModel: ViewModel {
        @Observed private(set) var isSigningIn = false
        @Observed private(set) var user: String?
        @Observed private(set) var sessionEvents = 0
        private let clock: any Clock<Duration>
        private let events: AsyncStream<Void>
        let continuation: AsyncStream<Void>.Continuation

        init(clock: any Clock<Duration>) {
            self.clock = clock
            (events, continuation) = AsyncStream.makeStream()
        }

        func onAppear() {
            task(id: "session events") { [weak self, events] in
                for await _ in events { self?.sessionEvents += 1 }
            }
        }

        func signInTapped() {
            isSigningIn = true
            task(id: "sign in") { [weak self, clock] in
                try await clock.sleep(for: .seconds(1))
                self?.user = "blob"
                self?.isSigningIn = false
            }
        }
    }

    private func makeTester(_ clock: TestClock) -> ViewModelTester<SignInModel> {
        reporter = RecordingIssueReporter()
        return ViewModelTester(SignInModel(clock: clock), clocks: [clock], reporter: reporter)
    }

    func testCancellingTheListeningAnIntentStartedLetsTheTestFinish() async {
        let tester = makeTester(TestClock())
        await tester.send({ $0.onAppear() }).cancel()
        await tester.finish()
        XCTAssertEqual(reporter.messages, [])
        XCTAssertFalse(tester.viewModel.isTaskRunning(id: "session events"))
    }

    func testFinishWaitsForTheIntentsTaskThenItsChangeIsReceived() async {
        let clock = TestClock()
        let tester = makeTester(clock)
        let signIn = await tester.send({ $0.signInTapped() }) { $0.isSigningIn = true }
        XCTAssertTrue(signIn.isRunning)
        await clock.advance(by: .seconds(1))
        await signIn.finish()
        XCTAssertFalse(signIn.isRunning)
        await tester.receive {
            $0.user = "blob"
            $0.isSigningIn = false
        }
        await tester.finish()
        XCTAssertEqual(reporter.messages, [])
    }

    func testCancelLeavesTheTasksOfOtherIntentsRunning() async {
        let clock = TestClock()
        let tester = makeTester(clock)
        let listening = await tester.send({ $0.onAppear() })
        let signIn = await tester.send({ $0.signInTapped() }) { $0.isSigningIn = true }
        await listening.cancel()
        XCTAssertFalse(listening.isRunning)
        XCTAssertTrue(signIn.isRunning, "only the tasks of the intent whose handle was cancelled")
        await signIn.cancel()
        await tester.finish()
        XCTAssertEqual(reporter.messages, [])
    }

    func testFinishFailsNamingTheTaskStillRunningAndTheClockItWaitsOn() async {
        let clock = TestClock()
        let tester = makeTester(clock)
        let signIn = await tester.send({ $0.signInTapped() }) { $0.isSigningIn = true }
        // Its sleep goes through `any Clock`, which hops to the global executor: on a loaded machine
        // it reaches the clock later than `send` returns.
        await waitForSleepers(clock, count: 1)
        await signIn.finish(timeout: .zero)
        XCTAssertEqual(reporter.messages, [
            """
            Expected the tasks this intent started to end within 0.0 seconds, but one is still running: id "sign in", \
            started by signInTapped().
            The test clock has 1 sleeper waiting; the next wakes at TestClock.Instant(offset: 1.0 seconds). Advance the clock (`await clock.advance(by:)`) to let it run.
            """,
        ])
        await signIn.cancel()
        await tester.finish()
    }

    func testAnIntentThatStartsNothingReturnsNoTask() async {
        let tester = makeTester(TestClock())
        let nothing = await tester.send({ _ in })
        XCTAssertFalse(nothing.isRunning)
        await nothing.finish()
        await nothing.cancel()
        await tester.finish()
        XCTAssertEqual(reporter.messages, [])
    }
}
