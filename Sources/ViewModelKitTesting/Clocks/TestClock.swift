import Synchronization
internal import ViewModelKit

/// A clock whose time only moves when a test says so.
///
/// Hand it to code under test that takes `any Clock<Duration>`; sleeps on it suspend until the
/// test moves time past their deadlines with ``advance(by:)``, ``advance(to:)`` or ``run(timeout:fileID:filePath:line:column:)``.
///
/// ```swift
/// @MainActor func testTimer() async {
///     let clock = TestClock()
///     let model = TimerModel(clock: clock)   // ticks once a second
///     model.start()
///     await clock.advance(by: .seconds(3))
///     XCTAssertEqual(model.ticks, 3)
/// }
/// ```
///
/// Waking is cooperative: it waits for work, not for time to pass. After resuming a sleeper, `advance` waits
/// until the woken task is running again (it reports back from `sleep`), then until it sleeps on
/// this clock again (a timer loop) or nothing is left to run, then lets the work it handed off run
/// until nothing is left again, and only then wakes the next sleeper. "Nothing left" is two yields
/// in a row that found the main actor's queue empty, or a fixed number of yields where that cannot
/// be seen.
/// Repeating timers should be driven with ``advance(by:)`` or a bounded
/// ``run(timeout:fileID:filePath:line:column:)``.
///
/// `repeatEvery` and `Clock.timer` call this clock's sleep on their caller's isolation, so a view
/// model's timer woken by `advance` ticks and sleeps again on the main actor, in the job the wake
/// queued, with no hop to wait for. A sleep that code calls itself through `any Clock` hops to the
/// global executor first; see the Controlling time article for when a test needs
/// `withMainActorScheduling`.
///
/// A test clock leaves the process's scheduling as it is. Inside `withMainActorScheduling` (or a
/// test with the `.mainActorScheduling` trait) the tasks of the process run on the main actor, one
/// job at a time, so those waits let the same work run, in the same order, on every run of the test.
///
/// ## Topics
///
/// ### Creating a clock
///
/// - ``init(now:)``
/// - ``Instant``
/// - ``Duration``
///
/// ### Moving time
///
/// - ``advance(by:)``
/// - ``advance(to:)``
/// - ``run(timeout:fileID:filePath:line:column:)``
///
/// ### Looking at the sleepers
///
/// - ``pendingSleepers``
/// - ``checkSuspension(_:fileID:filePath:line:column:)``
///
/// ### Telling time
///
/// - ``now``
/// - ``minimumResolution``
/// - ``sleep(until:tolerance:)``
public final class TestClock: Clock, Sendable {
    /// A point in time of this clock: an offset from its start.
    public typealias Instant = OffsetInstant<TestClock>

    /// The clock's duration type, the standard library's `Duration`.
    public typealias Duration = Swift.Duration

    /// A suspended call to ``sleep(until:tolerance:)``.
    private struct Sleeper {
        /// Increases with every sleep, so sleepers with equal deadlines wake in the order they started.
        let id: UInt64
        let deadline: Instant
        let startedAt: Instant
        /// Identifies the sleeping task (the hash of its `UnsafeCurrentTask`), so `advance` can see
        /// when a woken task sleeps again. A task has at most one pending sleep on a clock, and a
        /// hash collision between live tasks would only shorten one wait.
        let task: Int?
        let continuation: CheckedContinuation<Void, any Error>
    }

    private struct State {
        var now: Instant
        var nextID: UInt64 = 0
        /// Waiting sleepers, sorted by deadline, then by `id`.
        var sleepers: [Sleeper] = []
        /// For sleepers that `advance` has resumed: resumed by the sleeper once its task runs again.
        var wakeAcknowledgements: [UInt64: CheckedContinuation<Void, Never>] = [:]
        /// How many times each task (by hash) has come into ``sleep(until:tolerance:)``, whether it
        /// then slept or threw for cancellation.
        var arrivals: [Int: Int] = [:]
    }

    private let state: Mutex<State>

    /// Creates a clock whose current time starts at `now` (by default, offset zero).
    ///
    /// ```swift
    /// let clock = TestClock()
    /// clock.now   // TestClock.Instant(offset: 0.0 seconds)
    /// ```
    public init(now: Instant = .init()) {
        state = Mutex(State(now: now))
    }

    /// The current time. It only changes when the clock is advanced.
    public var now: Instant {
        state.withLock { $0.now }
    }

    /// The smallest measurable step: `.zero`, since the test decides how far time moves.
    public var minimumResolution: Duration {
        .zero
    }

    /// The sleeps still waiting, earliest deadline first (ties in the order they started), each
    /// with the time at which it began. Useful for reporting leftover timers at the end of a test.
    ///
    /// ```swift
    /// XCTAssertTrue(clock.pendingSleepers.isEmpty, "Unfinished sleeps: \(clock.pendingSleepers)")
    /// ```
    public var pendingSleepers: [(deadline: Instant, startedAt: Instant)] {
        state.withLock { state in
            state.sleepers.map { (deadline: $0.deadline, startedAt: $0.startedAt) }
        }
    }

    /// Suspends until the clock is advanced to `deadline` or beyond.
    ///
    /// Throws `CancellationError` as soon as the current task is cancelled, without waiting for
    /// time to move. A `deadline` at or before ``now`` suspends too, until the test next advances
    /// the clock (even by zero: `await clock.advance()`), so a test decides when such a sleeper
    /// goes on, as with any other.
    ///
    /// ```swift
    /// try await clock.sleep(until: clock.now.advanced(by: .seconds(1)))
    /// // or, through the `Clock` extension:
    /// try await clock.sleep(for: .seconds(1))
    /// ```
    ///
    /// - Parameters:
    ///   - deadline: The instant to sleep until.
    ///   - tolerance: Ignored; the test clock wakes sleepers exactly at their deadline.
    public nonisolated(nonsending) func sleep(
        until deadline: Instant,
        tolerance: Duration? = nil
    ) async throws {
        let task = withUnsafeCurrentTask { $0?.hashValue }
        let id = state.withLock { state in
            defer { state.nextID += 1 }
            return state.nextID
        }
        // Runs once this task is running again, whether it was woken or cancelled.
        defer { acknowledgeWake(of: id) }
        // Only the test ends this wait: a tester's `send` may return while its intent sleeps here.
        let controlled = ControlledWaits.scope
        controlled?.begin()
        defer { controlled?.end() }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let isCancelled = state.withLock { state -> Bool in
                    // Counted with the sleeper's insertion, under one lock, so `advance` never sees
                    // the task back in `sleep` before its sleeper is there.
                    if let task { state.arrivals[task, default: 0] += 1 }
                    // Checked under the lock: the cancellation handler takes the same lock, and the
                    // task's cancelled flag is set before its handler runs, so either the handler
                    // finds this sleeper or this check sees the cancellation.
                    if Task.isCancelled { return true }
                    let sleeper = Sleeper(
                        id: id, deadline: deadline, startedAt: state.now, task: task, continuation: continuation
                    )
                    let index = state.sleepers.firstIndex { $0.deadline > deadline } ?? state.sleepers.endIndex
                    state.sleepers.insert(sleeper, at: index)
                    return false
                }
                if isCancelled {
                    continuation.resume(throwing: CancellationError())
                }
            }
        } onCancel: {
            let sleeper = state.withLock { state -> Sleeper? in
                guard let index = state.sleepers.firstIndex(where: { $0.id == id }) else { return nil }
                return state.sleepers.remove(at: index)
            }
            sleeper?.continuation.resume(throwing: CancellationError())
        }
    }

    /// ``sleep(until:tolerance:)``, for the library's repeating schedules, which call it on their
    /// caller's isolation (see `SleepsOnCallersIsolation`).
    package nonisolated(nonsending) func sleepOnCallersIsolation(until deadline: Instant, tolerance: Duration?) async throws {
        try await sleep(until: deadline, tolerance: tolerance)
    }

    /// Moves time forward by `duration`, waking every sleeper whose deadline is reached, in
    /// deadline order (ties in the order they started sleeping).
    ///
    /// While a sleeper wakes, ``now`` equals its deadline; the woken work gets to run until it
    /// suspends again before the next sleeper wakes, so sleeps scheduled by woken work are woken
    /// too if they fall within the window. Afterwards ``now`` is the old `now` plus `duration`.
    /// `advance()` (by `.zero`) just lets pending work run and wakes sleepers due now.
    ///
    /// ```swift
    /// await clock.advance(by: .seconds(600))   // a once-a-second timer ticks 600 times
    /// ```
    public nonisolated(nonsending) func advance(by duration: Duration = .zero) async {
        await advance(to: now.advanced(by: duration))
    }

    /// Moves time forward to `deadline`, waking sleepers as ``advance(by:)`` does. A `deadline`
    /// earlier than ``now`` does not move time backwards (sleepers due now still wake).
    ///
    /// ```swift
    /// await clock.advance(to: .init(offset: .seconds(30)))
    /// ```
    public nonisolated(nonsending) func advance(to deadline: Instant) async {
        // Let tasks that were just started reach their first sleep before looking at the sleepers.
        await settle()
        await wakeSleepers(through: deadline, stopWhenDrained: false)
    }

    /// Advances until no sleeper is left, including sleeps started by woken work, but never past
    /// `now + timeout`. ``now`` records how far the run got: the last deadline it woke, or
    /// `now + timeout` if sleepers remain.
    ///
    /// Sleepers left after the timeout fail the test, each named with its deadline and when it
    /// started (a timer that never stops, or a deadline beyond the timeout); ``pendingSleepers``
    /// still lists them.
    ///
    /// ```swift
    /// await clock.run()
    /// ```
    ///
    /// - Parameters:
    ///   - timeout: How far the run may move time. Defaults to a day.
    ///   - fileID: The `#fileID` of this call, for the failure report. Leave the default, so that
    ///     a failure points at this call.
    ///   - filePath: The `#filePath` of this call: the file XCTest shows a failure in.
    ///   - line: The line a failure points at; the line of this call by default.
    ///   - column: The column a failure points at; the column of this call by default.
    public nonisolated(nonsending) func run(
        timeout: Duration = .seconds(60 * 60 * 24),
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) async {
        let limit = now.advanced(by: timeout)
        await settle()
        await wakeSleepers(through: limit, stopWhenDrained: true)
        let left = pendingSleepers
        guard !left.isEmpty else { return }
        let listed = left.map { "until \($0.deadline) (started at \($0.startedAt))" }.joined(separator: "; ")
        IssueReporting.installTestReporterIfNeeded()
        reportIssue(
            "Expected all sleeps to finish, but some are still suspending after \(timeout).\n\n"
                + "TestClock.run(timeout: \(timeout)): \(counted(left.count, "sleep")) "
                + "\(left.count == 1 ? "is" : "are") still suspended at \(now): \(listed). Advance further, "
                + "raise the timeout, or cancel the work that keeps sleeping.",
            fileID: fileID, filePath: filePath, line: line, column: column
        )
    }

    /// Fails the test unless each of `tasks` is suspended in a sleep on this clock, after letting
    /// pending work run. Call it before advancing, to know that the work the test started has
    /// reached its sleep (and is not running, finished, or waiting on something else).
    ///
    /// ```swift
    /// let timer = Task { try await clock.sleep(for: .seconds(1)) }
    /// await clock.checkSuspension(timer)   // passes: the task waits on the clock
    /// ```
    ///
    /// Without tasks, it fails unless at least one sleep is pending on the clock.
    ///
    /// - Parameters:
    ///   - tasks: The tasks that should be sleeping on this clock.
    ///   - fileID: The `#fileID` of this call, for the failure report. Leave the default, so that
    ///     a failure points at this call.
    ///   - filePath: The `#filePath` of this call: the file XCTest shows a failure in.
    ///   - line: The line a failure points at; the line of this call by default.
    ///   - column: The column a failure points at; the column of this call by default.
    public nonisolated(nonsending) func checkSuspension<each Success, each Failure>(
        _ tasks: repeat Task<each Success, each Failure>,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) async {
        await settle()
        // A sleeper records the hash of its `UnsafeCurrentTask`, which equals the hash of the
        // task's `Task` handle (both hash the same task object).
        let sleeping = state.withLock { Set($0.sleepers.compactMap(\.task)) }
        var total = 0
        var notSleeping: [Int] = []
        for task in repeat each tasks {
            total += 1
            if !sleeping.contains(task.hashValue) { notSleeping.append(total) }
        }
        let message: String
        if total == 0 {
            guard sleeping.isEmpty else { return }
            message = "TestClock.checkSuspension(): nothing is suspended on the clock."
        } else {
            guard !notSleeping.isEmpty else { return }
            let which = notSleeping.map { "\($0)" }.joined(separator: ", ")
            let subject = notSleeping.count == 1 ? "task \(which) of \(total) is" : "tasks \(which) of \(total) are"
            message = "TestClock.checkSuspension(): \(subject) not suspended on the clock (still running, finished, or waiting on something else)."
        }
        IssueReporting.installTestReporterIfNeeded()
        reportIssue(message, fileID: fileID, filePath: filePath, line: line, column: column)
    }

    /// Wakes sleepers one at a time up to `limit`, letting woken work run after each. Then moves
    /// ``now`` to `limit` (never backwards), unless `stopWhenDrained` and no sleeper is left.
    private nonisolated(nonsending) func wakeSleepers(through limit: Instant, stopWhenDrained: Bool) async {
        while let (sleeper, arrivals) = popSleeper(through: limit) {
            // Resume the sleeper and wait until its task is actually running again (it
            // acknowledges from `sleep`), which does not depend on scheduling luck.
            await withCheckedContinuation { (acknowledgement: CheckedContinuation<Void, Never>) in
                state.withLock { $0.wakeAcknowledgements[sleeper.id] = acknowledgement }
                sleeper.continuation.resume()
            }
            // Let the woken work run until its task sleeps on this clock again (or stops running),
            // then let what it handed off run too, before the next sleeper wakes.
            await waitUntilSleepingAgain(sleeper, arrivalsBeforeWake: arrivals)
            await settle()
        }
        state.withLock { state in
            if !stopWhenDrained || !state.sleepers.isEmpty {
                state.now = max(state.now, limit)
            }
        }
    }

    /// Removes and returns the earliest sleeper due by `deadline`, setting ``now`` to its deadline,
    /// with how many times its task has come into `sleep` so far.
    private func popSleeper(through deadline: Instant) -> (Sleeper, arrivals: Int)? {
        state.withLock { state in
            guard let first = state.sleepers.first, first.deadline <= deadline else { return nil }
            state.sleepers.removeFirst()
            state.now = max(state.now, first.deadline)
            return (first, first.task.map { state.arrivals[$0, default: 0] } ?? 0)
        }
    }

    /// Waits until the woken sleeper's task comes back into `sleep` on this clock (to sleep again,
    /// or to throw for cancellation), returning `true`, or until settling ends without it, returning
    /// `false`. Each look follows a yield, after the work queued ahead of it.
    ///
    /// A repeating schedule (`repeatEvery`, `Clock.timer`) comes back on its caller's isolation
    /// (`SleepsOnCallersIsolation`), so its task is back before the first look. Should it still be on
    /// its way (outside main-actor scheduling, through a hop yields cannot wait for), this then
    /// waits, for at most ``Settling/repeatingSleeperWait`` of real time, until the task is back or
    /// has left the schedule.
    @discardableResult
    private nonisolated(nonsending) func waitUntilSleepingAgain(_ sleeper: Sleeper, arrivalsBeforeWake: Int) async -> Bool {
        guard let task = sleeper.task else { return false }
        let isBack: @Sendable () -> Bool = { [self] in
            state.withLock { $0.arrivals[task, default: 0] > arrivalsBeforeWake }
        }
        if await settle(limit: Settling.sleepAgainYields, until: isBack) { return true }
        guard !GlobalEnqueueHook.isActive, RepeatingSleep.isInside(task: task) else { return false }
        _ = await waitOnMainActor(atMost: Settling.repeatingSleeperWait) {
            isBack() || !RepeatingSleep.isInside(task: task)
        }
        if !isBack(), RepeatingSleep.isInside(task: task) {
            Settling.recordGiveUp("a task woken in a repeating schedule of a TestClock did not come back to sleep on it")
        }
        return isBack()
    }

    private func acknowledgeWake(of id: UInt64) {
        let acknowledgement = state.withLock { $0.wakeAcknowledgements.removeValue(forKey: id) }
        acknowledgement?.resume()
    }
}


extension TestClock: SleepsOnCallersIsolation {}
