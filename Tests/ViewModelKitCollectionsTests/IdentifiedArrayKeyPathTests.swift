import Foundation
import TestSupport
import ViewModelKitCollections
import XCTest

/// Elements that are not `Identifiable`, identified by a key path given when the collection is
/// created (`IdentifiedArray<ID, Element>`).
final class IdentifiedArrayKeyPathTests: XCTestCase {
    private struct Tag: Equatable {
        var name: String
        var uses = 0
    }

    /// Every id's recorded position matches where the element really is.
    private func assertIndexed(
        _ tags: IdentifiedArray<String, Tag>, file: StaticString = #filePath, line: UInt = #line
    ) {
        for (offset, tag) in tags.elements.enumerated() {
            XCTAssertEqual(tags.index(id: tag.name), offset, "position of \(tag.name)", file: file, line: line)
        }
    }

    func testUniqueElementsAreIdentifiedByTheKeyPath() {
        let tags = IdentifiedArray(uniqueElements: [Tag(name: "swift"), Tag(name: "linux")], id: \.name)
        XCTAssertEqual(tags.ids, ["swift", "linux"])
        XCTAssertEqual(tags[id: "linux"], Tag(name: "linux"))
        XCTAssertNil(tags[id: "rust"])
        XCTAssertTrue(tags.contains(id: "swift"))
        assertIndexed(tags)

        let numbers = IdentifiedArray(uniqueElements: [3, 1, 2], id: \.self)
        XCTAssertEqual(numbers.index(id: 2), 2)
    }

    func testUniquingClosureKeepsTheFirstOrTheLastWhereTheIDFirstAppeared() {
        let readings = [Tag(name: "a", uses: 1), Tag(name: "b", uses: 2), Tag(name: "a", uses: 3)]
        let first = IdentifiedArray(readings, id: \.name) { kept, _ in kept }
        XCTAssertEqual(first.elements, [Tag(name: "a", uses: 1), Tag(name: "b", uses: 2)])
        let last = IdentifiedArray(readings, id: \.name) { _, newer in newer }
        XCTAssertEqual(last.elements, [Tag(name: "a", uses: 3), Tag(name: "b", uses: 2)])
        let merged = IdentifiedArray(readings, id: \.name) { kept, new in Tag(name: kept.name, uses: kept.uses + new.uses) }
        XCTAssertEqual(merged[id: "a"]?.uses, 4)
        assertIndexed(last)
    }

    func testSubscriptByIDReadsUpdatesAppendsAndRemoves() {
        var tags = IdentifiedArray<String, Tag>(id: \.name)
        tags[id: "swift"] = Tag(name: "swift")
        tags[id: "linux"] = Tag(name: "linux")
        tags[id: "swift"]?.uses += 1
        XCTAssertEqual(tags.elements, [Tag(name: "swift", uses: 1), Tag(name: "linux")])
        tags[id: "swift"] = nil
        XCTAssertEqual(tags.ids, ["linux"])
        assertIndexed(tags)
    }

    func testAppendInsertAndRemoveKeepTheIndexByKeyPath() {
        var tags = IdentifiedArray(uniqueElements: [Tag(name: "a"), Tag(name: "c")], id: \.name)
        XCTAssertEqual(tags.append(Tag(name: "d")).inserted, true)
        XCTAssertEqual(tags.append(Tag(name: "a", uses: 9)).inserted, false, "a present id is not appended")
        XCTAssertEqual(tags.insert(Tag(name: "b"), at: 1).index, 1)
        XCTAssertEqual(tags.ids, ["a", "b", "c", "d"])
        assertIndexed(tags)
        XCTAssertEqual(tags.remove(id: "b"), Tag(name: "b"))
        tags.remove(at: 0)
        XCTAssertEqual(tags.ids, ["c", "d"])
        assertIndexed(tags)
        tags[0] = Tag(name: "e")
        XCTAssertEqual(tags.ids, ["e", "d"], "the positional subscript re-indexes by the key path")
        XCTAssertNil(tags[id: "c"])
        assertIndexed(tags)
        let kept = tags.filter { $0.name == "d" }
        XCTAssertEqual(kept[id: "d"], Tag(name: "d"), "a filtered collection keeps the key path")
    }

    func testUncheckedUniqueElementsAreIndexedByTheKeyPath() {
        let tags = IdentifiedArray(uncheckedUniqueElements: [Tag(name: "x"), Tag(name: "y")], id: \.name)
        XCTAssertEqual(tags.index(id: "y"), 1)
    }

    func testIdentifiableElementsStillUseTheirOwnID() {
        struct Row: Identifiable, Equatable { var id: Int; var name: String }
        var rows: IdentifiedArrayOf<Row> = [Row(id: 1, name: "a")]
        rows.append(Row(id: 2, name: "b"))
        let byName = IdentifiedArray(uniqueElements: rows.elements, id: \.name)
        XCTAssertEqual(rows.ids, [1, 2])
        XCTAssertEqual(byName.ids, ["a", "b"], "an Identifiable element can be identified by another key path")
        XCTAssertEqual(byName[id: "b"]?.id, 2)
    }

    // Runs the probe program with Foundation's `Process`, which only macOS and Linux have.
    #if os(macOS) || os(Linux)
    func testARepeatedIDInUniqueElementsStopsTheProgramNamingIt() throws {
        guard let probe = TestPaths.builtExecutable("testing-probe") else {
            throw MissingTestRequirement.required("testing-probe was not built beside the tests") { XCTSkip($0) }
        }
        let process = Process()
        process.executableURL = probe
        process.arguments = ["duplicate-key-path-id"]
        // Without Swift's backtracer: under AddressSanitizer its stack reader is reported as an
        // overflow, the report makes the probe exit with a status instead of the signal, and the
        // backtracer it started keeps the pipe open.
        process.environment = ProcessInfo.processInfo.environment.merging(["SWIFT_BACKTRACE": "enable=no"]) { $1 }
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        let printed = try process.runUntilExit { String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self) }
        XCTAssertEqual(process.terminationReason, .uncaughtSignal, printed)
        #if DEBUG
        // An optimized build's `precondition` stops the program without its message (the release
        // test run in CI checks the stop only).
        XCTAssertTrue(
            printed.contains("IdentifiedArray(uniqueElements:id:): the id \"swift\" appears more than once"), printed
        )
        #endif
    }
    #endif
}
