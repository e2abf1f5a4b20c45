public import Foundation
#if canImport(FoundationNetworking)
public import FoundationNetworking
#endif
internal import ViewModelKitClientSupport
internal import ViewModelKitRedaction
internal import Synchronization
internal import ViewModelKit

/// The live client: GitHub's REST API over `URLSession`.
///
/// ```swift
/// let client = GithubAPIClient(token: ProcessInfo.processInfo.environment["GITHUB_TOKEN"])
/// let repositories = try await client.fetchRepositories(user: "apple")
/// ```
///
/// It requests `GET {baseURL}/users/{user}/repos?per_page=100` with its own `User-Agent`,
/// `Accept: application/vnd.github+json`, `X-GitHub-Api-Version: 2022-11-28`, and
/// `Authorization: Bearer …` when a token is given, and turns every failure into a ``FetcherError``.
///
/// - **Pagination.** It follows GitHub's `Link` header exactly as given. Once the first page names the
///   `last` page, it fetches the rest concurrently (at most ``maxConcurrentPages`` at a time), deriving
///   each page URL from the `last` URL, and returns every repository in GitHub's order. Without a
///   `last` link it follows `next` one page at a time. Links to another host are not followed, so the
///   token never leaves the API host. Cancelling the calling task cancels every request in flight.
/// - **Conditional requests.** Each page's `ETag` is kept in ``cache`` and sent back as
///   `If-None-Match`; a `304 Not Modified` serves the stored page and does not count against the
///   rate limit.
/// - **Rate limits and time-outs.** Exhausted quotas become ``FetcherError/rateLimited(resetAt:)`` or
///   ``FetcherError/secondaryRateLimited(retryAt:)``; ``rateLimit`` tells the quota left. A request
///   that gets no answer within ``timeout`` fails with ``FetcherError/timedOut(_:)``; a whole fetch
///   (every page) that takes longer than ``deadline`` fails with ``FetcherError/deadlinePassed(source:seconds:)``.
/// - **Hostile servers.** A body is read only up to ``maximumResponseBytes`` (counted after
///   decompression); past it the request is cancelled and fails with
///   ``FetcherError/responseTooLarge(source:limit:)``. Redirects are followed only within the API's
///   origin (scheme, host and port); a redirect anywhere else, from https to http, or to a `file:` or
///   `data:` URL is refused with ``FetcherError/redirectRefused(reason:)`` rather than followed without
///   the token, so another server's answer is never shown as GitHub's.
///
/// The token never appears in an error, in the cache, or in the client's description: any run of
/// eight or more of its characters in a body, a header or a message counts as the token. A URL's user
/// name and password are never shown.
///
/// ## Topics
///
/// ### Creating a client
///
/// - ``init(baseURL:token:configuration:userAgent:maxConcurrentPages:timeout:deadline:maximumResponseBytes:cache:clock:now:)``
/// - ``defaultBaseURL``
/// - ``defaultDeadline``
/// - ``defaultMaximumResponseBytes``
///
/// ### Fetching
///
/// - ``fetchRepositories(user:)``
/// - ``fetchRepositories(user:completion:)``
/// - ``fetchRepository(owner:name:)``
/// - ``rateLimit``
///
/// ### Configuration
///
/// - ``baseURL``
/// - ``userAgent``
/// - ``apiVersion``
/// - ``pageSize``
/// - ``maxConcurrentPages``
/// - ``timeout``
/// - ``deadline``
/// - ``maximumResponseBytes``
/// - ``cache``
public struct GithubAPIClient: GithubAPIClientProtocol, RepositoryDetailClientProtocol, CustomStringConvertible, CustomReflectable {
    /// `https://api.github.com`.
    public static let defaultBaseURL: URL = {
        guard let url = URL(string: "https://api.github.com") else {
            preconditionFailure("the constant GitHub API URL is malformed")
        }
        return url
    }()

    /// The REST API version this client speaks.
    public static let apiVersion = "2022-11-28"

    /// Repositories per page: GitHub's maximum.
    public static let pageSize = 100

    /// The API root: `https://api.github.com`, or `https://HOST/api/v3` for GitHub Enterprise Server.
    public let baseURL: URL
    /// The `User-Agent` header (GitHub refuses requests without one).
    public let userAgent: String
    /// How many pages are fetched at the same time once the page count is known.
    public let maxConcurrentPages: Int
    /// How long one request may go unanswered.
    public let timeout: Duration
    /// How long a whole fetch (every page of a list, or one repository) may take.
    public let deadline: Duration
    /// The most bytes of body read from one response.
    public let maximumResponseBytes: Int
    /// The `ETag` cache for conditional requests.
    public let cache: ResponseCache
    private let token: String?
    private let session: LimitedHTTPSession
    private let redactor: SecretRedactor
    private let clock: any Clock<Duration>
    private let now: @Sendable () -> Date
    private let quota = QuotaMonitor()

    /// Creates a live client.
    /// - Parameters:
    ///   - baseURL: The API root. Defaults to ``defaultBaseURL``.
    ///   - token: A personal access token, sent as `Authorization: Bearer`; `nil` or empty for none.
    ///   - configuration: The URL session configuration to use. Defaults to one without a URL cache
    ///     (``cache`` does conditional requests) that allows enough connections for ``maxConcurrentPages``.
    ///     The client's own session delegate enforces the redirect rule and the body limit.
    ///   - userAgent: The `User-Agent` header.
    ///   - maxConcurrentPages: Pages fetched at the same time. Defaults to 6.
    ///   - timeout: How long one request may go unanswered. Defaults to 30 seconds.
    ///   - deadline: How long a whole fetch may take. Defaults to 5 minutes.
    ///   - maximumResponseBytes: The most bytes of body read from one response. Defaults to 64 MB.
    ///   - cache: Where ETags and pages are kept. Defaults to a new in-memory cache.
    ///   - clock: What the time-out is measured on. Tests pass a `TestClock`.
    ///   - now: The current time, used to turn `Retry-After` seconds into a date.
    public init(
        baseURL: URL = GithubAPIClient.defaultBaseURL,
        token: String? = nil,
        configuration: URLSessionConfiguration? = nil,
        userAgent: String = "ViewModelKit-GitHubRepositories/0.1",
        maxConcurrentPages: Int = 6,
        timeout: Duration = .seconds(30),
        deadline: Duration = GithubAPIClient.defaultDeadline,
        maximumResponseBytes: Int = GithubAPIClient.defaultMaximumResponseBytes,
        cache: ResponseCache = ResponseCache(),
        clock: any Clock<Duration> = ContinuousClock(),
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.baseURL = baseURL
        // NB: a token read from a file often ends in a newline; surrounding white space is never part of it.
        self.token = token.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }.flatMap { $0.isEmpty ? nil : $0 }
        self.maxConcurrentPages = max(1, maxConcurrentPages)
        self.session = LimitedHTTPSession(configuration: configuration ?? Self.makeConfiguration(connections: max(6, maxConcurrentPages)))
        self.redactor = SecretRedactor(secret: self.token)
        self.userAgent = userAgent
        self.timeout = timeout
        self.deadline = deadline
        self.maximumResponseBytes = max(1, maximumResponseBytes)
        self.cache = cache
        self.clock = clock
        self.now = now
    }

    /// How long a whole fetch may take unless the caller says otherwise: 5 minutes.
    public static let defaultDeadline: Duration = .seconds(300)

    /// The most bytes of body read from one response unless the caller says otherwise: 64 MB, the
    /// same as the largest fixture file replayed.
    public static let defaultMaximumResponseBytes = ByteSize.defaultResponseLimit

    /// The quota left, as GitHub last reported it (`nil` before the first response).
    public var rateLimit: RateLimit? { quota.latest }

    /// Names the host and whether a token is set, never the token.
    public var description: String {
        "GithubAPIClient(baseURL: \(baseURL.displayString), token: \(token == nil ? "none" : "set"))"
    }

    /// Shows the base URL and user agent to `dump` and debuggers, and whether a token is set, never the token.
    public var customMirror: Mirror {
        Mirror(self, children: ["baseURL": baseURL.displayString, "userAgent": userAgent, "token": token == nil ? "none" : "set"])
    }

    /// Fetches every one of `user`'s repositories, all pages, in GitHub's order.
    /// - Throws: ``FetcherError``, or `CancellationError` when the calling task is cancelled.
    public func fetchRepositories(user: String) async throws -> [GitHubRepository] {
        try await redactingToken {
            var repositories: [GitHubRepository] = []
            for page in try await fetchRepositoryPages(user: user) {
                repositories += try await GitHubRepository.decodeListConcurrently(from: page.body, source: page.url.displayString)
            }
            return repositories
        }
    }

    /// Runs `operation`, removing the token from any error it throws. Errors quote what the server
    /// sent (an error body's `message`, an HTML title, a URL from a `Link` header); a proxy that
    /// echoes the request's `Authorization` header must not put the token, or a piece of it, into a message.
    func redactingToken<Value>(_ operation: () async throws -> Value) async throws -> Value {
        do {
            return try await operation()
        } catch let error as FetcherError {
            guard token != nil else { throw error }
            throw error.mappingTexts(redactor.redact)
        }
    }

    /// `text` with every run of the token replaced by `[token]`.
    func redacted(_ text: String) -> String { redactor.redact(text) }

    /// Fetches one repository (`GET /repos/{owner}/{repo}`), conditionally if its ETag is cached.
    /// - Throws: ``FetcherError`` (``FetcherError/repositoryNotFound(_:)`` for a 404), or
    ///   `CancellationError` when the calling task is cancelled.
    public func fetchRepository(owner: String, name: String) async throws -> GitHubRepositoryDetail {
        let path = try GitHubRepositoryPath(owner: owner, name: name)
        let target = try url(path: ["repos", path.owner.rawValue, path.name], query: [])
        let page: Page
        do {
            page = try await fetchPage(target, user: path.owner.rawValue)
        } catch FetcherError.userNotFound {
            throw FetcherError.repositoryNotFound(path.description)
        }
        return try GitHubRepositoryDetail.decode(from: page.body, source: target.displayString)
    }

    // MARK: - Pages

    /// One page of a list response.
    struct Page: Sendable {
        var url: URL
        var body: Data
        var links: LinkHeader
    }

    /// Every page of `user`'s repository list, in order.
    func fetchRepositoryPages(user: String) async throws -> [Page] {
        try await redactingToken {
            try await withDeadline(deadline, on: clock, expired: { [self] in
                let source = (try? url(path: ["users", user, "repos"], query: []))?.displayString ?? baseURL.displayString
                return FetcherError.deadlinePassed(source: source, seconds: Int(deadline.components.seconds))
            }) { [self] in
                try await fetchRepositoryPagesUnredacted(user: user)
            }
        }
    }

    private func fetchRepositoryPagesUnredacted(user: String) async throws -> [Page] {
        let name = try GitHubUserName(user)
        if let token { try Self.checkToken(token) }
        let first = try url(path: ["users", name.rawValue, "repos"], query: [("per_page", String(Self.pageSize))])
        let firstPage = try await fetchPage(first, user: name.rawValue)
        func tooManyPages(_ count: String) -> FetcherError {
            .unexpectedResponse(
                source: first.displayString,
                reason: "the Link header leads to \(count) pages; at most \(LinkHeader.maximumPageCount) are fetched"
            )
        }
        if let last = firstPage.links.last, isSameOrigin(last), let lastPage = LinkHeader.pageNumber(of: last), lastPage >= 2 {
            guard lastPage <= LinkHeader.maximumPageCount else { throw tooManyPages(String(lastPage)) }
            let rest = LinkHeader.pageURLs(from: 2, toLast: last)
            if rest.count == lastPage - 1, rest.allSatisfy(isSameOrigin) {
                return [firstPage] + (try await fetchConcurrently(rest, user: name.rawValue))
            }
        }
        // No usable `last` link: follow `next`, never to a page already fetched.
        var pages = [firstPage]
        var visited: Set<URL> = [first]
        var next = firstPage.links.next
        while let url = next, isSameOrigin(url), visited.insert(url).inserted {
            guard pages.count < LinkHeader.maximumPageCount else { throw tooManyPages("more than \(pages.count)") }
            let page = try await fetchPage(url, user: name.rawValue)
            pages.append(page)
            next = page.links.next
        }
        return pages
    }

    /// Fetches `urls` with at most ``maxConcurrentPages`` in flight; returns the pages in `urls`' order.
    /// The first failure cancels the others and is thrown.
    private func fetchConcurrently(_ urls: [URL], user: String) async throws -> [Page] {
        try await withThrowingTaskGroup(of: (Int, Page).self) { group in
            var pages = [Page?](repeating: nil, count: urls.count)
            var started = 0
            while started < min(maxConcurrentPages, urls.count) {
                let index = started
                group.addTask { (index, try await fetchPage(urls[index], user: user)) }
                started += 1
            }
            while let (index, page) = try await group.next() {
                pages[index] = page
                if started < urls.count {
                    let next = started
                    group.addTask { (next, try await fetchPage(urls[next], user: user)) }
                    started += 1
                }
            }
            return pages.compactMap { $0 }
        }
    }

    /// Fetches one page, conditionally if its ETag is known.
    private func fetchPage(_ url: URL, user: String) async throws -> Page {
        var request = makeRequest(url)
        let cached = cache.entry(for: url)
        if let cached { request.setValue(cached.etag, forHTTPHeaderField: "If-None-Match") }
        let (received, response) = try await send(request)
        // NB: a server that quotes the token (a proxy echoing `Authorization`) has it cut out here,
        // before any error message cuts a quote to length or anything is cached or shown.
        let data = redactor.redact(received)
        if let limit = RateLimit(header: { response.value(forHTTPHeaderField: $0) }) { quota.record(limit) }
        if response.statusCode == 304, let cached {
            return Page(url: url, body: cached.body, links: LinkHeader(cached.link ?? ""))
        }
        try check(response, user: user)
        let link = response.value(forHTTPHeaderField: "Link")
        if let etag = response.value(forHTTPHeaderField: "ETag"), !data.isEmpty, data == received,
           !redactor.reveals(etag), !(link.map(redactor.reveals) ?? false) {
            cache.store(.init(url: url.absoluteString, etag: etag, link: link, body: data))
        }
        return Page(url: url, body: data, links: LinkHeader(link ?? ""))
    }

    // MARK: - Requests

    /// `path` under ``baseURL`` with `query`: the first request of a fetch. Under tests, a URL on the
    /// real API is refused here (and the test fails), before anything is sent.
    private func url(path: [String], query: [(String, String)]) throws(FetcherError) -> URL {
        var url = baseURL
        for component in path { url.appendPathComponent(component) }
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false),
              let scheme = components.scheme?.lowercased(), scheme == "https" || scheme == "http",
              components.host != nil
        else { throw .badURL }
        components.queryItems = query.isEmpty ? nil : query.map { URLQueryItem(name: $0.0, value: $0.1) }
        guard let result = components.url else { throw .badURL }
        if refuseLiveRequestInTests(
            client: "GithubAPIClient", url: result, realHost: Self.defaultBaseURL.host,
            isTesting: IssueReporting.isTesting, report: { reportIssue($0) }
        ) {
            throw .network("the live GitHub API is not available to tests")
        }
        return result
    }

    /// Whether `url` is on the API host (scheme, host and port), so the token may go there.
    private func isSameOrigin(_ url: URL) -> Bool {
        url.scheme?.lowercased() == baseURL.scheme?.lowercased() && url.host?.lowercased() == baseURL.host?.lowercased()
            && url.port == baseURL.port
    }

    /// A GET request for `url` with this client's headers.
    private func makeRequest(_ url: URL) -> URLRequest {
        var request = URLRequest(url: url)
        request.setValue(userAgent, forHTTPHeaderField: "User-Agent")
        request.setValue("application/vnd.github+json", forHTTPHeaderField: "Accept")
        request.setValue(Self.apiVersion, forHTTPHeaderField: "X-GitHub-Api-Version")
        if let token { request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization") }
        // URLSession's own time-out is a backstop; ``timeout`` is enforced on ``clock``.
        request.timeoutInterval = max(1, Double(timeout.components.seconds) + 5)
        return request
    }

    /// Sends `request`, failing with ``FetcherError/timedOut(_:)`` if ``timeout`` passes first.
    private func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
        let url = request.url?.displayString ?? ""
        return try await withDeadline(timeout, on: clock, expired: { FetcherError.timedOut(url) }) { [session, maximumResponseBytes] in
            do {
                return try await session.data(for: request, limit: maximumResponseBytes)
            } catch let error as TransferError {
                throw FetcherError(error)
            }
        }
    }

    /// Refuses a token that cannot go in an HTTP header as it is: control characters (a line break
    /// would smuggle in another header), spaces, or anything beyond visible ASCII. The reason names the
    /// offending character's position and kind, never the token.
    static func checkToken(_ token: String) throws(FetcherError) {
        for (offset, byte) in token.utf8.enumerated() where !(0x21...0x7E).contains(byte) {
            let kind = switch byte {
            case 0x0A, 0x0D: "a line break"
            case 0x20, 0x09: "white space"
            case 0x00..<0x20, 0x7F: "a control character"
            default: "a character that is not ASCII"
            }
            throw .invalidToken(reason: "it holds \(kind) at byte \(offset); a token is letters, digits and punctuation only")
        }
    }

    /// Maps a status other than 200 to its ``FetcherError``.
    private func check(_ response: HTTPURLResponse, user: String) throws(FetcherError) {
        let status = response.statusCode
        func header(_ name: String) -> String? {
            response.value(forHTTPHeaderField: name)?.trimmingCharacters(in: .whitespaces)
        }
        switch status {
        case 200:
            return
        case 404:
            throw .userNotFound(user)
        case 403, 429:
            if header("X-RateLimit-Remaining") == "0" {
                throw .rateLimited(resetAt: RateLimit.resetDate(header("X-RateLimit-Reset")))
            }
            if let retryAfter = RateLimit.retryAfterSeconds(header("Retry-After")) {
                throw .secondaryRateLimited(retryAt: now().addingTimeInterval(retryAfter))
            }
            throw status == 429 ? .rateLimited(resetAt: nil) : .badCode(status)
        default:
            throw .badCode(status)
        }
    }

    private static func makeConfiguration(connections: Int) -> URLSessionConfiguration {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.httpMaximumConnectionsPerHost = connections
        return configuration
    }
}

/// The quota GitHub reported last. Concurrent pages answer in any order, so within one window
/// (same reset time) the lowest `remaining` wins: the quota only goes down until the window resets.
private final class QuotaMonitor: Sendable {
    private let value = Mutex<RateLimit?>(nil)

    var latest: RateLimit? { value.withLock { $0 } }

    func record(_ limit: RateLimit) {
        value.withLock { current in
            if let current, current.resetAt == limit.resetAt, current.remaining <= limit.remaining { return }
            current = limit
        }
    }
}

extension FetcherError: TransferErrorRepresentable {}
