import Counter
import GitHubRepositories
import Synchronization
import TerminalScreens
import ViewModelKit
import ViewModelKitTesting
import XCTest

/// Every view model deinitializes while its tasks are in flight and observers are attached; an
/// observer of a dead view model is inert; a callback client that never calls back is cancelled, not
/// left hanging.
@MainActor
final class LifetimeTests: XCTestCase {
    /// A callback-style API that never calls back. It keeps every `resume` it was given, so a test
    /// can call one late, and counts how the awaiting calls ended.
    final class SilentCallbackService: Sendable {
        private let state = Mutex<(resumes: [@Sendable (Result<Void, any Error>) -> Void], started: Int, cancelled: Int, other: Int)>(([], 0, 0, 0))

        /// Starts a request that never answers; throws `CancellationError` once the caller is cancelled.
        func request() async throws {
            do {
                try await withCallback { resume in
                    state.withLock {
                        $0.resumes.append(resume)
                        $0.started += 1
                    }
                }
            } catch is CancellationError {
                state.withLock { $0.cancelled += 1 }
                throw CancellationError()
            } catch {
                state.withLock { $0.other += 1 }
                throw error
            }
        }

        var started: Int { state.withLock { $0.started } }
        var cancelled: Int { state.withLock { $0.cancelled } }
        var other: Int { state.withLock { $0.other } }

        /// Calls every kept `resume` now, as a late answer would, then forgets them.
        func answerLate() {
            let resumes = state.withLock { state in
                defer { state.resumes = [] }
                return state.resumes
            }
            for resume in resumes { resume(.success(())) }
        }
    }

    struct SilentGitHub: GitHubClientProtocol {
        let service: SilentCallbackService
        func fetchRepositories(user: String) async throws -> [GitHubRepository] {
            try await service.request()
            return []
        }
        func fetchRepository(owner: String, name: String) async throws -> GitHubRepositoryDetail {
            try await service.request()
            throw FetcherError.repositoryNotFound("\(owner)/\(name)")
        }
    }

    struct SilentNumbers: NumberFactClientProtocol {
        let service: SilentCallbackService
        func fetchFact(number: Int) async throws -> String {
            try await service.request()
            return ""
        }
    }

    /// Yields until `condition` holds: the tasks being waited for run on the cooperative pool.
    private func waitUntil(_ condition: () -> Bool, _ message: String) async {
        var turns = 0
        while !condition() {
            turns += 1
            if turns > 1_000_000 { return XCTFail("never happened: \(message)") }
            await Task.yield()
        }
    }

    func testTheRepositoriesViewModelDeinitializesMidLoadWithObserversAttached() async {
        let service = SilentCallbackService()
        let clock = TestClock()
        var viewModel: GitHubRepositoryViewModel? = GitHubRepositoryViewModel(client: SilentGitHub(service: service), clock: clock)
        weak let weakViewModel = viewModel
        var calls = 0
        let subscriptions = [
            viewModel?.observe(\.isLoading) { _ in calls += 1 },
            viewModel?.observeChanges { calls += 1 },
        ]
        let stream = viewModel?.values(of: \.repositories)
        viewModel?.load(user: "apple") { _ in }
        await waitUntil({ service.started == 1 }, "the request started")
        viewModel = nil
        XCTAssertNil(weakViewModel, "deinitialized with a load in flight and observers attached")
        await waitUntil({ service.cancelled == 1 }, "the silent request was cancelled")

        // The observers are inert: nothing calls them, and ending them is harmless.
        let before = calls
        service.answerLate()
        for subscription in subscriptions { subscription?.cancel() }
        XCTAssertEqual(calls, before)
        XCTAssertEqual(service.other, 0, "the late answer was ignored, not delivered twice")
        // The values stream ends with the view model.
        var received = 0
        if let stream { for await _ in stream { received += 1 } }
        XCTAssertLessThanOrEqual(received, 1, "at most the value it started with")
    }

    func testTheRepositoriesViewModelDeinitializesWithADebouncedSearchPending() async {
        let service = SilentCallbackService()
        let clock = TestClock()
        var viewModel: GitHubRepositoryViewModel? = GitHubRepositoryViewModel(client: SilentGitHub(service: service), clock: clock)
        weak let weakViewModel = viewModel
        let subscription = viewModel?.observe(\.userName) { _ in }
        viewModel?.userNameChanged("app")
        await waitUntil({ !clock.pendingSleepers.isEmpty }, "the debounce sleeps")
        viewModel = nil
        XCTAssertNil(weakViewModel)
        await waitUntil({ clock.pendingSleepers.isEmpty }, "the debounce sleep was cancelled")
        await clock.advance(by: .seconds(1))
        XCTAssertEqual(service.started, 0, "no request after the view model is gone")
        subscription?.cancel()
    }

    func testTheCounterDeinitializesWithAFactAndTheTimerRunning() async {
        let service = SilentCallbackService()
        let clock = TestClock()
        var counter: CounterViewModel? = CounterViewModel(client: SilentNumbers(service: service), clock: clock)
        weak let weakCounter = counter
        var counts: [Int] = []
        let subscription = counter?.observe(\.count) { counts.append($0) }
        counter?.toggleTimerButtonTapped()
        counter?.factButtonTapped()
        await waitUntil({ service.started == 1 && !clock.pendingSleepers.isEmpty }, "fact and timer in flight")
        counter = nil
        XCTAssertNil(weakCounter)
        await waitUntil({ service.cancelled == 1 && clock.pendingSleepers.isEmpty }, "both tasks ended")
        await clock.advance(by: .seconds(5))
        service.answerLate()
        XCTAssertEqual(counts, [], "no tick reached the dead counter's observer")
        subscription?.cancel()
    }

    func testTheBrowserAndSpinnerDeinitializeWhileLoadingAndSpinning() async {
        let service = SilentCallbackService()
        let clock = TestClock()
        var browser: ReposBrowser? = ReposBrowser(
            navigation: GitHubNavigationViewModel(client: SilentGitHub(service: service), clock: clock), initialUser: "apple"
        )
        var repositories: GitHubRepositoryViewModel? = browser?.navigation.root
        var spinner: SpinnerDriver? = SpinnerDriver(clock: clock, interval: .milliseconds(100))
        weak let weakRepositories = repositories
        weak let weakBrowser = browser
        weak let weakSpinner = spinner
        var renders = 0
        let subscriptions = [
            browser?.observeChanges { renders += 1 },
            spinner?.observeChanges { renders += 1 },
            repositories?.observe(\.isLoading) { [weak spinner] in spinner?.setSpinning($0) },
        ]
        spinner?.setSpinning(true)
        browser?.navigation.push(.repository(owner: "apple", name: "swift"))   // a detail loading too
        await waitUntil({ service.started == 2 && !clock.pendingSleepers.isEmpty }, "loading and spinning")
        repositories = nil
        XCTAssertNotNil(weakRepositories, "the browser holds the repositories")
        browser = nil
        spinner = nil
        XCTAssertNil(weakBrowser)
        XCTAssertNil(weakSpinner)
        XCTAssertNil(weakRepositories)
        await waitUntil({ service.cancelled == 2 && clock.pendingSleepers.isEmpty }, "loads and spinner ended")
        let before = renders
        await clock.advance(by: .seconds(1))
        XCTAssertEqual(renders, before)
        for subscription in subscriptions { subscription?.cancel() }
    }

    func testWithCallbackThatNeverCallsBackEndsWhenItsTaskIsCancelled() async {
        let service = SilentCallbackService()
        let task = Task { try await service.request() }
        await waitUntil({ service.started == 1 }, "started")
        task.cancel()
        let result = await task.result
        XCTAssertThrowsError(try result.get()) { XCTAssertTrue($0 is CancellationError) }
        service.answerLate()
        XCTAssertEqual(service.cancelled, 1)
        XCTAssertEqual(service.other, 0)

        // Cancelled before it starts: the callback API is never even called.
        let early = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            try await service.request()
        }
        let earlyResult = await early.result
        XCTAssertThrowsError(try earlyResult.get())
        XCTAssertEqual(service.started, 1, "a cancelled caller starts no request")
    }
}
