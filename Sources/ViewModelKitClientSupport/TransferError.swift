/// Why one HTTP exchange through a ``LimitedHTTPSession`` failed. Each client turns it into its own
/// error type; the texts never hold a user name or password from a URL.
package enum TransferError: Error, Equatable, Sendable {
    /// The body grew past `limit` bytes (counted after decompression); the request was cancelled.
    case tooLarge(url: String, limit: Int)
    /// A redirect was not followed.
    case redirectRefused(RedirectRefusal)
    /// URLSession's own time-out passed.
    case timedOut(url: String)
    /// The answer was not an HTTP response.
    case notHTTP
    /// Any other failure, described by URLSession.
    case network(String)
    /// A redirect's body went on arriving, unseen by the client (FoundationNetworking keeps it to
    /// itself until it ends), until the transfer was stopped.
    case undeliveredBody(url: String)

    /// `response from <url> is larger than 64 MB`.
    package static func tooLargeMessage(url: String, limit: Int) -> String {
        "response from \(url) is larger than \(ByteSize.describe(limit))"
    }
}

/// A client's error type that can say what a failed exchange means; its cases witness these
/// requirements, so one mapping serves every client.
package protocol TransferErrorRepresentable: Error {
    /// The body from `source` grew past `limit` bytes.
    static func responseTooLarge(source: String, limit: Int) -> Self
    /// A redirect was not followed.
    static func redirectRefused(reason: String) -> Self
    /// No answer from the URL in time.
    static func timedOut(_ url: String) -> Self
    /// Any other failure to reach the server.
    static func network(_ message: String) -> Self
}

extension TransferErrorRepresentable {
    /// The client's error for `error`.
    package init(_ error: TransferError) {
        switch error {
        case .tooLarge(let url, let limit): self = .responseTooLarge(source: url, limit: limit)
        case .redirectRefused(let refusal): self = .redirectRefused(reason: refusal.reason)
        case .timedOut(let url): self = .timedOut(url)
        case .notHTTP: self = .network("the answer was not an HTTP response")
        case .network(let message): self = .network(message)
        case .undeliveredBody(let url): self = .network("the redirect from \(url) sent a body that did not end; the transfer was stopped")
        }
    }
}
