public import GitHubRepositories
public import ViewModelKit

/// The GitHub feature's one client double: it hands each call to its answers (an exploration's, a
/// test's script, or a recording), as `GitHubClient.fetchRepositories` keyed by the user and
/// `GitHubClient.fetchRepository` keyed by `owner/name`.
///
/// ```swift
/// Exploration { explorer in
///     GitHubRepositoryViewModel(client: GitHubClientDouble(answers: explorer.answers), clock: explorer.clock)
/// }
/// ```
public struct GitHubClientDouble: GitHubClientProtocol {
    /// What answers every call.
    public let answers: any ClientAnswers

    /// A double whose calls `answers` answers.
    public init(answers: any ClientAnswers) {
        self.answers = answers
    }

    /// Waits for the answer to `GitHubClient.fetchRepositories`, keyed by `user`.
    public func fetchRepositories(user: String) async throws -> [GitHubRepository] {
        try await answers.answer("GitHubClient", "fetchRepositories", for: user)
    }

    /// Waits for the answer to `GitHubClient.fetchRepository`, keyed by `"owner/name"`.
    public func fetchRepository(owner: String, name: String) async throws -> GitHubRepositoryDetail {
        try await answers.answer("GitHubClient", "fetchRepository", for: "\(owner)/\(name)")
    }
}
