import ViewModelKit
import ViewModelKitTesting
import XCTest

// The events section of the article "Testing with ViewModelTester" (TestingWithViewModelTester.md):
// a view model's delegate events are received through the tester.

enum TestingArticleEvents {
    // snippet: testing-events-model
    @MainActor
    final class TwoFactorViewModel: ViewModel {
        enum Event: Equatable { case twoFactorSucceeded }

        let delegate = Delegate<Event>()
        @Observed private(set) var code = ""

        func codeChanged(_ code: String) { self.code = code }
        func submitButtonTapped() {
            if code == "1234" { delegate.send(.twoFactorSucceeded) }
        }
    }
    // end snippet
}

@MainActor
final class TestingArticleEventsTests: XCTestCase {
    typealias TwoFactorViewModel = TestingArticleEvents.TwoFactorViewModel

    func testTheEventIsReceivedThroughTheTester() async {
        // snippet: testing-events-receive
        let tester = ViewModelTester(TwoFactorViewModel())
        await tester.send({ $0.codeChanged("1234") }) { $0.code = "1234" }
        await tester.send({ $0.submitButtonTapped() })
        await tester.receive(\.delegate, .twoFactorSucceeded)
        await tester.finish()
        // end snippet
    }

    func testAnEventNotReceivedFailsAsTheArticleQuotes() async throws {
        let reporter = RecordingIssueReporter()
        let tester = ViewModelTester(TwoFactorViewModel(), reporter: reporter)
        await tester.send({ $0.codeChanged("1234") }) { $0.code = "1234" }
        await tester.send({ $0.submitButtonTapped() })
        await tester.finish()
        let quote = "The view model sent 1 event that no assertion received"
        XCTAssertEqual(reporter.messages, [
            quote + ":\n\n• \\.delegate sent .twoFactorSucceeded. Receive it: `await tester.receive(\\.delegate, .twoFactorSucceeded)`.",
        ])
        let article = try TestingArticle.article("TestingWithViewModelTester")
        XCTAssertTrue(article.contains("`\(quote)`"), "the table does not quote: \(quote)")
    }
}
