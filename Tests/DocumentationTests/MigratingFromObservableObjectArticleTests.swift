import Foundation
import ViewModelKitExampleGitHub
import Observation
import Synchronization
import ViewModelKit
import ViewModelKitTesting
import XCTest

// The code of the article "Migrating from ObservableObject and @Published"
// (MigratingFromObservableObject.md): seed 001's GitHubRepositoryViewModel after the migration, a
// bridge for a callback-only client, observers, and the seed's test on the tester.

enum MigratingFromObservableObjectArticle {
    // snippet: oo-callback-bridge
    /// A client that only calls back, like the app's first `fetchRepositories`.
    protocol CallbackGithubAPIClient: Sendable {
        func fetchRepositories(user: String, completion: @escaping @Sendable ([GitHubRepository]?, (any Error)?) -> Void)
    }

    /// The same client behind the async protocol the view model takes.
    struct BridgedGithubAPIClient: GithubAPIClientProtocol {
        let base: any CallbackGithubAPIClient

        func fetchRepositories(user: String) async throws -> [GitHubRepository] {
            try await withCallback { resume in
                base.fetchRepositories(user: user) { repositories, error in
                    if let repositories {
                        resume(.success(repositories))
                    } else {
                        resume(.failure(error ?? FetcherError.missingData))
                    }
                }
            }
        }
    }
    // end snippet

    // snippet: oo-state
    @MainActor
    final class GitHubRepositoryViewModel: ViewModel {
        @Observed private(set) var userName = ""
        @Observed private(set) var majorRepositories: [GitHubRepository] = []
        @Observed private(set) var isLoading = false
        @Observed private(set) var error: FetcherError?
        @Observed private(set) var minimumStars = 50
        // end snippet

        // snippet: oo-init
        private var repositories: [GitHubRepository] = []
        private let client: any GithubAPIClientProtocol
        private let clock: any Clock<Duration>

        init(client: any GithubAPIClientProtocol = GithubAPIClient(), clock: any Clock<Duration> = ContinuousClock()) {
            self.client = client
            self.clock = clock
        }
        // end snippet

        // snippet: oo-filter
        func minimumStarsChanged(_ stars: Int) {
            minimumStars = stars
            filter()
        }

        private func filter() {
            majorRepositories = repositories.filter { $0.stargazersCount >= minimumStars }
        }
        // end snippet

        // snippet: oo-load
        func load(user: String) async {
            let load = startLoad(user: user, debounce: nil)
            await withTaskCancellationHandler {
                _ = await load.result
            } onCancel: {
                load.cancel()
            }
        }

        func userNameChanged(_ text: String) {
            startLoad(user: text, debounce: .milliseconds(300))
        }
        // end snippet

        // snippet: oo-task
        @discardableResult
        private func startLoad(user: String, debounce: Duration?) -> Task<Void, any Error> {
            userName = user
            error = nil
            isLoading = debounce == nil
            return task(id: "load") { [weak self, client, clock] in
                if let debounce {
                    try await clock.sleep(for: debounce)
                    self?.isLoading = true
                }
                do {
                    let repositories = try await client.fetchRepositories(user: user)
                    try Task.checkCancellation()
                    self?.repositories = repositories
                    self?.filter()
                } catch {
                    if Task.isCancelled { return }          // a newer load owns the state now
                    self?.error = error as? FetcherError ?? .network(String(describing: error))
                }
                self?.isLoading = false
            }
        }
        // end snippet
    }

    // snippet: oo-mock
    struct GithubAPIClientMock: GithubAPIClientProtocol {
        var fetch: @Sendable (String) async throws -> [GitHubRepository]
            = unimplemented("GithubAPIClientProtocol.fetchRepositories(user:)")

        func fetchRepositories(user: String) async throws -> [GitHubRepository] {
            try await fetch(user)
        }
    }
    // end snippet

    /// The seed's five repositories.
    static let seedRepositories = [
        GitHubRepository(id: 0, name: "aaa", stargazersCount: 48),
        GitHubRepository(id: 1, name: "bbb", stargazersCount: 49),
        GitHubRepository(id: 2, name: "ccc", stargazersCount: 50),
        GitHubRepository(id: 3, name: "ddd", stargazersCount: 51),
        GitHubRepository(id: 4, name: "eee", stargazersCount: 52),
    ]

    @MainActor
    static func testFetchMajorRepositories() async {
        // snippet: oo-test
        let repositories = [
            GitHubRepository(id: 0, name: "aaa", stargazersCount: 48),
            GitHubRepository(id: 1, name: "bbb", stargazersCount: 49),
            GitHubRepository(id: 2, name: "ccc", stargazersCount: 50),
            GitHubRepository(id: 3, name: "ddd", stargazersCount: 51),
            GitHubRepository(id: 4, name: "eee", stargazersCount: 52),
        ]
        var client = GithubAPIClientMock()
        client.fetch = { _ in repositories }
        let tester = ViewModelTester(GitHubRepositoryViewModel(client: client))

        await tester.send({ await $0.load(user: "apple") }) {
            $0.userName = "apple"
            $0.majorRepositories = Array(repositories[2...])        // ccc, ddd, eee: 50 stars or more
        }
        await tester.send({ $0.minimumStarsChanged(52) }) {
            $0.minimumStars = 52
            $0.majorRepositories = [repositories[4]]
        }
        await tester.finish()
        // end snippet
    }

    @MainActor
    static func testSearchDebounce() async {
        let repositories = seedRepositories
        // snippet: oo-test-debounce
        var client = GithubAPIClientMock()
        client.fetch = { user in
            XCTAssertEqual(user, "apple")           // "app" is never requested
            return repositories
        }
        let clock = TestClock()
        let tester = ViewModelTester(GitHubRepositoryViewModel(client: client, clock: clock), clocks: [clock])

        await tester.send({ $0.userNameChanged("app") }) { $0.userName = "app" }
        await clock.advance(by: .milliseconds(200))
        await tester.send({ $0.userNameChanged("apple") }) { $0.userName = "apple" }
        await clock.advance(by: .milliseconds(300))
        await tester.receive { $0.isLoading = true }
        await tester.receive {
            $0.majorRepositories = Array(repositories[2...])
            $0.isLoading = false
        }
        await tester.finish()
        // end snippet
    }

    @MainActor
    static func observe(_ viewModel: GitHubRepositoryViewModel, print: @escaping @MainActor (String) -> Void) -> [ViewModelSubscription] {
        // snippet: oo-observe
        let spinner = viewModel.observe(\.isLoading) { isLoading in
            print(isLoading ? "loading…" : "done")
        }
        let screen = viewModel.observeChanges { [weak viewModel] in
            guard let viewModel else { return }
            print("\(viewModel.userName): \(viewModel.majorRepositories.count) major repositories")
        }
        // end snippet
        return [spinner, screen]
    }

    @MainActor
    static func printCounts(of viewModel: GitHubRepositoryViewModel, print: @escaping @MainActor (String) -> Void) async {
        // snippet: oo-values
        for await repositories in viewModel.values(of: \.majorRepositories) {
            print("\(repositories.count) major repositories")
        }
        // end snippet
    }
}

@MainActor
final class MigratingFromObservableObjectArticleTests: XCTestCase {
    private typealias Article = MigratingFromObservableObjectArticle
    private let seeds = MigratingFromObservableObjectArticle.seedRepositories

    // MARK: - The seed's test, on the tester

    func testTheSeedsTestPasses() async {
        await Article.testFetchMajorRepositories()
    }

    func testTheDebounceTestPasses() async {
        await Article.testSearchDebounce()
    }

    // MARK: - What the article says about the view model

    func testAFailedLoadSetsTheErrorAndKeepsTheList() async {
        var client = Article.GithubAPIClientMock()
        client.fetch = { [seeds] user in
            guard user == "apple" else { throw FetcherError.userNotFound(user) }
            return seeds
        }
        let viewModel = Article.GitHubRepositoryViewModel(client: client)
        await viewModel.load(user: "apple")
        await viewModel.load(user: "nobody")
        XCTAssertEqual(viewModel.error, .userNotFound("nobody"))
        XCTAssertEqual(viewModel.majorRepositories.map(\.name), ["ccc", "ddd", "eee"])
        XCTAssertFalse(viewModel.isLoading)
        await viewModel.load(user: "apple")
        XCTAssertNil(viewModel.error, "a new load clears the error")
    }

    func testANewLoadCancelsTheOneInFlight() async {
        let clock = TestClock()
        var client = Article.GithubAPIClientMock()
        client.fetch = { [seeds] user in
            if user == "slow" { try await clock.sleep(for: .seconds(10)) }
            return user == "slow" ? seeds : [seeds[4]]
        }
        let viewModel = Article.GitHubRepositoryViewModel(client: client)
        let slow = Task { await viewModel.load(user: "slow") }
        while clock.pendingSleepers.isEmpty { await Task.yield() }
        await viewModel.load(user: "fast")
        await slow.value
        await clock.advance(by: .seconds(10))
        XCTAssertEqual(viewModel.userName, "fast")
        XCTAssertEqual(viewModel.majorRepositories.map(\.name), ["eee"])
        XCTAssertFalse(viewModel.isLoading)
        XCTAssertNil(viewModel.error)
    }

    func testCancellingTheCallerCancelsTheLoad() async {
        let clock = TestClock()
        var client = Article.GithubAPIClientMock()
        client.fetch = { [seeds] _ in
            try await clock.sleep(for: .seconds(10))
            return seeds
        }
        let viewModel = Article.GitHubRepositoryViewModel(client: client)
        let caller = Task { await viewModel.load(user: "apple") }     // SwiftUI's .task
        while clock.pendingSleepers.isEmpty { await Task.yield() }
        caller.cancel()                                                // the view disappeared
        await caller.value
        XCTAssertTrue(viewModel.runningTaskIDs.isEmpty)
        XCTAssertTrue(clock.pendingSleepers.isEmpty)
        XCTAssertEqual(viewModel.majorRepositories, [])
    }

    func testDeinitCancelsADebouncedSearch() async {
        let clock = TestClock()
        var viewModel: Article.GitHubRepositoryViewModel? = Article.GitHubRepositoryViewModel(
            client: Article.GithubAPIClientMock(), clock: clock
        )
        viewModel?.userNameChanged("apple")
        while clock.pendingSleepers.isEmpty { await Task.yield() }
        viewModel = nil
        while !clock.pendingSleepers.isEmpty { await Task.yield() }
    }

    func testObservationSeesTheViewModel() async {
        var client = Article.GithubAPIClientMock()
        client.fetch = { [seeds] _ in seeds }
        let viewModel = Article.GitHubRepositoryViewModel(client: client)
        let changed = LockedLines()
        withObservationTracking {
            _ = viewModel.majorRepositories
        } onChange: {
            changed.append("majorRepositories will change")
        }
        await viewModel.load(user: "apple")
        XCTAssertEqual(changed.lines, ["majorRepositories will change"])
    }

    func testWritingAnEqualValueNotifiesNobody() async {
        var client = Article.GithubAPIClientMock()
        client.fetch = { [seeds] _ in seeds }
        let tester = ViewModelTester(Article.GitHubRepositoryViewModel(client: client))
        var changes = 0
        let subscription = tester.viewModel.observeChanges { changes += 1 }
        await tester.send({ $0.minimumStarsChanged(50) })           // the threshold it already has
        XCTAssertEqual(changes, 0)
        await tester.finish()
        _ = subscription
    }

    // MARK: - Observers

    func testTheObserversPrintEachChange() async {
        var client = Article.GithubAPIClientMock()
        client.fetch = { [seeds] _ in seeds }
        let viewModel = Article.GitHubRepositoryViewModel(client: client)
        var printed: [String] = []
        let subscriptions = Article.observe(viewModel) { printed.append($0) }
        await viewModel.load(user: "apple")
        XCTAssertEqual(printed, [
            "apple: 0 major repositories",              // userName
            "loading…",                                 // isLoading: the observe handler subscribed first, so it runs first
            "apple: 0 major repositories",
            "apple: 3 major repositories",              // majorRepositories
            "done",
            "apple: 3 major repositories",
        ])
        _ = subscriptions
    }

    func testReleasingTheSubscriptionsStopsThem() async {
        var client = Article.GithubAPIClientMock()
        client.fetch = { [seeds] _ in seeds }
        let viewModel = Article.GitHubRepositoryViewModel(client: client)
        var printed: [String] = []
        var subscriptions: [ViewModelSubscription]? = Article.observe(viewModel) { printed.append($0) }
        _ = subscriptions
        subscriptions = nil
        await viewModel.load(user: "apple")
        XCTAssertEqual(printed, [])
    }

    func testValuesStartWithTheCurrentValueAndEndWhenTheTaskIsCancelled() async {
        var client = Article.GithubAPIClientMock()
        client.fetch = { [seeds] _ in seeds }
        let viewModel = Article.GitHubRepositoryViewModel(client: client)
        let printed = LockedLines()
        let printer = Task {
            await Article.printCounts(of: viewModel) { printed.append($0) }
        }
        while printed.lines.isEmpty { await Task.yield() }
        await viewModel.load(user: "apple")
        while printed.lines.count < 2 { await Task.yield() }
        printer.cancel()
        await printer.value                           // the loop ends with the iterating task
        XCTAssertEqual(printed.lines, ["0 major repositories", "3 major repositories"])
    }

    // MARK: - The callback bridge

    /// A callback-only client that answers with `result` on another thread (twice if asked), or never.
    private struct CallbackClient: MigratingFromObservableObjectArticle.CallbackGithubAPIClient {
        var result: Result<[GitHubRepository], FetcherError>?
        var thenFailsWith: FetcherError?

        func fetchRepositories(user: String, completion: @escaping @Sendable ([GitHubRepository]?, (any Error)?) -> Void) {
            guard let result else { return }
            Thread.detachNewThread { [thenFailsWith] in
                switch result {
                case .success(let repositories): completion(repositories, nil)
                case .failure(let error): completion(nil, error)
                }
                if let thenFailsWith { completion(nil, thenFailsWith) }
            }
        }
    }

    func testTheFirstCallbackWins() async throws {
        let twice = Article.BridgedGithubAPIClient(base: CallbackClient(result: .success(seeds), thenFailsWith: .missingData))
        let repositories = try await twice.fetchRepositories(user: "apple")
        XCTAssertEqual(repositories, seeds)
    }

    func testTheBridgeReturnsWhatTheCallbackDelivers() async throws {
        let bridged = Article.BridgedGithubAPIClient(base: CallbackClient(result: .success(seeds)))
        let repositories = try await bridged.fetchRepositories(user: "apple")
        XCTAssertEqual(repositories, seeds)

        let failing = Article.BridgedGithubAPIClient(base: CallbackClient(result: .failure(.userNotFound("nobody"))))
        do {
            _ = try await failing.fetchRepositories(user: "nobody")
            XCTFail("expected an error")
        } catch {
            XCTAssertEqual(error as? FetcherError, .userNotFound("nobody"))
        }
    }

    func testABridgedCallbackThatNeverComesIsCancelled() async {
        let bridged = Article.BridgedGithubAPIClient(base: CallbackClient(result: nil))
        let viewModel = Article.GitHubRepositoryViewModel(client: bridged)
        let caller = Task { await viewModel.load(user: "apple") }
        while !viewModel.isLoading { await Task.yield() }
        await Task.yield()
        caller.cancel()
        await caller.value                             // returns: the bridge throws CancellationError
        XCTAssertTrue(viewModel.runningTaskIDs.isEmpty)
        XCTAssertNil(viewModel.error)
    }

    func testTheBridgedClientWorksInTheViewModel() async {
        let bridged = Article.BridgedGithubAPIClient(base: CallbackClient(result: .success(seeds)))
        let viewModel = Article.GitHubRepositoryViewModel(client: bridged)
        await viewModel.load(user: "apple")
        XCTAssertEqual(viewModel.majorRepositories.map(\.name), ["ccc", "ddd", "eee"])
    }
}
