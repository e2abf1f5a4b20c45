import XCTest
import ViewModelKitExampleGitHub
import TestSupport
import ViewModelKit
import ViewModelKitTesting

/// The live default, used from a test, fails the test instead of reaching GitHub.
@MainActor
final class LiveDefaultInTestsTests: XCTestCase {
    func testTheDefaultLiveClientFailsLoudlyAndSendsNothing() async {
        let recorder = RecordingIssueReporter()
        let previous = IssueReporting.reporter
        IssueReporting.reporter = recorder
        defer { IssueReporting.reporter = previous }

        let viewModel = GitHubRepositoryViewModel()
        do {
            try await viewModel.load(user: "apple")
            XCTFail("expected an error")
        } catch {
            XCTAssertEqual(error as? FetcherError, .network("the live GitHub API is not available to tests"))
        }
        XCTAssertEqual(recorder.messages, [
            "GithubAPIClient (live) has no test implementation, but was used from a test: it would request "
                + "https://api.github.com/users/apple/repos?per_page=100. Pass a mock, a fixture client, "
                + "or a live client whose base URL is a loopback test server.",
        ])
    }
}
