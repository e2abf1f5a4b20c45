import Synchronization

/// The sleeps of the library's own repeating schedules (`repeatEvery`, `Clock.timer`): which tasks
/// are inside one right now, so a test clock that woke such a task can tell that it is on its way
/// to the next sleep.
///
/// Only a hint: a clock that ignores it behaves the same. A test clock uses it where it cannot see
/// the main actor's queue (outside main-actor scheduling): a call into `sleep` through a generic or
/// `any Clock` hops to the global executor first, and a loaded machine may run that hop late.
package enum RepeatingSleep {
    /// The tasks (by the hash of their `UnsafeCurrentTask`) inside a repeating schedule's sleep, from
    /// just before the call until it returns or throws. Counted, so two tasks whose hashes collide
    /// only make a wait longer.
    private static let sleeping = Mutex<[Int: Int]>([:])

    /// Sleeps on `clock` until `deadline`, with the current task marked as inside a repeating sleep.
    package static func sleep<C: Clock>(
        on clock: C,
        until deadline: C.Instant,
        tolerance: C.Duration?,
        isolation: isolated (any Actor)? = #isolation
    ) async throws {
        guard let task = withUnsafeCurrentTask(body: { $0?.hashValue }) else {
            return try await clock.sleep(until: deadline, tolerance: tolerance)
        }
        sleeping.withLock { $0[task, default: 0] += 1 }
        defer {
            sleeping.withLock { tasks in
                tasks[task, default: 1] -= 1
                if tasks[task] == 0 { tasks[task] = nil }
            }
        }
        // A clock that sleeps on its caller's isolation is called so: through `Clock`'s requirement
        // the call would hop to the global executor, and its return hop back to the caller's actor.
        if let clock = clock as? any SleepsOnCallersIsolation,
           try await clock.sleep(untilAny: deadline, tolerance: tolerance) {
            return
        }
        try await clock.sleep(until: deadline, tolerance: tolerance)
    }

    /// Whether the task with this hash is inside a repeating schedule's sleep: on its way into the
    /// clock's `sleep`, sleeping, or back from it but not yet out of the schedule's call.
    package static func isInside(task: Int) -> Bool {
        sleeping.withLock { $0[task] != nil }
    }
}

/// A clock whose sleep runs on its caller's isolation (`nonisolated(nonsending)`): the test clocks.
///
/// The standard library's `Clock.sleep(until:tolerance:)` is a plain `nonisolated async` requirement,
/// so a call through it (from generic code, or through `any Clock`) first hops to the global executor,
/// and the sleeper comes back to its actor with a second hop once woken, whatever the clock's own
/// method says. The library's repeating schedules (`repeatEvery`, `Clock.timer`) call a clock of this
/// kind through ``sleepOnCallersIsolation(until:tolerance:)`` instead: a test clock that wakes a view
/// model's timer then resumes it on the main actor directly, and the next sleep starts there, with no
/// job on another thread to wait for.
package protocol SleepsOnCallersIsolation: Clock {
    /// Sleeps until `deadline`, on the caller's isolation.
    nonisolated(nonsending) func sleepOnCallersIsolation(until deadline: Instant, tolerance: Duration?) async throws
}

extension SleepsOnCallersIsolation {
    /// Sleeps until `deadline` on the caller's isolation and returns `true` when `deadline` is an
    /// instant of this clock; returns `false` without sleeping otherwise.
    nonisolated(nonsending) func sleep<OtherInstant, OtherDuration>(
        untilAny deadline: OtherInstant, tolerance: OtherDuration?
    ) async throws -> Bool {
        guard let deadline = deadline as? Instant else { return false }
        try await sleepOnCallersIsolation(until: deadline, tolerance: tolerance.flatMap { $0 as? Duration })
        return true
    }
}
