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
/// was cancelled is dropped, as a live answer would be: a view model that cancels a stale request
/// passes a test written against one that did not.
public final class ScriptedAnswers: ClientAnswers {
    private struct Waiting: Sendable {
        var id: Int
        var client: String
        var method: String
        var key: String
        var resume: AnswerResume
    }

    private struct State {
        var waiting: [Waiting] = []
        /// Calls whose task was cancelled before an answer, as `client.method(key)`.
        var cancelled: [String] = []
        var nextID = 0
    }

    private let state = Mutex(State())

    /// Creates answers with no call waiting.
    public init() {}

    /// Waits until the test answers the call, or the caller is cancelled.
    public func answer<Key: Sendable, Value: Sendable>(
        _ call: ClientCall<Key>, isolation: isolated (any Actor)?, live: () async throws -> Value
    ) async throws -> Value {
        let id = state.withLock { state -> Int in
            state.nextID += 1
            return state.nextID
        }
        return try await waitForAnswer(to: call, isolation: isolation) { resume in
            state.withLock { state in
                if Task.isCancelled { return false }
                state.waiting.append(Waiting(
                    id: id, client: call.client, method: call.method, key: String(reflecting: call.key), resume: resume
                ))
                return true
            }
        } cancel: {
            let waiting = state.withLock { state -> Waiting? in
                guard let index = state.waiting.firstIndex(where: { $0.id == id }) else { return nil }
                let call = state.waiting.remove(at: index)
                state.cancelled.append("\(call.client).\(call.method)(\(call.key))")
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
        let key = String(reflecting: key)
        // A call its task has not reached yet gets the main actor's pending work to run first.
        for _ in 0..<100 {
            let taken = state.withLock { state -> (Waiting?, dropped: Bool) in
                if let index = state.waiting.firstIndex(where: { $0.client == client && $0.method == method && $0.key == key }) {
                    return (state.waiting.remove(at: index), false)
                }
                guard let index = state.cancelled.firstIndex(of: "\(client).\(method)(\(key))") else { return (nil, false) }
                state.cancelled.remove(at: index)
                return (nil, true)
            }
            if taken.dropped { return }
            if let call = taken.0 { return call.resume(result) }
            await Task.yield()
        }
        let waiting = state.withLock { $0.waiting.map { "\($0.client).\($0.method)(\($0.key))" } }
        reportIssue(
            "No call of \(client).\(method)(\(key)) waits for an answer; "
                + (waiting.isEmpty ? "none waits." : "waiting: \(waiting.joined(separator: ", "))."),
            fileID: fileID, filePath: filePath, line: line, column: column
        )
    }
}
