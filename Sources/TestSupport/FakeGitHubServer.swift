public import Foundation
internal import Synchronization

/// A loopback server that answers `GET /users/{user}/repos` the way GitHub does: paginated, with
/// `Link` headers that switch to numeric `/user/{id}/repos` URLs, weak ETags and `304 Not Modified`
/// for `If-None-Match`, and `X-RateLimit-*` headers. Latency, failing pages and stalled pages can be
/// injected; it counts how many requests were in flight at once.
///
/// ```swift
/// let github = try FakeGitHubServer(repositories: ["octocat": data], options: .init(latency: .milliseconds(50)))
/// let client = GithubAPIClient(baseURL: github.baseURL)
/// ```
public final class FakeGitHubServer: Sendable {
    /// How the server behaves.
    public struct Options: Sendable {
        /// Whether `Link` names the `last` page (GitHub does; some proxies and endpoints do not).
        public var includeLastLink = true
        /// How long each answer takes (spent on the server's connection thread).
        public var latency: Duration = .zero
        /// Pages (1-based) answered with HTTP 500.
        public var failingPages: Set<Int> = []
        /// Pages (1-based) never answered.
        public var stallingPages: Set<Int> = []
        /// A path the API lives under, e.g. `/api/v3` for GitHub Enterprise Server.
        public var pathPrefix = ""
        /// The quota announced in `X-RateLimit-Limit`.
        public var rateLimit = 5000

        /// The defaults: GitHub's behavior, no latency, no failures.
        public init(
            includeLastLink: Bool = true,
            latency: Duration = .zero,
            failingPages: Set<Int> = [],
            stallingPages: Set<Int> = [],
            pathPrefix: String = "",
            rateLimit: Int = 5000
        ) {
            self.includeLastLink = includeLastLink
            self.latency = latency
            self.failingPages = failingPages
            self.stallingPages = stallingPages
            self.pathPrefix = pathPrefix
            self.rateLimit = rateLimit
        }
    }

    /// The reset time every response announces (`X-RateLimit-Reset`): 2023-11-14T22:13:20Z.
    public static let rateLimitReset = 1_700_000_000

    private struct Account: Sendable {
        var id: Int
        var objects: [Data]
    }

    private struct Counters {
        var remaining: Int
        var inFlight = 0
        var maxInFlight = 0
    }

    private let accounts: [String: Account]
    private let options: Options
    private let counters: Mutex<Counters>
    private let box = Mutex<LoopbackHTTPServer?>(nil)

    /// Serves `repositories` (a JSON array as GitHub returns it, per user name).
    /// - Throws: If a body is not a JSON array, or the server cannot start.
    public init(repositories: [String: Data], options: Options = Options()) throws {
        var accounts: [String: Account] = [:]
        for (index, (user, data)) in repositories.sorted(by: { $0.key < $1.key }).enumerated() {
            guard let array = try JSONSerialization.jsonObject(with: data) as? [Any] else {
                throw FakeGitHubServerError(description: "the repositories of \(user) are not a JSON array")
            }
            let objects = try array.map { try JSONSerialization.data(withJSONObject: $0, options: [.sortedKeys]) }
            accounts[user] = Account(id: 50_000 + index, objects: objects)
        }
        self.accounts = accounts
        self.options = options
        self.counters = Mutex(Counters(remaining: options.rateLimit))
        let server = try LoopbackHTTPServer { [weak self] request in
            self?.answer(request) ?? .text("gone", status: 503)
        }
        box.withLock { $0 = server }
    }

    /// The API root to give a client: the server's URL plus ``Options/pathPrefix``.
    public var baseURL: URL {
        let root = server?.baseURL ?? URL(fileURLWithPath: "/")
        return options.pathPrefix.isEmpty ? root : root.appendingPathComponent(options.pathPrefix)
    }

    /// Every request received, in order of arrival.
    public var requests: [LoopbackHTTPServer.Request] { server?.requests ?? [] }

    /// The most requests that were being answered at the same moment.
    public var maxInFlight: Int { counters.withLock { $0.maxInFlight } }

    /// The quota left, as the next response would announce it.
    public var remaining: Int { counters.withLock { $0.remaining } }

    /// Stops the server (stalled requests are released).
    public func stop() { server?.stop() }

    private var server: LoopbackHTTPServer? { box.withLock { $0 } }

    private func answer(_ request: LoopbackHTTPServer.Request) -> LoopbackHTTPServer.Response {
        counters.withLock {
            $0.inFlight += 1
            $0.maxInFlight = max($0.maxInFlight, $0.inFlight)
        }
        defer { counters.withLock { $0.inFlight -= 1 } }
        if options.latency > .zero {
            // Server-side latency, on the connection's own thread.
            Thread.sleep(forTimeInterval: Double(options.latency.components.seconds)
                + Double(options.latency.components.attoseconds) / 1e18)
        }
        var path = request.path
        if !options.pathPrefix.isEmpty {
            guard path.hasPrefix(options.pathPrefix) else { return notFound() }
            path.removeFirst(options.pathPrefix.count)
        }
        let parts = path.split(separator: "/").map(String.init)
        guard parts.count == 3, parts[2] == "repos" else { return notFound() }
        let account: Account?
        switch parts[0] {
        case "users": account = accounts[parts[1]]
        case "user": account = accounts.values.first { String($0.id) == parts[1] }
        default: account = nil
        }
        guard let account else { return notFound() }

        let perPage = min(100, max(1, request.query["per_page"].flatMap { Int($0) } ?? 30))
        let page = max(1, request.query["page"].flatMap { Int($0) } ?? 1)
        let pageCount = max(1, (account.objects.count + perPage - 1) / perPage)
        if options.stallingPages.contains(page) {
            var response = LoopbackHTTPServer.Response.text("")
            response.stall = true
            return response
        }
        if options.failingPages.contains(page) {
            return .json(#"{"message":"Server Error"}"#, status: 500)
        }
        let start = min(account.objects.count, (page - 1) * perPage)
        let slice = account.objects[start..<min(account.objects.count, start + perPage)]
        var body = Data("[".utf8)
        for (index, object) in slice.enumerated() {
            if index > 0 { body.append(Data(",".utf8)) }
            body.append(object)
        }
        body.append(Data("]".utf8))
        let etag = "W/\"\(Self.fnv1a(body))\""

        var headers: [(name: String, value: String)] = [("ETag", etag)]
        let link = self.link(account: account, page: page, pageCount: pageCount, perPage: perPage)
        if !link.isEmpty { headers.append(("Link", link)) }
        let notModified = request.header("If-None-Match") == etag
        let remaining = counters.withLock { counters -> Int in
            if !notModified { counters.remaining = max(0, counters.remaining - 1) }
            return counters.remaining
        }
        headers += [
            ("X-RateLimit-Limit", String(options.rateLimit)),
            ("X-RateLimit-Remaining", String(remaining)),
            ("X-RateLimit-Reset", String(Self.rateLimitReset)),
            ("X-RateLimit-Resource", "core"),
        ]
        if notModified { return LoopbackHTTPServer.Response(status: 304, headers: headers) }
        headers.append(("Content-Type", "application/json; charset=utf-8"))
        return LoopbackHTTPServer.Response(status: 200, headers: headers, body: body)
    }

    /// GitHub's `Link` header for `page`: prev, next, last, first, with numeric-id URLs.
    private func link(account: Account, page: Int, pageCount: Int, perPage: Int) -> String {
        let root = baseURL.absoluteString
        func url(_ number: Int) -> String { "<\(root)/user/\(account.id)/repos?per_page=\(perPage)&page=\(number)>" }
        var parts: [String] = []
        if page > 1 { parts.append("\(url(page - 1)); rel=\"prev\"") }
        if page < pageCount { parts.append("\(url(page + 1)); rel=\"next\"") }
        if options.includeLastLink && page < pageCount { parts.append("\(url(pageCount)); rel=\"last\"") }
        if page > 1 { parts.append("\(url(1)); rel=\"first\"") }
        return parts.joined(separator: ", ")
    }

    private func notFound() -> LoopbackHTTPServer.Response {
        .json(#"{"message":"Not Found","documentation_url":"https://docs.github.com/rest","status":"404"}"#, status: 404)
    }

    private static func fnv1a(_ data: Data) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in data {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        return String(hash, radix: 16)
    }
}

/// Data a ``FakeGitHubServer`` cannot serve.
public struct FakeGitHubServerError: Error, CustomStringConvertible {
    /// What is wrong.
    public var description: String
}
