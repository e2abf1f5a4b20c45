import ViewModelKit
import ViewModelKitTesting
import XCTest

@MainActor
final class ViewModelTesterTests: XCTestCase {
    private var reporter = RecordingIssueReporter()

    private func makeTester(
        _ model: FactModel = FactModel(), exhaustivity: Exhaustivity = .on, clocks: [TestClock] = []
    ) -> ViewModelTester<FactModel> {
        reporter = RecordingIssueReporter()
        return ViewModelTester(model, exhaustivity: exhaustivity, timeout: .seconds(5), clocks: clocks, reporter: reporter)
    }

    // MARK: - Passing tests stay quiet

    func testACorrectExhaustiveTestPasses() async {
        let clock = TestClock()
        let tester = makeTester(FactModel(clock: clock), clocks: [clock])
        await tester.send({ $0.incrementButtonTapped() }) { $0.count = 1 }
        await tester.send({ $0.factButtonTapped() }) { $0.isLoading = true }
        await tester.receive {
            $0.fact = "1 is a good number."
            $0.isLoading = false
        }
        await tester.send({ $0.toggleTimerButtonTapped() }) { $0.isTimerRunning = true }
        await clock.advance(by: .seconds(1))
        await tester.receive { $0.count = 2 }
        await clock.advance(by: .seconds(1))
        await tester.receive { $0.count = 3 }
        await tester.send({ $0.toggleTimerButtonTapped() }) { $0.isTimerRunning = false }
        await tester.finish()
        XCTAssertEqual(reporter.messages, [])
    }

    func testAnIntentThatChangesNothingNeedsNoAssertion() async {
        let tester = makeTester()
        await tester.send({ $0.notObserved += 1 })
        await tester.finish()
        XCTAssertEqual(reporter.messages, [])
    }

    // MARK: - send

    func testUnexpectedChangeFailsWithTheDiff() async {
        let tester = makeTester()
        await tester.send({ $0.incrementButtonTapped() }); let line = #line
        XCTAssertEqual(reporter.messages, [
            """
            State was not expected to change, but a change occurred: …

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
        XCTAssertEqual(reporter.issues.first?.line, UInt(line), "the failure points at the assertion")
        XCTAssertEqual(reporter.issues.first?.filePath, #filePath)
    }

    func testWrongExpectationFailsWithTheDiff() async {
        let tester = makeTester()
        await tester.send({ $0.incrementButtonTapped() }) { $0.count = 2 }
        XCTAssertEqual(reporter.messages, [
            """
            A state change does not match expectation: …

                FactModel(
              −   count: 2,
              +   count: 1,
                  fact: nil,
                  isLoading: false,
                  isTimerRunning: false
                )

            (Expected: −, Actual: +)
            """,
        ])
    }

    func testExpectedChangeThatDidNotHappenFails() async {
        let tester = makeTester()
        await tester.send({ _ in }) { $0.count = 1 }
        XCTAssertEqual(reporter.messages.count, 1)
        XCTAssertTrue(reporter.messages[0].hasPrefix("A state change does not match expectation: …"))
        XCTAssertTrue(reporter.messages[0].contains("−   count: 1,\n  +   count: 0,"), reporter.messages[0])
    }

    func testAssertingANonObservedPropertyFails() async {
        let tester = makeTester()
        await tester.send({ $0.notObserved = 3 }) { $0.notObserved = 3 }
        XCTAssertEqual(reporter.messages, [
            "\\FactModel.notObserved is not an @Observed property of FactModel; a test can only assert observed state.",
            """
            Expected state to change, but no change occurred.

            The trailing closure made no observable modifications to state. If no change to state is expected, omit the trailing closure.
            """,
        ])
    }

    func testAThrowingIntentFails() async {
        struct Boom: Error {}
        let tester = makeTester()
        await tester.send({ _ in throw Boom() })
        XCTAssertEqual(reporter.messages, ["The intent threw an error: Boom()"])
    }

    func testSendingWithUnreceivedTaskChangesFails() async {
        let tester = makeTester()
        await tester.send({ $0.factButtonTapped() }) { $0.isLoading = true }
        for _ in 0..<5 { await Task.yield() }
        await tester.send({ $0.incrementButtonTapped() }) { $0.count = 1; $0.fact = nil }
        XCTAssertEqual(reporter.messages.count, 1)
        XCTAssertTrue(reporter.messages[0].hasPrefix("Must handle 1 received change before sending an intent:\n\n• from factButtonTapped():"), reporter.messages[0])
    }

    // MARK: - receive

    func testReceiveWithWrongExpectationFails() async {
        let tester = makeTester()
        await tester.send({ $0.factButtonTapped() }) { $0.isLoading = true }
        await tester.receive { $0.fact = "wrong" }
        XCTAssertEqual(reporter.messages, [
            """
            A state change does not match expectation: …

                FactModel(
                  count: 0,
              −   fact: "wrong",
              +   fact: "0 is a good number.",
              −   isLoading: true,
              +   isLoading: false,
                  isTimerRunning: false
                )

            (Expected: −, Actual: +)
            """,
        ])
    }

    func testReceiveWithNoTaskRunningFailsAtOnce() async {
        let tester = makeTester()
        await tester.receive { $0.count = 1 }
        XCTAssertEqual(reporter.messages, ["Expected to receive a change from a task, but no task of FactModel is running."])
    }

    func testReceiveNamesWhatItWaitedForWhenItTimesOut() async {
        let clock = TestClock()
        let tester = makeTester(FactModel(clock: clock), clocks: [clock])
        await tester.send({ $0.toggleTimerButtonTapped() }) { $0.isTimerRunning = true }
        // The timer's sleep goes through `any Clock` (a hop to the global executor, late on a loaded
        // machine): the message names the sleeper once it is there.
        await waitForSleepers(clock, count: 1)
        await tester.receive({ $0.count = 1 }, timeout: .milliseconds(20))
        XCTAssertEqual(reporter.messages.count, 1)
        XCTAssertEqual(reporter.messages.first, """
            Expected to receive a change from a task within 0.02 seconds, but none arrived.

            Still running: "timer" (started by toggleTimerButtonTapped()).
            The test clock has 1 sleeper waiting; the next wakes at TestClock.Instant(offset: 1.0 seconds). \
            Advance the clock (`await clock.advance(by:)`) to let it run.
            """)
        await tester.send({ $0.toggleTimerButtonTapped() }) { $0.isTimerRunning = false }
        await tester.finish()
    }

    // MARK: - finish

    func testFinishFailsForARunningTaskNamingItsIdAndIntent() async {
        let clock = TestClock()
        let tester = makeTester(FactModel(clock: clock))
        await tester.send({ $0.toggleTimerButtonTapped() }) { $0.isTimerRunning = true }
        await tester.finish(timeout: .milliseconds(20))
        XCTAssertEqual(reporter.messages, [
            """
            A task is still running at the end of the test: id "timer", started by toggleTimerButtonTapped().

            Cancel it (for example by sending the intent that stops it) or let it finish before the test ends.
            """,
        ])
    }

    func testFinishFailsForChangesNobodyReceived() async {
        let tester = makeTester()
        await tester.send({ $0.factButtonTapped() }) { $0.isLoading = true }
        await tester.finish()
        XCTAssertEqual(reporter.messages, [
            """
            The view model's tasks made 1 change that no assertion received:

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

    func testFinishFailsForPendingSleepersOnTheTestClock() async {
        let clock = TestClock()
        let tester = makeTester(clocks: [clock])
        let sleeper = Task { try await clock.sleep(for: .seconds(5)) }
        while clock.pendingSleepers.isEmpty { await Task.yield() }
        await tester.finish()
        XCTAssertEqual(reporter.messages.count, 1)
        XCTAssertTrue(
            reporter.messages[0].hasPrefix("The test clock still has sleepers at the end of the test.\n\nThe test clock has 1 sleeper waiting; the next wakes at "),
            reporter.messages[0]
        )
        sleeper.cancel()
    }

    func testDeinitWithoutFinishReportsRunningTasks() async {
        let clock = TestClock()
        var tester: ViewModelTester<FactModel>? = makeTester(FactModel(clock: clock))
        await tester?.send({ $0.toggleTimerButtonTapped() }) { $0.isTimerRunning = true }
        tester = nil
        XCTAssertEqual(reporter.messages.count, 1)
        XCTAssertTrue(reporter.messages[0].hasPrefix("A task is still running at the end of the test: id \"timer\""))
        XCTAssertEqual(reporter.issues.first?.filePath, #filePath)
    }

    // MARK: - Non-exhaustive

    func testNonExhaustiveChecksOnlyWhatIsNamed() async {
        let tester = makeTester(exhaustivity: .off)
        await tester.send({ $0.incrementButtonTapped() })
        await tester.send({ $0.factButtonTapped() }) { $0.count = 1 }
        await tester.receive { $0.fact = "1 is a good number." }
        await tester.finish()
        XCTAssertEqual(reporter.messages, [])
    }

    func testNonExhaustiveStillFailsOnWhatIsNamed() async {
        let tester = makeTester(exhaustivity: .off)
        await tester.send({ $0.incrementButtonTapped() }) { $0.count = 5 }
        XCTAssertEqual(reporter.messages.count, 1)
        XCTAssertTrue(reporter.messages[0].contains("−   count: 5,\n  +   count: 1,"), reporter.messages[0])
    }

    func testNonExhaustiveCanListSkippedAssertions() async {
        let tester = makeTester(exhaustivity: .off(showSkippedAssertions: true))
        var notes: [String] = []
        tester.skippedAssertionsOutput = { notes.append($0) }
        await tester.send({ $0.incrementButtonTapped() })
        await tester.send({ $0.factButtonTapped() }) { $0.isLoading = true }
        await tester.finish()
        XCTAssertEqual(notes, [
            "ℹ︎ FactModel: skipped assertions: changes of count",
            "ℹ︎ FactModel: skipped assertions: 1 change made by tasks",
        ])
        XCTAssertEqual(reporter.messages, [])
    }
}
