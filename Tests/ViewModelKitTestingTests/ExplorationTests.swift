@testable import ViewModelKitTesting
import ViewModelKit
import XCTest

/// A timer whose stop may be planted with a bug: the toggle that turns it off forgets to cancel it.
@MainActor
private final class TimerModel: ViewModel {
    @Observed private(set) var count = 0
    @Observed private(set) var isTimerRunning = false
    private let clock: any Clock<Duration>
    private let forgetsToCancel: Bool

    init(clock: any Clock<Duration>, forgetsToCancel: Bool) {
        self.clock = clock
        self.forgetsToCancel = forgetsToCancel
        super.init()
    }

    func increment() { count += 1 }
    func reset() { count = 0 }

    func toggleTimer() {
        isTimerRunning.toggle()
        guard isTimerRunning else {
            if !forgetsToCancel { cancelTask(id: "timer") }
            return
        }
        task(id: "timer") { [weak self, clock] in
            try await repeatEvery(.seconds(1), on: clock) { self?.count += 1 }
        }
    }
}

/// The first slice of issue 34: random intents and advances, invariants after every step, and the
/// failing run shrunk to the simplest one.
@MainActor
final class ExplorationTests: XCTestCase {
    private func timerExploration(forgetsToCancel: Bool) -> Exploration<TimerModel> {
        var exploration = Exploration<TimerModel> { clock in TimerModel(clock: clock, forgetsToCancel: forgetsToCancel) }
        exploration = exploration
            .action("increment", weight: 2) { $0.increment() }
            .action("reset", when: { $0.count > 0 }) { $0.reset() }
            .action("toggleTimer") { $0.toggleTimer() }
        exploration = exploration.invariant(
            "the count moves only by an intent while the timer is off", comparing: { $0.count }
        ) { (before: Int, model: TimerModel) in
            model.isTimerRunning || model.count <= before + 1 || model.count == 0
        }
        exploration.maximumAdvance = .seconds(3)
        return exploration
    }

    func test_theTimerThatIsNotCancelled_isFound_andShrunkToThreeSteps() async {
        let report = await timerExploration(forgetsToCancel: true).explore(seed: 1, runs: 300, steps: 40)
        guard let failure = report.failure else { return XCTFail("not found in \(report.runs) runs") }
        XCTAssertEqual(failure.invariant, "the count moves only by an intent while the timer is off")
        // On, off, and time passing: the timer, never cancelled, ticks twice in 2 s.
        XCTAssertEqual(failure.steps.count, 3, "\(failure.steps)")
        XCTAssertEqual(Array(failure.steps.prefix(2)), ["toggleTimer", "toggleTimer"])
        XCTAssertTrue(failure.steps.last?.hasPrefix("advance(by: ") ?? false, "\(failure.steps)")
        XCTAssertLessThanOrEqual(failure.steps.count, report.unshrunk?.steps.count ?? 0)
        XCTAssertGreaterThan(report.shrinkReplays, 0)
    }

    func test_theCorrectTimer_holdsForEveryRun() async {
        let report = await timerExploration(forgetsToCancel: false).explore(seed: 1, runs: 100, steps: 40)
        XCTAssertNil(report.failure, "\(String(describing: report.failure))")
        XCTAssertEqual(report.runs, 100)
        // Every action ran, and the precondition turned some resets away.
        XCTAssertEqual(Set(report.ran.keys), ["increment", "reset", "toggleTimer"])
        XCTAssertGreaterThan(report.rejected["reset"] ?? 0, 0)
    }

    func test_aSeed_replaysTheSameRun() async {
        let first = await timerExploration(forgetsToCancel: true).explore(seed: 5, runs: 300, steps: 40)
        for _ in 0..<2 {
            let again = await timerExploration(forgetsToCancel: true).explore(seed: 5, runs: 300, steps: 40)
            XCTAssertEqual(again.unshrunk, first.unshrunk)
            XCTAssertEqual(again.failure, first.failure)
            XCTAssertEqual(again.failingSeed, first.failingSeed)
        }
    }
}
