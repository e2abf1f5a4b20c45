import ViewModelKit
import ViewModelKitTesting
import XCTest

/// The article "Composition and navigation" says a test of a child alone receives the child's events
/// through the tester: its detail screen, whose `Event` is not `Equatable`, tested so.
@MainActor
final class CompositionAndNavigationArticleEventTests: XCTestCase {
    typealias RepositoryDetailViewModel = CompositionAndNavigationArticle.RepositoryDetailViewModel

    func testTheDetailAloneSendsItsOwnerTapped() async {
        let tester = ViewModelTester(RepositoryDetailViewModel(name: "apple/swift", client: CompositionAndNavigationArticle.StarsClient()))
        await tester.send({ $0.ownerTapped() })
        await tester.receive(\.delegate, .ownerTapped("apple"))
        await tester.send({ $0.ownerTapped() })
        let owner = await tester.receive(\.delegate, case: RepositoryDetailViewModel.Event.ownerTapped)
        XCTAssertEqual(owner, "apple")
        await tester.finish()
    }

    func testAnotherOwnerFailsWithTheDifference() async {
        let reporter = RecordingIssueReporter()
        let tester = ViewModelTester(
            RepositoryDetailViewModel(name: "apple/swift", client: CompositionAndNavigationArticle.StarsClient()), reporter: reporter
        )
        await tester.send({ $0.ownerTapped() })
        await tester.receive(\.delegate, .ownerTapped("swiftlang"))
        XCTAssertEqual(reporter.messages, [
            """
            Received an event that does not match expectation: …

                .ownerTapped(
              −   "swiftlang"
              +   "apple"
                )

            (Expected: −, Received: +)
            """,
        ])
    }
}
