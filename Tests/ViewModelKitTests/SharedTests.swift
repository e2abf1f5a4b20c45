import Observation
import Synchronization
import ViewModelKit
import XCTest

/// `@Shared`: one value that several view models hold by reference. A change through one holder is
/// read by every other, told to each holder's observers, and reported to Observation, so a SwiftUI
/// view that read it through any holder updates.
@MainActor
final class SharedTests: XCTestCase {
    struct Stats: Equatable {
        var count = 0
        var log: [String] = []
    }

    @MainActor
    final class Tab: ViewModel {
        @Shared var stats: Stats

        init(stats: Shared<Stats>) { _stats = stats }
    }

    @MainActor
    final class Root: ViewModel {
        @Shared var stats = Stats()
        @Child var first: Tab? = nil
        @Child var second: Tab? = nil

        func open() {
            first = Tab(stats: $stats)
            second = Tab(stats: $stats)
        }
    }

    /// `onChange` is `@Sendable`: a counter it may bump.
    private final class Counter: Sendable {
        private let value = Mutex(0)
        func bump() { value.withLock { $0 += 1 } }
        var count: Int { value.withLock { $0 } }
    }

    func testAWriteThroughOneHolderIsReadThroughEveryOther() async {
        let root = Root()
        root.open()
        root.first?.stats.count = 3
        XCTAssertEqual(root.second?.stats.count, 3)
        XCTAssertEqual(root.stats.count, 3)
        root.stats.log.append("root")
        XCTAssertEqual(root.first?.stats.log, ["root"])
    }

    func testEachHolderIsToldOfAChangeMadeThroughAnother() async {
        let root = Root()
        root.open()
        guard let first = root.first, let second = root.second else { return XCTFail("not opened") }
        var seen: [String] = []
        let subscriptions = [
            second.observe(\.stats) { seen.append("second.stats \($0.count)") },
            second.observeChanges { seen.append("second changed") },
            first.observeChanges { seen.append("first changed") },
        ]
        first.stats.count = 1
        XCTAssertEqual(seen, ["second.stats 1", "first changed", "second changed"])
        seen = []
        first.stats = Stats(count: 1)   // an equal value: nothing
        XCTAssertEqual(seen, [])
        first.stats.log.append("in place")   // a value that holds references: notified without comparing
        XCTAssertEqual(seen, ["second.stats 1", "first changed", "second changed"])
        withExtendedLifetime(subscriptions) {}
    }

    /// A holder that never read the value is told all the same, once its owner knows it.
    func testAHolderThatNeverReadTheValueIsTold() async {
        let root = Root()
        root.open()
        guard let second = root.second else { return XCTFail("not opened") }
        var changes = 0
        let subscription = second.observeChanges { changes += 1 }
        root.first?.stats.count = 1
        XCTAssertEqual(changes, 1)
        withExtendedLifetime(subscription) {}
    }

    func testObservationHearsOfAChangeThroughAnotherHolder() async {
        let root = Root()
        root.open()
        let changes = Counter()
        withObservationTracking {
            _ = root.second?.stats.count
        } onChange: {
            changes.bump()
        }
        root.first?.stats.count = 2
        XCTAssertEqual(changes.count, 1)
        let outside = root.$stats
        withObservationTracking {
            _ = outside.wrappedValue
        } onChange: {
            changes.bump()
        }
        root.second?.stats.count = 3
        XCTAssertEqual(changes.count, 2)
        XCTAssertEqual(outside.wrappedValue.count, 3)
    }

    func testAHolderThatLeftStopsHearingAndTheOthersGoOn() async {
        let root = Root()
        root.open()
        weak let gone = root.first
        root.first = nil
        XCTAssertNil(gone)
        var changes = 0
        let subscription = root.observeChanges { changes += 1 }
        root.second?.stats.count = 4
        XCTAssertEqual(root.stats.count, 4)
        XCTAssertGreaterThan(changes, 0)
        withExtendedLifetime(subscription) {}
    }
}
