import Foundation
import ViewModelKitExampleGitHub
import TestSupport
import XCTest

/// `GET /repos/{owner}/{repo}`: the live client on loopback and the fixture client.
final class RepositoryDetailClientTests: XCTestCase {
    private var fixtures: FixtureGithubAPIClient { FixtureGithubAPIClient(directory: TestPaths.fixtures) }

    func testDecodesGitHubsRepositoryObject() throws {
        let data = try Data(contentsOf: TestPaths.fixtures.appendingPathComponent("github/repos/nerdishbynature/octokit.swift.json"))
        let detail = try JSONDecoder().decode(GitHubRepositoryDetail.self, from: data)
        XCTAssertEqual(detail.fullName, "nerdishbynature/octokit.swift")
        XCTAssertEqual(detail.owner, "nerdishbynature")
        XCTAssertEqual(detail.stargazersCount, 521)
        XCTAssertEqual(detail.forksCount, 134)
        XCTAssertEqual(detail.openIssuesCount, 6)
        XCTAssertEqual(detail.language, "Swift")
        XCTAssertEqual(detail.license, "MIT")
        XCTAssertEqual(detail.topics, ["api-client", "github", "github-api", "github-enterprise", "oauth-flow", "octokit", "swift"])
        XCTAssertEqual(detail.pushedAt, Date(timeIntervalSince1970: 1_778_770_697))
    }

    func testARepositoryWithoutLicenceOrLanguage() throws {
        let data = try Data(contentsOf: TestPaths.fixtures.appendingPathComponent("github/repos/octokit-fixture-org/hello-world.json"))
        let detail = try JSONDecoder().decode(GitHubRepositoryDetail.self, from: data)
        XCTAssertNil(detail.license)
        XCTAssertNil(detail.language)
        XCTAssertEqual(detail.topics, ["fixtures", "hello", "hello-world"])
    }

    func testEncodingRoundTrips() throws {
        let detail = GitHubRepositoryDetail(
            id: 1, name: "swift", owner: "apple", description: "The Swift language", stargazersCount: 60_000,
            forksCount: 10_000, openIssuesCount: 7_000, language: "C++", license: "Apache-2.0", topics: ["swift"],
            pushedAt: Date(timeIntervalSince1970: 1_700_000_000), htmlURL: URL(string: "https://github.com/apple/swift")
        )
        let decoded = try JSONDecoder().decode(GitHubRepositoryDetail.self, from: JSONEncoder().encode(detail))
        XCTAssertEqual(decoded, detail)
    }

    // MARK: - Fixture client

    func testFixtureClientReadsTheRepositoryFile() async throws {
        let detail = try await fixtures.fetchRepository(owner: "nerdishbynature", name: "octokit.swift")
        XCTAssertEqual(detail.stargazersCount, 521)
        XCTAssertEqual(detail.license, "MIT")
    }

    func testFixtureClientFallsBackToTheOwnersList() async throws {
        let detail = try await fixtures.fetchRepository(owner: "kohsuke", name: "args4j")
        XCTAssertEqual(detail.fullName, "kohsuke/args4j")
        XCTAssertEqual(detail.owner, "kohsuke")
        XCTAssertGreaterThan(detail.stargazersCount, 0)
    }

    func testFixtureClientErrors() async {
        await assertThrows(FetcherError.repositoryNotFound("kohsuke/no-such-repository")) {
            try await self.fixtures.fetchRepository(owner: "kohsuke", name: "no-such-repository")
        }
        await assertThrows(FetcherError.repositoryNotFound("nobody-here/x")) {
            try await self.fixtures.fetchRepository(owner: "nobody-here", name: "x")
        }
        await assertThrows(FetcherError.invalidRepositoryName("..")) {
            try await self.fixtures.fetchRepository(owner: "kohsuke", name: "..")
        }
        await assertThrows(FetcherError.invalidRepositoryName("a/b")) {
            try await self.fixtures.fetchRepository(owner: "kohsuke", name: "a/b")
        }
        await assertThrows(FetcherError.invalidUserName("../x", reason: .invalidCharacter("."))) {
            try await self.fixtures.fetchRepository(owner: "../x", name: "y")
        }
    }

    func testRepositoryPaths() throws {
        XCTAssertEqual(try GitHubRepositoryPath(fullName: "apple/swift-nio.x_y").description, "apple/swift-nio.x_y")
        for bad in ["apple", "apple/", "/swift", "a/b/c", "apple/..", "apple/.", "apple/sp ace", "apple/" + String(repeating: "x", count: 101)] {
            XCTAssertThrowsError(try GitHubRepositoryPath(fullName: bad), bad)
        }
    }

    // MARK: - Live client on loopback

    func testLiveClientFetchesOneRepository() async throws {
        let body = try Data(contentsOf: TestPaths.fixtures.appendingPathComponent("github/repos/nerdishbynature/octokit.swift.json"))
        let server = try LoopbackHTTPServer { request in
            request.path == "/repos/nerdishbynature/octokit.swift"
                ? .init(status: 200, headers: [("Content-Type", "application/json")], body: body)
                : .init(status: 404, body: Data(#"{"message":"Not Found"}"#.utf8))
        }
        defer { server.stop() }
        let client = GithubAPIClient(baseURL: server.baseURL, token: "secret")
        let detail = try await client.fetchRepository(owner: "nerdishbynature", name: "octokit.swift")
        XCTAssertEqual(detail.stargazersCount, 521)
        XCTAssertEqual(server.requests.first?.target, "/repos/nerdishbynature/octokit.swift", "no query string")
        XCTAssertEqual(server.requests.first?.header("Authorization"), "Bearer secret")
        await assertThrows(FetcherError.repositoryNotFound("nerdishbynature/gone")) {
            try await client.fetchRepository(owner: "nerdishbynature", name: "gone")
        }
    }

    func testLiveClientNamesTheSourceOfBadJSON() async throws {
        let server = try LoopbackHTTPServer { _ in .init(status: 200, body: Data(#"{"id": "seven"}"#.utf8)) }
        defer { server.stop() }
        let client = GithubAPIClient(baseURL: server.baseURL)
        do {
            _ = try await client.fetchRepository(owner: "apple", name: "swift")
            XCTFail("expected a decoding error")
        } catch let FetcherError.decodingFailed(source, reason) {
            XCTAssertEqual(source, server.baseURL.appendingPathComponent("repos/apple/swift").absoluteString)
            XCTAssertTrue(reason.contains("id"), reason)
        }
    }

    private func assertThrows(
        _ expected: FetcherError, file: StaticString = #filePath, line: UInt = #line,
        _ body: @escaping () async throws -> GitHubRepositoryDetail
    ) async {
        do {
            let value = try await body()
            XCTFail("expected \(expected), got \(value.fullName)", file: file, line: line)
        } catch {
            XCTAssertEqual(error as? FetcherError, expected, file: file, line: line)
        }
    }
}
