import ViewModelKitExampleCounter
import ViewModelKitTesting

/// A mock built from closures: unimplemented until the test stubs it.
struct NumberFactClientMock: NumberFactClientProtocol {
    var fetch: @Sendable (Int) async throws -> String = unimplemented("NumberFactClientProtocol.fetchFact(number:)")

    func fetchFact(number: Int) async throws -> String {
        try await fetch(number)
    }
}
