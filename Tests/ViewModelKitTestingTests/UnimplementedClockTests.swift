import ViewModelKitTesting
import XCTest

final class UnimplementedClockTests: RecordingTestCase {
    func testReadingNowFailsNamingTheClockAtItsCreation() {
        let clock = UnimplementedClock(); let line = UInt(#line)
        XCTAssertEqual(clock.now.offset, .zero)
        XCTAssertEqual(recorder.messages, ["Unimplemented: Clock.now was called but has no test implementation."])
        XCTAssertEqual(recorder.issues.first?.line, line)
        XCTAssertEqual(recorder.issues.first?.filePath, #filePath)
    }

    func testSleepingFailsAndStillMovesTimeToTheDeadline() async throws {
        let clock = UnimplementedClock(name: "ContinuousClock")
        try await clock.sleep(until: .init(offset: .seconds(5)))
        XCTAssertEqual(recorder.messages, ["Unimplemented: ContinuousClock.sleep was called but has no test implementation."])
        recorder.removeAll()
        try await clock.sleep(for: .seconds(5))   // reads `now`, then sleeps
        XCTAssertEqual(recorder.messages, [
            "Unimplemented: ContinuousClock.now was called but has no test implementation.",
            "Unimplemented: ContinuousClock.sleep was called but has no test implementation.",
        ])
        XCTAssertEqual(clock.now.offset, .seconds(10))
    }

    func testWorksThroughAnyClock() async throws {
        let clock: any Clock<Duration> = UnimplementedClock(name: "Poller.clock")
        try await clock.sleep(for: .seconds(1))
        XCTAssertEqual(recorder.messages.last, "Unimplemented: Poller.clock.sleep was called but has no test implementation.")
    }

    func testSleepInACancelledTaskThrows() async {
        let clock = UnimplementedClock()
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            try await clock.sleep(until: .init(offset: .seconds(1)))
        }
        let result = await task.result
        XCTAssertThrowsError(try result.get()) { XCTAssertTrue($0 is CancellationError) }
    }

    func testPastDeadlineReturnsAtOnceWithoutMovingTimeBack() async throws {
        let clock = UnimplementedClock(now: .init(offset: .seconds(3)))
        try await clock.sleep(until: .init(offset: .seconds(1)))
        XCTAssertEqual(clock.now.offset, .seconds(3))
    }
}
