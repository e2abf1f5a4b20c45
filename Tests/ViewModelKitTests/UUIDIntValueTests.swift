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

    /// As swift-dependencies' current `UUID(_ intValue:)`: the magnitude, with a sign digit before it.
    func testNegativeValuesMatchSwiftDependencies() {
        XCTAssertEqual(UUID(-1).uuidString, "00000000-0000-0001-0000-000000000001")
        XCTAssertEqual(UUID(-16).uuidString, "00000000-0000-0001-0000-000000000010")
        XCTAssertEqual(UUID(-Int.max).uuidString, "00000000-0000-0001-7FFF-FFFFFFFFFFFF")
        XCTAssertNotEqual(UUID(-1), UUID(1), "the sign is kept")
        // swift-dependencies traps here (it negates the value); this one does not.
        XCTAssertEqual(UUID(Int.min).uuidString, "00000000-0000-0001-8000-000000000000")
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

/// `UUID(value)` in a file that imports ViewModelKit and not the Point-Free stand-in: ViewModelKit's
/// initializer, even though another file of this target imports the stand-in.
func uuidThroughViewModelKitOnly(_ value: Int) -> UUID {
    UUID(value)
}
