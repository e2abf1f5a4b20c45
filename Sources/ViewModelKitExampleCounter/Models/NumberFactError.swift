internal import ViewModelKitClientSupport

/// Why a number fact could not be fetched. Each case has a ``description`` a person can act on.
///
/// ## Topics
///
/// ### Errors
///
/// - ``badURL``
/// - ``unsafeFixturePath(_:)``
/// - ``noFact(_:)``
/// - ``badCode(_:)``
/// - ``notText(contentType:)``
/// - ``responseTooLarge(source:limit:)``
/// - ``redirectRefused(reason:)``
/// - ``timedOut(_:)``
/// - ``network(_:)``
///
/// ### Describing the error
///
/// - ``description``
public enum NumberFactError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The request URL could not be built (a malformed base URL).
    case badURL
    /// The server answered with an unexpected HTTP status.
    case badCode(Int)
    /// The body is not text (another content type, invalid UTF-8, or empty).
    case notText(contentType: String?)
    /// There is no fact for the number (no fixture file for it).
    case noFact(Int)
    /// The request did not reach the server or its answer did not arrive.
    case network(String)
    /// A fixture path would leave the fixture directory (a symlink pointing outside); nothing was read.
    case unsafeFixturePath(String)
    /// No complete answer arrived from the URL within the request deadline.
    case timedOut(String)
    /// The body from `source` grew past `limit` bytes; reading stopped there.
    case responseTooLarge(source: String, limit: Int)
    /// A redirect was not followed (to another origin, from https to http, or to a non-http URL).
    case redirectRefused(reason: String)

    /// A person-readable explanation.
    public var description: String {
        switch self {
        case .badURL:
            return "could not build the request URL; check the Numbers API base URL"
        case .badCode(let status):
            return "the Numbers API answered HTTP \(status)"
        case .notText(let contentType?):
            return "the Numbers API answered with \(contentType), not text"
        case .notText(nil):
            return "the Numbers API answered with something that is not text"
        case .noFact(let number):
            return "no fact about \(number) is known"
        case .network(let message):
            return "network error: \(message)"
        case .unsafeFixturePath(let message):
            return "refused: \(message)"
        case .timedOut(let url):
            return "the Numbers API timed out: no complete answer from \(url) in time"
        case .responseTooLarge(let source, let limit):
            return TransferError.tooLargeMessage(url: source, limit: limit)
        case .redirectRefused(let reason):
            return "redirect refused: \(reason)"
        }
    }
}
