internal import Foundation
public import ViewModelKit
internal import ViewModelKitStateDump

/// Tests a view model exhaustively, the way TCA's `TestStore` tests a reducer: every intent's state
/// change, every change its tasks make, and every task still running must be accounted for.
///
/// ```swift
/// @MainActor
/// func testCounter() async {
///     let tester = ViewModelTester(CounterViewModel())
///     await tester.send({ $0.incrementButtonTapped() }) { $0.count = 1 }
///     await tester.send({ $0.factButtonTapped() }) { $0.isLoading = true }
///     await tester.receive { $0.isLoading = false; $0.fact = "1 is a good number." }
///     await tester.finish()
/// }
/// ```
///
/// The tester finds the view model's `@Observed` properties by reflection. An assertion closure
/// receives a copy of the last asserted state and changes it into what the test expects; any other
/// difference fails the test with a −/+ diff at the assertion's line:
///
/// ```text
/// A state change does not match expectation: …
///
///     CounterViewModel(
///   −   count: 2,
///   +   count: 1,
///       fact: nil
///     )
///
/// (Expected: −, Actual: +)
/// ```
///
/// Changes made while an intent runs belong to its ``send(_:assert:fileID:filePath:line:column:)``.
/// Before `send` returns, each task the intent started runs until it first suspends. Changes the
/// view model's tasks make after the intent are queued for ``receive(_:timeout:fileID:filePath:line:column:)``,
/// one entry per step of a task (what it does between two suspension points), in the order the
/// steps ran. Before `receive` returns, the view model's work queued on the main actor runs too,
/// so that a task whose change was received is waiting again (on a clock, a client, a stream) when
/// the test sends its next intent. The events the view model's own `Delegate` sends while nothing
/// listens are queued with those changes, for ``receive(_:_:timeout:fileID:filePath:line:column:)``.
/// ``finish(timeout:fileID:filePath:line:column:)`` (or the tester's deinitialization)
/// fails on changes and events nobody received and on tasks still running.
///
/// A tester leaves the process's scheduling as it is, so tests that run beside it (Swift Testing's
/// parallel runner) keep theirs. For the steps of the view model's tasks to interleave the same way
/// on every run, run the test inside `withMainActorScheduling` (or with the
/// `.mainActorScheduling` trait).
///
/// ## Topics
///
/// ### Starting a test
///
/// - ``init(_:exhaustivity:timeout:clocks:reporter:fileID:filePath:line:column:)``
/// - ``viewModel``
///
/// ### Asserting
///
/// - ``send(_:assert:fileID:filePath:line:column:)``
/// - ``IntentTasks``
/// - ``receive(_:timeout:fileID:filePath:line:column:)``
/// - ``receive(_:_:timeout:fileID:filePath:line:column:)``
/// - ``receive(_:case:timeout:fileID:filePath:line:column:)``
/// - ``assert(_:fileID:filePath:line:column:)``
/// - ``finish(timeout:fileID:filePath:line:column:)``
/// - ``state``
///
/// ### Skipping what the test does not care about
///
/// - ``skipReceivedChanges(strict:fileID:filePath:line:column:)``
/// - ``skipInFlightTasks(strict:fileID:filePath:line:column:)``
///
/// ### Settings
///
/// - ``exhaustivity``
/// - ``timeout``
/// - ``skippedAssertionsOutput``
@MainActor
public final class ViewModelTester<Model: ViewModel> {
    /// The view model under test.
    public let viewModel: Model
    /// How much the test must spell out. Can change mid-test.
    public var exhaustivity: Exhaustivity
    /// How long ``receive(_:timeout:fileID:filePath:line:column:)`` and ``finish(timeout:fileID:filePath:line:column:)``
    /// wait for a task before failing. A safety net: waiting ends as soon as the awaited thing happens.
    public var timeout: Duration
    /// Where skipped assertions are printed in ``Exhaustivity/off(showSkippedAssertions:)`` mode.
    public var skippedAssertionsOutput: @MainActor (String) -> Void = { print($0) }

    /// The state as of the last assertion, like TCA's `TestStore.state`: read it for assertions
    /// of your own (`XCTAssertEqual(tester.state.count, 3)`). ``viewModel`` shows the live state.
    ///
    /// A property that is not `@Observed` (a computed one) is read from the live view model.
    public var state: ViewModelState<Model> {
        ViewModelState(snapshot: asserted, resolver: resolver, reporter: reporter)
    }

    let reporter: any IssueReporter
    private let clocks: [TestClock]
    let resolver: PropertyResolver<Model>
    /// The state the next assertion starts from.
    var asserted: StateSnapshot
    /// The newest state the tester knows of: after the last queued change or assertion.
    var latest: StateSnapshot
    var received: [Received] = []
    private var openChange: OpenChange?
    private var intentDepth = 0
    private var waiter: CheckedContinuation<Void, Never>?
    private var subscriptions: [ViewModelSubscription] = []
    private var isFinished = false
    /// Whether an assertion closure is running: a change of the view model then is the closure's.
    private var isRunningAssertionClosure = false
    /// The assertion whose closure is running, until its first change of the view model is reported.
    private var runningAssertionSite: SourceLocation?

    /// Whether the view model dismissed itself (called `dismiss()` while no parent
    /// owns it), like TCA's `TestStore.isDismissed`: `XCTAssertTrue(tester.isDismissed)`.
    ///
    /// A dismissal cancels the view model's tasks, and any later
    /// ``send(_:assert:fileID:filePath:line:column:)`` fails. Exhaustive mode does not require a test
    /// to read it: a dismissal is not state, and a test that goes on after one fails at its next
    /// `send`. A test that ends with the dismissal asserts it by reading this property.
    public private(set) var isDismissed = false
    /// Tasks ``skipInFlightTasks(strict:fileID:filePath:line:column:)`` no longer requires to finish.
    var skippedTasks: Set<UInt64> = []
    private let createdAt: SourceLocation
    /// When the tester was made: a wait that gave up since then is named in its failures.
    private let startedAt = ContinuousClock.now
    /// Events the view model's delegates sent while nothing listened, reported at the next assertion.
    let unheardEvents = UnheardEventCollector()
    /// The `async` intents still running after their `send` returned.
    let intentRuns = IntentRuns()

    /// The changes one step of a task made.
    struct Received {
        var origin: String?
        var before: StateSnapshot
        var state: StateSnapshot
        /// Left queued by an assertion that failed for it; the asserted state has moved past it.
        var isOvertaken = false
        /// An event the view model sent, in order with its changes; `nil` for a change.
        var event: ReceivedEvent?
    }

    /// The step whose changes are being collected.
    private struct OpenChange {
        var task: UInt64?
        var origin: String?
        var state: StateSnapshot
    }

    typealias SourceLocation = ReportSite

    /// Starts testing `viewModel`.
    /// - Parameters:
    ///   - viewModel: The view model, freshly made with its test dependencies.
    ///   - exhaustivity: ``Exhaustivity/on`` unless the test only wants to check what it names.
    ///   - timeout: How long to wait for a task before failing. Defaults to one second.
    ///   - clocks: Test clocks the view model sleeps on; sleepers still pending at the end fail the test.
    ///   - reporter: Where failures go. Defaults to XCTest or Swift Testing, whichever runs the test.
    ///   - fileID: The `#fileID` of the line that creates the tester. If the tester is deinitialized
    ///     without ``finish(timeout:fileID:filePath:line:column:)``, what that check finds is reported
    ///     there. Leave the default.
    ///   - filePath: The `#filePath` of that line: the file XCTest shows such a failure in.
    ///   - line: The line that creates the tester, by default.
    ///   - column: The column of the initializer call, by default.
    public init(
        _ viewModel: Model,
        exhaustivity: Exhaustivity = .on,
        timeout: Duration = .seconds(1),
        clocks: [TestClock] = [],
        reporter: any IssueReporter = TestIssueReporter(),
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) {
        IssueReporting.installTestReporterIfNeeded()
        self.viewModel = viewModel
        self.exhaustivity = exhaustivity
        self.timeout = timeout
        self.clocks = clocks
        self.reporter = reporter
        self.resolver = PropertyResolver(model: viewModel)
        self.asserted = viewModel.snapshot()
        self.latest = asserted
        self.createdAt = SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        subscriptions.append(viewModel.observeChanges { [weak self] in self?.viewModelChanged() })
        subscriptions.append(viewModel.observeTaskEnds { [weak self] in self?.wake() })
        subscriptions.append(viewModel.observeUnownedDismissals { [weak self] in self?.viewModelDismissed() })
        startReceivingEvents()
    }

    // NB: not an `isolated deinit`. On Apple platforms a main-actor isolated deinit aborts when it
    // runs with task-locals bound, as it does in every test ("pointer being freed was not
    // allocated" in `TaskLocal::StopLookupScope`; swiftlang/swift#87316, #85221, #85663). A test
    // lets go of its tester on the main actor, where this checks the end at once; released on
    // another thread, it only has the view model's tasks cancelled, from the main actor.
    deinit {
        if Thread.isMainThread {
            MainActor.assumeIsolated {
                guard !isFinished else { return }
                checkEnd(at: createdAt, waited: false)
                cancelAllTrackedTasks()
            }
        } else {
            intentRuns.cancelAll()
            Task { @MainActor [viewModel] in viewModel.cancelAllTasksInTree() }
        }
    }

    /// Calls an intent and asserts how it changed the state.
    ///
    /// ```swift
    /// await tester.send({ $0.incrementButtonTapped() }) { $0.count = 1 }
    /// await tester.send({ $0.factAlertDismissed() })                   // nothing may change
    /// await tester.send({ await $0.load(user: "apple") }) { … }         // waits for the load
    /// ```
    ///
    /// Everything the intent changes until it returns counts, including what tasks change while an
    /// `async` intent is awaited. An intent that throws fails the test. Then each task the intent
    /// started runs until it first suspends, and what it changes is queued for ``receive(_:timeout:fileID:filePath:line:column:)``.
    ///
    /// An `async` intent, as a view's `.task` or `.refreshable` awaits it, runs until it returns or
    /// until it waits on something only the test ends: a ``TestClock`` sleep, a `ScriptedAnswers`
    /// call, or a wait a double marks with ``controlledByTest(isolation:_:)``. Then `send` returns,
    /// and the intent goes on when the test acts. What it changes from then on is received, named
    /// after this `send`, and the returned ``IntentTasks`` includes it, to cancel it as SwiftUI
    /// cancels a view's `.task`, or to wait for it:
    ///
    /// ```swift
    /// let refresh = await tester.send({ await $0.refresh() }) { $0.isLoading = true }
    /// await refresh.cancel()                    // the view went away
    /// await tester.receive { $0.isLoading = false }
    /// ```
    ///
    /// An intent that has not returned after ``timeout``, and waits on nothing the test controls,
    /// fails the test with what to write; it goes on running.
    ///
    /// With a closure that changes nothing where nothing changed, the test fails: omit the closure
    /// when the intent must not change anything.
    ///
    /// It returns the tasks the intent started, to cancel them or wait for them to end, as TCA's
    /// `store.send(_:)` returns its effects:
    ///
    /// ```swift
    /// await tester.send({ $0.onAppear() }).cancel()
    /// ```
    ///
    /// - Parameters:
    ///   - intent: Calls one intent method on the view model.
    ///   - updateExpectation: Changes the previous state into the expected one; omit it when the
    ///     intent must not change anything.
    ///   - fileID: The `#fileID` of this call, for the failure report. Leave the default, so that
    ///     a failure points at this call.
    ///   - filePath: The `#filePath` of this call: the file XCTest shows a failure in.
    ///   - line: The line a failure points at; the line of this call by default.
    ///   - column: The column a failure points at; the column of this call by default.
    /// - Returns: The tasks the intent started that still run; see ``IntentTasks``.
    @discardableResult
    public func send(
        _ intent: @escaping @MainActor (Model) async throws -> Void,
        assert updateExpectation: (@MainActor (inout ViewModelState<Model>) throws -> Void)? = nil,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) async -> IntentTasks<Model> {
        let location = SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        guard !isDismissed else {
            fail("Can't send an intent to a dismissed view model", at: location)
            return IntentTasks(tester: self, started: [])
        }
        settleUnreceivedChanges(before: "sending an intent", at: location)
        defer { reportUnheardEvents(at: location) }
        let runningBefore = Set(trackedTasks.map(\.token))
        intentDepth += 1
        await runIntent(intent, at: location)
        intentDepth -= 1
        let actual = viewModel.snapshot()
        assert(actual, updateExpectation, from: asserted, at: location)
        asserted = actual
        latest = actual
        await letStartedTasksBegin()
        return IntentTasks(tester: self, started: trackedTasks.filter { !runningBefore.contains($0.token) })
    }

    /// Waits for the next change a task of the view model makes, and asserts it.
    ///
    /// ```swift
    /// await tester.send({ $0.factButtonTapped() }) { $0.isLoading = true }
    /// await tester.receive { $0.isLoading = false; $0.fact = "1 is a good number." }
    /// ```
    ///
    /// Waiting is driven by the view model: it ends when a task changes state or when the last task
    /// ends. If no task is running there is nothing to wait for, and the test fails at once. With a
    /// ``TestClock``, advance it first so the task can proceed. `timeout` is only a safety net.
    ///
    /// In ``Exhaustivity/off(showSkippedAssertions:)`` mode, changes that do not match are skipped
    /// until one does; if none does, the test fails with the difference in the properties the
    /// closure wrote.
    ///
    /// - Parameters:
    ///   - updateExpectation: Changes the state before the change into the expected one; omit it
    ///     when the test only wants to know that a change came.
    ///   - timeout: How long to wait for a change; ``timeout`` by default.
    ///   - fileID: The `#fileID` of this call, for the failure report. Leave the default, so that
    ///     a failure points at this call.
    ///   - filePath: The `#filePath` of this call: the file XCTest shows a failure in.
    ///   - line: The line a failure points at; the line of this call by default.
    ///   - column: The column a failure points at; the column of this call by default.
    public func receive(
        _ updateExpectation: (@MainActor (inout ViewModelState<Model>) throws -> Void)? = nil,
        timeout: Duration? = nil,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) async {
        let location = SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        defer { reportUnheardEvents(at: location) }
        let limit = timeout ?? self.timeout
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: limit)
        var skipped: [Received] = []
        while true {
            closeOpenChange()
            if exhaustivity == .on, !received.isEmpty {
                let next = received.removeFirst()
                if let event = next.event {
                    let message = "Expected to receive a change from a task, but the view model sent an event first:\n\n"
                    return fail(message + describe(event, of: next), at: location)
                }
                assert(next.state, updateExpectation, from: next.before, at: location)
                if !next.isOvertaken { asserted = next.state }
                // A later change already queued means its task went on past this one: the wait
                // that matters is after the last of them, which the receive of that one settles.
                // (An exhaustive test that sends now fails on the changes it did not receive.)
                if !received.isEmpty { return }
                return await letTasksReachTheirNextWait()
            }
            if exhaustivity != .on {
                while !received.isEmpty {
                    let next = received.removeFirst()
                    if next.event != nil {
                        skipped.append(next)
                        continue
                    }
                    if matches(next.state, updateExpectation, from: next.before, at: location) {
                        if !skipped.isEmpty { noteSkipped(describeSkipped(skipped)) }
                        if !next.isOvertaken { asserted = next.state }
                        return await letTasksReachTheirNextWait()
                    }
                    skipped.append(next)
                    if !next.isOvertaken { asserted = next.state }
                }
            }
            let nothingMoreComes = trackedTasks.isEmpty || clock.now >= deadline
            if nothingMoreComes, let newest = skipped.last(where: { $0.event == nil }) {
                // None of the changes matched: show how the newest one differs in what the test wrote.
                assert(newest.state, updateExpectation, from: newest.before, at: location)
                return
            }
            if trackedTasks.isEmpty {
                fail("Expected to receive a change from a task, but no task of \(asserted.typeName) is running.", at: location)
                return
            }
            if clock.now >= deadline {
                fail(
                    "Expected to receive a change from a task within \(limit), but none arrived.\n\n"
                        + describeRunningTasks() + describePendingSleepers(),
                    at: location
                )
                return
            }
            await waitForActivity(until: deadline)
        }
    }

    /// Ends the test: fails for changes no assertion received, for tasks still running (naming each
    /// task's id and the intent that started it), and for sleepers still pending on the test clocks.
    ///
    /// Waits up to `timeout` for every task to end, cancelled ones included: a cancelled task counts
    /// until its operation returns, as TCA's `TestStore` waits for a cancelled effect, so what its
    /// `defer` writes as it unwinds must be received first. A cancelled task that never ends (it waits
    /// on something that ignores cancellation) fails the test, and the message says it was cancelled.
    /// Called on deinitialization too, if the test did not call it; that check cannot wait, and leaves
    /// cancelled tasks out.
    ///
    /// - Parameters:
    ///   - timeout: How long to wait for tasks to end; ``timeout`` by default.
    ///   - fileID: The `#fileID` of this call, for the failure report. Leave the default, so that
    ///     a failure points at this call.
    ///   - filePath: The `#filePath` of this call: the file XCTest shows a failure in.
    ///   - line: The line a failure points at; the line of this call by default.
    ///   - column: The column a failure points at; the column of this call by default.
    public func finish(
        timeout: Duration? = nil,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) async {
        let location = SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: timeout ?? self.timeout)
        while !requiredTasks.isEmpty && clock.now < deadline && !onlyIntentsWaitingOnTheTest {
            await waitForActivity(until: deadline)
        }
        // Let work already queued on the main actor (a task's last writes) land before judging.
        await settleMainActorWork()
        checkEnd(at: location, waited: true)
        isFinished = true
        cancelAllTrackedTasks()
    }

    /// Asserts the current state without calling an intent, e.g. after advancing a clock in
    /// non-exhaustive mode.
    ///
    /// - Parameters:
    ///   - updateExpectation: Changes the last asserted state into the expected one.
    ///   - fileID: The `#fileID` of this call, for the failure report. Leave the default, so that
    ///     a failure points at this call.
    ///   - filePath: The `#filePath` of this call: the file XCTest shows a failure in.
    ///   - line: The line a failure points at; the line of this call by default.
    ///   - column: The column a failure points at; the column of this call by default.
    public func assert(
        _ updateExpectation: @escaping @MainActor (inout ViewModelState<Model>) throws -> Void,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) {
        let location = SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        settleUnreceivedChanges(before: "asserting", at: location)
        reportUnheardEvents(at: location)
        let actual = viewModel.snapshot()
        assert(actual, updateExpectation, from: asserted, at: location)
        asserted = actual
        latest = actual
    }

    // MARK: - Changes

    /// Changes tasks made that no `receive` took. When exhaustive, a failure that leaves them queued
    /// for later `receive`s; otherwise they are skipped. Either way the next assertion starts from
    /// the newest state.
    private func settleUnreceivedChanges(before what: String, at location: SourceLocation) {
        closeOpenChange()
        guard !received.isEmpty else { return }
        if exhaustivity == .on {
            fail(
                "Must handle \(describeCount(received, change: "received change", event: "received event")) before \(what):\n\n" + describe(received),
                at: location
            )
            for index in received.indices { received[index].isOvertaken = true }
        } else {
            noteSkipped(describeSkipped(received))
            received.removeAll()
        }
        asserted = latest
    }

    private func viewModelChanged() {
        if isRunningAssertionClosure, let site = runningAssertionSite {
            runningAssertionSite = nil
            return fail(
                "An assertion closure changed the view model under test. It must only change the expected state it "
                    + "is given (`$0`); keep calls on the view model in the intent.",
                at: site
            )
        }
        guard intentDepth == 0, !isRunningAssertionClosure else { return }
        // Snapshot at every write: when another task writes next, this is where the step ended.
        let state = viewModel.snapshot()
        let task = RunningTask.currentToken ?? IntentRun.currentToken
        if openChange != nil, openChange?.task == task {
            openChange?.state = state
            return
        }
        closeOpenChange()
        openChange = OpenChange(task: task, origin: intentName(token: task) ?? TaskOrigin.current, state: state)
        // The step ends when the main actor next runs other work. A task's next step is enqueued only
        // after it suspends, so it queues behind this.
        Task { @MainActor [weak self] in
            self?.closeOpenChange()
            self?.wake()
        }
    }

    /// Queues the changes of the step being collected, if they changed anything.
    func closeOpenChange() {
        guard let change = openChange else { return }
        openChange = nil
        if change.state != latest {
            received.append(Received(origin: change.origin, before: latest, state: change.state))
            latest = change.state
        }
    }

    /// Lets the step a task took go on until the task waits again: a task that made the change just
    /// received may still have to hop back into what it waits on (a stream's `next()`), and an
    /// intent sent now must find it waiting there, where a cancellation reaches it, not between two
    /// jobs (where a stream would still hand it what was sent after the cancellation).
    private func letTasksReachTheirNextWait() async {
        await settle()
    }

    /// Lets each task that has not begun yet run until it first suspends.
    private func letStartedTasksBegin() async {
        // A yield on the main actor queues behind the tasks' first jobs; the bound only guards
        // against a task that never gets scheduled.
        var yields = 0
        while viewModel.hasTasksNotYetStartedInTree && yields < 1_000 {
            await Task.yield()
            yields += 1
        }
        if viewModel.hasTasksNotYetStartedInTree {
            Settling.recordGiveUp("a task the intent started was not scheduled within 1,000 yields")
        }
    }

    private func viewModelDismissed() {
        isDismissed = true
        cancelAllTrackedTasks()
    }

    /// The tasks the test must still see end, cancelled ones that are unwinding included.
    private var requiredTasks: [RunningTask] {
        trackedTasks.filter { !skippedTasks.contains($0.token) }
    }

    func wake() {
        let continuation = waiter
        waiter = nil
        continuation?.resume()
    }

    /// Suspends until the view model changes, a task ends, or `deadline` passes.
    func waitForActivity(until deadline: ContinuousClock.Instant) async {
        let alarm = Task { @MainActor [weak self] in
            try? await Task.sleep(until: deadline, clock: .continuous)
            self?.wake()
        }
        await withCheckedContinuation { continuation in
            waiter = continuation
        }
        alarm.cancel()
    }

    // MARK: - Assertions

    /// Asserts that `updateExpectation` turns `base` into `actual`.
    private func assert(
        _ actual: StateSnapshot,
        _ updateExpectation: (@MainActor (inout ViewModelState<Model>) throws -> Void)?,
        from base: StateSnapshot,
        at location: SourceLocation
    ) {
        var expected = ViewModelState(snapshot: base, resolver: resolver, reporter: reporter, site: location)
        if let updateExpectation {
            do {
                try runAssertionClosure(at: location) { try updateExpectation(&expected) }
            } catch {
                fail("The assertion closure threw an error: \(error)", at: location)
                return
            }
        }
        let actual = withRootConstants(actual, as: expected.snapshot)
        if exhaustivity == .on {
            guard expected.snapshot != actual else {
                if updateExpectation != nil, actual == base {
                    fail(
                        "Expected state to change, but no change occurred.\n\n"
                            + "The trailing closure made no observable modifications to state. "
                            + "If no change to state is expected, omit the trailing closure.",
                        at: location
                    )
                }
                return
            }
            let headline = updateExpectation == nil
                ? "State was not expected to change, but a change occurred: …"
                : "A state change does not match expectation: …"
            fail(headline + "\n\n" + indentedDiff(expected.snapshot, actual) + "\n\n(Expected: −, Actual: +)", at: location)
            return
        }
        // Non-exhaustive: only the properties the closure wrote are compared.
        var partial = actual
        for path in expected.written {
            if let value = expected.snapshot.value(at: path[...]) { partial.setValue(value, at: path[...]) }
        }
        if partial != actual {
            fail(
                "A state change does not match expectation: …\n\n" + indentedDiff(partial, actual) + "\n\n(Expected: −, Actual: +)",
                at: location
            )
        }
        let writtenNames = Set(expected.written.compactMap { path -> String? in
            guard case .field(let name)? = path.first, path.count == 1 else { return nil }
            return name
        })
        let skipped = actual.changedFields(comparedTo: base).filter { !writtenNames.contains($0) }
        if !skipped.isEmpty {
            noteSkipped("changes of " + skipped.joined(separator: ", "))
        }
    }

    /// `actual` with the root's stored `let`s beside its observed state, when the expected state has
    /// them: the test wrote a whole fresh state (`$0 = ViewModelState(GameViewModel(oPlayerName: …))`),
    /// whose snapshot holds what defines the model, as a child's does. The root's `let`s are then
    /// compared as a child's are; otherwise neither side has them.
    func withRootConstants(_ actual: StateSnapshot, as expected: StateSnapshot) -> StateSnapshot {
        guard expected.entry == nil, expected.fields.count > actual.fields.count else { return actual }
        // The `let`s never change, so the live view model's are those of every state it had.
        let defined = viewModel.snapshot(asChild: true)
        guard defined.fields.count == expected.fields.count else { return actual }
        var extended = actual
        extended.fields = defined.fields.map { field in actual.fields.first { $0.name == field.name } ?? field }
        return extended
    }

    /// Runs an assertion closure, failing the test at `location` if it changes the view model.
    func runAssertionClosure(at location: SourceLocation?, _ body: () throws -> Void) rethrows {
        isRunningAssertionClosure = true
        runningAssertionSite = location
        defer {
            isRunningAssertionClosure = false
            runningAssertionSite = nil
        }
        try body()
    }

    private func matches(
        _ actual: StateSnapshot,
        _ updateExpectation: (@MainActor (inout ViewModelState<Model>) throws -> Void)?,
        from base: StateSnapshot,
        at location: SourceLocation
    ) -> Bool {
        var expected = ViewModelState(snapshot: base, resolver: resolver, reporter: reporter, site: location)
        guard let updateExpectation, (try? runAssertionClosure(at: location, { try updateExpectation(&expected) })) != nil else {
            return true
        }
        return expected.written.allSatisfy { path in
            guard let want = expected.snapshot.value(at: path[...]), let have = actual.value(at: path[...]) else { return false }
            return isEqual(want, have)
        }
    }

    /// Fails for what the test left: changes, tasks, sleepers. `waited`: whether the check waited
    /// for the tasks to end; one that did not (the deinit's) leaves cancelled tasks out, which end
    /// on their own.
    private func checkEnd(at location: SourceLocation, waited: Bool) {
        let requiredTasks = requiredTasks.filter { waited || !$0.isCancelled }
        closeOpenChange()
        reportUnheardEvents(at: location)
        if exhaustivity == .on {
            if !received.isEmpty {
                fail(
                    describeUnreceived(received) + " that no assertion received:\n\n"
                        + describe(received),
                    at: location
                )
            }
            for task in requiredTasks {
                if let run = intentRuns.run(token: task.token) {
                    fail(
                        "An intent is still running at the end of the test: \(run.name)"
                            + (task.isCancelled ? ", cancelled and not ended since" : "") + ".\n\n"
                            + "Let it return (advance the clock, answer what it waits on) or cancel it (`await "
                            + "tester.send(…).cancel()`, as SwiftUI cancels a view's `.task`) before the test ends.",
                        at: location
                    )
                    continue
                }
                let advice = task.isCancelled
                    ? " It was cancelled, but it has not ended: it waits on something that ignores cancellation (a "
                        + "continuation that is never resumed, a call that does not check for cancellation).\n\n"
                        + "Make what it waits on respond to cancellation (`withTaskCancellationHandler`), or let it "
                        + "finish before the test ends."
                    : "\n\nCancel it (for example by sending the intent that stops it) or let it finish before the test ends."
                fail(
                    "A task is still running at the end of the test: id \(idText(task.id)), started by \(task.origin)." + advice,
                    at: location
                )
            }
            for clock in clocks where !clock.pendingSleepers.isEmpty {
                fail("The test clock still has sleepers at the end of the test.\n" + describePendingSleepers(), at: location)
                break
            }
        } else if case .off(true) = exhaustivity {
            if !received.isEmpty {
                noteSkipped(describeSkipped(received))
            }
            if !requiredTasks.isEmpty {
                noteSkipped("running tasks " + requiredTasks.map(taskName).joined(separator: ", "))
            }
        }
        received.removeAll()
    }

    // MARK: - Messages

    /// Fails for each event a delegate sent while nothing listened (skips them when not exhaustive),
    /// as for a change no assertion received.
    func reportUnheardEvents(at location: SourceLocation) {
        let events = unheardEvents.take()
        guard !events.isEmpty else { return }
        guard exhaustivity == .on else {
            return noteSkipped("\(counted(events.count, "delegate event")) sent while nothing listened")
        }
        for event in events {
            fail(
                "\(event.channel) sent \(event.event)" + (event.origin.map { " (from a task of \($0))" } ?? "")
                    + " while nothing listened to it, so the event was lost.\n\n"
                    + "Connect its owner (`delegate.connect(to: self) { … }`) where the parent makes the child; "
                    + "a test of the child alone receives its events (`await tester.receive(\\.delegate, …)`).",
                at: location
            )
        }
    }

    func fail(_ message: String, at location: SourceLocation) {
        // A bounded wait that gave up during this test (a task that never came back to a clock, a
        // task that never started) may be why: say so.
        let note = Settling.giveUpNote(since: startedAt).map { "\n\n" + $0 } ?? ""
        reporter.reportIssue(
            message + note, fileID: location.fileID, filePath: location.filePath, line: location.line, column: location.column
        )
    }

    func noteSkipped(_ what: String) {
        guard case .off(true) = exhaustivity else { return }
        skippedAssertionsOutput("ℹ︎ \(asserted.typeName): skipped assertions: \(what)")
    }

    private func indentedDiff(_ expected: StateSnapshot, _ actual: StateSnapshot) -> String {
        (diffText(expected, actual) ?? "(no difference in rendering)")
            .split(separator: "\n", omittingEmptySubsequences: false)
            .map { "  " + $0 }
            .joined(separator: "\n")
    }

    func describe(_ changes: [Received]) -> String {
        let parts = changes.map { change in
            if let event = change.event { return describe(event, of: change) }
            return "• from \(change.origin ?? "a task"):\n" + indentedDiff(change.before, change.state)
        }
        let legend = changes.contains { $0.event == nil } ? "\n\n(Before: −, After: +)" : ""
        return parts.joined(separator: "\n\n") + legend
    }

    func describeRunningTasks() -> String {
        let running = trackedTasks
        guard !running.isEmpty else { return "No task is running." }
        return "Still running: " + running.map(describe).joined(separator: ", ") + "."
    }

    /// A task's id and the intent that started it, and whether it was cancelled: "\"load\" (started by
    /// loadButtonTapped())".
    func describe(_ task: RunningTask) -> String {
        let cancelled = "cancelled, and not ended since"
        if let run = intentRuns.run(token: task.token) { return run.name + (task.isCancelled ? " (\(cancelled))" : "") }
        return "\(idText(task.id)) (started by \(task.origin)" + (task.isCancelled ? "; \(cancelled))" : ")")
    }

    func describePendingSleepers() -> String {
        let pending = clocks.flatMap(\.pendingSleepers)
        guard let next = pending.map(\.deadline).min() else { return "" }
        return "\nThe test clock has \(counted(pending.count, "sleeper")) waiting; the next wakes at \(next). "
            + "Advance the clock (`await clock.advance(by:)`) to let it run."
    }

    func idText(_ id: AnyHashable) -> String {
        if let string = id.base as? String { return "\"\(string)\"" }
        return "\(id.base)"
    }
}

/// `count` and `noun`, plural unless `count` is 1: "1 change", "2 changes".
func counted(_ count: Int, _ noun: String) -> String {
    "\(count) \(noun)\(count == 1 ? "" : "s")"
}
