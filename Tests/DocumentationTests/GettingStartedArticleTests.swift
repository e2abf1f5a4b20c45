import TestSupport
import ViewModelKit
import ViewModelKitTesting
import XCTest

// The code of the article "Getting started" (GettingStarted.md).

enum GettingStartedArticle {
    /// The first step: state and intents, nothing else.
    enum FirstStep {
        // snippet: getting-started-first-view-model
        @MainActor
        final class CounterViewModel: ViewModel {
            @Observed private(set) var count = 0

            func incrementButtonTapped() { count += 1 }
            func decrementButtonTapped() { count -= 1 }
        }
        // end snippet

        @MainActor
        static func screen(print: @escaping (String) -> Void) -> ViewModelSubscription {
            // snippet: getting-started-observe
            let viewModel = CounterViewModel()
            let subscription = viewModel.observe(\.count) { count in
                print("count: \(count)")
            }
            viewModel.incrementButtonTapped()   // prints "count: 1"
            viewModel.incrementButtonTapped()   // prints "count: 2"
            viewModel.decrementButtonTapped()   // prints "count: 1"
            // end snippet
            return subscription
        }
    }

    // snippet: getting-started-client
    protocol NumberFactClient: Sendable {
        func fact(for number: Int) async throws -> String
    }
    // end snippet

    // snippet: getting-started-view-model
    @MainActor
    final class CounterViewModel: ViewModel {
        @Observed private(set) var count = 0
        @Observed private(set) var fact: String?
        @Observed private(set) var isLoading = false
        private let client: any NumberFactClient

        init(client: any NumberFactClient) {
            self.client = client
        }

        func incrementButtonTapped() { countChanged(to: count + 1) }
        func decrementButtonTapped() { countChanged(to: count - 1) }

        func factButtonTapped() {
            isLoading = true
            task(id: "fact") { [weak self, client, count] in
                let fact: String
                do {
                    fact = try await client.fact(for: count)
                } catch {
                    fact = "Could not load a fact about \(count)."
                }
                guard !Task.isCancelled else { return }   // the count changed meanwhile
                self?.fact = fact
                self?.isLoading = false
            }
        }

        private func countChanged(to newCount: Int) {
            count = newCount
            fact = nil
            isLoading = false
            cancelTask(id: "fact")   // a fact about the old count is of no use
        }
    }
    // end snippet

    // snippet: getting-started-mock
    struct NumberFactClientMock: NumberFactClient {
        var fetch: @Sendable (Int) async throws -> String = unimplemented("NumberFactClient.fact(for:)")

        func fact(for number: Int) async throws -> String { try await fetch(number) }
    }
    // end snippet

    /// The test methods the article shows; ``GettingStartedArticleTests`` runs them.
    @MainActor
    final class CounterViewModelTests {
        // snippet: getting-started-tester
        func testFact() async {
            let client = NumberFactClientMock(fetch: { "\($0) is a good number." })
            let tester = ViewModelTester(CounterViewModel(client: client))
            await tester.send({ $0.incrementButtonTapped() }) { $0.count = 1 }
            await tester.send({ $0.factButtonTapped() }) { $0.isLoading = true }
            await tester.receive {
                $0.fact = "1 is a good number."
                $0.isLoading = false
            }
            await tester.finish()
        }
        // end snippet

        // snippet: getting-started-xctest
        func testFactWithoutTheTester() async {
            let client = NumberFactClientMock(fetch: { "\($0) is a good number." })
            let viewModel = CounterViewModel(client: client)
            viewModel.incrementButtonTapped()
            viewModel.factButtonTapped()
            XCTAssertTrue(viewModel.isLoading)
            while viewModel.isTaskRunning(id: "fact") { await Task.yield() }
            XCTAssertEqual(viewModel.fact, "1 is a good number.")
            XCTAssertFalse(viewModel.isLoading)
        }
        // end snippet
    }

    /// The article's tester test with the last assertion left incomplete, reporting to `reporter`.
    @MainActor
    static func forgetIsLoading(reporter: RecordingIssueReporter) async {
        let client = NumberFactClientMock(fetch: { "\($0) is a good number." })
        let tester = ViewModelTester(CounterViewModel(client: client), reporter: reporter)
        await tester.send({ $0.incrementButtonTapped() }) { $0.count = 1 }
        await tester.send({ $0.factButtonTapped() }) { $0.isLoading = true }
        await tester.receive {
            $0.fact = "1 is a good number."
        }
        await tester.finish()
    }
}

@MainActor
final class GettingStartedArticleTests: XCTestCase {
    func testTheScreenPrintsEachCount() async {
        var printed: [String] = []
        let subscription = GettingStartedArticle.FirstStep.screen { printed.append($0) }
        XCTAssertEqual(printed, ["count: 1", "count: 2", "count: 1"])
        _ = subscription
    }

    func testTheArticlesTesterTestPasses() async {
        await GettingStartedArticle.CounterViewModelTests().testFact()
    }

    func testTheArticlesPlainTestPasses() async {
        await GettingStartedArticle.CounterViewModelTests().testFactWithoutTheTester()
    }

    /// The article: leaving out `$0.isLoading = false` fails with this diff.
    func testAForgottenChangeFailsWithTheArticlesDiff() async {
        let reporter = RecordingIssueReporter()
        await GettingStartedArticle.forgetIsLoading(reporter: reporter)
        // The article's view model is a top-level type; here it sits in a namespace, which the dump names.
        let messages = reporter.messages.map { $0.replacingOccurrences(of: "GettingStartedArticle.", with: "") }
        XCTAssertEqual(messages, [
            """
            A state change does not match expectation: …

                CounterViewModel(
                  count: 1,
                  fact: "1 is a good number.",
              −   isLoading: true
              +   isLoading: false
                )

            (Expected: −, Actual: +)
            """,
        ])
    }

    /// The article: a fact that fails to load says so, and the spinner stops.
    func testAFailedFactSaysSo() async {
        struct Offline: Error {}
        let tester = ViewModelTester(GettingStartedArticle.CounterViewModel(
            client: GettingStartedArticle.NumberFactClientMock(fetch: { _ in throw Offline() })
        ))
        await tester.send({ $0.factButtonTapped() }) { $0.isLoading = true }
        await tester.receive {
            $0.fact = "Could not load a fact about 0."
            $0.isLoading = false
        }
        await tester.finish()
    }

    /// The article: tapping + while a fact loads cancels the request, and its answer is never shown.
    func testChangingTheCountDropsTheFactInFlight() async {
        let service = SilentCallbackService()
        let client = GettingStartedArticle.NumberFactClientMock(fetch: { number in
            try await service.request()
            return "\(number) is a good number."
        })
        let tester = ViewModelTester(GettingStartedArticle.CounterViewModel(client: client))
        await tester.send({ $0.factButtonTapped() }) { $0.isLoading = true }
        await tester.send({ $0.incrementButtonTapped() }) {
            $0.count = 1
            $0.isLoading = false
        }
        let cancelled = await yieldUntil { service.cancelled == 1 }
        XCTAssertTrue(cancelled, "the request was cancelled")
        service.answerLate()
        await tester.finish()
        XCTAssertNil(tester.viewModel.fact)
    }

    /// The article: an unstubbed client fails the test and names the method.
    func testAnUnstubbedClientNamesTheMethod() async {
        let reporter = RecordingIssueReporter()
        let previous = IssueReporting.reporter
        IssueReporting.reporter = reporter
        defer { IssueReporting.reporter = previous }
        let viewModel = GettingStartedArticle.CounterViewModel(client: GettingStartedArticle.NumberFactClientMock())
        viewModel.factButtonTapped()
        while viewModel.isTaskRunning(id: "fact") { await Task.yield() }
        XCTAssertEqual(viewModel.fact, "Could not load a fact about 0.")
        XCTAssertEqual(reporter.messages, [
            "Unimplemented: NumberFactClient.fact(for:) was called with (0) but has no test implementation.",
        ])
    }
}
