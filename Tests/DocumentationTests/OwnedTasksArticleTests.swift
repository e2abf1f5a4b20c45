import Synchronization
import TestSupport
import ViewModelKit
import ViewModelKitTesting
import XCTest

// The code of the article "Owned tasks and cancellation" (OwnedTasks.md).

enum OwnedTasksArticle {
    // snippet: owned-tasks-search
    protocol SearchClient: Sendable {
        func search(_ query: String) async throws -> [String]
    }

    @MainActor
    final class SearchViewModel: ViewModel {
        @Observed private(set) var results: [String] = []
        @Observed private(set) var isSearching = false
        private let client: any SearchClient

        init(client: any SearchClient) { self.client = client }

        func queryChanged(_ query: String) {
            isSearching = true
            task(id: "search") { [weak self, client] in
                let results = (try? await client.search(query)) ?? []
                guard !Task.isCancelled else { return }   // a newer query started meanwhile
                self?.results = results
                self?.isSearching = false
            }
        }

        func cancelButtonTapped() {
            cancelTask(id: "search")
            isSearching = false
        }
    }
    // end snippet

    // snippet: owned-tasks-cleanup
    protocol ProfileClient: Sendable {
        func profile() async throws -> String
    }

    @MainActor
    final class ProfileViewModel: ViewModel {
        @Observed private(set) var isLoading = false
        @Observed private(set) var profile: String?
        private let client: any ProfileClient

        init(client: any ProfileClient) { self.client = client }

        func loadButtonTapped() {
            isLoading = true
            task(id: "load") { [weak self, client] in
                defer { self?.isLoading = false }         // however the load ends, cancelled too
                self?.profile = try await client.profile()
            }
        }

        func cancelButtonTapped() {
            cancelTask(id: "load")
        }
    }
    // end snippet

    // snippet: owned-tasks-favorites
    protocol FavoritesClient: Sendable {
        func save(_ name: String) async throws
    }

    @MainActor
    final class FavoritesViewModel: ViewModel {
        @Observed private(set) var favorites: [String] = []
        private let client: any FavoritesClient

        init(client: any FavoritesClient) { self.client = client }

        func favoriteButtonTapped(_ name: String) {
            favorites.append(name)
            task(id: "save", cancelInFlight: false) { [client] in   // every save runs to its end
                try await client.save(name)
            }
        }
    }
    // end snippet

    @MainActor
    static func favorite(_ viewModel: FavoritesViewModel) -> ([AnyHashable], Bool) {
        // snippet: owned-tasks-running
        viewModel.favoriteButtonTapped("swift")
        viewModel.favoriteButtonTapped("swift-nio")
        let ids = viewModel.runningTaskIDs              // ["save", "save"], oldest first
        let running = viewModel.isTaskRunning(id: "save")   // true
        // end snippet
        return (ids, running)
    }

    // snippet: owned-tasks-with-callback
    /// The search service's SDK, which reports through a completion handler.
    protocol SearchService: Sendable {
        func search(_ query: String, completion: @escaping @Sendable (Result<[String], any Error>) -> Void)
    }

    struct LiveSearchClient: SearchClient {
        let service: any SearchService

        func search(_ query: String) async throws -> [String] {
            try await withCallback { resume in
                service.search(query) { result in resume(result) }
            }
        }
    }
    // end snippet

    // snippet: owned-tasks-deliver
    /// The client for callers written with completion handlers.
    struct CompletionSearchClient {
        let client: any SearchClient

        @MainActor
        func search(_ query: String, completion: @escaping @MainActor ([String]?, (any Error)?) -> Void) {
            deliver({ [client] in try await client.search(query) }, to: completion)
        }
    }
    // end snippet

    // snippet: owned-tasks-timer
    @MainActor
    final class StopwatchViewModel: ViewModel {
        @Observed private(set) var seconds = 0
        private let clock: any Clock<Duration>

        init(clock: any Clock<Duration>) { self.clock = clock }

        func startButtonTapped() {
            task(id: "tick") { [weak self, clock] in
                try await repeatEvery(.seconds(1), on: clock) {
                    self?.seconds += 1
                }
            }
        }

        func stopButtonTapped() { cancelTask(id: "tick") }
    }
    // end snippet
}

/// A profile client that never answers: only a cancellation ends its call.
struct SilentProfileClient: OwnedTasksArticle.ProfileClient {
    func profile() async throws -> String {
        try await withCallback { _ in }
    }
}

/// A search client whose answers the test gives, in any order.
private final class ControlledSearchClient: OwnedTasksArticle.SearchClient {
    /// Whether a request ends when its task is cancelled (like `URLSession`) or goes on and answers
    /// late (like a client that ignores cancellation).
    let endsWhenCancelled: Bool
    private let pending = Mutex<[String: @Sendable (Result<[String], any Error>) -> Void]>([:])
    private let ended = Mutex<[String]>([])

    init(endsWhenCancelled: Bool) { self.endsWhenCancelled = endsWhenCancelled }

    func search(_ query: String) async throws -> [String] {
        defer { ended.withLock { $0.append(query) } }
        if endsWhenCancelled {
            return try await withCallback { resume in pending.withLock { $0[query] = resume } }
        }
        return try await withCheckedThrowingContinuation { continuation in
            pending.withLock { $0[query] = { continuation.resume(with: $0) } }
        }
    }

    /// The queries waiting for an answer.
    var waiting: Set<String> { pending.withLock { Set($0.keys) } }
    /// The queries whose request returned or threw, in order.
    var endedQueries: [String] { ended.withLock { $0 } }

    func answer(_ query: String, with results: [String]) {
        let resume = pending.withLock { $0.removeValue(forKey: query) }
        resume?(.success(results))
    }
}

private struct SilentFavoritesClient: OwnedTasksArticle.FavoritesClient {
    let service: SilentCallbackService
    func save(_ name: String) async throws { try await service.request() }
}

/// An SDK that answers on a thread of its own.
private struct BackgroundSearchService: OwnedTasksArticle.SearchService {
    func search(_ query: String, completion: @escaping @Sendable (Result<[String], any Error>) -> Void) {
        Thread.detachNewThread { completion(.success(["\(query)-result"])) }
    }
}

@MainActor
final class OwnedTasksArticleTests: XCTestCase {
    typealias SearchViewModel = OwnedTasksArticle.SearchViewModel

    func testALateAnswerNeverOverwritesANewerOne() async {
        let client = ControlledSearchClient(endsWhenCancelled: false)
        let viewModel = SearchViewModel(client: client)
        viewModel.queryChanged("sw")
        viewModel.queryChanged("swift")
        XCTAssertEqual(viewModel.runningTaskIDs, ["search"], "the second query cancelled the first")
        let bothAsked = await yieldUntil { client.waiting == ["sw", "swift"] }
        XCTAssertTrue(bothAsked)
        client.answer("swift", with: ["swift", "swift-nio"])
        let answered = await yieldUntil { viewModel.results == ["swift", "swift-nio"] }
        XCTAssertTrue(answered)
        XCTAssertFalse(viewModel.isSearching)
        client.answer("sw", with: ["swc", "swig"])   // the late answer to the cancelled query
        let lateReturned = await yieldUntil { client.endedQueries == ["swift", "sw"] }
        XCTAssertTrue(lateReturned)
        for _ in 0..<100 { await Task.yield() }
        XCTAssertEqual(viewModel.results, ["swift", "swift-nio"], "the late answer was dropped")
    }

    func testCancelButtonStopsTheSearch() async {
        let client = ControlledSearchClient(endsWhenCancelled: true)
        let tester = ViewModelTester(SearchViewModel(client: client))
        await tester.send({ $0.queryChanged("swift") }) { $0.isSearching = true }
        XCTAssertTrue(tester.viewModel.isTaskRunning(id: "search"))
        await tester.send({ $0.cancelButtonTapped() }) { $0.isSearching = false }
        XCTAssertFalse(tester.viewModel.isTaskRunning(id: "search"))
        XCTAssertEqual(tester.viewModel.runningTaskIDs, [])
        let ended = await yieldUntil { client.endedQueries == ["swift"] }
        XCTAssertTrue(ended, "the request saw the cancellation")
        await tester.finish()
    }

    func testEverySaveRunsWithoutCancelInFlight() async {
        let service = SilentCallbackService()
        let viewModel = OwnedTasksArticle.FavoritesViewModel(client: SilentFavoritesClient(service: service))
        let (ids, running) = OwnedTasksArticle.favorite(viewModel)
        XCTAssertEqual(ids, ["save", "save"])
        XCTAssertTrue(running)
        XCTAssertEqual(viewModel.favorites, ["swift", "swift-nio"])
        let started = await yieldUntil { service.started == 2 }
        XCTAssertTrue(started)
        XCTAssertEqual(service.cancelled, 0, "neither save was cancelled")
        viewModel.cancelTask(id: "save")
        XCTAssertEqual(viewModel.runningTaskIDs, [], "cancelTask(id:) cancels every task under the id")
        let cancelled = await yieldUntil { service.cancelled == 2 }
        XCTAssertTrue(cancelled)
    }

    func testCancelAllTasksAndTheReturnedTask() async throws {
        let service = SilentCallbackService()
        let viewModel = OwnedTasksArticle.FavoritesViewModel(client: SilentFavoritesClient(service: service))
        let answer = try await viewModel.task(id: "answer") { 42 }.value
        XCTAssertEqual(answer, 42, "the returned task gives the operation's value")
        viewModel.favoriteButtonTapped("swift")
        viewModel.task(id: "other") { try await service.request() }
        XCTAssertEqual(viewModel.runningTaskIDs, ["save", "other"])
        viewModel.cancelAllTasks()
        XCTAssertEqual(viewModel.runningTaskIDs, [])
        let cancelled = await yieldUntil { service.cancelled == 2 }
        XCTAssertTrue(cancelled)
    }

    func testDeinitCancelsEveryTask() async {
        let service = SilentCallbackService()
        var viewModel: OwnedTasksArticle.FavoritesViewModel? = .init(client: SilentFavoritesClient(service: service))
        weak let weakViewModel = viewModel
        viewModel?.favoriteButtonTapped("swift")
        let started = await yieldUntil { service.started == 1 }
        XCTAssertTrue(started)
        viewModel = nil
        XCTAssertNil(weakViewModel, "the task does not keep the view model alive")
        let cancelled = await yieldUntil { service.cancelled == 1 }
        XCTAssertTrue(cancelled, "deinit cancelled the save")
    }

    func testWithCallbackBridgesACompletionHandler() async throws {
        let client = OwnedTasksArticle.LiveSearchClient(service: BackgroundSearchService())
        let results = try await client.search("swift")
        XCTAssertEqual(results, ["swift-result"])
    }

    func testWithCallbackThrowsAtOnceWhenCancelled() async {
        let service = SilentCallbackService()
        let task = Task { try await service.request() }
        let started = await yieldUntil { service.started == 1 }
        XCTAssertTrue(started)
        task.cancel()
        let result = await task.result
        XCTAssertThrowsError(try result.get()) { XCTAssertTrue($0 is CancellationError) }
        service.answerLate()
        XCTAssertEqual(service.other, 0, "the late callback is ignored")
    }

    func testDeliverCallsTheCompletionOnTheMainActor() async {
        let client = ControlledSearchClient(endsWhenCancelled: true)
        var delivered: [String]?
        var failure: (any Error)?
        var calls = 0
        OwnedTasksArticle.CompletionSearchClient(client: client).search("swift") { results, error in
            MainActor.assertIsolated()
            delivered = results
            failure = error
            calls += 1
        }
        let asked = await yieldUntil { client.waiting == ["swift"] }
        XCTAssertTrue(asked)
        client.answer("swift", with: ["swift"])
        let done = await yieldUntil { calls == 1 }
        XCTAssertTrue(done)
        XCTAssertEqual(delivered, ["swift"])
        XCTAssertNil(failure)
    }

    func testTheStopwatchTicksOnTheInjectedClock() async {
        let clock = TestClock()
        let tester = ViewModelTester(OwnedTasksArticle.StopwatchViewModel(clock: clock), clocks: [clock])
        await tester.send({ $0.startButtonTapped() })
        await clock.advance(by: .seconds(1))
        await tester.receive { $0.seconds = 1 }
        await clock.advance(by: .seconds(1))
        await tester.receive { $0.seconds = 2 }
        await tester.send({ $0.stopButtonTapped() })
        await clock.advance(by: .seconds(5))
        await tester.finish()
    }

    func testTheCleanupOfACancelledLoadIsReceived() async {
        let reporter = RecordingIssueReporter()
        let tester = ViewModelTester(OwnedTasksArticle.ProfileViewModel(client: SilentProfileClient()), reporter: reporter)
        await tester.send({ $0.loadButtonTapped() }) { $0.isLoading = true }
        XCTAssertEqual(tester.viewModel.runningTaskIDs, ["load"])
        await tester.send({ $0.cancelButtonTapped() })
        XCTAssertEqual(tester.viewModel.runningTaskIDs, [], "a cancelled task leaves the list at once")
        await tester.receive { $0.isLoading = false }
        await tester.finish()
        XCTAssertEqual(reporter.messages, [])
    }

    func testAForgottenTimerFailsTheTest() async {
        let clock = TestClock()
        let reporter = RecordingIssueReporter()
        let tester = ViewModelTester(OwnedTasksArticle.StopwatchViewModel(clock: clock), clocks: [clock], reporter: reporter)
        await tester.send({ $0.startButtonTapped() })
        await tester.finish(timeout: .milliseconds(1))
        XCTAssertTrue(reporter.messages.contains("""
            A task is still running at the end of the test: id "tick", started by startButtonTapped().

            Cancel it (for example by sending the intent that stops it) or let it finish before the test ends.
            """), reporter.messages.joined(separator: "\n"))
        tester.viewModel.stopButtonTapped()
    }
}
