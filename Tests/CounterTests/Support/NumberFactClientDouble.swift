import Counter
import ViewModelKit

/// The counter's one client double: it hands each call to its answers (an exploration's, a test's
/// script, or a recording that calls `live`).
struct NumberFactClientDouble: NumberFactClientProtocol {
    let answers: any ClientAnswers
    var live: (any NumberFactClientProtocol)?

    func fetchFact(number: Int) async throws -> String {
        try await answers.answer("NumberFactClient", "fetchFact", for: number) {
            guard let live else { throw ClientAnswersError.noLiveClient }
            return try await live.fetchFact(number: number)
        }
    }
}
