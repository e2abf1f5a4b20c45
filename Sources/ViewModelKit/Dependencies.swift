public import Foundation
internal import Synchronization

/// Tells the current date. Inject it instead of calling `Date()`, so tests can fix time.
///
/// ```swift
/// init(now: DateGenerator = .live) { … }     // in the view model
/// lastRefreshed = now()                        // use
/// ViewModel(now: .constant(Date(timeIntervalSince1970: 0)))   // in a test
/// ```
public struct DateGenerator: Sendable {
    private let generate: @Sendable () -> Date

    /// A generator that calls `generate`.
    public init(_ generate: @escaping @Sendable () -> Date) {
        self.generate = generate
    }

    /// The current date.
    public func callAsFunction() -> Date { generate() }

    /// The system clock's date.
    public static let live = DateGenerator { Date() }

    /// Always `date`.
    public static func constant(_ date: Date) -> DateGenerator {
        DateGenerator { date }
    }
}

/// Makes UUIDs. Inject it instead of calling `UUID()`, so tests get predictable ids.
///
/// ```swift
/// let uuid = UUIDGenerator.incrementing
/// uuid()   // 00000000-0000-0000-0000-000000000000
/// uuid()   // 00000000-0000-0000-0000-000000000001
/// ```
public struct UUIDGenerator: Sendable {
    private let generate: @Sendable () -> UUID

    /// A generator that calls `generate`.
    public init(_ generate: @escaping @Sendable () -> UUID) {
        self.generate = generate
    }

    /// A new UUID.
    public func callAsFunction() -> UUID { generate() }

    /// Random UUIDs.
    public static let live = UUIDGenerator { UUID() }

    /// Always `uuid`.
    public static func constant(_ uuid: UUID) -> UUIDGenerator {
        UUIDGenerator { uuid }
    }

    /// `00000000-0000-0000-0000-000000000000`, then `…0001`, `…0002` and so on: a new sequence each
    /// time this property is read.
    public static var incrementing: UUIDGenerator {
        let counter = Counter()
        return UUIDGenerator { counter.next() }
    }

    private final class Counter: Sendable {
        private let value = Mutex<Int>(0)

        func next() -> UUID {
            UUID(value.withLock { value -> Int in
                defer { value &+= 1 }
                return value
            })
        }
    }
}
