/// The one seam between a client's test double and whatever answers its calls: a recording of a
/// live session, a test's script, or an exploration that decides when each call answers and with
/// what.
///
/// Write one small double per client protocol; it names each call and hands it to its answers:
///
/// ```swift
/// struct NumberFactClientDouble: NumberFactClientProtocol {
///     let answers: any ClientAnswers
///     var live: (any NumberFactClientProtocol)? = nil
///
///     func fetchFact(number: Int) async throws -> String {
///         try await answers.answer("NumberFactClient", "fetchFact", for: number) {
///             guard let live else { throw ClientAnswersError.noLiveClient }
///             return try await live.fetchFact(number: number)
///         }
///     }
/// }
/// ```
///
/// A recording (`RecordedAnswers`) calls `live` and logs what it answered; a test's script
/// (`ScriptedAnswers`) and an exploration never call it.
public protocol ClientAnswers: Sendable {
    /// Answers `call` with a value or an error; `live` makes the call for real, where the answers
    /// come from a live client.
    ///
    /// - Parameters:
    ///   - call: Which client, which method, and the key that tells this call from others.
    ///   - isolation: Where the caller runs; the answer comes back there.
    ///   - live: Makes the call with the live client.
    func answer<Key: Sendable, Value: Sendable>(
        _ call: ClientCall<Key>, isolation: isolated (any Actor)?, live: () async throws -> Value
    ) async throws -> Value

    /// Answers `call`, a synchronous method's, at once: it cannot wait. By default, `live` answers.
    ///
    /// - Parameters:
    ///   - call: Which client, which method, and the key that tells this call from others.
    ///   - live: Makes the call with the live client.
    func answerNow<Key: Sendable, Value: Sendable>(_ call: ClientCall<Key>, live: () throws -> Value) throws -> Value
}

/// One call of a client's method, as a ``ClientAnswers`` sees it.
public struct ClientCall<Key: Sendable>: Sendable {
    /// The client's name, the same for all its methods (`"NumberFactClient"`).
    public var client: String
    /// The method's name (`"fetchFact"`).
    public var method: String
    /// What tells this call from others of the same method (the number, `"owner/name"`).
    public var key: Key

    /// Names a call.
    public init(client: String, method: String, key: Key) {
        self.client = client
        self.method = method
        self.key = key
    }
}

extension ClientAnswers {
    /// Answers one call of `client`'s `method`, identified by `key` (the argument a replay tells
    /// calls apart by). `live` makes the call with the live client; without it, answers that need
    /// one throw ``ClientAnswersError/noLiveClient``.
    ///
    /// ```swift
    /// func fetchFact(number: Int) async throws -> String {
    ///     try await answers.answer("NumberFactClient", "fetchFact", for: number)
    /// }
    /// ```
    public func answer<Key: Sendable, Value: Sendable>(
        _ client: String, _ method: String, for key: Key,
        isolation: isolated (any Actor)? = #isolation,
        live: () async throws -> Value = { throw ClientAnswersError.noLiveClient }
    ) async throws -> Value {
        try await answer(ClientCall(client: client, method: method, key: key), isolation: isolation, live: live)
    }

    /// Answers one call of a method that returns nothing, written as a statement; without this
    /// overload the compiler cannot tell what the call returns ("failed to produce diagnostic").
    ///
    /// ```swift
    /// func delete(id: Note.ID) async throws {
    ///     try await answers.answer("NotesClient", "delete", for: id)
    /// }
    /// ```
    public func answer<Key: Sendable>(
        _ client: String, _ method: String, for key: Key,
        isolation: isolated (any Actor)? = #isolation,
        live: () async throws -> Void = { throw ClientAnswersError.noLiveClient }
    ) async throws {
        let _: Void = try await answer(
            ClientCall(client: client, method: method, key: key), isolation: isolation, live: live
        )
    }

    /// Answers one call of a method that cannot throw: `otherwise` when the call's task is
    /// cancelled, or the answer is an error.
    ///
    /// ```swift
    /// func play(_ sound: Sound) async {
    ///     await answers.answer("SoundClient", "play", for: sound, otherwise: ())
    /// }
    /// ```
    public func answer<Key: Sendable, Value: Sendable>(
        _ client: String, _ method: String, for key: Key, otherwise: @autoclosure () -> Value,
        isolation: isolated (any Actor)? = #isolation,
        live: () async throws -> Value = { throw ClientAnswersError.noLiveClient }
    ) async -> Value {
        do {
            return try await answer(ClientCall(client: client, method: method, key: key), isolation: isolation, live: live)
        } catch {
            return otherwise()
        }
    }

    /// Answers one call of a synchronous method at once.
    ///
    /// ```swift
    /// func status(of permission: Permission) throws -> PermissionStatus {
    ///     try answers.answerNow("PermissionsClient", "status", for: permission)
    /// }
    /// ```
    public func answerNow<Key: Sendable, Value: Sendable>(
        _ client: String, _ method: String, for key: Key,
        live: () throws -> Value = { throw ClientAnswersError.noLiveClient }
    ) throws -> Value {
        try answerNow(ClientCall(client: client, method: method, key: key), live: live)
    }

    /// Answers one call of a synchronous method that cannot throw at once: `otherwise` when the
    /// answer is an error.
    public func answerNow<Key: Sendable, Value: Sendable>(
        _ client: String, _ method: String, for key: Key, otherwise: @autoclosure () -> Value,
        live: () throws -> Value = { throw ClientAnswersError.noLiveClient }
    ) -> Value {
        (try? answerNow(ClientCall(client: client, method: method, key: key), live: live)) ?? otherwise()
    }

    /// A stream whose elements are answered one by one: each element is a call of `client`'s
    /// `method` with `key`, answered with the element, with `nil` to end the stream, or with an
    /// error to fail it.
    ///
    /// ```swift
    /// func forecasts(for city: String) -> AsyncThrowingStream<Forecast, any Error> {
    ///     answers.stream("WeatherClient", "forecasts", for: city)
    /// }
    /// ```
    public func stream<Key: Sendable, Element: Sendable>(
        _ client: String, _ method: String, for key: Key, of element: Element.Type = Element.self
    ) -> AsyncThrowingStream<Element, any Error> {
        AsyncThrowingStream(unfolding: { () async throws -> Element? in
            try await answer(ClientCall(client: client, method: method, key: key), isolation: nil) { () async throws -> Element? in
                throw ClientAnswersError.noLiveClient
            }
        })
    }

    /// A stream that cannot fail, whose elements are answered one by one: each element is a call of
    /// `client`'s `method` with `key`, answered with the element, or with `nil` (or an error, or a
    /// cancellation) to end the stream.
    public func stream<Key: Sendable, Element: Sendable>(
        _ client: String, _ method: String, for key: Key, of element: Element.Type = Element.self
    ) -> AsyncStream<Element> {
        AsyncStream(unfolding: { () async -> Element? in
            let next = try? await answer(ClientCall(client: client, method: method, key: key), isolation: nil) { () async throws -> Element? in
                throw ClientAnswersError.noLiveClient
            }
            return next ?? nil
        })
    }

    /// Answers a synchronous method's call with `live`.
    public func answerNow<Key: Sendable, Value: Sendable>(_ call: ClientCall<Key>, live: () throws -> Value) throws -> Value {
        try live()
    }
}

/// Why a ``ClientAnswers`` could not answer a call.
public enum ClientAnswersError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The answers needed the live client, and the double has none.
    case noLiveClient
    /// The answer given for `client.method` is not of the type the call returns.
    case wrongType(client: String, method: String, expected: String, given: String)
    /// No answer was given for a synchronous call of `client.method`, which cannot wait for one.
    case noAnswer(client: String, method: String)

    /// What went wrong, in a sentence.
    public var description: String {
        switch self {
        case .noLiveClient:
            "the answers asked for the live client, and the double has none"
        case .wrongType(let client, let method, let expected, let given):
            "\(client).\(method) returns \(expected), and was answered with a \(given)"
        case .noAnswer(let client, let method):
            "no answer was given for a synchronous call of \(client).\(method)"
        }
    }
}

/// The value of `result`, an answer to `call`, as the call's type, or the error it holds (or
/// ``ClientAnswersError/wrongType(client:method:expected:given:)`` when the value is of another type).
package func answerResult<Key: Sendable, Value: Sendable>(_ result: Result<any Sendable, any Error>, to call: ClientCall<Key>) throws -> Value {
    switch result {
    case .success(let value as Value):
        return value
    case .success(let value):
        throw ClientAnswersError.wrongType(client: call.client, method: call.method, expected: "\(Value.self)", given: "\(type(of: value))")
    case .failure(let error):
        throw error
    }
}
