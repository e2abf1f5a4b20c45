import ViewModelKit
import ViewModelKitTesting
import XCTest

@MainActor
private final class TickLog {
    var offsets: [Duration] = []
}

final class ClockTimerTests: RecordingTestCase {
    @MainActor
    func testTicksOncePerIntervalAsTheTestClockAdvances() async {
        let clock = TestClock()
        let log = TickLog()
        let task = Task { @MainActor in
            for await instant in clock.timer(interval: .seconds(1)) {
                log.offsets.append(instant.offset)
            }
        }
        await clock.advance(by: .seconds(3))
        XCTAssertEqual(log.offsets, [.seconds(1), .seconds(2), .seconds(3)])
        task.cancel()
        await task.value
        XCTAssertTrue(clock.pendingSleepers.isEmpty, "cancellation ends the sequence")
    }

    @MainActor
    func testASlowBodyDoesNotPushTheScheduleBack() async {
        let clock = TestClock()
        let log = TickLog()
        let task = Task { @MainActor in
            for await instant in clock.timer(interval: .seconds(1)) {
                log.offsets.append(instant.offset)
                try? await clock.sleep(for: .milliseconds(700))   // work that takes most of an interval
            }
        }
        await clock.advance(by: .seconds(4))
        XCTAssertEqual(log.offsets, [.seconds(1), .seconds(2), .seconds(3), .seconds(4)])
        task.cancel()
        await task.value
    }

    func testFinishesAtOnceOnAnImmediateClock() async {
        let clock = ImmediateClock()
        var offsets: [Duration] = []
        for await instant in clock.timer(interval: .seconds(2)).prefix(3) {
            offsets.append(instant.offset)
        }
        XCTAssertEqual(offsets, [.seconds(2), .seconds(4), .seconds(6)])
        XCTAssertEqual(clock.now.offset, .seconds(6))
    }

    func testEndsInACancelledTask() async {
        let clock = ImmediateClock()
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            var ticks = 0
            for await _ in clock.timer(interval: .seconds(1)) { ticks += 1 }
            return ticks
        }
        let ticks = await task.value
        XCTAssertEqual(ticks, 0)
    }

    func testOnAnUnimplementedClockFails() async {
        let clock = UnimplementedClock(name: "Timer.clock")
        var iterator = clock.timer(interval: .seconds(1)).makeAsyncIterator()
        _ = await iterator.next()
        XCTAssertEqual(recorder.messages, [
            "Unimplemented: Timer.clock.now was called but has no test implementation.",
            "Unimplemented: Timer.clock.sleep was called but has no test implementation.",
        ])
    }
}
