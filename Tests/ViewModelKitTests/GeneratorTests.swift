import Foundation
import ViewModelKit
import XCTest

final class GeneratorTests: XCTestCase {
    func testIncrementingUUIDsArePredictableAndRestartPerGenerator() {
        let uuid = UUIDGenerator.incrementing
        XCTAssertEqual(uuid().uuidString, "00000000-0000-0000-0000-000000000000")
        XCTAssertEqual(uuid().uuidString, "00000000-0000-0000-0000-000000000001")
        for _ in 2..<16 { _ = uuid() }
        XCTAssertEqual(uuid().uuidString, "00000000-0000-0000-0000-000000000010")
        XCTAssertEqual(UUIDGenerator.incrementing().uuidString, "00000000-0000-0000-0000-000000000000")
    }

    func testConstantGenerators() {
        let id = UUID()
        XCTAssertEqual(UUIDGenerator.constant(id)(), id)
        let date = Date(timeIntervalSince1970: 42)
        XCTAssertEqual(DateGenerator.constant(date)(), date)
    }

    func testLiveGeneratorsMoveOn() {
        XCTAssertNotEqual(UUIDGenerator.live(), UUIDGenerator.live())
        let before = Date()
        XCTAssertGreaterThanOrEqual(DateGenerator.live(), before)
    }
}
