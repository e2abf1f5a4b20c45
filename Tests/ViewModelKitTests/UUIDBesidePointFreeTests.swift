import Foundation
import ViewModelKit
import ViewModelKitPointFreeStandIn
import XCTest

/// A file that imports ViewModelKit and swift-dependencies (here a stand-in that declares the same
/// `UUID(_ intValue:)`): `UUID(0)` compiles, and it is theirs.
final class UUIDBesidePointFreeTests: XCTestCase {
    func testUUIDOfAnIntCompilesAndIsTheOtherModules() {
        let before = standInUUIDCalls
        XCTAssertEqual(UUID(0).uuidString, "00000000-0000-0000-0000-000000000000")
        XCTAssertEqual(UUID(1).uuidString, "00000000-0000-0000-0000-000000000001")
        XCTAssertEqual(standInUUIDCalls - before, 2, "the stand-in's initializer made both")
    }

    /// Theirs and ours give the same UUID for the same `Int`, so which one a file gets changes nothing.
    func testBothInitializersGiveTheSameUUIDs() {
        let values = [0, 1, 10, 0xDEAD_BEEF, 1 << 48, Int.max, -1, -16, -Int.max]
        let before = standInUUIDCalls
        let theirs = values.map { UUID($0) }
        let ours = values.map(uuidThroughViewModelKitOnly)
        XCTAssertEqual(theirs, ours)
        XCTAssertEqual(standInUUIDCalls - before, values.count, "only `theirs` went through the stand-in")
    }
}
