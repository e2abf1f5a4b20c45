import Foundation
import ViewModelKit
import XCTest

final class UUIDIntValueTests: XCTestCase {
    func testReadableUUIDsFromIntegers() {
        XCTAssertEqual(UUID(0).uuidString, "00000000-0000-0000-0000-000000000000")
        XCTAssertEqual(UUID(1).uuidString, "00000000-0000-0000-0000-000000000001")
        XCTAssertEqual(UUID(10).uuidString, "00000000-0000-0000-0000-00000000000A")
        XCTAssertEqual(UUID(0xDEAD_BEEF).uuidString, "00000000-0000-0000-0000-0000DEADBEEF")
        XCTAssertEqual(UUID(Int.max).uuidString, "00000000-0000-0000-7FFF-FFFFFFFFFFFF")
    }

    /// As swift-dependencies' `UUID(_ intValue:)`, which formats the value with `%012x`.
    func testNegativeValuesMatchSwiftDependencies() {
        XCTAssertEqual(UUID(-1).uuidString, "00000000-0000-0000-0000-0000FFFFFFFF")
        XCTAssertEqual(UUID(-2).uuidString, "00000000-0000-0000-0000-0000FFFFFFFE")
        XCTAssertEqual(UUID(Int(Int32.min)).uuidString, "00000000-0000-0000-0000-000080000000")
        XCTAssertEqual(UUID(Int.min).uuidString, "00000000-0000-0000-0000-000000000000")
    }

    func testIncrementingGeneratorCountsThroughTheSameUUIDs() {
        let uuid = UUIDGenerator.incrementing
        XCTAssertEqual((0..<12).map { _ in uuid() }, (0..<12).map { UUID($0) })
    }

    func testDateGeneratorNowSpelling() {
        let date = DateGenerator.constant(Date(timeIntervalSince1970: 42))
        XCTAssertEqual(date.now, Date(timeIntervalSince1970: 42))
    }
}
