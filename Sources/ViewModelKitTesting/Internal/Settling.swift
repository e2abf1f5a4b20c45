import Foundation
import Synchronization

/// Tuning for how long the test clocks let other work run. Every bound but the real-time ones is a
/// count of yields on the main actor: each yield returns once the work queued ahead of it has run.
///
/// There is no telling from test support that the main actor's queue is empty: the runtime's hook for
/// the main executor's enqueue is not called for an ordinary main-actor job (swiftlang/swift#63104;
/// a probe on Swift 6.3 counted none for 100 `Task.yield()`s, for `Task { @MainActor in }` and for
/// `MainActor.run`), so a settle yields its whole bound unless what it waits for happens first.
/// The bounds are tunable, as swift-clocks' `TASK_MEGA_YIELD_COUNT` is:
/// - `VMK_SETTLE_YIELDS` (at most 10,000): the yields of a settle, and of a wait for a woken task to
///   sleep on the clock again. Unset, 8 inside a main-actor scheduling scope, where every job of the
///   process waits on the main queue in order, so that a yield lets all that was queued ahead run and
///   a chain of hand-offs takes a yield a link; 32 outside one, where work on other threads needs
///   time too;
/// - `VMK_SETTLE_WAIT_MS` (default 1,000, at most 60,000): the real-time waits for a hop to the
///   global executor outside main-actor scheduling (``repeatingSleeperWait``, ``callArrivalWait``).
///
/// A wait that gives up says so, with these names, in the failure it causes.
enum Settling {
    /// Most yields per settle: enough for a chain of hand-offs (a woken task hops back to its
    /// actor, spawns a `Task`, that task hops again, ...) queued behind one another.
    static var yields: Int { configuredYields ?? (GlobalEnqueueHook.isActive ? scopedYields : unscopedYields) }
    /// `VMK_SETTLE_YIELDS`, when it is set to a usable number.
    static let configuredYields: Int? = {
        let unset = -1
        let value = bound("VMK_SETTLE_YIELDS", default: unset, maximum: 10_000)
        return value == unset ? nil : value
    }()
    /// ``yields`` inside a main-actor scheduling scope, unless `VMK_SETTLE_YIELDS` says otherwise.
    static let scopedYields = 8
    /// ``yields`` outside a scope, unless `VMK_SETTLE_YIELDS` says otherwise.
    static let unscopedYields = 32
    /// Most yields to wait for a woken task to sleep on the clock again before treating it as
    /// finished or waiting on something else.
    static var sleepAgainYields: Int { yields }
    /// Most yields at the end of each ``ImmediateClock`` sleep, so other ready work runs before it
    /// returns.
    static let immediateSleepYields = 20
    /// The real-time bound, in milliseconds, of the waits for a hop to the global executor.
    static let waitMilliseconds = bound("VMK_SETTLE_WAIT_MS", default: 1_000, maximum: 60_000)
    /// How long a ``TestClock`` waits, outside main-actor scheduling, for a task woken in
    /// `repeatEvery` or `Clock.timer` to come back into `sleep` after yields did not see it (its call
    /// into `sleep` hopped to the global executor, which a loaded machine may run late). The wait
    /// ends as soon as the task is back, or leaves the schedule.
    static let repeatingSleeperWait: Duration = .milliseconds(waitMilliseconds)
    /// How long ``ScriptedAnswers`` waits, after its yields, for a call the test answers to arrive
    /// (a double's call that hopped to the global executor, which a loaded machine runs late). The
    /// wait ends as soon as the call is there.
    static let callArrivalWait: Duration = .milliseconds(waitMilliseconds)

    /// How to wait longer, for a failure that follows a wait that gave up.
    static var waitLongerAdvice: String {
        "(bounds: \(yields) yields, VMK_SETTLE_YIELDS; \(waitMilliseconds) ms, VMK_SETTLE_WAIT_MS: raise them "
            + "on a loaded machine)"
    }

    /// The waits that gave up, newest last (the last few): when, and what was waited for.
    private static let giveUps = Mutex<[(at: ContinuousClock.Instant, what: String)]>([])

    /// Records that a bounded wait for `what` gave up, so that a failure reported later names it.
    static func recordGiveUp(_ what: String) {
        giveUps.withLock { giveUps in
            giveUps.append((ContinuousClock.now, what))
            if giveUps.count > 4 { giveUps.removeFirst() }
        }
    }

    /// A paragraph naming the waits that gave up at or after `start`, or `nil` when none did.
    static func giveUpNote(since start: ContinuousClock.Instant) -> String? {
        let what = giveUps.withLock { $0.filter { $0.at >= start }.map(\.what) }
        guard !what.isEmpty else { return nil }
        return "A wait of the test support gave up before this: " + what.joined(separator: "; ") + " "
            + waitLongerAdvice + "."
    }

    /// A positive bound from the environment variable `name`, or `defaultValue` when it is unset or
    /// not a number; at most `maximum`.
    static func bound(_ name: String, default defaultValue: Int, maximum: Int) -> Int {
        guard let text = ProcessInfo.processInfo.environment[name], let value = Int(text), value > 0 else { return defaultValue }
        return min(value, maximum)
    }
}

/// Yields on the main actor until `isDone()` holds, or `limit` yields have passed. Returns `isDone()`.
///
/// It always yields on the main actor's queue (a caller elsewhere hops there and back): that is
/// where view models' tasks run, and under main-actor scheduling every task's work. Each yield
/// queues behind the work queued ahead of it; nothing tells that the queue is empty (see
/// ``Settling``), so without `isDone` it yields `limit` times.
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
    return await settleHere(limit: limit, until: isDone)
}

/// ``settle(limit:until:)`` for a caller that is not on the main actor.
@MainActor
private func settleOnMainActor(limit: Int, until isDone: @Sendable () -> Bool) async -> Bool {
    await settleHere(limit: limit, until: isDone)
}

/// The loop of ``settle(limit:until:)``.
private nonisolated(nonsending) func settleHere(limit: Int, until isDone: () -> Bool) async -> Bool {
    for _ in 0..<limit {
        if isDone() { return true }
        await Task.yield()
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
