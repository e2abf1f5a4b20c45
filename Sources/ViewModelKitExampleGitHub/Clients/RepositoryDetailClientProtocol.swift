/// Fetches one repository's details: what the detail screen needs of GitHub.
///
/// ```swift
/// struct MockDetailClient: RepositoryDetailClientProtocol {
///     func fetchRepository(owner: String, name: String) async throws -> GitHubRepositoryDetail { … }
/// }
/// ```
///
/// Errors should be ``FetcherError`` values; cancellation should throw `CancellationError`.
public protocol RepositoryDetailClientProtocol: Sendable {
    /// Fetches `owner/name`.
    func fetchRepository(owner: String, name: String) async throws -> GitHubRepositoryDetail
}
