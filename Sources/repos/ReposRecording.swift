import Foundation
import ViewModelKitExampleGitHub
import Synchronization
import ViewModelKit
import ViewModelKitRecording

/// The session's clock for the lists' `lastRefreshed`, in whole seconds, so that the recorded test
/// writes short dates.
let wholeSecondsNow = DateGenerator { Date(timeIntervalSince1970: Date().timeIntervalSince1970.rounded(.down)) }

/// `repos --interactive --record-test DIR`: what the session is recorded with, and how its test is written.
@MainActor
enum ReposRecording {
    /// The test's double for the GitHub client.
    static let client = RecordedClient(
        typeName: "RecordedGitHubClient",
        answeredAs: "GitHubClient",
        conformances: ["GithubAPIClientProtocol", "RepositoryDetailClientProtocol"],
        summary: "What GitHub answered during the session.",
        methods: [
            .init(
                name: "fetchRepositories", signature: "func fetchRepositories(user: String) async throws -> [GitHubRepository]",
                key: "user", unrecorded: "throw FetcherError.userNotFound(user)"
            ),
            .init(
                name: "fetchRepository", signature: "func fetchRepository(owner: String, name: String) async throws -> GitHubRepositoryDetail",
                key: #""\(owner)/\(name)""#, unrecorded: #"throw FetcherError.repositoryNotFound("\(owner)/\(name)")"#
            ),
        ]
    )

    /// Starts recording `navigation`, and tells the recorder how the test builds the screens it pushes.
    static func recorder(
        for navigation: GitHubNavigationViewModel, clock: RecordingClock<ContinuousClock>, answers: RecordedAnswers,
        minimumStars: Int, dates: RecordingDateGenerator
    ) -> SessionRecorder {
        let recorder = SessionRecorder(navigation, clock: clock, answers: answers)
        let unused = GitHubClientDouble(answers: RecordedAnswers())
        recorder.writeChildren(of: RepositoryDetailViewModel.self) { detail in
            let owner = SessionRecorder.swiftSource(for: detail.owner) ?? "\"\""
            let name = SessionRecorder.swiftSource(for: detail.name) ?? "\"\""
            return (
                "RepositoryDetailViewModel(owner: \(owner), name: \(name), client: RecordedGitHubClient())",
                RepositoryDetailViewModel(owner: detail.owner, name: detail.name, client: unused)
            )
        }
        recorder.writeChildren(of: GitHubRepositoryViewModel.self) { _ in
            (
                "GitHubRepositoryViewModel(client: RecordedGitHubClient(), minimumStars: \(minimumStars), clock: clock, now: .constant(\(dateSource(dates.dates))))",
                GitHubRepositoryViewModel(client: unused, minimumStars: minimumStars)
            )
        }
        recorder.writeValues(
            of: GitHubRepositoryDetail.self,
            initializerLabels: [
                "id", "name", "owner", "fullName", "description", "stargazersCount", "forksCount", "openIssuesCount", "language",
                "license", "topics", "pushedAt", "htmlURL", "isFork", "isArchived",
            ]
        )
        return recorder
    }

    /// A date a fresh list in an expectation is made with (it never reads it): the session's first.
    static func dateSource(_ dates: [Date]) -> String {
        SessionRecorder.swiftSource(for: dates.first ?? Date(timeIntervalSince1970: 0)) ?? "Date(timeIntervalSince1970: 0)"
    }

    /// The test to write; `source` says where the session's repositories came from.
    static func test(source: String, minimumStars: Int, dates: RecordingDateGenerator, secrets: [String]) -> RecordedTest {
        RecordedTest(
            name: "GitHubSession",
            imports: ["ViewModelKitExampleGitHub"],
            subject: "GitHubNavigationViewModel(client: RecordedGitHubClient(), minimumStars: \(minimumStars), clock: clock, now: \(dates.replaySource))",
            clients: [client],
            summary: "A session of the interactive `repos` browser (\(source)), recorded by `--record-test`.\n"
                + "It replays offline: GitHub's answers are the ones the session was given, the times and dates are the session's.",
            secrets: secrets
        )
    }
}
