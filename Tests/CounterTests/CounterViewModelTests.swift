import ViewModelKitExampleCounter
import TestSupport
import ViewModelKit
import ViewModelKitTesting
import XCTest

/// TCA's counter tutorial tests (seeds 000 and 003), written on the tester.
@MainActor
final class CounterViewModelTests: XCTestCase {
    private func goodNumbers() -> NumberFactClientMock {
        var client = NumberFactClientMock()
        client.fetch = { "\($0) is a good number." }
        return client
    }

    // MARK: - The tutorial's tests

    func testCounter() async {
        let tester = ViewModelTester(CounterViewModel(client: NumberFactClientMock()))
        await tester.send({ $0.incrementButtonTapped() }) { $0.count = 1 }
        await tester.send({ $0.decrementButtonTapped() }) { $0.count = 0 }
        await tester.finish()
    }

    func testTimer() async {
        let clock = TestClock()
        let tester = ViewModelTester(CounterViewModel(client: NumberFactClientMock(), clock: clock), clocks: [clock])
        await tester.send({ $0.toggleTimerButtonTapped() }) { $0.isTimerRunning = true }
        await clock.advance(by: .seconds(1))
        await tester.receive { $0.count = 1 }
        // Ten simulated minutes, one tick a second, under VMK_FULL_STRESS; one minute otherwise.
        let seconds = FullStress.count(60, full: 600)
        await clock.advance(by: .seconds(seconds - 1))
        for count in 2...seconds {
            await tester.receive { $0.count = count }
        }
        await tester.send({ $0.toggleTimerButtonTapped() }) { $0.isTimerRunning = false }
        await tester.finish()
    }

    func testNumberFact() async {
        let tester = ViewModelTester(CounterViewModel(client: goodNumbers()))
        await tester.send({ $0.factButtonTapped() }) { $0.isLoading = true }
        await tester.receive {
            $0.isLoading = false
            $0.fact = "0 is a good number."
            $0.numberFactAlert = "0 is a good number."
        }
        await tester.send({ $0.factAlertDismissed() }) { $0.numberFactAlert = nil }
        await tester.finish()
    }

    // MARK: - Better than the tutorial

    func testChangingTheCountClearsTheFact() async {
        let tester = ViewModelTester(CounterViewModel(client: goodNumbers()))
        await tester.send({ $0.factButtonTapped() }) { $0.isLoading = true }
        await tester.receive {
            $0.isLoading = false
            $0.fact = "0 is a good number."
            $0.numberFactAlert = "0 is a good number."
        }
        await tester.send({ $0.incrementButtonTapped() }) {
            $0.count = 1
            $0.fact = nil
        }
        await tester.finish()
    }

    func testAFailedFactStopsTheSpinnerAndShowsTheError() async {
        var client = NumberFactClientMock()
        client.fetch = { _ in throw NumberFactError.badCode(503) }
        let tester = ViewModelTester(CounterViewModel(client: client))
        await tester.send({ $0.factButtonTapped() }) { $0.isLoading = true }
        await tester.receive {
            $0.isLoading = false
            $0.numberFactAlert = "Could not load a fact about 0: the Numbers API answered HTTP 503"
        }
        await tester.finish()
    }

    func testAFactThatArrivesAfterTheCountChangedIsDropped() async {
        let gate = FactGate()
        var client = NumberFactClientMock()
        client.fetch = { number in await gate.wait(); return "\(number) is stale." }
        let tester = ViewModelTester(CounterViewModel(client: client))
        await tester.send({ $0.factButtonTapped() }) { $0.isLoading = true }
        await tester.send({ $0.incrementButtonTapped() }) {
            $0.count = 1
            $0.isLoading = false
        }
        await gate.open()
        // The fact request was cancelled with the count change; nothing may arrive.
        await tester.finish()
    }

    func testTheTimerCannotRunTwice() async {
        let clock = TestClock()
        let viewModel = CounterViewModel(client: NumberFactClientMock(), clock: clock)
        let tester = ViewModelTester(viewModel, clocks: [clock])
        await tester.send({ $0.toggleTimerButtonTapped() }) { $0.isTimerRunning = true }
        await tester.send({ $0.toggleTimerButtonTapped() }) { $0.isTimerRunning = false }
        await tester.send({ $0.toggleTimerButtonTapped() }) { $0.isTimerRunning = true }
        XCTAssertEqual(viewModel.runningTaskIDs.count, 1, "one timer task")
        await clock.advance(by: .seconds(1))
        await tester.receive { $0.count = 1 }
        await tester.send({ $0.toggleTimerButtonTapped() }) { $0.isTimerRunning = false }
        await clock.advance(by: .seconds(5))
        await tester.finish()
    }

    func testTheTimerTicksOncePerInterval() async {
        let clock = TestClock()
        let tester = ViewModelTester(
            CounterViewModel(client: NumberFactClientMock(), clock: clock, timerInterval: .seconds(1)), clocks: [clock]
        )
        await tester.send({ $0.toggleTimerButtonTapped() }) { $0.isTimerRunning = true }
        await clock.advance(by: .milliseconds(2500))
        await tester.receive { $0.count = 1 }
        await tester.receive { $0.count = 2 }
        await clock.advance(by: .milliseconds(400))    // 2.9 s: no tick
        await clock.advance(by: .milliseconds(100))    // 3.0 s: the third
        await tester.receive { $0.count = 3 }
        await tester.send({ $0.toggleTimerButtonTapped() }) { $0.isTimerRunning = false }
        await tester.finish()
    }

    func testDeinitCancelsEverything() async {
        let clock = TestClock()
        let gate = FactGate()
        var client = NumberFactClientMock()
        client.fetch = { number in await gate.wait(); return "\(number)" }
        var viewModel: CounterViewModel? = CounterViewModel(client: client, clock: clock)
        weak let weakViewModel = viewModel
        viewModel?.toggleTimerButtonTapped()
        viewModel?.factButtonTapped()
        viewModel = nil
        XCTAssertNil(weakViewModel)
        // The timer's sleep is cancelled: no sleeper is left on the clock once the task unwinds.
        while !clock.pendingSleepers.isEmpty { await Task.yield() }
        await gate.open()
    }
}

/// Holds fact requests until the test opens it.
private actor FactGate {
    private var waiters: [CheckedContinuation<Void, Never>] = []
    private var isOpen = false

    func wait() async {
        guard !isOpen else { return }
        await withCheckedContinuation { waiters.append($0) }
    }

    func open() {
        isOpen = true
        for waiter in waiters { waiter.resume() }
        waiters = []
    }
}
