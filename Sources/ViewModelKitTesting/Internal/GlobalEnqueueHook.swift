#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif
import Dispatch
import Synchronization

/// The one place that touches the Swift runtime's enqueue hook. While a scope wants it
/// (``retain()``), every job the runtime would hand to the global concurrent executor runs on the
/// main thread instead, behind the work already queued there, so all tasks of the process run one
/// job at a time, in the order they were enqueued.
///
/// The runtime's other hook, `swift_task_enqueueMainExecutor_hook`, is not used: the runtime does
/// not call it for an ordinary main-actor enqueue (swiftlang/swift#63104; a probe on Swift 6.3
/// counted no call for 100 `Task.yield()`s on the main actor, for `Task { @MainActor in }` or for
/// `MainActor.run`), so it cannot tell that the main actor's queue is empty (see ``Settling``).
///
/// The hooks are process-wide: the runtime hands them a job and nothing else, and a task that hops
/// to the global executor is enqueued with no current task, so a hook cannot tell which test a job
/// belongs to. That is why serial scheduling is only ever on inside an explicit scope
/// (`withMainActorScheduling`, the `.mainActorScheduling` trait), never because a clock or a tester
/// exists.
///
/// Living beside other libraries that write the same slot (swift-concurrency-extras'
/// `withMainSerialExecutor` saves the slot, writes its own hook, and writes the saved one back):
/// - Installing saves whatever the slot holds and puts this file's hook in front of it; a hook
///   found there first is called for every job this file does not take (while no scope is active,
///   or after the watchdog gave up).
/// - Removing writes the slot back only while it still holds this file's hook; a hook someone
///   installed over it stays. Then this file's hook may be written back later by that library (it
///   saved it), so the hook is always safe to call: with no scope active they only pass the job
///   on, to the saved hook or to the runtime.
///
/// Invariant: the slot is written only here, under `state`'s lock, at a scope's start or end. A
/// hook reads the state under the same lock; the runtime reads the slot without one, and a
/// pointer-sized store is what it sees, old or new, either of them a valid function. Debug builds
/// check that scopes are balanced.
///
/// Blocking: a job taken from the global executor waits in `state.pending` and runs from a block on
/// the main dispatch queue (the main actor's queue), in order. If the main thread runs none of them
/// for a limit (two seconds unless the scope says otherwise; a test blocks it waiting for work that can only run there, with a
/// semaphore, say), a watchdog on a dispatch queue hands the waiting jobs to the global executor,
/// stops taking new ones until the last scope ends, and the scopes report it.
enum GlobalEnqueueHook {
    /// The runtime's signature for the original global enqueue.
    typealias Original = @convention(thin) (UnownedJob) -> Void
    /// The runtime's signature for the hook: a job and the original enqueue.
    private typealias Hook = @convention(thin) (UnownedJob, Original) -> Void

    /// How long, by default, the main thread may run none of the jobs taken from the global
    /// executor before the watchdog gives them back. Real time, in test support code: it only
    /// bounds a test that would otherwise hang.
    static let defaultBlockedMainThreadLimit: Duration = .seconds(2)

    /// How often the watchdog looks while jobs wait.
    private static let watchdogInterval = DispatchTimeInterval.milliseconds(100)

    /// Everything the hooks and the scopes share.
    private struct State {
        /// How many scopes want serial scheduling.
        var scopes = 0
        /// The blocked-main-thread limit of each active scope; the smallest applies.
        var limits: [Duration] = []
        /// Whether the slots have been looked up.
        var lookedUp = false
        /// The hook's storage in the runtime, if the runtime exports it.
        var slot: UnsafeMutablePointer<Hook?>?
        /// What the slot held when this file's hook went in front of it.
        var previousGlobal: Hook?
        /// The runtime's own global enqueue, as handed to the first hooked job.
        var original: Original?
        /// Jobs taken from the global executor, oldest first, each with a main-queue block coming.
        var pending: [UnownedJob] = []
        /// Jobs from `pending` the main thread has run, ever: the watchdog's sign of progress.
        var drained = 0
        /// Whether the watchdog gave up on the main thread; cleared when the last scope ends.
        var bypassing = false
        /// Incremented each time the watchdog gives up; a scope that sees it change reports it.
        var blockages = 0
        /// Whether a watchdog check is scheduled.
        var watching = false
        /// `drained` at the watchdog's last look, and when it last changed.
        var lastDrained = 0
        var lastProgress = DispatchTime.now()

        /// ``slot``, looked up on first use.
        mutating func hookSlot() -> UnsafeMutablePointer<Hook?>? {
            if !lookedUp {
                lookedUp = true
                #if canImport(Darwin) || canImport(Glibc)
                if let handle = dlopen(nil, RTLD_NOW), let global = dlsym(handle, "swift_task_enqueueGlobal_hook") {
                    slot = global.assumingMemoryBound(to: Hook?.self)
                }
                #endif
            }
            return slot
        }
    }

    private static let state = Mutex(State())

    /// Where a global job goes while this file's hook is installed.
    private static let globalHook: Hook = { job, original in
        enum Route { case serial, previous(Hook), runtime }
        let route = state.withLock { state -> Route in
            if state.original == nil { state.original = original }
            guard state.scopes > 0, !state.bypassing else {
                return state.previousGlobal.map(Route.previous) ?? .runtime
            }
            state.pending.append(job)
            return .serial
        }
        switch route {
        case .runtime: original(job)
        case .previous(let hook): hook(job, original)
        case .serial:
            DispatchQueue.main.async(execute: runNextPending)
            startWatchdogIfNeeded()
        }
    }

    /// Runs the oldest job taken from the global executor; on the main thread, from its block.
    private static func runNextPending() {
        let job = state.withLock { state -> UnownedJob? in
            guard !state.pending.isEmpty else { return nil }   // the watchdog gave it back
            state.drained += 1
            return state.pending.removeFirst()
        }
        job?.runSynchronously(on: MainActor.sharedUnownedExecutor)
    }

    /// Schedules the watchdog's next look unless one is scheduled.
    private static func startWatchdogIfNeeded() {
        let start = state.withLock { state -> Bool in
            guard !state.watching else { return false }
            state.watching = true
            state.lastDrained = state.drained
            state.lastProgress = .now()
            return true
        }
        if start { scheduleWatchdog() }
    }

    /// Schedules a look of the watchdog. It runs on a dispatch queue, which is not a Swift executor,
    /// so the hooks never send it to the main thread it watches.
    private static func scheduleWatchdog() {
        DispatchQueue.global().asyncAfter(deadline: .now() + watchdogInterval, execute: watch)
    }

    /// One look of the watchdog: gives the pending jobs back to the global executor if the main
    /// thread ran none of them for the smallest limit of the active scopes.
    private static func watch() {
        enum Next { case stop, again, giveBack([UnownedJob], Original?, Hook?) }
        let next = state.withLock { state -> Next in
            let now = DispatchTime.now()
            if state.drained != state.lastDrained || state.pending.isEmpty {
                state.lastDrained = state.drained
                state.lastProgress = now
            }
            guard state.scopes > 0, !state.bypassing, !state.pending.isEmpty else {
                state.watching = false
                return .stop
            }
            let last = state.lastProgress.uptimeNanoseconds
            let waited = Duration.nanoseconds(Int64(clamping: now.uptimeNanoseconds >= last ? now.uptimeNanoseconds - last : 0))
            guard waited >= state.limits.min() ?? defaultBlockedMainThreadLimit else { return .again }
            state.bypassing = true
            state.blockages += 1
            state.watching = false
            let jobs = state.pending
            state.pending.removeAll()
            return .giveBack(jobs, state.original, state.previousGlobal)
        }
        switch next {
        case .stop: return
        case .again: scheduleWatchdog()
        case .giveBack(let jobs, let original, let previous):
            guard let original else { return }   // unreachable: a job came through the hook first
            for job in jobs {
                if let previous { previous(job, original) } else { original(job) }
            }
        }
    }

    /// Whether jobs for the global executor run on the main thread right now.
    static var isActive: Bool {
        state.withLock { $0.scopes > 0 && !$0.bypassing && $0.slot != nil }
    }

    /// Whether two hooks are the same function.
    private static func same(_ hook: Hook?, _ other: Hook) -> Bool {
        unsafeBitCast(hook, to: UnsafeRawPointer?.self) == unsafeBitCast(other, to: UnsafeRawPointer.self)
    }

    /// What a scope gets from ``retain()`` and gives back to ``release(_:)``.
    struct Scope {
        /// ``State/blockages`` when the scope began.
        fileprivate let blockages: Int
        /// The scope's blocked-main-thread limit.
        fileprivate let limit: Duration
    }

    /// Starts a scope that wants serial scheduling; puts the hook in place for the first one.
    /// Pair each call with ``release(_:)``.
    ///
    /// - Parameter blockedMainThreadLimit: How long the main thread may run no job taken from the
    ///   global executor before the watchdog gives up on it.
    static func retain(blockedMainThreadLimit: Duration = defaultBlockedMainThreadLimit) -> Scope {
        state.withLock { state in
            state.scopes += 1
            state.limits.append(blockedMainThreadLimit)
            if state.scopes == 1, let slot = state.hookSlot(), !same(slot.pointee, globalHook) {
                state.previousGlobal = slot.pointee
                slot.pointee = globalHook
            }
            return Scope(blockages: state.blockages, limit: blockedMainThreadLimit)
        }
    }

    /// Ends a scope started with ``retain()``; takes the hook out when the last one ends, where it
    /// is still the slot's own. Returns whether the watchdog gave up on the main thread
    /// during the scope.
    @discardableResult
    static func release(_ scope: Scope) -> Bool {
        state.withLock { state in
            assert(state.scopes > 0, "GlobalEnqueueHook.release(_:) without a matching retain()")
            guard state.scopes > 0 else { return false }
            let blocked = state.blockages != scope.blockages
            state.scopes -= 1
            if let index = state.limits.firstIndex(of: scope.limit) { state.limits.remove(at: index) }
            guard state.scopes == 0 else { return blocked }
            state.bypassing = false
            if let slot = state.slot, same(slot.pointee, globalHook) { slot.pointee = state.previousGlobal }
            return blocked
        }
    }
}
