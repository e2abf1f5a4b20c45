/// Runs `operation` and hands its outcome to `completion` exactly once, on the main actor: the value
/// and `nil`, or `nil` and the error.
///
/// The bridge from an `async` client method to the callback variant a client protocol offers, so that
/// one implementation backs both:
///
/// ```swift
/// extension NumberFactClientProtocol {
///     @MainActor
///     public func fetchFact(number: Int, completion: @escaping @MainActor (String?, (any Error)?) -> Void) {
///         deliver({ try await fetchFact(number: number) }, to: completion)
///     }
/// }
/// ```
@MainActor
public func deliver<Value: Sendable>(
    _ operation: @escaping @Sendable () async throws -> Value,
    to completion: @escaping @MainActor (Value?, (any Error)?) -> Void
) {
    Task { @MainActor in
        do {
            completion(try await operation(), nil)
        } catch {
            completion(nil, error)
        }
    }
}
