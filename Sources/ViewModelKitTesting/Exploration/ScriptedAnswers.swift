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
/// Calls are numbered from 1 in the order they reach the answers, as an exploration numbers them;
/// an exploration's written test answers each call by its number (`call: 3`), so an answer finds
/// its own call even when an earlier call of the same name was cancelled on its way. Without a
/// number, an answer goes to the oldest waiting call of that name.
///
/// A call the test never answers waits until its task is cancelled. An answer to a call whose task
/// was cancelled (while it waited, or before it reached the double) is dropped, as a live answer
/// would be: a view model that cancels a stale request passes a test written against one that did
/// not. An answer given before its call arrives waits for it: a few yields, then up to a second of
/// real time (a double's call that hopped to the global executor, run late on a loaded machine).
///
/// A synchronous method's call cannot wait: the test gives its answer before the step that makes
/// the call, with ``respondNow(to:_:for:call:returning:)``.
public final class ScriptedAnswers: ClientAnswers {
    /// Where a numbered call stands.
    private enum Standing {
        /// It waits for its answer.
        case waiting(AnswerResume)
        /// Its task was cancelled before an answer (while it waited, or on its way here).
        case cancelled
        /// It was answered.
        case answered
    }

    private struct Call {
        /// The call as `client.method(key)`, which is what an answer names.
        var name: String
        var standing: Standing
    }

    private struct State {
        /// Every call made, by number (from 1).
        var calls: [Int: Call] = [:]
        var made = 0
        /// Answers given ahead for synchronous calls, oldest first: by number, or by name when the
        /// number is `nil`.
        var ahead: [(number: Int?, name: String, result: Result<any Sendable, any Error>)] = []
        /// How many answers wait, in real time, for their call to arrive.
        var answersWaitingForACall = 0

        /// Whether the call `number` (or, without one, a call named `name`) has arrived.
        func holds(_ name: String, number: Int?) -> Bool {
            if let number { return calls[number] != nil }
            return calls.values.contains { call in
                guard call.name == name else { return false }
                switch call.standing {
                case .waiting, .cancelled: return true
                case .answered: return false
                }
            }
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
    var callsWaiting: Int {
        state.withLock { state in
            state.calls.values.count { if case .waiting = $0.standing { true } else { false } }
        }
    }

    /// What ``take(_:number:)`` found for an answer.
    private enum Taken {
        /// The call waits: it is now marked answered, and this resumes it.
        case waiting(AnswerResume)
        /// The call was cancelled before its answer: the answer is dropped.
        case dropped
        /// The numbered call has another name: the answer does not fit it.
        case misnamed(String)
        /// No such call has arrived (or, without a number, none waits or was cancelled).
        case absent
    }

    /// Finds the call an answer is for: the call `number`, or without one the oldest call named
    /// `name` that waits, else the oldest cancelled one; marks it answered.
    private func take(_ name: String, number: Int?) -> Taken {
        state.withLock { state in
            let found: Int?
            if let number {
                found = state.calls[number] == nil ? nil : number
            } else {
                let named = state.calls.filter { $0.value.name == name }.sorted { $0.key < $1.key }
                found = named.first { if case .waiting = $0.value.standing { true } else { false } }?.key
                    ?? named.first { if case .cancelled = $0.value.standing { true } else { false } }?.key
            }
            guard let found, let call = state.calls[found] else { return .absent }
            guard call.name == name else { return .misnamed(call.name) }
            switch call.standing {
            case .waiting(let resume):
                state.calls[found]?.standing = .answered
                return .waiting(resume)
            case .cancelled:
                state.calls[found]?.standing = .answered
                return .dropped
            case .answered:
                return number == nil ? .absent : .misnamed("\(call.name), already answered")
            }
        }
    }

    /// Creates answers with no call waiting.
    public init() {}

    /// Waits until the test answers the call, or the caller is cancelled.
    public func answer<Key: Sendable, Value: Sendable>(
        _ call: ClientCall<Key>, isolation: isolated (any Actor)?, live: () async throws -> Value
    ) async throws -> Value {
        let name = Self.name(call.client, call.method, call.key)
        let number = state.withLock { state -> Int in
            state.made += 1
            return state.made
        }
        return try await waitForAnswer(to: call, isolation: isolation) { resume in
            state.withLock { state in
                if Task.isCancelled {
                    // Cancelled on its way here (its task was told to stop before it reached the
                    // double, as a task running late on a loaded machine may be): its answer is
                    // dropped as if it had waited.
                    state.calls[number] = Call(name: name, standing: .cancelled)
                    return false
                }
                state.calls[number] = Call(name: name, standing: .waiting(resume))
                return true
            }
        } cancel: {
            let resume = state.withLock { state -> AnswerResume? in
                guard case .waiting(let resume)? = state.calls[number]?.standing else { return nil }
                state.calls[number]?.standing = .cancelled
                return resume
            }
            resume?(.failure(CancellationError()))
        }
    }

    /// Answers a synchronous method's call with the answer the test gave ahead of it
    /// (``respondNow(to:_:for:call:returning:)``); without one, the
    /// test fails and the call throws `ClientAnswersError.noAnswer`.
    public func answerNow<Key: Sendable, Value: Sendable>(_ call: ClientCall<Key>, live: () throws -> Value) throws -> Value {
        let name = Self.name(call.client, call.method, call.key)
        let result = state.withLock { state -> Result<any Sendable, any Error>? in
            state.made += 1
            let number = state.made
            state.calls[number] = Call(name: name, standing: .answered)
            guard let index = state.ahead.firstIndex(where: { $0.number.map { $0 == number } ?? ($0.name == name) }) else { return nil }
            return state.ahead.remove(at: index).result
        }
        guard let result else {
            reportIssue("The synchronous call \(name) has no answer: give it before the step that makes the call, with answers.respondNow(to:…).")
            throw ClientAnswersError.noAnswer(client: call.client, method: call.method)
        }
        return try answerResult(result, to: call)
    }

    /// Answers call number `call` (or, without a number, the oldest waiting call) of `client`'s
    /// `method` with `key` by returning `value`.
    public func respond<Key: Sendable, Value: Sendable>(
        to client: String, _ method: String, for key: Key, call: Int? = nil, returning value: Value,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) async {
        await respond(client, method, key, call, .success(value), fileID: fileID, filePath: filePath, line: line, column: column)
    }

    /// Answers call number `call` (or, without a number, the oldest waiting call) of `client`'s
    /// `method` with `key` by throwing `error`.
    public func respond<Key: Sendable>(
        to client: String, _ method: String, for key: Key, call: Int? = nil, throwing error: any Error,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) async {
        await respond(client, method, key, call, .failure(error), fileID: fileID, filePath: filePath, line: line, column: column)
    }

    /// Gives the answer of a synchronous method's call before the call is made: call number `call`
    /// (or, without a number, the next call of that name) of `client`'s `method` with `key` returns
    /// `value`.
    ///
    /// ```swift
    /// answers.respondNow(to: "PermissionsClient", "status", for: "microphone", call: 1, returning: Permission.denied)
    /// await tester.send({ $0.recordButtonTapped() }) { $0.alert = .microphoneDenied }
    /// ```
    public func respondNow<Key: Sendable, Value: Sendable>(
        to client: String, _ method: String, for key: Key, call: Int? = nil, returning value: Value
    ) {
        let name = Self.name(client, method, key)
        state.withLock { $0.ahead.append((call, name, .success(value))) }
    }

    /// Gives the error a synchronous method's call throws, before the call is made (see
    /// ``respondNow(to:_:for:call:returning:)``).
    public func respondNow<Key: Sendable>(
        to client: String, _ method: String, for key: Key, call: Int? = nil, throwing error: any Error
    ) {
        let name = Self.name(client, method, key)
        state.withLock { $0.ahead.append((call, name, .failure(error))) }
    }

    private func respond(
        _ client: String, _ method: String, _ key: some Sendable, _ number: Int?, _ result: Result<any Sendable, any Error>,
        fileID: StaticString, filePath: StaticString, line: UInt, column: UInt
    ) async {
        let name = Self.name(client, method, key)
        // A call its task has not reached yet gets the main actor's pending work to run first.
        var taken = take(name, number: number)
        for _ in 0..<100 {
            guard case .absent = taken else { break }
            await Task.yield()
            taken = take(name, number: number)
        }
        if case .absent = taken {
            // Outside main-actor scheduling a double's call may first hop to the global executor,
            // which a loaded machine runs late: wait for it in real time, for a bound.
            state.withLock { $0.answersWaitingForACall += 1 }
            _ = await waitOnMainActor(atMost: Settling.callArrivalWait) { [self] in
                state.withLock { $0.holds(name, number: number) }
            }
            state.withLock { $0.answersWaitingForACall -= 1 }
            taken = take(name, number: number)
        }
        let which = number.map { "call \($0), \(name)," } ?? "a call of \(name)"
        switch taken {
        case .dropped: return
        case .waiting(let resume): return resume(result)
        case .misnamed(let other):
            return reportIssue(
                "The answer to \(which) found call \(number ?? 0) to be \(other): the view model made its calls in another order than the test says.",
                fileID: fileID, filePath: filePath, line: line, column: column
            )
        case .absent: break
        }
        let waiting = state.withLock { state in
            state.calls.filter { if case .waiting = $0.value.standing { true } else { false } }
                .sorted { $0.key < $1.key }.map { "call \($0.key), \($0.value.name)" }
        }
        reportIssue(
            "No \(which) waits for an answer; "
                + (waiting.isEmpty ? "none waits" : "waiting: \(waiting.joined(separator: ", "))")
                + " " + Settling.waitLongerAdvice + ".",
            fileID: fileID, filePath: filePath, line: line, column: column
        )
    }
}
