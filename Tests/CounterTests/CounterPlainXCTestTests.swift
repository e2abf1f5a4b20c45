import Counter
import ViewModelKit
import ViewModelKitTesting
import XCTest

/// The counter's timer test in plain XCTest, for comparison with the tester's version.
@MainActor
final class CounterPlainXCTestTests: XCTestCase {
    func testTimerInPlainXCTest() async {
        let clock = TestClock()
        let counter = CounterViewModel(client: NumberFactClientMock(), clock: clock)
        counter.toggleTimerButtonTapped()
        XCTAssertTrue(counter.isTimerRunning)
        await clock.advance(by: .seconds(1))
        XCTAssertEqual(counter.count, 1)
        counter.toggleTimerButtonTapped()
        XCTAssertFalse(counter.isTimerRunning)
    }
}
