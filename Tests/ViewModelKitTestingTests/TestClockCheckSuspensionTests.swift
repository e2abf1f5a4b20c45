import ViewModelKitTesting
import XCTest

/// `checkSuspension()` passes only when every task given is sleeping on the clock.
final class TestClockCheckSuspensionTests: RecordingTestCase {
    @MainActor
    func testPassesWhenEachTaskSleepsOnTheClock() async {
        let clock = TestClock()
        let first = Task { try await clock.sleep(for: .seconds(1)) }
        let second = Task { @MainActor in try await clock.sleep(for: .seconds(2)) }
        await clock.checkSuspension(first, second)
        XCTAssertEqual(recorder.messages, [])
        first.cancel()
        second.cancel()
        _ = await (first.result, second.result)
    }

    @MainActor
    func testFailsForATaskWaitingOnSomethingElse() async {
        let clock = TestClock()
        let (stream, continuation) = AsyncStream.makeStream(of: Int.self)
        let sleeping = Task { try await clock.sleep(for: .seconds(1)) }
        let waiting = Task { for await _ in stream {} }
        await clock.checkSuspension(sleeping, waiting); let line = UInt(#line)
        XCTAssertEqual(recorder.messages, [
            "TestClock.checkSuspension(): task 2 of 2 is not suspended on the clock (still running, finished, "
                + "or waiting on something else).",
        ])
        XCTAssertEqual(recorder.issues.first?.line, line)
        continuation.finish()
        sleeping.cancel()
        _ = await (sleeping.result, waiting.result)
    }

    @MainActor
    func testFailsForTasksThatFinishedAfterTheirLastSleep() async {
        let clock = TestClock()
        let one = Task { try await clock.sleep(for: .seconds(1)) }
        let two = Task { try await clock.sleep(for: .seconds(1)) }
        await clock.advance(by: .seconds(1))
        await clock.checkSuspension(one, two)
        XCTAssertEqual(recorder.messages, [
            "TestClock.checkSuspension(): tasks 1, 2 of 2 are not suspended on the clock (still running, finished, "
                + "or waiting on something else).",
        ])
        _ = await (one.result, two.result)
    }

    func testWithoutTasksFailsWhenNothingSleeps() async {
        let clock = TestClock()
        await clock.checkSuspension()
        XCTAssertEqual(recorder.messages, ["TestClock.checkSuspension(): nothing is suspended on the clock."])
        recorder.removeAll()
        let task = Task { try await clock.sleep(for: .seconds(1)) }
        await clock.checkSuspension()
        XCTAssertEqual(recorder.messages, [])
        task.cancel()
        _ = await task.result
    }
}
