/// A point in time of a test clock: an offset from the clock's start. `Owner` is the clock, so the
/// instants of different clocks cannot be mixed up.
///
/// ```swift
/// let start = TestClock.Instant()                 // OffsetInstant<TestClock>
/// start.advanced(by: .seconds(2)).offset           // 2 seconds
/// start.advanced(by: .seconds(2)).description      // "TestClock.Instant(offset: 2.0 seconds)"
/// ```
///
/// ## Topics
///
/// ### Creating an instant
///
/// - ``init(offset:)``
/// - ``offset``
///
/// ### Arithmetic
///
/// - ``advanced(by:)``
/// - ``duration(to:)``
/// - ``<(_:_:)``
///
/// ### Describing
///
/// - ``description``
public struct OffsetInstant<Owner>: InstantProtocol, Hashable, CustomStringConvertible {
    /// The distance from the clock's start.
    public var offset: Swift.Duration

    /// Creates an instant `offset` after the clock's start (by default, the start itself).
    public init(offset: Swift.Duration = .zero) {
        self.offset = offset
    }

    /// The instant `duration` later than this one (earlier if `duration` is negative).
    public func advanced(by duration: Swift.Duration) -> OffsetInstant {
        OffsetInstant(offset: offset + duration)
    }

    /// The duration from this instant to `other` (negative if `other` is earlier).
    public func duration(to other: OffsetInstant) -> Swift.Duration {
        other.offset - offset
    }

    /// Whether `lhs` comes before `rhs`.
    public static func < (lhs: OffsetInstant, rhs: OffsetInstant) -> Bool {
        lhs.offset < rhs.offset
    }

    /// A readable form, e.g. `TestClock.Instant(offset: 1.5 seconds)`.
    public var description: String {
        "\(Owner.self).Instant(offset: \(offset))"
    }
}

extension OffsetInstant: Sendable {}
