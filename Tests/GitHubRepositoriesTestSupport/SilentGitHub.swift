public import ViewModelKitExampleGitHub
public import TestSupport

/// A GitHub client whose every request waits on a ``SilentCallbackService`` that never answers, for
/// lifetime tests.
public struct SilentGitHub: GitHubClientProtocol {
    /// The service every request waits on.
    public let service: SilentCallbackService

    /// A client whose requests wait on `service`.
    public init(service: SilentCallbackService) {
        self.service = service
    }

    /// Waits until cancelled, then returns nothing.
    public func fetchRepositories(user: String) async throws -> [GitHubRepository] {
        try await service.request()
        return []
    }

    /// Waits until cancelled, then throws ``FetcherError/repositoryNotFound(_:)``.
    public func fetchRepository(owner: String, name: String) async throws -> GitHubRepositoryDetail {
        try await service.request()
        throw FetcherError.repositoryNotFound("\(owner)/\(name)")
    }
}
