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

    /// `uuids` in order, one per call, as a recorded session made them: a replay that asks more
    /// often than the session did reports an issue (failing the test) and gets the last UUID again.
    ///
    /// - Parameters:
    ///   - uuids: The UUIDs to make, in order.
    ///   - fileID: The `#fileID` of this call, where a call past the end is reported. Leave the default.
    ///   - filePath: The `#filePath` of this call: the file XCTest shows that failure in.
    ///   - line: The line that failure points at; the line of this call by default.
    ///   - column: The column that failure points at; the column of this call by default.
    public static func sequence(_ uuids: [UUID], fileID: StaticString = #fileID, filePath: StaticString = #filePath,
                                line: UInt = #line, column: UInt = #column) -> UUIDGenerator {
        let made = GeneratorSequence(uuids, fallback: UUID(0), what: "UUID")
        return UUIDGenerator { made.next(fileID: fileID, filePath: filePath, line: line, column: column) }
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
