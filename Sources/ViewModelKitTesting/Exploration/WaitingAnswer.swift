internal import ViewModelKit

/// Resumes a caller waiting for a client's answer: with the value (if it is of the call's type) or
/// the error.
typealias AnswerResume = @Sendable (Result<any Sendable, any Error>) -> Void

/// Suspends the caller of `call` until the resume it hands to `register` is called, or its task is
/// cancelled: what ``ExploredAnswers`` and ``ScriptedAnswers`` share.
///
/// - Parameters:
///   - register: Keeps the resume, under the lock `cancel` takes; returns `false` when it finds the
///     task already cancelled (checked under that lock, so either `cancel` finds the call or this
///     sees the cancellation).
///   - cancel: Removes the call, if it is still kept, and resumes it with `CancellationError`.
func waitForAnswer<Key: Sendable, Value: Sendable>(
    to call: ClientCall<Key>, isolation: isolated (any Actor)?,
    register: (@escaping AnswerResume) -> Bool,
    cancel: @Sendable () -> Void
) async throws -> Value {
    // Only the test ends this wait: a tester's `send` may return while its intent waits here.
    let controlled = ControlledWaits.scope
    controlled?.begin()
    defer { controlled?.end() }
    return try await withTaskCancellationHandler {
        try await withCheckedThrowingContinuation(isolation: isolation) { (continuation: CheckedContinuation<Value, any Error>) in
            let resume: AnswerResume = { result in
                continuation.resume(with: Result { try answerResult(result, to: call) as Value })
            }
            if !register(resume) { continuation.resume(throwing: CancellationError()) }
        }
    } onCancel: {
        cancel()
    }
}
