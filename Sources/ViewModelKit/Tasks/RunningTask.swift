/// One task a view model owns, as tools (the tester) see it.
package struct RunningTask {
    /// The id the task runs under.
    package var id: AnyHashable
    /// The intent that started it (`#function` at `task(id:)`), prefixed by the owner's type for a
    /// child's task.
    package var origin: String
    /// Identifies the task among all owned tasks of all view models.
    package var token: UInt64
    /// Whether its operation has begun running.
    package var hasStarted: Bool
    /// Whether it was cancelled: its operation has not returned yet (it is unwinding, or it ignores
    /// the cancellation). Public API (``ViewModel/runningTaskIDs``) leaves such a task out; the
    /// tester waits for it.
    package var isCancelled = false

    /// The token of the owned task whose operation is running now, if any: which task a change
    /// comes from.
    @TaskLocal package static var currentToken: UInt64?

    /// A token that no owned task has, for work tools track beside the owned tasks (an `async`
    /// intent the tester sent that is still running).
    package static func makeToken() -> UInt64 {
        TaskRegistry.makeToken()
    }

    /// Describes a task: `id`, the intent that started it, its token, and whether it started and
    /// was cancelled.
    package init(id: AnyHashable, origin: String, token: UInt64, hasStarted: Bool, isCancelled: Bool = false) {
        self.id = id
        self.origin = origin
        self.token = token
        self.hasStarted = hasStarted
        self.isCancelled = isCancelled
    }
}

extension ViewModel {
    /// Whether a task of this view model, or of one it owns, was started but has not begun running.
    /// For tools (the tester).
    package var hasTasksNotYetStartedInTree: Bool {
        tree.contains { model in model.taskRegistry.running.contains { !$0.hasStarted } }
    }

    /// Calls `handler` when this view model calls ``dismiss()`` while no ``Child`` property holds
    /// it. For tools (the tester).
    package func observeUnownedDismissals(_ handler: @escaping @MainActor () -> Void) -> ViewModelSubscription {
        observationCenter.subscribeToUnownedDismissals(handler)
    }
}
