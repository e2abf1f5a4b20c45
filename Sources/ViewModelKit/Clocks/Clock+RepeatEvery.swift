/// Calls `tick` once per `interval` on `clock`, without drift, until the task is cancelled or `tick`
/// throws. Once the task is cancelled, `tick` is not called again, even if the sleep had already ended.
///
/// Each deadline is computed from the previous deadline, not from when the last tick finished, so
/// slow ticks do not push the schedule back:
///
/// ```swift
/// task(id: "timer") { [weak self, clock] in
///     try await repeatEvery(.seconds(1), on: clock) {
///         self?.count += 1
///     }
/// }
/// ```
///
/// Works with an `any Clock<Duration>` (a view model's injected clock): the clock is opened here,
/// where its `Instant` type is known.
///
/// - Throws: `CancellationError` when the task is cancelled, or what `tick` throws.
public func repeatEvery(
    _ interval: Duration,
    on clock: any Clock<Duration>,
    isolation: isolated (any Actor)? = #isolation,
    _ tick: () async throws -> Void
) async throws {
    try await repeatEvery(interval, onOpened: clock, isolation: isolation, tick)
}

private func repeatEvery<C: Clock<Duration>>(
    _ interval: Duration,
    onOpened clock: C,
    isolation: isolated (any Actor)?,
    _ tick: () async throws -> Void
) async throws {
    var deadline = clock.now.advanced(by: interval)
    while true {
        try await RepeatingSleep.sleep(on: clock, until: deadline, tolerance: nil)
        // Cancelled while the sleep was ending (on the caller's actor, before this step): no tick.
        try Task.checkCancellation()
        try await tick()
        deadline = deadline.advanced(by: interval)
    }
}
