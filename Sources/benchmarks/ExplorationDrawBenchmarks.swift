import ViewModelKitExampleGitHub
import Foundation
import ViewModelKit
import ViewModelKitTesting

/// What drawing only among the enabled intents buys (issue 44, item 6), on an app root: the GitHub
/// navigation, whose intents on a screen of the stack are enabled only while that screen is on top.
/// Before, a step drew among all the intents, and one whose precondition failed ended the step with
/// nothing done; now a step draws among those whose precondition holds. Measured both ways in the
/// same run: the steps a second that did something, and the share of draws wasted.
@MainActor
func explorationDrawRows(repeats: Int) async -> [Row] {
    func navigation(drawsAmongEnabledIntents: Bool) -> Exploration<GitHubNavigationViewModel> {
        let refreshed = Date(timeIntervalSince1970: 1_700_000_000)
        var exploration = Exploration { explorer in
            GitHubNavigationViewModel(client: GitHubClientDouble(answers: explorer.answers), clock: explorer.clock, now: .constant(refreshed))
        }
        /// The detail on top of the stack, if the top is one.
        func topDetail(_ app: GitHubNavigationViewModel) -> RepositoryDetailViewModel? {
            app.path.last?[case: GitHubNavigationViewModel.Destination.repository]
        }
        exploration = exploration
            .intent("root.load(user:completion:)", arguments: { app, choices in
                let user = choices.element(of: ["apple", "kohsuke"]) ?? "apple"
                app.root.load(user: user) { _ in }
                return "root.load(user: \"\(user)\") { _ in }"
            })
            .intent("root.repositoryTapped(_:)", weight: 3, when: { !($0.root.majorRepositories ?? []).isEmpty && $0.path.isEmpty },
                    arguments: { app, choices in
                let repositories = app.root.majorRepositories ?? []
                guard let repository = choices.element(of: repositories) else { return "root.repositoryTapped(…)" }
                app.root.repositoryTapped(repository)
                return "root.repositoryTapped(…)"
            })
            .intent("back()", weight: 2, when: { !$0.path.isEmpty }) { $0.back() }
            .intent("popToRoot()", when: { $0.path.count > 1 }) { $0.popToRoot() }
            .intent("detail.load()", weight: 3, when: { topDetail($0) != nil }) { topDetail($0)?.load() }
            .intent("detail.ownerRepositoriesButtonTapped()", weight: 2, when: { topDetail($0) != nil }) {
                topDetail($0)?.ownerRepositoriesButtonTapped()
            }
            .intent("detail.backButtonTapped()", when: { topDetail($0) != nil }) { topDetail($0)?.backButtonTapped() }
            .answers("GitHubClient", "fetchRepositories", weight: 4) { (user: String, choices) in
                [GitHubRepository(id: 1, name: "site", fullName: "\(user)/site", stargazersCount: choices.element(of: [120, 7]) ?? 120)]
            }
            .answers("GitHubClient", "fetchRepository", weight: 4) { (key: String, _) in
                let parts = key.split(separator: "/").map(String.init)
                return GitHubRepositoryDetail(id: 1, name: parts.last ?? key, owner: parts.first ?? key, stargazersCount: 120)
            }
            .invariant("the loading flag is on only while a load runs") { app in
                !app.root.isLoading || app.root.runningTaskIDs.contains { "\($0)" == "load" }
            }
        exploration.maximumAdvance = .milliseconds(600)
        exploration.drawsAmongEnabledIntents = drawsAmongEnabledIntents
        exploration.printsReport = false
        return exploration
    }

    let silent = RecordingIssueReporter()
    var rows: [Row] = []
    for (label, enabledOnly) in [("before: drawn among all the intents", false), ("after: drawn among the enabled intents", true)] {
        var stepsPerSecond: [Double] = []
        var stepsPerRun: [Double] = []
        var wasted: [Double] = []
        var unavailable: String?
        for _ in 0..<repeats {
            let report = await navigation(drawsAmongEnabledIntents: enabledOnly)
                .explore(ExplorationBudget(seed: 7, runs: 40, steps: 50), reporter: silent)
            if let failure = report.failure { unavailable = "the navigation broke an invariant: \(failure.invariant)" }
            // A run's release of the view model counts as a step, and is no draw.
            let draws = report.steps - report.runs + report.rejected.values.reduce(0, +)
            stepsPerSecond.append(report.stepsPerSecond)
            stepsPerRun.append(Double(report.steps - report.runs) / Double(max(1, report.runs)))
            wasted.append(draws > 0 ? 100 * Double(report.rejected.values.reduce(0, +)) / Double(draws) : 0)
        }
        let steps = Samples(values: stepsPerSecond)
        let perRun = Samples(values: stepsPerRun)
        let waste = Samples(values: wasted)
        rows += [
            Row(benchmark: "exploration, app root (GitHub navigation), \(label)", measured: "Exploration", unit: "steps/s",
                median: steps.median, min: steps.min, max: steps.max, unavailable: unavailable),
            Row(benchmark: "exploration, app root (GitHub navigation), \(label)", measured: "steps a run of 50 draws", unit: "steps",
                median: perRun.median, min: perRun.min, max: perRun.max, unavailable: unavailable),
            Row(benchmark: "exploration, app root (GitHub navigation), \(label)", measured: "wasted draws", unit: "%",
                median: waste.median, min: waste.min, max: waste.max, unavailable: unavailable),
        ]
    }
    return rows
}
