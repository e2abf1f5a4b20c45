import ViewModelKit
import ViewModelKitTesting
import XCTest

/// A model shared by two screens: the tester sees it once, takes an assertion through any path that
/// reaches it, and counts its changes once.
///
/// Before `@Shared`, the value was either a plain reference (`$0.counter.stats.value.increment()`
/// failed with "\CounterTab.stats is not a @Child property"), or a `@Child` of both screens (it showed
/// twice in the snapshot, and asserting it through one path reported the other as changed).
@MainActor
final class SharedTesterTests: XCTestCase {
    private var reporter = RecordingIssueReporter()

    struct Stats: Equatable {
        var count = 0
        mutating func increment() { count += 1 }
    }

    @MainActor
    final class CounterTab: ViewModel {
        @Shared private(set) var stats: Stats

        init(stats: Shared<Stats>) { _stats = stats }

        func incrementButtonTapped() { stats.increment() }
    }

    @MainActor
    final class ProfileTab: ViewModel {
        @Shared private(set) var stats: Stats
        @Observed private(set) var isResetting = false
        private let clock: any Clock<Duration>

        init(stats: Shared<Stats>, clock: any Clock<Duration>) {
            _stats = stats
            self.clock = clock
        }

        func resetButtonTapped() {
            isResetting = true
            task(id: "reset") { [weak self, clock] in
                try await clock.sleep(for: .seconds(1))
                self?.stats = Stats()
                self?.isResetting = false
            }
        }
    }

    /// The root holds the value too, and shows it.
    @MainActor
    final class AppModel: ViewModel {
        @Shared private(set) var stats: Stats
        @Child private(set) var counter: CounterTab
        @Child private(set) var profile: ProfileTab

        init(clock: any Clock<Duration>) {
            let stats = Shared(Stats())
            _stats = stats
            _counter = Child(wrappedValue: CounterTab(stats: stats))
            _profile = Child(wrappedValue: ProfileTab(stats: stats, clock: clock))
            super.init()
        }
    }

    /// Only the two screens hold the value.
    @MainActor
    final class TabsModel: ViewModel {
        @Child private(set) var counter: CounterTab
        @Child private(set) var profile: ProfileTab

        init(clock: any Clock<Duration>) {
            let stats = Shared(Stats())
            _counter = Child(wrappedValue: CounterTab(stats: stats))
            _profile = Child(wrappedValue: ProfileTab(stats: stats, clock: clock))
            super.init()
        }
    }

    @MainActor
    final class Row: ViewModel, Identifiable {
        nonisolated let id: Int
        @Shared private(set) var total: Int

        init(id: Int, total: Shared<Int>) {
            self.id = id
            _total = total
        }
    }

    @MainActor
    final class RowsModel: ViewModel {
        @Shared private(set) var total = 0
        @Child private(set) var rows: IdentifiedArrayOf<Row> = []

        func addButtonTapped(id: Int) {
            rows.append(Row(id: id, total: $total))
            total += 1
        }
    }

    /// The rows come before the value in declaration order, so a row shows it once it is there.
    @MainActor
    final class RowsFirstModel: ViewModel {
        @Child private(set) var rows: IdentifiedArrayOf<Row> = []
        @Shared private(set) var total = 0
        @Observed private(set) var label = ""

        func addButtonTapped(id: Int) {
            rows.append(Row(id: id, total: $total))
            label = "added"
        }
    }

    @MainActor
    final class Sheet: ViewModel {
        @Shared private(set) var total: Int

        init(total: Shared<Int>) { _total = total }
    }

    /// No place of the root holds the value: the rows and the sheet do.
    @MainActor
    final class RowsAndSheetModel: ViewModel {
        @Child private(set) var rows: IdentifiedArrayOf<Row>
        @Child private(set) var sheet: Sheet?

        override init() {
            _rows = Child(wrappedValue: IdentifiedArray(uniqueElements: [Row(id: 1, total: Shared(0))]))
            super.init()
        }

        func sheetButtonTapped() { sheet = rows.first.map { Sheet(total: $0.$total) } }
    }

    private let clock = TestClock()

    private func makeTester<Model: ViewModel>(_ model: Model, exhaustivity: Exhaustivity = .on) -> ViewModelTester<Model> {
        reporter = RecordingIssueReporter()
        return ViewModelTester(model, exhaustivity: exhaustivity, clocks: [clock], reporter: reporter)
    }

    func testASharedValueIsAssertedThroughAnyPathThatReachesIt() async {
        let tester = makeTester(AppModel(clock: clock))
        await tester.send({ $0.counter.incrementButtonTapped() }) {
            $0.profile.stats.increment()            // the other screen's path
        }
        await tester.send({ $0.counter.incrementButtonTapped() }) {
            $0.counter.stats.count = 2              // the screen that changed it
        }
        await tester.send({ $0.counter.incrementButtonTapped() }) {
            $0.stats.count = 3                      // the root's
        }
        XCTAssertEqual(tester.state.profile.stats.count, 3)
        await tester.finish()
        XCTAssertEqual(reporter.messages, [])
    }

    func testAssertingThroughOneScreenDoesNotReportTheOtherAsChanged() async {
        let tester = makeTester(TabsModel(clock: clock))
        await tester.send({ $0.counter.incrementButtonTapped() }) {
            $0.profile.stats.count = 1
        }
        await tester.send({ $0.counter.incrementButtonTapped() }) {
            $0.counter.stats.increment()
        }
        await tester.finish()
        XCTAssertEqual(reporter.messages, [])
    }

    func testAChangeATaskMakesIsReceivedOnce() async {
        let tester = makeTester(AppModel(clock: clock))
        await tester.send({ $0.counter.incrementButtonTapped() }) { $0.stats.count = 1 }
        await tester.send({ $0.profile.resetButtonTapped() }) { $0.profile.isResetting = true }
        await clock.advance(by: .seconds(1))
        await tester.receive {
            $0.counter.stats = Stats()
            $0.profile.isResetting = false
        }
        await tester.finish()
        XCTAssertEqual(reporter.messages, [])
    }

    /// The last write wins, whichever path it takes: the value is one.
    func testTheLastWriteWinsWhateverItsPath() async {
        let tester = makeTester(TabsModel(clock: clock))
        await tester.send({ $0.counter.incrementButtonTapped() }) {
            $0.counter.stats.count = 5
            $0.profile.stats.count = 1
        }
        await tester.finish()
        XCTAssertEqual(reporter.messages, [])
    }

    func testANonExhaustiveTestComparesTheSharedValueItWrote() async {
        let tester = makeTester(AppModel(clock: clock), exhaustivity: .off)
        await tester.send({ $0.counter.incrementButtonTapped() }) {
            $0.profile.stats.count = 1
        }
        await tester.send({ $0.counter.incrementButtonTapped() }) {
            $0.profile.stats.count = 3                // wrong: it is 2
        }
        XCTAssertEqual(reporter.messages.count, 1)
        await tester.finish()
    }

    /// A diff shows the value at its first place; the screens, which only refer to it, are unchanged.
    func testADiffShowsTheSharedValueOnce() async {
        let tester = makeTester(AppModel(clock: clock))
        await tester.send({ $0.counter.incrementButtonTapped() }) {
            $0.profile.stats.count = 2
        }
        XCTAssertEqual(reporter.messages, [
            """
            A state change does not match expectation: …

                SharedTesterTests.AppModel(
                  stats: SharedTesterTests.Stats(
              −     count: 2
              +     count: 1
                  ),
                  counter: SharedTesterTests.CounterTab(…),
                  profile: SharedTesterTests.ProfileTab(…)
                )

            (Expected: −, Actual: +)
            """,
        ])
        await tester.finish()
    }

    /// A change no assertion received is listed once, at the value's first place.
    func testAnUnreceivedChangeIsListedOnce() async {
        let tester = makeTester(TabsModel(clock: clock))
        await tester.send({ $0.counter.incrementButtonTapped() }) { $0.counter.stats.count = 1 }
        await tester.send({ $0.profile.resetButtonTapped() }) { $0.profile.isResetting = true }
        await clock.advance(by: .seconds(1))
        await tester.finish()
        XCTAssertEqual(reporter.messages.count, 1)
        let message = reporter.messages.first ?? ""
        XCTAssertTrue(message.hasPrefix("The view model's tasks made 1 change that no assertion received"), message)
        XCTAssertEqual(message.components(separatedBy: "count: ").count - 1, 2, message)   // − once, + once
        XCTAssertTrue(message.contains("(shared: see SharedTesterTests.TabsModel.counter.stats)"), message)
    }

    /// A shared value that did not change is not shown as changed where the place that shows it
    /// moved (a sheet holding it appeared nearer the root than the rows): both sides show it there.
    func testASharedValueThatDidNotChangeIsNotShownAsChangedWhenAPlaceNearerTheRootAppears() async {
        let tester = makeTester(RowsAndSheetModel())
        await tester.send({ $0.sheetButtonTapped() })   // the sheet is left out
        XCTAssertEqual(reporter.messages, [
            """
            State was not expected to change, but a change occurred: …

                SharedTesterTests.RowsAndSheetModel(
                  rows: [SharedTesterTests.Row(id: 1, total: 0)],
              −   sheet: nil
              +   sheet: SharedTesterTests.Sheet(total: 0)
                )

            (Expected: −, Actual: +)
            """,
        ])
        await tester.finish()
    }

    /// A diff shows a shared value at the place nearest the root that holds it: the rows before it,
    /// folded when unchanged, would hide it.
    func testADiffShowsASharedValueAtThePlaceNearestTheRoot() async {
        let tester = makeTester(RowsFirstModel())
        await tester.send({ $0.addButtonTapped(id: 1) }) {
            $0.rows.append(ViewModelState(Row(id: 1, total: tester.viewModel.$total)))
            $0.label = "wrong"
        }
        XCTAssertEqual(reporter.messages, [
            """
            A state change does not match expectation: …

                SharedTesterTests.RowsFirstModel(
                  rows: [… 1 element],
                  total: 0,
              −   label: "wrong"
              +   label: "added"
                )

            (Expected: −, Actual: +)
            """,
        ])
        await tester.finish()
    }

    /// A fresh row given the list's reference holds the value every other place holds, wherever the
    /// test writes it; one given a reference of its own compares by value and follows no write.
    func testAFreshRowGivenTheReferenceFollowsAWriteThroughAnotherPlace() async {
        let tester = makeTester(RowsModel())
        await tester.send({ $0.addButtonTapped(id: 1) }) {
            $0.rows.append(ViewModelState(Row(id: 1, total: tester.viewModel.$total)))
            $0.total = 1
        }
        XCTAssertEqual(reporter.messages, [])
        await tester.send({ $0.addButtonTapped(id: 2) }) {
            $0.rows.append(ViewModelState(Row(id: 2, total: Shared(1))))
            $0.total = 2
        }
        XCTAssertEqual(reporter.messages.count, 1, "the row's own reference still holds 1")
        await tester.finish()
    }
}
