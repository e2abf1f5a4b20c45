#if canImport(FoundationNetworking)
import Foundation
internal import Synchronization

/// An operation queue that runs each block added with `addOperation(_:)` at once, on the thread that
/// adds it, and returns when the block has run.
///
/// FoundationNetworking's URLSession hands every piece of a body to its delegate queue as libcurl
/// reads it, on the session's work queue, without waiting for the delegate: with an ordinary queue, a
/// server faster than the delegate fills memory with queued pieces. With this queue as the delegate
/// queue, the delegate sees each piece while libcurl waits for it, so nothing is queued, and a
/// delegate that refuses a body drops what comes after it.
///
/// The delegate then runs on URLSession's work queue, so it must never call back into URLSession
/// from there and wait: `cancel()`, `suspend()` and `resume()` of a task wait for that queue. It
/// calls them from another queue. What it may do there is stop the transfer's reading
/// (``ReceivePause``), since it then runs inside the transfer's own libcurl callback.
final class CallingThreadOperationQueue: OperationQueue, @unchecked Sendable {
    // NB: `@unchecked Sendable` only repeats OperationQueue's own conformance for the subclass,
    // which adds no state.

    /// Runs `block` now, on the calling thread.
    override func addOperation(_ block: @escaping @Sendable () -> Void) {
        #if DEBUG
        let thread = ObjectIdentifier(Thread.current)
        let outermost = Self.deliveringThreads.withLock { $0.insert(thread).inserted }
        defer { if outermost { _ = Self.deliveringThreads.withLock { $0.remove(thread) } } }
        #endif
        block()
    }

    #if DEBUG
    /// The threads running a block of some queue of this type right now.
    private static let deliveringThreads = Mutex<Set<ObjectIdentifier>>([])
    #endif

    /// Whether the calling thread is running a block added to a queue of this type (always `true` in
    /// release builds, where it is not tracked).
    static var isDeliveringOnCurrentThread: Bool {
        #if DEBUG
        let thread = ObjectIdentifier(Thread.current)
        return deliveringThreads.withLock { $0.contains(thread) }
        #else
        return true
        #endif
    }
}
#endif
