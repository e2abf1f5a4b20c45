import XCTest
import ViewModelKit

// The README's "library in 30 lines", compiled and run, so that the README stays true.

private protocol NumberFactClient: Sendable {
    func fact(for number: Int) async throws -> String
}

@MainActor
private final class ReadmeCounterViewModel: ViewModel {
    @Observed private(set) var count = 0
    @Observed private(set) var fact: String?
    private let client: any NumberFactClient

    init(client: any NumberFactClient) { self.client = client }

    func incrementButtonTapped() { count += 1; fact = nil }

    func factButtonTapped() {
        task(id: "fact") { [weak self, client, count] in
            let fact = try await client.fact(for: count)
            try Task.checkCancellation()
            self?.fact = fact
        }
    }
}

private struct MockClient: NumberFactClient {
    func fact(for n: Int) async throws -> String { "\(n) is good" }
}

@MainActor
final class ReadmeExampleTests: XCTestCase {
    func testTheReadmeExampleWorksAsWritten() async {
        let viewModel = ReadmeCounterViewModel(client: MockClient())
        var counts: [Int] = []
        let subscription = viewModel.observe(\.count) { count in counts.append(count) }
        viewModel.incrementButtonTapped()
        viewModel.factButtonTapped()
        while viewModel.isTaskRunning(id: "fact") { await Task.yield() }
        XCTAssertEqual(viewModel.fact, "1 is good")
        XCTAssertEqual(counts, [1])
        _ = subscription
    }
}
