import ViewModelKitExampleCounter
import Foundation
import ViewModelKit
import ViewModelKitTesting
import XCTest

// The code of the article "Migrating from TCA" (MigratingFromTCA.md): the tutorial's final
// `CounterFeature` as a view model, its tests on the tester, and the composition tools.

enum MigratingFromTCAArticle {
    // snippet: tca-state
    @MainActor
    final class CounterViewModel: ViewModel {
        @Observed private(set) var count = 0
        @Observed private(set) var fact: String?
        @Observed private(set) var isLoading = false
        @Observed private(set) var isTimerRunning = false
        // end snippet

        // snippet: tca-dependencies
        private let numberFact: any NumberFactClientProtocol
        private let clock: any Clock<Duration>

        init(numberFact: any NumberFactClientProtocol, clock: any Clock<Duration> = ContinuousClock()) {
            self.numberFact = numberFact
            self.clock = clock
        }
        // end snippet

        // snippet: tca-intents
        func decrementButtonTapped() {
            count -= 1
            fact = nil
        }

        func incrementButtonTapped() {
            count += 1
            fact = nil
        }
        // end snippet

        // snippet: tca-fact
        private enum TaskID: Hashable, Sendable { case fact, timer }

        func factButtonTapped() {
            fact = nil
            isLoading = true
            task(id: TaskID.fact) { [weak self, numberFact, count] in
                let fact = try await numberFact.fetchFact(number: count)
                try Task.checkCancellation()
                self?.fact = fact
                self?.isLoading = false
            }
        }
        // end snippet

        // snippet: tca-timer
        func toggleTimerButtonTapped() {
            isTimerRunning.toggle()
            if isTimerRunning {
                task(id: TaskID.timer) { [weak self, clock] in
                    try await repeatEvery(.seconds(1), on: clock) {
                        self?.timerTicked()
                    }
                }
            } else {
                cancelTask(id: TaskID.timer)
            }
        }

        private func timerTicked() {
            count += 1
            fact = nil
        }
        // end snippet
    }

    // snippet: tca-mock
    struct NumberFactClientMock: NumberFactClientProtocol {
        var fetch: @Sendable (Int) async throws -> String = unimplemented("NumberFactClientProtocol.fetchFact(number:)")

        func fetchFact(number: Int) async throws -> String {
            try await fetch(number)
        }
    }
    // end snippet

    @MainActor
    static func testCounter() async {
        let tester = ViewModelTester(CounterViewModel(numberFact: NumberFactClientMock()))
        await tester.send({ $0.incrementButtonTapped() }) { $0.count = 1 }
        await tester.send({ $0.decrementButtonTapped() }) { $0.count = 0 }
        await tester.finish()
    }

    @MainActor
    static func testTimer() async {
        // snippet: tca-test-timer
        let clock = TestClock()
        let tester = ViewModelTester(
            CounterViewModel(numberFact: NumberFactClientMock(), clock: clock), clocks: [clock]
        )
        await tester.send({ $0.toggleTimerButtonTapped() }) { $0.isTimerRunning = true }
        await clock.advance(by: .seconds(1))
        await tester.receive { $0.count = 1 }
        await tester.send({ $0.toggleTimerButtonTapped() }) { $0.isTimerRunning = false }
        await tester.finish()
        // end snippet
    }

    @MainActor
    static func testNumberFact() async {
        // snippet: tca-test-fact
        var numberFact = NumberFactClientMock()
        numberFact.fetch = { "\($0) is a good number." }
        let tester = ViewModelTester(CounterViewModel(numberFact: numberFact))
        await tester.send({ $0.factButtonTapped() }) { $0.isLoading = true }
        await tester.receive {
            $0.isLoading = false
            $0.fact = "0 is a good number."
        }
        await tester.finish()
        // end snippet
    }

    @MainActor
    static func testComposition() async {
        // snippet: tca-test-composition
        let tester = ViewModelTester(CountersViewModel(numberFact: NumberFactClientMock(), uuid: .incrementing))
        await tester.send({ $0.addButtonTapped() }) {
            $0.rows = [ViewModelState(RowViewModel(id: UUID(0))).erased]
        }
        await tester.send({ $0.rows[0].incrementButtonTapped() }) {
            $0.rows[0].count = 1                 // or $0.rows[id: UUID(0)]?.count = 1
        }
        await tester.send({ $0.rows[0].openButtonTapped() }) {
            $0.path = [ViewModelState(CounterViewModel(numberFact: NumberFactClientMock())).erased]
        }
        await tester.finish()
        // end snippet
    }

    // snippet: tca-composition-row
    @MainActor
    final class RowViewModel: ViewModel, Identifiable {
        enum Event: Equatable { case openTapped }

        nonisolated let id: UUID
        @Observed private(set) var count = 0
        let delegate = Delegate<Event>()                    // delegate actions

        init(id: UUID) { self.id = id }

        func incrementButtonTapped() { count += 1 }
        func openButtonTapped() { delegate.send(.openTapped) }
        func removeButtonTapped() { dismiss() }             // the parent's collection drops it
    }
    // end snippet

    // snippet: tca-composition-parent
    @MainActor
    final class CountersViewModel: ViewModel {
        @Child private(set) var rows: IdentifiedArrayOf<RowViewModel> = []   // forEach
        @Child private(set) var sheet: CounterViewModel?                     // @Presents, ifLet
        @Child private(set) var path: [Destination] = []                     // StackState

        enum Destination: ViewModelContainer {                               // @Reducer enum Path
            case counter(CounterViewModel)

            var childViewModels: [ViewModel] {
                switch self {
                case .counter(let model): [model]
                }
            }
        }

        private let numberFact: any NumberFactClientProtocol
        private let uuid: UUIDGenerator

        init(numberFact: any NumberFactClientProtocol, uuid: UUIDGenerator = .live) {
            self.numberFact = numberFact
            self.uuid = uuid
        }

        func addButtonTapped() {
            let row = RowViewModel(id: uuid())
            row.delegate.connect(to: self) { parent, event in
                switch event {
                case .openTapped: parent.path.append(.counter(CounterViewModel(numberFact: parent.numberFact)))
                }
            }
            rows.append(row)
        }

        func newCounterButtonTapped() {
            sheet = CounterViewModel(numberFact: numberFact)
        }
    }
    // end snippet
}

@MainActor
final class MigratingFromTCAArticleTests: XCTestCase {
    private typealias Article = MigratingFromTCAArticle

    // MARK: - The tutorial's three tests, on the tester

    func testTheCounterTestPasses() async {
        await Article.testCounter()
    }

    func testTheTimerTestPasses() async {
        await Article.testTimer()
    }

    func testTheNumberFactTestPasses() async {
        await Article.testNumberFact()
    }

    // MARK: - What the article says about the view model

    func testTheTimerTicksOnceASecondUntilToggledOff() async {
        let clock = TestClock()
        let counter = Article.CounterViewModel(numberFact: Article.NumberFactClientMock(), clock: clock)
        counter.toggleTimerButtonTapped()
        await clock.advance(by: .seconds(3))
        XCTAssertEqual(counter.count, 3)
        counter.toggleTimerButtonTapped()
        while !counter.runningTaskIDs.isEmpty { await Task.yield() }
        await clock.advance(by: .seconds(3))
        XCTAssertEqual(counter.count, 3, "no tick after the timer was cancelled")
        XCTAssertTrue(clock.pendingSleepers.isEmpty)
    }

    func testDeinitCancelsTheTimer() async {
        let clock = TestClock()
        var counter: Article.CounterViewModel? = Article.CounterViewModel(
            numberFact: Article.NumberFactClientMock(), clock: clock
        )
        counter?.toggleTimerButtonTapped()
        while clock.pendingSleepers.isEmpty { await Task.yield() }
        counter = nil
        while !clock.pendingSleepers.isEmpty { await Task.yield() }
    }

    func testAnUnstubbedMockFailsNamingTheMethodAndTheArgument() async {
        let recorder = RecordingIssueReporter()
        let previous = IssueReporting.reporter
        IssueReporting.reporter = recorder
        defer { IssueReporting.reporter = previous }
        do {
            _ = try await Article.NumberFactClientMock().fetchFact(number: 0)
            XCTFail("expected UnimplementedError")
        } catch {
            XCTAssertEqual(error as? UnimplementedError, UnimplementedError(name: "NumberFactClientProtocol.fetchFact(number:)"))
        }
        XCTAssertEqual(recorder.messages, [
            "Unimplemented: NumberFactClientProtocol.fetchFact(number:) was called with (0) but has no test implementation.",
        ])
    }

    func testThePackagesCounterRefusesTheLiveClientInATest() async {
        let recorder = RecordingIssueReporter()
        let previous = IssueReporting.reporter
        IssueReporting.reporter = recorder
        defer { IssueReporting.reporter = previous }
        let counter = ViewModelKitExampleCounter.CounterViewModel()          // the live NumberFactClient by default
        counter.factButtonTapped()
        while !counter.runningTaskIDs.isEmpty { await Task.yield() }
        XCTAssertEqual(recorder.messages.count, 1, "\(recorder.messages)")
        XCTAssertTrue(
            recorder.messages.first?.hasPrefix("NumberFactClient (live) has no test implementation, but was used from a test: ") ?? false,
            "\(recorder.messages)"
        )
    }

    func testATimerLeftRunningFailsTheTest() async {
        let recorder = RecordingIssueReporter()
        let clock = TestClock()
        let tester = ViewModelTester(
            Article.CounterViewModel(numberFact: Article.NumberFactClientMock(), clock: clock),
            clocks: [clock], reporter: recorder
        )
        await tester.send({ $0.toggleTimerButtonTapped() }) { $0.isTimerRunning = true }
        // The timer's sleep may hop to the global executor first (late on a loaded machine): the
        // second message names the sleeper once it is on the clock.
        for _ in 0..<100_000 where clock.pendingSleepers.isEmpty { await Task.yield() }
        await tester.finish(timeout: .milliseconds(10))
        XCTAssertEqual(recorder.messages.count, 2, "\(recorder.messages)")
        XCTAssertEqual(
            recorder.messages.first,
            "A task is still running at the end of the test: id timer, started by toggleTimerButtonTapped().\n\n"
                + "Cancel it (for example by sending the intent that stops it) or let it finish before the test ends."
        )
        XCTAssertTrue(
            recorder.messages.last?.hasPrefix("The test clock still has sleepers at the end of the test.") ?? false
        )
    }

    func testAReceiveThatLeavesOutAChangeFails() async {
        let recorder = RecordingIssueReporter()
        var numberFact = Article.NumberFactClientMock()
        numberFact.fetch = { "\($0) is a good number." }
        let tester = ViewModelTester(Article.CounterViewModel(numberFact: numberFact), reporter: recorder)
        await tester.send({ $0.factButtonTapped() }) { $0.isLoading = true }
        await tester.receive { $0.isLoading = false }
        await tester.finish()
        XCTAssertEqual(recorder.messages.first, """
            A state change does not match expectation: …

                MigratingFromTCAArticle.CounterViewModel(
                  count: 0,
              −   fact: nil,
              +   fact: "0 is a good number.",
                  isLoading: false,
                  isTimerRunning: false
                )

            (Expected: −, Actual: +)
            """)
    }

    // MARK: - Composition

    func testTheCompositionTestPasses() async {
        await Article.testComposition()
    }

    func testAChildsTaskStillRunningFailsTheParentsTest() async {
        let recorder = RecordingIssueReporter()
        let clock = TestClock()
        let tester = ViewModelTester(Article.CountersViewModel(numberFact: hangingNumberFact(clock)), reporter: recorder)
        await tester.send({ $0.newCounterButtonTapped() }) {
            $0.sheet = ViewModelState(Article.CounterViewModel(numberFact: Article.NumberFactClientMock()))
        }
        await tester.send({ $0.sheet?.factButtonTapped() }) { $0.sheet?.isLoading = true }
        await tester.finish(timeout: .milliseconds(10))
        XCTAssertEqual(recorder.messages.count, 1, "\(recorder.messages)")
        XCTAssertTrue(
            recorder.messages.first?.hasPrefix("A task is still running at the end of the test: id fact") ?? false,
            "\(recorder.messages)"
        )
    }

    func testATesterThatIsNotFinishedChecksWhenItDeinitializes() async {
        let recorder = RecordingIssueReporter()
        let clock = TestClock()
        do {
            let tester = ViewModelTester(
                Article.CounterViewModel(numberFact: Article.NumberFactClientMock(), clock: clock), reporter: recorder
            )
            await tester.send({ $0.toggleTimerButtonTapped() }) { $0.isTimerRunning = true }
        }
        XCTAssertTrue(
            recorder.messages.first?.hasPrefix("A task is still running at the end of the test: id timer") ?? false,
            "\(recorder.messages)"
        )
    }

    func testRowsGetTheGeneratorsIDsAndRemoveThemselves() async {
        let counters = Article.CountersViewModel(numberFact: Article.NumberFactClientMock(), uuid: .incrementing)
        counters.addButtonTapped()
        counters.addButtonTapped()
        XCTAssertEqual(counters.rows.ids, [UUID(0), UUID(1)])
        counters.rows[id: UUID(1)]?.incrementButtonTapped()
        XCTAssertEqual(counters.rows[id: UUID(1)]?.count, 1)
        counters.rows[0].removeButtonTapped()
        XCTAssertEqual(counters.rows.ids, [UUID(1)])
    }

    func testADelegateEventPushesACounter() async {
        let counters = Article.CountersViewModel(numberFact: Article.NumberFactClientMock(), uuid: .incrementing)
        counters.addButtonTapped()
        counters.rows[0].openButtonTapped()
        XCTAssertEqual(counters.path.count, 1)
        guard case .counter(let counter) = counters.path.first else { return XCTFail("nothing was pushed") }
        counter.incrementButtonTapped()
        XCTAssertEqual(counter.count, 1)
    }

    func testTheParentHearsEveryChildChange() async {
        let counters = Article.CountersViewModel(numberFact: Article.NumberFactClientMock(), uuid: .incrementing)
        var changes = 0
        let subscription = counters.observeChanges { changes += 1 }
        counters.addButtonTapped()                   // rows changed
        counters.rows[0].incrementButtonTapped()     // a row's count changed
        XCTAssertEqual(changes, 2)
        _ = subscription
    }

    /// A fact client whose requests wait on `clock` for an hour: they end only by cancellation.
    private func hangingNumberFact(_ clock: TestClock) -> Article.NumberFactClientMock {
        var numberFact = Article.NumberFactClientMock()
        numberFact.fetch = { _ in
            try await clock.sleep(for: .seconds(3600))
            return "too late"
        }
        return numberFact
    }

    func testLogChangesNamesTheIntentThatStartedTheTask() async {
        let clock = TestClock()
        var lines: [String] = []
        let counter = Article.CounterViewModel(numberFact: Article.NumberFactClientMock(), clock: clock)
        let logger = counter.logChanges { lines.append($0) }
        counter.toggleTimerButtonTapped()
        logger.flush()
        await clock.advance(by: .seconds(1))
        logger.flush()
        counter.toggleTimerButtonTapped()
        logger.flush()
        XCTAssertEqual(lines.count, 3, "\(lines)")
        XCTAssertEqual(lines.map { $0.prefix { $0 != "\n" } }, [
            "MigratingFromTCAArticle.CounterViewModel: (change)",
            "MigratingFromTCAArticle.CounterViewModel: toggleTimerButtonTapped()",
            "MigratingFromTCAArticle.CounterViewModel: (change)",
        ])
    }

    func testDismissingTheSheetCancelsItsTasks() async {
        let clock = TestClock()
        let counters = Article.CountersViewModel(numberFact: hangingNumberFact(clock))
        counters.newCounterButtonTapped()
        guard let sheet = counters.sheet else { return XCTFail("no sheet") }
        sheet.factButtonTapped()
        while clock.pendingSleepers.isEmpty { await Task.yield() }
        XCTAssertFalse(sheet.runningTaskIDs.isEmpty)
        sheet.dismiss()
        XCTAssertNil(counters.sheet)
        XCTAssertTrue(sheet.runningTaskIDs.isEmpty, "the fact request was cancelled with the sheet")
        while !clock.pendingSleepers.isEmpty { await Task.yield() }
    }

    func testAPoppedCounterHasItsTasksCancelled() async {
        let clock = TestClock()
        let counters = Article.CountersViewModel(numberFact: hangingNumberFact(clock), uuid: .incrementing)
        counters.addButtonTapped()
        counters.rows[0].openButtonTapped()
        guard case .counter(let counter) = counters.path.first else { return XCTFail("nothing was pushed") }
        counter.factButtonTapped()
        while clock.pendingSleepers.isEmpty { await Task.yield() }
        counters.rows[0].openButtonTapped()
        XCTAssertEqual(counters.path.count, 2)
        counter.dismiss()
        XCTAssertEqual(counters.path.count, 0, "dismissing a screen pops it and every screen above it")
        XCTAssertTrue(counter.runningTaskIDs.isEmpty)
        while !clock.pendingSleepers.isEmpty { await Task.yield() }
    }

    func testAChildDoesNotKeepItsParentAliveAndAnUnheardEventIsDropped() async {
        var counters: Article.CountersViewModel? = Article.CountersViewModel(numberFact: Article.NumberFactClientMock())
        weak let weakCounters = counters
        counters?.addButtonTapped()
        let row = counters?.rows.first
        counters = nil
        XCTAssertNil(weakCounters)
        row?.openButtonTapped()                     // the parent is gone: nothing happens

        let alone = Article.RowViewModel(id: UUID(0))
        XCTAssertFalse(alone.delegate.isConnected)
        alone.openButtonTapped()                    // nobody listens: the event is dropped
        alone.incrementButtonTapped()
        XCTAssertEqual(alone.count, 1)
    }

    // MARK: - Coming from Point-Free's packages

    func testIdentifiedArrayHasTheSameGenericParametersAndAnArrayOfIDs() {
        struct Row: Identifiable, Equatable { var id: Int; var name: String }
        let rows: IdentifiedArrayOf<Row> = [Row(id: 1, name: "a"), Row(id: 2, name: "b"), Row(id: 1, name: "c")]
        let same: IdentifiedArray<Int, Row> = rows
        let ids: [Int] = same.ids
        XCTAssertEqual(ids, [1, 2], "an array literal keeps the first element of a repeated id")
        XCTAssertEqual(rows[id: 1]?.name, "a")
    }

    func testOffsetsPastTheEndAreIgnoredAndTheDestinationIsClamped() {
        struct Row: Identifiable, Equatable { var id: Int }
        var rows: IdentifiedArrayOf<Row> = [Row(id: 0), Row(id: 1), Row(id: 2)]
        rows.remove(atOffsets: [7])
        XCTAssertEqual(rows.ids, [0, 1, 2])
        rows.move(fromOffsets: [0], toOffset: 99)
        XCTAssertEqual(rows.ids, [1, 2, 0])
    }

    func testDecodingARepeatedIDThrowsDataCorruptedNamingTheIDAndBothOffsets() throws {
        struct Row: Identifiable, Codable, Equatable { var id: Int }
        let json = Data(#"[{"id": 1}, {"id": 2}, {"id": 1}]"#.utf8)
        XCTAssertThrowsError(try JSONDecoder().decode(IdentifiedArrayOf<Row>.self, from: json)) { error in
            guard case DecodingError.dataCorrupted(let context) = error else { return XCTFail("\(error)") }
            XCTAssertEqual(context.debugDescription, "Duplicate id 1 at offset 2: it first appeared at offset 0.")
        }
    }

    func testUnimplementedClockAndUnnamedUnimplementedMessages() async {
        let recorder = RecordingIssueReporter()
        let previous = IssueReporting.reporter
        IssueReporting.reporter = recorder
        defer { IssueReporting.reporter = previous }
        _ = UnimplementedClock().now
        let unnamed: @Sendable (Int) async throws -> String = unimplemented(); let line = #line
        _ = try? await unnamed(3)
        XCTAssertEqual(recorder.messages, [
            "Unimplemented: Clock.now was called but has no test implementation.",
            "Unimplemented: DocumentationTests/MigratingFromTCAArticleTests.swift:\(line) was called with (3) but has no test implementation.",
        ])
    }

    func testTheGeneratorsAndUUIDOfAnInt() {
        XCTAssertEqual(UUID(0).uuidString, "00000000-0000-0000-0000-000000000000")
        XCTAssertEqual(UUID(-1).uuidString, "00000000-0000-0001-0000-000000000001")   // as swift-dependencies
        let uuid = UUIDGenerator.incrementing
        XCTAssertEqual([uuid(), uuid()], [UUID(0), UUID(1)])
        let date = Date(timeIntervalSince1970: 0)
        XCTAssertEqual(DateGenerator.constant(date).now, date)
    }

    func testTheClockTimerTicksWithTheDeadlineReached() async {
        let clock = TestClock()
        let ticks = Task {
            var deadlines: [Duration] = []
            for await deadline in clock.timer(interval: .seconds(1)) {
                deadlines.append(deadline.offset)
                if deadlines.count == 2 { break }
            }
            return deadlines
        }
        await clock.advance(by: .seconds(2))
        let deadlines = await ticks.value
        XCTAssertEqual(deadlines, [.seconds(1), .seconds(2)])
    }
}
