import Observation
import Synchronization
import XCTest
import ViewModelKit

/// A value with a buffer of its own, copied on write, in the style of the copy-on-write checks of
/// Swift's Observation tests: `mutate()` keeps the buffer when it is uniquely referenced.
private struct CopyOnWriteBox: Equatable {
    final class Buffer {}
    private(set) var buffer = Buffer()
    private(set) var mutations = 0
    private(set) var copies = 0

    mutating func mutate() {
        if !isKnownUniquelyReferenced(&buffer) {
            buffer = Buffer()
            copies += 1
        }
        mutations += 1
    }

    static func == (lhs: CopyOnWriteBox, rhs: CopyOnWriteBox) -> Bool {
        lhs.buffer === rhs.buffer && lhs.mutations == rhs.mutations
    }
}

private struct Row: Identifiable, Equatable {
    let id: Int
    var title: String
}

/// A struct without references, whose in-place mutations compare as assignments do.
private struct Point: Equatable {
    var x = 0
    var y = 0
    mutating func moveRight(by distance: Int) { x += distance }
}

/// A struct with references (a `String`), whose in-place mutations notify without comparing.
private struct Draft: Equatable {
    var title = ""
    var tags: [String] = []
    mutating func tag(_ tag: String) { tags.append(tag) }
}

@MainActor
private final class ListModel: ViewModel {
    @Observed var box = CopyOnWriteBox()
    @Observed var numbers: [Int] = []
    @Observed var rows: IdentifiedArrayOf<Row> = []
    @Observed var draft = Draft()
    @Observed var point = Point()
    @Observed var count = 0
}

@MainActor
private final class TrackedListModel: ObservableViewModel {
    @Observed var box = CopyOnWriteBox()
    @Observed var rows: IdentifiedArrayOf<Row> = []
}

@MainActor
private final class RowViewModel: ViewModel, Identifiable {
    let id: Int
    @Observed var isSelected = false
    init(id: Int) { self.id = id }
}

@MainActor
private final class ListParent: ViewModel {
    @Child var rows: IdentifiedArrayOf<RowViewModel> = []
}

/// What the handlers saw, in order.
@MainActor
private final class Log {
    var events: [String] = []
}

/// The address of an array's buffer, to tell whether a mutation copied it.
private func bufferAddress<Element>(_ array: [Element]) -> UnsafeRawPointer? {
    array.withUnsafeBufferPointer { $0.baseAddress.map(UnsafeRawPointer.init) }
}

@MainActor
// The tests are `async` because XCTest on Linux can list the tests of a `@MainActor` class only then.
final class InPlaceMutationTests: XCTestCase {
    // MARK: - No copy

    func testAMutatingMethodCalledThroughThePropertyFindsItsBufferUniquelyReferenced() async {
        let model = ListModel()
        let buffer = ObjectIdentifier(model.box.buffer)
        model.box.mutate()
        model.box.mutate()
        XCTAssertEqual(model.box.copies, 0, "the mutation ran on the stored value, not on a copy")
        XCTAssertEqual(ObjectIdentifier(model.box.buffer), buffer)
        XCTAssertEqual(model.box.mutations, 2)
    }

    func testAMutatingMethodFindsItsBufferUniquelyReferencedWhileObservedAndTracked() async {
        let model = TrackedListModel()
        let log = Log()
        let subscription = model.observe(\.box) { log.events.append("box \($0.mutations)") }
        withObservationTracking { _ = model.box } onChange: {}
        model.box.mutate()
        // A subscriber that keeps the value it was given shares the buffer, so the next mutation
        // copies it: that is the subscriber's copy, not the property's.
        XCTAssertEqual(model.box.copies, 0)
        XCTAssertEqual(log.events, ["box 1"])
        _ = subscription
    }

    func testAppendingToAnArrayKeepsItsBuffer() async {
        let model = ListModel()
        model.numbers.reserveCapacity(100)
        let address = bufferAddress(model.numbers)
        for number in 0..<100 { model.numbers.append(number) }
        XCTAssertEqual(bufferAddress(model.numbers), address)
        XCTAssertEqual(model.numbers, Array(0..<100))
    }

    func testRemovingFromAChildCollectionKeepsItsBuffer() async {
        let parent = ListParent()
        parent.rows = IdentifiedArray(uniqueElements: (0..<10).map(RowViewModel.init))
        let address = bufferAddress(parent.rows.elements)
        parent.rows.removeLast()
        parent.rows.remove(id: 3)
        XCTAssertEqual(bufferAddress(parent.rows.elements), address)
        XCTAssertEqual(parent.rows.ids, [0, 1, 2, 4, 5, 6, 7, 8])
    }

    // MARK: - What an in-place mutation notifies

    func testAnArrayMutatedInPlaceNotifiesWithTheNewValue() async {
        let model = ListModel()
        let log = Log()
        let subscription = model.observe(\.numbers) { log.events.append("numbers \($0)") }
        let changes = model.observeChanges { log.events.append("changed") }
        model.numbers.append(1)
        model.numbers.append(2)
        model.numbers.sort(by: >)
        model.numbers.removeFirst()
        XCTAssertEqual(log.events, [
            "numbers [1]", "changed", "numbers [1, 2]", "changed", "numbers [2, 1]", "changed", "numbers [1]", "changed",
        ])
        _ = (subscription, changes)
    }

    func testAnIdentifiedArrayEditedByIDNotifiesWithTheNewValue() async {
        let model = ListModel()
        model.rows = [Row(id: 1, title: "a"), Row(id: 2, title: "b")]
        let log = Log()
        let subscription = model.observe(\.rows) { log.events.append($0.map(\.title).joined(separator: ",")) }
        model.rows[id: 2]?.title = "B"
        model.rows[0].title = "A"
        model.rows.append(Row(id: 3, title: "c"))
        model.rows.remove(id: 1)
        XCTAssertEqual(log.events, ["a,B", "A,B", "A,B,c", "B,c"])
        _ = subscription
    }

    func testAStructMutatedInPlaceNotifiesWithTheNewValue() async {
        let model = ListModel()
        let log = Log()
        let subscription = model.observe(\.draft) { log.events.append("\($0.title) \($0.tags)") }
        model.draft.tag("swift")
        model.draft.title += "Notes"
        XCTAssertEqual(log.events, ["[\"swift\"]".withTitle(""), "[\"swift\"]".withTitle("Notes")])
        _ = subscription
    }

    func testAnInPlaceMutationOfAValueWithReferencesNotifiesWithoutComparing() async {
        let model = ListModel()
        model.numbers = [3, 1, 2]
        model.numbers.sort()
        let log = Log()
        let subscription = model.observe(\.numbers) { log.events.append("numbers \($0)") }
        model.numbers.sort()   // already sorted: the value is the same, and the observers hear of it
        model.numbers = [1, 2, 3]   // an assignment compares: nothing
        XCTAssertEqual(log.events, ["numbers [1, 2, 3]"])
        _ = subscription
    }

    func testAnInPlaceMutationOfAValueWithoutReferencesComparesAsAnAssignment() async {
        let model = ListModel()
        let log = Log()
        let count = model.observe(\.count) { log.events.append("count \($0)") }
        let point = model.observe(\.point) { log.events.append("point \($0.x)") }
        model.count += 0
        model.point.moveRight(by: 0)
        model.count += 1
        model.point.moveRight(by: 2)
        XCTAssertEqual(log.events, ["count 1", "point 2"])
        _ = (count, point)
    }

    func testAnInPlaceMutationIsSeenByObservation() async {
        let model = TrackedListModel()
        let fired = Atomic<Int>(0)
        withObservationTracking { _ = model.rows } onChange: { fired.add(1, ordering: .relaxed) }
        model.rows.append(Row(id: 1, title: "a"))
        XCTAssertEqual(fired.load(ordering: .relaxed), 1)
        withObservationTracking { _ = model.rows } onChange: { fired.add(1, ordering: .relaxed) }
        model.rows[id: 1]?.title = "A"
        XCTAssertEqual(fired.load(ordering: .relaxed), 2)
    }

    // MARK: - Child collections

    func testAChildAppendedInPlaceIsOwnedAndNotifies() async {
        let parent = ListParent()
        let log = Log()
        let subscription = parent.observe(\.rows) { log.events.append("rows \($0.ids)") }
        let changes = parent.observeChanges { log.events.append("changed") }
        parent.rows.append(RowViewModel(id: 1))
        parent.rows.append(RowViewModel(id: 2))
        parent.rows[id: 2]?.isSelected = true   // the child's own change reaches the parent
        XCTAssertEqual(log.events, ["rows [1]", "changed", "rows [1, 2]", "changed", "changed"])
        _ = (subscription, changes)
    }

    func testAChildRemovedInPlaceHasItsTasksCancelled() async {
        let parent = ListParent()
        parent.rows.append(RowViewModel(id: 1))
        parent.rows.append(RowViewModel(id: 2))
        let row = parent.rows[id: 1]
        row?.task(id: "work") {
            for await _ in AsyncStream<Never>(unfolding: { await withUnsafeContinuation { _ in } }) {}
        }
        XCTAssertEqual(row?.runningTaskIDs, ["work"])
        parent.rows.remove(id: 1)
        XCTAssertEqual(row?.runningTaskIDs, [], "a child that left has its tasks cancelled")
        XCTAssertEqual(parent.rows.ids, [2])
    }
}

private extension String {
    /// `"<title> <self>"`, as the draft's handler writes it.
    func withTitle(_ title: String) -> String { "\(title) \(self)" }
}
