import ViewModelKitExampleGitHub
import GitHubRepositoriesTestSupport
import TerminalScreens
import TestSupport
import ViewModelKit
import ViewModelKitTesting
import XCTest

/// The front ends' own view models deinitialize while loading and spinning.
@MainActor
final class LifetimeTests: XCTestCase {
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

    /// Yields until `condition` holds: the tasks being waited for run on the cooperative pool.
    private func waitUntil(_ condition: () -> Bool, _ message: String) async {
        if !(await yieldUntil(condition)) { XCTFail("never happened: \(message)") }
    }
}
