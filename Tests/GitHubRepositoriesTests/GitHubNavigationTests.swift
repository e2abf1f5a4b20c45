import Foundation
import ViewModelKitExampleGitHub
import ViewModelKit
import ViewModelKitTesting
import XCTest

/// The list → detail → owner's list stack, tested parent and children together.
@MainActor
final class GitHubNavigationTests: XCTestCase {
    private let refreshed = Date(timeIntervalSince1970: 1_700_000_000)
    private let swift = GitHubRepository(id: 1, name: "swift", fullName: "apple/swift", stargazersCount: 60_000)
    private let nio = GitHubRepository(id: 2, name: "swift-nio", fullName: "apple/swift-nio", stargazersCount: 7_000)
    private let toy = GitHubRepository(id: 3, name: "toy", fullName: "apple/toy", stargazersCount: 3)
    private var swiftDetail: GitHubRepositoryDetail {
        GitHubRepositoryDetail(id: 5, name: "swift", owner: "apple", stargazersCount: 60_000, forksCount: 10_000, language: "C++")
    }

    private func makeClient() -> GithubAPIClientMock {
        var client = GithubAPIClientMock()
        client.fetch = { [swift, nio, toy] _ in [swift, nio, toy] }
        client.fetchDetail = { owner, name in
            GitHubRepositoryDetail(id: name.count, name: name, owner: owner, stargazersCount: 60_000, forksCount: 10_000, language: "C++")
        }
        return client
    }

    private func makeNavigation(_ client: GithubAPIClientMock) -> GitHubNavigationViewModel {
        GitHubNavigationViewModel(client: client, clock: TestClock(), now: .constant(refreshed))
    }

    /// A detail as it looks right after it was pushed: loading.
    private func loadingDetail(_ owner: String, _ name: String, _ client: GithubAPIClientMock) -> ViewModelState<ViewModel> {
        var state = ViewModelState(RepositoryDetailViewModel(owner: owner, name: name, client: client))
        state.isLoading = true
        return state.erased
    }

    func testOpenADetailLetItLoadAndGoBack() async {
        let client = makeClient()
        let tester = ViewModelTester(makeNavigation(client))
        await tester.send({ try await $0.root.load(user: "apple") }) {
            $0.root.userName = "apple"
            $0.root.repositories = [self.swift, self.nio, self.toy]
            $0.root.majorRepositories = [self.swift, self.nio]
            $0.root.lastRefreshed = self.refreshed
        }
        await tester.send({ $0.root.repositoryTapped(self.swift) }) {
            $0.path = [self.loadingDetail("apple", "swift", client)]
        }
        await tester.receive {
            $0.path[0].modify(as: RepositoryDetailViewModel.self) {
                $0.repository = self.swiftDetail
                $0.isLoading = false
            }
        }
        await tester.send({ $0.back() }) {
            $0.path = []
        }
        await tester.finish()
    }

    func testGoingBackCancelsTheDetailsLoad() async {
        var client = makeClient()
        let gate = AsyncStream<Never>.makeStream()
        client.fetchDetail = { _, _ in
            for await _ in gate.stream {}
            throw CancellationError()
        }
        let navigation = makeNavigation(client)
        let tester = ViewModelTester(navigation)
        await tester.send({ $0.push(.repository(owner: "apple", name: "swift")) }) {
            $0.path = [self.loadingDetail("apple", "swift", client)]
        }
        guard case .repository(let detail) = navigation.path.last else { return XCTFail("no detail pushed") }
        XCTAssertEqual(detail.runningTaskIDs.count, 1)
        await tester.send({ $0.back() }) {
            $0.path = []
        }
        XCTAssertEqual(detail.runningTaskIDs.count, 0, "the popped detail's load was cancelled")
        await tester.finish()
        gate.continuation.finish()
    }

    func testDetailToOwnerListToDetailAndBackAgain() async {
        let navigation = makeNavigation(makeClient())
        let tester = ViewModelTester(navigation, exhaustivity: .off)
        await tester.send({ $0.root.repositoryTapped(self.swift) })
        await tester.receive { $0.path[0].modify(as: RepositoryDetailViewModel.self) { $0.isLoading = false } }
        guard case .repository(let detail) = navigation.path.last else { return XCTFail("no detail pushed") }
        await tester.send({ _ in detail.ownerRepositoriesButtonTapped() })
        await tester.receive { $0.path[1].modify(as: GitHubRepositoryViewModel.self) { $0.isLoading = false } }
        guard case .ownerRepositories(let ownerList) = navigation.path.last else { return XCTFail("no owner list pushed") }
        XCTAssertEqual(ownerList.userName, "apple")
        XCTAssertEqual(ownerList.majorRepositories, [swift, nio])
        await tester.send({ _ in ownerList.repositoryTapped(self.nio) })
        await tester.receive { $0.path[2].modify(as: RepositoryDetailViewModel.self) { $0.isLoading = false } }
        XCTAssertEqual(navigation.routes, [
            .repository(owner: "apple", name: "swift"),
            .ownerRepositories("apple"),
            .repository(owner: "apple", name: "swift-nio"),
        ])
        await tester.send({ $0.back() })
        await tester.send({ $0.back() })
        XCTAssertEqual(navigation.routes, [.repository(owner: "apple", name: "swift")])
        await tester.send({ _ in detail.backButtonTapped() })
        XCTAssertEqual(navigation.routes, [])
        await tester.send({ $0.back() })
        XCTAssertEqual(navigation.routes, [], "back at the root does nothing")
        await tester.finish()
    }

    func testADeepLinkReplacesTheWholePath() async {
        var client = makeClient()
        let gate = AsyncStream<Never>.makeStream()
        let slow = client.fetchDetail
        client.fetchDetail = { owner, name in
            if name == "stuck" {
                for await _ in gate.stream {}
                throw CancellationError()
            }
            return try await slow(owner, name)
        }
        // The list waits for the detail, so the two loads arrive in a known order.
        let listGate = AsyncStream<Never>.makeStream()
        let list = client.fetch
        client.fetch = { user in
            for await _ in listGate.stream {}
            return try await list(user)
        }
        let navigation = makeNavigation(client)
        let tester = ViewModelTester(navigation)
        await tester.send({ $0.push(.repository(owner: "apple", name: "stuck")) }) {
            $0.path = [self.loadingDetail("apple", "stuck", client)]
        }
        guard case .repository(let stuck) = navigation.path.last else { return XCTFail("no detail pushed") }
        await tester.send({ $0.replacePath(with: [.repository(owner: "apple", name: "swift"), .ownerRepositories("apple")]) }) {
            var list = ViewModelState(GitHubRepositoryViewModel(client: client))
            list.userName = "apple"
            list.isLoading = true
            $0.path = [self.loadingDetail("apple", "swift", client), list.erased]
        }
        XCTAssertEqual(stuck.runningTaskIDs.count, 0, "the replaced screen stopped loading")
        await tester.receive {
            $0.path[0].modify(as: RepositoryDetailViewModel.self) {
                $0.repository = self.swiftDetail
                $0.isLoading = false
            }
        }
        listGate.continuation.finish()
        await tester.receive {
            $0.path[1].modify(as: GitHubRepositoryViewModel.self) {
                $0.repositories = [self.swift, self.nio, self.toy]
                $0.majorRepositories = [self.swift, self.nio]
                $0.lastRefreshed = self.refreshed
                $0.isLoading = false
            }
        }
        XCTAssertEqual(navigation.routes, [.repository(owner: "apple", name: "swift"), .ownerRepositories("apple")])
        await tester.send({ $0.popToRoot() }) { $0.path = [] }
        await tester.finish()
        gate.continuation.finish()
    }

    func testADetailThatFailsShowsTheErrorAndCanRetry() async {
        var client = makeClient()
        client.fetchDetail = { _, _ in throw FetcherError.repositoryNotFound("apple/gone") }
        let detail = RepositoryDetailViewModel(owner: "apple", name: "gone", client: client)
        let tester = ViewModelTester(detail)
        await tester.send({ $0.load() }) { $0.isLoading = true }
        await tester.receive {
            $0.isLoading = false
            $0.error = .repositoryNotFound("apple/gone")
        }
        await tester.send({ $0.load() }) {
            $0.isLoading = true
            $0.error = nil
        }
        await tester.receive {
            $0.isLoading = false
            $0.error = .repositoryNotFound("apple/gone")
        }
        await tester.finish()
    }

    func testADetailOnItsOwnTellsItsDelegate() {
        let detail = RepositoryDetailViewModel(owner: "apple", name: "swift", client: makeClient())
        var events: [RepositoryDetailViewModel.Event] = []
        detail.delegate.connect { events.append($0) }
        detail.ownerRepositoriesButtonTapped()
        detail.backButtonTapped()
        XCTAssertEqual(events, [.showOwnerRepositories(owner: "apple")])
    }

    func testTheStackDeinitializesWithLoadsInFlight() async {
        var client = makeClient()
        let gate = AsyncStream<Never>.makeStream()
        client.fetchDetail = { _, _ in
            for await _ in gate.stream {}
            throw CancellationError()
        }
        weak var weakNavigation: GitHubNavigationViewModel?
        weak var weakDetail: RepositoryDetailViewModel?
        weak var weakRoot: GitHubRepositoryViewModel?
        weak var weakOwnerList: GitHubRepositoryViewModel?
        var subscription: ViewModelSubscription?
        do {
            let navigation = makeNavigation(client)
            weakRoot = navigation.root
            navigation.push(.ownerRepositories("apple"))
            if case .ownerRepositories(let list) = navigation.path.last { weakOwnerList = list }
            navigation.push(.repository(owner: "apple", name: "swift"))
            subscription = navigation.observeChanges {}
            if case .repository(let detail) = navigation.path.last { weakDetail = detail }
            weakNavigation = navigation
        }
        XCTAssertNil(weakNavigation)
        XCTAssertNil(weakDetail)
        XCTAssertNil(weakRoot, "the root list's delegate does not keep it alive")
        XCTAssertNil(weakOwnerList)
        subscription?.cancel()
        gate.continuation.finish()
    }
}
