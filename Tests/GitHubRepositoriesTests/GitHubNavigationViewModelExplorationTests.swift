import Foundation
import ViewModelKitExampleGitHub
import GitHubRepositoriesTestSupport
import ViewModelKit
import ViewModelKitTesting
import TestSupport
import XCTest

/// `GitHubNavigationViewModel` with its screens under random use: the root list loading, searching
/// and filtering; repositories tapped on the stack's lists (pushing their details); pushes,
/// `back()`, `popToRoot()` and deep links; details reloading, opening their owner's repositories and
/// going back; with GitHub's answers for lists and repositories in any order, failing, or never.
/// After every step: the path moves exactly as the step says (back never fails, a tap opens the
/// repository tapped, a deep link replaces the path), the root stays, screens that stay are kept,
/// new ones load, popped ones stop, and every list and detail on the stack keeps its own invariants.
@MainActor
final class GitHubNavigationViewModelExplorationTests: XCTestCase {
    typealias Lists = GitHubRepositoryViewModelExplorationTests
    typealias Details = RepositoryDetailViewModelExplorationTests
    typealias Route = GitHubNavigationViewModel.Route

    /// The routes pushed and deep-linked to.
    static let routes: [Route] = [
        .repository(owner: "apple", name: "swift"), .ownerRepositories("kohsuke"),
        .repository(owner: "kohsuke", name: "args4j"), .ownerRepositories("apple"), .repository(owner: "apple", name: "swift-nio"),
    ]

    /// `route` as Swift source.
    static func source(of route: Route) -> String {
        switch route {
        case .repository(let owner, let name): ".repository(owner: \"\(owner)\", name: \"\(name)\")"
        case .ownerRepositories(let owner): ".ownerRepositories(\"\(owner)\")"
        }
    }

    /// What the last step did to the stack, as the user sees it.
    enum Did: Equatable {
        case push(Route)
        case back
        case popToRoot
        case replacePath([Route])
        /// A repository tapped on a list: its detail opens.
        case tapped(GitHubRepository)
        /// The owner's repositories button of a detail of `owner`'s repository.
        case ownerButton(owner: String)
        /// The back button of the detail at `index` of the path.
        case detailBack(index: Int)
    }

    /// What one run kept besides the view model: its clock, what its last step did, and the stack
    /// as the step left it (taken once a step, for every invariant over a step).
    @MainActor final class Run {
        var clock: TestClock?
        var did: Did?
        var step = 0
        var snapshot: (step: Int, stack: Stack)?

        /// The stack after the current step (the first invariant counts the steps).
        func stack(_ navigation: GitHubNavigationViewModel) -> Stack {
            if let snapshot, snapshot.step == step { return snapshot.stack }
            let stack = Stack(navigation)
            snapshot = (step, stack)
            return stack
        }
    }

    /// The stack as a step leaves it.
    struct Stack {
        var routes: [Route]
        var screens: [ViewModel]
        var ids: [ObjectIdentifier] { screens.map { ObjectIdentifier($0) } }
        var lists: [ObjectIdentifier: Lists.ListShown]
        var details: [ObjectIdentifier: Details.Shown]

        @MainActor init(_ navigation: GitHubNavigationViewModel) {
            routes = navigation.routes
            screens = navigation.path.flatMap(\.childViewModels)
            lists = Dictionary(uniqueKeysWithValues: navigation.lists.map { (ObjectIdentifier($0), Lists.shown($0)) })
            details = Dictionary(uniqueKeysWithValues: navigation.details.map { (ObjectIdentifier($0), Details.shown($0)) })
        }
    }

    static func exploration() -> Exploration<GitHubNavigationViewModel> {
        let run = Run()
        var exploration = Exploration<GitHubNavigationViewModel> { explorer in
            run.clock = explorer.clock
            run.did = nil
            run.step = 0
            run.snapshot = nil
            return GitHubNavigationViewModel(
                client: GitHubClientDouble(answers: explorer.answers), clock: explorer.clock, now: .constant(Lists.refreshed)
            )
        }
        // The root list's own intents: its search field is always on screen (a sidebar).
        exploration = exploration
            .intent("root.load(user:completion:)", weight: 14, arguments: { navigation, choices in
                let user = choices.element(of: Lists.users) ?? ""
                navigation.root.load(user: user) { _ in }
                return "root.load(user: \"\(user)\") { _ in }"
            })
            .intent("root.userNameChanged(_:)", arguments: { navigation, choices in
                let user = choices.element(of: Lists.users) ?? ""
                navigation.root.userNameChanged(user)
                return "root.userNameChanged(\"\(user)\")"
            })
            .intent("root.minimumStarsChanged(_:)", arguments: { navigation, choices in
                let stars = Lists.drawThreshold(for: navigation.root, &choices)
                navigation.root.minimumStarsChanged(stars)
                return "root.minimumStarsChanged(\(stars))"
            })
            .intent("lists[_].repositoryTapped(_:)", weight: 3, when: { navigation in
                navigation.lists.contains { !($0.majorRepositories ?? []).isEmpty }
            }, arguments: { navigation, choices in
                // Any list of the stack that shows some (the root, say, in a split view's sidebar).
                let showing = navigation.lists.indices.filter { !(navigation.lists[$0].majorRepositories ?? []).isEmpty }
                let index = showing[choices.draw(below: showing.count)]
                let list = navigation.lists[index]
                let repository = choices.element(of: list.majorRepositories ?? [])!
                run.did = .tapped(repository)
                list.repositoryTapped(repository)
                return "lists[\(index)].repositoryTapped(\(Lists.source(of: repository)))"
            })
        // The stack's intents.
        exploration = exploration
            .intent("push(_:)", weight: 6, arguments: { navigation, choices in
                let route = choices.element(of: routes)!
                run.did = .push(route)
                navigation.push(route)
                return "push(\(source(of: route)))"
            })
            .intent("back()") { navigation in
                run.did = .back
                navigation.back()
            }
            .intent("popToRoot()") { navigation in
                run.did = .popToRoot
                navigation.popToRoot()
            }
            .intent("replacePath(with:)", arguments: { navigation, choices in
                let count = 1 + choices.draw(below: 3)   // popToRoot() is the empty link
                var link: [Route] = []
                for _ in 0..<count { link.append(choices.element(of: Self.routes)!) }
                run.did = .replacePath(link)
                navigation.replacePath(with: link)
                return "replacePath(with: [\(link.map(source).joined(separator: ", "))])"
            })
        // A detail's intents, on any detail of the path (the top one the simplest).
        func onADetail(
            _ name: String, weight: Int = 1, _ perform: @escaping @MainActor (GitHubNavigationViewModel, Int, RepositoryDetailViewModel) -> Void
        ) -> (Exploration<GitHubNavigationViewModel>) -> Exploration<GitHubNavigationViewModel> {
            { exploration in
                exploration.intent("details[_].\(name)", weight: weight, when: { !$0.details.isEmpty }, arguments: { navigation, choices in
                    let details = navigation.details
                    let index = details.count - 1 - choices.draw(below: details.count)
                    perform(navigation, index, details[index])
                    return "details[\(index)].\(name)"
                })
            }
        }
        exploration = onADetail("load()", weight: 3) { _, _, detail in
            run.did = nil
            detail.load()
        }(exploration)
        exploration = onADetail("ownerRepositoriesButtonTapped()", weight: 3) { _, _, detail in
            run.did = .ownerButton(owner: detail.owner)
            detail.ownerRepositoriesButtonTapped()
        }(exploration)
        exploration = onADetail("backButtonTapped()") { navigation, index, detail in
            run.did = .detailBack(index: navigation.path.firstIndex { $0.childViewModels.first === detail } ?? -1)
            detail.backButtonTapped()
        }(exploration)
        // GitHub's answers: a list's repositories lack the owner in `fullName` one answer in four.
        exploration = exploration
            .answers("GitHubClient", "fetchRepositories", weight: 60, errors: Lists.listErrors) { (user: String, choices) in
                let ownerInFullName = choices.draw(below: 4) < 3
                return Lists.repositories(of: user, ownerInFullName: ownerInFullName, &choices)
            }
            .answers("GitHubClient", "fetchRepository", weight: 60, errors: Details.detailErrors) { (key: String, choices) in
                Details.detail(for: key, &choices)
            }
        exploration = addStackInvariants(to: exploration, run: run)
        exploration = addScreenInvariants(to: exploration, run: run)
        exploration.maximumAdvance = .milliseconds(600)
        // A failure writes a test for GitHubRepositoriesTests: the example's double takes the test's answers.
        return exploration.writingTests(
            subject: "GitHubNavigationViewModel(client: GitHubClientDouble(answers: answers), clock: clock, now: .constant(Date(timeIntervalSince1970: 1_700_000_000)))"
        )
        .writingValues(of: GitHubRepositoryDetail.self, initializerLabels: ["id", "name", "owner", "fullName"])
    }

    /// How the path moves, step by step.
    static func addStackInvariants(to exploration: Exploration<GitHubNavigationViewModel>, run: Run) -> Exploration<GitHubNavigationViewModel> {
        exploration
            // NB: the exploration checks every invariant after every step, in order: this first one
            // counts the steps, so that the stack is taken once a step for all the others.
            .invariant("(a step begins)") { _ in
                run.step += 1
                return true
            }
            .invariant("the root list is never replaced", comparing: { ObjectIdentifier($0.root) }) { before, navigation in
                ObjectIdentifier(navigation.root) == before
            }
            .invariant("the routes name the path's screens", { navigation in
                navigation.routes.count == navigation.path.count && zip(navigation.routes, navigation.path).allSatisfy { route, destination in
                    switch (route, destination) {
                    case (.repository(let owner, let name), .repository(let detail)): detail.owner == owner && detail.name == name
                    case (.ownerRepositories(let owner), .ownerRepositories(let list)): list.userName == owner
                    default: false
                    }
                }
            })
            .invariant("back() pops exactly the top screen, and does nothing at the root", comparing: { run.stack($0) }) { before, navigation in
                guard run.did == .back else { return true }
                return navigation.screenIDs == Array(before.ids.dropLast()) && navigation.routes == Array(before.routes.dropLast())
            }
            .invariant("push(_:) adds exactly its screen on top", comparing: { run.stack($0) }) { before, navigation in
                guard case .push(let route) = run.did else { return true }
                return Array(navigation.screenIDs.dropLast()) == before.ids && navigation.routes == before.routes + [route]
            }
            .invariant("a tapped repository opens its own detail on top", comparing: { run.stack($0) }) { before, navigation in
                guard case .tapped(let repository) = run.did else { return true }
                // The exploration found "tools" in apple's list (a `fullName` without an owner) opening
                // "tools/tools"; the owner now falls back to the list's user.
                let parsed = Lists.owner(of: repository) ?? "?"
                let route = Route.repository(owner: parsed, name: repository.name)
                return Array(navigation.screenIDs.dropLast()) == before.ids && navigation.routes == before.routes + [route]
            }
            .invariant("a detail's owner button opens its owner's list on top", comparing: { run.stack($0) }) { before, navigation in
                guard case .ownerButton(let owner) = run.did else { return true }
                return Array(navigation.screenIDs.dropLast()) == before.ids && navigation.routes == before.routes + [.ownerRepositories(owner)]
            }
            .invariant("a detail's back button pops it and what was pushed after it", comparing: { run.stack($0) }) { before, navigation in
                guard case .detailBack(let index) = run.did else { return true }
                return index >= 0 && navigation.screenIDs == Array(before.ids.prefix(index)) && navigation.routes == Array(before.routes.prefix(index))
            }
            .invariant("popToRoot() empties the path") { navigation in
                run.did != .popToRoot || navigation.path.isEmpty
            }
            .invariant("a deep link replaces the path with new screens for its routes", comparing: { run.stack($0) }) { before, navigation in
                guard case .replacePath(let routes) = run.did else { return true }
                return navigation.routes == routes && Set(navigation.screenIDs).isDisjoint(with: before.ids)
            }
            .invariant("answers, time, loads and filters leave the path alone", comparing: { run.stack($0) }) { before, navigation in
                run.did != nil || navigation.screenIDs == before.ids
            }
            .invariant("every new screen starts loading", comparing: { run.stack($0) }) { before, navigation in
                navigation.path.flatMap(\.childViewModels).allSatisfy { screen in
                    before.ids.contains(ObjectIdentifier(screen))
                        || (screen as? RepositoryDetailViewModel)?.isLoading == true
                        || (screen as? GitHubRepositoryViewModel)?.isLoading == true
                }
            }
            .invariant("a screen taken off the stack runs nothing", comparing: { run.stack($0) }) { before, navigation in
                let ids = Set(navigation.screenIDs)
                return before.screens.allSatisfy { ids.contains(ObjectIdentifier($0)) || $0.runningTaskIDs.isEmpty }
            }
    }

    /// What every list and detail on the stack keeps; the last one ends the step's record.
    static func addScreenInvariants(to exploration: Exploration<GitHubNavigationViewModel>, run: Run) -> Exploration<GitHubNavigationViewModel> {
        var exploration = exploration
        for invariant in Lists.listInvariants {
            exploration = exploration.invariant("every list: \(invariant.name)") { navigation in
                // Only the root has a search field, so only its load may wait on the debounce.
                let debouncing = !(run.clock?.pendingSleepers.isEmpty ?? true)
                return navigation.lists.allSatisfy { invariant.holds($0, $0 === navigation.root && debouncing) }
            }
        }
        for invariant in Lists.listStepInvariants {
            exploration = exploration.invariant("every list: \(invariant.name)", comparing: { run.stack($0) }) { before, navigation in
                navigation.lists.allSatisfy { list in before.lists[ObjectIdentifier(list)].map { invariant.holds($0, list) } ?? true }
            }
        }
        for invariant in Details.detailInvariants {
            exploration = exploration.invariant("every detail: \(invariant.name)") { $0.details.allSatisfy(invariant.holds) }
        }
        for invariant in Details.detailStepInvariants {
            exploration = exploration.invariant("every detail: \(invariant.name)", comparing: { run.stack($0) }) { before, navigation in
                navigation.details.allSatisfy { detail in before.details[ObjectIdentifier(detail)].map { invariant.holds($0, detail) } ?? true }
            }
        }
        return exploration
            .invariant("every detail not loading shows its repository or why it failed") { navigation in
                navigation.details.allSatisfy { $0.isLoading || $0.repository != nil || $0.error != nil }
            }
            .invariant("the root's user name is one the user asked for") { Lists.users.contains($0.root.userName) }
            .invariant("an owner's list keeps its owner", comparing: { $0.ownerLists.map { (ObjectIdentifier($0), $0.userName) } }) { before, navigation in
                navigation.ownerLists.allSatisfy { list in
                    before.first { $0.0 == ObjectIdentifier(list) }.map { $0.1 == list.userName } ?? true
                }
            }
            .invariant("(the step's record ends)") { _ in
                // The snapshot holds the screens: dropped, so that nothing keeps them past the run.
                run.did = nil
                run.snapshot = nil
                return true
            }
    }

    func test_randomSessions_keepTheStacksInvariants() async {
        // VMK_EXPLORATION_SWEEP (.ci/run, release build): 5 more seeds of 1,000 runs find nothing either;
        // VMK_FULL_STRESS doubles the runs of the campaign below.
        for seed in ExplorationSweep.seeds {
            await Self.exploration().explore(ExplorationBudget(seed: seed, runs: ExplorationSweep.runs, steps: 40))
        }
        let report = await Self.exploration().explore(ExplorationBudget(seed: 2026, runs: FullStress.count(8, full: 16), steps: 80))
        XCTAssertNil(report.failure)
        XCTAssertEqual(Set(report.ran.keys), [
            "root.load(user:completion:)", "root.userNameChanged(_:)", "root.minimumStarsChanged(_:)", "lists[_].repositoryTapped(_:)",
            "push(_:)", "back()", "popToRoot()", "replacePath(with:)",
            "details[_].load()", "details[_].ownerRepositoriesButtonTapped()", "details[_].backButtonTapped()",
        ])
        XCTAssertEqual(report.warnings, [])
    }
}

extension GitHubNavigationViewModel {
    /// The details on the path, bottom first.
    var details: [RepositoryDetailViewModel] {
        path.compactMap { if case .repository(let detail) = $0 { detail } else { nil } }
    }

    /// The owners' lists on the path, bottom first.
    var ownerLists: [GitHubRepositoryViewModel] {
        path.compactMap { if case .ownerRepositories(let list) = $0 { list } else { nil } }
    }

    /// The identities of the path's screens, bottom first.
    var screenIDs: [ObjectIdentifier] { path.flatMap(\.childViewModels).map { ObjectIdentifier($0) } }

    /// Every list on the stack: the root, then the owners' lists.
    var lists: [GitHubRepositoryViewModel] { [root] + ownerLists }
}
