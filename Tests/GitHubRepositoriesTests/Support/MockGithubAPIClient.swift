import ViewModelKitExampleGitHub
import Synchronization
import ViewModelKitTesting

/// The seed's mock: returns fixed repositories through both variants.
struct MockGithubAPIClient: GithubAPIClientProtocol {
    var mockRepositories: [GitHubRepository]

    init(repositories: [GitHubRepository]) {
        mockRepositories = repositories
    }

    func fetchRepositories(user: String) async throws -> [GitHubRepository] {
        mockRepositories
    }
}

/// A client whose answers the test gives, one request at a time, in any order. It ignores
/// cancellation on purpose, to prove that the view model drops late answers itself.
final class ControlledGithubAPIClient: GithubAPIClientProtocol {
    private let pending = Mutex<[(user: String, continuation: CheckedContinuation<[GitHubRepository], any Error>)]>([])
    private let arrivals: AsyncStream<String>
    private let arrival: AsyncStream<String>.Continuation

    init() {
        (arrivals, arrival) = AsyncStream.makeStream(of: String.self)
    }

    func fetchRepositories(user: String) async throws -> [GitHubRepository] {
        // Only the test answers: a tester's `send` of an awaited load returns while it waits here.
        try await controlledByTest {
            try await withCheckedThrowingContinuation { continuation in
                pending.withLock { $0.append((user, continuation)) }
                arrival.yield(user)
            }
        }
    }

    /// Waits until a request for `user` has arrived.
    func waitForRequest(user: String) async {
        for await name in arrivals where name == user { return }
    }

    /// Answers the oldest pending request for `user`.
    func respond(user: String, with result: Result<[GitHubRepository], any Error>) {
        let continuation = pending.withLock { pending -> CheckedContinuation<[GitHubRepository], any Error>? in
            guard let index = pending.firstIndex(where: { $0.user == user }) else { return nil }
            return pending.remove(at: index).continuation
        }
        continuation?.resume(with: result)
    }
}

extension GitHubRepository {
    /// The seed's five repositories, 48 to 52 stars: `ccc`, `ddd` and `eee` are major.
    static let seedMocks: [GitHubRepository] = [
        GitHubRepository(id: 0, name: "aaa", stargazersCount: 48),
        GitHubRepository(id: 1, name: "bbb", stargazersCount: 49),
        GitHubRepository(id: 2, name: "ccc", stargazersCount: 50),
        GitHubRepository(id: 3, name: "ddd", stargazersCount: 51),
        GitHubRepository(id: 4, name: "eee", stargazersCount: 52),
    ]
}

/// A mock built from closures: each endpoint fails the test until the test stubs it.
struct GithubAPIClientMock: GitHubClientProtocol {
    var fetch: @Sendable (String) async throws -> [GitHubRepository]
        = unimplemented("GithubAPIClientProtocol.fetchRepositories(user:)")
    var fetchDetail: @Sendable (String, String) async throws -> GitHubRepositoryDetail
        = unimplemented("RepositoryDetailClientProtocol.fetchRepository(owner:name:)")

    func fetchRepositories(user: String) async throws -> [GitHubRepository] {
        try await fetch(user)
    }

    func fetchRepository(owner: String, name: String) async throws -> GitHubRepositoryDetail {
        try await fetchDetail(owner, name)
    }
}
