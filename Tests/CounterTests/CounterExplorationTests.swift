import ViewModelKitExampleCounter
import Foundation
import ViewModelKit
import ViewModelKitTesting
import TestSupport
import XCTest

/// `CounterViewModel` under random intents, clock advances and fact answers (in any order, failing,
/// or never), with every invariant a reviewer would state for the count, the fact, the alert, the
/// loading flag and the timer.
@MainActor
final class CounterExplorationTests: XCTestCase {
    private struct FactUnavailable: Error {}

    static func exploration() -> Exploration<CounterViewModel> {
        var exploration = Exploration { explorer in
            CounterViewModel(client: NumberFactClientDouble(answers: explorer.answers), clock: explorer.clock)
        }
        exploration = exploration
            .intent("incrementButtonTapped()", weight: 2) { $0.incrementButtonTapped() }
            .intent("decrementButtonTapped()", weight: 2) { $0.decrementButtonTapped() }
            .intent("factButtonTapped()", weight: 2) { $0.factButtonTapped() }
            .intent("factAlertDismissed()") { $0.factAlertDismissed() }
            .intent("toggleTimerButtonTapped()") { $0.toggleTimerButtonTapped() }
            .answers("NumberFactClient", "fetchFact", weight: 3, errors: [FactUnavailable()]) { (number: Int, _) in
                "\(number) is a number."
            }
        exploration = exploration
            .invariant("no fact is shown while one loads") { !$0.isLoading || $0.fact == nil }
            .invariant("the fact shown is about the count shown") { model in
                model.fact.map { $0.hasPrefix("\(model.count) ") } ?? true
            }
            .invariant("an alert with a fact shows the fact shown, while one is shown") { model in
                guard let alert = model.numberFactAlert, alert.hasSuffix("is a number."), let fact = model.fact else { return true }
                return alert == fact
            }
            .invariant("the loading flag is on exactly while a fact loads") { model in
                model.isLoading == model.runningTaskIDs.contains { "\($0)" == "fact" }
            }
            .invariant("the timer flag is on exactly while the timer runs") { model in
                model.isTimerRunning == model.runningTaskIDs.contains { "\($0)" == "timer" }
            }
            .invariant("the count moves by one at a time unless the timer runs", comparing: { $0.count }) { before, model in
                model.isTimerRunning || abs(model.count - before) <= 1
            }
            .invariant("a fact that arrives leaves the loading flag off", comparing: { $0.fact }) { before, model in
                before != nil || model.fact == nil || !model.isLoading
            }
        exploration.maximumAdvance = .seconds(2)
        // A failure writes a test for CounterTests: the example's double takes the test's answers.
        return exploration.writingTests(subject: "CounterViewModel(client: NumberFactClientDouble(answers: answers), clock: clock)")
    }

    func test_randomSessions_keepTheCountersInvariants() async {
        // VMK_EXPLORATION_SWEEP (.ci/run, release build): 5 more seeds of 1,000 runs find nothing either;
        // VMK_FULL_STRESS doubles the runs of the campaign below.
        for seed in ExplorationSweep.seeds {
            await Self.exploration().explore(ExplorationBudget(seed: seed, runs: ExplorationSweep.runs, steps: 40))
        }
        let report = await Self.exploration().explore(ExplorationBudget(seed: 2026, runs: FullStress.count(20, full: 40), steps: 40))
        XCTAssertNil(report.failure)
        XCTAssertEqual(Set(report.ran.keys), ["incrementButtonTapped()", "decrementButtonTapped()", "factButtonTapped()",
                                               "factAlertDismissed()", "toggleTimerButtonTapped()"])
        XCTAssertEqual(report.warnings, [])
    }
}
