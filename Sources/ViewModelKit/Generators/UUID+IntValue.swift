public import Foundation

extension UUID {
    /// A UUID that reads as `intValue` in hexadecimal, for readable ids in tests:
    /// `UUID(0)` is `00000000-0000-0000-0000-000000000000`, `UUID(10)` is
    /// `00000000-0000-0000-0000-00000000000A`.
    ///
    /// ```swift
    /// XCTAssertEqual(model.rows.ids, [UUID(0), UUID(1)])
    /// ```
    ///
    /// Non-negative values fill the last eight bytes with their bit pattern. A negative value gives
    /// what swift-dependencies' `UUID(_:)` gives: its low 32 bits in the last four bytes, as
    /// `String(format: "%012x", intValue)` prints them, so `-1` is
    /// `00000000-0000-0000-0000-0000FFFFFFFF` and a test ported from TCA compares equal.
    public init(_ intValue: Int) {
        let bits = intValue < 0
            ? UInt64(UInt32(truncatingIfNeeded: intValue))
            : UInt64(bitPattern: Int64(intValue))
        func byte(_ index: UInt64) -> UInt8 { UInt8(truncatingIfNeeded: bits >> (8 * (7 - index))) }
        self.init(uuid: (
            0, 0, 0, 0, 0, 0, 0, 0,
            byte(0), byte(1), byte(2), byte(3), byte(4), byte(5), byte(6), byte(7)
        ))
    }
}
