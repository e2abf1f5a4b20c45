#if canImport(FoundationNetworking)
import Foundation

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
/// calls them from another queue.
final class CallingThreadOperationQueue: OperationQueue, @unchecked Sendable {
    // NB: `@unchecked Sendable` only repeats OperationQueue's own conformance for the subclass,
    // which adds no state.

    /// Runs `block` now, on the calling thread.
    override func addOperation(_ block: @escaping @Sendable () -> Void) {
        block()
    }
}
#endif
