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
    /// Every `Int` maps to a distinct UUID: the value's 64-bit pattern fills the last eight bytes,
    /// so a negative value such as `-1` gives `00000000-0000-0000-FFFF-FFFFFFFFFFFF`.
    public init(_ intValue: Int) {
        let bits = UInt64(bitPattern: Int64(intValue))
        func byte(_ index: UInt64) -> UInt8 { UInt8(truncatingIfNeeded: bits >> (8 * (7 - index))) }
        self.init(uuid: (
            0, 0, 0, 0, 0, 0, 0, 0,
            byte(0), byte(1), byte(2), byte(3), byte(4), byte(5), byte(6), byte(7)
        ))
    }
}
