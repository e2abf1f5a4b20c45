import Observation
import Synchronization
import XCTest
import ViewModelKit

/// A state value of a type of our own, to show any `Equatable` works.
private struct Filter: Equatable {
    var minimumStars: Int
    var language: String?
}

@MainActor
private final class TrackedModel: ObservableViewModel {
    @Observed var count = 0
    @Observed var title = "counter"
    @Observed var tags: [String] = []
    @Observed var filter = Filter(minimumStars: 0, language: nil)
}

@MainActor
private final class TrackedParent: ObservableViewModel {
    @Child var child: TrackedModel? = TrackedModel()
    @Child var rows: IdentifiedArrayOf<TrackedRow> = []
}

@MainActor
private final class TrackedRow: ObservableViewModel, Identifiable {
    let id: Int
    @Observed var isSelected = false
    init(id: Int) { self.id = id }
}

/// A plain ``ViewModel`` subclass, as the README writes one: it reports to Observation all the same.
@MainActor
private final class PlainModel: ViewModel {
    @Observed var count = 0
}

/// A plain ``ViewModel`` parent of a plain child.
@MainActor
private final class PlainParent: ViewModel {
    @Child var child: PlainModel? = PlainModel()
}

/// A view model written for earlier versions, where only an `ObservableViewModel` reported: it still
/// compiles, and reports as any view model does.
@MainActor
private final class LegacyModel: ObservableViewModel {
    @Observed var count: Int
    override init() {
        count = 0
        super.init()
    }
}

/// What the trackers' `onChange` and the subscribers saw, in order (`onChange` is `@Sendable`).
private final class EventLog: Sendable {
    private let events = Mutex<[String]>([])
    func append(_ event: String) { events.withLock { $0.append(event) } }
    var all: [String] { events.withLock { $0 } }
}

@MainActor
// The tests are `async` because XCTest on Linux can list the tests of a `@MainActor` class only then.
final class ObservationInteropTests: XCTestCase {
    /// Runs `read` inside `withObservationTracking` and returns the log its `onChange` writes to.
    private func track(_ read: () -> Void) -> EventLog {
        let log = EventLog()
        withObservationTracking { read() } onChange: { log.append("onChange") }
        return log
    }

    func testTrackingSeesEachObservedProperty() async {
        let writes: [(String, (TrackedModel) -> Void, (TrackedModel) -> Void)] = [
            ("count", { _ = $0.count }, { $0.count = 1 }),
            ("title", { _ = $0.title }, { $0.title = "other" }),
            ("tags", { _ = $0.tags }, { $0.tags.append("swift") }),
            ("filter", { _ = $0.filter }, { $0.filter.language = "Swift" }),
        ]
        for (name, read, write) in writes {
            let model = TrackedModel()
            let log = track { read(model) }
            write(model)
            XCTAssertEqual(log.all, ["onChange"], "a tracked read of \(name) must see its change")
        }
    }

    func testAChangeOfAPropertyNobodyReadDoesNotFire() async {
        let model = TrackedModel()
        let log = track { _ = model.count }
        model.title = "other"
        XCTAssertEqual(log.all, [])
        model.count = 1
        XCTAssertEqual(log.all, ["onChange"])
    }

    func testAnEqualWriteDoesNotFire() async {
        let model = TrackedModel()
        let log = track {
            _ = model.count
            _ = model.filter
        }
        model.count = 0
        model.filter = Filter(minimumStars: 0, language: nil)
        XCTAssertEqual(log.all, [])
        model.filter.minimumStars = 10
        XCTAssertEqual(log.all, ["onChange"])
    }

    func testOnChangeFiresOncePerTracking() async {
        let model = TrackedModel()
        let log = track { _ = model.count }
        model.count = 1
        model.count = 2
        XCTAssertEqual(log.all, ["onChange"], "Observation's onChange fires once, then the tracker re-registers")
    }

    func testATrackerThatStartsAfterAChangeSeesTheNextChange() async {
        let model = TrackedModel()
        let first = track { _ = model.count }
        model.count = 1
        let second = track { _ = model.count }
        model.count = 2
        model.count = 3
        let third = track { _ = model.filter.minimumStars }
        model.filter.minimumStars = 1
        XCTAssertEqual(first.all, ["onChange"])
        XCTAssertEqual(second.all, ["onChange"], "a read after a change must be tracked again")
        XCTAssertEqual(third.all, ["onChange"])
    }

    func testEveryTrackerOfAPropertyIsToldOfItsChange() async {
        let model = TrackedModel()
        let first = track { _ = model.count }
        let second = track {
            _ = model.count
            _ = model.title
        }
        model.count = 1
        XCTAssertEqual(first.all, ["onChange"])
        XCTAssertEqual(second.all, ["onChange"])
    }

    func testAChildsChangeFiresForATrackerThatReadItThroughTheParent() async {
        let parent = TrackedParent()
        let log = track { _ = parent.child?.count }
        parent.child?.count = 1
        XCTAssertEqual(log.all, ["onChange"])
    }

    func testReplacingOrDismissingAChildFiresForATrackerOfTheParentsProperty() async {
        let parent = TrackedParent()
        let replaced = track { _ = parent.child }
        parent.child = TrackedModel()
        XCTAssertEqual(replaced.all, ["onChange"])

        let dismissed = track { _ = parent.child }
        parent.child?.dismiss()
        XCTAssertNil(parent.child)
        XCTAssertEqual(dismissed.all, ["onChange"])
    }

    func testARowOfACollectionIsTrackedThroughTheParent() async {
        let parent = TrackedParent()
        parent.rows = [TrackedRow(id: 1), TrackedRow(id: 2)]
        let log = track { _ = parent.rows[id: 2]?.isSelected }
        parent.rows[id: 1]?.isSelected = true
        XCTAssertEqual(log.all, [], "only the row that was read is tracked")
        parent.rows[id: 2]?.isSelected = true
        XCTAssertEqual(log.all, ["onChange"])
    }

    func testObservationFiresBeforeTheValueIsStoredThenSubscribersRunAfter() async {
        let model = TrackedModel()
        let log = EventLog()
        withObservationTracking { _ = model.count } onChange: {
            MainActor.assumeIsolated { log.append("onChange sees \(model.count)") }
        }
        let subscription = model.observe(\.count) { log.append("observe \($0)") }
        let changes = model.observeChanges { log.append("observeChanges sees \(model.count)") }
        model.count = 1
        XCTAssertEqual(log.all, ["onChange sees 0", "observe 1", "observeChanges sees 1"])
        _ = (subscription, changes)
    }

    func testAPlainViewModelReportsARealChangeOfAnObservedProperty() async {
        let model = PlainModel()
        let log = track { _ = model.count }
        model.count = 0
        XCTAssertEqual(log.all, [], "an equal write is no change")
        model.count = 1
        XCTAssertEqual(log.all, ["onChange"], "every ViewModel reports to Observation, with no opt-in")
    }

    func testAPlainViewModelReportsAnInPlaceChangeOfAnObservedProperty() async {
        let model = PlainModel()
        let log = track { _ = model.count }
        model.count += 0
        XCTAssertEqual(log.all, [])
        model.count += 1
        XCTAssertEqual(log.all, ["onChange"])
    }

    func testAPlainViewModelReportsAChangeOfAChildProperty() async {
        let parent = PlainParent()
        let child = parent.child
        let equal = track { _ = parent.child }
        parent.child = child
        XCTAssertEqual(equal.all, [], "assigning the same child is no change")
        parent.child = PlainModel()
        XCTAssertEqual(equal.all, ["onChange"])

        let dismissed = track { _ = parent.child }
        parent.child?.dismiss()
        XCTAssertEqual(dismissed.all, ["onChange"])
    }

    func testAnObservableViewModelSubclassStillCompilesAndReports() async {
        let model = LegacyModel()
        let log = track { _ = model.count }
        model.count = 1
        XCTAssertEqual(log.all, ["onChange"])
    }

    func testAPlainChildsChangeFiresForATrackerThatReadItThroughAPlainParent() async {
        let parent = PlainParent()
        let log = track { _ = parent.child?.count }
        parent.child?.count = 0
        XCTAssertEqual(log.all, [])
        parent.child?.count = 1
        XCTAssertEqual(log.all, ["onChange"])
    }

    /// `observe` reads the property to find its subscriber list: a read of the library's own, which a
    /// tracker running around the call must not see (nor later writes tell Observation because of it).
    func testObservingAPropertyIsNotAReadATrackerSees() async {
        let model = PlainModel()
        var subscription: ViewModelSubscription?
        let log = track { subscription = model.observe(\.count) { _ in } }
        model.count = 1
        XCTAssertEqual(log.all, [])
        withExtendedLifetime(subscription) {}
    }

    /// A second `observe` of the same property, and one of another property, each reach their own
    /// property's subscribers (the second finds the list without reading the property again).
    func testObservingAgainReachesTheSameProperty() async {
        let model = TrackedModel()
        var counts: [Int] = []
        var titles: [String] = []
        let first = model.observe(\.count) { counts.append($0) }
        let second = model.observe(\.count) { counts.append($0 * 10) }
        let title = model.observe(\.title) { titles.append($0) }
        model.count = 2
        model.title = "t"
        XCTAssertEqual(counts, [2, 20])
        XCTAssertEqual(titles, ["t"])
        first.cancel()
        model.count = 3
        XCTAssertEqual(counts, [2, 20, 30])
        withExtendedLifetime((second, title)) {}
    }
}
