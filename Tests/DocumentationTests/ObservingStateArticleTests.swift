import TestSupport
import ViewModelKit
import XCTest

// The code of the article "Observing state" (ObservingState.md).

enum ObservingStateArticle {
    // snippet: observing-state-view-model
    @MainActor
    final class CounterViewModel: ViewModel {
        @Observed private(set) var count: Int
        @Observed private(set) var fact: String?

        init(count: Int = 0) { self.count = count }

        func incrementButtonTapped() {
            count += 1
            fact = nil
        }
        func resetButtonTapped() { count = 0 }
        func factArrived(_ fact: String) { self.fact = fact }
    }
    // end snippet

    @MainActor
    static func observe(_ viewModel: CounterViewModel, print: @escaping (String) -> Void) -> ViewModelSubscription {
        // snippet: observing-state-observe
        let subscription = viewModel.observe(\.count) { count in
            print("count: \(count)")
        }
        viewModel.incrementButtonTapped()   // prints "count: 1"
        viewModel.resetButtonTapped()       // prints "count: 0"
        viewModel.resetButtonTapped()       // prints nothing: the count is 0 already
        // end snippet
        return subscription
    }

    @MainActor
    static func render(_ viewModel: CounterViewModel, print: @escaping (String) -> Void) -> ViewModelSubscription {
        // snippet: observing-state-observe-changes
        let subscription = viewModel.observeChanges { [weak viewModel] in
            guard let viewModel else { return }
            print("\(viewModel.count) – \(viewModel.fact ?? "no fact")")
        }
        viewModel.factArrived("0 is a good number.")   // prints "0 – 0 is a good number."
        viewModel.incrementButtonTapped()              // prints "1 – 0 is a good number.",
                                                       // then "1 – no fact"
        // end snippet
        return subscription
    }

    @MainActor
    static func newest(_ viewModel: CounterViewModel) async -> [Int?] {
        // snippet: observing-state-values-newest
        var counts = viewModel.values(of: \.count).makeAsyncIterator()
        let first = await counts.next()    // 0: the current value
        viewModel.incrementButtonTapped()
        viewModel.incrementButtonTapped()
        viewModel.incrementButtonTapped()
        let next = await counts.next()     // 3: the newest value; 1 and 2 were dropped
        // end snippet
        return [first, next]
    }

    @MainActor
    static func printCounts(of viewModel: CounterViewModel, print: @escaping @Sendable (String) -> Void) -> Task<Void, Never> {
        // snippet: observing-state-values-loop
        let counts = viewModel.values(of: \.count)
        let printer = Task {
            for await count in counts {
                print("count: \(count)")
            }
            print("the view model is gone")
        }
        // end snippet
        return printer
    }

    /// A screen that keeps its subscriptions for as long as it lives.
    // snippet: observing-state-screen
    @MainActor
    final class CounterScreen {
        private(set) var lines: [String] = []
        private var subscriptions: Set<ViewModelSubscription> = []

        init(viewModel: CounterViewModel) {
            viewModel.observe(\.count) { [weak self] count in
                self?.lines.append("count: \(count)")
            }.store(in: &subscriptions)
            viewModel.observe(\.fact) { [weak self] fact in
                self?.lines.append("fact: \(fact ?? "none")")
            }.store(in: &subscriptions)
        }
    }
    // end snippet

    @MainActor
    static func order(_ viewModel: CounterViewModel, print: @escaping (String) -> Void) -> [ViewModelSubscription] {
        // snippet: observing-state-order
        let first = viewModel.observeChanges { print("changes, subscribed first") }
        let second = viewModel.observe(\.count) { print("count \($0), subscribed second") }
        let third = viewModel.observeChanges { print("changes, subscribed third") }
        viewModel.resetButtonTapped()
        // changes, subscribed first
        // count 0, subscribed second
        // changes, subscribed third
        // end snippet
        return [first, second, third]
    }

    @MainActor
    static func nestedWrite(print: @escaping (String) -> Void) -> (CounterViewModel, [ViewModelSubscription]) {
        // snippet: observing-state-nested-write
        let viewModel = CounterViewModel(count: 9)
        let limit = viewModel.observe(\.count) { [weak viewModel] count in
            print("limit: \(count)")
            if count > 9 { viewModel?.resetButtonTapped() }   // writes during the delivery
        }
        let label = viewModel.observe(\.count) { count in print("label: \(count)") }
        viewModel.incrementButtonTapped()
        // limit: 10
        // limit: 0     the handler's write is delivered in full,
        // label: 0     and the delivery of 10 stops: 10 is no longer the count
        // end snippet
        return (viewModel, [limit, label])
    }

    @MainActor
    static func log(_ viewModel: CounterViewModel) -> ChangeLogger {
        // snippet: observing-state-log
        let logger = viewModel.logChanges()   // keep it: releasing it stops the log
        viewModel.incrementButtonTapped()
        // end snippet
        return logger
    }
}

@MainActor
final class ObservingStateArticleTests: XCTestCase {
    typealias CounterViewModel = ObservingStateArticle.CounterViewModel

    func testObserveIsToldOfRealChangesOnly() async {
        var printed: [String] = []
        let subscription = ObservingStateArticle.observe(CounterViewModel()) { printed.append($0) }
        XCTAssertEqual(printed, ["count: 1", "count: 0"])
        _ = subscription
    }

    func testObserveIsNotCalledWithTheCurrentValue() async {
        let viewModel = CounterViewModel(count: 4)
        var counts: [Int] = []
        let subscription = viewModel.observe(\.count) { counts.append($0) }
        XCTAssertEqual(counts, [])
        _ = subscription
    }

    func testObserveChangesRendersOncePerChangedProperty() async {
        var printed: [String] = []
        let subscription = ObservingStateArticle.render(CounterViewModel()) { printed.append($0) }
        XCTAssertEqual(printed, ["0 – 0 is a good number.", "1 – 0 is a good number.", "1 – no fact"])
        _ = subscription
    }

    func testValuesStartWithTheCurrentValueAndKeepTheNewest() async {
        let values = await ObservingStateArticle.newest(CounterViewModel())
        XCTAssertEqual(values, [0, 3])
    }

    func testTheLoopEndsWhenTheViewModelDeinitializes() async {
        let printed = LockedLines()
        var viewModel: CounterViewModel? = CounterViewModel()
        weak let weakViewModel = viewModel
        let printer = viewModel.map { ObservingStateArticle.printCounts(of: $0) { printed.append($0) } }
        let started = await yieldUntil { printed.lines == ["count: 0"] }
        XCTAssertTrue(started, "the loop printed the current value")
        viewModel?.incrementButtonTapped()
        let incremented = await yieldUntil { printed.lines.count == 2 }
        XCTAssertTrue(incremented)
        viewModel = nil
        XCTAssertNil(weakViewModel, "the stream does not keep the view model alive")
        await printer?.value
        XCTAssertEqual(printed.lines, ["count: 0", "count: 1", "the view model is gone"])
    }

    func testCancellingTheIteratingTaskEndsTheSubscription() async {
        let viewModel = CounterViewModel()
        let printer = ObservingStateArticle.printCounts(of: viewModel) { _ in }
        XCTAssertEqual(viewModel.subscriberCount(of: \.count), 1)
        printer.cancel()
        await printer.value
        let ended = await yieldUntil { viewModel.subscriberCount(of: \.count) == 0 }
        XCTAssertTrue(ended, "the subscription ended with the task")
    }

    func testTheScreensSubscriptionsLiveWithTheScreen() async {
        let viewModel = CounterViewModel()
        var screen: ObservingStateArticle.CounterScreen? = ObservingStateArticle.CounterScreen(viewModel: viewModel)
        viewModel.factArrived("0 is a good number.")
        viewModel.incrementButtonTapped()
        XCTAssertEqual(screen?.lines, ["fact: 0 is a good number.", "count: 1", "fact: none"])
        screen = nil
        XCTAssertEqual(viewModel.subscriberCount(of: \.count), 0, "releasing the screen ended its subscriptions")
        XCTAssertEqual(viewModel.subscriberCount(of: \.fact), 0)
    }

    func testCancellingOnAnotherThreadStopsTheHandlerBeforeTheNextWrite() async {
        let viewModel = CounterViewModel()
        var counts: [Int] = []
        let subscription = viewModel.observe(\.count) { counts.append($0) }
        await Task.detached { subscription.cancel() }.value
        viewModel.incrementButtonTapped()
        XCTAssertEqual(counts, [])
        XCTAssertTrue(subscription.isCancelled)
    }

    func testACancelledSubscriptionReleasesItsHandlerAtOnce() async {
        final class Captured {}
        let viewModel = CounterViewModel()
        var captured: Captured? = Captured()
        weak let weakCaptured = captured
        let subscription = viewModel.observe(\.count) { [captured] _ in _ = captured }
        captured = nil
        subscription.cancel()
        XCTAssertNil(weakCaptured, "the token no longer holds the handler")
    }

    func testCancellingOnAnotherThreadReleasesTheHandlerOnTheMainActor() async {
        final class Captured {}
        let viewModel = CounterViewModel()
        var captured: Captured? = Captured()
        weak let weakCaptured = captured
        let subscription = viewModel.observe(\.count) { [captured] _ in _ = captured }
        captured = nil
        await Task.detached { subscription.cancel() }.value
        let released = await yieldUntil { weakCaptured == nil }
        XCTAssertTrue(released, "the main actor released the handler")
    }

    func testAHandlerCancelledDuringADeliveryIsReleasedWhenTheDeliveryEnds() async {
        final class Captured {}
        let viewModel = CounterViewModel()
        var captured: Captured? = Captured()
        weak let weakCaptured = captured
        var cancelled: ViewModelSubscription?
        var stillHeldDuringDelivery = false
        let first = viewModel.observe(\.count) { _ in
            cancelled?.cancel()
            stillHeldDuringDelivery = weakCaptured != nil
        }
        cancelled = viewModel.observe(\.count) { [captured] _ in _ = captured }
        captured = nil
        viewModel.incrementButtonTapped()
        XCTAssertTrue(stillHeldDuringDelivery)
        XCTAssertNil(weakCaptured, "released as soon as the delivery ended")
        _ = first
    }

    func testAViewModelDeinitializesWhileObserved() async {
        var viewModel: CounterViewModel? = CounterViewModel()
        weak let weakViewModel = viewModel
        let subscription = viewModel?.observe(\.count) { _ in }
        viewModel = nil
        XCTAssertNil(weakViewModel)
        subscription?.cancel()
    }

    func testDeliveryFollowsSubscriptionOrder() async {
        let viewModel = CounterViewModel(count: 5)
        var printed: [String] = []
        let subscriptions = ObservingStateArticle.order(viewModel) { printed.append($0) }
        XCTAssertEqual(printed, ["changes, subscribed first", "count 0, subscribed second", "changes, subscribed third"])
        _ = subscriptions
    }

    func testAHandlersWriteIsDeliveredInFullAndTheOuterDeliveryStops() async {
        var printed: [String] = []
        let (viewModel, subscriptions) = ObservingStateArticle.nestedWrite { printed.append($0) }
        XCTAssertEqual(printed, ["limit: 10", "limit: 0", "label: 0"])
        XCTAssertEqual(viewModel.count, 0, "the label's last call was the current value")
        _ = subscriptions
    }

    func testAHandlerAddedDuringADeliveryWaitsForTheNextChange() async {
        let viewModel = CounterViewModel()
        var printed: [String] = []
        var added: ViewModelSubscription?
        let first = viewModel.observe(\.count) { [unowned viewModel] count in
            printed.append("first: \(count)")
            if added == nil { added = viewModel.observe(\.count) { printed.append("added: \($0)") } }
        }
        viewModel.incrementButtonTapped()
        viewModel.incrementButtonTapped()
        XCTAssertEqual(printed, ["first: 1", "first: 2", "added: 2"])
        _ = first
    }

    func testAHandlerCancelledDuringADeliveryIsNotCalledIfItsTurnHadNotCome() async {
        let viewModel = CounterViewModel()
        var printed: [String] = []
        var second: ViewModelSubscription?
        let first = viewModel.observe(\.count) { _ in
            printed.append("first")
            second?.cancel()
        }
        second = viewModel.observeChanges { printed.append("second") }
        viewModel.incrementButtonTapped()
        XCTAssertEqual(printed, ["first"])
        _ = first
    }

    func testTheLogShowsEachBurstAsADiff() async {
        let viewModel = CounterViewModel()
        var output: [String] = []
        let logger = viewModel.logChanges { output.append($0) }
        viewModel.incrementButtonTapped()
        XCTAssertEqual(output, [], "the log waits for the end of the main actor's turn")
        let logged = await yieldUntil { !output.isEmpty }
        XCTAssertTrue(logged)
        // The article's view model is a top-level type; here it sits in a namespace, which the dump names.
        XCTAssertEqual(output.map { $0.replacingOccurrences(of: "ObservingStateArticle.", with: "") }, [
            """
            CounterViewModel: (change)
                CounterViewModel(
              −   count: 0,
              +   count: 1,
                  fact: nil
                )

            """,
        ])
        logger.cancel()
        _ = ObservingStateArticle.log(CounterViewModel())
    }

    func testTheLogNamesAnIntentRunThroughIt() async {
        let viewModel = CounterViewModel()
        var output: [String] = []
        let logger = viewModel.logChanges { output.append($0) }
        logger.intent("incrementButtonTapped()") { viewModel.incrementButtonTapped() }
        XCTAssertEqual(output.first?.components(separatedBy: "\n").first, "ObservingStateArticle.CounterViewModel: incrementButtonTapped()")
    }
}
