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
            "TestClock.run(timeout: 10.0 seconds): expected every sleep to finish, but 2 are still suspended at "
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
            "TestClock.run(timeout: 1.0 seconds): expected every sleep to finish, but 1 is still suspended at "
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

    func testSleepUntilNowOrEarlierReturnsAtOnce() async throws {
        let clock = TestClock(now: .init(offset: .seconds(5)))
        try await clock.sleep(until: .init(offset: .seconds(5)))
        try await clock.sleep(until: .init(offset: .seconds(1)))
        XCTAssertEqual(clock.now.offset, .seconds(5))
        XCTAssertTrue(clock.pendingSleepers.isEmpty)
    }
}
