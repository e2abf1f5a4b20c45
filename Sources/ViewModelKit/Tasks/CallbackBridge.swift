internal import Synchronization

/// Awaits an API that reports its result through a callback, with cancellation.
///
/// ```swift
/// let repositories = try await withCallback { resume in
///     client.fetchRepositories(user: "apple") { repositories, error in
///         resume(Result { try repositories ?? { throw error ?? FetcherError.missingData }() })
///     }
/// }
/// ```
///
/// The result is delivered exactly once: the first call of `resume` wins and later calls are ignored.
/// If the awaiting task is cancelled first, this throws `CancellationError` at once instead of waiting
/// for a callback that may never come.
///
/// - Parameters:
///   - isolation: The actor the caller runs on; the default is the caller's own.
///   - start: Starts the work and arranges for `resume` to be called with its result.
/// - Returns: The value the callback delivered.
public func withCallback<Value: Sendable>(
    isolation: isolated (any Actor)? = #isolation,
    _ start: (_ resume: @escaping @Sendable (Result<Value, any Error>) -> Void) -> Void
) async throws -> Value {
    let once = Once<Value>()
    return try await withTaskCancellationHandler {
        try await withCheckedThrowingContinuation(isolation: isolation) { continuation in
            if once.install(continuation) {
                start { result in once.resume(with: result) }
            }
        }
    } onCancel: {
        once.resume(with: .failure(CancellationError()))
    }
}

/// Resumes a continuation at most once, whichever of the callback and the cancellation comes first.
private final class Once<Value: Sendable>: Sendable {
    private enum State {
        case waiting
        case installed(CheckedContinuation<Value, any Error>)
        case done
        case resolvedEarly(Result<Value, any Error>)
    }

    private let state = Mutex(State.waiting)

    /// Installs the continuation; returns `false` (and resumes it) if the result is already known.
    func install(_ continuation: CheckedContinuation<Value, any Error>) -> Bool {
        let early: Result<Value, any Error>? = state.withLock { state in
            if case .resolvedEarly(let result) = state {
                state = .done
                return result
            }
            state = .installed(continuation)
            return nil
        }
        guard let early else { return true }
        continuation.resume(with: early)
        return false
    }

    func resume(with result: Result<Value, any Error>) {
        let continuation: CheckedContinuation<Value, any Error>? = state.withLock { state in
            switch state {
            case .waiting:
                state = .resolvedEarly(result)
                return nil
            case .installed(let continuation):
                state = .done
                return continuation
            case .done, .resolvedEarly:
                return nil
            }
        }
        continuation?.resume(with: result)
    }
}

/// Runs `operation` and hands its outcome to `completion` exactly once, on the main actor: the value
/// and `nil`, or `nil` and the error.
///
/// The bridge from an `async` client method to the callback variant a client protocol offers, so that
/// one implementation backs both:
///
/// ```swift
/// extension NumberFactClientProtocol {
///     @MainActor
///     public func fetchFact(number: Int, completion: @escaping @MainActor (String?, (any Error)?) -> Void) {
///         deliver({ try await fetchFact(number: number) }, to: completion)
///     }
/// }
/// ```
@MainActor
public func deliver<Value: Sendable>(
    _ operation: @escaping @Sendable () async throws -> Value,
    to completion: @escaping @MainActor (Value?, (any Error)?) -> Void
) {
    Task { @MainActor in
        do {
            completion(try await operation(), nil)
        } catch {
            completion(nil, error)
        }
    }
}
