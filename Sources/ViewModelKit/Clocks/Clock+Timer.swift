extension Clock {
    /// An asynchronous sequence that ticks once per `interval` on this clock, without drift, until
    /// the iterating task is cancelled.
    ///
    /// ```swift
    /// for await _ in clock.timer(interval: .seconds(1)) {
    ///     count += 1
    /// }
    /// ```
    ///
    /// Each deadline is the previous deadline plus `interval`, counted from when iteration starts,
    /// so slow loop bodies do not push the schedule back. Each element is the deadline reached.
    /// Cancellation ends the sequence (`next()` returns `nil`); it never throws.
    ///
    /// - Parameters:
    ///   - interval: The time between ticks.
    ///   - tolerance: Passed to each sleep.
    public func timer(interval: Duration, tolerance: Duration? = nil) -> ClockTimerSequence<Self> {
        ClockTimerSequence(clock: self, interval: interval, tolerance: tolerance)
    }
}

/// The ticks of a clock, one per interval: what `Clock.timer(interval:tolerance:)`
/// returns.
///
/// ## Topics
///
/// ### Creating a sequence
///
/// - ``init(clock:interval:tolerance:)``
///
/// ### The schedule
///
/// - ``clock``
/// - ``interval``
/// - ``tolerance``
///
/// ### Iterating
///
/// - ``makeAsyncIterator()``
/// - ``Iterator``
/// - ``Element``
/// - ``Failure``
public struct ClockTimerSequence<C: Clock>: AsyncSequence, Sendable {
    /// The deadline of each tick.
    public typealias Element = C.Instant
    /// Never throws: cancellation ends the sequence.
    public typealias Failure = Never

    /// The clock that times the ticks.
    public let clock: C
    /// The time between ticks.
    public let interval: C.Duration
    /// Passed to each sleep.
    public let tolerance: C.Duration?

    /// Creates the ticks of `clock`, one per `interval`.
    public init(clock: C, interval: C.Duration, tolerance: C.Duration? = nil) {
        self.clock = clock
        self.interval = interval
        self.tolerance = tolerance
    }

    /// Starts the schedule: the first tick is due one interval after the first call to `next()`.
    public func makeAsyncIterator() -> Iterator {
        Iterator(clock: clock, interval: interval, tolerance: tolerance)
    }

    /// Waits for each tick in turn.
    public struct Iterator: AsyncIteratorProtocol {
        private let clock: C
        private let interval: C.Duration
        private let tolerance: C.Duration?
        private var deadline: C.Instant?
        private var finished = false

        init(clock: C, interval: C.Duration, tolerance: C.Duration?) {
            self.clock = clock
            self.interval = interval
            self.tolerance = tolerance
        }

        /// Sleeps until the next deadline and returns it, or `nil` once the task is cancelled.
        public mutating func next(isolation actor: isolated (any Actor)?) async -> C.Instant? {
            guard !finished else { return nil }
            let next = (deadline ?? clock.now).advanced(by: interval)
            do {
                try await RepeatingSleep.sleep(on: clock, until: next, tolerance: tolerance)
            } catch {
                finished = true
                return nil
            }
            deadline = next
            return next
        }

        /// Sleeps until the next deadline and returns it, or `nil` once the task is cancelled.
        public mutating func next() async -> C.Instant? {
            await next(isolation: nil)
        }
    }
}
