import Foundation
import ViewModelKitExampleGitHub
import TestSupport
import ViewModelKit
import ViewModelKitTesting
import XCTest

/// The live client against a loopback server that paginates like GitHub.
@MainActor
final class PaginationTests: XCTestCase {
    /// `count` repository objects as GitHub's JSON. Slim (GitHub's minimal-repository fields that
    /// matter here) so that thousands stay fast; full objects are covered by the decoding tests.
    private func repositories(_ count: Int) throws -> Data {
        let objects: [[String: Any]] = (0..<count).map { index in
            [
                "id": 1_000_000 + index,
                "node_id": "R_\(index)",
                "name": "repo-\(index)",
                "full_name": "octocat/repo-\(index)",
                "private": false,
                "owner": ["login": "octocat", "id": 583231, "type": "User"],
                "html_url": "https://github.com/octocat/repo-\(index)",
                "description": index.isMultiple(of: 3) ? NSNull() : "Repository number \(index)",
                "fork": index.isMultiple(of: 5),
                "language": "Swift",
                "stargazers_count": index % 120,
                "watchers_count": index % 120,
                "archived": false,
            ]
        }
        return try JSONSerialization.data(withJSONObject: objects)
    }

    private func names(_ count: Int) -> [String] { (0..<count).map { "repo-\($0)" } }

    private func server(_ count: Int, options: FakeGitHubServer.Options = .init()) throws -> FakeGitHubServer {
        try FakeGitHubServer(repositories: ["octocat": repositories(count)], options: options)
    }

    private func pageTargets(_ server: FakeGitHubServer) -> [String] {
        server.requests.map(\.target).sorted()
    }

    func testOnePage() async throws {
        let github = try server(42)
        let repositories = try await GithubAPIClient(baseURL: github.baseURL).fetchRepositories(user: "octocat")
        XCTAssertEqual(repositories.map(\.name), names(42))
        XCTAssertEqual(github.requests.map(\.target), ["/users/octocat/repos?per_page=100"])
    }

    func testThreePagesFollowGitHubsLinksInOrder() async throws {
        let github = try server(250)
        let repositories = try await GithubAPIClient(baseURL: github.baseURL).fetchRepositories(user: "octocat")
        XCTAssertEqual(repositories.map(\.name), names(250))
        XCTAssertEqual(pageTargets(github), [
            "/user/50000/repos?per_page=100&page=2",
            "/user/50000/repos?per_page=100&page=3",
            "/users/octocat/repos?per_page=100",
        ], "pages after the first come from the Link header's numeric-id URLs")
    }

    func testTwentyFivePagesConcurrentlyWithAtMostSixInFlight() async throws {
        let github = try server(2450, options: .init(latency: .milliseconds(20)))
        let repositories = try await GithubAPIClient(baseURL: github.baseURL).fetchRepositories(user: "octocat")
        XCTAssertEqual(repositories.map(\.name), names(2450))
        XCTAssertEqual(github.requests.count, 25)
        XCTAssertLessThanOrEqual(github.maxInFlight, 6)
        XCTAssertGreaterThan(github.maxInFlight, 1, "the remaining pages are fetched concurrently")
    }

    func testTheBoundIsConfigurable() async throws {
        let github = try server(1000, options: .init(latency: .milliseconds(10)))
        let client = GithubAPIClient(baseURL: github.baseURL, maxConcurrentPages: 2)
        let repositories = try await client.fetchRepositories(user: "octocat")
        XCTAssertEqual(repositories.count, 1000)
        XCTAssertLessThanOrEqual(github.maxInFlight, 2)
    }

    func testWithoutALastLinkNextIsFollowedOneByOne() async throws {
        let github = try server(320, options: .init(includeLastLink: false))
        let repositories = try await GithubAPIClient(baseURL: github.baseURL).fetchRepositories(user: "octocat")
        XCTAssertEqual(repositories.map(\.name), names(320))
        XCTAssertEqual(github.requests.map(\.target), [
            "/users/octocat/repos?per_page=100",
            "/user/50000/repos?per_page=100&page=2",
            "/user/50000/repos?per_page=100&page=3",
            "/user/50000/repos?per_page=100&page=4",
        ])
        XCTAssertEqual(github.maxInFlight, 1)
    }

    func testAPageFailingMidwayFailsTheLoadAndLeavesNoPartialList() async throws {
        let github = try server(500, options: .init(failingPages: [3]))
        let viewModel = GitHubRepositoryViewModel(client: GithubAPIClient(baseURL: github.baseURL))
        do {
            try await viewModel.load(user: "octocat")
            XCTFail("expected an error")
        } catch {
            XCTAssertEqual(error as? FetcherError, .badCode(500))
        }
        XCTAssertNil(viewModel.repositories, "no partial list")
        XCTAssertEqual(viewModel.error, .badCode(500))
    }

    func testConditionalRequestsServeTheCachedPagesOn304() async throws {
        let github = try server(250)
        let client = GithubAPIClient(baseURL: github.baseURL)
        let first = try await client.fetchRepositories(user: "octocat")
        let quotaAfterFirst = github.remaining
        XCTAssertEqual(client.rateLimit?.remaining, quotaAfterFirst)
        let second = try await client.fetchRepositories(user: "octocat")
        XCTAssertEqual(second, first)
        let repeated = github.requests.suffix(3)
        XCTAssertEqual(repeated.count, 3)
        for request in repeated {
            let etag = try XCTUnwrap(request.header("If-None-Match"), request.target)
            XCTAssertTrue(etag.hasPrefix("W/\""), "weak ETags are sent back exactly: \(etag)")
        }
        XCTAssertEqual(github.remaining, quotaAfterFirst, "304 answers do not count against the rate limit")
    }

    func testTheETagCacheCanLiveInADirectory() async throws {
        let github = try server(150)
        let directory = try TestPaths.temporaryDirectory().appendingPathComponent("cache")
        _ = try await GithubAPIClient(baseURL: github.baseURL, token: "ghp_CACHE_SECRET", cache: ResponseCache(directory: directory))
            .fetchRepositories(user: "octocat")
        // A new client (a new run of a front end) with the same directory asks conditionally.
        let again = try await GithubAPIClient(baseURL: github.baseURL, cache: ResponseCache(directory: directory))
            .fetchRepositories(user: "octocat")
        XCTAssertEqual(again.count, 150)
        XCTAssertNotNil(github.requests.last?.header("If-None-Match"))
        for file in try FileManager.default.contentsOfDirectory(atPath: directory.path) {
            let text = try String(contentsOf: directory.appendingPathComponent(file), encoding: .utf8)
            XCTAssertFalse(text.contains("ghp_CACHE_SECRET"), "the cache never holds the token")
        }
        // Clearing the cache deletes its own entries and nothing else the directory holds.
        let unrelated = directory.appendingPathComponent("notes.txt")
        try Data("keep".utf8).write(to: unrelated)
        ResponseCache(directory: directory).removeAll()
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory.path), ["notes.txt"])
    }

    func testRateLimitQuotaIsAvailable() async throws {
        let github = try server(10, options: .init(rateLimit: 60))
        let client = GithubAPIClient(baseURL: github.baseURL)
        XCTAssertNil(client.rateLimit)
        _ = try await client.fetchRepositories(user: "octocat")
        XCTAssertEqual(client.rateLimit, RateLimit(
            limit: 60, remaining: 59, resetAt: Date(timeIntervalSince1970: TimeInterval(FakeGitHubServer.rateLimitReset)), resource: "core"
        ))
    }

    func testAStalledRequestTimesOutOnTheInjectedClock() async throws {
        let github = try server(10, options: .init(stallingPages: [1]))
        let clock = TestClock()
        let client = GithubAPIClient(baseURL: github.baseURL, timeout: .seconds(10), clock: clock)
        let load = Task { try await client.fetchRepositories(user: "octocat") }
        while github.requests.isEmpty { await Task.yield() }
        await clock.advance(by: .seconds(10))
        let result = await load.result
        XCTAssertThrowsError(try result.get()) { error in
            XCTAssertEqual(error as? FetcherError, .timedOut(github.baseURL.absoluteString + "/users/octocat/repos?per_page=100"))
        }
        github.stop()
    }

    func testCancellingTheLoadCancelsEveryPageInFlight() async throws {
        let github = try server(900, options: .init(stallingPages: Set(2...9)))
        let client = GithubAPIClient(baseURL: github.baseURL)
        let load = Task { try await client.fetchRepositories(user: "octocat") }
        while github.requests.count < 7 { await Task.yield() }   // page 1, then six stalled pages
        load.cancel()
        let result = await load.result
        XCTAssertThrowsError(try result.get()) { XCTAssertTrue($0 is CancellationError, "\($0)") }
        XCTAssertEqual(github.requests.count, 7, "no page is requested after cancellation")
        github.stop()
    }

    func testGitHubEnterpriseBasePathIsKeptOnEveryPage() async throws {
        let github = try server(230, options: .init(pathPrefix: "/api/v3"))
        let repositories = try await GithubAPIClient(baseURL: github.baseURL).fetchRepositories(user: "octocat")
        XCTAssertEqual(repositories.count, 230)
        XCTAssertEqual(pageTargets(github), [
            "/api/v3/user/50000/repos?per_page=100&page=2",
            "/api/v3/user/50000/repos?per_page=100&page=3",
            "/api/v3/users/octocat/repos?per_page=100",
        ])
    }

    func testLinksToAnotherHostAreNotFollowed() async throws {
        let server = try LoopbackHTTPServer { _ in
            .json(#"[{"id":1,"name":"a","full_name":"o/a","stargazers_count":1}]"#, headers: [
                ("Link", #"<https://elsewhere.example/user/1/repos?page=2>; rel="next", <https://elsewhere.example/user/1/repos?page=3>; rel="last""#),
            ])
        }
        let repositories = try await GithubAPIClient(baseURL: server.baseURL, token: "ghp_x").fetchRepositories(user: "o")
        XCTAssertEqual(repositories.map(\.name), ["a"], "the token is never sent to another host")
    }

    // MARK: - Record and replay

    func testRecordThenReplayGivesTheSameRepositories() async throws {
        let github = try server(230)
        let directory = try TestPaths.temporaryDirectory()
        let token = "ghp_RECORD_SECRET"
        let live = GithubAPIClient(baseURL: github.baseURL, token: token)
        let (file, count) = try await GitHubFixtureRecorder(client: live).record(user: "octocat", into: directory)
        XCTAssertEqual(file.path, directory.path + "/github/users/octocat/repos.json")
        XCTAssertEqual(count, 230)

        let replayed = try await FixtureGithubAPIClient(directory: directory).fetchRepositories(user: "octocat")
        let fetched = try await GithubAPIClient(baseURL: github.baseURL).fetchRepositories(user: "octocat")
        XCTAssertEqual(replayed, fetched)

        let text = try String(contentsOf: file, encoding: .utf8)
        XCTAssertFalse(text.contains(token))
        XCTAssertFalse(text.lowercased().contains("authorization"))
        XCTAssertTrue(text.hasPrefix("[\n  {\n"), "pretty-printed")
        let object = try XCTUnwrap((JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]])?.first)
        XCTAssertNotNil(object["owner"], "every field GitHub sent is kept")
        // Keys in a stable (sorted) order: "archive_url" comes before "archived" before "assignees_url".
        let keys = text.split(separator: "\n").prefix(6).compactMap { $0.split(separator: "\"").dropFirst().first.map(String.init) }
        XCTAssertEqual(keys, keys.sorted())
    }

    func testRecordingAFailedFetchWritesNothing() async throws {
        let github = try server(230, options: .init(failingPages: [2]))
        let directory = try TestPaths.temporaryDirectory()
        do {
            _ = try await GitHubFixtureRecorder(client: GithubAPIClient(baseURL: github.baseURL)).record(user: "octocat", into: directory)
            XCTFail("expected an error")
        } catch {
            XCTAssertEqual(error as? FetcherError, .badCode(500))
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: directory.appendingPathComponent("github").path))
    }
}
