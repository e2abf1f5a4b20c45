import Foundation
public import ViewModelKitExampleCounter
public import ViewModelKitExampleGitHub

/// GitHub answers from memory, for previews and for trying the screens without a network: every user
/// has the same five repositories, with 48 to 52 stars, so that a threshold of 50 keeps three.
public struct SampleGitHubClient: GithubAPIClientProtocol, RepositoryDetailClientProtocol {
    /// The repositories every user has, in this order.
    public static let names = ["aaa", "bbb", "ccc", "ddd", "eee"]

    /// Creates the client.
    public init() {}

    /// `user`'s five repositories.
    public func fetchRepositories(user: String) async throws -> [GitHubRepository] {
        Self.names.enumerated().map { index, name in
            GitHubRepository(
                id: index, name: name, fullName: "\(user)/\(name)", stargazersCount: 48 + index,
                description: "Sample repository \(name)", language: "Swift"
            )
        }
    }

    /// One of the five, with a few more details.
    /// - Throws: ``FetcherError/repositoryNotFound(_:)`` for any other name.
    public func fetchRepository(owner: String, name: String) async throws -> GitHubRepositoryDetail {
        guard let index = Self.names.firstIndex(of: name) else {
            throw FetcherError.repositoryNotFound("\(owner)/\(name)")
        }
        return GitHubRepositoryDetail(
            id: index, name: name, owner: owner, description: "Sample repository \(name)",
            stargazersCount: 48 + index, forksCount: index, openIssuesCount: 2 * index, language: "Swift",
            license: "MIT", topics: ["sample", "swift"], pushedAt: Date(timeIntervalSince1970: 1_700_000_000)
        )
    }
}

/// Number facts from memory, for previews: `"<n> is a good number."`, as the README's mock says.
public struct SampleNumberFactClient: NumberFactClientProtocol {
    /// Creates the client.
    public init() {}

    /// A fact about `number`.
    public func fetchFact(number: Int) async throws -> String {
        "\(number) is a good number."
    }
}
