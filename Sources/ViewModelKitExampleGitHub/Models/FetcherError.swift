public import Foundation
internal import ViewModelKitClientSupport
internal import ViewModelKit
internal import ViewModelKitStateDump

/// Why repositories could not be fetched.
///
/// Every case has a ``description`` a person can act on. `badCode` carries the HTTP status.
///
/// ## Topics
///
/// ### Input refused before any request
///
/// - ``invalidUserName(_:reason:)``
/// - ``invalidRepositoryName(_:)``
/// - ``invalidToken(reason:)``
/// - ``badURL``
/// - ``unsafeFixturePath(_:)``
///
/// ### What GitHub answered
///
/// - ``userNotFound(_:)``
/// - ``repositoryNotFound(_:)``
/// - ``rateLimited(resetAt:)``
/// - ``secondaryRateLimited(retryAt:)``
/// - ``badCode(_:)``
///
/// ### Bodies and transfers
///
/// - ``decodingFailed(source:reason:)``
/// - ``unexpectedResponse(source:reason:)``
/// - ``missingData``
/// - ``responseTooLarge(source:limit:)``
/// - ``redirectRefused(reason:)``
/// - ``timedOut(_:)``
/// - ``deadlinePassed(source:seconds:)``
/// - ``network(_:)``
///
/// ### Describing the error
///
/// - ``description``
/// - ``errorDescription``
public enum FetcherError: Error, Equatable, Sendable, CustomStringConvertible, LocalizedError {
    /// The request URL could not be built (a malformed base URL).
    case badURL
    /// The server answered with an unexpected HTTP status.
    case badCode(Int)
    /// The server answered 200 with an empty body. For clients of your own: this package's clients
    /// report an empty body as ``decodingFailed(source:reason:)``, which names the URL or file.
    case missingData
    /// GitHub has no user (or organization) of that name (HTTP 404, or no fixture file).
    case userNotFound(String)
    /// GitHub's rate limit is exhausted; try again at `resetAt` (unknown if `nil`).
    case rateLimited(resetAt: Date?)
    /// GitHub's secondary rate limit (too many requests at once or too fast); retry at `retryAt`.
    case secondaryRateLimited(retryAt: Date)
    /// No answer arrived in time from the URL.
    case timedOut(String)
    /// The body is not the JSON expected; `source` names the URL or file, `reason` what was wrong.
    case decodingFailed(source: String, reason: String)
    /// The user name is not one GitHub allows; nothing was requested or read.
    case invalidUserName(String, reason: UserNameRule)
    /// The request did not reach GitHub or its answer did not arrive (no network, refused, timed out).
    case network(String)
    /// The repository (`owner/name`) does not exist or is not visible.
    case repositoryNotFound(String)
    /// The repository name is not one GitHub allows; nothing was requested or read.
    case invalidRepositoryName(String)
    /// A fixture path would leave the fixture directory (`..`, a symlink pointing outside); nothing was read.
    case unsafeFixturePath(String)
    /// The answer from `source` cannot be used (e.g. a `Link` header announcing absurdly many pages).
    case unexpectedResponse(source: String, reason: String)
    /// The token cannot be sent (it holds a space, a line break or another control character); nothing was
    /// requested. The reason never quotes the token.
    case invalidToken(reason: String)
    /// The body from `source` grew past `limit` bytes (counted after decompression); reading stopped there.
    case responseTooLarge(source: String, limit: Int)
    /// A redirect was not followed: it led to another origin, from https to http, or to a URL that is
    /// not http(s). The reason names where it led, never a token, user name or password.
    case redirectRefused(reason: String)
    /// The whole fetch (every page) took longer than its deadline, in seconds.
    case deadlinePassed(source: String, seconds: Int)

    /// A person-readable explanation, e.g. `user "nobody-here" not found`.
    public var description: String {
        switch self {
        case .badURL:
            return "could not build the request URL; check the API base URL"
        case .badCode(401):
            return "GitHub answered HTTP 401: bad credentials; check GITHUB_TOKEN"
        case .badCode(403):
            return "GitHub answered HTTP 403: forbidden; the token may lack access, or a proxy refused the request"
        case .badCode(let status) where status >= 500:
            return "GitHub answered HTTP \(status), a problem on its side; try again later"
        case .badCode(let status):
            return "GitHub answered HTTP \(status)"
        case .missingData:
            return "GitHub answered with an empty body"
        case .userNotFound(let user):
            return "user \(user.quotedForDisplay) not found"
        case .rateLimited(let resetAt?):
            return "rate limited by GitHub until \(resetAt.formatted(.iso8601)); set GITHUB_TOKEN for a higher limit"
        case .rateLimited(nil):
            return "rate limited by GitHub; wait a minute and try again, or set GITHUB_TOKEN for a higher limit"
        case .secondaryRateLimited(let retryAt):
            return "GitHub's secondary rate limit was hit (too many requests at once); retry after \(retryAt.formatted(.iso8601))"
        case .timedOut(let url):
            return "no answer from \(url) in time (the per-request time-out); check the network or the API URL"
        case .decodingFailed(let source, let reason):
            return "unexpected JSON in \(source): \(reason)"
        case .invalidUserName(let name, let rule):
            return "invalid user name \(name.quotedForDisplay): \(rule)"
        case .network(let message):
            return "network error: \(message)"
        case .repositoryNotFound(let fullName):
            return "repository \(fullName.quotedForDisplay) not found"
        case .invalidRepositoryName(let name):
            return "invalid repository name \(name.quotedForDisplay): use 1 to 100 letters, digits, '.', '-' or '_', not '.' or '..'"
        case .unsafeFixturePath(let message):
            return "refused: \(message)"
        case .unexpectedResponse(let source, let reason):
            return "unexpected answer from \(source): \(reason)"
        case .invalidToken(let reason):
            return "the token (GITHUB_TOKEN) cannot be used: \(reason)"
        case .responseTooLarge(let source, let limit):
            return TransferError.tooLargeMessage(url: source, limit: limit)
        case .redirectRefused(let reason):
            return "redirect refused: \(reason)"
        case .deadlinePassed(let source, let seconds):
            return "fetching \(source) took longer than \(seconds) s (the whole-fetch deadline; see --timeout)"
        }
    }

    /// The same as ``description``.
    public var errorDescription: String? { description }

    /// The error with `clean` applied to every text it holds (to redact a secret the server quoted).
    func mappingTexts(_ clean: (String) -> String) -> FetcherError {
        switch self {
        case .badURL, .badCode, .missingData, .rateLimited, .secondaryRateLimited: return self
        case .userNotFound(let user): return .userNotFound(clean(user))
        case .timedOut(let url): return .timedOut(clean(url))
        case .decodingFailed(let source, let reason): return .decodingFailed(source: clean(source), reason: clean(reason))
        case .invalidUserName(let name, let rule): return .invalidUserName(clean(name), reason: rule)
        case .network(let message): return .network(clean(message))
        case .unsafeFixturePath(let message): return .unsafeFixturePath(clean(message))
        case .unexpectedResponse(let source, let reason): return .unexpectedResponse(source: clean(source), reason: clean(reason))
        case .invalidToken(let reason): return .invalidToken(reason: clean(reason))
        case .repositoryNotFound(let fullName): return .repositoryNotFound(clean(fullName))
        case .invalidRepositoryName(let name): return .invalidRepositoryName(clean(name))
        case .responseTooLarge(let source, let limit): return .responseTooLarge(source: clean(source), limit: limit)
        case .redirectRefused(let reason): return .redirectRefused(reason: clean(reason))
        case .deadlinePassed(let source, let seconds): return .deadlinePassed(source: clean(source), seconds: seconds)
        }
    }
}

extension String {
    /// The string in double quotes with control characters escaped, safe to print on one line.
    var quotedForDisplay: String { dumpStringLiteral(self) }
}
