internal import Synchronization
internal import ViewModelKit

/// A callback-style API that never calls back, for lifetime tests.
///
/// It keeps every `resume` it was given, so a test can answer late with ``answerLate()``, and counts
/// how the awaiting calls ended.
public final class SilentCallbackService: Sendable {
    private let state = Mutex<(resumes: [@Sendable (Result<Void, any Error>) -> Void], started: Int, cancelled: Int, other: Int)>(
        ([], 0, 0, 0)
    )

    /// Creates a service with no request started.
    public init() {}

    /// Starts a request that never answers; throws `CancellationError` once the caller is cancelled.
    public func request() async throws {
        do {
            try await withCallback { resume in
                state.withLock {
                    $0.resumes.append(resume)
                    $0.started += 1
                }
            }
        } catch is CancellationError {
            state.withLock { $0.cancelled += 1 }
            throw CancellationError()
        } catch {
            state.withLock { $0.other += 1 }
            throw error
        }
    }

    /// How many requests started.
    public var started: Int { state.withLock { $0.started } }
    /// How many requests ended because their caller was cancelled.
    public var cancelled: Int { state.withLock { $0.cancelled } }
    /// How many requests ended any other way (a late answer delivered twice would count here).
    public var other: Int { state.withLock { $0.other } }

    /// Calls every kept `resume` now, as a late answer would, then forgets them.
    public func answerLate() {
        let resumes = state.withLock { state in
            defer { state.resumes = [] }
            return state.resumes
        }
        for resume in resumes { resume(.success(())) }
    }
}

/// Yields until `condition` holds, for work that runs on the cooperative pool; no real time passes.
/// - Returns: Whether `condition` came to hold within `turns` yields.
@MainActor
public func yieldUntil(turns: Int = 1_000_000, _ condition: () -> Bool) async -> Bool {
    for _ in 0..<turns {
        if condition() { return true }
        await Task.yield()
    }
    return condition()
}

/// Yields until `condition` holds or `limit` of real time passes, for work on threads of its own (a
/// server's, URLSession's), which no number of yields is sure to outlast on a loaded machine. A
/// safety net, not a timing assertion: a wait that succeeds returns as soon as `condition` holds.
/// `nonisolated(nonsending)`: it runs on the caller's executor, so `condition` is asked where the
/// caller would ask it, whatever the caller's isolation.
///
/// ```swift
/// guard await yieldUntil(upTo: .seconds(60), { server.bytesSentSoFar >= 1 << 20 }) else {
///     return XCTFail("waited 60 s for the server to send 1 MB")
/// }
/// ```
/// - Returns: Whether `condition` came to hold before `limit` passed.
public nonisolated(nonsending) func yieldUntil(upTo limit: Duration, _ condition: () -> Bool) async -> Bool {
    let giveUp = ContinuousClock.now.advanced(by: limit)
    while !condition() {
        guard ContinuousClock.now < giveUp else { return false }
        await Task.yield()
    }
    return true
}
