internal import ViewModelKit

/// Fetches a user's repositories: the view model's only way to reach GitHub.
///
/// Two variants: a callback for UIKit-style code and `async` for everything else.
/// Implement the `async` one; the callback variant has a default built on it, so that one
/// implementation backs both:
///
/// ```swift
/// struct MockGithubAPIClient: GithubAPIClientProtocol {
///     var repositories: [GitHubRepository]
///     func fetchRepositories(user: String) async throws -> [GitHubRepository] { repositories }
/// }
/// ```
///
/// Errors should be ``FetcherError`` values; cancellation should throw `CancellationError`.
public protocol GithubAPIClientProtocol: Sendable {
    /// Fetches `user`'s repositories and calls `completion` exactly once, on the main actor, with the
    /// repositories or an error.
    @MainActor
    func fetchRepositories(
        user: String,
        completion: @escaping @MainActor ([GitHubRepository]?, (any Error)?) -> Void
    )

    /// Fetches `user`'s repositories, in the order GitHub lists them.
    func fetchRepositories(user: String) async throws -> [GitHubRepository]
}

extension GithubAPIClientProtocol {
    /// Calls the `async` variant and reports its outcome to `completion` once, on the main actor.
    @MainActor
    public func fetchRepositories(
        user: String,
        completion: @escaping @MainActor ([GitHubRepository]?, (any Error)?) -> Void
    ) {
        deliver({ try await fetchRepositories(user: user) }, to: completion)
    }
}
