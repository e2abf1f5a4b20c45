import ViewModelKitTesting
import XCTest

final class TestClockRunTests: RecordingTestCase {
    @MainActor
    func testSleepersLeftAfterTheTimeoutFailNamingTheirDeadlines() async {
        let clock = TestClock()
        let timer = Task { @MainActor in
            while !Task.isCancelled { try await clock.sleep(for: .seconds(1)) }
        }
        let later = Task { try await clock.sleep(for: .seconds(30)) }
        await clock.run(timeout: .seconds(10)); let line = UInt(#line)
        XCTAssertEqual(recorder.messages, [
            "Expected all sleeps to finish, but some are still suspending after 10.0 seconds.\n\n"
                + "TestClock.run(timeout: 10.0 seconds): 2 sleeps are still suspended at "
                + "TestClock.Instant(offset: 10.0 seconds): until TestClock.Instant(offset: 11.0 seconds) "
                + "(started at TestClock.Instant(offset: 10.0 seconds)); until TestClock.Instant(offset: 30.0 seconds) "
                + "(started at TestClock.Instant(offset: 0.0 seconds)). Advance further, raise the timeout, or cancel "
                + "the work that keeps sleeping.",
        ])
        XCTAssertEqual(recorder.issues.first?.line, line)
        XCTAssertEqual(recorder.issues.first?.filePath, #filePath)
        timer.cancel()
        later.cancel()
        _ = await (timer.result, later.result)
    }

    @MainActor
    func testOneSleeperLeftIsNamedInTheSingular() async {
        let clock = TestClock()
        let task = Task { try await clock.sleep(for: .seconds(5)) }
        await clock.run(timeout: .seconds(1))
        XCTAssertEqual(recorder.messages, [
            "Expected all sleeps to finish, but some are still suspending after 1.0 seconds.\n\n"
                + "TestClock.run(timeout: 1.0 seconds): 1 sleep is still suspended at "
                + "TestClock.Instant(offset: 1.0 seconds): until TestClock.Instant(offset: 5.0 seconds) "
                + "(started at TestClock.Instant(offset: 0.0 seconds)). Advance further, raise the timeout, or cancel "
                + "the work that keeps sleeping.",
        ])
        task.cancel()
        _ = await task.result
    }

    @MainActor
    func testARunThatDrainsEverySleepReportsNothing() async {
        let clock = TestClock()
        let task = Task {
            for _ in 1...3 { try await clock.sleep(for: .seconds(2)) }
        }
        await clock.run(timeout: .seconds(6))
        XCTAssertEqual(recorder.messages, [])
        XCTAssertEqual(clock.now.offset, .seconds(6))
        _ = await task.result
    }

    /// As with swift-clocks' `TestClock`: a deadline at or before `now` waits for the test to advance.
    @MainActor
    func testSleepUntilNowOrEarlierSuspendsUntilTheClockIsAdvancedEvenByZero() async {
        let clock = TestClock(now: .init(offset: .seconds(5)))
        let log = Log()
        let task = Task { @MainActor in
            try await clock.sleep(until: .init(offset: .seconds(5)))
            log.entries.append("now")
            try await clock.sleep(until: .init(offset: .seconds(1)))
            log.entries.append("earlier")
        }
        await waitForSleepers(clock, count: 1)
        XCTAssertEqual(clock.pendingSleepers.map(\.deadline), [at(5)])
        XCTAssertEqual(log.entries, [])

        // The woken task's sleep into the past is due too, so the same advance wakes it.
        await clock.advance()
        XCTAssertEqual(log.entries, ["now", "earlier"])
        XCTAssertEqual(clock.now.offset, .seconds(5))
        XCTAssertTrue(clock.pendingSleepers.isEmpty)
        _ = await task.result
    }
}
