internal import ViewModelKit
internal import ViewModelKitStateDump
internal import ViewModelKitRecording

// One run of an exploration: the steps it draws, the invariants it checks after each, and the
// built-in checks when it lets go of the view model.

extension Exploration {
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

    /// The outcome of one run.
    struct Run {
        var failure: (invariant: String, step: Int, detail: String)?
        var steps: [Step] = []
        /// The choices each step read.
        var ranges: [Range<Int>] = []
        var choices: [UInt64] = []
        /// How many steps each intent ran.
        var ran: [String: Int] = [:]
        /// How many steps each intent's precondition held at, by intent index.
        var enabled: [Int]
        /// How many drawn intents their precondition turned away (only when `drawsAmongEnabledIntents`
        /// is off): each such draw ends its step with nothing done.
        var rejected: [String: Int] = [:]
        var answered: Set<String> = []

        init(intents: Int) {
            enabled = Array(repeating: 0, count: intents)
        }
    }

    /// Runs at most `steps` steps with `choices`.
    func run(_ choices: inout ChoiceSequence, steps: Int, writing: Writing? = nil) async -> Run {
        var outcome = Run(intents: intents.count)
        await withMainActorScheduling {
            let explorer = Explorer()
            weak var released: Model?
            // What the view model (or a double) reports as an issue during the run is the run's.
            let intentRuns = IntentRuns()
            await IssueReporting.$taskReporter.withValue(explorer.issues) {
                await ExploredIntents.$current.withValue(intentRuns) {
                    await runSteps(
                        on: make(explorer), explorer: explorer, choices: &choices, steps: steps, into: &outcome, writing: writing
                    ) { released = $0 }
                }
            }
            // The view goes away: SwiftUI cancels its `.task`s, so the run cancels the `async` intents
            // still running.
            intentRuns.cancelAll()
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
    func runSteps(
        on model: Model, explorer: Explorer, choices: inout ChoiceSequence, steps: Int, into outcome: inout Run,
        writing: Writing?, keepWeakly: (Model) -> Void
    ) async {
        keepWeakly(model)
        if let writing {
            writing.recorder = SessionRecorder(model, clock: RecordingClock<ContinuousClock>?.none, answers: RecordedAnswers(), listening: false)
            writing.recorder?.writeValues(initializerLabels: writing.initializerLabels)
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
        answers.answerImmediately(with: immediateAnswerer())
        let checks = invariants.map { (name: $0.name, holds: $0.start(model)) }
        let advanceMilliseconds = max(1, Int(maximumAdvance / .milliseconds(1)))
        var reportedCalls = 0
        for _ in 0..<steps where !choices.isExhausted {
            let start = choices.drawn.count
            writing?.stepBegins(answers)
            let answerable = answers.pending.filter { !$0.hangs }
            let answerWeight = answerable.map { responders["\($0.client).\($0.method)"]?.weight ?? 0 }.max() ?? 0
            // Only the intents whose precondition holds now can be drawn (as Hypothesis draws among
            // the rules it may run): a disabled one weighs nothing, and keeps its index, so a replay
            // reads the same choice as the same intent wherever the same intents are enabled.
            var weights = intents.map(\.weight)
            if drawsAmongEnabledIntents {
                for (index, intent) in intents.enumerated() {
                    if intent.precondition(model) { outcome.enabled[index] += 1 } else { weights[index] = 0 }
                }
            }
            guard let index = choices.draw(weights: weights + [advanceWeight, answerWeight]) else { break }
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
                guard drawsAmongEnabledIntents || intent.precondition(model) else {
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
                // An `async` intent it started: the step ends once it returned or waits on the run.
                for run in ExploredIntents.current?.all ?? [] where !(await run.waitUntilReturnedOrWaitingOnTest(timeout: ExploredIntents.waitLimit)) {
                    outcome.failure = (
                        BuiltInInvariant.waitsOnTheClockOrAClient, outcome.steps.count,
                        "the intent \(call) did not return within \(ExploredIntents.waitLimit), and waits on something a test cannot "
                            + "move (a real-time sleep, a continuation never resumed, a wait not marked `controlledByTest`)"
                    )
                    return
                }
            }
            outcome.ranges.append(start..<choices.drawn.count)
            writing?.stepEnded(answers)
            for call in answers.immediate where call.result != nil { outcome.answered.insert("\(call.client).\(call.method)") }
            if let unexpected = answers.immediate.first(where: { $0.result == nil }) {
                outcome.failure = (BuiltInInvariant.unexpectedCall, outcome.steps.count, "\(unexpected.client).\(unexpected.method)(\(unexpected.key)) was called, and the exploration has no answers for it")
                return
            }
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
                writing?.brokenTasks = idsOfRunningTasks(inTreeOf: model)
                return
            }
        }
        // An `async` intent whose wait is the run's (its own, or a task's it awaits) counts through that wait.
        let running = model.runningTasksInTree.count + (ExploredIntents.current?.all ?? []).filter { !$0.isDone && !$0.scope.isWaiting }.count
        let waiting = clock.pendingSleepers.count + answers.pending.count
        if running > waiting {
            outcome.failure = (
                BuiltInInvariant.waitsOnTheClockOrAClient, outcome.steps.count,
                "\(counted(running, "task")) ran, and only \(waiting) waited on the clock or for a client's answer: "
                    + "the others wait on something a test cannot move (a real-time sleep, a continuation never resumed)"
            )
        }
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
