import Foundation
import ViewModelKitCollections
import XCTest

/// The operations a SwiftUI list and code written against swift-identified-collections use.
final class IdentifiedArrayListOperationsTests: XCTestCase {
    private struct Row: Identifiable, Equatable, Comparable, CustomDebugStringConvertible {
        var id: Int
        var title = ""
        static func < (lhs: Row, rhs: Row) -> Bool { lhs.id < rhs.id }
        var debugDescription: String { title.isEmpty ? "\(id)" : "\(id):\(title)" }
    }

    private func rows(_ ids: Int...) -> IdentifiedArrayOf<Row> {
        IdentifiedArrayOf<Row>(ids.map { Row(id: $0) })
    }

    /// Every id's recorded position matches where the element really is.
    private func assertIndexed(_ rows: IdentifiedArrayOf<Row>, file: StaticString = #filePath, line: UInt = #line) {
        for (offset, row) in rows.elements.enumerated() {
            XCTAssertEqual(rows.index(id: row.id), offset, "position of \(row.id)", file: file, line: line)
        }
    }

    func testRemoveAtOffsetsAsOnDeleteHandsThemOver() {
        var list = rows(1, 2, 3, 4, 5)
        list.remove(atOffsets: [1, 3])
        XCTAssertEqual(list.ids, [1, 3, 5])
        XCTAssertNil(list[id: 2])
        XCTAssertNil(list[id: 4])
        assertIndexed(list)
        list.remove(atOffsets: [0, 7])
        XCTAssertEqual(list.ids, [3, 5], "offsets past the end are ignored")
        assertIndexed(list)
        list.remove(atOffsets: [])
        XCTAssertEqual(list.ids, [3, 5])
    }

    func testMoveFromOffsetsAsOnMoveHandsThemOver() {
        var list = rows(1, 2, 3, 4)
        list.move(fromOffsets: [0, 2], toOffset: 4)
        XCTAssertEqual(list.ids, [2, 4, 1, 3], "moved last, keeping their order")
        assertIndexed(list)
        list.move(fromOffsets: [3], toOffset: 0)
        XCTAssertEqual(list.ids, [3, 2, 4, 1])
        assertIndexed(list)
        list.move(fromOffsets: [1], toOffset: 3)
        XCTAssertEqual(list.ids, [3, 4, 2, 1], "the destination counts positions before the move")
        assertIndexed(list)
        list.move(fromOffsets: [1, 2], toOffset: 2)
        XCTAssertEqual(list.ids, [3, 4, 2, 1], "moving a block onto itself changes nothing")
        assertIndexed(list)
    }

    func testMoveFromOffsetsMatchesTheArrayDefinition() {
        // The order SwiftUI defines: what is before the destination, the moved elements, the rest.
        for source in [IndexSet([0]), [1, 2], [0, 3, 4], [4], [0, 1, 2, 3, 4]] {
            for destination in 0...5 {
                var list = rows(0, 1, 2, 3, 4)
                list.move(fromOffsets: source, toOffset: destination)
                let ids = [0, 1, 2, 3, 4]
                let expected = ids.filter { !source.contains($0) && $0 < destination } + ids.filter { source.contains($0) }
                    + ids.filter { !source.contains($0) && $0 >= destination }
                XCTAssertEqual(list.ids, expected, "move \(Array(source)) to \(destination)")
                assertIndexed(list)
            }
        }
    }

    func testPositionalSubscriptReplacesInPlaceWithTheSameId() {
        var list = rows(1, 2, 3)
        list[1].title = "two"
        XCTAssertEqual(list[id: 2]?.title, "two")
        list[0] = Row(id: 1, title: "one")
        XCTAssertEqual(list.elements, [Row(id: 1, title: "one"), Row(id: 2, title: "two"), Row(id: 3)])
        assertIndexed(list)
    }

    func testUpdateAtAndUpdateOrInsertAt() {
        var list = rows(1, 2, 3)
        XCTAssertEqual(list.update(Row(id: 2, title: "B"), at: 1), Row(id: 2))
        XCTAssertEqual(list[id: 2]?.title, "B")

        let replaced = list.updateOrInsert(Row(id: 3, title: "C"), at: 0)
        XCTAssertEqual(replaced.originalMember, Row(id: 3))
        XCTAssertEqual(replaced.index, 2, "a present id is updated where it stands")
        let inserted = list.updateOrInsert(Row(id: 9), at: 1)
        XCTAssertNil(inserted.originalMember)
        XCTAssertEqual(inserted.index, 1)
        XCTAssertEqual(list.ids, [1, 9, 2, 3])
        assertIndexed(list)
    }

    func testSwapPartitionReverseShuffleAndSort() {
        var list = rows(1, 2, 3, 4, 5, 6)
        list.swapAt(0, 5)
        XCTAssertEqual(list.ids, [6, 2, 3, 4, 5, 1])
        assertIndexed(list)
        list.swapAt(2, 2)
        XCTAssertEqual(list.ids, [6, 2, 3, 4, 5, 1])

        let pivot = list.partition { $0.id.isMultiple(of: 2) }
        XCTAssertEqual(pivot, 3)
        XCTAssertEqual(Set(list.ids[..<pivot]), [1, 3, 5])
        XCTAssertEqual(Set(list.ids[pivot...]), [2, 4, 6])
        assertIndexed(list)

        list.sort()
        XCTAssertEqual(list.ids, [1, 2, 3, 4, 5, 6])
        assertIndexed(list)
        list.reverse()
        XCTAssertEqual(list.ids, [6, 5, 4, 3, 2, 1])
        assertIndexed(list)

        var generator = SeededGenerator(seed: 7)
        var expected = list.elements
        var sameGenerator = SeededGenerator(seed: 7)
        expected.shuffle(using: &sameGenerator)
        list.shuffle(using: &generator)
        XCTAssertEqual(list.elements, expected, "shuffles as Array does with the same generator")
        assertIndexed(list)
        list.shuffle()
        XCTAssertEqual(Set(list.ids), [1, 2, 3, 4, 5, 6])
        assertIndexed(list)
    }

    func testRemoveFirstLastAndSubrange() {
        var list = rows(1, 2, 3, 4, 5, 6, 7)
        XCTAssertEqual(list.removeFirst(), Row(id: 1))
        XCTAssertEqual(list.removeLast(), Row(id: 7))
        XCTAssertEqual(list.ids, [2, 3, 4, 5, 6])
        assertIndexed(list)
        list.removeSubrange(1..<3)
        XCTAssertEqual(list.ids, [2, 5, 6])
        XCTAssertNil(list.index(id: 3))
        XCTAssertNil(list.index(id: 4))
        assertIndexed(list)
        list.append(contentsOf: [Row(id: 3), Row(id: 4)])
        list.removeFirst(2)
        list.removeLast(1)
        XCTAssertEqual(list.ids, [6, 3])
        assertIndexed(list)
        list.removeSubrange(...)
        XCTAssertTrue(list.isEmpty)
        XCTAssertNil(list.index(id: 6))
    }

    func testInitializers() {
        let unique = IdentifiedArray(uniqueElements: [Row(id: 1), Row(id: 2)])
        XCTAssertEqual(unique.ids, [1, 2])
        assertIndexed(unique)

        let unchecked = IdentifiedArray(uncheckedUniqueElements: [Row(id: 3), Row(id: 1)])
        XCTAssertEqual(unchecked.ids, [3, 1])
        assertIndexed(unchecked)

        let merged = IdentifiedArray([Row(id: 1, title: "a"), Row(id: 2, title: "b"), Row(id: 1, title: "c")]) { kept, new in
            Row(id: kept.id, title: kept.title + new.title)
        }
        XCTAssertEqual(merged.elements, [Row(id: 1, title: "ac"), Row(id: 2, title: "b")])
        assertIndexed(merged)
    }

    func testElementsAndDebugDescription() {
        let list: IdentifiedArrayOf<Row> = [Row(id: 1), Row(id: 2), Row(id: 3)]
        XCTAssertEqual(list.elements, [Row(id: 1), Row(id: 2), Row(id: 3)])
        XCTAssertEqual(list.debugDescription, "IdentifiedArray<Row>([1, 2, 3])")
        XCTAssertEqual(String(reflecting: list), "IdentifiedArray<Row>([1, 2, 3])")
    }
}

/// A small seeded generator, so shuffles repeat exactly.
private struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return state ^ (state >> 29)
    }
}
