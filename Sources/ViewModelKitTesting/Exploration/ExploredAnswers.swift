public import ViewModelKit
internal import Synchronization
internal import Foundation

/// The answers of an exploration: every client call waits here until the explorer decides when it
/// answers and with what (a value, an error, or never), and in which order pending calls answer.
///
/// A double hands its calls to it through `ClientAnswers`; it never calls the live client.
public final class ExploredAnswers: ClientAnswers {
    /// A call that waits for its answer.
    struct Pending: Sendable {
        /// In the order calls were made, from 1.
        var number: Int
        var client: String
        var method: String
        var key: any Sendable
        /// Whether the explorer decided it never answers.
        var hangs = false
        /// Resumes the caller.
        var resume: AnswerResume
    }

    /// A synchronous call, answered at once.
    struct Immediate: Sendable {
        /// In the order calls were made, from 1 (numbered with the waiting ones).
        var number: Int
        var client: String
        var method: String
        var key: any Sendable
        /// The answer; `nil` when the exploration has none for the method.
        var result: Result<any Sendable, any Error>?
    }

    /// Answers a synchronous call at once: set by the run; `nil` when the exploration has no
    /// answers for the method.
    typealias ImmediateAnswerer = @Sendable (_ client: String, _ method: String, _ key: any Sendable) -> Result<any Sendable, any Error>?

    private struct State {
        var pending: [Pending] = []
        var made = 0
        var immediate: [Immediate] = []
        var answerer: ImmediateAnswerer?
    }

    private let state = Mutex(State())

    init() {}

    /// Waits until the explorer answers the call (or the caller is cancelled).
    public func answer<Key: Sendable, Value: Sendable>(
        _ call: ClientCall<Key>, isolation: isolated (any Actor)?, live: () async throws -> Value
    ) async throws -> Value {
        let number = state.withLock { state -> Int in
            state.made += 1
            return state.made
        }
        return try await waitForAnswer(to: call, isolation: isolation) { resume in
            state.withLock { state in
                if Task.isCancelled { return false }
                state.pending.append(Pending(number: number, client: call.client, method: call.method, key: call.key, resume: resume))
                return true
            }
        } cancel: {
            take(number)?.resume(.failure(CancellationError()))
        }
    }

    /// Answers a synchronous method's call at once, with what the run's answers for the method give
    /// (the simplest value); a method without answers throws `ClientAnswersError.noAnswer`
    /// and breaks "no unexpected client call".
    public func answerNow<Key: Sendable, Value: Sendable>(_ call: ClientCall<Key>, live: () throws -> Value) throws -> Value {
        let (number, answerer) = state.withLock { state in
            state.made += 1
            return (state.made, state.answerer)
        }
        let result = answerer?(call.client, call.method, call.key)
        state.withLock { $0.immediate.append(Immediate(number: number, client: call.client, method: call.method, key: call.key, result: result)) }
        guard let result else { throw ClientAnswersError.noAnswer(client: call.client, method: call.method) }
        return try answerResult(result, to: call)
    }

    /// Sets what answers synchronous calls.
    func answerImmediately(with answerer: @escaping ImmediateAnswerer) {
        state.withLock { $0.answerer = answerer }
    }

    /// The synchronous calls answered so far, oldest first.
    var immediate: [Immediate] { state.withLock { $0.immediate } }

    /// The calls waiting, oldest first.
    var pending: [Pending] { state.withLock { $0.pending } }

    /// How many calls were made.
    var callsMade: Int { state.withLock { $0.made } }

    /// Removes the call numbered `number` from the waiting ones.
    func take(_ number: Int) -> Pending? {
        state.withLock { state in
            guard let index = state.pending.firstIndex(where: { $0.number == number }) else { return nil }
            return state.pending.remove(at: index)
        }
    }

    /// Marks the call numbered `number` as one that never answers (it still ends on cancellation).
    func hang(_ number: Int) {
        state.withLock { state in
            guard let index = state.pending.firstIndex(where: { $0.number == number }) else { return }
            state.pending[index].hangs = true
        }
    }

    /// Ends every waiting call with `CancellationError`: what a caller that outlived its view model
    /// gets, so that nothing waits forever once a run is over.
    func cancelAll() {
        let all = state.withLock { state -> [Pending] in
            defer { state.pending.removeAll() }
            return state.pending
        }
        for call in all { call.resume(.failure(CancellationError())) }
    }
}

extension Exploration {
    /// What answers a synchronous call in a run: the simplest value of the method's answers (a
    /// synchronous call cannot wait for the explorer to choose), or `nil` when the exploration has
    /// none for it, or the call is made off the main thread, where the answers cannot be read.
    func immediateAnswerer() -> ExploredAnswers.ImmediateAnswerer {
        let responders = ImmediateResponders(values: self.responders.mapValues(\.value))
        return { client, method, key in
            guard Thread.isMainThread else { return nil }
            return MainActor.assumeIsolated { responders.answer(client, method, key) }
        }
    }
}

/// The value generators of an exploration's answers, for its synchronous calls.
@MainActor
private final class ImmediateResponders {
    let values: [String: @MainActor (any Sendable, inout ChoiceSequence) -> (any Sendable)?]

    init(values: [String: @MainActor (any Sendable, inout ChoiceSequence) -> (any Sendable)?]) {
        self.values = values
    }

    func answer(_ client: String, _ method: String, _ key: any Sendable) -> Result<any Sendable, any Error>? {
        guard let value = values["\(client).\(method)"] else { return nil }
        // The simplest choices: nothing to read but zeros.
        var choices = ChoiceSequence(replaying: [])
        return value(key, &choices).map { .success($0) }
    }
}
