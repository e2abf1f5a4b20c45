import ViewModelKitExampleGitHub
import GitHubRepositoriesTestSupport
import TestSupport
import ViewModelKit
import ViewModelKitTesting
import XCTest

/// The GitHub view models deinitialize while their tasks are in flight and observers are attached, and
/// an observer of a dead view model is inert.
@MainActor
final class GitHubLifetimeTests: XCTestCase {
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

    /// Yields until `condition` holds: the tasks being waited for run on the cooperative pool.
    private func waitUntil(_ condition: () -> Bool, _ message: String) async {
        if !(await yieldUntil(condition)) { XCTFail("never happened: \(message)") }
    }
}
