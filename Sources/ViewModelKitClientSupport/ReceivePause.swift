#if canImport(FoundationNetworking)
import Foundation
import FoundationNetworking
import Synchronization

/// Stops libcurl reading a FoundationNetworking task's response, from inside one of the task's
/// delegate calls.
///
/// URLSession's own `cancel()` cannot stop a transfer in time there: it waits for the session's work
/// queue, and that queue goes on serving the socket for as long as it is readable, so a server that
/// sends faster than libcurl reads holds the cancellation off for as long as it likes (forever, for a
/// body that inflates slower than it arrives). Pausing the transfer's receiving, which libcurl allows
/// from inside its callbacks, makes it stop reading at once; the socket is then no longer watched, the
/// work queue falls idle, and the `cancel()` already asked for goes through and closes the
/// connection. Nothing more is read from the server, and the kernel's buffers bound what it managed
/// to send.
///
/// FoundationNetworking offers no way to do this through its API, so the task's libcurl handle is found by
/// reflection (task → its protocol → the protocol's easy handle → the raw handle) and
/// `curl_easy_pause` is looked up in the libcurl FoundationNetworking was linked with. If any step is missing
/// (another corelibs layout), nothing happens and the transfer ends when the cancellation gets through,
/// as before; the byte-count tests in LimitedHTTPSessionTests catch that.
package enum ReceivePause {
    /// `curl_easy_pause(CURL *handle, int bitmask) -> CURLcode`, from the libcurl FoundationNetworking
    /// links against.
    private typealias PauseFunction = @convention(c) (UnsafeMutableRawPointer?, Int32) -> Int32

    /// `curl_easy_pause` of the libcurl that FoundationNetworking itself uses (see
    /// ``CorelibsReflection/foundationNetworkingSymbol(_:)``).
    private static let pauseFunction: PauseFunction? = CorelibsReflection.foundationNetworkingSymbol("curl_easy_pause").map {
        unsafeBitCast($0, to: PauseFunction.self)
    }

    /// Looks `curl_easy_pause` up now, on the calling thread, so that the first ``pause(_:)`` does
    /// not run `dlopen` inside a delegate call on URLSession's work queue (a sanitized `repos` once
    /// crashed in `dlopen`'s initializers there).
    package static func prepare() {
        _ = pauseFunction
    }

    /// How many transfers ``pause(_:)`` has paused in this process, for the tests that check that a
    /// refused transfer was stopped by pausing it, not only by the cancellation getting through.
    package static var pausedTransfers: Int { paused.load(ordering: .relaxed) }
    private static let paused = Atomic<Int>(0)

    /// CURLPAUSE_RECV | CURLPAUSE_SEND.
    private static let pauseAll: Int32 = 1 | 4

    /// Pauses `task`'s transfer in libcurl; `false` if its handle or libcurl could not be found.
    ///
    /// Invariant: called only while one of `task`'s delegate calls is delivered by a
    /// ``CallingThreadOperationQueue``, which runs it on the session's work queue: the one thread that
    /// drives the session's libcurl handles (a libcurl handle must be used by one thread at a time).
    /// Checked in debug builds.
    @discardableResult
    static func pause(_ task: URLSessionTask) -> Bool {
        assert(CallingThreadOperationQueue.isDeliveringOnCurrentThread, "ReceivePause.pause(_:) outside a delegate call")
        guard let pauseFunction, let handle = CorelibsReflection.curlHandle(of: task), pauseFunction(handle, pauseAll) == 0 else { return false }
        paused.add(1, ordering: .relaxed)
        return true
    }
}
#endif
