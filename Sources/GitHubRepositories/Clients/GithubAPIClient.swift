public import Foundation
#if canImport(FoundationNetworking)
public import FoundationNetworking
#endif
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
/// The token never appears in an error or in the client's description.
public struct GithubAPIClient: GithubAPIClientProtocol, CustomStringConvertible, CustomReflectable {
    /// `https://api.github.com`.
    public static let defaultBaseURL: URL = {
        guard let url = URL(string: "https://api.github.com") else {
            preconditionFailure("the constant GitHub API URL is malformed")
        }
        return url
    }()

    /// The REST API version this client speaks.
    public static let apiVersion = "2022-11-28"

    /// The API root: `https://api.github.com`, or `https://HOST/api/v3` for GitHub Enterprise Server.
    public let baseURL: URL
    /// The `User-Agent` header (GitHub refuses requests without one).
    public let userAgent: String
    private let token: String?
    private let session: URLSession
    private let now: @Sendable () -> Date

    /// Creates a live client.
    /// - Parameters:
    ///   - baseURL: The API root. Defaults to ``defaultBaseURL``.
    ///   - token: A personal access token, sent as `Authorization: Bearer`; `nil` or empty for none.
    ///   - session: The URL session to use.
    ///   - userAgent: The `User-Agent` header.
    ///   - now: The current time, used to turn `Retry-After` seconds into a date.
    public init(
        baseURL: URL = GithubAPIClient.defaultBaseURL,
        token: String? = nil,
        session: URLSession = .shared,
        userAgent: String = "ViewModelKit-GitHubRepositories/0.1",
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.baseURL = baseURL
        self.token = token.flatMap { $0.isEmpty ? nil : $0 }
        self.session = session
        self.userAgent = userAgent
        self.now = now
    }

    /// Names the host and whether a token is set, never the token.
    public var description: String {
        "GithubAPIClient(baseURL: \(baseURL.absoluteString), token: \(token == nil ? "none" : "set"))"
    }

    /// Shows the base URL and user agent to `dump` and debuggers, and whether a token is set, never the token.
    public var customMirror: Mirror {
        Mirror(self, children: ["baseURL": baseURL, "userAgent": userAgent, "token": token == nil ? "none" : "set"])
    }

    /// Fetches `user`'s repositories from GitHub.
    /// - Throws: ``FetcherError``, or `CancellationError` when the calling task is cancelled.
    public func fetchRepositories(user: String) async throws -> [GitHubRepository] {
        let name = try GitHubUserName(user)
        let request = try makeRequest(path: ["users", name.rawValue, "repos"], query: [("per_page", "100")])
        try refuseLiveGitHubInTests(request)
        let (data, response) = try await send(request)
        try check(response, user: name.rawValue)
        return try GitHubRepository.decodeList(from: data, source: request.url?.absoluteString ?? "response")
    }

    /// The request for `path` under ``baseURL`` with this client's headers.
    func makeRequest(path: [String], query: [(String, String)]) throws(FetcherError) -> URLRequest {
        var url = baseURL
        for component in path { url.appendPathComponent(component) }
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false),
              components.scheme == "https" || components.scheme == "http", components.host != nil
        else { throw .badURL }
        components.queryItems = query.map { URLQueryItem(name: $0.0, value: $0.1) }
        guard let finalURL = components.url else { throw .badURL }
        var request = URLRequest(url: finalURL)
        request.setValue(userAgent, forHTTPHeaderField: "User-Agent")
        request.setValue("application/vnd.github+json", forHTTPHeaderField: "Accept")
        request.setValue(Self.apiVersion, forHTTPHeaderField: "X-GitHub-Api-Version")
        if let token { request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization") }
        return request
    }

    /// Tests must not reach the real GitHub: a live client at the default host fails the test instead.
    private func refuseLiveGitHubInTests(_ request: URLRequest) throws(FetcherError) {
        if refuseLiveRequestInTests(client: "GithubAPIClient", url: request.url, realHost: Self.defaultBaseURL.host) {
            throw .network("the live GitHub API is not available to tests")
        }
    }

    private func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
        let data: Data
        let response: URLResponse
        do {
            (data, response) = try await session.data(for: request)
        } catch let error as URLError {
            if error.code == .cancelled || Task.isCancelled { throw CancellationError() }
            throw FetcherError.network(error.localizedDescription)
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            if Task.isCancelled { throw CancellationError() }
            throw FetcherError.network(String(describing: error))
        }
        try Task.checkCancellation()
        guard let http = response as? HTTPURLResponse else {
            throw FetcherError.network("the answer was not an HTTP response")
        }
        return (data, http)
    }

    /// Maps a non-200 status to its ``FetcherError``.
    private func check(_ response: HTTPURLResponse, user: String) throws(FetcherError) {
        let status = response.statusCode
        switch status {
        case 200:
            return
        case 404:
            throw .userNotFound(user)
        case 403, 429:
            if response.value(forHTTPHeaderField: "X-RateLimit-Remaining") == "0" {
                let reset = response.value(forHTTPHeaderField: "X-RateLimit-Reset")
                    .flatMap { TimeInterval($0.trimmingCharacters(in: .whitespaces)) }
                throw .rateLimited(resetAt: reset.map { Date(timeIntervalSince1970: $0) })
            }
            if let retryAfter = response.value(forHTTPHeaderField: "Retry-After")
                .flatMap({ TimeInterval($0.trimmingCharacters(in: .whitespaces)) }) {
                throw .rateLimited(resetAt: now().addingTimeInterval(retryAfter))
            }
            throw status == 429 ? .rateLimited(resetAt: nil) : .badCode(status)
        default:
            throw .badCode(status)
        }
    }
}
