import Foundation
import ViewModelKitExampleGitHub
import GitHubRepositoriesTestSupport
import ViewModelKit
import ViewModelKitTesting
import TestSupport
import XCTest

/// `RepositoryDetailViewModel` on its own under random loads and reloads, taps of the owner's
/// repositories button and of the back button (with no owner to pop it), with GitHub's answers
/// arriving late, failing, or never: every invariant a reviewer would state for the repository, the
/// loading flag, the error and the events told to the owner, checked after every step.
@MainActor
final class RepositoryDetailViewModelExplorationTests: XCTestCase {
    // MARK: What the explorer draws from

    /// What a failed repository fetch throws.
    static let detailErrors: [FetcherError] = [.repositoryNotFound("apple/swift"), .rateLimited(resetAt: nil), .network("offline")]
    /// The star counts answers draw from.
    static let starCounts = [60_000, 0, 7]

    /// An answer of `GitHubClient.fetchRepository` for `key` (`owner/name`): that repository, with
    /// drawn counts.
    static func detail(for key: String, _ choices: inout ChoiceSequence) -> GitHubRepositoryDetail {
        let parts = key.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
        let owner = parts.first ?? "", name = parts.count > 1 ? parts[1] : ""
        return GitHubRepositoryDetail(
            id: name.count, name: name, owner: owner, stargazersCount: choices.element(of: starCounts) ?? 0,
            forksCount: choices.draw(below: 3), language: choices.element(of: [nil, "Swift", "C++"]) ?? nil
        )
    }

    // MARK: The invariants every detail keeps (the navigation checks them on each of its details)

    /// Whether `detail`'s load task runs.
    static func isLoadRunning(_ detail: RepositoryDetailViewModel) -> Bool {
        detail.runningTaskIDs.contains { "\($0)" == "load" }
    }

    /// What a detail keeps after every step, on its own or on a navigation stack.
    static var detailInvariants: [(name: String, holds: @MainActor (RepositoryDetailViewModel) -> Bool)] {
        [
            ("no error is shown while loading", { !($0.isLoading && $0.error != nil) }),
            ("the loading flag is on exactly while a load task runs", { $0.isLoading == isLoadRunning($0) }),
            ("at most one task runs", { $0.runningTaskIDs.count <= 1 }),
            ("the repository shown is the one asked for", { detail in
                detail.repository.map {
                    $0.owner == detail.owner && $0.name == detail.name && $0.fullName == detail.fullName
                } ?? true
            }),
            ("the error shown is one GitHub answered", { detail in detail.error.map(detailErrors.contains) ?? true }),
        ]
    }

    /// The state a step may change.
    struct Shown: Equatable {
        var repository: GitHubRepositoryDetail?
        var isLoading: Bool
        var error: FetcherError?
        var running: Int
    }

    static func shown(_ detail: RepositoryDetailViewModel) -> Shown {
        Shown(repository: detail.repository, isLoading: detail.isLoading, error: detail.error, running: detail.runningTaskIDs.count)
    }

    /// What every step keeps of a detail's state, given how it was before.
    static var detailStepInvariants: [(name: String, holds: @MainActor (_ before: Shown, RepositoryDetailViewModel) -> Bool)] {
        [
            ("a failed load keeps the repository shown", { before, detail in
                before.error != nil || detail.error == nil || detail.repository == before.repository
            }),
            ("the repository is never cleared once loaded", { before, detail in
                before.repository == nil || detail.repository != nil
            }),
            ("a repository that arrives ends the load, with no error", { before, detail in
                detail.repository == before.repository || (!detail.isLoading && detail.error == nil)
            }),
        ]
    }

    // MARK: The exploration

    /// What one run kept besides the view model: the intents called and what the owner heard.
    final class Run {
        var loads = 0
        var ownerButtonTaps = 0
        var events: [RepositoryDetailViewModel.Event] = []
        /// Whether the last step was the back button, and the state before it.
        var backFrom: Shown?
    }

    static func exploration() -> Exploration<RepositoryDetailViewModel> {
        let run = Run()
        var exploration = Exploration<RepositoryDetailViewModel> { explorer in
            run.loads = 0
            run.ownerButtonTaps = 0
            run.events = []
            run.backFrom = nil
            let detail = RepositoryDetailViewModel(owner: "apple", name: "swift", client: GitHubClientDouble(answers: explorer.answers))
            detail.delegate.connect { [run] event in run.events.append(event) }
            return detail
        }
        exploration = exploration
            .intent("load()", weight: 3) { detail in
                run.loads += 1
                detail.load()
            }
            .intent("ownerRepositoriesButtonTapped()") { detail in
                run.ownerButtonTaps += 1
                detail.ownerRepositoriesButtonTapped()
            }
            .intent("backButtonTapped()") { detail in
                run.backFrom = shown(detail)
                detail.backButtonTapped()
            }
            .answers("GitHubClient", "fetchRepository", weight: 4, errors: detailErrors) { (key: String, choices) in
                detail(for: key, &choices)
            }
        for invariant in detailInvariants {
            exploration = exploration.invariant(invariant.name, invariant.holds)
        }
        for invariant in detailStepInvariants {
            exploration = exploration.invariant(invariant.name, comparing: shown, invariant.holds)
        }
        exploration = exploration
            .invariant("nothing loads before load()") { detail in
                run.loads > 0 || (!detail.isLoading && detail.repository == nil && detail.error == nil && detail.runningTaskIDs.isEmpty)
            }
            .invariant("once loaded, a detail not loading shows its repository or why it failed") { detail in
                run.loads == 0 || detail.isLoading || detail.repository != nil || detail.error != nil
            }
            .invariant("each tap of the owner's button asks for this owner's repositories, once") { detail in
                run.events == Array(repeating: .showOwnerRepositories(owner: detail.owner), count: run.ownerButtonTaps)
            }
            .invariant("the back button with no owner to pop it changes nothing") { detail in
                defer { run.backFrom = nil }
                return run.backFrom.map { $0 == shown(detail) } ?? true
            }
        // A failure writes a test for GitHubRepositoriesTests: the example's double takes the test's answers.
        return exploration
            .writingTests(subject: "RepositoryDetailViewModel(owner: \"apple\", name: \"swift\", client: GitHubClientDouble(answers: answers))")
            .writingValues(of: GitHubRepositoryDetail.self, initializerLabels: ["id", "name", "owner", "fullName"])
    }

    func test_randomSessions_keepTheDetailsInvariants() async {
        // VMK_EXPLORATION_SWEEP (.ci/run, release build): 5 more seeds of 1,000 runs find nothing either;
        // VMK_FULL_STRESS doubles the runs of the campaign below.
        for seed in ExplorationSweep.seeds {
            await Self.exploration().explore(ExplorationBudget(seed: seed, runs: ExplorationSweep.runs, steps: 40))
        }
        let report = await Self.exploration().explore(ExplorationBudget(seed: 2026, runs: FullStress.count(25, full: 50), steps: 40))
        XCTAssertNil(report.failure)
        XCTAssertEqual(Set(report.ran.keys), ["load()", "ownerRepositoriesButtonTapped()", "backButtonTapped()"])
        XCTAssertEqual(report.warnings, [])
    }

    /// A failure writes a test for this target: the detail's answer as its initializer takes it
    /// (`owner` before `fullName`), which the exploration was told (`writingValues`).
    func test_aFailure_writesTheDetailAsItsInitializerTakesIt() async throws {
        let report = await Self.exploration()
            .invariant("(for this test) a detail never loads") { $0.repository == nil }
            .explore(ExplorationBudget(seed: 3, runs: 50, steps: 40), reporter: RecordingIssueReporter())
        let source = try XCTUnwrap(report.failure?.testSource)
        XCTAssertTrue(source.contains("final class RepositoryDetailViewModelExploredRunTests: XCTestCase {"), source)
        XCTAssertTrue(source.contains("""
                        owner: "apple",
                        fullName: "apple/swift",
            """), source)
        XCTAssertFalse(source.contains("fullName: \"apple/swift\",\n            owner:"), source)
    }
}
