/// Runs `operation`, throwing `expired()` if `duration` passes on `clock` before it finishes; the
/// operation is then cancelled.
///
/// ```swift
/// let page = try await withDeadline(.seconds(30), on: clock, expired: { .timedOut(url) }) { try await fetch(url) }
/// ```
/// - Throws: What `operation` throws, `expired()` when the time is up, or `CancellationError`.
package func withDeadline<Value: Sendable>(
    _ duration: Duration,
    on clock: any Clock<Duration>,
    expired: @escaping @Sendable () -> any Error,
    _ operation: @escaping @Sendable () async throws -> Value
) async throws -> Value {
    try await withThrowingTaskGroup(of: Value?.self) { group in
        group.addTask { try await operation() }
        group.addTask {
            try await clock.sleep(for: duration)
            return nil
        }
        defer { group.cancelAll() }
        guard case .some(let first) = try await group.next(), let value = first else {
            throw expired()
        }
        return value
    }
}
