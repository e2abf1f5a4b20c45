public import Foundation
internal import Synchronization

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
