/// Tuning for how long a ``TestClock`` lets woken work run.
///
/// A main-actor hop under XCTest on Linux takes much longer than a yield on the global executor, so
/// settling counts yields (for chains of hand-offs on the caller's actor) *and* real time (for work
/// on other threads), waiting out the latter without spinning.
enum Settling {
    /// `Task.yield()` calls per settle: enough for a chain of hand-offs (a woken task hops back to
    /// its actor, spawns a `Task`, that task hops again, ...) queued behind one another.
    static let yields = 32
    /// Minimum real time per settle, so work on other threads gets scheduled even on a busy machine.
    static let minimumDuration = Duration.milliseconds(3)
    /// Yields after a woken task is seen sleeping on the clock again, for work it handed off.
    static let followUpYields = 2
    /// Longest real time to wait for a woken task to sleep on the clock again before assuming it
    /// finished or waits on something else.
    static let sleepAgainTimeout = Duration.milliseconds(10)
}

/// Lets already-enqueued work run before the caller continues: yields ``Settling/yields`` times on
/// the caller's executor, then waits out the rest of ``Settling/minimumDuration`` (without holding
/// a thread, so other work can use the CPU).
///
/// `nonisolated(nonsending)`: runs on the caller's executor, so a main-actor caller re-enqueues
/// itself behind the main-actor work it is waiting for instead of moving to the global pool.
nonisolated(nonsending) func settle() async {
    let clock = ContinuousClock()
    let end = clock.now.advanced(by: Settling.minimumDuration)
    await yieldRepeatedly(count: Settling.yields)
    if clock.now < end {
        // A real-time pause in test support code, not in tests: it only bounds how long the clock
        // waits for work it cannot observe. Cancellation just ends the pause early.
        try? await clock.sleep(until: end, tolerance: nil)
    }
}

/// Yields the current task exactly `count` times on the caller's executor.
nonisolated(nonsending) func yieldRepeatedly(count: Int) async {
    for _ in 0..<count {
        await Task.yield()
    }
}
