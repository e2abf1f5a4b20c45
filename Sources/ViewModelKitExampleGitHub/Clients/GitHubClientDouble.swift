public import ViewModelKit

/// The GitHub feature's one client double: it hands each call to its answers, as
/// `GitHubClient.fetchRepositories` keyed by the user and `GitHubClient.fetchRepository` keyed by
/// `owner/name`. The same double serves an exploration (`Explorer.answers`), an exploration's written
/// test (`ScriptedAnswers`) and a recording (`RecordedAnswers`, which calls ``live``).
///
/// ```swift
/// Exploration { explorer in
///     GitHubRepositoryViewModel(client: GitHubClientDouble(answers: explorer.answers), clock: explorer.clock)
/// }
/// ```
public struct GitHubClientDouble: GitHubClientProtocol {
    /// What answers every call.
    public let answers: any ClientAnswers
    /// The live client, for answers that call it (a recording).
    public var live: (any GitHubClientProtocol)?

    /// A double whose calls `answers` answers.
    public init(answers: any ClientAnswers, live: (any GitHubClientProtocol)? = nil) {
        self.answers = answers
        self.live = live
    }

    /// Hands `GitHubClient.fetchRepositories`, keyed by `user`, to ``answers``.
    public func fetchRepositories(user: String) async throws -> [GitHubRepository] {
        try await answers.answer("GitHubClient", "fetchRepositories", for: user) {
            guard let live else { throw ClientAnswersError.noLiveClient }
            return try await live.fetchRepositories(user: user)
        }
    }

    /// Hands `GitHubClient.fetchRepository`, keyed by `"owner/name"`, to ``answers``.
    public func fetchRepository(owner: String, name: String) async throws -> GitHubRepositoryDetail {
        try await answers.answer("GitHubClient", "fetchRepository", for: "\(owner)/\(name)") {
            guard let live else { throw ClientAnswersError.noLiveClient }
            return try await live.fetchRepository(owner: owner, name: name)
        }
    }
}
