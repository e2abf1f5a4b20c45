internal import Foundation
internal import Synchronization
internal import ViewModelKit

/// An intent a tester's `send` started: it runs in a task of its own, so that `send` can return while
/// it waits on the test (a ``TestClock``, a client's answer), as SwiftUI's `.task` and `.refreshable`
/// leave an `async` method running.
final class IntentRun: Sendable {
    /// Tells the intent apart from the view model's owned tasks (same token space).
    let token = RunningTask.makeToken()
    /// The `send` that started it.
    let site: ReportSite
    /// The waits only the test ends, of the intent and of the tasks it started.
    let scope = ControlledWaits.Scope()
    private let state = Mutex(State())

    private struct State {
        var isDone = false
        var isCancelled = false
        var hasOutlivedSend = false
        var task: Task<Void, Never>?
    }

    /// The token of the intent whose code runs now, outside an owned task of its (where
    /// `RunningTask.currentToken` says which task): which intent a change comes from. Not the owned
    /// tasks' task-local, so that a recorder still takes the intent's first steps as the intent's.
    @TaskLocal static var currentToken: UInt64?

    init(site: ReportSite) {
        self.site = site
    }

    /// How failures and received changes name it: "the intent sent at Feature/FeatureTests.swift:42".
    var name: String { "the intent sent at \(site.fileID):\(site.line)" }

    /// Whether the intent has returned (or thrown).
    var isDone: Bool { state.withLock { $0.isDone } }
    /// Whether the test cancelled it.
    var isCancelled: Bool { state.withLock { $0.isCancelled } }
    /// Whether `send` returned before the intent did.
    var hasOutlivedSend: Bool {
        get { state.withLock { $0.hasOutlivedSend } }
        set { state.withLock { $0.hasOutlivedSend = newValue } }
    }

    /// Keeps the task the intent runs in, to cancel it.
    func attach(_ task: Task<Void, Never>) {
        let cancelled = state.withLock { state -> Bool in
            state.task = task
            return state.isCancelled
        }
        if cancelled { task.cancel() }
    }

    /// Cancels the intent's task, as SwiftUI does when the view's `.task` ends.
    func cancel() {
        let task = state.withLock { state -> Task<Void, Never>? in
            guard !state.isDone else { return nil }
            state.isCancelled = true
            return state.task
        }
        task?.cancel()
    }

    /// Notes that the intent returned.
    func markDone() {
        state.withLock { $0.isDone = true }
    }

    /// Starts `operation` in a task of its own, with a fresh ``scope`` and token, and calls `onEnd`
    /// with what it threw once it returns. An operation that does not suspend runs to its end before
    /// this returns, as a plain call would.
    @MainActor
    static func start(
        site: ReportSite,
        _ operation: @escaping @MainActor () async throws -> Void,
        onEnd: @escaping @MainActor (IntentRun, (any Error)?) -> Void
    ) -> IntentRun {
        let run = IntentRun(site: site)
        let body: @MainActor () async -> Void = {
            var thrown: (any Error)?
            do {
                // The tasks the intent starts inherit the scope: their waits on the test count for it.
                try await ControlledWaits.$scope.withValue(run.scope) {
                    try await IntentRun.$currentToken.withValue(run.token) { try await operation() }
                }
            } catch {
                thrown = error
            }
            run.markDone()
            onEnd(run, thrown)
        }
        if #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) {
            run.attach(Task.immediate(operation: body))
        } else {
            run.attach(Task(operation: body))
        }
        return run
    }

    /// Waits until the intent has returned or waits on something only the test ends; returns `false`
    /// if neither happened within `timeout`. Cancelling the waiting task cancels the intent.
    @MainActor
    func waitUntilReturnedOrWaitingOnTest(timeout: Duration) async -> Bool {
        await withTaskCancellationHandler {
            let clock = ContinuousClock()
            let deadline = clock.now.advanced(by: timeout)
            while true {
                let remaining = clock.now.duration(to: deadline)
                guard remaining > .zero, await waitOnMainActor(atMost: remaining, until: { self.isDone || self.scope.isWaiting }) else {
                    return false
                }
                if isDone { return true }
                // A wait that ends at once (a sleep whose deadline has passed) is not one on the test:
                // let the work queued on the main actor run, then look again.
                await settle { self.isDone || !self.scope.isWaiting }
                if isDone || scope.isWaiting { return true }
            }
        } onCancel: {
            cancel()
        }
    }

    /// The intent as the tester's task bookkeeping sees it.
    var asRunningTask: RunningTask {
        RunningTask(id: AnyHashable(name), origin: name, token: token, hasStarted: true, isCancelled: isCancelled)
    }
}

/// The intents that outlived their `send`, readable from any thread (the tester's deinit cancels them).
final class IntentRuns: Sendable {
    private let runs = Mutex<[IntentRun]>([])

    var all: [IntentRun] { runs.withLock { $0 } }

    func append(_ run: IntentRun) {
        runs.withLock { $0.append(run) }
    }

    func remove(_ run: IntentRun) {
        runs.withLock { $0.removeAll { $0 === run } }
    }

    /// The run with `token`, if it is still running.
    func run(token: UInt64) -> IntentRun? {
        runs.withLock { runs in runs.first { $0.token == token } }
    }

    func cancelAll() {
        for run in all { run.cancel() }
    }
}

extension ViewModelTester {
    /// The view model's tasks whose operation has not returned, and the intents still running after
    /// their `send` returned: what `receive` waits on and `finish` requires to end.
    var trackedTasks: [RunningTask] {
        viewModel.runningTasksInTree + intentRuns.all.map(\.asRunningTask)
    }

    /// Whether what the test still waits for is only intents waiting on the test (a stream it never
    /// fed, a clock it never advanced), with no owned task running: nothing can end them unless the
    /// test acts, so `finish` need not wait for its timeout to say so.
    var onlyIntentsWaitingOnTheTest: Bool {
        let required = trackedTasks.filter { !skippedTasks.contains($0.token) }
        return !required.isEmpty && required.allSatisfy { task in
            intentRuns.run(token: task.token).map { !$0.isDone && $0.scope.isWaiting } ?? false
        }
    }

    /// Cancels a tracked task: an owned one, or an intent still running.
    func cancelTrackedTask(token: UInt64) {
        if let run = intentRuns.run(token: token) {
            run.cancel()
        } else {
            viewModel.cancelTaskInTree(token: token)
        }
    }

    /// Cancels every tracked task.
    func cancelAllTrackedTasks() {
        intentRuns.cancelAll()
        viewModel.cancelAllTasksInTree()
    }

    /// How messages name a tracked task: "id \"load\", started by load(user:)", or "the intent sent
    /// at …" for an intent.
    func taskName(_ task: RunningTask) -> String {
        intentRuns.run(token: task.token)?.name ?? "id \(idText(task.id)), started by \(task.origin)"
    }

    /// The name of the intent a change by the task `token` belongs to, if that task is an intent
    /// that outlived its `send`.
    func intentName(token: UInt64?) -> String? {
        token.flatMap { intentRuns.run(token: $0)?.name }
    }

    /// Runs `intent` until it returns or waits on something only the test ends, or until
    /// ``timeout`` has passed (a failure naming what to write). A run that has not returned is kept
    /// with the tracked tasks.
    func runIntent(_ intent: @escaping @MainActor (Model) async throws -> Void, at location: ReportSite) async {
        let run = IntentRun.start(site: location) { [viewModel, unheardEvents] in
            // The tasks the intent starts inherit the collector: what they send unheard is found too.
            try await UnheardEvents.$collector.withValue(unheardEvents) { try await intent(viewModel) }
        } onEnd: { [weak self] run, thrown in
            self?.intentEnded(run, thrown: thrown)
        }
        guard !run.isDone else { return }
        guard await run.waitUntilReturnedOrWaitingOnTest(timeout: timeout) else {
            fail(
                "The intent has not returned within \(timeout), and it waits on nothing the test controls (a "
                    + "TestClock, ScriptedAnswers), so `send` cannot tell that the test must act first.\n\n"
                    + "If the test answers it later (a continuation or a stream of a client double), mark that wait: "
                    + "`try await controlledByTest { … }` around the continuation, `stream.controlledByTest()` for a "
                    + "stream; `send` then returns as soon as the intent waits there. If it waits on real work, "
                    + "raise the tester's `timeout`.",
                at: location
            )
            return keep(run)
        }
        if !run.isDone { keep(run) }
    }

    /// Keeps a run that outlived its `send` with the tracked tasks.
    private func keep(_ run: IntentRun) {
        run.hasOutlivedSend = true
        intentRuns.append(run)
    }

    /// The intent's operation returned, or threw `thrown`.
    private func intentEnded(_ run: IntentRun, thrown: (any Error)?) {
        intentRuns.remove(run)
        // An error a cancelled intent throws is how it stops, as SwiftUI's cancelled `.task` stops.
        if let thrown, !run.isCancelled {
            fail(
                run.hasOutlivedSend
                    ? "The intent sent here threw an error after `send` returned: \(thrown)"
                    : "The intent threw an error: \(thrown)",
                at: run.site
            )
        }
        wake()
    }
}
