import Synchronization

/// Tuning for how long the test clocks let other work run. Every bound but one is a count of yields
/// on the caller's executor: each yield returns once the work queued ahead of it has run. The one
/// in real time, ``repeatingSleeperWait``, only bounds a wait for a timer's hop to the global
/// executor outside main-actor scheduling.
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

    /// The fewest jobs one yield on the main actor was seen to enqueue there: what such a yield
    /// costs when it is the only work.
    static let ownCost = Atomic<Int>(.max)
    /// How many settles are yielding right now. Each one's yields come in while another waits, so
    /// they are not counted against the queue being empty (two clocks' sleepers settling at once
    /// would otherwise keep each other going to the limit).
    static let activeSettles = Atomic<Int>(0)
    /// The most jobs a lone yield on the main actor enqueues there on this runtime. A cheapest cost
    /// seen above it came from a yield that was not alone, so it says nothing about an empty queue.
    static let ownCostBound = 2
    /// Yields in a row that must each find the queue empty before settling ends.
    static let quietRounds = 2
    /// The one bound in real time: how long a ``TestClock`` waits, outside main-actor scheduling,
    /// for a task woken in `repeatEvery` or `Clock.timer` to come back into `sleep` after yields did
    /// not see it (its call into `sleep` hopped to the global executor, which a loaded machine may
    /// run late). The wait ends as soon as the task is back, or leaves the schedule.
    static let repeatingSleeperWait: Duration = .seconds(1)
    /// How long ``ScriptedAnswers`` waits, after its yields, for a call the test answers to arrive
    /// (a double's call that hopped to the global executor, which a loaded machine runs late). The
    /// wait ends as soon as the call is there.
    static let callArrivalWait: Duration = .seconds(1)
}

/// Yields until `isDone()` holds, or the main actor's queue is found empty (a yield that saw no
/// job but its own come in, twice in a row), or `limit` yields have passed. Returns `isDone()`.
///
/// It always yields on the main actor's queue (a caller elsewhere hops there and back): that is
/// where view models' tasks run, and under main-actor scheduling every task's work. Without
/// main-actor scheduling it yields `limit` times unless `isDone()` holds first.
///
/// `nonisolated(nonsending)`: runs on the caller's executor, so a main-actor caller re-enqueues
/// itself behind the main-actor work it is waiting for instead of moving to the global pool.
@discardableResult
nonisolated(nonsending) func settle(limit: Int = Settling.yields, until isDone: @Sendable () -> Bool = { false }) async -> Bool {
    let onMainActor = (#isolation).map { ($0 as AnyObject) === MainActor.shared } ?? false
    if !onMainActor {
        // View models' tasks, and so most of what a clock wakes, run on the main actor: yields
        // elsewhere would not wait for them.
        return await settleOnMainActor(limit: limit, until: isDone)
    }
    return await settleHere(limit: limit, countingJobs: onMainActor, until: isDone)
}

/// ``settle(limit:until:)`` for a caller that is not on the main actor.
@MainActor
private func settleOnMainActor(limit: Int, until isDone: @Sendable () -> Bool) async -> Bool {
    await settleHere(limit: limit, countingJobs: true, until: isDone)
}

/// The loop of ``settle(limit:until:)``; `countingJobs` when the caller is on the main actor, whose
/// jobs the hooks count.
private nonisolated(nonsending) func settleHere(limit: Int, countingJobs: Bool, until isDone: () -> Bool) async -> Bool {
    Settling.activeSettles.add(1, ordering: .relaxed)
    defer { Settling.activeSettles.subtract(1, ordering: .relaxed) }
    var quiet = 0
    for round in 0..<limit {
        if isDone() { return true }
        let before = countingJobs ? GlobalEnqueueHook.enqueuedJobs : nil
        await Task.yield()
        guard let before, let after = GlobalEnqueueHook.enqueuedJobs else { continue }
        let enqueued = after - before
        // The cheapest cost seen before this yield: what this yield is compared with.
        // Until a lone yield has been measured it is `Int.max`, so nothing is computed from it
        // before the bound check below (two settles at once would overflow the product).
        let cheapest = Settling.ownCost.min(enqueued, ordering: .relaxed).oldValue
        let otherSettles = max(0, Settling.activeSettles.load(ordering: .relaxed) - 1)
        // The first round may follow work the caller queued itself; a later one that saw no more
        // come in than its own yield (and the other settles' yields) found the queue empty.
        if round > 0, cheapest >= 1, cheapest <= Settling.ownCostBound,
           enqueued <= cheapest * (otherSettles + 1) {
            quiet += 1
            if quiet == Settling.quietRounds { break }
        } else {
            quiet = 0
        }
    }
    return isDone()
}

/// Waits on the main actor until `isDone()` holds, returning `true`, or until `limit` of real time
/// has passed, returning `false`: first by yields (behind the main-actor work queued ahead), then
/// by short sleeps, so work on other threads gets the cores.
@MainActor
func waitOnMainActor(atMost limit: Duration, until isDone: @Sendable () -> Bool) async -> Bool {
    let deadline = ContinuousClock.now.advanced(by: limit)
    var round = 0
    while !isDone() {
        guard ContinuousClock.now < deadline else { return false }
        if round < Settling.yields {
            await Task.yield()
        } else {
            try? await Task.sleep(for: .microseconds(200), clock: .continuous)
        }
        round += 1
    }
    return true
}

/// Yields the current task exactly `count` times on the caller's executor.
nonisolated(nonsending) func yieldRepeatedly(count: Int) async {
    for _ in 0..<count {
        await Task.yield()
    }
}
