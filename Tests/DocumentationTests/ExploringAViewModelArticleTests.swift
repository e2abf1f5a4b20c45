import Foundation
import ViewModelKitExampleCounter
import ViewModelKitExampleGitHub
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

        // snippet: exploring-writing-tests
        let writing = exploration.writingTests(subject: "CounterViewModel(client: NumberFactClientDouble(answers: answers), clock: clock)")
        // end snippet
        let failing = await writing.invariant("the count stays below 2") { $0.count < 2 }
            .explore(ExplorationBudget(seed: 1, runs: 30, steps: 40), reporter: RecordingIssueReporter())
        let source = failing.failure?.testSource ?? ""
        XCTAssertTrue(source.contains("final class CounterViewModelExploredRunTests: XCTestCase {"), source)
        XCTAssertTrue(source.contains("import ViewModelKitExampleCounter\n"), source)
        XCTAssertTrue(source.contains("CounterViewModel(client: NumberFactClientDouble(answers: answers), clock: clock)"), source)
    }

    func test_aList_withDrawnArguments_andWhatItDoesNotShow() async {
        let refreshed = Date(timeIntervalSince1970: 1_700_000_000)
        // snippet: exploring-what-the-view-model-does-not-show
        /// What a run knows that the list does not show: the user the last load asked for.
        final class Asked {
            var user = ""
        }
        let asked = Asked()

        var exploration = Exploration<GitHubRepositoryViewModel> { explorer in
            asked.user = ""   // each run starts afresh
            return GitHubRepositoryViewModel(
                client: GitHubClientDouble(answers: explorer.answers), clock: explorer.clock, now: .constant(refreshed)
            )
        }
        // end snippet
        // snippet: exploring-drawn-arguments
        exploration = exploration
            .intent("load(user:completion:)", weight: 3, arguments: { list, choices in
                let user = choices.element(of: ["apple", "kohsuke"]) ?? "apple"   // the first is the simplest
                asked.user = user
                list.load(user: user) { _ in }
                return "load(user: \"\(user)\") { _ in }"                       // the call, as the test writes it
            })
            .intent("minimumStarsChanged(_:)", arguments: { list, choices in
                // A star count on screen, or one of two others.
                let stars = choices.element(of: [0, 50] + (list.repositories ?? []).map(\.stargazersCount)) ?? 0
                list.minimumStarsChanged(stars)
                return "minimumStarsChanged(\(stars))"
            })
        // end snippet
        // snippet: exploring-async-intents
        exploration = exploration
            // What `.task` and `.refreshable` await: a step starts it, and ends once it waits on the run.
            .asyncIntent("refresh()", throwing: true) { try? await $0.refresh() }
            .asyncIntent("load(user:)", throwing: true, arguments: { _, choices in
                let user = choices.element(of: ["apple", "kohsuke"]) ?? "apple"
                asked.user = user
                return ("load(user: \"\(user)\")", { try? await $0.load(user: user) })
            })
        // end snippet
        // snippet: exploring-task-ids
        exploration = exploration
            .answers("GitHubClient", "fetchRepositories", errors: [FetcherError.rateLimited(resetAt: nil)]) { (user: String, choices) in
                // Each answer says whose it is, in a field the list shows.
                [GitHubRepository(id: 1, name: "site", stargazersCount: choices.element(of: [120, 7]) ?? 120, description: "by \(user)")]
            }
            .invariant("the loading flag is on only while the load task runs") { list in
                // A task's id is whatever the view model gave `task(id:)`: compare its description.
                !list.isLoading || list.runningTaskIDs.contains { "\($0)" == "load" }
            }
            .invariant("once a load ends well, the list shows the repositories of the user it asked for") { list in
                let loading = list.runningTaskIDs.contains { "\($0)" == "load" }
                return loading || list.error != nil || (list.repositories ?? []).allSatisfy { $0.description == "by \(asked.user)" }
            }
        // end snippet

        let report = await exploration.explore(ExplorationBudget(seed: 1, runs: 20, steps: 30))
        XCTAssertNil(report.failure)
        XCTAssertEqual(report.warnings, [])
    }
}
