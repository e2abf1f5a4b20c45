import XCTest
import ViewModelKitExampleGitHub
import ViewModelKit

@MainActor
/// Behavior the tester does not express (callbacks, observers, lifetimes), in plain XCTest.
/// State changes are tested exhaustively in `GitHubRepositoryViewModelTesterTests`.
final class GitHubRepositoryViewModelTests: XCTestCase {
    func testStartsEmpty() {
        let viewModel = GitHubRepositoryViewModel(client: MockGithubAPIClient(repositories: []))
        XCTAssertEqual(viewModel.userName, "")
        XCTAssertNil(viewModel.repositories)
        XCTAssertNil(viewModel.majorRepositories)
        XCTAssertFalse(viewModel.isLoading)
        XCTAssertNil(viewModel.error)
        XCTAssertEqual(viewModel.minimumStars, 50)
    }

    func testObserversSeeLoadingThenTheList() async throws {
        let client = ControlledGithubAPIClient()
        let viewModel = GitHubRepositoryViewModel(client: client)
        var log: [String] = []
        let loading = viewModel.observe(\.isLoading) { log.append("isLoading \($0)") }
        let major = viewModel.observe(\.majorRepositories) { log.append("major \($0?.count ?? -1)") }
        let load = Task { try await viewModel.load(user: "apple") }
        await client.waitForRequest(user: "apple")
        XCTAssertEqual(log, ["isLoading true"])
        XCTAssertTrue(viewModel.isLoading)
        client.respond(user: "apple", with: .success(GitHubRepository.seedMocks))
        try await load.value
        XCTAssertEqual(log, ["isLoading true", "major 3", "isLoading false"])
        _ = (loading, major)
    }

    func testClosureLoadCallsBackExactlyOnceEvenWhenReplaced() async throws {
        let client = ControlledGithubAPIClient()
        let viewModel = GitHubRepositoryViewModel(client: client)
        var outcomes: [String] = []
        let bothDone = expectation(description: "both loads call back")
        bothDone.expectedFulfillmentCount = 2
        viewModel.load(user: "old") { error in
            outcomes.append("old: \(error.map { $0 is CancellationError ? "cancelled" : "\($0)" } ?? "ok")")
            bothDone.fulfill()
        }
        await client.waitForRequest(user: "old")
        viewModel.load(user: "new") { error in
            outcomes.append("new: \(error.map { "\($0)" } ?? "ok")")
            bothDone.fulfill()
        }
        await client.waitForRequest(user: "new")
        client.respond(user: "new", with: .success(GitHubRepository.seedMocks))
        client.respond(user: "old", with: .success([]))
        await fulfillment(of: [bothDone], timeout: 10)
        XCTAssertEqual(outcomes.sorted(), ["new: ok", "old: cancelled"])
        XCTAssertEqual(viewModel.majorRepositories?.count, 3)
    }

    func testCancellingTheCallerCancelsTheLoad() async {
        let viewModel = GitHubRepositoryViewModel(client: HangingClient())
        let load = Task { try await viewModel.load(user: "apple") }
        while viewModel.runningTaskIDs.isEmpty { await Task.yield() }
        load.cancel()
        let result = await load.result
        XCTAssertThrowsError(try result.get()) { XCTAssertTrue($0 is CancellationError) }
        XCTAssertEqual(viewModel.runningTaskIDs, [])
        // Nothing replaced the load (as when SwiftUI cancels a view's `.task`): no spinner is left.
        XCTAssertFalse(viewModel.isLoading)
    }

    func testALoadReplacedByANewerOneLeavesTheSpinnerToIt() async {
        let viewModel = GitHubRepositoryViewModel(client: HangingClient())
        let first = Task { try await viewModel.load(user: "apple") }
        while viewModel.runningTaskIDs.isEmpty { await Task.yield() }
        let second = Task { try await viewModel.load(user: "swiftlang") }
        let firstResult = await first.result
        XCTAssertThrowsError(try firstResult.get()) { XCTAssertTrue($0 is CancellationError) }
        XCTAssertTrue(viewModel.isLoading)
        XCTAssertEqual(viewModel.userName, "swiftlang")
        second.cancel()
        _ = await second.result
        XCTAssertFalse(viewModel.isLoading)
    }

    func testDeinitializesWithALoadInFlight() async {
        var viewModel: GitHubRepositoryViewModel? = GitHubRepositoryViewModel(client: HangingClient())
        weak let weakViewModel = viewModel
        let done = expectation(description: "the load reports cancellation")
        viewModel?.load(user: "apple") { error in
            XCTAssertTrue(error is CancellationError)
            done.fulfill()
        }
        let subscription = viewModel?.observeChanges {}
        viewModel = nil
        XCTAssertNil(weakViewModel)
        await fulfillment(of: [done], timeout: 10)
        _ = subscription
    }

    func testErrorsOfOtherTypesAreReportedAsFetcherErrors() async {
        struct Offline: Error, CustomStringConvertible { var description: String { "offline" } }
        let viewModel = GitHubRepositoryViewModel(client: FailingClient(error: Offline()))
        do {
            try await viewModel.load(user: "apple")
            XCTFail("expected an error")
        } catch {
            XCTAssertEqual(error as? FetcherError, .network("offline"))
        }
        XCTAssertEqual(viewModel.error, .network("offline"))
    }
}

/// Never answers until cancelled.
private struct HangingClient: GithubAPIClientProtocol {
    func fetchRepositories(user: String) async throws -> [GitHubRepository] {
        try await withCallback { _ in }
    }
}

/// Always fails with `error`.
private struct FailingClient<Failure: Error & Sendable>: GithubAPIClientProtocol {
    var error: Failure
    func fetchRepositories(user: String) async throws -> [GitHubRepository] { throw error }
}
