import Foundation
import ViewModelKitExampleGitHub
import GitHubRepositoriesTestSupport
import ViewModelKit
import ViewModelKitTesting
import TestSupport
import XCTest

/// `GitHubRepositoryViewModel` under random loads, searches typed into the field (debounced),
/// threshold changes, re-filters and taps, with GitHub's answers in any order, failing, or never,
/// and the clock moved at random: every invariant a reviewer would state for the user name, the
/// repositories, the major repositories, the threshold, the error, the loading flag, the refresh
/// date and the events told to the owner, checked after every step.
@MainActor
final class GitHubRepositoryViewModelExplorationTests: XCTestCase {
    // MARK: What the explorer draws from

    /// The names typed or loaded: two users and the empty field.
    static let users = ["apple", "kohsuke", ""]
    /// Thresholds the user may pick besides the star counts on screen.
    static let thresholds = [0, 50]
    /// The star counts answers draw from: around the default threshold, and far from it.
    static let starCounts = [50, 120, 7_000, 49, 300, 1_000]
    /// The names of a user's repositories in an answer, the first ones first.
    static let repositoryNames = ["tools", "site", "docs"]
    /// What a failed list fetch throws.
    static let listErrors: [FetcherError] = [.userNotFound("kohsuke"), .rateLimited(resetAt: nil)]
    /// What the date generator tells.
    static let refreshed = Date(timeIntervalSince1970: 1_700_000_000)

    /// An answer of `GitHubClient.fetchRepositories` for `user`: 1 to 3 repositories, or none, each marking its
    /// owner in its description (`"by apple"`), so that whose repositories are shown is checkable even
    /// when `fullName` has no owner. With `ownerInFullName` false, `fullName` is left to its default
    /// (the name alone), as a repository made in code without one is.
    static func repositories(of user: String, ownerInFullName: Bool = true, _ choices: inout ChoiceSequence) -> [GitHubRepository] {
        // An empty list one answer in eight: enough to see it, not so often that nothing shows.
        let count = choices.draw(below: 8) == 7 ? 0 : 1 + choices.draw(below: repositoryNames.count)
        let userNumber = users.firstIndex(of: user) ?? users.count
        return repositoryNames.prefix(count).enumerated().map { index, name in
            GitHubRepository(
                id: userNumber * 100 + index, name: name, fullName: ownerInFullName ? "\(user)/\(name)" : nil,
                stargazersCount: choices.element(of: starCounts) ?? 0, description: "by \(user)"
            )
        }
    }

    /// The owner an answer gave `repository` (see ``repositories(of:ownerInFullName:_:)``).
    static func owner(of repository: GitHubRepository) -> String? {
        guard let description = repository.description, description.hasPrefix("by ") else { return nil }
        return String(description.dropFirst(3))
    }

    /// `repository` as Swift source, for the calls a failure report lists.
    static func source(of repository: GitHubRepository) -> String {
        let fullName = repository.fullName == repository.name ? "" : ", fullName: \"\(repository.fullName)\""
        let description = repository.description.map { ", description: \"\($0)\"" } ?? ""
        return "GitHubRepository(id: \(repository.id), name: \"\(repository.name)\"\(fullName), stargazersCount: \(repository.stargazersCount)\(description))"
    }

    /// A threshold: one of ``thresholds`` or a star count on screen.
    static func drawThreshold(for list: GitHubRepositoryViewModel, _ choices: inout ChoiceSequence) -> Int {
        let onScreen = (list.repositories ?? []).map(\.stargazersCount)
        return choices.element(of: thresholds + onScreen) ?? 0
    }

    // MARK: The invariants every list keeps (the navigation checks them on each of its lists)

    /// Whether `list`'s load task runs (sleeping on the debounce or waiting for GitHub).
    static func isLoadRunning(_ list: GitHubRepositoryViewModel) -> Bool {
        list.runningTaskIDs.contains { "\($0)" == "load" }
    }

    /// One invariant of a list, given whether its load may be sleeping on the search debounce now (a
    /// sleeper waits on the clock).
    struct ListInvariant {
        var name: String
        var holds: @MainActor (_ list: GitHubRepositoryViewModel, _ mayBeDebouncing: Bool) -> Bool
    }

    /// What a list keeps after every step, on its own or on a navigation stack.
    static var listInvariants: [ListInvariant] {
        [
            ListInvariant(name: "no error is shown while loading") { list, _ in
                !(list.isLoading && list.error != nil)
            },
            ListInvariant(name: "the loading flag is on only while a load task runs") { list, _ in
                !list.isLoading || isLoadRunning(list)
            },
            ListInvariant(name: "a load task runs with the loading flag off only while the search debounce waits") { list, mayBeDebouncing in
                list.isLoading || !isLoadRunning(list) || mayBeDebouncing
            },
            ListInvariant(name: "at most one task runs") { list, _ in
                list.runningTaskIDs.count <= 1
            },
            ListInvariant(name: "every major repository has at least minimumStars") { list, _ in
                (list.majorRepositories ?? []).allSatisfy { $0.stargazersCount >= list.minimumStars }
            },
            ListInvariant(name: "the major repositories are exactly the repositories with at least minimumStars, in order") { list, _ in
                guard let major = list.majorRepositories else { return list.repositories == nil }
                return major == (list.repositories ?? []).filter { $0.stargazersCount >= list.minimumStars }
            },
            ListInvariant(name: "no major repositories before the first load") { list, _ in
                // Filtering before any load (a threshold change) gives an empty list, as documented; the
                // exploration found the property's doc saying `nil` until the first load.
                list.repositories != nil || list.majorRepositories == nil || list.majorRepositories == []
            },
            ListInvariant(name: "the repositories shown are the current user's, unless a load for another is pending or failed") { list, _ in
                // An emptied field keeps the last user's repositories shown, as `userName`'s doc says (the
                // exploration found it saying otherwise).
                guard let repositories = list.repositories, !isLoadRunning(list), list.error == nil else { return true }
                return repositories.allSatisfy { owner(of: $0) == list.userName } || list.userName.isEmpty
            },
            ListInvariant(name: "the refresh date is set exactly when repositories are, and is the generator's") { list, _ in
                (list.lastRefreshed == nil) == (list.repositories == nil)
                    && (list.lastRefreshed == nil || list.lastRefreshed == refreshed)
            },
            ListInvariant(name: "the error shown is one GitHub answered") { list, _ in
                list.error.map(listErrors.contains) ?? true
            },
        ]
    }

    /// The lists' state a step may change, for the invariants over a step: by list.
    struct ListShown: Equatable {
        var repositories: [GitHubRepository]?
        var error: FetcherError?
        var userName: String
    }

    /// What a step may do to a list's shown state, given how it was before.
    struct ListStepInvariant {
        var name: String
        var holds: @MainActor (_ before: ListShown, _ list: GitHubRepositoryViewModel) -> Bool
    }

    /// What every step keeps of a list's state, on its own or on a stack.
    static var listStepInvariants: [ListStepInvariant] {
        [
            ListStepInvariant(name: "the repositories change only to the current user's (no late answer overwrites a newer load)") { before, list in
                list.repositories == before.repositories
                    || (list.repositories ?? []).allSatisfy { owner(of: $0) == list.userName }
            },
            ListStepInvariant(name: "new repositories arrive with no error and no loading flag") { before, list in
                list.repositories == before.repositories || (list.error == nil && !list.isLoading)
            },
            ListStepInvariant(name: "a failed load keeps the repositories shown") { before, list in
                before.error != nil || list.error == nil || list.repositories == before.repositories
            },
            ListStepInvariant(name: "the repositories are never cleared once loaded") { before, list in
                before.repositories == nil || list.repositories != nil
            },
        ]
    }

    static func shown(_ list: GitHubRepositoryViewModel) -> ListShown {
        ListShown(repositories: list.repositories, error: list.error, userName: list.userName)
    }

    // MARK: The exploration

    /// What one run kept besides the view model: its clock, the taps and what the owner heard.
    final class Run {
        var clock: TestClock?
        var taps: [GitHubRepository] = []
        var events: [GitHubRepositoryViewModel.Event] = []
    }

    static func exploration() -> Exploration<GitHubRepositoryViewModel> {
        let run = Run()
        var exploration = Exploration<GitHubRepositoryViewModel> { explorer in
            run.clock = explorer.clock
            run.taps = []
            run.events = []
            let list = GitHubRepositoryViewModel(
                client: GitHubClientDouble(answers: explorer.answers), clock: explorer.clock, now: .constant(refreshed)
            )
            list.delegate.connect { [run] event in run.events.append(event) }
            return list
        }
        exploration = exploration
            .intent("load(user:completion:)", weight: 5, arguments: { list, choices in
                let user = choices.element(of: users) ?? ""
                list.load(user: user) { _ in }
                return "load(user: \"\(user)\") { _ in }"
            })
            .intent("userNameChanged(_:)", weight: 1, arguments: { list, choices in
                let user = choices.element(of: users) ?? ""
                list.userNameChanged(user)
                return "userNameChanged(\"\(user)\")"
            })
            .intent("minimumStarsChanged(_:)", weight: 1, arguments: { list, choices in
                let stars = drawThreshold(for: list, &choices)
                list.minimumStarsChanged(stars)
                return "minimumStarsChanged(\(stars))"
            })
            .intent("repositoryTapped(_:)", weight: 2, when: { !($0.majorRepositories ?? []).isEmpty }, arguments: { list, choices in
                let repository = choices.element(of: list.majorRepositories ?? [])!
                run.taps.append(repository)
                list.repositoryTapped(repository)
                return "repositoryTapped(\(source(of: repository)))"
            })
            .intent("fetchMajorRepositories()") { $0.fetchMajorRepositories() }
            .answers("GitHubClient", "fetchRepositories", weight: 60, errors: listErrors) { (user: String, choices) in
                repositories(of: user, &choices)
            }
        for invariant in listInvariants {
            exploration = exploration.invariant(invariant.name) { list in
                invariant.holds(list, !(run.clock?.pendingSleepers.isEmpty ?? true))
            }
        }
        for invariant in listStepInvariants {
            exploration = exploration.invariant(invariant.name, comparing: shown) { before, list in invariant.holds(before, list) }
        }
        exploration = exploration
            .invariant("the user name is one the user asked for") { list in
                users.contains(list.userName)
            }
            .invariant("each tap tells the owner the repository tapped, once") { _ in
                run.events == run.taps.map { .repositorySelected($0) }
            }
            .invariant("the threshold changes only by minimumStarsChanged(_:), to what it was given", comparing: { $0.minimumStars }) { before, list in
                list.minimumStars == before || thresholds.contains(list.minimumStars)
                    || (list.repositories ?? []).contains { $0.stargazersCount == list.minimumStars }
            }
        exploration.advanceWeight = 2
        exploration.maximumAdvance = .milliseconds(600)
        // A failure writes a test for GitHubRepositoriesTests: the example's double takes the test's answers.
        return exploration.writingTests(
            subject: "GitHubRepositoryViewModel(client: GitHubClientDouble(answers: answers), clock: clock, now: .constant(Date(timeIntervalSince1970: 1_700_000_000)))"
        )
    }

    func test_randomSessions_keepTheListsInvariants() async {
        // VMK_EXPLORATION_SWEEP (.ci/run, release build): 5 more seeds of 1,000 runs find nothing either;
        // VMK_FULL_STRESS doubles the runs of the campaign below.
        for seed in ExplorationSweep.seeds {
            await Self.exploration().explore(ExplorationBudget(seed: seed, runs: ExplorationSweep.runs, steps: 40))
        }
        let report = await Self.exploration().explore(ExplorationBudget(seed: 2026, runs: FullStress.count(20, full: 40), steps: 60))
        XCTAssertNil(report.failure)
        XCTAssertEqual(Set(report.ran.keys), [
            "load(user:completion:)", "userNameChanged(_:)", "minimumStarsChanged(_:)", "repositoryTapped(_:)", "fetchMajorRepositories()",
        ])
        XCTAssertEqual(report.warnings, [])
    }
}
