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
/// ```swift
/// let session = LimitedHTTPSession(configuration: .ephemeral)
/// let (body, response) = try await session.data(for: request, limit: 64 << 20)
/// ```
package final class LimitedHTTPSession: Sendable {
    private let session: URLSession
    private let delegate: TransferDelegate

    /// Creates a session with `configuration`; the session's delegate is this type's own.
    package init(configuration: URLSessionConfiguration) {
        let delegate = TransferDelegate()
        self.delegate = delegate
        self.session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: nil)
    }

    deinit {
        session.finishTasksAndInvalidate()
    }

    /// Sends `request` and returns the body and response, reading at most `limit` bytes of body.
    /// - Throws: ``TransferError``, or `CancellationError` when the calling task is cancelled.
    package func data(for request: URLRequest, limit: Int) async throws -> (Data, HTTPURLResponse) {
        let task = session.dataTask(with: request)
        let shownURL = request.url?.displayString ?? ""
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<(Data, HTTPURLResponse), any Error>) in
                delegate.register(task, limit: limit, url: shownURL, continuation: continuation)
                if Task.isCancelled { task.cancel() }
                task.resume()
            }
        } onCancel: {
            task.cancel()
        }
    }
}

/// The session's delegate: one record per running task.
private final class TransferDelegate: NSObject, URLSessionDataDelegate, Sendable {
    struct Transfer {
        var limit: Int
        var url: String
        var continuation: CheckedContinuation<(Data, HTTPURLResponse), any Error>
        var body = Data()
        var response: HTTPURLResponse?
        var failure: TransferError?
    }

    private let transfers = Mutex<[Int: Transfer]>([:])

    func register(
        _ task: URLSessionTask, limit: Int, url: String,
        continuation: CheckedContinuation<(Data, HTTPURLResponse), any Error>
    ) {
        transfers.withLock { $0[task.taskIdentifier] = Transfer(limit: limit, url: url, continuation: continuation) }
    }

    /// Records `failure` for `task`; the first one wins.
    private func record(_ task: URLSessionTask, _ failure: TransferError) {
        transfers.withLock { transfers in
            if transfers[task.taskIdentifier]?.failure == nil { transfers[task.taskIdentifier]?.failure = failure }
        }
    }

    /// Ends the transfer of `task` with `failure` now, and cancels the task. The caller does not wait
    /// for URLSession to finish cancelling: data it still delivers is dropped.
    private func fail(_ task: URLSessionTask, _ failure: TransferError) {
        let transfer = transfers.withLock { $0.removeValue(forKey: task.taskIdentifier) }
        // NB: resume before cancelling: `cancel()` waits for URLSession's work queue, which a fast
        // server keeps busy, while every piece it reads still queues up for this delegate.
        transfer?.continuation.resume(throwing: transfer?.failure ?? failure)
        task.cancel()
    }

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
            completionHandler(.cancel)
        } else {
            completionHandler(.allow)
        }
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let tooLarge: TransferError? = transfers.withLock { transfers in
            guard var transfer = transfers[dataTask.taskIdentifier], transfer.failure == nil else { return nil }
            guard transfer.body.count + data.count <= transfer.limit else {
                transfer.body = Data()
                transfers[dataTask.taskIdentifier] = transfer
                return .tooLarge(url: transfer.url, limit: transfer.limit)
            }
            transfers[dataTask.taskIdentifier] = nil
            transfer.body.append(data)
            transfers[dataTask.taskIdentifier] = transfer
            return nil
        }
        if let tooLarge { fail(dataTask, tooLarge) }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        guard let transfer = transfers.withLock({ $0.removeValue(forKey: task.taskIdentifier) }) else { return }
        if let failure = transfer.failure {
            transfer.continuation.resume(throwing: failure)
        } else if let error {
            transfer.continuation.resume(throwing: Self.transferError(error, url: transfer.url, headersRead: transfer.response != nil))
        } else if let response = transfer.response {
            transfer.continuation.resume(returning: (transfer.body, response))
        } else {
            transfer.continuation.resume(throwing: TransferError.notHTTP)
        }
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
