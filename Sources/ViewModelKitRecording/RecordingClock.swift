internal import Synchronization
internal import ViewModelKit

/// A clock for a recorded session: it sleeps on a live clock and keeps the time the view model saw,
/// so that a replay can advance a `TestClock` to exactly the same points.
///
/// ```swift
/// let clock = RecordingClock(ContinuousClock())
/// let counter = CounterViewModel(client: client, clock: clock)
/// let recorder = SessionRecorder(counter, clock: clock)
/// ```
///
/// Its time is logical: it moves when an intent is recorded (to the live time then, in whole
/// milliseconds) and when a sleep ends (to the sleep's deadline), and stands still in between. So
/// a timer tick happens at its deadline whatever the machine's jitter, and an intent is always
/// placed before a sleep that had not ended when the intent came, even if its deadline had just
/// passed: a replay sees the tick and the key press in the order the live session did.
public final class RecordingClock<Base: Clock<Duration>>: Clock, Sendable {
    /// A point of the recorded session's time: how long after its start.
    public struct Instant: InstantProtocol, Sendable {
        /// The time since the session started.
        public var offset: Duration

        /// Creates an instant `offset` after the start.
        public init(offset: Duration) {
            self.offset = offset
        }

        /// This instant moved by `duration`.
        public func advanced(by duration: Duration) -> Instant {
            Instant(offset: offset + duration)
        }

        /// How long from this instant to `other`.
        public func duration(to other: Instant) -> Duration {
            other.offset - offset
        }

        /// Whether `lhs` comes first.
        public static func < (lhs: Instant, rhs: Instant) -> Bool {
            lhs.offset < rhs.offset
        }
    }

    /// A sleep in progress, or one that ended whose task has not yet been seen to go on.
    private struct Sleep {
        var deadline: Duration
        var task: UInt64?
        var ended = false
    }

    private struct State {
        var now: Duration = .zero
        var nextSleep = 0
        var sleeps: [Int: Sleep] = [:]
    }

    private let base: Base
    private let start: Base.Instant
    private let state = Mutex(State())

    /// Starts the session's time now, on `base`.
    public init(_ base: Base) {
        self.base = base
        self.start = base.now
    }

    /// The session's logical time (inside a task whose sleep just ended: that sleep's deadline).
    public var now: Instant {
        let task = RunningTask.currentToken
        return Instant(offset: state.withLock { state in
            state.sleeps.values.reduce(state.now) { now, sleep in
                sleep.ended && sleep.task != nil && sleep.task == task ? max(now, sleep.deadline) : now
            }
        })
    }

    /// The live clock's resolution.
    public var minimumResolution: Duration {
        base.minimumResolution
    }

    /// Sleeps on the live clock until `deadline`.
    public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        let task = RunningTask.currentToken
        let sleep = state.withLock { state in
            state.nextSleep += 1
            state.sleeps[state.nextSleep] = Sleep(deadline: deadline.offset, task: task)
            return state.nextSleep
        }
        do {
            try await base.sleep(until: start.advanced(by: deadline.offset), tolerance: tolerance)
            // A replay cancels a sleep that has not ended; so does this, up to the last moment.
            try Task.checkCancellation()
        } catch {
            state.withLock { _ = $0.sleeps.removeValue(forKey: sleep) }
            throw error
        }
        state.withLock { state in
            if task == nil {
                // Not an owned task's sleep: nothing tells when its caller goes on; its end is now.
                state.sleeps.removeValue(forKey: sleep)
                state.now = max(state.now, deadline.offset)
            } else {
                state.sleeps[sleep]?.ended = true
            }
        }
    }

    /// The time an intent recorded now happens at: the live time in whole milliseconds, but before
    /// every sleep whose task has not gone on yet (a replay's `advance` would run that task first),
    /// and never earlier than the time already recorded. `sleeping` says whether any sleep was in
    /// progress then: if none was, nothing in a replay depends on how much time passed before it.
    func intentTime() -> (time: Duration, sleeping: Bool) {
        let live = start.duration(to: base.now)
        let milliseconds = live.components.seconds * 1_000 + live.components.attoseconds / 1_000_000_000_000_000
        return state.withLock { state in
            var time = Duration.milliseconds(max(0, milliseconds))
            if let next = state.sleeps.values.map(\.deadline).min(), time >= next {
                time = next - .milliseconds(1)
            }
            state.now = max(state.now, time)
            return (state.now, !state.sleeps.isEmpty)
        }
    }

    /// The time a step of `task` happens at: after the sleeps of it that ended, which it went on from.
    func stepTime(of task: UInt64?) -> Duration {
        state.withLock { state in
            for (id, sleep) in state.sleeps where sleep.ended && sleep.task == task {
                state.now = max(state.now, sleep.deadline)
                state.sleeps.removeValue(forKey: id)
            }
            return state.now
        }
    }
}
