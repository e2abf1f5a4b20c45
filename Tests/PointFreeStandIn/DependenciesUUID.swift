public import Foundation
import Synchronization

private let calls = Mutex(0)

/// How many UUIDs this module's `UUID(_:)` has made: a test reads it to tell which module's
/// initializer a call chose.
public var standInUUIDCalls: Int { calls.withLock { $0 } }

extension UUID {
    /// A stand-in for swift-dependencies' `UUID(_ intValue:)`, with its signature and its results:
    /// the magnitude of `intValue` as sixteen hexadecimal digits in the last eight bytes, and the sign
    /// (`1` for a negative value) as the last digit of the third group. Written for the tests that
    /// check ViewModelKit's `UUID(_:)` leaves the call to it in a file that imports both.
    public init(_ intValue: Int) {
        calls.withLock { $0 += 1 }
        let hex = String(intValue.magnitude, radix: 16)
        let digits = String(repeating: "0", count: 16 - hex.count) + hex
        let sign = intValue < 0 ? "1" : "0"
        let text = "00000000-0000-000\(sign)-\(digits.prefix(4))-\(digits.dropFirst(4))"
        guard let uuid = UUID(uuidString: text) else { preconditionFailure("\(text) is not a UUID") }
        self = uuid
    }
}
