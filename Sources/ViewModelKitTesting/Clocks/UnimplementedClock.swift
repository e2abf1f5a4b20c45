internal import ViewModelKit

/// A clock for tests that should never touch time: reading ``now`` or sleeping fails the test,
/// naming the clock, at the line that created it.
///
/// Hand it to code under test whose path should not wait or read the time, so an unexpected
/// debounce or timer shows up as a failure instead of passing silently:
///
/// ```swift
/// let model = SearchModel(clock: UnimplementedClock(name: "SearchModel.clock"))
/// model.clearButtonTapped()   // must not start a debounce
/// ```
///
/// A failing call still behaves like ``ImmediateClock``, so the test carries on: sleeps return at
/// once, without drift (``now`` moves to each deadline), and throw `CancellationError` in a
/// cancelled task.
///
/// ## Topics
///
/// ### Creating a clock
///
/// - ``init(name:now:fileID:filePath:line:column:)``
/// - ``name``
/// - ``Instant``
/// - ``Duration``
///
/// ### Telling time (each fails the test)
///
/// - ``now``
/// - ``minimumResolution``
/// - ``sleep(until:tolerance:)``
public struct UnimplementedClock: Clock, Sendable {
    /// A point in time of this clock: an offset from its start.
    public typealias Instant = OffsetInstant<UnimplementedClock>

    /// The clock's duration type, the standard library's `Duration`.
    public typealias Duration = Swift.Duration

    /// The name failures use, e.g. `Clock` in "Unimplemented: Clock.sleep was called …".
    public let name: String

    private let base: ImmediateClock
    private let fileID: StaticString
    private let filePath: StaticString
    private let line: UInt
    private let column: UInt

    /// Creates a clock that fails as `name` (by default `Clock`), starting at `now`.
    ///
    /// ```swift
    /// let clock = UnimplementedClock(name: "ContinuousClock")
    /// _ = clock.now   // fails: "Unimplemented: ContinuousClock.now was called but has no test implementation."
    /// ```
    ///
    /// - Parameters:
    ///   - name: The name failures use.
    ///   - now: The clock's current time at the start.
    ///   - fileID: The `#fileID` of the line that creates the clock. Every failure of the clock
    ///     points there. Leave the default.
    ///   - filePath: The `#filePath` of that line: the file XCTest shows the failures in.
    ///   - line: The line that creates the clock, by default.
    ///   - column: The column of the initializer call, by default.
    public init(
        name: String = "Clock",
        now: Instant = .init(),
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) {
        IssueReporting.installTestReporterIfNeeded()
        self.name = name
        self.base = ImmediateClock(now: .init(offset: now.offset))
        self.fileID = fileID
        self.filePath = filePath
        self.line = line
        self.column = column
    }

    /// Fails the test, then returns the current time (which only sleeps move).
    public var now: Instant {
        fail("now")
        return Instant(offset: base.now.offset)
    }

    /// The smallest measurable step: `.zero`, since time only moves when code sleeps.
    public var minimumResolution: Duration {
        .zero
    }

    /// Fails the test, then returns at once, moving ``now`` to `deadline` unless it is already later.
    ///
    /// As with the standard clocks, a `deadline` at or before ``now`` returns at once.
    ///
    /// - Parameters:
    ///   - deadline: The instant the caller wants to sleep until.
    ///   - tolerance: Ignored.
    /// - Throws: `CancellationError` if the current task is cancelled.
    public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        fail("sleep")
        try await base.sleep(until: .init(offset: deadline.offset))
    }

    private func fail(_ member: String) {
        reportUnimplemented("\(name).\(member)", arguments: [], fileID: fileID, filePath: filePath, line: line, column: column)
    }
}
