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

    func testCancellingReleasesTheHandlerWhileTheTokenLives() {
        final class Captured {}
        let model = CounterModel()
        var captured: Captured? = Captured()
        weak let weakCaptured = captured
        let subscription = model.observe(\.count) { [captured] _ in _ = captured }
        captured = nil
        XCTAssertNotNil(weakCaptured, "the subscription holds its handler")
        subscription.cancel()
        XCTAssertNil(weakCaptured, "a cancelled token must not keep its handler alive")
        XCTAssertTrue(subscription.isCancelled)
    }

    func testDroppingTheTokenEndsTheSubscription() {
        let model = CounterModel()
        var calls = 0
        var subscription: ViewModelSubscription? = model.observe(\.count) { _ in calls += 1 }
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
        var bag: Set<ViewModelSubscription> = []
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
        var second: ViewModelSubscription?
        let first = model.observe(\.count) { _ in
            log.append("first")
            second?.cancel()
        }
        second = model.observe(\.count) { _ in log.append("second") }
        model.count = 1
        XCTAssertEqual(log, ["first"])
        _ = first
    }

    func testAChangeObserverCancelledByAPropertyObserverDuringDeliveryIsNotCalled() {
        let model = CounterModel()
        var log: [String] = []
        var changes: ViewModelSubscription?
        var third: ViewModelSubscription?
        let first = model.observe(\.count) { _ in
            log.append("count")
            changes?.cancel()
            third?.cancel()
        }
        changes = model.observeChanges { log.append("changes") }
        third = model.observe(\.count) { _ in log.append("third") }
        model.count = 1
        XCTAssertEqual(log, ["count"])
        model.count = 2
        XCTAssertEqual(log, ["count", "count"])
        XCTAssertEqual(model.subscriberCount(of: \.count), 1)
        _ = first
    }

    func testAnObserverMayCancelItselfDuringDelivery() {
        let model = CounterModel()
        var log: [String] = []
        var first: ViewModelSubscription?
        first = model.observe(\.count) { value in
            log.append("first \(value)")
            first?.cancel()
        }
        let second = model.observe(\.count) { log.append("second \($0)") }
        model.count = 1
        model.count = 2
        XCTAssertEqual(log, ["first 1", "second 1", "second 2"])
        XCTAssertEqual(model.subscriberCount(of: \.count), 1)
        _ = second
    }

    func testATokenDroppedDuringDeliveryReleasesItsHandlerAfterwards() {
        final class Captured {}
        let model = CounterModel()
        var captured: Captured? = Captured()
        weak let weakCaptured = captured
        var dropped: ViewModelSubscription?
        var calls = 0
        let first = model.observe(\.count) { _ in
            XCTAssertNotNil(dropped)
            dropped = nil
        }
        dropped = model.observe(\.count) { [captured] _ in
            calls += 1
            _ = captured
        }
        captured = nil
        XCTAssertNotNil(weakCaptured, "the subscription holds its handler")
        model.count = 1
        XCTAssertEqual(calls, 0, "a subscription dropped earlier in the same delivery is not called")
        XCTAssertNil(weakCaptured, "the handler is released once the delivery ends")
        XCTAssertEqual(model.subscriberCount(of: \.count), 1)
        _ = first
    }

    func testSubscribingDuringDeliveryKeepsTheOthersInOrder() {
        let model = CounterModel()
        var log: [String] = []
        var added: [ViewModelSubscription] = []
        let first = model.observe(\.count) { [unowned model] value in
            log.append("first \(value)")
            // Several, so that the list has to grow while it is being walked.
            for index in 0..<20 {
                added.append(model.observe(\.count) { log.append("added-\(index) \($0)") })
            }
        }
        let changes = model.observeChanges { log.append("changes") }
        let last = model.observe(\.count) { log.append("last \($0)") }
        model.count = 1
        XCTAssertEqual(log, ["first 1", "changes", "last 1"], "subscribers added during a delivery wait for the next write")
        log = []
        added.removeAll()
        model.count = 2
        XCTAssertEqual(log, ["first 2", "changes", "last 2"])
        XCTAssertEqual(model.subscriberCount(of: \.count), 22)
        _ = (first, changes, last)
    }

    func testAnObserverMayWriteTheSamePropertyAgain() {
        let model = CounterModel()
        var log: [String] = []
        var cancelled: ViewModelSubscription?
        let first = model.observe(\.count) { [unowned model] value in
            log.append("first \(value)")
            if value == 1 {
                model.count = 2
                cancelled?.cancel()
            }
        }
        let changes = model.observeChanges { [unowned model] in log.append("changes \(model.count)") }
        let second = model.observe(\.count) { log.append("second \($0)") }
        cancelled = model.observe(\.count) { log.append("cancelled \($0)") }
        model.count = 1
        XCTAssertEqual(log, [
            "first 1",
            // The nested write, delivered in full; the outer delivery then stops, so that no handler is
            // left with 1 after being told 2.
            "first 2", "changes 2", "second 2", "cancelled 2",
        ])
        XCTAssertEqual(model.count, 2)
        XCTAssertEqual(model.subscriberCount(of: \.count), 2)
        _ = (first, changes, second)
    }

    func testAChangeObserverWritingTheSamePropertyLeavesEveryHandlerWithTheCurrentValue() {
        let model = CounterModel()
        var log: [String] = []
        let clamp = model.observe(\.count) { [unowned model] value in
            log.append("clamp \(value)")
            if value > 9 { model.count = 9 }
        }
        let label = model.observe(\.count) { log.append("label \($0)") }
        let title = model.observe(\.title) { log.append("title \($0)") }
        model.count = 12
        XCTAssertEqual(log, ["clamp 12", "clamp 9", "label 9"])
        log = []
        // Only a property's own subscribers know its value: another property's write leaves it current.
        let retitle = model.observe(\.count) { [unowned model] value in model.title = "count \(value)" }
        let late = model.observe(\.count) { log.append("late \($0)") }
        model.count = 5
        XCTAssertEqual(log, ["clamp 5", "label 5", "title count 5", "late 5"])
        _ = (clamp, label, title, retitle, late)
    }

    func testAChangeObserverWithoutPropertySubscribersIsToldOnceAfterANestedWrite() {
        let model = CounterModel()
        var log: [String] = []
        let first = model.observeChanges { [unowned model] in
            log.append("first \(model.count)")
            if model.count == 1 { model.count = 2 }
        }
        let second = model.observeChanges { [unowned model] in log.append("second \(model.count)") }
        model.count = 1
        XCTAssertEqual(log, ["first 1", "first 2", "second 2"])
        _ = (first, second)
    }

    func testAViewModelReleasedByItsOwnObserverFinishesTheWrite() {
        final class Holder {
            var model: CounterModel?
        }
        let holder = Holder()
        holder.model = CounterModel()
        weak let weakModel = holder.model
        var log: [String] = []
        let first = holder.model?.observe(\.count) { _ in
            log.append("first")
            holder.model = nil
        }
        let changes = holder.model?.observeChanges { log.append("changes") }
        let last = holder.model?.observe(\.count) { _ in log.append("last") }
        holder.model?.count = 1
        XCTAssertEqual(log, ["first", "changes", "last"])
        XCTAssertNil(weakModel)
        _ = (first, changes, last)
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
