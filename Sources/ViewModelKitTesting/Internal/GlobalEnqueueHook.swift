#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif
import Synchronization

/// The one place that touches the Swift runtime's enqueue hooks. While they are installed, every
/// job the runtime would hand to the global concurrent executor goes to the main actor's queue
/// instead, so all tasks of the process run one job at a time, in the order they were enqueued;
/// and every job enqueued on the main actor is counted, so a yield can tell whether anything but
/// itself was queued while it waited (``enqueuedJobs``).
///
/// Invariant: `swift_task_enqueueGlobal_hook` and `swift_task_enqueueMainExecutor_hook` are written
/// only here, only under `users`' lock, and only at its transitions: from `nil` to this file's
/// hooks when the count of users goes from 0 to 1, and back to `nil` when it returns to 0. A hook
/// someone else installed is never replaced or removed: then neither is installed and scheduling
/// stays as it is, as it does where the runtime does not export them (the symbols are looked up at
/// run time). The runtime reads a hook without a lock; a pointer-sized store is what it sees, old
/// or new, and either is a valid function to call. Debug builds check the invariant at each
/// transition.
enum GlobalEnqueueHook {
    /// The runtime's signature for the original global enqueue.
    private typealias Original = @convention(thin) (UnownedJob) -> Void
    /// The runtime's signature for the hook: a job and the original enqueue.
    private typealias Hook = @convention(thin) (UnownedJob, Original) -> Void

    /// Who wants serial scheduling, and where the runtime keeps the hook.
    private struct Users {
        /// How many scopes want serial scheduling.
        var count = 0
        /// Whether this file installed the hook.
        var installed = false
        /// Whether the slots have been looked up.
        var lookedUp = false
        /// The hooks' storage in the runtime, if the runtime exports both.
        var slots: (global: UnsafeMutablePointer<Hook?>, main: UnsafeMutablePointer<Hook?>)?

        /// ``slots``, looked up on first use.
        mutating func hookSlots() -> (global: UnsafeMutablePointer<Hook?>, main: UnsafeMutablePointer<Hook?>)? {
            if !lookedUp {
                lookedUp = true
                #if canImport(Darwin) || canImport(Glibc)
                if let handle = dlopen(nil, RTLD_NOW),
                   let global = dlsym(handle, "swift_task_enqueueGlobal_hook"),
                   let main = dlsym(handle, "swift_task_enqueueMainExecutor_hook") {
                    slots = (global.assumingMemoryBound(to: Hook?.self), main.assumingMemoryBound(to: Hook?.self))
                }
                #endif
            }
            return slots
        }
    }

    private static let users = Mutex(Users())

    /// Jobs enqueued on the main actor while the hooks are installed.
    private static let mainJobs = Atomic<Int>(0)

    /// Sends a global job to the main actor's queue.
    private static let globalHook: Hook = { job, _ in MainActor.shared.enqueue(job) }

    /// Counts a job for the main actor and enqueues it as the runtime would.
    private static let mainHook: Hook = { job, original in
        mainJobs.add(1, ordering: .relaxed)
        original(job)
    }

    /// How many jobs have been enqueued on the main actor so far, or `nil` while the hooks are not
    /// installed (nothing is counted then). Compare two readings to see whether jobs came in between.
    static var enqueuedJobs: Int? {
        isActive ? mainJobs.load(ordering: .relaxed) : nil
    }

    /// Whether jobs for the global executor go to the main actor's queue right now.
    static var isActive: Bool {
        users.withLock { $0.installed }
    }

    /// Starts a scope that wants serial scheduling; installs the hook for the first one. Pair each
    /// call with ``release()``.
    static func retain() {
        users.withLock { users in
            users.count += 1
            guard users.count == 1, let slots = users.hookSlots() else { return }
            guard slots.global.pointee == nil, slots.main.pointee == nil else { return }   // someone else's: leave them
            slots.main.pointee = mainHook
            slots.global.pointee = globalHook
            users.installed = true
        }
    }

    /// Ends a scope started with ``retain()``; removes the hook when the last one ends.
    static func release() {
        users.withLock { users in
            assert(users.count > 0, "GlobalEnqueueHook.release() without a matching retain()")
            guard users.count > 0 else { return }
            users.count -= 1
            guard users.count == 0, users.installed, let slots = users.hookSlots() else { return }
            assert(
                slots.global.pointee != nil && slots.main.pointee != nil,
                "an enqueue hook was removed behind GlobalEnqueueHook's back"
            )
            slots.global.pointee = nil
            slots.main.pointee = nil
            users.installed = false
        }
    }
}
