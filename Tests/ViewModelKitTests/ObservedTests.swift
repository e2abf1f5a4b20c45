import XCTest
@testable import ViewModelKit

@MainActor
final class ObservedTests: XCTestCase {
    func testReadingIsAPlainReadAndWritingStores() {
        let model = CounterModel()
        XCTAssertEqual(model.count, 0)
        model.count = 5
        XCTAssertEqual(model.count, 5)
        model.tags.append("a")
        XCTAssertEqual(model.tags, ["a"])
    }

    func testObserverIsCalledAfterTheNewValueIsStored() {
        let model = CounterModel()
        var seen: [(passed: Int, stored: Int)] = []
        let subscription = model.observe(\.count) { [unowned model] value in
            seen.append((value, model.count))
        }
        model.count = 1
        model.count += 1
        XCTAssertEqual(seen.map(\.passed), [1, 2])
        XCTAssertEqual(seen.map(\.stored), [1, 2], "observers must read the new value, not the old one")
        _ = subscription
    }

    func testWritingAnEqualValueDoesNotNotify() {
        let model = CounterModel()
        var calls = 0
        let subscription = model.observe(\.title) { _ in calls += 1 }
        let changes = model.observeChanges { calls += 10 }
        model.title = "counter"
        XCTAssertEqual(calls, 0)
        model.title = "other"
        model.title = "other"
        XCTAssertEqual(calls, 11)
        _ = (subscription, changes)
    }

    func testObserversOfOnePropertyAreNotToldAboutAnother() {
        let model = CounterModel()
        var counts: [Int] = []
        let subscription = model.observe(\.count) { counts.append($0) }
        model.title = "x"
        model.plain = 3
        model.count = 7
        XCTAssertEqual(counts, [7])
        _ = subscription
    }

    func testDeliveryFollowsSubscriptionOrderAcrossPropertyAndChangeObservers() {
        let model = CounterModel()
        var log: [String] = []
        let first = model.observeChanges { log.append("changes-1") }
        let second = model.observe(\.count) { _ in log.append("count-1") }
        let third = model.observeChanges { log.append("changes-2") }
        let fourth = model.observe(\.count) { _ in log.append("count-2") }
        model.count = 1
        XCTAssertEqual(log, ["changes-1", "count-1", "changes-2", "count-2"])
        log = []
        model.title = "t"
        XCTAssertEqual(log, ["changes-1", "changes-2"])
        _ = (first, second, third, fourth)
    }

    func testChangeObserverIsCalledOncePerRealChange() {
        let model = CounterModel()
        var calls = 0
        let subscription = model.observeChanges { calls += 1 }
        model.count = 1
        model.title = "a"
        model.tags = ["x"]
        model.tags = ["x"]
        model.plain = 9
        XCTAssertEqual(calls, 3)
        _ = subscription
    }

    func testNoReRegistrationIsNeeded() {
        let model = CounterModel()
        var values: [Int] = []
        let subscription = model.observe(\.count) { values.append($0) }
        for value in 1...100 { model.count = value }
        XCTAssertEqual(values, Array(1...100))
        _ = subscription
    }

    func testCancelledSubscriptionIsNotCalled() {
        let model = CounterModel()
        var calls = 0
        let subscription = model.observe(\.count) { _ in calls += 1 }
        model.count = 1
        subscription.cancel()
        subscription.cancel()
        model.count = 2
        XCTAssertEqual(calls, 1)
        XCTAssertTrue(subscription.isCancelled)
    }

    func testDroppingTheTokenEndsTheSubscription() {
        let model = CounterModel()
        var calls = 0
        var subscription: Subscription? = model.observe(\.count) { _ in calls += 1 }
        model.count = 1
        XCTAssertNotNil(subscription)
        subscription = nil
        model.count = 2
        XCTAssertEqual(calls, 1)
    }

    func testCancellingOnAnotherThreadEndsTheSubscriptionBeforeTheNextWrite() async {
        let model = CounterModel()
        var calls = 0
        let subscription = model.observe(\.count) { _ in calls += 1 }
        await Task.detached { subscription.cancel() }.value
        model.count = 1
        XCTAssertEqual(calls, 0)
    }

    func testSubscriptionsStoredInASetLiveWithTheSet() {
        let model = CounterModel()
        var calls = 0
        var bag: Set<Subscription> = []
        model.observe(\.count) { _ in calls += 1 }.store(in: &bag)
        model.observeChanges { calls += 1 }.store(in: &bag)
        model.count = 1
        XCTAssertEqual(calls, 2)
        bag.removeAll()
        model.count = 2
        XCTAssertEqual(calls, 2)
    }

    func testAnObserverCancelledByAnEarlierObserverIsNotCalled() {
        let model = CounterModel()
        var log: [String] = []
        var second: Subscription?
        let first = model.observe(\.count) { _ in
            log.append("first")
            second?.cancel()
        }
        second = model.observe(\.count) { _ in log.append("second") }
        model.count = 1
        XCTAssertEqual(log, ["first"])
        _ = first
    }

    func testAnObserverMayWriteAnotherObservedProperty() {
        let model = CounterModel()
        var titles: [String] = []
        let mirror = model.observe(\.count) { [unowned model] in model.title = "count \($0)" }
        let titleObserver = model.observe(\.title) { titles.append($0) }
        model.count = 3
        XCTAssertEqual(titles, ["count 3"])
        XCTAssertEqual(model.title, "count 3")
        _ = (mirror, titleObserver)
    }

    func testViewModelDeinitializesWhileObserved() {
        var model: CounterModel? = CounterModel()
        weak let weakModel = model
        let property = model?.observe(\.count) { _ in }
        let changes = model?.observeChanges {}
        let stream = model?.values(of: \.count)
        model = nil
        XCTAssertNil(weakModel, "observers must not keep the view model alive")
        // Tokens of a dead view model are inert.
        property?.cancel()
        changes?.cancel()
        _ = stream
    }

    func testObservedStorageIsVisibleToReflection() {
        let model = CounterModel()
        model.count = 4
        let stored = Mirror(reflecting: model).children.compactMap { child -> (String, Any)? in
            guard let label = child.label, let storage = child.value as? any ObservedStorage else { return nil }
            return (label, storage.anyValue)
        }
        XCTAssertEqual(stored.map(\.0), ["_count", "_title", "_tags"])
        XCTAssertEqual(stored.first?.1 as? Int, 4)
    }
}
