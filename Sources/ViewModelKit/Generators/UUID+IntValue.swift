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
    /// A non-negative value fills the last eight bytes with its bit pattern. A negative value gives
    /// what swift-dependencies' `UUID(_:)` gives: its magnitude in the last eight bytes and a sign
    /// digit `1` before them, so `UUID(-1)` is `00000000-0000-0001-0000-000000000001` and a test ported
    /// from TCA compares equal. `Int.min`, whose magnitude no `Int` holds, is
    /// `00000000-0000-0001-8000-000000000000`.
    ///
    /// swift-dependencies declares the same initializer. In a file that imports both modules, Swift
    /// picks theirs (this one is a disfavored overload, so `UUID(0)` is not ambiguous); both give the
    /// same UUID for every `Int` but `Int.min`, which theirs stops the program on.
    @_disfavoredOverload
    public init(_ intValue: Int) {
        let magnitude = UInt64(intValue.magnitude)
        let sign: UInt8 = intValue < 0 ? 1 : 0
        func byte(_ index: UInt64) -> UInt8 { UInt8(truncatingIfNeeded: magnitude >> (8 * (7 - index))) }
        self.init(uuid: (
            0, 0, 0, 0, 0, 0, 0, sign,
            byte(0), byte(1), byte(2), byte(3), byte(4), byte(5), byte(6), byte(7)
        ))
    }
}
