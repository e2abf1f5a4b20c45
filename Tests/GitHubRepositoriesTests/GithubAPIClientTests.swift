import XCTest
import ViewModelKitExampleGitHub
import TestSupport
import ViewModelKit
import ViewModelKitTesting

/// The live client against a real HTTP server on 127.0.0.1.
@MainActor
final class GithubAPIClientTests: XCTestCase {
    nonisolated private static let fixedNow = Date(timeIntervalSince1970: 1_700_000_000)

    private func makeClient(_ server: LoopbackHTTPServer, path: String = "", token: String? = nil) -> GithubAPIClient {
        GithubAPIClient(
            baseURL: server.baseURL.appendingPathComponent(path),
            token: token,
            now: { Self.fixedNow }
        )
    }

    /// Fetches through both variants and returns both outcomes.
    private func fetchBoth(
        _ client: GithubAPIClient, user: String
    ) async -> (async: Result<[GitHubRepository], any Error>, closure: Result<[GitHubRepository], any Error>) {
        let viaAsync: Result<[GitHubRepository], any Error>
        do { viaAsync = .success(try await client.fetchRepositories(user: user)) } catch { viaAsync = .failure(error) }
        let viaClosure: Result<[GitHubRepository], any Error> = await withCheckedContinuation { continuation in
            client.fetchRepositories(user: user) { repositories, error in
                if let error {
                    continuation.resume(returning: .failure(error))
                } else {
                    continuation.resume(returning: .success(repositories ?? []))
                }
            }
        }
        return (viaAsync, viaClosure)
    }

    private func assertBothFail(
        _ client: GithubAPIClient, user: String = "octocat", with expected: FetcherError,
        file: StaticString = #filePath, line: UInt = #line
    ) async {
        let (viaAsync, viaClosure) = await fetchBoth(client, user: user)
        for (variant, result) in [("async", viaAsync), ("closure", viaClosure)] {
            switch result {
            case .success(let repositories):
                XCTFail("\(variant): expected \(expected), got \(repositories.count) repositories", file: file, line: line)
            case .failure(let error):
                XCTAssertEqual(error as? FetcherError, expected, "\(variant)", file: file, line: line)
            }
        }
    }

    func testSendsGitHubsHeadersAndAsksForOneHundredPerPage() async throws {
        let server = try LoopbackHTTPServer { _ in .json("[]") }
        _ = try await makeClient(server, token: "ghp_secret").fetchRepositories(user: "octocat")
        _ = try await makeClient(server).fetchRepositories(user: "octocat")
        let requests = server.requests
        XCTAssertEqual(requests.count, 2)
        let first = try XCTUnwrap(requests.first)
        XCTAssertEqual(first.method, "GET")
        XCTAssertEqual(first.target, "/users/octocat/repos?per_page=100")
        XCTAssertEqual(first.header("accept"), "application/vnd.github+json")
        XCTAssertEqual(first.header("x-github-api-version"), "2022-11-28")
        XCTAssertEqual(first.header("authorization"), "Bearer ghp_secret")
        XCTAssertTrue(first.header("user-agent")?.hasPrefix("ViewModelKit") ?? false, "GitHub refuses requests without a User-Agent")
        XCTAssertNil(requests[1].header("authorization"), "no token, no Authorization header")
    }

    func testGitHubEnterpriseBasePathIsKept() async throws {
        let server = try LoopbackHTTPServer { _ in .json("[]") }
        _ = try await makeClient(server, path: "api/v3").fetchRepositories(user: "octocat")
        XCTAssertEqual(server.requests.first?.target, "/api/v3/users/octocat/repos?per_page=100")
    }

    func testDecodesARealResponseThroughBothVariants() async throws {
        let recorded = try RecordedResponse.load(
            headers: "hub4j-users-kohsuke-repos-per_page30-page1.headers.txt",
            body: "hub4j-users-kohsuke-repos-per_page30-page1.json"
        )
        let server = try LoopbackHTTPServer { _ in recorded }
        let (viaAsync, viaClosure) = await fetchBoth(makeClient(server), user: "kohsuke")
        let repositories = try viaAsync.get()
        XCTAssertEqual(repositories.count, 30)
        XCTAssertEqual(repositories.first { $0.name == "args4j" }?.stargazersCount, 663)
        XCTAssertEqual(try viaClosure.get(), repositories)
    }

    func testNotFound() async throws {
        let recorded = try RecordedResponse.load(
            headers: "errors/404-users-unknown-user-2012-pygithub.headers.txt",
            body: "errors/404-users-unknown-user-2012-pygithub.json"
        )
        let server = try LoopbackHTTPServer { _ in recorded }
        await assertBothFail(makeClient(server), user: "ThisUserShouldReallyNotExist", with: .userNotFound("ThisUserShouldReallyNotExist"))
    }

    func testPrimaryRateLimitSaysWhenItResets() async throws {
        let recorded = try RecordedResponse.load(
            headers: "errors/403-primary-rate-limit-unauthenticated-2013-pygithub.headers.txt",
            body: "errors/403-primary-rate-limit-unauthenticated-2013-pygithub.json"
        )
        // The 2013 recording predates X-RateLimit-Reset: the reset time is unknown.
        XCTAssertEqual(RecordedResponse.header("x-ratelimit-remaining", in: recorded), "0")
        XCTAssertNil(RecordedResponse.header("X-RateLimit-Reset", in: recorded))
        let server = try LoopbackHTTPServer { _ in recorded }
        await assertBothFail(makeClient(server), with: .rateLimited(resetAt: nil))
        XCTAssertEqual(
            FetcherError.rateLimited(resetAt: nil).description,
            "rate limited by GitHub; wait a minute and try again, or set GITHUB_TOKEN for a higher limit"
        )
    }

    func testPrimaryRateLimitWithResetHeaderSaysWhen() async throws {
        var recorded = try RecordedResponse.load(
            headers: "errors/403-primary-rate-limit-unauthenticated-2013-pygithub.headers.txt",
            body: "errors/403-primary-rate-limit-unauthenticated-2013-pygithub.json"
        )
        recorded.headers.append(("X-RateLimit-Reset", "1700000000"))
        let server = try LoopbackHTTPServer { [recorded] _ in recorded }
        await assertBothFail(makeClient(server), with: .rateLimited(resetAt: Date(timeIntervalSince1970: 1_700_000_000)))
        XCTAssertEqual(
            FetcherError.rateLimited(resetAt: Date(timeIntervalSince1970: 1_700_000_000)).description,
            "rate limited by GitHub until 2023-11-14T22:13:20Z; set GITHUB_TOKEN for a higher limit"
        )
    }

    func testSecondaryRateLimitUsesRetryAfter() async throws {
        let recorded = try RecordedResponse.load(
            headers: "errors/403-secondary-abuse-limit-retry-after-2018-pygithub.headers.txt",
            body: "errors/403-secondary-abuse-limit-retry-after-2018-pygithub.json"
        )
        let retryAfter = try XCTUnwrap(RecordedResponse.header("Retry-After", in: recorded).flatMap(TimeInterval.init))
        let server = try LoopbackHTTPServer { _ in recorded }
        await assertBothFail(makeClient(server), with: .secondaryRateLimited(retryAt: Self.fixedNow.addingTimeInterval(retryAfter)))
    }

    func testTooManyRequestsWithoutHeadersIsStillARateLimit() async throws {
        let server = try LoopbackHTTPServer { _ in .json(#"{"message":"slow down"}"#, status: 429) }
        await assertBothFail(makeClient(server), with: .rateLimited(resetAt: nil))
    }

    func testForbiddenWithoutRateLimitIsABadCode() async throws {
        let recorded = try RecordedResponse.load(
            headers: "errors/403-missing-user-agent-2013-pygithub.headers.txt",
            body: "errors/403-missing-user-agent-2013-pygithub.json"
        )
        let server = try LoopbackHTTPServer { _ in recorded }
        await assertBothFail(makeClient(server), with: .badCode(403))
    }

    func testServerErrorIsABadCodeWithTheStatus() async throws {
        let server = try LoopbackHTTPServer { _ in .text("oops", status: 500) }
        await assertBothFail(makeClient(server), with: .badCode(500))
        XCTAssertEqual(FetcherError.badCode(500).description, "GitHub answered HTTP 500, a problem on its side; try again later")
        XCTAssertEqual(FetcherError.badCode(401).description, "GitHub answered HTTP 401: bad credentials; check GITHUB_TOKEN")
    }

    func testMalformedBodyNamesTheURL() async throws {
        let server = try LoopbackHTTPServer { _ in .json(#"[{"id": 1, "name": "x", "full_name": "o/x", "stargazers_count": "lots"}]"#) }
        let source = server.baseURL.absoluteString + "/users/octocat/repos?per_page=100"
        let (viaAsync, _) = await fetchBoth(makeClient(server), user: "octocat")
        guard case .failure(FetcherError.decodingFailed(let reportedSource, let reason)) = viaAsync else {
            return XCTFail("expected a decoding error, got \(viaAsync)")
        }
        XCTAssertEqual(reportedSource, source)
        XCTAssertTrue(reason.hasPrefix("at [0].stargazers_count: expected Int"), reason)
    }

    func testHTMLPageWithStatus200IsADecodingError() async throws {
        let server = try LoopbackHTTPServer { _ in
            LoopbackHTTPServer.Response(status: 200, headers: [("Content-Type", "text/html")], body: Data("<html>Unicorn!</html>".utf8))
        }
        let url = server.baseURL.absoluteString + "/users/octocat/repos?per_page=100"
        await assertBothFail(makeClient(server), with: .decodingFailed(source: url, reason: "not JSON (looks like HTML)"))
    }

    func testEmptyBodyIsADecodingErrorThatNamesTheURL() async throws {
        let server = try LoopbackHTTPServer { _ in LoopbackHTTPServer.Response(status: 200) }
        let url = server.baseURL.absoluteString + "/users/octocat/repos?per_page=100"
        await assertBothFail(makeClient(server), with: .decodingFailed(source: url, reason: "the body is empty"))
    }

    func testInvalidUserNameIsRejectedBeforeAnyRequest() async throws {
        let server = try LoopbackHTTPServer { _ in .json("[]") }
        await assertBothFail(makeClient(server), user: "../admin", with: .invalidUserName("../admin", reason: .invalidCharacter(".")))
        XCTAssertEqual(server.requests.count, 0)
    }

    func testBaseURLThatIsNotHTTPIsABadURL() async throws {
        let client = GithubAPIClient(baseURL: URL(fileURLWithPath: "/tmp"))
        await assertBothFail(client, with: .badURL)
    }

    func testUnreachableServerIsANetworkError() async throws {
        let server = try LoopbackHTTPServer { _ in .json("[]") }
        let client = makeClient(server)
        server.stop()
        let (viaAsync, viaClosure) = await fetchBoth(client, user: "octocat")
        for result in [viaAsync, viaClosure] {
            guard case .failure(FetcherError.network(let message)) = result else { return XCTFail("\(result)") }
            XCTAssertFalse(message.isEmpty)
        }
    }

    func testCancellationCancelsTheRequest() async throws {
        let server = try LoopbackHTTPServer { _ in
            var response = LoopbackHTTPServer.Response.json("[]")
            response.stall = true
            return response
        }
        let client = makeClient(server)
        let task = Task { try await client.fetchRepositories(user: "octocat") }
        while server.requests.isEmpty { await Task.yield() }
        task.cancel()
        let result = await task.result
        XCTAssertThrowsError(try result.get()) { XCTAssertTrue($0 is CancellationError, "\($0)") }
    }

    func testTheTokenNeverAppearsInErrorsOrDescriptions() async throws {
        let token = "ghp_THIS_IS_SECRET_123"
        let responses: [LoopbackHTTPServer.Response] = [
            .json("nope", status: 200), .json("{}", status: 401), .json("{}", status: 404), .json("{}", status: 429),
        ]
        for response in responses {
            let server = try LoopbackHTTPServer { _ in response }
            let client = makeClient(server, token: token)
            XCTAssertFalse(client.description.contains(token))
            XCTAssertFalse(String(reflecting: client).contains(token))
            XCTAssertFalse("\(client)".contains(token))
            var dumped = ""
            dump(client, to: &dumped)
            XCTAssertFalse(dumped.contains(token), dumped)
            do {
                _ = try await client.fetchRepositories(user: "octocat")
                XCTFail("expected an error")
            } catch {
                XCTAssertFalse("\(error)".contains(token))
                XCTAssertFalse(String(reflecting: error).contains(token))
                XCTAssertFalse(error.localizedDescription.contains(token))
            }
        }
    }

    func testViewModelOnTheLiveClientShowsMajorRepositories() async throws {
        let recorded = try RecordedResponse.load(
            headers: "hub4j-users-kohsuke-repos-per_page30-page1.headers.txt",
            body: "hub4j-users-kohsuke-repos-per_page30-page1.json"
        )
        let server = try LoopbackHTTPServer { _ in recorded }
        let viewModel = GitHubRepositoryViewModel(client: makeClient(server))
        try await viewModel.load(user: "kohsuke")
        XCTAssertEqual(viewModel.majorRepositories?.map(\.name), ["akuma", "args4j", "com4j"])
    }
}
