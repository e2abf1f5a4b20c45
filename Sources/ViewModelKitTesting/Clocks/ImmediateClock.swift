internal import ViewModelKit
import Synchronization

/// A clock whose sleeps never wait for time: every sleep moves ``now`` forward to the sleep's
/// deadline, lets other ready work run, and returns.
///
/// Use it for code under test whose timing does not matter, so that delays, debounces and polling
/// loops finish instantly:
///
/// ```swift
/// let clock = ImmediateClock()
/// let model = SearchModel(clock: clock)   // takes `any Clock<Duration>`
/// await model.search("swift")            // a 300 ms debounce returns at once
/// ```
///
/// Before a sleep returns it yields, so work that is ready (another task's next step, a value a
/// stream delivers) runs between a timer's ticks as it would in real time: until the main actor's
/// queue is empty under main-actor scheduling, a fixed number of times otherwise. Under
/// `withMainActorScheduling` that interleaving is the same on every run.
///
/// Copies of an `ImmediateClock` share one current time (the time lives in a shared,
/// `Mutex`-guarded box), so a clock handed to code under test and the test's copy agree on ``now``.
///
/// ## Topics
///
/// ### Creating a clock
///
/// - ``init(now:)``
/// - ``Instant``
/// - ``Duration``
///
/// ### Telling time
///
/// - ``now``
/// - ``minimumResolution``
/// - ``sleep(until:tolerance:)``
public struct ImmediateClock: Clock, Sendable {
    /// A point in time of this clock: an offset from its start.
    public typealias Instant = OffsetInstant<ImmediateClock>

    /// The clock's duration type, the standard library's `Duration`.
    public typealias Duration = Swift.Duration

    /// Reference storage for the current time, shared by all copies of a clock.
    ///
    /// A final class whose only stored property is an immutable `Mutex`, so it is `Sendable`
    /// without `@unchecked`.
    private final class Storage: Sendable {
        let now: Mutex<Instant>

        init(now: Instant) {
            self.now = Mutex(now)
        }
    }

    private let storage: Storage

    /// Creates a clock whose current time starts at `now` (by default, offset zero).
    ///
    /// ```swift
    /// let clock = ImmediateClock()
    /// clock.now.offset   // .zero
    /// ```
    public init(now: Instant = .init()) {
        storage = Storage(now: now)
    }

    /// The current time. It starts where the clock was created and moves forward to the deadline
    /// of every sleep, so it reflects how long the code under test *would* have waited.
    ///
    /// ```swift
    /// try await clock.sleep(for: .seconds(5))
    /// clock.now.offset   // 5 seconds
    /// ```
    public var now: Instant {
        storage.now.withLock { $0 }
    }

    /// The smallest measurable step: `.zero`, since time only moves when code sleeps.
    public var minimumResolution: Duration {
        .zero
    }

    /// Moves ``now`` to `deadline` unless it is already later, then yields so that other ready work
    /// runs before it returns. Throws `CancellationError` first if the current task is cancelled.
    ///
    /// ```swift
    /// try await clock.sleep(until: clock.now.advanced(by: .seconds(1)))   // no waiting
    /// ```
    ///
    /// It runs on the caller's executor when called on the clock itself; through `any Clock` it runs
    /// where the standard library's `Clock` requirement sends it.
    ///
    /// - Parameters:
    ///   - deadline: The instant the caller wants to sleep until.
    ///   - tolerance: Ignored.
    public nonisolated(nonsending) func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        try await sleepOnCallersIsolation(until: deadline, tolerance: tolerance)
    }

    /// ``sleep(until:tolerance:)``, for the library's repeating schedules, which call it on their
    /// caller's isolation (see `SleepsOnCallersIsolation`).
    package nonisolated(nonsending) func sleepOnCallersIsolation(until deadline: Instant, tolerance: Duration?) async throws {
        try Task.checkCancellation()
        storage.now.withLock { now in
            if now < deadline {
                now = deadline
            }
        }
        await settle(limit: Settling.immediateSleepYields)
    }
}

extension ImmediateClock: SleepsOnCallersIsolation {}
