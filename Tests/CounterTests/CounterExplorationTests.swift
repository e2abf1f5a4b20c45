import Counter
@testable import ViewModelKitTesting
import XCTest

/// `CounterViewModel` under random intents, clock advances and slow answers (issue 34's first slice:
/// the client answers after 300 ms of the run's clock; an odd count's fact fails).
@MainActor
final class CounterExplorationTests: XCTestCase {
    private struct FactFailure: Error {}

    func test_randomSessions_keepTheCountersInvariants() async {
        var exploration = Exploration<CounterViewModel> { clock in
            CounterViewModel(
                client: NumberFactClientMock { number in
                    try await clock.sleep(for: .milliseconds(300))
                    if number % 2 != 0 { throw FactFailure() }
                    return "\(number) is a number."
                },
                clock: clock
            )
        }
        exploration = exploration
            .action("increment", weight: 2) { $0.incrementButtonTapped() }
            .action("decrement", weight: 2) { $0.decrementButtonTapped() }
            .action("fact", weight: 2) { $0.factButtonTapped() }
        exploration = exploration
            .action("dismiss", when: { $0.numberFactAlert != nil }) { $0.factAlertDismissed() }
            .action("toggleTimer") { $0.toggleTimerButtonTapped() }
        exploration = exploration.invariant("a fact is never shown while one loads") { model in
            !model.isLoading || model.fact == nil
        }
        exploration = exploration.invariant("the fact shown is about the count shown") { model in
            guard let fact = model.fact else { return true }
            return fact.hasPrefix("\(model.count) ")
        }
        exploration = exploration.invariant("an alert that shows a fact shows the fact shown") { model in
            guard let alert = model.numberFactAlert, alert.hasSuffix("is a number."), let fact = model.fact else { return true }
            return alert == fact
        }
        exploration = exploration.invariant(
            "the count moves by one step at a time unless the timer runs", comparing: { $0.count }
        ) { (before: Int, model: CounterViewModel) in
            model.isTimerRunning || abs(model.count - before) <= 1
        }
        exploration.maximumAdvance = .seconds(2)
        let report = await exploration.explore(seed: 2026, runs: 100, steps: 40)
        XCTAssertNil(report.failure, "\(String(describing: report.failure)) (seed \(String(describing: report.failingSeed)))")
        XCTAssertEqual(Set(report.ran.keys), ["increment", "decrement", "fact", "dismiss", "toggleTimer"])
    }
}
