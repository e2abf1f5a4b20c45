import ViewModelKitExampleGitHub
import ViewModelKit
import ViewModelKitTesting
import Synchronization
import TestSupport
import XCTest
import Foundation

/// The GitHub feature, tested exhaustively: every state change and every task accounted for.
@MainActor
final class GitHubRepositoryViewModelTesterTests: XCTestCase {
    private let seeds = GitHubRepository.seedMocks
    private var majors: [GitHubRepository] { Array(seeds[2...]) }
    private let refreshed = Date(timeIntervalSince1970: 1_700_000_000)

    private func makeViewModel(_ client: any GithubAPIClientProtocol, clock: any Clock<Duration> = TestClock()) -> GitHubRepositoryViewModel {
        GitHubRepositoryViewModel(client: client, clock: clock, now: .constant(refreshed))
    }

    func testLoadShowsTheMajorRepositories() async {
        var client = GithubAPIClientMock()
        client.fetch = { [seeds] _ in seeds }
        let tester = ViewModelTester(makeViewModel(client))

        await tester.send({ $0.load(user: "apple") { _ in } }) {
            $0.userName = "apple"
            $0.isLoading = true
        }
        await tester.receive {
            $0.repositories = self.seeds
            $0.majorRepositories = self.majors
            $0.lastRefreshed = self.refreshed
            $0.isLoading = false
        }
        await tester.finish()
    }

    func testAwaitedLoadIsOneIntent() async {
        var client = GithubAPIClientMock()
        client.fetch = { [seeds] _ in seeds }
        let tester = ViewModelTester(makeViewModel(client))

        await tester.send({ try await $0.load(user: "apple") }) {
            $0.userName = "apple"
            $0.repositories = self.seeds
            $0.majorRepositories = self.majors
            $0.lastRefreshed = self.refreshed
        }
        await tester.send({ $0.minimumStarsChanged(52) }) {
            $0.minimumStars = 52
            $0.majorRepositories = [self.seeds[4]]
        }
        await tester.finish()
    }

    // MARK: - Loaded as the document's view loads it: `.task` and `.refreshable` await `load(user:)`

    func testTaskLoadReturnsWhileTheRequestIsOut_andTheAnswerIsReceived() async {
        let client = ControlledGithubAPIClient()
        let tester = ViewModelTester(makeViewModel(client))

        // `.task { try? await viewModel.load(user: "apple") }`
        let load = await tester.send({ try? await $0.load(user: "apple") }) {
            $0.userName = "apple"
            $0.isLoading = true
        }
        await client.waitForRequest(user: "apple")
        client.respond(user: "apple", with: .success(seeds))
        await tester.receive {
            $0.repositories = self.seeds
            $0.majorRepositories = self.majors
            $0.lastRefreshed = self.refreshed
            $0.isLoading = false
        }
        await load.finish()
        XCTAssertFalse(load.isRunning)
        await tester.finish()
    }

    func testLeavingTheScreenCancelsTheTaskLoad_andStopsTheSpinner() async {
        // The project's double answers through `ScriptedAnswers`, and a cancelled call stops waiting,
        // as a live request does.
        let answers = ScriptedAnswers()
        let tester = ViewModelTester(makeViewModel(GitHubClientDouble(answers: answers)))

        let load = await tester.send({ try? await $0.load(user: "apple") }) {
            $0.userName = "apple"
            $0.isLoading = true
        }
        // The view disappears: SwiftUI cancels its `.task`, which cancels the load it awaits.
        await load.cancel()
        await tester.receive { $0.isLoading = false }
        await tester.finish()
    }

    func testPullToRefreshReloadsTheSameUser() async {
        let client = ControlledGithubAPIClient()
        let tester = ViewModelTester(makeViewModel(client))
        let newer = [GitHubRepository(id: 9, name: "new", stargazersCount: 100)]

        await tester.send({ try? await $0.load(user: "apple") }) {
            $0.userName = "apple"
            $0.isLoading = true
        }
        await client.waitForRequest(user: "apple")
        client.respond(user: "apple", with: .success(seeds))
        await tester.receive {
            $0.repositories = self.seeds
            $0.majorRepositories = self.majors
            $0.lastRefreshed = self.refreshed
            $0.isLoading = false
        }

        // `.refreshable { try? await viewModel.refresh() }`
        let refresh = await tester.send({ try? await $0.refresh() }) { $0.isLoading = true }
        await client.waitForRequest(user: "apple")
        client.respond(user: "apple", with: .success(newer))
        await tester.receive {
            $0.repositories = newer
            $0.majorRepositories = newer
            $0.isLoading = false
        }
        await refresh.finish()
        await tester.finish()
    }

    func testFailureShowsTheErrorAndKeepsTheList() async {
        let client = ControlledGithubAPIClient()
        let tester = ViewModelTester(makeViewModel(client))

        await tester.send({ $0.load(user: "apple") { _ in } }) {
            $0.userName = "apple"
            $0.isLoading = true
        }
        await client.waitForRequest(user: "apple")
        client.respond(user: "apple", with: .success(seeds))
        await tester.receive {
            $0.repositories = self.seeds
            $0.majorRepositories = self.majors
            $0.lastRefreshed = self.refreshed
            $0.isLoading = false
        }

        await tester.send({ $0.load(user: "nobody") { _ in } }) {
            $0.userName = "nobody"
            $0.isLoading = true
        }
        await client.waitForRequest(user: "nobody")
        client.respond(user: "nobody", with: .failure(FetcherError.userNotFound("nobody")))
        await tester.receive {
            $0.isLoading = false
            $0.error = .userNotFound("nobody")
        }
        await tester.finish()
    }

    func testANewerLoadWinsOverALateOne() async {
        let client = ControlledGithubAPIClient()
        let tester = ViewModelTester(makeViewModel(client))
        let newRepositories = [GitHubRepository(id: 9, name: "new", stargazersCount: 100)]

        await tester.send({ $0.load(user: "old") { _ in } }) {
            $0.userName = "old"
            $0.isLoading = true
        }
        await client.waitForRequest(user: "old")
        await tester.send({ $0.load(user: "new") { _ in } }) {
            $0.userName = "new"
        }
        await client.waitForRequest(user: "new")
        client.respond(user: "new", with: .success(newRepositories))
        await tester.receive {
            $0.repositories = newRepositories
            $0.majorRepositories = newRepositories
            $0.lastRefreshed = self.refreshed
            $0.isLoading = false
        }
        // The old answer arrives last and changes nothing: finish() would fail on any change.
        client.respond(user: "old", with: .success(seeds))
        await tester.finish()
    }

    func testALateFailureOfAReplacedLoadIsIgnored() async {
        let client = ControlledGithubAPIClient()
        let tester = ViewModelTester(makeViewModel(client))
        await tester.send({ $0.load(user: "old") { _ in } }) {
            $0.userName = "old"
            $0.isLoading = true
        }
        await client.waitForRequest(user: "old")
        await tester.send({ $0.load(user: "new") { _ in } }) { $0.userName = "new" }
        await client.waitForRequest(user: "new")
        client.respond(user: "old", with: .failure(FetcherError.badCode(500)))
        client.respond(user: "new", with: .success([]))
        await tester.receive {
            $0.repositories = []
            $0.majorRepositories = []
            $0.lastRefreshed = self.refreshed
            $0.isLoading = false
        }
        await tester.finish()
    }

    // MARK: - Debounced search (seed 004)

    func testTypingQuicklyMakesExactlyOneRequestAfterThePause() async {
        let clock = TestClock()
        let requests = RequestLog()
        var client = GithubAPIClientMock()
        client.fetch = { [seeds] user in
            requests.append(user)
            return seeds
        }
        let tester = ViewModelTester(makeViewModel(client, clock: clock), clocks: [clock])

        for text in ["a", "ap", "app", "apple"] {
            await tester.send({ $0.userNameChanged(text) }) { $0.userName = text }
            await clock.advance(by: .milliseconds(100))
        }
        XCTAssertEqual(requests.users, [], "nothing is requested while typing")
        await clock.advance(by: .milliseconds(200))
        await tester.receive { $0.isLoading = true }
        await tester.receive {
            $0.repositories = self.seeds
            $0.majorRepositories = self.majors
            $0.lastRefreshed = self.refreshed
            $0.isLoading = false
        }
        XCTAssertEqual(requests.users, ["apple"])
        await tester.finish()
    }

    func testTypingCancelsTheLoadInFlight() async {
        let clock = TestClock()
        let client = ControlledGithubAPIClient()
        let tester = ViewModelTester(makeViewModel(client, clock: clock), clocks: [clock])

        await tester.send({ $0.userNameChanged("app") }) { $0.userName = "app" }
        await clock.advance(by: GitHubRepositoryViewModel.searchDebounce)
        await tester.receive { $0.isLoading = true }
        await client.waitForRequest(user: "app")

        await tester.send({ $0.userNameChanged("apple") }) {
            $0.userName = "apple"
            $0.isLoading = false
        }
        client.respond(user: "app", with: .success(seeds))   // late: dropped
        await clock.advance(by: GitHubRepositoryViewModel.searchDebounce)
        await tester.receive { $0.isLoading = true }
        await client.waitForRequest(user: "apple")
        client.respond(user: "apple", with: .success([]))
        await tester.receive {
            $0.repositories = []
            $0.majorRepositories = []
            $0.lastRefreshed = self.refreshed
            $0.isLoading = false
        }
        await tester.finish()
    }

    func testClearingTheFieldCancelsThePendingLoad() async {
        let clock = TestClock()
        let tester = ViewModelTester(makeViewModel(GithubAPIClientMock(), clock: clock), clocks: [clock])
        await tester.send({ $0.userNameChanged("a") }) { $0.userName = "a" }
        await tester.send({ $0.userNameChanged("") }) { $0.userName = "" }
        await clock.advance(by: .seconds(1))
        // The unimplemented mock would fail the test if the load had gone out.
        await tester.finish()
    }

    func testAnInvalidUserNameNeverReachesTheClient() async {
        // The mock is unimplemented: any call would fail the test. The fixture client validates first.
        let tester = ViewModelTester(makeViewModel(FixtureGithubAPIClient(directory: TestPaths.fixtures)))
        await tester.send({ try? await $0.load(user: "../etc") }) {
            $0.userName = "../etc"
            $0.error = .invalidUserName("../etc", reason: .invalidCharacter("."))
        }
        await tester.finish()
    }

    func testFixtureUserWithNoMajorRepository() async {
        let tester = ViewModelTester(
            makeViewModel(FixtureGithubAPIClient(directory: TestPaths.fixtures)),
            exhaustivity: .off
        )
        await tester.send({ try await $0.load(user: "jacquev6") }) {
            $0.majorRepositories = []
        }
        XCTAssertEqual(tester.viewModel.repositories?.count, 10)
        await tester.finish()
    }
}

/// Records the users a mock was asked for.
private final class RequestLog: Sendable {
    private let storage = Mutex<[String]>([])
    func append(_ user: String) { storage.withLock { $0.append(user) } }
    var users: [String] { storage.withLock { $0 } }
}
