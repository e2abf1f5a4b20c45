// It starts other programs (Foundation's `Process`), which exist only on macOS and Linux: the iOS,
// tvOS, watchOS and visionOS simulators' test builds leave it out.
#if os(macOS) || os(Linux)
import Foundation
import TestSupport
import XCTest

/// Runs the built `repos` binary end to end and checks its output and exit status.
final class ReposExecutableTests: XCTestCase {
    private static let packageRoot = ReposBinary.packageRoot

    private func run(
        _ arguments: [String], environment: [String: String] = [:], directory: URL = packageRoot
    ) throws -> ReposBinary.Run {
        try ReposBinary.run(arguments, environment: environment, directory: directory)
    }

    func testOfflineListsMajorRepositoriesInGitHubsOrder() throws {
        let result = try run(["--offline", "kohsuke"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stderr, "")
        XCTAssertEqual(result.stdout, """
            akuma               110 ★  Embeddable daemonization library
            args4j              663 ★  args4j
            com4j               102 ★  Type-safe Java/COM binding
            file-leak-detector  150 ★  Java agent that detects file handle leak

            """)
    }

    func testOfflineWorksFromAnotherDirectory() throws {
        let result = try run(["--offline", "--min-stars", "500", "kohsuke"], directory: FileManager.default.temporaryDirectory)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout, "args4j  663 ★  args4j\n")
    }

    func testJSONOutput() throws {
        let result = try run(["--offline", "--json", "nerdishbynature"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let objects = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        XCTAssertEqual(objects.compactMap { $0["full_name"] as? String }, ["nerdishbynature/NBNRealmBrowser", "nerdishbynature/octokit.swift"])
        XCTAssertTrue(objects.allSatisfy { $0["name"] is String && $0["stargazers_count"] is Int })
    }

    func testNoMajorRepositoryIsStillSuccess() throws {
        let text = try run(["--offline", "jacquev6"])
        XCTAssertEqual(text.status, 0)
        XCTAssertEqual(text.stdout, "jacquev6 has no repository with 50 or more stars (10 checked).\n")
        let json = try run(["--offline", "--json", "jacquev6"])
        XCTAssertEqual(json.status, 0)
        XCTAssertEqual(json.stdout, "[\n\n]\n")
    }

    func testFixturesDirectoryAndThreshold() throws {
        let result = try run(["--fixtures", Self.packageRoot.appendingPathComponent("Fixtures").path, "--min-stars=190", "many-repos-org"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout.split(separator: "\n").count, 8)
        XCTAssertTrue(result.stdout.allSatisfy { $0 != "\u{1B}" }, "no escape codes when not on a terminal")
    }

    func testRuntimeFailuresExitOneWithOneLine() throws {
        let missing = try run(["--offline", "nobody-here"])
        XCTAssertEqual(missing.status, 1)
        XCTAssertEqual(missing.stdout, "")
        XCTAssertEqual(missing.stderr, "repos: user \"nobody-here\" not found\n")

        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("repos-e2e-\(UUID().uuidString)")
        let file = directory.appendingPathComponent("github/users/broken/repos.json")
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("{\"message\": \"Not Found\"}".utf8).write(to: file)
        let broken = try run(["--fixtures", directory.path, "broken"])
        XCTAssertEqual(broken.status, 1)
        XCTAssertTrue(broken.stderr.hasPrefix("repos: unexpected JSON in \(file.path): "), broken.stderr)
        XCTAssertEqual(broken.stderr.filter { $0 == "\n" }.count, 1)
    }

    func testUsageErrorsExitTwoWithUsage() throws {
        for arguments in [[], ["--bogus", "x"], ["--min-stars", "many", "x"], ["a/b"], ["-x-"], ["a", "b"], ["--fixtures"], ["--offline", "--fixtures", "/tmp", "x"]] {
            let result = try run(arguments)
            XCTAssertEqual(result.status, 2, "\(arguments)")
            XCTAssertTrue(result.stderr.hasPrefix("repos: "), "\(arguments): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains("usage: repos"), "\(arguments)")
            XCTAssertEqual(result.stdout, "")
        }
        let help = try run(["--help"])
        XCTAssertEqual(help.status, 0)
        XCTAssertTrue(help.stdout.hasPrefix("usage: repos"))
    }

    func testLiveAgainstALoopbackServerWithTokenAndAPIURL() throws {
        let body = try Data(contentsOf: Self.packageRoot.appendingPathComponent("Fixtures/github/users/nerdishbynature/repos.json"))
        let server = try LoopbackHTTPServer { request in
            request.path == "/api/v3/users/nerdishbynature/repos" ? .init(status: 200, body: body) : .json("{}", status: 404)
        }
        let token = "ghp_SECRET_TOKEN_VALUE"
        let viaFlag = try run(["--api-url", server.baseURL.absoluteString + "/api/v3", "nerdishbynature"], environment: ["GITHUB_TOKEN": token])
        XCTAssertEqual(viaFlag.status, 0, viaFlag.stderr)
        XCTAssertTrue(viaFlag.stdout.contains("octokit.swift"))
        XCTAssertEqual(server.requests.last?.header("Authorization"), "Bearer \(token)")

        let viaEnvironment = try run(["nobody"], environment: ["GITHUB_API_URL": server.baseURL.absoluteString + "/api/v3", "GITHUB_TOKEN": token])
        XCTAssertEqual(viaEnvironment.status, 1)
        XCTAssertEqual(viaEnvironment.stderr, "repos: user \"nobody\" not found\n")
        for output in [viaFlag.stdout, viaFlag.stderr, viaEnvironment.stdout, viaEnvironment.stderr] {
            XCTAssertFalse(output.contains(token))
        }
    }

    func testRateLimitAndHTTPStatusMessages() throws {
        let server = try LoopbackHTTPServer { request in
            switch request.path {
            case "/users/limited/repos":
                return .json("{}", status: 403, headers: [("X-RateLimit-Remaining", "0"), ("X-RateLimit-Reset", "1700000000")])
            default:
                return .text("down", status: 503)
            }
        }
        let limited = try run(["--api-url", server.baseURL.absoluteString, "limited"])
        XCTAssertEqual(limited.status, 1)
        XCTAssertEqual(limited.stderr, "repos: rate limited by GitHub until 2023-11-14T22:13:20Z; set GITHUB_TOKEN for a higher limit\n")
        let down = try run(["--api-url", server.baseURL.absoluteString, "someone"])
        XCTAssertEqual(down.status, 1)
        XCTAssertEqual(down.stderr, "repos: GitHub answered HTTP 503, a problem on its side; try again later\n")
    }

    func testRecordThenReplayOffline() throws {
        let body = try Data(contentsOf: Self.packageRoot.appendingPathComponent("Fixtures/github/users/many-repos-org/repos.json"))
        let github = try FakeGitHubServer(repositories: ["many-repos-org": body], options: .init(pathPrefix: "/api/v3"))
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("repos-record-\(UUID().uuidString)")
        let token = "ghp_RECORDING_TOKEN"
        let recorded = try run(
            ["record", "many-repos-org", "--fixtures", directory.path, "--api-url", github.baseURL.absoluteString],
            environment: ["GITHUB_TOKEN": token]
        )
        XCTAssertEqual(recorded.status, 0, recorded.stderr)
        let file = directory.appendingPathComponent("github/users/many-repos-org/repos.json")
        XCTAssertEqual(recorded.stdout, "Recorded 150 repositories of many-repos-org to \(file.path)\n")
        XCTAssertEqual(github.requests.count, 2, "two pages of 100")
        XCTAssertFalse(try String(contentsOf: file, encoding: .utf8).contains(token))

        let replayed = try run(["--fixtures", directory.path, "--json", "many-repos-org"])
        let original = try run(["--offline", "--json", "many-repos-org"])
        XCTAssertEqual(replayed.status, 0, replayed.stderr)
        XCTAssertEqual(replayed.stdout, original.stdout, "the recording replays as the shipped fixture does")
    }

    func testRecordUsageAndFailures() throws {
        let misuse = try run(["record", "--json", "octocat"])
        XCTAssertEqual(misuse.status, 2)
        XCTAssertTrue(misuse.stderr.hasPrefix("repos: --json does not go with record"), misuse.stderr)

        let github = try FakeGitHubServer(repositories: [:])
        let missing = try run(["record", "nobody", "--fixtures", NSTemporaryDirectory(), "--api-url", github.baseURL.absoluteString])
        XCTAssertEqual(missing.status, 1)
        XCTAssertEqual(missing.stderr, "repos: user \"nobody\" not found\n")
    }

    func testCacheDirectoryMakesTheNextRunConditional() throws {
        let body = try Data(contentsOf: Self.packageRoot.appendingPathComponent("Fixtures/github/users/kohsuke/repos.json"))
        let github = try FakeGitHubServer(repositories: ["kohsuke": body])
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("repos-cache-\(UUID().uuidString)")
        let arguments = ["--api-url", github.baseURL.absoluteString, "--cache-dir", cache.path, "kohsuke"]
        let first = try run(arguments)
        let second = try run(arguments)
        XCTAssertEqual(first.status, 0, first.stderr)
        XCTAssertEqual(second.stdout, first.stdout)
        XCTAssertNil(github.requests.first?.header("If-None-Match"))
        XCTAssertNotNil(github.requests.last?.header("If-None-Match"), "the second run asks conditionally")
        XCTAssertEqual(github.remaining, FakeGitHubServer.Options().rateLimit - 1, "the 304 cost no rate limit")
    }
}
#endif
