import ViewModelKitCollections
import XCTest

final class IdentifiedArrayPositionalSubscriptTests: XCTestCase {
    private struct Item: Identifiable, Equatable {
        var id: Int
        var name = ""
    }

    /// Whether every id maps to its element's position.
    private func assertIndexed(_ items: IdentifiedArrayOf<Item>, file: StaticString = #filePath, line: UInt = #line) {
        for (position, item) in items.enumerated() {
            XCTAssertEqual(items.index(id: item.id), position, "id \(item.id)", file: file, line: line)
        }
    }

    func testSettingAnElementWithAnotherIDReplacesItAndReindexes() {
        var items: IdentifiedArray = [Item(id: 1), Item(id: 2), Item(id: 3)]
        items[1] = Item(id: 4)
        XCTAssertEqual(items.ids, [1, 4, 3])
        XCTAssertNil(items.index(id: 2))
        XCTAssertFalse(items.contains(id: 2))
        XCTAssertEqual(items[id: 4], Item(id: 4))
        assertIndexed(items)
    }

    func testChangingTheIDInPlaceReindexes() {
        var items: IdentifiedArray = [Item(id: 1), Item(id: 2), Item(id: 3)]
        items[2].id = 9
        XCTAssertEqual(items.ids, [1, 2, 9])
        XCTAssertNil(items[id: 3])
        assertIndexed(items)
    }

    func testAnIDThatCollidesRemovesTheOtherElement() {
        var items: IdentifiedArray = [Item(id: 1), Item(id: 2), Item(id: 3)]
        items[0] = Item(id: 3, name: "new")
        XCTAssertEqual(items.ids, [3, 2])
        XCTAssertEqual(items[id: 3]?.name, "new")
        assertIndexed(items)

        var later: IdentifiedArray = [Item(id: 1), Item(id: 2), Item(id: 3)]
        later[2] = Item(id: 1, name: "new")
        XCTAssertEqual(later.ids, [2, 1])
        XCTAssertEqual(later[id: 1]?.name, "new")
        assertIndexed(later)
    }

    func testSettingAnElementWithTheSameIDKeepsThePlace() {
        var items: IdentifiedArray = [Item(id: 1), Item(id: 2)]
        items[1] = Item(id: 2, name: "B")
        items[0].name = "A"
        XCTAssertEqual(Array(items), [Item(id: 1, name: "A"), Item(id: 2, name: "B")])
        assertIndexed(items)
    }

    func testUpdateAtAPositionFollowsTheSubscript() {
        var items: IdentifiedArray = [Item(id: 1), Item(id: 2), Item(id: 3)]
        XCTAssertEqual(items.update(Item(id: 5), at: 0), Item(id: 1))
        XCTAssertEqual(items.ids, [5, 2, 3])
        assertIndexed(items)
    }
}
