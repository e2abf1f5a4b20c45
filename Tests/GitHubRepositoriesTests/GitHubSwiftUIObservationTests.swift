import Observation
import ViewModelKitExampleGitHub
import ViewModelKitTesting
import Synchronization
import XCTest

/// The GitHub feature's view models report their changes to Swift's Observation, so the SwiftUI views
/// in `Examples/` re-render when they change (a plain `ViewModel` would be accepted by SwiftUI and
/// never tell it anything).
@MainActor
final class GitHubSwiftUIObservationTests: XCTestCase {
    /// Whether `change` calls the `onChange` of a tracking that read `read`.
    private func tells(_ read: () -> Void, when change: () -> Void) -> Bool {
        let told = Told()
        withObservationTracking(read) { told.mark() }
        change()
        return told.value
    }

    func testTheListTellsObservationOfItsThreshold() async {
        var client = GithubAPIClientMock()
        client.fetch = { _ in [] }
        let list = GitHubRepositoryViewModel(client: client, clock: TestClock(), now: .constant(Date(timeIntervalSince1970: 0)))
        XCTAssertTrue(tells({ _ = list.minimumStars }, when: { list.minimumStarsChanged(500) }))
    }

    func testTheNavigationTellsObservationOfItsPathAndItsDetailOfItself() async {
        var client = GithubAPIClientMock()
        client.fetchDetail = { owner, name in
            GitHubRepositoryDetail(id: 1, name: name, owner: owner, stargazersCount: 1, forksCount: 0, language: nil)
        }
        let navigation = GitHubNavigationViewModel(client: client, clock: TestClock(), now: .constant(Date(timeIntervalSince1970: 0)))
        XCTAssertTrue(tells({ _ = navigation.path }, when: { navigation.push(.repository(owner: "apple", name: "swift")) }))
        guard case .repository(let detail)? = navigation.path.first else { return XCTFail("no detail was pushed: \(navigation.path)") }
        // The push started the detail's load; its answer lands after a hop to the main actor.
        let told = Told()
        withObservationTracking { _ = detail.repository } onChange: { told.mark() }
        for _ in 0..<1_000 where detail.repository == nil { await Task.yield() }
        XCTAssertNotNil(detail.repository)
        XCTAssertTrue(told.value)
        navigation.popToRoot()
    }
}

/// Whether an `onChange` ran.
private final class Told: Sendable {
    private let told = Mutex(false)
    var value: Bool { told.withLock { $0 } }
    func mark() { told.withLock { $0 = true } }
}
