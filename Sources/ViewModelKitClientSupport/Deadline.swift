internal import Synchronization

/// Runs `operation`, throwing `expired()` if `duration` passes on `clock` before it finishes; the
/// operation is then cancelled.
///
/// ```swift
/// let page = try await withDeadline(.seconds(30), on: clock, expired: { .timedOut(url) }) { try await fetch(url) }
/// ```
///
/// The deadline holds even when the operation is slow to notice its cancellation (a transfer that
/// FoundationNetworking keeps going while it buffers a redirect's body): the caller gets `expired()`
/// at the deadline, and the operation, cancelled, ends in the background. A task group would wait
/// for it instead.
///
/// - Throws: What `operation` throws, `expired()` when the time is up, or `CancellationError`.
package func withDeadline<Value: Sendable>(
    _ duration: Duration,
    on clock: any Clock<Duration>,
    expired: @escaping @Sendable () -> any Error,
    _ operation: @escaping @Sendable () async throws -> Value
) async throws -> Value {
    let outcome = DeadlineOutcome<Value>()
    let work = Task { try await operation() }
    let timer = Task {
        try await clock.sleep(for: duration)
        outcome.settle(.failure(expired()))
    }
    let waiter = Task {
        let result = await work.result
        outcome.settle(result)
    }
    defer {
        work.cancel()
        timer.cancel()
        waiter.cancel()
    }
    return try await withTaskCancellationHandler {
        try await outcome.value()
    } onCancel: {
        outcome.settle(.failure(CancellationError()))
    }
}

/// The first of the operation's result, the deadline and the caller's cancellation: whichever comes
/// first resumes the caller, once.
private final class DeadlineOutcome<Value: Sendable>: Sendable {
    private enum State {
        case waiting(CheckedContinuation<Value, any Error>?)
        case settled(Result<Value, any Error>)
    }

    private let state = Mutex(State.waiting(nil))

    /// Waits for the outcome (at once if it is already known).
    func value() async throws -> Value {
        try await withCheckedThrowingContinuation { continuation in
            let known: Result<Value, any Error>? = state.withLock { state in
                switch state {
                case .waiting:
                    state = .waiting(continuation)
                    return nil
                case .settled(let result):
                    return result
                }
            }
            if let known { continuation.resume(with: known) }
        }
    }

    /// Records `result` unless an outcome is already known, and resumes the waiting caller.
    func settle(_ result: Result<Value, any Error>) {
        let waiting: CheckedContinuation<Value, any Error>? = state.withLock { state in
            guard case .waiting(let continuation) = state else { return nil }
            state = .settled(result)
            return continuation
        }
        waiting?.resume(with: result)
    }
}
