public import ViewModelKit

/// The tasks one intent started, as ``ViewModelTester/send(_:assert:fileID:filePath:line:column:)``
/// returns them: cancel them, or wait for them to end, as TCA's `TestStoreTask` does for an action's
/// effects.
///
/// ```swift
/// await tester.send({ $0.onAppear() }).cancel()       // the stream the screen listens to
///
/// let save = await tester.send({ $0.saveButtonTapped() }) { $0.isSaving = true }
/// await save.finish()                                  // the save's task has ended
/// await tester.receive { $0.isSaving = false }
/// ```
///
/// They are the view model's owned tasks (in its whole tree) that started while the intent ran and
/// still ran when `send` returned, and the intent itself when it is an `async` one that had not
/// returned (it waits on the test); a task that had already ended by then is not among them:
///
/// ```swift
/// let refresh = await tester.send({ await $0.refresh() }) { $0.isLoading = true }
/// await refresh.cancel()                              // SwiftUI cancels the view's `.task`
/// ```
///
/// What
/// they change is queued for ``ViewModelTester/receive(_:timeout:fileID:filePath:line:column:)`` as
/// always: waiting for them or cancelling them receives nothing. A task cancelled in `cancel()`
/// still writes as it unwinds (a `defer` resetting a loading flag); `cancel()` waits for that, and
/// the test receives it:
///
/// ```swift
/// await tester.send({ $0.loadButtonTapped() }) { $0.isLoading = true }.cancel()
/// await tester.receive { $0.isLoading = false }       // the load's `defer`
/// ```
@MainActor
public struct IntentTasks<Model: ViewModel> {
    let tester: ViewModelTester<Model>
    let started: [RunningTask]

    /// Whether any of the tasks still runs (it has neither ended nor been cancelled). A cancelled
    /// task that is still unwinding does not count, as the view model's `runningTaskIDs` leaves it out.
    public var isRunning: Bool { stillRunning.contains { !$0.isCancelled } }

    /// The tasks of ``started`` whose operation has not returned, cancelled ones included.
    private var stillRunning: [RunningTask] {
        let running = Dictionary(tester.trackedTasks.map { ($0.token, $0) }) { first, _ in first }
        return started.compactMap { running[$0.token] }
    }

    /// Cancels the tasks that still run, then waits until they have unwound: once this returns, a
    /// cancelled task no longer keeps ``ViewModelTester/finish(timeout:fileID:filePath:line:column:)``
    /// from passing, and what it wrote as it unwound (a `defer`) is queued for
    /// ``ViewModelTester/receive(_:timeout:fileID:filePath:line:column:)``. Other tasks of the view
    /// model go on.
    ///
    /// A task that has not ended within `timeout` (it waits on something that ignores cancellation)
    /// fails the test, naming it.
    ///
    /// - Parameters:
    ///   - timeout: How long to wait for the cancelled tasks to end; the tester's
    ///     ``ViewModelTester/timeout`` by default.
    ///   - fileID: The `#fileID` of this call, for the failure report. Leave the default, so that
    ///     a failure points at this call.
    ///   - filePath: The `#filePath` of this call: the file XCTest shows a failure in.
    ///   - line: The line a failure points at; the line of this call by default.
    ///   - column: The column a failure points at; the column of this call by default.
    public func cancel(
        timeout: Duration? = nil,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) async {
        for task in stillRunning where !task.isCancelled { tester.cancelTrackedTask(token: task.token) }
        let limit = timeout ?? tester.timeout
        let deadline = ContinuousClock.now.advanced(by: limit)
        // Let the cancellations reach the tasks first: most have ended when this returns.
        await tester.settleMainActorWork()
        while !stillRunning.isEmpty && ContinuousClock.now < deadline {
            await tester.waitForActivity(until: deadline)
        }
        let running = stillRunning
        guard !running.isEmpty else {
            // Let the ended tasks' last writes land, so that a receive finds them.
            return await tester.settleMainActorWork()
        }
        let names = running.map(tester.taskName).joined(separator: "; ")
        tester.fail(
            "Expected the tasks this intent started to end once cancelled, within \(limit), but "
                + "\(running.count == 1 ? "one is" : "\(running.count) are") still running: \(names). "
                + "\(running.count == 1 ? "It waits" : "They wait") on something that ignores cancellation: make it respond "
                + "(`withTaskCancellationHandler`).",
            at: ReportSite(fileID: fileID, filePath: filePath, line: line, column: column)
        )
    }

    /// Waits until every one of the tasks has ended (a cancelled one once it has unwound), and fails
    /// the test if one still runs after `timeout`.
    ///
    /// Waiting does not move a ``TestClock``: advance it first, so that a task sleeping on it can end.
    ///
    /// - Parameters:
    ///   - timeout: How long to wait; the tester's ``ViewModelTester/timeout`` by default.
    ///   - fileID: The `#fileID` of this call, for the failure report. Leave the default, so that
    ///     a failure points at this call.
    ///   - filePath: The `#filePath` of this call: the file XCTest shows a failure in.
    ///   - line: The line a failure points at; the line of this call by default.
    ///   - column: The column a failure points at; the column of this call by default.
    public func finish(
        timeout: Duration? = nil,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) async {
        let limit = timeout ?? tester.timeout
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: limit)
        while !stillRunning.isEmpty && clock.now < deadline {
            await tester.waitForActivity(until: deadline)
        }
        let running = stillRunning
        guard !running.isEmpty else {
            // Let the ended tasks' last writes land, so that a receive finds them.
            return await tester.settleMainActorWork()
        }
        let names = running.map { tester.taskName($0) + ($0.isCancelled ? " (cancelled)" : "") }
            .joined(separator: "; ")
        tester.fail(
            "Expected the tasks this intent started to end within \(limit), but \(running.count == 1 ? "one is" : "\(running.count) are") "
                + "still running: \(names).\(tester.describePendingSleepers())",
            at: ReportSite(fileID: fileID, filePath: filePath, line: line, column: column)
        )
    }
}
