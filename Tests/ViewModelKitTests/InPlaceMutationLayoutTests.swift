import XCTest
import ViewModelKit

// In-place mutations of `@Observed` properties wherever the property sits: inherited from a base
// class, in a generic class whose layout depends on its argument, and many in one view model. The
// values and the notifications are checked.

private struct Row: Identifiable, Equatable {
    let id: Int
    var title: String
}

/// A view model other view models inherit from, with a property of its own.
@MainActor
private class BaseListModel: ViewModel {
    @Observed var rows: IdentifiedArrayOf<Row> = [Row(id: 1, title: "one"), Row(id: 2, title: "two")]
}

/// A subclass whose own properties sit after the inherited one.
@MainActor
private final class SearchListModel: BaseListModel {
    @Observed var query = ""
    @Observed var recent: [String] = []
}

/// A generic view model: where its properties sit depends on `Element`.
@MainActor
private final class GenericListModel<Element: Equatable>: ViewModel {
    @Observed var first: Element
    @Observed var items: [Element] = []
    @Observed var rows: IdentifiedArrayOf<Row> = [Row(id: 1, title: "one")]
    init(first: Element) { self.first = first }
}

/// Many collections in one view model, mutated in turn.
@MainActor
private final class ManyListsModel: ViewModel {
    @Observed var a: [Int] = []
    @Observed var b: [Int] = []
    @Observed var c: [Int] = []
    @Observed var d: [Int] = []
    @Observed var e: [Int] = []
    @Observed var f: [Int] = []
    @Observed var g: [Int] = []
    @Observed var h: [Int] = []
}

/// What the handlers saw, in order.
@MainActor
private final class Log {
    var titles: [[String]] = []
    var changes = 0
}

@MainActor
// The tests are `async` because XCTest on Linux can list the tests of a `@MainActor` class only then.
final class InPlaceMutationLayoutTests: XCTestCase {
    func testAnInheritedPropertyIsMutatedInPlaceThroughTheSubclassAndTheBaseClass() async {
        let model = SearchListModel()
        let base: BaseListModel = model
        let log = Log()
        // NB: observed through the base class, which declares the property (`observe` does not
        // accept a subclass's key path to an inherited property).
        let subscription = base.observe(\.rows) { log.titles.append($0.map(\.title)) }
        model.query = "swift"
        model.recent.append("swift")
        model.rows[id: 2]?.title = "TWO"
        base.rows[id: 1]?.title = "ONE"
        base.rows.append(Row(id: 3, title: "three"))
        XCTAssertEqual(model.rows.map(\.title), ["ONE", "TWO", "three"])
        XCTAssertEqual(model.query, "swift")
        XCTAssertEqual(model.recent, ["swift"])
        XCTAssertEqual(log.titles, [["one", "TWO"], ["ONE", "TWO"], ["ONE", "TWO", "three"]])
        // A plain base-class instance has the property at the same place.
        let plain = BaseListModel()
        plain.rows[id: 1]?.title = "uno"
        XCTAssertEqual(plain.rows.map(\.title), ["uno", "two"])
        _ = subscription
    }

    func testAGenericViewModelIsMutatedInPlaceForEachOfItsTypes() async {
        let numbers = GenericListModel(first: 0)
        let words = GenericListModel(first: "")
        let arrays = GenericListModel(first: [1, 2, 3])
        let log = Log()
        let subscription = words.observe(\.items) { _ in log.changes += 1 }
        for round in 0..<50 {
            numbers.items.append(round)
            words.items.append("\(round)")
            arrays.items.append([round])
            numbers.rows[id: 1]?.title = "n\(round)"
            words.rows[id: 1]?.title = "w\(round)"
            arrays.rows[id: 1]?.title = "t\(round)"
        }
        XCTAssertEqual(numbers.items, Array(0..<50))
        XCTAssertEqual(words.items, (0..<50).map { "\($0)" })
        XCTAssertEqual(arrays.items, (0..<50).map { [$0] })
        XCTAssertEqual(numbers.rows[id: 1]?.title, "n49")
        XCTAssertEqual(words.rows[id: 1]?.title, "w49")
        XCTAssertEqual(arrays.rows[id: 1]?.title, "t49")
        XCTAssertEqual(log.changes, 50)
        _ = subscription
    }

    func testPropertiesMutatedInTurnEachKeepTheirOwnStorage() async {
        let model = ManyListsModel()
        let lists: [ReferenceWritableKeyPath<ManyListsModel, [Int]>] = [
            \.a, \.b, \.c, \.d, \.e, \.f, \.g, \.h,
        ]
        for round in 0..<20 {
            model.a.append(round)
            model.b.append(round * 2)
            model.c.append(round * 3)
            model.d.append(round * 4)
            model.e.append(round * 5)
            model.f.append(round * 6)
            model.g.append(round * 7)
            model.h.append(round * 8)
        }
        for (index, list) in lists.enumerated() {
            XCTAssertEqual(model[keyPath: list], (0..<20).map { $0 * (index + 1) }, "list \(index)")
        }
    }
}
