public import ViewModelKit
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
/// - an intent, by weight, among those whose precondition holds before the step (so that no draw
///   is wasted); its arguments may be drawn too;
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

    let make: @MainActor (Explorer) -> Model
    var intents: [Intent] = []
    var responders: [String: Responder] = [:]
    var invariants: [Invariant] = []
    var test: ExploredTest?
    /// How the written test makes children and writes values.
    var writer = TestWriterConfiguration()
    /// The weight of a clock advance against the intents'.
    public var advanceWeight = 1
    /// The longest single advance.
    public var maximumAdvance: Duration = .seconds(2)
    /// Whether a step draws only among the intents whose precondition holds (the default). Off, a
    /// step draws among all of them, and one whose precondition fails ends the step with nothing
    /// done: how explorations drew before, kept for the benchmarks to compare.
    package var drawsAmongEnabledIntents = true
    /// Whether a campaign prints its timing and health warnings (the benchmarks keep quiet).
    package var printsReport = true

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
    ///   - precondition: Whether it may be called now: asked before every step (only the intents
    ///     whose precondition holds are drawn), so it only reads the state.
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

    /// Says how to write a failing run as a test, with only the expression that makes the view
    /// model: the test is named after it (`CounterViewModelExploredRun`) and imports its module and
    /// `imports`. `subject` may use the test's `clock` (a ``TestClock``) and `answers` (a
    /// ``ScriptedAnswers``): a double that takes `any ClientAnswers` needs no `clients`.
    ///
    /// ```swift
    /// .writingTests(subject: "CounterViewModel(client: NumberFactClientDouble(answers: answers), clock: clock)")
    /// ```
    public func writingTests(subject: String, imports: [String] = [], clients: [ScriptedClient] = []) -> Self {
        let module = String(reflecting: Model.self).split(separator: ".").first.map(String.init)
        return writingTests(ExploredTest(
            name: "\(Model.self)ExploredRun", imports: (module.map { [$0] } ?? []) + imports, subject: subject, clients: clients
        ))
    }
}
