import ViewModelKitExampleCounter
import TestSupport
import ViewModelKit
import ViewModelKitTesting
import XCTest

/// The counter deinitializes with a fact request and its timer in flight.
@MainActor
final class CounterLifetimeTests: XCTestCase {
    /// A number-fact client whose every request never answers.
    struct SilentNumbers: NumberFactClientProtocol {
        let service: SilentCallbackService
        func fetchFact(number: Int) async throws -> String {
            try await service.request()
            return ""
        }
    }

    func testTheCounterDeinitializesWithAFactAndTheTimerRunning() async {
        let service = SilentCallbackService()
        let clock = TestClock()
        var counter: CounterViewModel? = CounterViewModel(client: SilentNumbers(service: service), clock: clock)
        weak let weakCounter = counter
        var counts: [Int] = []
        let subscription = counter?.observe(\.count) { counts.append($0) }
        counter?.toggleTimerButtonTapped()
        counter?.factButtonTapped()
        await waitUntil({ service.started == 1 && !clock.pendingSleepers.isEmpty }, "fact and timer in flight")
        counter = nil
        XCTAssertNil(weakCounter)
        await waitUntil({ service.cancelled == 1 && clock.pendingSleepers.isEmpty }, "both tasks ended")
        await clock.advance(by: .seconds(5))
        service.answerLate()
        XCTAssertEqual(counts, [], "no tick reached the dead counter's observer")
        subscription?.cancel()
    }

    /// Yields until `condition` holds: the tasks being waited for run on the cooperative pool.
    private func waitUntil(_ condition: () -> Bool, _ message: String) async {
        if !(await yieldUntil(condition)) { XCTFail("never happened: \(message)") }
    }
}
