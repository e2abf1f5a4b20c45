package import ViewModelKit

/// A first slice of exploring a view model (issue 34): random intents and clock advances, invariants
/// checked after every step, and a failing run shrunk to the simplest one (``ChoiceShrinker``).
/// Client answers, the written test and the health warnings come next; until then the type is the
/// package's own.
///
/// ```swift
/// let exploration = Exploration(make: { clock in TimerModel(clock: clock) })
///     .action("toggle") { $0.toggle() }
///     .invariant("the count stands still while the timer is off") { ... }
/// let report = await exploration.explore(seed: 1, runs: 300, steps: 40)
/// ```
///
/// Every step draws, from one ``ChoiceSequence``, either an intent (by weight, among those whose
/// precondition holds now; a rejected draw is counted and the step ends) or a clock advance of 1 ms
/// up to ``maximumAdvance``. After an intent the clock is advanced by zero, so the tasks it started
/// run until they wait. Each run happens inside ``withMainActorScheduling(blockedMainThreadLimit:reporter:fileID:filePath:line:column:_:)``
/// on a fresh ``TestClock``, so a seed replays the same run.
@MainActor
package struct Exploration<Model: ViewModel> {
    /// One intent the explorer may call.
    package struct Action {
        /// Its name in reports.
        package var name: String
        /// How often it is drawn, relative to the others.
        package var weight: Int
        /// Whether it may be called now.
        package var precondition: @MainActor (Model) -> Bool
        /// Calls the intent; may draw its arguments from the choices, and returns what it did (for
        /// the report), e.g. `"search(\"oct\")"`.
        package var perform: @MainActor (Model, inout ChoiceSequence) -> String
    }

    /// One property every step must keep.
    package struct Invariant {
        /// Its name in reports.
        package var name: String
        /// Makes the run's check from the fresh model: a check may remember what it saw before.
        package var start: @MainActor (Model) -> (@MainActor (Model) -> Bool)
    }

    /// A run that broke an invariant.
    package struct Failure: Equatable, Sendable {
        /// The invariant that broke.
        package var invariant: String
        /// The steps, in order, up to the one after which it broke.
        package var steps: [String]
        /// The choices the run read.
        package var choices: [UInt64]
    }

    /// What a campaign found, and how its actions fared.
    package struct Report: Sendable {
        /// The first failure, shrunk; `nil` when every run held.
        package var failure: Failure?
        /// The failure as found, before shrinking.
        package var unshrunk: Failure?
        /// The seed of the failing run.
        package var failingSeed: UInt64?
        /// How many runs were made.
        package var runs: Int
        /// How many candidates shrinking replayed.
        package var shrinkReplays: Int
        /// How often each action ran, by name.
        package var ran: [String: Int]
        /// How often each action's precondition turned a draw away, by name.
        package var rejected: [String: Int]
    }

    private let make: @MainActor (TestClock) -> Model
    private var actions: [Action] = []
    private var invariants: [Invariant] = []
    /// The weight of a clock advance against the actions'.
    package var advanceWeight = 1
    /// The longest single advance.
    package var maximumAdvance: Duration = .seconds(2)

    /// An exploration of the view model `make` builds on the run's clock.
    package init(make: @escaping @MainActor (TestClock) -> Model) {
        self.make = make
    }

    /// Adds an intent without arguments.
    package func action(
        _ name: String, weight: Int = 1, when precondition: @escaping @MainActor (Model) -> Bool = { _ in true },
        _ call: @escaping @MainActor (Model) -> Void
    ) -> Self {
        action(name, weight: weight, when: precondition) { model, _ in
            call(model)
            return name
        }
    }

    /// Adds an intent whose arguments are drawn from the choices.
    package func action(
        _ name: String, weight: Int = 1, when precondition: @escaping @MainActor (Model) -> Bool = { _ in true },
        _ perform: @escaping @MainActor (Model, inout ChoiceSequence) -> String
    ) -> Self {
        var copy = self
        copy.actions.append(Action(name: name, weight: weight, precondition: precondition, perform: perform))
        return copy
    }

    /// Adds an invariant, checked after every step.
    package func invariant(_ name: String, _ holds: @escaping @MainActor (Model) -> Bool) -> Self {
        var copy = self
        copy.invariants.append(Invariant(name: name, start: { _ in holds }))
        return copy
    }

    /// Adds an invariant over a step's change: `holds` gets `value` as it was before the step (from
    /// the fresh model, for the first) and the model after it.
    ///
    /// ```swift
    /// .invariant("the count moves by one at a time", comparing: \.count) { before, model in
    ///     abs(model.count - before) <= 1
    /// }
    /// ```
    package func invariant<Value>(
        _ name: String, comparing value: @escaping @MainActor (Model) -> Value,
        _ holds: @escaping @MainActor (_ before: Value, _ model: Model) -> Bool
    ) -> Self {
        var copy = self
        copy.invariants.append(Invariant(name: name, start: { model in
            var before = value(model)
            return { model in
                defer { before = value(model) }
                return holds(before, model)
            }
        }))
        return copy
    }

    /// The outcome of one run, with its counts.
    private struct Run {
        var failure: Failure?
        var ran: [String: Int] = [:]
        var rejected: [String: Int] = [:]
    }

    /// Runs at most `steps` steps with `choices`.
    private func run(_ choices: inout ChoiceSequence, steps: Int) async -> Run {
        var outcome = Run()
        var log: [String] = []
        let advanceMilliseconds = max(1, Int(maximumAdvance / .milliseconds(1)))
        await withMainActorScheduling {
            let clock = TestClock()
            let model = make(clock)
            let checks = invariants.map { (name: $0.name, holds: $0.start(model)) }
            for _ in 0..<steps {
                guard let index = choices.draw(weights: actions.map(\.weight) + [advanceWeight]) else { break }
                if index == actions.count {
                    let milliseconds = choices.draw(below: advanceMilliseconds) + 1
                    await clock.advance(by: .milliseconds(milliseconds))
                    log.append("advance(by: .milliseconds(\(milliseconds)))")
                } else {
                    let action = actions[index]
                    guard action.precondition(model) else {
                        outcome.rejected[action.name, default: 0] += 1
                        continue
                    }
                    outcome.ran[action.name, default: 0] += 1
                    log.append(action.perform(model, &choices))
                    await clock.advance(by: .zero)
                }
                // NB: every check sees every step, so that one remembering the last step stays current.
                let broken = checks.filter { !$0.holds(model) }
                if let broken = broken.first {
                    outcome.failure = Failure(invariant: broken.name, steps: log, choices: choices.drawn)
                    break
                }
            }
            // NB: ends the run's tasks before the next one starts.
            model.cancelAllTasks()
            await clock.advance(by: .zero)
        }
        return outcome
    }

    /// Runs `runs` runs of at most `steps` steps, the n-th from seed `seed + n`; shrinks the first
    /// failure to the simplest run that breaks the same invariant.
    package func explore(seed: UInt64, runs: Int, steps: Int) async -> Report {
        var report = Report(runs: 0, shrinkReplays: 0, ran: [:], rejected: [:])
        for index in 0..<runs {
            let runSeed = seed &+ UInt64(index)
            var choices = ChoiceSequence(seed: runSeed)
            let outcome = await run(&choices, steps: steps)
            report.runs += 1
            report.ran.merge(outcome.ran, uniquingKeysWith: +)
            report.rejected.merge(outcome.rejected, uniquingKeysWith: +)
            guard let failure = outcome.failure else { continue }
            report.unshrunk = failure
            report.failingSeed = runSeed
            let shrunk = await ChoiceShrinker.shrink(failure.choices) { candidate in
                var replay = ChoiceSequence(replaying: candidate)
                let again = await run(&replay, steps: steps)
                guard let broken = again.failure, broken.invariant == failure.invariant else { return nil }
                return broken.choices
            }
            report.shrinkReplays = shrunk.replays
            var replay = ChoiceSequence(replaying: shrunk.choices)
            report.failure = await run(&replay, steps: steps).failure
            break
        }
        return report
    }
}
