#if os(Linux)
// withObservationTracking(_:willSet:didSet:) is SwiftUI's SPI: swift-corelibs' Observation exports it,
// Xcode's SDKs have no private interface for it, so the tests of trackers that stay registered run on
// Linux only.
@_spi(SwiftUI) import Observation
#else
import Observation
#endif
import Synchronization
import XCTest
import ViewModelKit

@MainActor
private final class Counter: ObservableViewModel {
    @Observed var count = 0
    @Observed var rows: [Int] = []
}

/// The same state as an `@Observable` class: what Observation's own types do is the reference.
@Observable
private final class ObservableCounter {
    var count = 0
    var rows: [Int] = []
}

/// A view model whose observed property has its own observers, to show the order of calls.
@MainActor
private final class Logged: ObservableViewModel {
    let log: EventLog
    @Observed var count = 0 {
        willSet { log.append("willSet \(newValue)") }
        didSet { log.append("didSet \(count)") }
    }
    init(log: EventLog) { self.log = log }
}

/// What the trackers heard, in order (their closures are `@Sendable`).
private final class EventLog: Sendable {
    private let events = Mutex<[String]>([])
    func append(_ event: String) { events.withLock { $0.append(event) } }
    var all: [String] { events.withLock { $0 } }
}

@MainActor
// The tests are `async` because XCTest on Linux can list the tests of a `@MainActor` class only then.
final class ObservationTrackerTests: XCTestCase {
    func testAnOnChangeTrackerStillHearsOnlyTheFirstChange() async {
        let model = Counter()
        let log = EventLog()
        withObservationTracking { _ = model.count } onChange: { log.append("onChange") }
        model.count = 1
        model.count = 2
        XCTAssertEqual(log.all, ["onChange"])
    }

    func testObservationsYieldsEachChange() async throws {
        // `Observations` is in the Apple SDKs from the 26 releases; the package declares older ones.
        guard #available(macOS 26.0, iOS 26.0, tvOS 26.0, watchOS 26.0, visionOS 26.0, *) else {
            throw XCTSkip("Observations needs macOS, iOS, tvOS, watchOS or visionOS 26")
        }
        let model = Counter()
        var values = Observations { model.count }.makeAsyncIterator()
        let first = await values.next()
        model.count = 1
        let second = await values.next()
        model.count = 2
        let third = await values.next()
        XCTAssertEqual([first, second, third], [0, 1, 2])
    }

    /// The property's own `willSet` runs before the wrapper sees the write (Swift calls it first), so
    /// Observation's `onChange` comes after it, where an `@Observable` class calls `onChange` first.
    func testCallOrderIsWillSetThenOnChangeThenDidSet() async {
        let log = EventLog()
        let model = Logged(log: log)
        withObservationTracking { _ = model.count } onChange: { log.append("onChange") }
        model.count = 1
        XCTAssertEqual(log.all, ["willSet 1", "onChange", "didSet 1"])
    }
}


#if os(Linux)
extension ObservationTrackerTests {
    /// Installs a tracker that stays registered (`willSet`/`didSet`) on the read of `read`, then
    /// makes each change of `changes` and returns what the tracker heard.
    private func persistentTrackerHears(read: () -> Void, changes: [() -> Void]) -> [String] {
        let log = EventLog()
        withObservationTracking {
            read()
        } willSet: { _ in
            log.append("willSet")
        } didSet: { _ in
            log.append("didSet")
        }
        for change in changes { change() }
        return log.all
    }

    func testATrackerThatStaysRegisteredHearsEveryChangeAsWithObservable() async {
        let model = Counter()
        let observable = ObservableCounter()
        let ours = persistentTrackerHears(read: { _ = model.count }, changes: [
            { model.count = 1 }, { model.count = 2 }, { model.count += 1 },
        ])
        let theirs = persistentTrackerHears(read: { _ = observable.count }, changes: [
            { observable.count = 1 }, { observable.count = 2 }, { observable.count += 1 },
        ])
        XCTAssertEqual(theirs, ["willSet", "didSet", "willSet", "didSet", "willSet", "didSet"])
        XCTAssertEqual(ours, theirs)
    }

    func testATrackerThatStaysRegisteredHearsEveryInPlaceMutation() async {
        let model = Counter()
        let observable = ObservableCounter()
        let ours = persistentTrackerHears(read: { _ = model.rows }, changes: [
            { model.rows.append(1) }, { model.rows.append(2) },
        ])
        let theirs = persistentTrackerHears(read: { _ = observable.rows }, changes: [
            { observable.rows.append(1) }, { observable.rows.append(2) },
        ])
        XCTAssertEqual(ours, ["willSet", "didSet", "willSet", "didSet"])
        XCTAssertEqual(ours, theirs)
    }

    func testAWillSetOnlyAndADidSetOnlyTrackerHearEveryChange() async {
        let model = Counter()
        let log = EventLog()
        withObservationTracking { _ = model.count } willSet: { _ in log.append("willSet") }
        withObservationTracking { _ = model.count } didSet: { _ in log.append("didSet") }
        model.count = 1
        model.count = 2
        XCTAssertEqual(log.all, ["willSet", "didSet", "willSet", "didSet"])
    }

    func testAnEqualWriteTellsNoTrackerEvenAfterAChange() async {
        let model = Counter()
        let heard = persistentTrackerHears(read: { _ = model.count }, changes: [
            { model.count = 1 }, { model.count = 1 },
        ])
        XCTAssertEqual(heard, ["willSet", "didSet"])
    }
}
#endif
