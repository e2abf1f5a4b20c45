public import ViewModelKit

extension Exploration {
    /// Says what calls of `method` may answer, named by the compiler: see
    /// ``answers(_:_:weight:errors:_:)``.
    ///
    /// ```swift
    /// .answers(.fetchFact, errors: [FactError()]) { number, _ in "\(number) is odd." }
    /// ```
    public func answers<Key: Sendable, Value: Sendable>(
        _ method: ClientMethod<Key, Value>, weight: Int = 1, errors: [any Error & Sendable] = [],
        _ value: @escaping @MainActor (Key, inout ChoiceSequence) -> Value
    ) -> Self {
        answers(method.client, method.method, weight: weight, errors: errors, value)
    }
}
