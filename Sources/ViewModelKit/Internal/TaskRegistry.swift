internal import Synchronization

/// The tasks a view model owns, keyed by id. Thread-safe, so that the view model's deinit (which may
/// run on any thread) can cancel them.
///
/// A task's entry stays until its operation returns: a cancelled task is marked cancelled, not
/// forgotten, so that tools (the tester) can wait for what it does while it unwinds (a `defer` that
/// resets a loading flag).
final class TaskRegistry: Sendable {
    /// One task whose operation has not returned.
    struct Entry: Sendable {
        let id: TaskID
        let token: UInt64
        let origin: String
        let cancel: @Sendable () -> Void
        /// Whether the task's operation has begun running.
        var hasStarted = false
        /// Whether the task was cancelled: it is unwinding (or ignores the cancellation).
        var isCancelled = false
    }

    /// Task tokens, unique across view models, so that tools can tell tasks apart in a tree.
    private static let taskTokens = Atomic<UInt64>(0)

    /// A token no task has had: for a task tools track beside the owned ones (an intent the tester
    /// sent that still runs).
    static func makeToken() -> UInt64 {
        taskTokens.add(1, ordering: .relaxed).newValue
    }

    private struct State {
        var nextToken: UInt64 = 0
        var entries: [Entry] = []
        var deinitActions: [UInt64: @Sendable () -> Void] = [:]

        /// Marks the tasks `isIncluded` picks as cancelled; returns those that were not yet.
        mutating func markCancelled(where isIncluded: (Entry) -> Bool) -> [Entry] {
            var cancelled: [Entry] = []
            for index in entries.indices where !entries[index].isCancelled && isIncluded(entries[index]) {
                entries[index].isCancelled = true
                cancelled.append(entries[index])
            }
            return cancelled
        }
    }

    private let state = Mutex(State())

    /// Registers a task; returns the token that ``finish(_:)`` takes. With `cancelInFlight`, first
    /// cancels the tasks already running under `id`.
    func register(
        id: TaskID, origin: String, cancelInFlight: Bool, cancel: @escaping @Sendable () -> Void
    ) -> UInt64 {
        let (token, replaced) = state.withLock { state in
            let replaced = cancelInFlight ? state.markCancelled { $0.id == id } : []
            let token = Self.makeToken()
            state.entries.append(Entry(id: id, token: token, origin: origin, cancel: cancel))
            return (token, replaced)
        }
        for entry in replaced { entry.cancel() }
        return token
    }

    /// Notes that a task's operation began running.
    func markStarted(_ token: UInt64) {
        state.withLock { state in
            if let index = state.entries.firstIndex(where: { $0.token == token }) { state.entries[index].hasStarted = true }
        }
    }

    /// Forgets a task whose operation returned.
    func finish(_ token: UInt64) {
        state.withLock { $0.entries.removeAll { $0.token == token } }
    }

    /// Cancels every task under `id`.
    func cancel(id: TaskID) {
        let cancelled = state.withLock { $0.markCancelled { $0.id == id } }
        for entry in cancelled { entry.cancel() }
    }

    /// Cancels the task with `token`, if its operation has not returned; returns whether this
    /// registry holds it.
    @discardableResult
    func cancel(token: UInt64) -> Bool {
        let (found, cancelled) = state.withLock { state in
            (state.entries.contains { $0.token == token }, state.markCancelled { $0.token == token })
        }
        for entry in cancelled { entry.cancel() }
        return found
    }

    /// Cancels every task.
    func cancelAll() {
        let cancelled = state.withLock { $0.markCancelled { _ in true } }
        for entry in cancelled { entry.cancel() }
    }

    /// Registers `action` to run when the view model deinitializes; returns its token.
    func onDeinit(_ action: @escaping @Sendable () -> Void) -> UInt64 {
        state.withLock { state in
            state.nextToken &+= 1
            state.deinitActions[state.nextToken] = action
            return state.nextToken
        }
    }

    /// Forgets a deinit action that is no longer needed.
    func removeDeinitAction(_ token: UInt64) {
        state.withLock { _ = $0.deinitActions.removeValue(forKey: token) }
    }

    /// Cancels every task and runs the deinit actions: the view model is going away.
    func tearDown() {
        cancelAll()
        let actions = state.withLock { state in
            defer { state.deinitActions = [:] }
            return Array(state.deinitActions.values)
        }
        for action in actions { action() }
    }

    /// The tasks whose operation has not returned, cancelled ones included, oldest first.
    var running: [Entry] {
        state.withLock { $0.entries }
    }
}

/// A task id: any `Hashable & Sendable` value, compared and hashed as `AnyHashable` compares and
/// hashes it.
struct TaskID: Hashable, Sendable {
    private let value: any Hashable & Sendable

    init(_ value: some Hashable & Sendable) {
        self.value = value
    }

    /// The id as the caller gave it, type-erased.
    var base: AnyHashable { AnyHashable(value) }

    static func == (lhs: TaskID, rhs: TaskID) -> Bool {
        lhs.base == rhs.base
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(base)
    }
}
