/// A client's method, named once and checked by the compiler everywhere else: in its double, in an
/// exploration's answers and in a test's script. Declare one per method, as a static property of
/// `ClientMethod`; the property's name is the method's, and its type says what the method is
/// called with (the key its calls are told apart by) and what it returns.
///
/// ```swift
/// extension ClientMethod {
///     /// `NumberFactClientProtocol.fetchFact(number:)`.
///     static var fetchFact: ClientMethod<Int, String> { .init(of: (any NumberFactClientProtocol).self) }
/// }
///
/// struct NumberFactClientDouble: NumberFactClientProtocol {
///     let answers: any ClientAnswers
///     func fetchFact(number: Int) async throws -> String {
///         try await answers.answer(.fetchFact, for: number)
///     }
/// }
///
/// exploration.answers(.fetchFact) { number, _ in "\(number) is a good number." }
/// await answers.respond(to: .fetchFact, for: 1, returning: "1 is a good number.")
/// ```
///
/// A typo in `.fetchFact` does not compile, and neither does an answer of the wrong type. The
/// names it stands for are the protocol's and the property's (`"NumberFactClientProtocol"`,
/// `"fetchFact"`), which a written test spells out.
public struct ClientMethod<Key: Sendable, Value: Sendable>: Sendable, Hashable {
    /// The client's name, the same for all its methods.
    public var client: String
    /// The method's name.
    public var method: String

    /// The method of `client` (a protocol, or any type) named `method`: by default the name of the
    /// static property that makes it.
    public init<Client>(of client: Client.Type, method: String = #function) {
        let name = String(describing: client)
        self.client = name.hasPrefix("any ") ? String(name.dropFirst(4)) : name
        self.method = method
    }

    /// The method named `method` of the client named `client`.
    public init(client: String, method: String) {
        self.client = client
        self.method = method
    }

    /// One call of this method with `key`.
    public func call(for key: Key) -> ClientCall<Key> {
        ClientCall(client: client, method: method, key: key)
    }
}

extension ClientAnswers {
    /// Answers one call of `method` with `key`: ``answer(_:_:for:isolation:live:)->_``, named by the compiler.
    public func answer<Key: Sendable, Value: Sendable>(
        _ method: ClientMethod<Key, Value>, for key: Key,
        isolation: isolated (any Actor)? = #isolation,
        live: () async throws -> Value = { throw ClientAnswersError.noLiveClient }
    ) async throws -> Value {
        try await answer(method.call(for: key), isolation: isolation, live: live)
    }

    /// Answers one call of `method`, which cannot throw, with `key`: `otherwise` when the call's
    /// task is cancelled or the answer is an error.
    public func answer<Key: Sendable, Value: Sendable>(
        _ method: ClientMethod<Key, Value>, for key: Key, otherwise: @autoclosure () -> Value,
        isolation: isolated (any Actor)? = #isolation,
        live: () async throws -> Value = { throw ClientAnswersError.noLiveClient }
    ) async -> Value {
        do {
            return try await answer(method.call(for: key), isolation: isolation, live: live)
        } catch {
            return otherwise()
        }
    }

    /// Answers one call of `method`, a synchronous one, with `key` at once.
    public func answerNow<Key: Sendable, Value: Sendable>(
        _ method: ClientMethod<Key, Value>, for key: Key, live: () throws -> Value = { throw ClientAnswersError.noLiveClient }
    ) throws -> Value {
        try answerNow(method.call(for: key), live: live)
    }

    /// Answers one call of `method`, a synchronous one that cannot throw, with `key` at once:
    /// `otherwise` when the answer is an error.
    public func answerNow<Key: Sendable, Value: Sendable>(
        _ method: ClientMethod<Key, Value>, for key: Key, otherwise: @autoclosure () -> Value,
        live: () throws -> Value = { throw ClientAnswersError.noLiveClient }
    ) -> Value {
        (try? answerNow(method.call(for: key), live: live)) ?? otherwise()
    }

    /// A stream of `method`'s elements, each one call answered with the element, or with `nil` to
    /// end the stream (see ``stream(_:_:for:of:)->AsyncThrowingStream<Element,Error>``).
    public func stream<Key: Sendable, Element: Sendable>(
        _ method: ClientMethod<Key, Element?>, for key: Key
    ) -> AsyncThrowingStream<Element, any Error> {
        stream(method.client, method.method, for: key)
    }

    /// A stream that cannot fail of `method`'s elements, each one call answered with the element,
    /// or with `nil` to end the stream.
    public func stream<Key: Sendable, Element: Sendable>(
        _ method: ClientMethod<Key, Element?>, for key: Key
    ) -> AsyncStream<Element> {
        stream(method.client, method.method, for: key)
    }
}
