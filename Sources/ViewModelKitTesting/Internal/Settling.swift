import Synchronization

/// Tuning for how long the test clocks let other work run. Every bound is a count of yields on the
/// caller's executor, never real time: each yield returns once the work queued ahead of it has run.
/// Under main-actor scheduling (see ``GlobalEnqueueHook``) a yield that finds nothing but itself was
/// enqueued while it waited has emptied the queue, and settling ends there; the counts only bound
/// work that keeps re-enqueueing itself, and are used in full where the hooks are missing.
enum Settling {
    /// Most yields per settle: enough for a chain of hand-offs (a woken task hops back to its
    /// actor, spawns a `Task`, that task hops again, ...) queued behind one another.
    static let yields = 32
    /// Most yields to wait for a woken task to sleep on the clock again before treating it as
    /// finished or waiting on something else.
    static let sleepAgainYields = 32
    /// Most yields at the end of each ``ImmediateClock`` sleep, so other ready work runs before it
    /// returns.
    static let immediateSleepYields = 20

    /// The fewest jobs one yield of a main-actor caller was seen to enqueue on the main actor: what
    /// such a yield costs when it is the only work. (A yield hops differently from elsewhere.)
    static let ownCostOnMainActor = Atomic<Int>(.max)
    /// ``ownCostOnMainActor`` for callers elsewhere.
    static let ownCostElsewhere = Atomic<Int>(.max)
    /// How many settles are yielding right now. Each one's yields come in while another waits, so
    /// they are not counted against the queue being empty (two clocks' sleepers settling at once
    /// would otherwise keep each other going to the limit).
    static let activeSettles = Atomic<Int>(0)
}

/// Yields on the caller's executor until `isDone()` holds, or the main actor's queue is found
/// empty (a yield that saw no job but its own come in), or `limit` yields have passed. Returns
/// `isDone()`.
///
/// `nonisolated(nonsending)`: runs on the caller's executor, so a main-actor caller re-enqueues
/// itself behind the main-actor work it is waiting for instead of moving to the global pool.
@discardableResult
nonisolated(nonsending) func settle(limit: Int = Settling.yields, until isDone: () -> Bool = { false }) async -> Bool {
    let onMainActor = (#isolation).map { ($0 as AnyObject) === MainActor.shared } ?? false
    Settling.activeSettles.add(1, ordering: .relaxed)
    defer { Settling.activeSettles.subtract(1, ordering: .relaxed) }
    for round in 0..<limit {
        if isDone() { return true }
        let before = GlobalEnqueueHook.enqueuedJobs
        await Task.yield()
        guard let before, let after = GlobalEnqueueHook.enqueuedJobs else { continue }
        let enqueued = after - before
        let cheapest = onMainActor
            ? Settling.ownCostOnMainActor.min(enqueued, ordering: .relaxed).newValue
            : Settling.ownCostElsewhere.min(enqueued, ordering: .relaxed).newValue
        let otherSettles = Settling.activeSettles.load(ordering: .relaxed) - 1
        let othersCost = max(Settling.ownCostOnMainActor.load(ordering: .relaxed), Settling.ownCostElsewhere.load(ordering: .relaxed))
        let allowed = otherSettles > 0 && othersCost < .max ? cheapest + otherSettles * othersCost : cheapest
        // The first round may follow work the caller queued itself; a later one that saw no more
        // come in than its own yield (and the other settles' yields) found the queue empty.
        if round > 0, enqueued <= allowed { break }
    }
    return isDone()
}

/// Yields the current task exactly `count` times on the caller's executor.
nonisolated(nonsending) func yieldRepeatedly(count: Int) async {
    for _ in 0..<count {
        await Task.yield()
    }
}
