import XCTest
@testable import ViewModelKit

@MainActor
final class ValuesTests: XCTestCase {
    func testStartsWithTheCurrentValueThenFollowsChanges() async {
        let model = CounterModel()
        model.count = 10
        var iterator = model.values(of: \.count).makeAsyncIterator()
        let first = await iterator.next()
        XCTAssertEqual(first, 10)
        model.count = 11
        let second = await iterator.next()
        XCTAssertEqual(second, 11)
    }

    func testASlowConsumerGetsOnlyTheNewestValue() async {
        let model = CounterModel()
        var iterator = model.values(of: \.count).makeAsyncIterator()
        model.count = 1
        model.count = 2
        model.count = 3
        let newest = await iterator.next()
        XCTAssertEqual(newest, 3)
        model.count = 4
        let next = await iterator.next()
        XCTAssertEqual(next, 4)
    }

    func testEndsWhenTheViewModelDeinitializes() async {
        var model: CounterModel? = CounterModel()
        guard let stream = model?.values(of: \.title) else { return XCTFail("no stream") }
        var iterator = stream.makeAsyncIterator()
        let first = await iterator.next()
        XCTAssertEqual(first, "counter")
        model = nil
        let end = await iterator.next()
        XCTAssertNil(end)
    }

    func testEndingTheIterationEndsTheSubscription() async {
        let model = CounterModel()
        let consumer = Task { @MainActor in
            for await value in model.values(of: \.count) where value == 2 { return value }
            return -1
        }
        while model.subscriberCount(of: \.count) == 0 { await Task.yield() }
        model.count = 1
        model.count = 2
        let value = await consumer.value
        XCTAssertEqual(value, 2)
        // The stream's subscription is gone: no subscriber entries remain for `count`.
        await Task.yield()
        XCTAssertEqual(model.subscriberCount(of: \.count), 0)
    }
}
