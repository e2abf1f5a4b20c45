public import ViewModelKit

/// The counter's one client double: it hands each call to its answers, so the same double serves an
/// exploration (`Explorer.answers`), an exploration's written test (`ScriptedAnswers`) and a recording
/// (`RecordedAnswers`, which calls ``live``).
///
/// ```swift
/// Exploration { explorer in
///     CounterViewModel(client: NumberFactClientDouble(answers: explorer.answers), clock: explorer.clock)
/// }
/// ```
public struct NumberFactClientDouble: NumberFactClientProtocol {
    /// Where calls go; they are answered as `"NumberFactClient"`, `"fetchFact"`, keyed by the number.
    public let answers: any ClientAnswers
    /// The live client, for answers that call it (a recording).
    public var live: (any NumberFactClientProtocol)?

    /// A double whose calls `answers` answers.
    public init(answers: any ClientAnswers, live: (any NumberFactClientProtocol)? = nil) {
        self.answers = answers
        self.live = live
    }

    /// Hands the call to ``answers``.
    public func fetchFact(number: Int) async throws -> String {
        try await answers.answer("NumberFactClient", "fetchFact", for: number) {
            guard let live else { throw ClientAnswersError.noLiveClient }
            return try await live.fetchFact(number: number)
        }
    }
}
