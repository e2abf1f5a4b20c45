import ViewModelKit
@testable import ViewModelKitRecording
import ViewModelKitTesting
import XCTest

final class RecordingClockTests: XCTestCase {
    func testAnIntentComesBeforeASleepWhoseTaskHasNotGoneOnYet() async throws {
        let live = TestClock()
        let clock = RecordingClock(live)
        let sleeper = Task {
            try await RunningTask.$currentToken.withValue(7) {
                try await clock.sleep(until: .init(offset: .seconds(1)))
            }
        }
        while live.pendingSleepers.isEmpty { await Task.yield() }
        await live.advance(by: .milliseconds(1_500))
        try await sleeper.value

        // The deadline passed, but the task was not seen going on: a key press now came before the tick.
        XCTAssertEqual(clock.intentTime().time, .milliseconds(999))
        // The task's next step happens at the deadline, whatever the live clock says.
        XCTAssertEqual(clock.stepTime(of: 7), .seconds(1))
        XCTAssertEqual(clock.intentTime().time, .milliseconds(1_500))
    }

    func testTimeIsLogicalBetweenEventsAndNeverGoesBack() async {
        let live = TestClock()
        let clock = RecordingClock(live)
        await live.advance(by: .milliseconds(250))
        XCTAssertEqual(clock.now.offset, .zero)
        XCTAssertEqual(clock.intentTime().time, .milliseconds(250))
        XCTAssertFalse(clock.intentTime().sleeping)
        XCTAssertEqual(clock.now.offset, .milliseconds(250))
        XCTAssertEqual(clock.stepTime(of: nil), .milliseconds(250))
    }
}
