import ViewModelKitExampleCounter
import ViewModelKit
import ViewModelKitTesting
import XCTest

// The code of the article "Exploring a view model" (ExploringAViewModel.md).

// snippet: exploring-double
/// The counter's one client double: each call goes to whatever answers it.
struct ExploredNumberFactClient: NumberFactClientProtocol {
    let answers: any ClientAnswers

    func fetchFact(number: Int) async throws -> String {
        try await answers.answer("NumberFactClient", "fetchFact", for: number)
    }
}
// end snippet

struct FactUnavailable: Error {}

@MainActor
final class ExploringAViewModelArticleTests: XCTestCase {
    func test_theCounter_keepsItsInvariants() async {
        // snippet: exploring-counter
        let exploration = Exploration { explorer in
            CounterViewModel(client: ExploredNumberFactClient(answers: explorer.answers), clock: explorer.clock)
        }
        .intent("incrementButtonTapped()") { $0.incrementButtonTapped() }
        .intent("factButtonTapped()") { $0.factButtonTapped() }
        .intent("toggleTimerButtonTapped()") { $0.toggleTimerButtonTapped() }
        .answers("NumberFactClient", "fetchFact", errors: [FactUnavailable()]) { (number: Int, _) in
            "\(number) is a number."
        }
        .invariant("the fact shown is about the count shown") { model in
            model.fact.map { $0.hasPrefix("\(model.count) ") } ?? true
        }
        .invariant("no fact is shown while one loads") { !$0.isLoading || $0.fact == nil }

        let report = await exploration.explore(ExplorationBudget(seed: 1, runs: 30, steps: 40))
        // end snippet
        XCTAssertNil(report.failure)
        XCTAssertEqual(report.runs, 30)
    }
}
