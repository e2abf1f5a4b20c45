import ViewModelKitExampleGitHub
import ViewModelKit
import XCTest

/// The search pause of `GitHubRepositoryViewModel.userNameChanged(_:)` when typing goes on just as it ends.
@MainActor
final class SearchPauseCancellationTests: XCTestCase {
    /// A clock whose sleeps end at once, with the sleeping task cancelled: newer typing that came as
    /// the pause was ending.
    private struct CancelledAfterSleepClock: Clock {
        var now: ContinuousClock.Instant { ContinuousClock().now }
        var minimumResolution: Duration { .zero }
        func sleep(until deadline: ContinuousClock.Instant, tolerance: Duration?) async throws {
            withUnsafeCurrentTask { $0?.cancel() }
        }
    }

    func testAPauseCancelledAsItEndsShowsNoSpinner() async {
        let list = GitHubRepositoryViewModel(client: MockGithubAPIClient(repositories: []), clock: CancelledAfterSleepClock())
        var shown: [Bool] = []
        let subscription = list.observe(\.isLoading) { shown.append($0) }
        list.userNameChanged("apple")
        while !list.runningTaskIDs.isEmpty { await Task.yield() }
        withExtendedLifetime(subscription) {}
        XCTAssertFalse(shown.contains(true), "\(shown)")
    }
}
