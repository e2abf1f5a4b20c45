public import ViewModelKit
internal import Synchronization

/// Answers a test's client calls when the test says so, in the order it says: what an
/// exploration's written test gives its doubles, so that it replays calls answered late, out of
/// order, with an error, or never.
///
/// ```swift
/// let answers = ScriptedAnswers()
/// let tester = ViewModelTester(CounterViewModel(client: NumberFactClientDouble(answers: answers), clock: clock))
/// await tester.send({ $0.factButtonTapped() }) { $0.isLoading = true }
/// await answers.respond(to: "NumberFactClient", "fetchFact", for: 0, returning: "0 is a number.")
/// await tester.receive { $0.fact = "0 is a number."; $0.numberFactAlert = "0 is a number."; $0.isLoading = false }
/// ```
///
/// A call the test never answers waits until its task is cancelled. An answer to a call whose task
/// was cancelled (while it waited, or before it reached the double) is dropped, as a live answer
/// would be: a view model that cancels a stale request passes a test written against one that did
/// not. An answer given before its call arrives waits for it: a few yields, then up to a second of
/// real time (a double's call that hopped to the global executor, run late on a loaded machine).
public final class ScriptedAnswers: ClientAnswers {
    private struct Waiting: Sendable {
        var id: Int
        /// The call as `client.method(key)`, which is what an answer names.
        var name: String
        var resume: AnswerResume
    }

    private struct State {
        var waiting: [Waiting] = []
        /// Calls whose task was cancelled before an answer, by name.
        var cancelled: [String] = []
        var nextID = 0
        /// How many answers wait, in real time, for their call to arrive.
        var answersWaitingForACall = 0

        /// Whether a call named `name` waits, or was cancelled before its answer.
        func holds(_ name: String) -> Bool {
            waiting.contains { $0.name == name } || cancelled.contains(name)
        }
    }

    /// A call's name: `client.method(key)`, the key as `String(reflecting:)` spells it.
    private static func name(_ client: String, _ method: String, _ key: some Sendable) -> String {
        "\(client).\(method)(\(String(reflecting: key)))"
    }

    private let state = Mutex(State())

    /// Whether an answer waits, in real time, for its call to arrive (for the tests of that wait).
    var anAnswerWaitsForACall: Bool { state.withLock { $0.answersWaitingForACall > 0 } }

    /// How many calls wait for their answer.
    var callsWaiting: Int { state.withLock { $0.waiting.count } }

    /// What ``take(_:_:_:)`` found for a call.
    private enum Taken {
        /// The oldest waiting call with the client, method and key, now removed.
        case waiting(Waiting)
        /// No such call waits, but one was cancelled before its answer: the answer is dropped.
        case dropped
        /// No such call, waiting or cancelled.
        case absent
    }

    /// Removes and returns the oldest waiting call named `name`, or the record of one cancelled
    /// before its answer.
    private func take(_ name: String) -> Taken {
        state.withLock { state in
            if let index = state.waiting.firstIndex(where: { $0.name == name }) {
                return .waiting(state.waiting.remove(at: index))
            }
            guard let index = state.cancelled.firstIndex(of: name) else { return .absent }
            state.cancelled.remove(at: index)
            return .dropped
        }
    }

    /// Creates answers with no call waiting.
    public init() {}

    /// Waits until the test answers the call, or the caller is cancelled.
    public func answer<Key: Sendable, Value: Sendable>(
        _ call: ClientCall<Key>, isolation: isolated (any Actor)?, live: () async throws -> Value
    ) async throws -> Value {
        let name = Self.name(call.client, call.method, call.key)
        let id = state.withLock { state -> Int in
            state.nextID += 1
            return state.nextID
        }
        return try await waitForAnswer(to: call, isolation: isolation) { resume in
            state.withLock { state in
                if Task.isCancelled {
                    // Cancelled on its way here (its task was told to stop before it reached the
                    // double, as a task running late on a loaded machine may be): its answer is
                    // dropped as if it had waited.
                    state.cancelled.append(name)
                    return false
                }
                state.waiting.append(Waiting(
                    id: id, name: name, resume: resume
                ))
                return true
            }
        } cancel: {
            let waiting = state.withLock { state -> Waiting? in
                guard let index = state.waiting.firstIndex(where: { $0.id == id }) else { return nil }
                let call = state.waiting.remove(at: index)
                state.cancelled.append(call.name)
                return call
            }
            waiting?.resume(.failure(CancellationError()))
        }
    }

    /// Answers the oldest waiting call of `client`'s `method` with `key` by returning `value`.
    public func respond<Key: Sendable, Value: Sendable>(
        to client: String, _ method: String, for key: Key, returning value: Value,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) async {
        await respond(client, method, key, .success(value), fileID: fileID, filePath: filePath, line: line, column: column)
    }

    /// Answers the oldest waiting call of `client`'s `method` with `key` by throwing `error`.
    public func respond<Key: Sendable>(
        to client: String, _ method: String, for key: Key, throwing error: any Error,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) async {
        await respond(client, method, key, .failure(error), fileID: fileID, filePath: filePath, line: line, column: column)
    }

    private func respond(
        _ client: String, _ method: String, _ key: some Sendable, _ result: Result<any Sendable, any Error>,
        fileID: StaticString, filePath: StaticString, line: UInt, column: UInt
    ) async {
        let name = Self.name(client, method, key)
        // A call its task has not reached yet gets the main actor's pending work to run first.
        var taken = take(name)
        for _ in 0..<100 {
            guard case .absent = taken else { break }
            await Task.yield()
            taken = take(name)
        }
        if case .absent = taken {
            // Outside main-actor scheduling a double's call may first hop to the global executor,
            // which a loaded machine runs late: wait for it in real time, for a bound.
            state.withLock { $0.answersWaitingForACall += 1 }
            _ = await waitOnMainActor(atMost: Settling.callArrivalWait) { [self] in
                state.withLock { $0.holds(name) }
            }
            state.withLock { $0.answersWaitingForACall -= 1 }
            taken = take(name)
        }
        switch taken {
        case .dropped: return
        case .waiting(let call): return call.resume(result)
        case .absent: break
        }
        let waiting = state.withLock { $0.waiting.map(\.name) }
        reportIssue(
            "No call of \(name) waits for an answer; "
                + (waiting.isEmpty ? "none waits" : "waiting: \(waiting.joined(separator: ", ")))")
                + " " + Settling.waitLongerAdvice + ".",
            fileID: fileID, filePath: filePath, line: line, column: column
        )
    }
}
