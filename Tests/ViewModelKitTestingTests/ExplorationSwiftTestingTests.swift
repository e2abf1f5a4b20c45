import Testing
import ViewModelKit
import ViewModelKitTesting

/// Explorations under Swift Testing, in parallel as its runner runs them: the `.exploring` trait
/// carries the seed and the budget, and a failure is an issue of the test that explored.
@MainActor
@Suite struct ExplorationSwiftTestingTests {
    @Test(.exploring(seed: 11, runs: 30, steps: 20))
    func theTraitSetsTheBudget() async {
        #expect(ExplorationBudget.current == ExplorationBudget(seed: 11, runs: 30, steps: 20))
        let report = await mutantExploration(nil).explore()
        #expect(report.budget == ExplorationBudget(seed: 11, runs: 30, steps: 20))
        #expect(report.runs == 30)
        #expect(report.failure == nil)
    }

    @Test(.exploring(seed: 1, runs: 300, steps: 40), arguments: [Mutant.timerNotCancelled, .loadingLeftOnAfterFailure])
    func aBrokenInvariantIsAnIssueOfTheTest(_ mutant: Mutant) async {
        await withKnownIssue {
            await mutantExploration(mutant).explore()
        } matching: { issue in
            issue.comments.contains { $0.rawValue.hasPrefix("Exploration broke ") }
        }
    }
}
