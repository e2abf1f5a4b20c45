package import Foundation
public import ViewModelKit
package import ViewModelKitStateDump
internal import Synchronization

/// Records a session of a view model (and its children) as a person uses it, and writes it out as
/// an exhaustive `ViewModelTester` test that replays it offline.
///
/// ```swift
/// let clock = RecordingClock(ContinuousClock())
/// let answers = RecordedAnswers()
/// let facts = NumberFactClientDouble(answers: answers, live: NumberFactClient())   // logs each answer
/// let counter = CounterViewModel(client: facts, clock: clock)
/// let recorder = SessionRecorder(counter, clock: clock, answers: answers)
/// // … the person uses the app …
/// try recorder.writeTest(RecordedTest(name: "CounterSession", imports: ["ViewModelKitExampleCounter"],
///     subject: "CounterViewModel(client: RecordedNumberFactClient(), clock: clock)"), to: directory)
/// ```
///
/// It records:
/// - each intent that reports itself with `recordIntent(…)`, and the view model it was called on;
///   an intent called by another intent, or by a task, is part of the outer one;
/// - the session's time at each intent and each step of a task, from the ``RecordingClock``;
/// - every change: what each intent changed until it returned, and what each step of a task changed;
/// - the answers clients give, through ``answers`` (the front end wraps each client to log them).
///
/// Only one recorder records at a time; it stops when it is released or ``stop()`` is called.
@MainActor
public final class SessionRecorder: IntentRecorder {
    /// The view model the session is about: the root of the recorded tree.
    public let viewModel: ViewModel
    /// Where client wrappers log the answers they pass on.
    public let answers: RecordedAnswers

    /// How the written test makes children and writes values.
    public var configuration = TestWriterConfiguration()
    var steps: [RecordedStep] = []
    let initialState: StateSnapshot
    private var latest: StateSnapshot
    private var openIntent: (intent: RecordedIntent, time: Duration, sleeping: Bool)?
    private var openChange: (task: UInt64?, state: StateSnapshot)?
    /// How many answers the clients had given when the last intent was called.
    private var answersAtLastIntent = 0
    private var subscription: ViewModelSubscription?
    private let intentTime: @Sendable () -> (time: Duration, sleeping: Bool)
    private let stepTime: @Sendable (UInt64?) -> Duration

    /// Starts recording `viewModel`, whose tasks sleep on `clock`.
    /// - Parameters:
    ///   - viewModel: The root of the recorded tree, freshly made (its state now is where the test starts).
    ///   - clock: The clock the view model sleeps on; `nil` if it never sleeps.
    ///   - answers: Where the view model's client wrappers log their answers.
    public convenience init<Base>(_ viewModel: ViewModel, clock: RecordingClock<Base>?, answers: RecordedAnswers = RecordedAnswers()) {
        self.init(viewModel, clock: clock, answers: answers, listening: true)
    }

    /// Starts recording `viewModel`; unless `listening`, intents that report themselves are not
    /// recorded (an exploration records the calls it makes with ``recordCall(_:)``).
    package init<Base>(_ viewModel: ViewModel, clock: RecordingClock<Base>?, answers: RecordedAnswers, listening: Bool) {
        self.viewModel = viewModel
        self.answers = answers
        self.initialState = viewModel.snapshot()
        self.latest = initialState
        if let clock {
            intentTime = { clock.intentTime() }
            stepTime = { clock.stepTime(of: $0) }
        } else {
            intentTime = { (.zero, false) }
            stepTime = { _ in .zero }
        }
        subscription = viewModel.observeChanges { [weak self] in self?.changed() }
        if listening { IntentRecording.recorder = self }
    }

    /// Starts recording `viewModel`, which never sleeps on a clock.
    public convenience init(_ viewModel: ViewModel, answers: RecordedAnswers = RecordedAnswers()) {
        self.init(viewModel, clock: RecordingClock<ContinuousClock>?.none, answers: answers)
    }

    // NB: no deinit. `IntentRecording.recorder` is weak, so it reads `nil` once this recorder is
    // gone; a main-actor `isolated deinit` here would only have repeated that, and on Apple
    // platforms it aborts when task-locals are bound (see ViewModelTester's deinit).

    /// Stops recording: later intents and changes are not part of the session.
    public func stop() {
        closeIntent()
        closeOpenChange()
        subscription?.cancel()
        subscription = nil
        if IntentRecording.recorder === self { IntentRecording.recorder = nil }
    }

    /// Runs `body`, one user action (a key press), as a step of its own: the first intent it calls
    /// is recorded, the intents that one calls are part of it.
    ///
    /// Without it, an intent's step ends when its main-actor turn ends; a front end that handles
    /// several keys in one turn (a paste) wraps each key in `userAction`, so each is its own step.
    public func userAction<Result>(_ body: () throws -> Result) rethrows -> Result {
        closeIntent()
        defer { closeIntent() }
        return try body()
    }

    /// Says how the generated test writes a child of type `Child` that appears in the state (a
    /// pushed detail): see ``TestWriterConfiguration/writeChildren(of:as:)``.
    ///
    /// ```swift
    /// recorder.writeChildren(of: RepositoryDetailViewModel.self) { detail in
    ///     (#"RepositoryDetailViewModel(owner: "\#(detail.owner)", name: "\#(detail.name)", client: client)"#,
    ///      RepositoryDetailViewModel(owner: detail.owner, name: detail.name, client: unusedClient))
    /// }
    /// ```
    public func writeChildren<Child: ViewModel>(
        of type: Child.Type, as write: @escaping @MainActor (Child) -> (expression: String, fresh: Child)
    ) {
        configuration.writeChildren(of: type, as: write)
    }

    /// Says in which order the initializer of `Value` takes its arguments: see
    /// ``TestWriterConfiguration/writeValues(of:initializerLabels:)``.
    ///
    /// ```swift
    /// recorder.writeValues(of: GitHubRepositoryDetail.self, initializerLabels: ["id", "name", "owner", "fullName"])
    /// ```
    public func writeValues<Value>(of type: Value.Type, initializerLabels: [String]) {
        configuration.writeValues(of: type, initializerLabels: initializerLabels)
    }

    /// `value` as a Swift expression, as the generated test writes it (for a front end's
    /// ``writeChildren(of:as:)`` expressions), or `nil` if it has none.
    public nonisolated static func swiftSource(for value: Any) -> String? {
        SwiftLiteralWriter().source(for: value)
    }

    /// `value` as a Swift expression, its initializers taking `initializerLabels` (see
    /// ``writeValues(of:initializerLabels:)``), or `nil` if it has none.
    package nonisolated static func swiftSource(for value: Any, initializerLabels: [ObjectIdentifier: [String]]) -> String? {
        var writer = SwiftLiteralWriter()
        writer.initializerLabels = initializerLabels
        return writer.source(for: value)
    }

    /// ``writeValues(of:initializerLabels:)`` for several types at once, by type.
    package func writeValues(initializerLabels: [ObjectIdentifier: [String]]) {
        configuration.initializerLabels.merge(initializerLabels) { $1 }
    }

    // MARK: - Recording what an exploration does

    /// Records `call`, which calls an intent of the root and returns the call as Swift source after
    /// `$0.`, as a step of its own.
    package func recordCall(_ call: () -> String) {
        closeIntent()
        closeOpenChange()
        openIntent = (RecordedIntent(target: [], function: "", arguments: []), .zero, false)
        let source = call()
        openIntent?.intent.source = source
        closeIntent()
    }

    /// Records a line of the test of its own (a clock advance, a client's answer), before what it
    /// makes happen.
    package func recordStatement(_ line: String) {
        closeIntent()
        closeOpenChange()
        steps.append(RecordedStep(cause: .statement(line), time: .zero, before: latest, after: latest))
    }

    /// How many steps are recorded, once what is still open is recorded.
    package var stepCount: Int {
        closeIntent()
        closeOpenChange()
        return steps.count
    }

    /// Inserts lines of the test of their own before the step at `index` (a synchronous call's
    /// answer, which the test gives before the step that makes the call).
    package func insertStatements(_ lines: [String], at index: Int) {
        closeIntent()
        closeOpenChange()
        let position = min(index, steps.count)
        let state = position < steps.count ? steps[position].before : latest
        steps.insert(contentsOf: lines.map { RecordedStep(cause: .statement($0), time: .zero, before: state, after: state) }, at: position)
    }

    /// The state as of the last recorded change, once what is still open is recorded.
    package func recordedState() -> StateSnapshot {
        closeIntent()
        closeOpenChange()
        return latest
    }

    /// The explored run's test: the Swift file's name and text, and the data files it reads. When a
    /// step broke an invariant, `broken` says how: the lines that end the test are its comment, then
    /// the step with the tester not exhaustive, then a check that the state is not `after`, the
    /// state the step left from `before`.
    package func exploredTestFiles(
        _ test: RecordedTest, broken: (comment: [String], step: [String], before: StateSnapshot, after: StateSnapshot)?
    ) -> (files: [(name: String, contents: Data)], problems: [String]) {
        stop()
        var test = test
        var writer = RecordedTestWriter(test: test, configuration: configuration)
        if let broken {
            let statements = writer.assignments(from: broken.before, to: broken.after, on: "$0", context: "state")
            let check = test.brokenCheck
            // Not asserted, the steps before leave their tasks' changes to take: the state before is the latest.
            test.ending = broken.comment + (test.assertsSteps ? [] : ["await tester.skipReceivedChanges(strict: false)"])
                + ["let before = tester.state"]
                + (test.assertsSteps ? ["tester.exhaustivity = .off(showSkippedAssertions: false)"] : [])
                + broken.step
                + ["await tester.skipReceivedChanges(strict: false)", check + writer.closure(statements, after: 8 + check.count),
                   "await tester.skipInFlightTasks(strict: false)", "await tester.finish()"]
            writer = RecordedTestWriter(test: test, configuration: configuration)
            _ = writer.assignments(from: broken.before, to: broken.after, on: "$0", context: "state")
        }
        let source = writer.source(steps: steps, answers: [], endsWithRunningTasks: hasRunningTasks)
        return ([(name: "\(writer.className).swift", contents: Data(source.utf8))] + writer.files.map { ($0.name, $0.contents) }, writer.problems)
    }

    // MARK: - Recording

    /// An intent of a view model in the tree was called.
    package func intentCalled(_ function: String, arguments: [Any], on model: ViewModel) {
        // Called by a task: part of what that does.
        guard RunningTask.currentToken == nil, subscription != nil else { return }
        guard let target = Self.path(to: model, from: viewModel) else { return }
        if openIntent != nil {
            // Called inside the open intent, or after it returned in the same main-actor turn: the
            // recorder cannot tell which, so it is part of the open one's step, and the written
            // test says so.
            openIntent?.intent.merged.append(RecordedIntent(target: target, function: function, arguments: arguments))
            return
        }
        closeOpenChange()
        let (time, sleeping) = intentTime()
        var intent = RecordedIntent(target: target, function: function, arguments: arguments)
        let kind = RecordedCall.kind
        if kind.isAsync { intent.prefix = IntentCallSource.prefix(throwing: kind.throws) }
        openIntent = (intent, time, sleeping)
        answersAtLastIntent = answers.all.count
        // The intent has returned by the next main-actor job.
        Task { @MainActor [weak self] in self?.closeIntent() }
    }

    private func changed() {
        let task = RunningTask.currentToken
        if openIntent != nil {
            // A task runs only once the intent has returned.
            guard task != nil else { return }
            closeIntent()
        }
        let state = viewModel.snapshot()
        if let open = openChange, open.task == task {
            openChange?.state = state
            return
        }
        closeOpenChange()
        openChange = (task, state)
        Task { @MainActor [weak self] in self?.closeOpenChange() }
    }

    private func closeIntent() {
        guard let open = openIntent else { return }
        openIntent = nil
        let state = viewModel.snapshot()
        steps.append(RecordedStep(cause: .intent(open.intent), time: open.time, sleeping: open.sleeping, before: latest, after: state))
        latest = state
    }

    private func closeOpenChange() {
        guard let open = openChange else { return }
        openChange = nil
        guard open.state != latest else { return }
        let time = stepTime(open.task)
        // An `async` intent going on after a client's answer, with nothing in between: the written
        // double answers at once, so a replay's `send` runs the intent to its end, and the change is
        // that step's. After a sleep (the time moved), the replay's `send` returned at the sleep.
        if open.task == nil, let last = steps.last, case .intent(let intent) = last.cause, !intent.prefix.isEmpty,
           last.time == time, answers.all.count > answersAtLastIntent {
            steps[steps.count - 1].after = open.state
            latest = open.state
            return
        }
        steps.append(RecordedStep(cause: .task, time: time, before: latest, after: open.state))
        latest = open.state
    }

    /// Whether a task of the tree is still running.
    var hasRunningTasks: Bool { !viewModel.runningTasksInTree.isEmpty }

    /// The case of `value`, an enum, and the one view model it holds, if it holds one.
    private static func caseChild(_ value: Any) -> (caseName: String, child: ViewModel)? {
        guard let container = value as? any ViewModelContainer, container.childViewModels.count == 1,
              let child = container.childViewModels.first
        else { return nil }
        return (dumpEnumCaseName(value), child)
    }

    /// How to reach `target` from `model` through `@Child` properties.
    static func path(to target: ViewModel, from model: ViewModel) -> [RecordedIntent.PathStep]? {
        if target === model { return [] }
        for (name, value) in model.childProperties {
            let mirror = Mirror(reflecting: value)
            // NB: before the cast to a view model, which an optional holding one passes too.
            if mirror.displayStyle != .optional, let child = value as? ViewModel {
                if let rest = path(to: target, from: child) { return [.property(name)] + rest }
                continue
            }
            switch mirror.displayStyle {
            case .optional:
                guard let wrapped = mirror.children.first?.value else { continue }
                if let child = wrapped as? ViewModel, let rest = path(to: target, from: child) {
                    return [.optional(name)] + rest
                }
                if let (caseName, child) = caseChild(wrapped), let rest = path(to: target, from: child) {
                    return [.enumCase(name, caseName: caseName, optional: true)] + rest
                }
            case .enum:
                if let (caseName, child) = caseChild(value), let rest = path(to: target, from: child) {
                    return [.enumCase(name, caseName: caseName, optional: false)] + rest
                }
            case .collection:
                for (index, element) in mirror.children.enumerated() {
                    if let child = element.value as? ViewModel {
                        if let rest = path(to: target, from: child) { return [.element(name, index)] + rest }
                    } else if let container = element.value as? any ViewModelContainer, let child = container.childViewModels.first,
                              container.childViewModels.count == 1, let rest = path(to: target, from: child) {
                        return [.destination(name, index, caseName: dumpEnumCaseName(element.value))] + rest
                    }
                }
            default:
                continue
            }
        }
        return nil
    }
}

/// The answers clients gave during a session, logged by the wrappers that pass them on.
///
/// ```swift
/// func fetchFact(number: Int) async throws -> String {
///     try await answers.record(RecordedClient.numberFacts, "fetchFact", for: number) {
///         try await base.fetchFact(number: number)
///     }
/// }
/// ```
public final class RecordedAnswers: Sendable {
    struct Answer: Sendable {
        var client: String
        var method: String
        var key: any Sendable
        var result: Result<any Sendable, any Error>
    }

    private let log = Mutex<[Answer]>([])

    /// Creates an empty log.
    public init() {}

    /// Calls `body` (the live client's method) and logs its answer, or the error it threw, under
    /// `client` (a ``RecordedClient``'s type name), `method` and `key` (the argument the test's
    /// double switches on).
    public func record<Value: Sendable, Key: Sendable>(
        _ client: String, _ method: String, for key: Key,
        isolation: isolated (any Actor)? = #isolation,
        _ body: () async throws -> Value
    ) async throws -> Value {
        do {
            let value = try await body()
            log.withLock { $0.append(Answer(client: client, method: method, key: key, result: .success(value))) }
            return value
        } catch {
            // A cancelled call has no answer a replay could give.
            if !(error is CancellationError) {
                log.withLock { $0.append(Answer(client: client, method: method, key: key, result: .failure(error))) }
            }
            throw error
        }
    }

    /// Calls `body` (the live client's synchronous method) and logs its answer, or the error it
    /// threw, as ``record(_:_:for:isolation:_:)`` does.
    public func recordNow<Value: Sendable, Key: Sendable>(_ client: String, _ method: String, for key: Key, _ body: () throws -> Value) throws -> Value {
        let result = Result { try body() }
        log.withLock { $0.append(Answer(client: client, method: method, key: key, result: result.map { $0 as any Sendable })) }
        return try result.get()
    }

    /// Everything logged so far, in order.
    var all: [Answer] { log.withLock { $0 } }
}

extension RecordedAnswers: ClientAnswers {
    /// Makes the call with the live client and logs its answer: a recording's side of the seam
    /// that one double per client shares with tests and explorations.
    public func answer<Key: Sendable, Value: Sendable>(
        _ call: ClientCall<Key>, isolation: isolated (any Actor)?, live: () async throws -> Value
    ) async throws -> Value {
        try await record(call.client, call.method, for: call.key, isolation: isolation, live)
    }

    /// Makes a synchronous call with the live client and logs its answer.
    public func answerNow<Key: Sendable, Value: Sendable>(_ call: ClientCall<Key>, live: () throws -> Value) throws -> Value {
        try recordNow(call.client, call.method, for: call.key, live)
    }
}
