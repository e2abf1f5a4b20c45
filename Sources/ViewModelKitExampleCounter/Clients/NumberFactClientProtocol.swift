internal import ViewModelKit

/// Fetches a fact about a number: the counter's only outside effect.
///
/// Shaped like `GithubAPIClientProtocol`: a callback variant and an `async` one. Implement the
/// `async` one; the callback variant has a default built on it.
///
/// ```swift
/// struct MockNumberFactClient: NumberFactClientProtocol {
///     func fetchFact(number: Int) async throws -> String { "\(number) is a good number." }
/// }
/// ```
public protocol NumberFactClientProtocol: Sendable {
    /// Fetches a fact about `number` and calls `completion` exactly once, on the main actor.
    @MainActor
    func fetchFact(number: Int, completion: @escaping @MainActor (String?, (any Error)?) -> Void)

    /// Fetches a fact about `number`.
    func fetchFact(number: Int) async throws -> String
}

extension NumberFactClientProtocol {
    /// Calls the `async` variant and reports its outcome to `completion` once, on the main actor.
    @MainActor
    public func fetchFact(number: Int, completion: @escaping @MainActor (String?, (any Error)?) -> Void) {
        deliver({ try await fetchFact(number: number) }, to: completion)
    }
}
