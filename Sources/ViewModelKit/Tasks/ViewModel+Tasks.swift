extension ViewModel {
    /// Starts work this view model owns, under an id.
    ///
    /// ```swift
    /// func factButtonTapped() {
    ///     isLoading = true
    ///     task(id: "fact") { [weak self, client, count] in
    ///         let fact = try await client.fact(for: count)
    ///         self?.fact = fact
    ///         self?.isLoading = false
    ///     }
    /// }
    /// ```
    ///
    /// The operation runs on the main actor. Starting again under the same id cancels the task in
    /// flight (unless `cancelInFlight` is `false`, when both run). ``cancelTask(id:)`` cancels by id,
    /// and the view model cancels all of its tasks when it deinitializes — capture `self` weakly, or
    /// the task keeps the view model alive until it ends.
    ///
    /// A cancelled task has `Task.isCancelled` set; check it (or `try Task.checkCancellation()`)
    /// after each suspension before writing state, so that a late result never overwrites a newer one.
    /// It leaves ``runningTaskIDs`` at once, but the view model keeps track of it until its operation
    /// returns: what it writes as it unwinds (a `defer { self?.isLoading = false }`) is a change the
    /// tester's `receive` takes, and the tester's `finish` waits for it to end.
    ///
    /// - Parameters:
    ///   - id: Any `Hashable & Sendable` value; an enum case or a string reads well.
    ///   - cancelInFlight: Whether to cancel tasks already running under `id`. Defaults to `true`.
    ///   - priority: The task's priority.
    ///   - function: The method that started the task, for diagnostics (the tester names it): under
    ///     the tester, the intent it sent instead, when that intent reports itself with `recordIntent`.
    ///   - operation: The work.
    /// - Returns: The task, to await its value or to cancel it.
    @discardableResult
    public final func task<Success: Sendable>(
        id: some Hashable & Sendable,
        cancelInFlight: Bool = true,
        priority: TaskPriority? = nil,
        function: String = #function,
        operation: @escaping @MainActor () async throws -> Success
    ) -> Task<Success, any Error> {
        let registry = taskRegistry
        let center = observationCenter
        let ticket = Ticket()
        // Named after the intent a tool sent, when it reported itself: a private helper that starts
        // the task is not what the user did.
        let origin = RunningTask.currentToken == nil ? UnheardEvents.collector?.sentIntent ?? function : function
        let task = Task<Success, any Error>(priority: priority) { @MainActor in
            // NB: this body cannot start before `task(id:)` returns (both run on the main actor), so
            // the ticket's token is set by then.
            let token = ticket.token
            registry.markStarted(token)
            defer {
                registry.finish(token)
                center.taskDidEnd()
            }
            return try await TaskOrigin.$current.withValue(origin) {
                try await RunningTask.$currentToken.withValue(token) {
                    try await operation()
                }
            }
        }
        ticket.token = registry.register(
            id: TaskID(id), origin: origin, cancelInFlight: cancelInFlight, cancel: { task.cancel() }
        )
        return task
    }

    /// Cancels every task this view model runs under `id`. Nothing happens if none runs.
    ///
    /// The tasks leave ``runningTaskIDs`` at once and end as they unwind: a `defer` in one still
    /// runs, and what it writes is a change like any other (the tester receives it).
    public final func cancelTask(id: some Hashable & Sendable) {
        taskRegistry.cancel(id: TaskID(id))
    }

    /// Cancels every task this view model runs.
    public final func cancelAllTasks() {
        taskRegistry.cancelAll()
    }

    /// Whether a task started under `id` is still running (neither finished nor cancelled).
    ///
    /// A cancelled task is left out at once, even while it still unwinds (its `defer` has yet to run).
    public final func isTaskRunning(id: some Hashable & Sendable) -> Bool {
        let id = TaskID(id)
        return taskRegistry.running.contains { $0.id == id && !$0.isCancelled }
    }

    /// The ids of the running tasks, oldest first; an id appears once per running task.
    ///
    /// A cancelled task is left out at once, even while it still unwinds.
    public final var runningTaskIDs: [AnyHashable] {
        taskRegistry.running.filter { !$0.isCancelled }.map(\.id.base)
    }

    /// The tasks whose operation has not returned, with the intent that started each, oldest first:
    /// cancelled ones that are still unwinding too (``RunningTask/isCancelled``). For tools (the
    /// tester).
    package final var runningTasks: [RunningTask] {
        taskRegistry.running.map {
            RunningTask(id: $0.id.base, origin: $0.origin, token: $0.token, hasStarted: $0.hasStarted, isCancelled: $0.isCancelled)
        }
    }

    /// Calls `handler` each time an owned task's operation returns (or throws). For tools (the tester).
    package final func observeTaskEnds(_ handler: @escaping @MainActor () -> Void) -> ViewModelSubscription {
        observationCenter.subscribeToTaskEnds(handler)
    }
}

/// Hands a task its registry token, set right after the task is created.
@MainActor
private final class Ticket {
    var token: UInt64 = 0
}
