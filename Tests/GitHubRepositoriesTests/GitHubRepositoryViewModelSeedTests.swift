import XCTest
import ViewModelKitExampleGitHub

/// The seed's two tests, for both load variants, in plain XCTest.
@MainActor
final class GitHubRepositoryViewModelSeedTests: XCTestCase {
    private func makeViewModel() -> GitHubRepositoryViewModel {
        GitHubRepositoryViewModel(client: MockGithubAPIClient(repositories: GitHubRepository.seedMocks))
    }

    /// Closure variant. Unlike the seed's version, it waits for the callback: a callback that never
    /// comes fails the test instead of passing it.
    func testFetchMajorRepositories_Closure() async {
        let viewModel = makeViewModel()
        let loaded = expectation(description: "load(user:completion:) calls back")
        viewModel.load(user: "apple") { error in
            XCTAssertNil(error)
            viewModel.fetchMajorRepositories()
            XCTAssertEqual(viewModel.majorRepositories?.count, 3, "three repositories have 50 or more stars")
            XCTAssertEqual(viewModel.majorRepositories?[0].name, "ccc", "50 stars")
            XCTAssertEqual(viewModel.majorRepositories?[1].name, "ddd", "51 stars")
            XCTAssertEqual(viewModel.majorRepositories?[2].name, "eee", "52 stars")
            loaded.fulfill()
        }
        await fulfillment(of: [loaded], timeout: 10)
    }

    /// async/await variant.
    func testFetchMajorRepositories() async throws {
        let viewModel = makeViewModel()
        try await viewModel.load(user: "apple")
        viewModel.fetchMajorRepositories()
        XCTAssertEqual(viewModel.majorRepositories?.count, 3, "three repositories have 50 or more stars")
        XCTAssertEqual(viewModel.majorRepositories?[0].name, "ccc", "50 stars")
        XCTAssertEqual(viewModel.majorRepositories?[1].name, "ddd", "51 stars")
        XCTAssertEqual(viewModel.majorRepositories?[2].name, "eee", "52 stars")
    }
}
