import ViewModelKitExampleCounter
import Foundation
import ViewModelKit
import ViewModelKitTesting

/// What exploring costs (issue 34): steps a second for `CounterViewModel` (every intent, clock
/// advances and fact answers, seven invariants after each step), and the replays and time one
/// shrink takes, for an invariant the counter breaks on purpose ("the count stays below 3": three
/// increments at the least).
@MainActor
func explorationRows(repeats: Int) async -> [Row] {
    struct FactUnavailable: Error {}
    func counter() -> Exploration<CounterViewModel> {
        var exploration = Exploration { explorer in
            CounterViewModel(client: NumberFactClientDouble(answers: explorer.answers), clock: explorer.clock)
        }
        exploration.printsReport = false
        exploration = exploration
            .intent("incrementButtonTapped()", weight: 2) { $0.incrementButtonTapped() }
            .intent("decrementButtonTapped()", weight: 2) { $0.decrementButtonTapped() }
            .intent("factButtonTapped()", weight: 2) { $0.factButtonTapped() }
            .intent("factAlertDismissed()") { $0.factAlertDismissed() }
            .intent("toggleTimerButtonTapped()") { $0.toggleTimerButtonTapped() }
            .answers("NumberFactClient", "fetchFact", weight: 3, errors: [FactUnavailable()]) { (number: Int, _) in "\(number) is a number." }
        return exploration
            .invariant("no fact is shown while one loads") { !$0.isLoading || $0.fact == nil }
            .invariant("the fact shown is about the count shown") { model in model.fact.map { $0.hasPrefix("\(model.count) ") } ?? true }
            .invariant("the loading flag is on exactly while a fact loads") { model in
                model.isLoading == model.runningTaskIDs.contains { "\($0)" == "fact" }
            }
            .invariant("the timer flag is on exactly while the timer runs") { model in
                model.isTimerRunning == model.runningTaskIDs.contains { "\($0)" == "timer" }
            }
            .invariant("the count moves by one at a time unless the timer runs", comparing: { $0.count }) { before, model in
                model.isTimerRunning || abs(model.count - before) <= 1
            }
    }
    let silent = RecordingIssueReporter()
    var stepsPerSecond: [Double] = []
    var unavailable: String?
    for _ in 0..<repeats {
        let start = ContinuousClock.now
        let report = await counter().explore(ExplorationBudget(seed: 7, runs: 50, steps: 40), reporter: silent)
        stepsPerSecond.append(Double(report.steps) / (nanoseconds(start.duration(to: .now)) / 1e9))
        if let failure = report.failure { unavailable = "the counter broke an invariant: \(failure.invariant)" }
        if report.runs != 50 || report.steps < 50 * 30 { unavailable = "\(report.runs) runs, \(report.steps) steps" }
    }
    var replays: [Double] = []
    let shrinking = await measureAsync(repeats: repeats) {
        let report = await counter()
            .invariant("the count stays below 3") { $0.count < 3 }
            .explore(ExplorationBudget(seed: 7, runs: 50, steps: 40), reporter: silent)
        replays.append(Double(report.failure?.shrinkReplays ?? 0))
    }
    let steps = Samples(values: stepsPerSecond)
    let replaySamples = Samples(values: replays)
    #if DEBUG
    let (target, goal) = ("≥ 2,000 steps/s in a debug build", 2_000.0)
    #else
    let (target, goal) = ("≥ 10,000 steps/s in a release build", 10_000.0)
    #endif
    return [
        Row(benchmark: "exploration, CounterViewModel, 50 runs of 40 steps", measured: "Exploration", unit: "steps/s",
            median: steps.median, min: steps.min, max: steps.max, target: target, met: steps.median >= goal,
            unavailable: unavailable),
        Row(benchmark: "exploration, one failure found and shrunk (count below 3)", measured: "Exploration", unit: "ms",
            median: shrinking.median, min: shrinking.min, max: shrinking.max),
        Row(benchmark: "exploration, replays per shrink (count below 3)", measured: "ChoiceShrinker", unit: "replays",
            median: replaySamples.median, min: replaySamples.min, max: replaySamples.max),
    ]
}
