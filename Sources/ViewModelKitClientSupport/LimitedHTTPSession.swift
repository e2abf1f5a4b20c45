package import Foundation
#if canImport(FoundationNetworking)
package import FoundationNetworking
#endif
internal import Synchronization

/// A URL session that reads every body with a size limit and follows redirects only as
/// ``RedirectPolicy`` allows.
///
/// Bytes are counted as they arrive, after any `Content-Encoding` was undone, so neither an endless
/// body nor a small compressed one that inflates past the limit is held in memory: past the limit the
/// request is cancelled and ``TransferError/tooLarge(url:limit:)`` thrown.
///
/// A refused response (too large, a refused redirect, not HTTP) fails at once, and its transfer
/// stops: nothing more is read from the server, and nothing that still arrives is kept. The same
/// holds once the calling task is cancelled. On FoundationNetworking the delegate sees each piece of
/// a body as libcurl reads it (see ``CallingThreadOperationQueue``), so a fast server cannot pile up
/// pieces in memory, and the delegate that refuses a piece stops libcurl's reading right there
/// (``ReceivePause``), since URLSession's own cancellation may wait behind the transfer for as long
/// as the server keeps sending.
///
/// ```swift
/// let session = LimitedHTTPSession(configuration: .ephemeral)
/// let (body, response) = try await session.data(for: request, limit: 64 << 20)
/// ```
package final class LimitedHTTPSession: Sendable {
    private let session: URLSession
    private let delegate: TransferDelegate

    /// Creates a session with `configuration`; the session's delegate is this type's own. On Linux
    /// its `urlCache` is one of FoundationNetworking's watch, which caches nothing (see
    /// ``TransferStartCache``; FoundationNetworking caches no HTTP response anyway).
    package init(configuration: URLSessionConfiguration) {
        let delegate = TransferDelegate()
        self.delegate = delegate
        #if canImport(FoundationNetworking)
        ReceivePause.prepare()
        #if os(Linux)
        UndeliveredBodyWatch.prepare()
        let configuration = UndeliveredBodyWatch.configuration(configuration)
        #endif
        let delegateQueue: OperationQueue? = CallingThreadOperationQueue()
        #else
        let delegateQueue: OperationQueue? = nil
        #endif
        self.session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: delegateQueue)
    }

    deinit {
        session.finishTasksAndInvalidate()
    }

    /// Sends `request` and returns the body and response, reading at most `limit` bytes of body.
    /// - Throws: ``TransferError``, or `CancellationError` when the calling task is cancelled.
    package func data(for request: URLRequest, limit: Int) async throws -> (Data, HTTPURLResponse) {
        let task = session.dataTask(with: request)
        let label = request.url?.displayString ?? ""
        let stop = delegate.register(task, limit: limit, url: label)
        #if canImport(FoundationNetworking) && os(Linux)
        delegate.watch(task, in: session, limit: limit, label: label)
        #endif
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<(Data, HTTPURLResponse), any Error>) in
                delegate.deliver(task, to: continuation)
                delegate.resume(task)
            }
        } onCancel: {
            // NB: never waits: this may run under the Swift task's own lock, which resuming the
            // continuation from URLSession's work queue needs.
            delegate.stop(task, stop)
        }
    }
}

/// Whether the caller of a transfer gave up on it, set from wherever its task is cancelled.
///
/// An atomic of its own rather than a field of the transfer's record: it is set from whatever thread
/// cancels, which shares no other synchronization with URLSession's work queue, and an atomic is
/// synchronization ThreadSanitizer checks (it cannot see Synchronization's `Mutex`; see
/// .ci/tsan-suppressions.txt).
private final class StopRequest: Sendable {
    private let requested = Atomic<Bool>(false)

    /// Whether the caller gave up on the transfer.
    var isRequested: Bool {
        get { requested.load(ordering: .acquiring) }
        set { requested.store(newValue, ordering: .releasing) }
    }
}

/// The session's delegate: one record per running task.
private final class TransferDelegate: NSObject, URLSessionDataDelegate, Sendable {
    struct Transfer {
        var limit: Int
        var url: String
        /// Who waits for the outcome, once ``deliver(_:to:)`` was called.
        var continuation: CheckedContinuation<(Data, HTTPURLResponse), any Error>?
        /// The outcome, when the task completed before anyone waited for it.
        var outcome: Result<(Data, HTTPURLResponse), any Error>?
        var body = Data()
        var response: HTTPURLResponse?
        var failure: TransferError?
        /// Whether the caller gave up on the transfer (its task was cancelled).
        let stop: StopRequest
        /// The response that asked for HTTP authentication, when the challenge was given up on.
        var challengeResponse: HTTPURLResponse?
        #if canImport(FoundationNetworking) && os(Linux)
        /// What stops the transfer while FoundationNetworking keeps its body to itself.
        var watch: UndeliveredBodyWatch?
        #endif
    }

    private let transfers = Mutex<[Int: Transfer]>([:])
    #if canImport(FoundationNetworking)
    /// Where tasks are resumed and cancelled, one call after the other and never on URLSession's work
    /// queue: FoundationNetworking's `resume()` and `cancel()` wait for that queue, and crash when
    /// they race each other.
    private let control = DispatchQueue(label: "LimitedHTTPSession.control")
    #endif

    /// Starts the record of `task`, before it can be resumed or cancelled; returns what ``stop(_:_:)``
    /// takes to give up on it.
    func register(_ task: URLSessionTask, limit: Int, url: String) -> StopRequest {
        let stop = StopRequest()
        transfers.withLock { $0[task.taskIdentifier] = Transfer(limit: limit, url: url, stop: stop) }
        return stop
    }

    #if canImport(FoundationNetworking) && os(Linux)
    /// Watches `task` while FoundationNetworking has handed over no response for it (see
    /// ``UndeliveredBodyWatch``); called before the task is resumed.
    func watch(_ task: URLSessionTask, in session: URLSession, limit: Int, label: String) {
        let identifier = task.taskIdentifier
        let watch = UndeliveredBodyWatch(
            task: task, session: session, limit: limit, label: label,
            status: { [weak self] in
                self?.transfers.withLock { transfers in
                    guard let transfer = transfers[identifier], transfer.outcome == nil, transfer.response == nil else { return .done }
                    return .waiting(stopRequested: transfer.stop.isRequested)
                } ?? .done
            },
            stop: { [weak self] failure in
                if let failure { self?.fail(task, failure) }
            }
        )
        let kept = transfers.withLock { transfers in
            guard transfers[identifier] != nil else { return false }
            transfers[identifier]?.watch = watch
            return true
        }
        if !kept { watch.cancel() }
    }
    #endif

    /// Hands `task`'s outcome to `continuation`: now if the task already completed, else when it does.
    func deliver(_ task: URLSessionTask, to continuation: CheckedContinuation<(Data, HTTPURLResponse), any Error>) {
        let outcome: Result<(Data, HTTPURLResponse), any Error>? = transfers.withLock { transfers in
            guard let outcome = transfers[task.taskIdentifier]?.outcome else {
                transfers[task.taskIdentifier]?.continuation = continuation
                return nil
            }
            transfers[task.taskIdentifier] = nil
            return outcome
        }
        if let outcome { continuation.resume(with: outcome) }
    }

    /// Records `failure` for `task`; the first one wins.
    private func record(_ task: URLSessionTask, _ failure: TransferError) {
        transfers.withLock { transfers in
            if transfers[task.taskIdentifier]?.failure == nil { transfers[task.taskIdentifier]?.failure = failure }
        }
    }

    /// Ends `task`'s transfer with `failure` (or the failure recorded first) now, and cancels the
    /// task: the body read so far is dropped, and so is whatever URLSession still delivers.
    private func fail(_ task: URLSessionTask, _ failure: TransferError) {
        let waiting: (CheckedContinuation<(Data, HTTPURLResponse), any Error>, TransferError)? = transfers.withLock { transfers in
            guard var transfer = transfers[task.taskIdentifier], transfer.outcome == nil else { return nil }
            let failure = transfer.failure ?? failure
            guard let continuation = transfer.continuation else {
                transfer.outcome = .failure(failure)
                transfer.body = Data()
                transfers[task.taskIdentifier] = transfer
                return nil
            }
            transfers[task.taskIdentifier] = nil
            return (continuation, failure)
        }
        if let (continuation, failure) = waiting { continuation.resume(throwing: failure) }
        cancel(task)
    }

    /// Starts `task` without waiting for URLSession.
    func resume(_ task: URLSessionTask) {
        #if canImport(FoundationNetworking)
        control.async { task.resume() }
        #else
        task.resume()
        #endif
    }

    /// Gives up on `task` for its caller: its transfer stops reading at the next piece of body that
    /// arrives, and it is cancelled.
    func stop(_ task: URLSessionTask, _ request: StopRequest) {
        request.isRequested = true
        cancel(task)
    }

    /// Stops the reading of `task`'s transfer now; called only from inside one of `task`'s delegate
    /// calls (see ``ReceivePause``). A task cancelled from elsewhere stops at its next delegate call,
    /// or when URLSession lets the cancellation through.
    private func stopReading(_ task: URLSessionTask) {
        #if canImport(FoundationNetworking)
        ReceivePause.pause(task)
        #endif
    }

    /// Cancels `task` without waiting for URLSession.
    func cancel(_ task: URLSessionTask) {
        #if canImport(FoundationNetworking)
        // NB: this delegate runs on URLSession's work queue (see `CallingThreadOperationQueue`), and
        // `cancel()` waits for that queue: it is called from another one.
        control.async { task.cancel() }
        #else
        task.cancel()
        #endif
    }

    #if canImport(FoundationNetworking)
    func urlSession(
        _ session: URLSession, task: URLSessionTask, didReceive challenge: URLAuthenticationChallenge,
        completionHandler: @escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void
    ) {
        // NB: the clients send their credentials in a header and never answer a challenge. On
        // FoundationNetworking, the default handling of a `WWW-Authenticate` challenge with no stored
        // credential never completes the task (the caller would wait for its time-out), so the
        // challenge is given up on, and the answer is the response that asked for it, without its
        // body. From another queue: giving up cancels the task, which waits for the work queue this
        // delegate runs on.
        if let response = challenge.failureResponse as? HTTPURLResponse {
            transfers.withLock { $0[task.taskIdentifier]?.challengeResponse = response }
        }
        DispatchQueue.global().async { completionHandler(.cancelAuthenticationChallenge, nil) }
    }
    #endif

    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        // NB: the task must not be cancelled while URLSession waits for this answer; a refused redirect
        // is answered with `nil`, which ends the transfer with the redirect itself, and then fails.
        // The decision is made on the `Location` header as sent: URLSession turns a `file:` URL
        // without a host into a path on the same server.
        let source = response.url ?? task.currentRequest?.url
        let location = response.value(forHTTPHeaderField: "Location").flatMap { URL(string: $0, relativeTo: source)?.absoluteURL }
        guard let source, let target = location ?? request.url, let original = task.originalRequest else {
            record(task, .redirectRefused(RedirectRefusal(reason: "a redirect without a usable URL")))
            completionHandler(nil)
            return
        }
        switch RedirectPolicy.decide(from: source, to: target) {
        case .follow:
            completionHandler(RedirectPolicy.redirected(original, to: target))
        case .refuse(let refusal):
            record(task, .redirectRefused(refusal))
            completionHandler(nil)
        }
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        guard let http = response as? HTTPURLResponse else {
            fail(dataTask, .notHTTP)
            stopReading(dataTask)
            completionHandler(.cancel)
            return
        }
        let tooLarge: TransferError? = transfers.withLock { transfers in
            guard var transfer = transfers[dataTask.taskIdentifier] else { return nil }
            if let failure = transfer.failure { return failure }
            transfer.response = http
            transfers[dataTask.taskIdentifier] = transfer
            // NB: a declared length is checked before any byte is read; an encoded body's length says
            // nothing about its decoded size, which is counted as it arrives.
            let encoded = http.value(forHTTPHeaderField: "Content-Encoding").map { !$0.isEmpty && $0.lowercased() != "identity" } ?? false
            if !encoded, http.expectedContentLength > transfer.limit {
                return .tooLarge(url: transfer.url, limit: transfer.limit)
            }
            return nil
        }
        if let tooLarge {
            fail(dataTask, tooLarge)
            stopReading(dataTask)
            completionHandler(.cancel)
        } else {
            completionHandler(.allow)
        }
    }

    /// What becomes of a piece of body.
    private enum Piece {
        /// Kept: the body so far fits the limit.
        case kept
        /// Refused with this error: the body would pass the limit.
        case refused(TransferError)
        /// Dropped: the transfer was refused or given up on before.
        case dropped
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let piece: Piece = transfers.withLock { transfers in
            guard var transfer = transfers[dataTask.taskIdentifier], transfer.failure == nil, transfer.outcome == nil,
                  !transfer.stop.isRequested
            else { return .dropped }
            guard transfer.body.count + data.count <= transfer.limit else {
                return .refused(.tooLarge(url: transfer.url, limit: transfer.limit))
            }
            transfers[dataTask.taskIdentifier] = nil
            transfer.body.append(data)
            transfers[dataTask.taskIdentifier] = transfer
            return .kept
        }
        switch piece {
        case .kept:
            return
        case .refused(let failure):
            fail(dataTask, failure)
            stopReading(dataTask)
        case .dropped:
            stopReading(dataTask)
        }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        #if canImport(FoundationNetworking) && os(Linux)
        transfers.withLock { $0[task.taskIdentifier]?.watch }?.cancel()
        #endif
        let waiting: (CheckedContinuation<(Data, HTTPURLResponse), any Error>, Result<(Data, HTTPURLResponse), any Error>)? =
            transfers.withLock { transfers in
                guard var transfer = transfers[task.taskIdentifier], transfer.outcome == nil else { return nil }
                let outcome: Result<(Data, HTTPURLResponse), any Error>
                if let failure = transfer.failure {
                    outcome = .failure(failure)
                } else if transfer.stop.isRequested, error != nil {
                    // However the transfer ended once its caller gave up (cancelled, or its
                    // connection shut down by ``UndeliveredBodyWatch``), the caller was cancelled.
                    outcome = .failure(CancellationError())
                } else if let challenged = transfer.challengeResponse, !transfer.stop.isRequested,
                          (error as? URLError)?.code == .cancelled {
                    outcome = .success((Data(), challenged))
                } else if let error {
                    outcome = .failure(Self.transferError(error, url: transfer.url, headersRead: transfer.response != nil))
                } else if let response = transfer.response {
                    outcome = .success((transfer.body, response))
                } else {
                    outcome = .failure(TransferError.notHTTP)
                }
                guard let continuation = transfer.continuation else {
                    transfer.outcome = outcome
                    transfer.body = Data()
                    transfers[task.taskIdentifier] = transfer
                    return nil
                }
                transfers[task.taskIdentifier] = nil
                return (continuation, outcome)
            }
        if let (continuation, outcome) = waiting { continuation.resume(with: outcome) }
    }

    private static func transferError(_ error: any Error, url: String, headersRead: Bool) -> any Error {
        guard let urlError = error as? URLError else { return TransferError.network(String(describing: error)) }
        if !headersRead, let message = refusedHeaderMessage(urlError, url: url) { return TransferError.network(message) }
        switch urlError.code {
        case .cancelled: return CancellationError()
        case .timedOut: return TransferError.timedOut(url: url)
        default: return TransferError.network(urlError.localizedDescription)
        }
    }

    /// What to say when URLSession gave up on the response head, before any header was handed over;
    /// `nil` for any other failure.
    private static func refusedHeaderMessage(_ error: URLError, url: String) -> String? {
        #if canImport(FoundationNetworking)
        // NB: libcurl refuses a header line longer than its buffer (100 KB) as "Out of memory".
        guard error.localizedDescription == "Out of memory" else { return nil }
        return "a header line in the answer from \(url) is too long (at most 100 KB are read)"
        #else
        // Darwin's loader names no size: a head it cannot take (a line too long, or not HTTP) is one
        // of these codes, in the user's language.
        guard [.cannotParseResponse, .dataLengthExceedsMaximum].contains(error.code) else { return nil }
        return "the header of the answer from \(url) could not be read (a header line is too long, or malformed)"
        #endif
    }
}
