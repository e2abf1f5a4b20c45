public import ViewModelKit
public import Foundation
internal import ViewModelKitStateDump
internal import ViewModelKitRecording

/// Explores a view model: random sequences of intents, clock advances and client answers, with
/// invariants checked after every step; a run that breaks one is shrunk to a minimal one and
/// reported as the steps of a test.
///
/// ```swift
/// let exploration = Exploration { explorer in
///     CounterViewModel(client: NumberFactClientDouble(answers: explorer.answers), clock: explorer.clock)
/// }
/// .intent("incrementButtonTapped()") { $0.incrementButtonTapped() }
/// .intent("factButtonTapped()") { $0.factButtonTapped() }
/// .answers("NumberFactClient", "fetchFact", errors: [FactError()]) { (number: Int, _) in "\(number) is odd." }
/// .invariant("a fact is about the count shown") { $0.fact.map { $0.hasPrefix("\($0.count) ") } ?? true }
///
/// await exploration.explore(ExplorationBudget(seed: 1, runs: 300, steps: 40))   // fails the test on a bug
/// ```
///
/// Each step draws one of:
/// - an intent, by weight, whose precondition is checked when it is drawn (a rejected draw is
///   counted, and the step ends); its arguments may be drawn too;
/// - a clock advance: to the next sleeper's deadline (the simplest), or by 1 ms up to
///   ``maximumAdvance``;
/// - an answer to one of the client calls waiting in ``Explorer/answers``: which call (so that
///   calls answer in any order), and what: a value from the method's ``answers(_:_:weight:errors:_:)``
///   generator (the simplest), one of its errors, or never.
///
/// After each step the clock is advanced by zero, so the tasks it woke run until they wait again,
/// and every invariant is checked. Some are built in:
/// - **no unexpected client call**: a call whose method has no ``answers(_:_:weight:errors:_:)``;
/// - **no issue reported**: nothing the run's view model, its tasks or its doubles do reports an
///   issue (`reportIssue`: an unimplemented dependency, a live client in a test);
/// - **every task waits on the clock or a client**, at the end of a run: one that waits on anything
///   else (a real-time sleep, a continuation never resumed) would hang a test;
/// - **no task outlives the view model**: once the run lets go of it, the view model is released,
///   and nothing it started still sleeps or waits for an answer.
///
/// Every run happens inside ``withMainActorScheduling(blockedMainThreadLimit:reporter:fileID:filePath:line:column:_:)-6dumz``
/// on a fresh ``TestClock`` and ``ExploredAnswers``: a seed replays the same run, on every platform.
@MainActor
public struct Exploration<Model: ViewModel> {
    /// One intent the explorer may call.
    struct Intent {
        var name: String
        var weight: Int
        var precondition: @MainActor (Model) -> Bool
        /// Calls the intent, drawing its arguments, and returns how a test calls it.
        var perform: @MainActor (Model, inout ChoiceSequence) -> String
    }

    /// What the explorer may answer one client method with.
    struct Responder {
        var weight: Int
        var errors: [any Error & Sendable]
        /// A value for a call with `key`, or `nil` when the key is not of the generator's type.
        var value: @MainActor (any Sendable, inout ChoiceSequence) -> (any Sendable)?
    }

    /// One property every step must keep.
    struct Invariant {
        var name: String
        /// Makes the run's check from the fresh model: a check may remember what it saw before.
        var start: @MainActor (Model) -> (@MainActor (Model) -> Bool)
    }

    private let make: @MainActor (Explorer) -> Model
    private var intents: [Intent] = []
    private var responders: [String: Responder] = [:]
    private var invariants: [Invariant] = []
    private var test: ExploredTest?
    /// The weight of a clock advance against the intents'.
    public var advanceWeight = 1
    /// The longest single advance.
    public var maximumAdvance: Duration = .seconds(2)

    /// An exploration of the view model `make` builds, with the run's clock and answers.
    public init(_ make: @escaping @MainActor (Explorer) -> Model) {
        self.make = make
    }

    /// Adds an intent without arguments. `call` is how a test calls it on the view model
    /// (`"incrementButtonTapped()"`): the written test says `$0.` followed by it.
    ///
    /// - Parameters:
    ///   - call: The call, as Swift source after `$0.`.
    ///   - weight: How often it is drawn, relative to the others.
    ///   - precondition: Whether it may be called now.
    ///   - perform: Calls it.
    public func intent(
        _ call: String, weight: Int = 1, when precondition: @escaping @MainActor (Model) -> Bool = { _ in true },
        _ perform: @escaping @MainActor (Model) -> Void
    ) -> Self {
        intent(call, weight: weight, when: precondition, arguments: { model, _ in
            perform(model)
            return call
        })
    }

    /// Adds an intent whose arguments are drawn from the run's choices, and may read the state:
    /// `perform` calls it and returns the call as Swift source after `$0.`
    /// (`"thresholdChanged(120)"`).
    public func intent(
        _ name: String, weight: Int = 1, when precondition: @escaping @MainActor (Model) -> Bool = { _ in true },
        arguments perform: @escaping @MainActor (Model, inout ChoiceSequence) -> String
    ) -> Self {
        var copy = self
        copy.intents.append(Intent(name: name, weight: weight, precondition: precondition, perform: perform))
        return copy
    }

    /// Says what calls of `client`'s `method` may answer: a value `value` makes from the call's key
    /// (the simplest choice first), one of `errors`, or nothing ever. A call of a method with no
    /// answers breaks the built-in invariant "no unexpected client call".
    ///
    /// - Parameters:
    ///   - client: The client's name, as its double gives it to `ClientAnswers`.
    ///   - method: The method's name.
    ///   - weight: How often answering a waiting call of it is drawn, against the intents.
    ///   - errors: The errors it may throw.
    ///   - value: A value for a call with the given key; may draw from the choices.
    public func answers<Key: Sendable, Value: Sendable>(
        _ client: String, _ method: String, weight: Int = 1, errors: [any Error & Sendable] = [],
        _ value: @escaping @MainActor (Key, inout ChoiceSequence) -> Value
    ) -> Self {
        var copy = self
        copy.responders["\(client).\(method)"] = Responder(weight: weight, errors: errors) { key, choices in
            guard let key = key as? Key else { return nil }
            return value(key, &choices)
        }
        return copy
    }

    /// Adds an invariant, checked after every step.
    public func invariant(_ name: String, _ holds: @escaping @MainActor (Model) -> Bool) -> Self {
        var copy = self
        copy.invariants.append(Invariant(name: name, start: { _ in holds }))
        return copy
    }

    /// Adds an invariant over a step's change: `holds` gets `value` as it was before the step (from
    /// the fresh model, for the first) and the model after it.
    ///
    /// ```swift
    /// .invariant("the count moves by one at a time", comparing: { $0.count }) { before, model in
    ///     abs(model.count - before) <= 1
    /// }
    /// ```
    public func invariant<Value>(
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

    /// Says how to write a failing run as a test: ``ExplorationFailure/testSource`` then holds it,
    /// the exploration prints it, and when `VMK_EXPLORATION_OUTPUT` names a directory, writes it
    /// there as `<name>Tests.swift` with any files it reads.
    public func writingTests(_ test: ExploredTest) -> Self {
        var copy = self
        copy.test = test
        return copy
    }

    // MARK: - Runs

    /// What one step did, for the report and the written test.
    enum Step {
        case intent(String)
        case advance(Duration)
        /// Call `number` (from 1, in the order calls were made) of `client`'s `method` answered.
        case answer(number: Int, client: String, method: String, key: any Sendable, outcome: Outcome)
        /// The run let go of the view model.
        case release

        enum Outcome {
            case value(any Sendable)
            case error(any Error & Sendable)
            case never
        }
    }

    /// A run written as a test as it goes: the recorder of every step before the one that breaks.
    final class Writing {
        let test: ExploredTest
        /// The step that breaks the invariant, from 1.
        let breakingStep: Int
        /// Records the steps until the breaking one.
        var recorder: SessionRecorder?
        /// The same recorder, kept to write the test.
        var made: SessionRecorder?
        var broken: (step: [String], before: StateSnapshot, after: StateSnapshot)?

        init(test: ExploredTest, breakingStep: Int) {
            self.test = test
            self.breakingStep = breakingStep
        }

        /// The line of the test that makes `step` happen.
        func line(for step: Step) -> String {
            switch step {
            case .intent(let call): return "await tester.send({ $0.\(call) })"
            case .advance(let duration): return "await clock.advance(by: \(millisecondsSource(duration)))"
            case .answer(let number, let clientName, let methodName, let key, let outcome):
                let client = dumpStringLiteral(clientName), method = dumpStringLiteral(methodName)
                let keySource = SessionRecorder.swiftSource(for: key) ?? "/* \(key) */"
                switch outcome {
                case .value(let value):
                    let source = SessionRecorder.swiftSource(for: value) ?? "/* \(value) */"
                    return "await answers.respond(to: \(client), \(method), for: \(keySource), returning: \(source))"
                case .error(let error):
                    let source = SessionRecorder.swiftSource(for: error) ?? "/* \(error) */"
                    return "await answers.respond(to: \(client), \(method), for: \(keySource), throwing: \(source))"
                case .never:
                    return "// Call \(number), \(clientName).\(methodName)(\(keySource)), is never answered."
                }
            case .release:
                return "// The run lets go of the view model."
            }
        }
    }

    /// The outcome of one run.
    struct Run {
        var failure: (invariant: String, step: Int, detail: String)?
        var steps: [Step] = []
        /// The choices each step read.
        var ranges: [Range<Int>] = []
        var choices: [UInt64] = []
        var ran: [String: Int] = [:]
        var rejected: [String: Int] = [:]
        var answered: Set<String> = []
    }

    /// Runs at most `steps` steps with `choices`.
    func run(_ choices: inout ChoiceSequence, steps: Int, writing: Writing? = nil) async -> Run {
        var outcome = Run()
        await withMainActorScheduling {
            let explorer = Explorer()
            weak var released: Model?
            // What the view model (or a double) reports as an issue during the run is the run's.
            await IssueReporting.$taskReporter.withValue(explorer.issues) {
                await runSteps(
                    on: make(explorer), explorer: explorer, choices: &choices, steps: steps, into: &outcome, writing: writing
                ) { released = $0 }
            }
            guard outcome.failure == nil else {
                explorer.answers.cancelAll()
                return
            }
            // The run has let go of the view model: its deinit cancels what it started.
            outcome.steps.append(.release)
            await explorer.clock.advance(by: .zero)
            let waiting = explorer.answers.pending.count
            let sleeping = explorer.clock.pendingSleepers.count
            if released != nil {
                outcome.failure = (BuiltInInvariant.outlives, outcome.steps.count, "the view model was not released: a task or a closure it started keeps it")
            } else if waiting > 0 || sleeping > 0 {
                outcome.failure = (
                    BuiltInInvariant.outlives, outcome.steps.count,
                    "after the view model went away, \(counted(waiting, "client call")) still waited and \(counted(sleeping, "task")) still slept on the clock"
                )
            }
            explorer.answers.cancelAll()
        }
        outcome.choices = choices.drawn
        return outcome
    }

    /// The steps of a run on `model`, which the run lets go of when this returns.
    private func runSteps(
        on model: Model, explorer: Explorer, choices: inout ChoiceSequence, steps: Int, into outcome: inout Run,
        writing: Writing?, keepWeakly: (Model) -> Void
    ) async {
        keepWeakly(model)
        if let writing {
            writing.recorder = SessionRecorder(model, clock: RecordingClock<ContinuousClock>?.none, answers: RecordedAnswers(), listening: false)
            writing.made = writing.recorder
        }
        /// Writes `step` before it happens: recorded, or as the breaking step's lines.
        func write(_ step: Step) {
            guard let writing else { return }
            if outcome.steps.count + 1 == writing.breakingStep, let recorder = writing.recorder {
                writing.broken = ([writing.line(for: step)], recorder.recordedState(), recorder.recordedState())
                recorder.stop()
                writing.recorder = nil
            } else {
                writing.recorder?.recordStatement(writing.line(for: step))
            }
        }
        let clock = explorer.clock
        let answers = explorer.answers
        let checks = invariants.map { (name: $0.name, holds: $0.start(model)) }
        let advanceMilliseconds = max(1, Int(maximumAdvance / .milliseconds(1)))
        var reportedCalls = 0
        for _ in 0..<steps where !choices.isExhausted {
            let start = choices.drawn.count
            let answerable = answers.pending.filter { !$0.hangs }
            let answerWeight = answerable.map { responders["\($0.client).\($0.method)"]?.weight ?? 0 }.max() ?? 0
            guard let index = choices.draw(weights: intents.map(\.weight) + [advanceWeight, answerWeight]) else { break }
            if index == intents.count {
                let drawn = choices.draw(below: advanceMilliseconds + 1)
                let next = clock.pendingSleepers.first.map { clock.now.duration(to: $0.deadline) } ?? .zero
                let duration = drawn == 0 ? max(.zero, next) : .milliseconds(drawn)
                write(.advance(duration))
                await clock.advance(by: duration)
                outcome.steps.append(.advance(duration))
            } else if index == intents.count + 1 {
                let call = answerable[choices.draw(below: answerable.count)]
                let name = "\(call.client).\(call.method)"
                guard let responder = responders[name] else { continue }
                outcome.answered.insert(name)
                let choice = choices.draw(below: responder.errors.count + 2)
                let answer: Step.Outcome
                if choice == 0 {
                    guard let value = responder.value(call.key, &choices) else {
                        outcome.failure = (BuiltInInvariant.unexpectedCall, outcome.steps.count + 1, "\(name) was called with a key of type \(type(of: call.key)), which its answers do not take")
                        return
                    }
                    answer = .value(value)
                } else if choice <= responder.errors.count {
                    answer = .error(responder.errors[choice - 1])
                } else {
                    answer = .never
                }
                let step = Step.answer(number: call.number, client: call.client, method: call.method, key: call.key, outcome: answer)
                write(step)
                switch answer {
                case .value(let value): answers.take(call.number)?.resume(.success(value))
                case .error(let error): answers.take(call.number)?.resume(.failure(error))
                case .never: answers.hang(call.number)
                }
                outcome.steps.append(step)
                await clock.advance(by: .zero)
            } else {
                let intent = intents[index]
                guard intent.precondition(model) else {
                    outcome.rejected[intent.name, default: 0] += 1
                    continue
                }
                outcome.ran[intent.name, default: 0] += 1
                let call: String
                if let writing, outcome.steps.count + 1 == writing.breakingStep, let recorder = writing.recorder {
                    let before = recorder.recordedState()
                    recorder.stop()
                    writing.recorder = nil
                    call = intent.perform(model, &choices)
                    writing.broken = ([writing.line(for: .intent(call))], before, before)
                } else if let recorder = writing?.recorder {
                    var made = ""
                    recorder.recordCall {
                        made = intent.perform(model, &choices)
                        return made
                    }
                    call = made
                } else {
                    call = intent.perform(model, &choices)
                }
                outcome.steps.append(.intent(call))
                await clock.advance(by: .zero)
            }
            outcome.ranges.append(start..<choices.drawn.count)
            let calls = answers.pending.filter { $0.number > reportedCalls }
            reportedCalls = max(reportedCalls, calls.map(\.number).max() ?? 0)
            if let unexpected = calls.first(where: { responders["\($0.client).\($0.method)"] == nil }) {
                outcome.failure = (BuiltInInvariant.unexpectedCall, outcome.steps.count, "\(unexpected.client).\(unexpected.method)(\(unexpected.key)) was called, and the exploration has no answers for it")
                return
            }
            // NB: every check sees every step, so that one remembering the last step stays current.
            if let issue = explorer.issues.messages.first {
                outcome.failure = (BuiltInInvariant.noIssue, outcome.steps.count, issue)
                return
            }
            let broken = checks.filter { !$0.holds(model) }
            if let broken = broken.first {
                outcome.failure = (broken.name, outcome.steps.count, "")
                writing?.broken?.after = model.snapshot()
                return
            }
        }
        let running = model.runningTasksInTree.count
        let waiting = clock.pendingSleepers.count + answers.pending.count
        if running > waiting {
            outcome.failure = (
                BuiltInInvariant.waitsOnTheClockOrAClient, outcome.steps.count,
                "\(counted(running, "task")) ran, and only \(waiting) waited on the clock or for a client's answer: "
                    + "the others wait on something a test cannot move (a real-time sleep, a continuation never resumed)"
            )
        }
    }

    // MARK: - Campaigns

    /// Runs a campaign: `budget.runs` runs of at most `budget.steps` steps, the n-th from seed
    /// `budget.seed + n`. The first failure is checked for a replay, shrunk, and reported to
    /// `reporter` (failing the running test); a health warning (an intent that never ran, one whose
    /// precondition turned most draws away) is printed.
    ///
    /// - Parameters:
    ///   - budget: The seed and sizes; by default the ``ExplorationBudget/current`` one (set by the
    ///     `.exploring(…)` trait), else ``ExplorationBudget/init(seed:runs:steps:)``'s defaults.
    ///   - reporter: Where a failure goes; the running test by default.
    ///   - fileID: The `#fileID` of this call, for the failure report. Leave the default.
    ///   - filePath: The `#filePath` of this call: the file XCTest shows a failure in.
    ///   - line: The line a failure points at; the line of this call by default.
    ///   - column: The column a failure points at; the column of this call by default.
    /// - Returns: What the campaign found, and how its intents fared.
    @discardableResult
    public func explore(
        _ budget: ExplorationBudget? = nil,
        reporter: any IssueReporter = TestIssueReporter(),
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) async -> ExplorationReport {
        let budget = budget ?? ExplorationBudget.current ?? ExplorationBudget()
        var report = ExplorationReport(budget: budget)
        var answered: Set<String> = []
        for index in 0..<budget.runs {
            let runSeed = budget.seed &+ UInt64(index)
            var choices = ChoiceSequence(seed: runSeed)
            let outcome = await run(&choices, steps: budget.steps)
            report.runs += 1
            report.steps += outcome.steps.count
            report.ran.merge(outcome.ran, uniquingKeysWith: +)
            report.rejected.merge(outcome.rejected, uniquingKeysWith: +)
            answered.formUnion(outcome.answered)
            guard let broken = outcome.failure else { continue }
            report.failure = await shrink(outcome, broken: broken, seed: runSeed, steps: budget.steps)
            break
        }
        report.warnings = healthWarnings(report, answered: answered)
        for warning in report.warnings { print("Exploration warning: \(warning)") }
        if let failure = report.failure {
            reporter.reportIssue(failure.description, fileID: fileID, filePath: filePath, line: line, column: column)
            if let source = failure.testSource {
                print("The shrunk run as a test:\n\n\(source)")
                if let directory = ProcessInfo.processInfo.environment["VMK_EXPLORATION_OUTPUT"], !directory.isEmpty {
                    do {
                        try failure.writeTestFiles(to: URL(fileURLWithPath: directory, isDirectory: true))
                    } catch {
                        reporter.reportIssue(
                            "Could not write the explored test to \(directory) (VMK_EXPLORATION_OUTPUT): \(error)",
                            fileID: fileID, filePath: filePath, line: line, column: column
                        )
                    }
                }
            }
        }
        return report
    }

    /// Checks that `found` replays, shrinks it, and finds its point of no return.
    private func shrink(_ found: Run, broken: (invariant: String, step: Int, detail: String), seed: UInt64, steps: Int) async -> ExplorationFailure {
        var failure = ExplorationFailure(
            invariant: broken.invariant, detail: broken.detail, step: broken.step, steps: found.steps.map(describe),
            seed: seed, unshrunkLength: found.steps.count, shrinkReplays: 0
        )
        var again = ChoiceSequence(replaying: found.choices)
        let replayed = await run(&again, steps: steps)
        guard replayed.failure?.invariant == broken.invariant, replayed.failure?.step == broken.step,
              replayed.steps.map(describe) == failure.steps else {
            failure.nondeterminism = "the same choices did not replay the same run (it "
                + (replayed.failure.map { "broke \"\($0.invariant)\" at step \($0.step)" } ?? "held")
                + "): something the exploration does not control (a real clock, a random number, a task outside "
                + "the view model) decides what happens, so the run was not shrunk"
            return failure
        }
        // The structure of every run the shrinker kept, for its candidates.
        var shapes: [[UInt64]: Run] = [Self.trimmed(found.choices): found]
        let outcome = await ChoiceShrinker.shrink(found.choices, maximumReplays: 2_000) { best in
            shapes[best].map(candidates) ?? []
        } replay: { candidate in
            var replay = ChoiceSequence(replaying: candidate)
            let again = await run(&replay, steps: steps)
            guard let failed = again.failure, failed.invariant == broken.invariant else { return nil }
            var read = again.choices
            while read.count > candidate.count, read.last == 0 { read.removeLast() }
            shapes[read] = again
            return again.choices
        }
        var replay = ChoiceSequence(replaying: outcome.choices)
        let shrunk = await run(&replay, steps: steps)
        failure.shrinkReplays = outcome.replays
        if let failed = shrunk.failure {
            failure.step = failed.step
            failure.detail = failed.detail
            failure.steps = shrunk.steps.map(describe)
            failure.pointOfNoReturn = await pointOfNoReturn(of: shrunk, invariant: broken.invariant, seed: seed, steps: steps)
            if let test {
                failure.testFiles = await writeTest(test, choices: outcome.choices, failure: failure, steps: steps)
            }
        }
        return failure
    }

    /// Replays the shrunk run once more, recording every step before the one that broke, and writes
    /// the test.
    private func writeTest(_ test: ExploredTest, choices: [UInt64], failure: ExplorationFailure, steps: Int) async -> [ExploredTestFile] {
        let writing = Writing(test: test, breakingStep: failure.step)
        var replay = ChoiceSequence(replaying: choices)
        _ = await run(&replay, steps: steps, writing: writing)
        guard let recorder = writing.made else { return [] }
        let summary = [
            "Written by an exploration: step \(failure.step) broke \"\(failure.invariant)\".",
            "Seed \(failure.seed); shrunk from \(failure.unshrunkLength) steps to \(failure.steps.count) in \(failure.shrinkReplays) replays.",
            "It fails while the bug is there, and passes once it is fixed.",
        ].joined(separator: "\n")
        var recorded = RecordedTest(name: test.name, imports: test.imports, subject: test.subject, summary: summary)
        recorded.testFunctionName = "testExploredRun"
        recorded.setup = ["let answers = ScriptedAnswers()"]
        recorded.declarations = test.clients.map(\.source)
        let comment = ["// Step \(failure.step) broke \"\(failure.invariant)\"" + (failure.detail.isEmpty ? "." : ": \(failure.detail)."),
                       "// A view model that keeps it does not reach the state below."]
        guard let written = writing.broken else {
            // Broken when the run let go of the view model: the test lets go of its tester, and
            // checks that the view model went with it.
            recorded.ending = [
                "// Step \(failure.step) broke \"\(failure.invariant)\": \(failure.detail).",
                "// Once the tester is gone, nothing may hold the view model.",
                "await tester.skipInFlightTasks(strict: false)", "await tester.finish()",
            ]
            recorded.releaseCheck = "Step \(failure.step) broke \"\(failure.invariant)\": the view model outlived its tester"
            return recorder.exploredTestFiles(recorded, broken: nil).map { ExploredTestFile(name: $0.name, contents: $0.contents) }
        }
        return recorder.exploredTestFiles(recorded, broken: (comment, written.step, written.before, written.after))
            .map { ExploredTestFile(name: $0.name, contents: $0.contents) }
    }

    /// The shrinker's own candidates for a run: each step deleted whole (last first), and each
    /// advance moved into the next one.
    private func candidates(_ run: Run) -> [[UInt64]] {
        var proposals: [[UInt64]] = []
        for (index, range) in run.ranges.enumerated().reversed() {
            var candidate = run.choices
            candidate.removeSubrange(range)
            proposals.append(candidate)
            // A deleted step may have made a call: later answers then pick one call earlier.
            var renumbered = candidate
            var moved = false
            for later in (index + 1)..<run.ranges.count where later < run.steps.count {
                guard case .answer = run.steps[later], run.ranges[later].count >= 2 else { continue }
                let which = run.ranges[later].lowerBound + 1 - range.count
                if renumbered[which] > 0 {
                    renumbered[which] -= 1
                    moved = true
                }
            }
            if moved { proposals.append(renumbered) }
        }
        // An advance moved into the next one (adjacent or not): the same total time, one step fewer.
        let longest = Int(maximumAdvance / .milliseconds(1))
        for index in run.ranges.indices where index < run.steps.count {
            guard case .advance(let a) = run.steps[index], run.ranges[index].count == 2 else { continue }
            guard let next = (index + 1..<min(run.ranges.count, run.steps.count)).first(where: {
                if case .advance = run.steps[$0] { return true } else { return false }
            }), case .advance(let b) = run.steps[next], run.ranges[next].count == 2 else { continue }
            let merged = Int(((a + b) / .milliseconds(1)).rounded())
            guard merged >= 1, merged <= longest else { continue }
            var candidate = run.choices
            candidate[run.ranges[next].lowerBound + 1] = UInt64(merged)
            candidate.removeSubrange(run.ranges[index])
            proposals.append(candidate)
        }
        return proposals
    }

    /// The first step after which every one of a few random continuations breaks `invariant`.
    private func pointOfNoReturn(of run: Run, invariant: String, seed: UInt64, steps: Int) async -> Int? {
        for done in 0...run.ranges.count {
            let prefix = Array(run.choices[..<(done == 0 ? 0 : run.ranges[done - 1].upperBound)])
            var allFail = true
            for attempt in 0..<8 {
                var choices = ChoiceSequence(replaying: prefix, thenSeed: seed &+ UInt64(done * 8 + attempt) &* 0x9E37_79B9)
                guard await self.run(&choices, steps: steps).failure?.invariant == invariant else {
                    allFail = false
                    break
                }
            }
            if allFail { return done }
        }
        return nil
    }

    private static func trimmed(_ choices: [UInt64]) -> [UInt64] {
        var trimmed = choices
        while trimmed.last == 0 { trimmed.removeLast() }
        return trimmed
    }

    private func healthWarnings(_ report: ExplorationReport, answered: Set<String>) -> [String] {
        var warnings: [String] = []
        for intent in intents {
            let ran = report.ran[intent.name] ?? 0, rejected = report.rejected[intent.name] ?? 0
            if ran == 0 {
                warnings.append("\(intent.name) never ran in \(report.runs) runs" + (rejected > 0 ? " (its precondition turned away all \(rejected) draws)" : ""))
            } else if rejected > ran {
                warnings.append("\(intent.name)'s precondition turned away \(rejected) of \(ran + rejected) draws")
            }
        }
        guard report.failure == nil else { return warnings }
        for name in responders.keys.sorted() where !answered.contains(name) {
            warnings.append("no call of \(name) was answered in \(report.runs) runs")
        }
        return warnings
    }

    /// How a report names a step.
    func describe(_ step: Step) -> String {
        switch step {
        case .intent(let call): call
        case .advance(let duration): "advance(by: \(millisecondsSource(duration)))"
        case .answer(let number, let client, let method, let key, let outcome):
            switch outcome {
            case .value(let value): "answer call \(number), \(client).\(method)(\(key)), with \(value)"
            case .error(let error): "answer call \(number), \(client).\(method)(\(key)), with the error \(error)"
            case .never: "leave call \(number), \(client).\(method)(\(key)), unanswered for ever"
            }
        case .release: "release the view model"
        }
    }
}

/// The names of the invariants every exploration checks.
enum BuiltInInvariant {
    static let unexpectedCall = "no unexpected client call"
    static let waitsOnTheClockOrAClient = "every running task waits on the clock or for a client's answer"
    static let outlives = "no task outlives the view model"
    static let noIssue = "no issue reported"
}

/// What a run of an ``Exploration`` gives its view model: the clock its tasks sleep on, and the
/// answers its clients' doubles wait on.
@MainActor
public final class Explorer {
    /// The run's clock: the explorer advances it.
    public let clock = TestClock()
    /// The run's answers: give them to each client's double.
    public let answers = ExploredAnswers()
    /// What the run's view model reported as issues (an unimplemented dependency, a live client).
    let issues = RecordingIssueReporter()

    init() {}
}

/// The seed and the size of an exploration campaign.
///
/// ```swift
/// @Test(.exploring(seed: 7, runs: 500)) func counterHolds() async {
///     await counterExploration.explore()          // reads the trait's budget
/// }
/// ```
public struct ExplorationBudget: Sendable, Hashable, CustomStringConvertible {
    /// The first run's seed; the n-th run's is `seed + n`.
    public var seed: UInt64
    /// How many runs at most.
    public var runs: Int
    /// How many steps a run takes at most.
    public var steps: Int

    /// A budget: by default seed 0, 100 runs of at most 40 steps.
    public init(seed: UInt64 = 0, runs: Int = 100, steps: Int = 40) {
        self.seed = seed
        self.runs = runs
        self.steps = steps
    }

    /// The budget a trait or ``withBudget(_:isolation:_:)`` set for the running code, if any.
    @TaskLocal public static var current: ExplorationBudget?

    /// Runs `operation` with `budget` as the ``current`` one.
    public static func withBudget<Result>(
        _ budget: ExplorationBudget, isolation: isolated (any Actor)? = #isolation, _ operation: () async throws -> Result
    ) async rethrows -> Result {
        try await $current.withValue(budget, operation: operation, isolation: isolation)
    }

    /// `seed 7, 300 runs of at most 40 steps`.
    public var description: String { "seed \(seed), \(runs) runs of at most \(steps) steps" }
}

/// What an exploration campaign found, and how its intents fared.
public struct ExplorationReport: Sendable {
    /// The campaign's budget.
    public var budget: ExplorationBudget
    /// The first failure, shrunk; `nil` when every run held.
    public var failure: ExplorationFailure?
    /// How many runs were made.
    public var runs = 0
    /// How many steps they took in all.
    public var steps = 0
    /// How often each intent ran, by name.
    public var ran: [String: Int] = [:]
    /// How often each intent's precondition turned a draw away, by name.
    public var rejected: [String: Int] = [:]
    /// What looks unhealthy: an intent that never ran, a precondition that turned most draws away,
    /// a client method never answered.
    public var warnings: [String] = []
}

/// A run that broke an invariant, shrunk.
public struct ExplorationFailure: Sendable, Equatable, CustomStringConvertible {
    /// The invariant that broke.
    public var invariant: String
    /// What a built-in invariant saw; empty for the feature's own.
    public var detail: String
    /// The step after which it broke, from 1.
    public var step: Int
    /// The steps, in order, up to that one.
    public var steps: [String]
    /// The seed of the run that found it.
    public var seed: UInt64
    /// How many steps the run had before shrinking.
    public var unshrunkLength: Int
    /// How many candidate runs shrinking replayed.
    public var shrinkReplays: Int
    /// The first step after which every random continuation tried broke the invariant too (0: the
    /// view model breaks it whatever happens), or `nil` if none.
    public var pointOfNoReturn: Int?
    /// Why the run was not shrunk, when its choices did not replay it.
    public var nondeterminism: String?
    /// The shrunk run as an XCTest file and the data files it reads, when the exploration was told
    /// how to write it (``Exploration/writingTests(_:)``).
    public var testFiles: [ExploredTestFile] = []

    /// The text of the written test, if there is one.
    public var testSource: String? {
        testFiles.first.flatMap { String(data: $0.contents, encoding: .utf8) }
    }

    /// Writes ``testFiles`` into `directory` (created if missing).
    public func writeTestFiles(to directory: URL) throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        for file in testFiles {
            try file.contents.write(to: directory.appendingPathComponent(file.name), options: .atomic)
        }
    }

    /// The failure as a test failure's message.
    public var description: String {
        var lines = ["Exploration broke \"\(invariant)\" at step \(step) of \(steps.count) (seed \(seed)"
            + (nondeterminism == nil ? ", shrunk from \(unshrunkLength) steps in \(shrinkReplays) replays):" : "):")]
        if !detail.isEmpty { lines.append("  \(detail)") }
        for (index, step) in steps.enumerated() { lines.append("  \(index + 1). \(step)") }
        if let pointOfNoReturn, pointOfNoReturn < step {
            lines.append(pointOfNoReturn == 0
                ? "Every random run tried broke it: the view model breaks it from the start."
                : "After step \(pointOfNoReturn), every random continuation tried broke it too.")
        }
        if let nondeterminism { lines.append("Not shrunk: \(nondeterminism).") }
        return lines.joined(separator: "\n")
    }
}

/// How an exploration writes a failing run as a test: its name, what it imports, how it makes the
/// view model, and the scripted double of each client.
///
/// ```swift
/// ExploredTest(
///     name: "CounterExploredRun", imports: ["ViewModelKitExampleCounter"],
///     subject: "CounterViewModel(client: NumberFactClientDouble(answers: answers), clock: clock)",
///     clients: [ScriptedClient(name: "NumberFactClient", typeName: "NumberFactClientDouble",
///                              conformances: ["NumberFactClientProtocol"],
///                              methods: [.init(name: "fetchFact", signature: "func fetchFact(number: Int) async throws -> String", key: "number")])]
/// )
/// ```
public struct ExploredTest: Sendable {
    /// The test's name: the file is `<name>Tests.swift`, the class `<name>Tests`.
    public var name: String
    /// The modules the test imports besides `ViewModelKit`, `ViewModelKitTesting` and `XCTest`.
    public var imports: [String]
    /// The expression that makes the view model, with the test's `clock` (a `TestClock`) and
    /// `answers` (a ``ScriptedAnswers``) for the doubles of ``clients``.
    public var subject: String
    /// The doubles the test defines.
    public var clients: [ScriptedClient]

    /// Describes a test to write.
    public init(name: String, imports: [String], subject: String, clients: [ScriptedClient] = []) {
        self.name = name
        self.imports = imports
        self.subject = subject
        self.clients = clients
    }
}

/// A client's double in an exploration's written test: each method hands its call to the test's
/// ``ScriptedAnswers`` under the client's name, as the exploration's double did.
public struct ScriptedClient: Sendable {
    /// One method of the double.
    public struct Method: Sendable {
        /// The name its calls are answered under.
        public var name: String
        /// Its declaration, e.g. `func fetchFact(number: Int) async throws -> String`.
        public var signature: String
        /// The expression its calls are told apart by, as the exploration's double passed it.
        public var key: String

        /// Describes a method.
        public init(name: String, signature: String, key: String) {
            self.name = name
            self.signature = signature
            self.key = key
        }
    }

    /// The name its calls are answered under (`"NumberFactClient"`).
    public var name: String
    /// The double's type name.
    public var typeName: String
    /// The protocols it conforms to.
    public var conformances: [String]
    /// Its methods.
    public var methods: [Method]

    /// Describes a double.
    public init(name: String, typeName: String, conformances: [String], methods: [Method]) {
        self.name = name
        self.typeName = typeName
        self.conformances = conformances
        self.methods = methods
    }

    /// The double's Swift source.
    var source: String {
        var lines = ["/// Hands each call to the test's answers.", "private struct \(typeName): \(conformances.joined(separator: ", ")) {",
                     "    let answers: ScriptedAnswers"]
        for method in methods {
            lines += ["", "    \(method.signature) {",
                      "        try await answers.answer(\(dumpStringLiteral(name)), \(dumpStringLiteral(method.name)), for: \(method.key))",
                      "    }"]
        }
        lines.append("}")
        return lines.joined(separator: "\n")
    }
}

/// A file of an exploration's written test.
public struct ExploredTestFile: Sendable, Equatable {
    /// Its name, e.g. `CounterExploredRunTests.swift`.
    public var name: String
    /// Its contents.
    public var contents: Data
}

/// `.milliseconds(2000)`.
func millisecondsSource(_ duration: Duration) -> String {
    ".milliseconds(\(Int((duration / .milliseconds(1)).rounded())))"
}
