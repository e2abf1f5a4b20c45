import ViewModelKitExampleCounter
import ViewModelKit
import ViewModelKitTesting
import XCTest

// The test the article "Recording a test" (RecordingATest.md) shows the recorder writing, compiled and
// run as it is.

// snippet: recording-generated
@MainActor
final class CounterSessionTests: XCTestCase {
    func testRecordedSession() async {
        let clock = TestClock()
        let tester = ViewModelTester(CounterViewModel(client: RecordedNumberFactClient(), clock: clock), clocks: [clock])

        await tester.send({ $0.incrementButtonTapped() }) { $0.count = 1 }
        await tester.send({ $0.incrementButtonTapped() }) { $0.count = 2 }

        await tester.send({ $0.factButtonTapped() }) { $0.isLoading = true }
        await tester.receive {
            $0.fact = "2 is the only even prime number."
            $0.isLoading = false
            $0.numberFactAlert = "2 is the only even prime number."
        }

        await tester.send({ $0.factAlertDismissed() }) { $0.numberFactAlert = nil }

        await tester.send({ $0.toggleTimerButtonTapped() }) { $0.isTimerRunning = true }

        await clock.advance(by: .seconds(1))
        await tester.receive {
            $0.count = 3
            $0.fact = nil
        }

        await clock.advance(by: .seconds(1))
        await tester.receive { $0.count = 4 }

        await clock.advance(by: .seconds(1))
        await tester.receive { $0.count = 5 }

        await clock.advance(by: .milliseconds(400))
        await tester.send({ $0.toggleTimerButtonTapped() }) { $0.isTimerRunning = false }

        await tester.send({ $0.decrementButtonTapped() }) { $0.count = 4 }

        await tester.finish()
    }
}

/// The facts the session was given, by number.
private struct RecordedNumberFactClient: NumberFactClientProtocol {
    func fetchFact(number: Int) async throws -> String {
        switch number {
        case 2: return "2 is the only even prime number."
        default: throw NumberFactError.noFact(number)
        }
    }
}
// end snippet
