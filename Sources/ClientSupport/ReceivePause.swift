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

    /// `curl_easy_pause` of the libcurl that FoundationNetworking itself uses: looked up from
    /// FoundationNetworking's own library, so that the search covers that library and the libraries
    /// it was linked with, in its load order, and never another libcurl the process loaded first
    /// (an app can bring a libcurl of its own). Where FoundationNetworking is not a shared library
    /// of its own (a build with a static standard library), it is part of the executable, and the
    /// process's default scope is the executable's, in its own link order.
    private static let pauseFunction: PauseFunction? = {
        let library = dlopen("libFoundationNetworking.so", RTLD_NOW | RTLD_NOLOAD)
        defer { if let library { dlclose(library) } }   // RTLD_NOLOAD took a reference; the library stays loaded
        // NB: `dlsym` with a null handle is RTLD_DEFAULT, the scope of the executable.
        return dlsym(library, "curl_easy_pause").map { unsafeBitCast($0, to: PauseFunction.self) }
    }()

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
        guard let pauseFunction, let handle = rawHandle(of: task), pauseFunction(handle, pauseAll) == 0 else { return false }
        paused.add(1, ordering: .relaxed)
        return true
    }

    /// The `CURL *` of `task`'s running transfer, read by reflection.
    private static func rawHandle(of task: URLSessionTask) -> UnsafeMutableRawPointer? {
        // `_protocolStorage` is an enum whose `existing` case holds the running protocol.
        guard let storage = storedValue(named: "_protocolStorage", in: task),
              let urlProtocol = Mirror(reflecting: storage).children.first?.value,
              let easyHandle = storedValue(named: "easyHandle", in: urlProtocol).flatMap(unwrapped),
              let raw = storedValue(named: "rawHandle", in: easyHandle)
        else { return nil }
        return raw as? UnsafeMutableRawPointer
    }

    /// The stored property `name` of `subject`, looked for in its class and then its superclasses.
    private static func storedValue(named name: String, in subject: Any) -> Any? {
        var mirror: Mirror? = Mirror(reflecting: subject)
        while let current = mirror {
            if let child = current.children.first(where: { $0.label == name }) { return child.value }
            mirror = current.superclassMirror
        }
        return nil
    }

    /// The wrapped value of an optional, or the value itself.
    private static func unwrapped(_ value: Any) -> Any? {
        let mirror = Mirror(reflecting: value)
        guard mirror.displayStyle == .optional else { return value }
        return mirror.children.first?.value
    }
}
#endif
