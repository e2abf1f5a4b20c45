import Observation
import Synchronization
import ViewModelKitExampleCounter
import ViewModelKitTesting
import XCTest

/// The counter reports its changes to Swift's Observation, so the SwiftUI view in `Examples/`
/// re-renders when it changes (a plain `ViewModel` would be accepted by SwiftUI and never tell it
/// anything).
@MainActor
final class CounterSwiftUIObservationTests: XCTestCase {
    func testTheCounterTellsObservationOfItsCount() async {
        let counter = CounterViewModel(client: NoFacts(), clock: TestClock())
        let told = Mutex(false)
        withObservationTracking { _ = counter.count } onChange: { told.withLock { $0 = true } }
        counter.incrementButtonTapped()
        XCTAssertTrue(told.withLock { $0 })
    }
}

/// A client the test never calls.
private struct NoFacts: NumberFactClientProtocol {
    func fetchFact(number: Int) async throws -> String { throw CancellationError() }
}
