import Foundation
import ViewModelKitExampleGitHub
import TestSupport
import ViewModelKitTesting
import XCTest

// The code of the ViewModelKitExampleGitHub landing page (ViewModelKitExampleGitHub.md).

enum GitHubFeatureArticle {
    @MainActor
    static func load(fixtures: URL) async throws -> (GitHubRepositoryViewModel, [String]?) {
        // snippet: github-feature-load
        let viewModel = GitHubRepositoryViewModel(client: FixtureGithubAPIClient(directory: fixtures))
        try await viewModel.load(user: "kohsuke")     // or load(user:completion:)
        let names = viewModel.majorRepositories?.map(\.name)
        // ["akuma", "args4j", "com4j", "file-leak-detector"]: 50 stars or more, in GitHub's order
        viewModel.minimumStarsChanged(200)            // filters again at once, without a request
        // end snippet
        return (viewModel, names)
    }

    @MainActor
    static func search(clock: TestClock, fixtures: URL) async -> GitHubRepositoryViewModel {
        // snippet: github-feature-search
        let viewModel = GitHubRepositoryViewModel(client: FixtureGithubAPIClient(directory: fixtures), clock: clock)
        viewModel.userNameChanged("kohs")
        viewModel.userNameChanged("kohsuke")          // restarts the 300 ms wait
        await clock.advance(by: .milliseconds(300))   // one load, for "kohsuke"
        // end snippet
        return viewModel
    }
}

@MainActor
final class GitHubFeatureArticleTests: XCTestCase {
    func testTheLoadShowsTheMajorRepositoriesAndTheThresholdFiltersAgain() async throws {
        let (viewModel, names) = try await GitHubFeatureArticle.load(fixtures: TestPaths.fixtures)
        XCTAssertEqual(names, ["akuma", "args4j", "com4j", "file-leak-detector"])
        XCTAssertEqual(viewModel.minimumStars, 200)
        XCTAssertEqual(viewModel.majorRepositories?.map(\.name), ["args4j"])
        XCTAssertEqual(viewModel.repositories?.count, 60)
    }

    func testTheSearchLoadsOnceForTheLastName() async {
        let clock = TestClock()
        let viewModel = await GitHubFeatureArticle.search(clock: clock, fixtures: TestPaths.fixtures)
        let loaded = await yieldUntil { viewModel.majorRepositories != nil }
        XCTAssertTrue(loaded)
        XCTAssertEqual(viewModel.userName, "kohsuke")
        XCTAssertEqual(viewModel.majorRepositories?.count, 4)
    }
}
