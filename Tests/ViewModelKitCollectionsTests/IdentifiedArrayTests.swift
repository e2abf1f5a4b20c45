import ViewModelKitCollections
import XCTest

final class IdentifiedArrayTests: XCTestCase {
    private struct Item: Identifiable, Equatable {
        var id: Int
        var name: String
    }

    private let a = Item(id: 1, name: "a")
    private let b = Item(id: 2, name: "b")
    private let c = Item(id: 3, name: "c")

    /// The catalog's overview (`ViewModelKitCollections.md`).
    func testTheCatalogsOverviewExample() {
        struct Repository: Identifiable, Equatable {
            var id: Int
            var name: String
            var stars: Int
        }
        let swift = Repository(id: 44838949, name: "swift", stars: 67_000)
        // snippet: collections-overview
        var rows: IdentifiedArrayOf<Repository> = []
        rows.append(swift)
        rows[id: swift.id]?.stars += 1
        // end snippet
        XCTAssertEqual(Array(rows), [Repository(id: 44838949, name: "swift", stars: 67_001)])
    }

    func testKeepsOrderAndLooksUpById() {
        let items: IdentifiedArray = [a, b, c]
        XCTAssertEqual(Array(items), [a, b, c])
        XCTAssertEqual(items.ids, [1, 2, 3])
        XCTAssertEqual(items[id: 2], b)
        XCTAssertNil(items[id: 4])
        XCTAssertEqual(items.index(id: 3), 2)
        XCTAssertTrue(items.contains(id: 1))
    }

    func testIdsStayUnique() {
        var items = IdentifiedArray([a, b, Item(id: 1, name: "duplicate")])
        XCTAssertEqual(Array(items), [a, b], "the first element of an id wins")
        let appended = items.append(Item(id: 2, name: "again"))
        XCTAssertEqual(appended.inserted, false)
        XCTAssertEqual(appended.index, 1)
        let inserted = items.insert(Item(id: 1, name: "again"), at: 0)
        XCTAssertEqual(inserted.inserted, false)
        XCTAssertEqual(Array(items), [a, b])
    }

    func testUpdateByIdInPlace() {
        var items: IdentifiedArray = [a, b, c]
        items[id: 2]?.name = "B"
        XCTAssertEqual(items[id: 2]?.name, "B")
        XCTAssertEqual(items.ids, [1, 2, 3], "an update keeps the place")
        items[id: 4] = Item(id: 4, name: "d")
        XCTAssertEqual(items.ids, [1, 2, 3, 4], "setting an absent id appends")
        items[id: 1] = nil
        XCTAssertEqual(items.ids, [2, 3, 4])
        XCTAssertEqual(items.index(id: 4), 2, "positions follow a removal")
    }

    func testUpdateOrAppendReturnsTheReplacedElement() {
        var items: IdentifiedArray = [a]
        XCTAssertEqual(items.updateOrAppend(Item(id: 1, name: "A")), a)
        XCTAssertNil(items.updateOrAppend(b))
        XCTAssertEqual(Array(items), [Item(id: 1, name: "A"), b])
    }

    func testInsertRemoveMoveAndSortKeepPositionsRight() {
        var items: IdentifiedArray = [a, c]
        items.insert(b, at: 1)
        XCTAssertEqual(items.ids, [1, 2, 3])
        items.move(id: 3, to: 0)
        XCTAssertEqual(items.ids, [3, 1, 2])
        XCTAssertEqual(items.ids.map { items.index(id: $0) }, [0, 1, 2])
        items.sort { $0.id < $1.id }
        XCTAssertEqual(items.ids, [1, 2, 3])
        XCTAssertEqual(items.remove(id: 2), b)
        XCTAssertNil(items.remove(id: 2))
        XCTAssertEqual(items.index(id: 3), 1)
        items.removeAll { $0.id == 1 }
        XCTAssertEqual(items.ids, [3])
        XCTAssertEqual(items.index(id: 3), 0)
        items.append(contentsOf: [a, c])
        XCTAssertEqual(items.ids, [3, 1])
        items.removeAll()
        XCTAssertTrue(items.isEmpty)
        XCTAssertNil(items.index(id: 3))
    }

    func testFilterAndEquality() {
        let items: IdentifiedArray = [a, b, c]
        XCTAssertEqual(items.filter { $0.id != 2 }.ids, [1, 3])
        XCTAssertEqual(items, [a, b, c])
        XCTAssertNotEqual(items, [a, c, b], "order matters")
        XCTAssertEqual(items.description, [a, b, c].description)
    }

    func testLookupStaysRightOverManyUpdates() {
        var items = IdentifiedArrayOf<Item>()
        var mirror: [Item] = []
        var generator = SplitMix(seed: 42)
        for step in 0..<2_000 {
            let id = Int.random(in: 0..<50, using: &generator)
            switch step % 4 {
            case 0:
                if items.append(Item(id: id, name: "\(step)")).inserted { mirror.append(Item(id: id, name: "\(step)")) }
            case 1:
                items.remove(id: id)
                mirror.removeAll { $0.id == id }
            case 2:
                let to = Int.random(in: 0...max(0, mirror.count), using: &generator)
                items.move(id: id, to: to)
                if let from = mirror.firstIndex(where: { $0.id == id }) {
                    let element = mirror.remove(at: from)
                    mirror.insert(element, at: min(to, mirror.count))
                }
            default:
                items[id: id]?.name = "u\(step)"
                if let index = mirror.firstIndex(where: { $0.id == id }) { mirror[index].name = "u\(step)" }
            }
            XCTAssertEqual(Array(items), mirror, "step \(step)")
            for (offset, element) in mirror.enumerated() where items.index(id: element.id) != offset {
                XCTFail("position of \(element.id) is wrong at step \(step)")
            }
        }
    }
}

/// A small seeded generator, so the randomized test repeats exactly.
private struct SplitMix: RandomNumberGenerator {
    var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
