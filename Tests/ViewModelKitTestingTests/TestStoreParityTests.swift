import ViewModelKit
import ViewModelKitTesting
import XCTest

/// What `ViewModelTester` promises where TCA's `TestStore` does the same.
@MainActor
final class TestStoreParityTests: XCTestCase {
    private var reporter = RecordingIssueReporter()

    private func makeTester<Model: ViewModel>(_ model: Model, exhaustivity: Exhaustivity = .on) -> ViewModelTester<Model> {
        reporter = RecordingIssueReporter()
        return ViewModelTester(model, exhaustivity: exhaustivity, timeout: .seconds(5), reporter: reporter)
    }

    private let noChangeMessage = """
        Expected state to change, but no change occurred.

        The trailing closure made no observable modifications to state. If no change to state is expected, omit the trailing closure.
        """

    // MARK: - Assertions

    func testAClosureThatAssertsNothingFails() async {
        let tester = makeTester(FactModel())
        await tester.send({ _ in }) { _ in }
        await tester.send({ _ in }) { $0.count = 0 }
        XCTAssertEqual(reporter.messages, [noChangeMessage, noChangeMessage])
    }

    func testAClosureThatAssertsNothingIsFineWhenNonExhaustive() async {
        let tester = makeTester(FactModel(), exhaustivity: .off)
        await tester.send({ _ in }) { _ in }
        XCTAssertEqual(reporter.messages, [])
    }

    func testAClosureThatLeavesAFieldAtItsPreviousValueGetsTheMismatchHeadline() async {
        let tester = makeTester(FactModel())
        await tester.send({ $0.incrementButtonTapped() }) { $0.count = 0 }
        XCTAssertEqual(reporter.messages, [
            """
            A state change does not match expectation: …

                FactModel(
              −   count: 0,
              +   count: 1,
                  fact: nil,
                  isLoading: false,
                  isTimerRunning: false
                )

            (Expected: −, Actual: +)
            """,
        ])
    }

    func testANonExhaustiveReceiveShowsTheDiffOfWhatItWrote() async {
        let tester = makeTester(FactModel(), exhaustivity: .off)
        await tester.send({ $0.factButtonTapped() })
        await tester.receive { $0.fact = "wrong" }
        XCTAssertEqual(reporter.messages, [
            """
            A state change does not match expectation: …

                FactModel(
                  count: 0,
              −   fact: "wrong",
              +   fact: "0 is a good number.",
                  isLoading: false,
                  isTimerRunning: false
                )

            (Expected: −, Actual: +)
            """,
        ])
    }

    func testStateIsTheLastAssertedState() async {
        let tester = makeTester(FactModel())
        await tester.send({ $0.factButtonTapped() }) { $0.isLoading = true }
        while tester.viewModel.isLoading { await Task.yield() }
        XCTAssertEqual(tester.state.isLoading, true, "not yet received")
        XCTAssertNil(tester.state.fact)
        XCTAssertEqual(tester.viewModel.isLoading, false, "the view model stays live")
        await tester.receive { $0.fact = "0 is a good number."; $0.isLoading = false }
        XCTAssertEqual(tester.state.isLoading, false)
        XCTAssertEqual(tester.state.fact, "0 is a good number.")
        await tester.finish()
        XCTAssertEqual(reporter.messages, [])
    }

    // MARK: - Received changes

    func testEachTaskIsItsOwnReceivedChangeEvenInOneMainActorTurn() async {
        let tester = makeTester(StepModel())
        await tester.send({ $0.threeTasksTapped() })
        await tester.receive { $0.count = 2 }
        await tester.receive { $0.count = 3 }
        await tester.receive { $0.count = 4 }
        await tester.finish()
        XCTAssertEqual(reporter.messages, [])
    }

    func testEachStepOfATaskIsItsOwnReceivedChange() async {
        let tester = makeTester(StepModel())
        await tester.send({ $0.twoStepsTapped() })
        await tester.receive { $0.count = 2 }
        await tester.receive { $0.count = 3 }
        await tester.finish()
        XCTAssertEqual(reporter.messages, [])
    }

    func testAFailedSendKeepsTheQueueForLaterReceives() async {
        let tester = makeTester(FactModel())
        await tester.send({ $0.factButtonTapped() }) { $0.isLoading = true }
        while tester.viewModel.isLoading { await Task.yield() }
        await tester.send({ $0.incrementButtonTapped() }) { $0.count = 1; $0.fact = nil }
        await tester.receive { $0.fact = "0 is a good number."; $0.isLoading = false }
        await tester.finish()
        XCTAssertEqual(reporter.messages, [
            """
            Must handle 1 received change before sending an intent:

            • from factButtonTapped():
                FactModel(
                  count: 0,
              −   fact: nil,
              +   fact: "0 is a good number.",
              −   isLoading: true,
              +   isLoading: false,
                  isTimerRunning: false
                )

            (Before: −, After: +)
            """,
        ])
    }

    func testSendLetsTheTasksItStartedRunToTheirFirstSuspension() async {
        let clock = TestClock()
        let tester = makeTester(StepModel(clock: clock))
        await tester.send({ $0.startTapped() })
        XCTAssertEqual(tester.viewModel.label, "started", "the task ran before send returned")
        await tester.receive { $0.label = "started" }
        while clock.pendingSleepers.isEmpty { await Task.yield() }
        await clock.advance(by: .seconds(60))
        await tester.receive { $0.label = "done" }
        await tester.finish()
        XCTAssertEqual(reporter.messages, [])
    }

    func testAFirstStepIsVisibleToANonExhaustiveAssert() async {
        let tester = makeTester(StepModel(clock: TestClock()), exhaustivity: .off)
        await tester.send({ $0.startTapped() })
        tester.assert { $0.label = "started" }
        XCTAssertEqual(reporter.messages, [])
    }

    // MARK: - Skipping

    func testSkipReceivedChangesDropsTheQueueAndMovesTheAssertedState() async {
        let tester = makeTester(FactModel())
        await tester.send({ $0.factButtonTapped() }) { $0.isLoading = true }
        while tester.viewModel.isLoading { await Task.yield() }
        await tester.skipReceivedChanges()
        XCTAssertEqual(tester.state.fact, "0 is a good number.")
        await tester.send({ $0.incrementButtonTapped() }) { $0.count = 1; $0.fact = nil }
        await tester.finish()
        XCTAssertEqual(reporter.messages, [])
    }

    func testSkipReceivedChangesFailsWhenStrictAndNothingWasQueued() async {
        let tester = makeTester(FactModel())
        await tester.skipReceivedChanges(); let line = #line
        await tester.skipReceivedChanges(strict: false)
        XCTAssertEqual(reporter.messages, ["There were no received changes to skip."])
        XCTAssertEqual(reporter.issues.first?.line, UInt(line))
    }

    func testSkipInFlightTasksStopsRequiringThemButKeepsTheirChanges() async {
        let clock = TestClock()
        let tester = makeTester(FactModel(clock: clock))
        await tester.send({ $0.toggleTimerButtonTapped() }) { $0.isTimerRunning = true }
        await tester.skipInFlightTasks()
        XCTAssertEqual(tester.viewModel.runningTaskIDs, ["timer"], "not cancelled")
        await clock.advance(by: .seconds(1))
        await tester.receive { $0.count = 1 }
        await tester.finish()
        XCTAssertEqual(reporter.messages, [])
    }

    func testSkipInFlightTasksFailsWhenStrictAndNoTaskRuns() async {
        let tester = makeTester(FactModel())
        await tester.skipInFlightTasks(); let line = #line
        await tester.skipInFlightTasks(strict: false)
        XCTAssertEqual(reporter.messages, ["There were no in-flight tasks to skip."])
        XCTAssertEqual(reporter.issues.first?.line, UInt(line))
    }

    func testNonExhaustiveTestersSkipSilently() async {
        let tester = makeTester(FactModel(), exhaustivity: .off)
        await tester.skipReceivedChanges()
        await tester.skipInFlightTasks()
        XCTAssertEqual(reporter.messages, [])
    }

    // MARK: - Dismissal

    func testDismissingTheViewModelUnderTestCancelsItsTasksAndEndsTheTest() async {
        let tester = makeTester(StepModel(clock: TestClock()))
        await tester.send({ $0.startTapped() })
        await tester.receive { $0.label = "started" }
        await tester.send({ $0.closeTapped() })
        XCTAssertEqual(tester.viewModel.runningTaskIDs, [])
        await tester.finish()
        XCTAssertEqual(reporter.messages, [])
    }

    func testSendingToADismissedViewModelFails() async {
        let tester = makeTester(StepModel())
        await tester.send({ $0.closeTapped() })
        await tester.send({ $0.threeTasksTapped() }); let line = #line
        XCTAssertEqual(tester.viewModel.count, 1, "the intent did not run")
        XCTAssertEqual(reporter.messages, ["Can't send an intent to a dismissed view model"])
        XCTAssertEqual(reporter.issues.first?.line, UInt(line))
        await tester.finish()
    }
}
