import ViewModelKit
import ViewModelKitTesting
import XCTest

// The README's "library in 30 lines", compiled and run.

/// The README's types, in a namespace of their own so that they do not meet the `ViewModelKitExampleCounter` module's.
enum ReadmeExample {
    // snippet: readme-view-model
    protocol NumberFactClient: Sendable {                      // every outside effect is a protocol
        func fact(for number: Int) async throws -> String
    }

    @MainActor
    final class CounterViewModel: ViewModel {
        @Observed private(set) var count = 0                  // observers are told after each real change
        @Observed private(set) var fact: String?
        private let client: any NumberFactClient

        init(client: any NumberFactClient) { self.client = client }

        func incrementButtonTapped() { count += 1; fact = nil }

        func factButtonTapped() {
            task(id: "fact") { [weak self, client, count] in  // owned: a second tap cancels the first,
                let fact = try await client.fact(for: count)  // and deinit cancels everything
                try Task.checkCancellation()
                self?.fact = fact
            }
        }
    }
    // end snippet

    @MainActor
    static func screen(_ viewModel: CounterViewModel) -> ViewModelSubscription {
        // snippet: readme-observe
        let subscription = viewModel.observe(\.count) { count in print("count:", count) }
        // end snippet
        return subscription
    }

    @MainActor
    static func test() async {
        // snippet: readme-test
        struct MockClient: NumberFactClient {
            func fact(for number: Int) async throws -> String { "\(number) is a good number." }
        }
        let tester = ViewModelTester(CounterViewModel(client: MockClient()))
        await tester.send({ $0.incrementButtonTapped() }) { $0.count = 1 }
        await tester.send({ $0.factButtonTapped() })
        await tester.receive { $0.fact = "1 is a good number." }
        await tester.finish()
        // end snippet
    }
}

@MainActor
final class ReadmeExampleTests: XCTestCase {
    func testTheReadmeTestPasses() async {
        await ReadmeExample.test()
    }

    func testTheReadmeScreenIsToldOfEachCount() async {
        let viewModel = ReadmeExample.CounterViewModel(client: NoFacts())
        var counts: [Int] = []
        let subscription = viewModel.observe(\.count) { counts.append($0) }
        let screen = ReadmeExample.screen(viewModel)
        viewModel.incrementButtonTapped()
        viewModel.incrementButtonTapped()
        XCTAssertEqual(counts, [1, 2])
        _ = (subscription, screen)
    }
}

/// A client for a test that asks for no fact.
private struct NoFacts: ReadmeExample.NumberFactClient {
    func fact(for number: Int) async throws -> String { throw CancellationError() }
}
