import Synchronization
import enum TestSupport.FullStress
import ViewModelKitTesting
import XCTest

// MARK: - ImmediateClock

final class ImmediateClockTests: XCTestCase {
    @MainActor
    /// Ten minutes of one-second sleeps under `VMK_FULL_STRESS`, one minute otherwise.
    func testTenMinuteSleepLoopFinishesAtOnceAndAdvancesNow() async throws {
        let seconds = FullStress.count(60, full: 600)
        let clock = ImmediateClock()
        let log = Log()
        let anyClock: any Clock<Duration> = clock
        for _ in 0..<seconds {
            try await anyClock.sleep(for: .seconds(1))
            log.ticks += 1
        }
        XCTAssertEqual(log.ticks, seconds)
        XCTAssertEqual(clock.now, ImmediateClock.Instant(offset: .seconds(seconds)))
    }

    @MainActor
    func testPollerThroughAnyClockRunsWithoutWaiting() async {
        let clock = ImmediateClock()
        let poller = Poller(clock: clock)
        let task = poller.start()
        await yieldUntil { poller.polls >= 50 }
        task.cancel()
        await task.value
        XCTAssertGreaterThanOrEqual(poller.polls, 50)
        XCTAssertEqual(clock.now.offset, .seconds(poller.polls))
    }

    func testSleepUntilPastDeadlineDoesNotMoveTimeBackwards() async throws {
        let clock = ImmediateClock(now: .init(offset: .seconds(10)))
        try await clock.sleep(until: .init(offset: .seconds(3)))
        XCTAssertEqual(clock.now.offset, .seconds(10))
        try await clock.sleep(until: .init(offset: .seconds(12)))
        XCTAssertEqual(clock.now.offset, .seconds(12))
    }

    func testCopiesShareTheCurrentTime() async throws {
        let clock = ImmediateClock()
        let copy = clock
        try await copy.sleep(for: .seconds(7))
        XCTAssertEqual(clock.now.offset, .seconds(7))
        XCTAssertEqual(clock.minimumResolution, .zero)
    }

    func testCancelledSleepThrows() async {
        let clock = ImmediateClock()
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            try await clock.sleep(for: .seconds(1))
        }
        let result = await task.result
        XCTAssertThrowsError(try result.get()) { XCTAssertTrue($0 is CancellationError) }
        XCTAssertEqual(clock.now.offset, .zero, "a cancelled sleep must not move time")
    }
}
