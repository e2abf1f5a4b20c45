// It starts other programs (Foundation's `Process`), which exist only on macOS and Linux: the iOS,
// tvOS, watchOS and visionOS simulators' test builds leave it out.
#if os(macOS) || os(Linux)
import Foundation
import ViewModelKitExampleGitHub
import TestSupport
import ViewModelKit
import ViewModelKitTesting
import XCTest

/// The token never appears in an error, a log line, a crash message (standard error), a recorded
/// fixture, the ETag cache or `--json` output: every one of them is collected and searched for it.
@MainActor
final class SecretsTests: XCTestCase {
    private static let token = "ghp_LeakCheck0123456789abcdefABCDEF"

    /// A GitHub look-alike that fails every way it can, some of them by quoting the request's
    /// `Authorization` header back (as a misconfigured proxy does).
    private func makeServer() throws -> LoopbackHTTPServer {
        let list = try Data(contentsOf: ReposBinary.packageRoot.appendingPathComponent("Fixtures/github/users/kohsuke/repos.json"))
        return try LoopbackHTTPServer { request in
            let echoed = request.header("Authorization") ?? ""
            switch request.path {
            case "/users/fine/repos":
                return .init(status: 200, headers: [("ETag", "W/\"1\""), ("Content-Type", "application/json")], body: list)
            case "/users/unauthorized/repos":
                return .json(#"{"message":"Bad credentials"}"#, status: 401)
            case "/users/limited/repos":
                return .json("{}", status: 403, headers: [("X-RateLimit-Remaining", "0"), ("X-RateLimit-Reset", "1700000000")])
            case "/users/echo-object/repos":
                return .json(#"{"message":"token \#(echoed) is not allowed"}"#)
            case "/users/echo-html/repos":
                return .init(status: 200, headers: [("Content-Type", "text/html")], body: Data("<html><title>denied \(echoed)</title></html>".utf8))
            case "/users/echo-link/repos":
                // The first page links to pages whose URLs carry the token; those pages are garbled,
                // so the error names their URL.
                guard request.query["page"] == nil else { return .json(#"[{"id":"#) }
                let host = request.header("Host") ?? ""
                let page = "http://\(host)/users/echo-link/repos?t=\(echoed.replacingOccurrences(of: " ", with: "+"))&page="
                return .json("[]", headers: [("Link", "<\(page)2>; rel=\"next\", <\(page)3>; rel=\"last\"")])
            case "/users/garbled/repos":
                return .json(#"[{"id":"#)
            default:
                return .json(#"{"message":"Not Found"}"#, status: 404)
            }
        }
    }

    private func assertNoToken(_ texts: [String], file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertFalse(texts.isEmpty, file: file, line: line)
        for text in texts {
            XCTAssertFalse(text.contains(Self.token), "the token leaked into: \(text)", file: file, line: line)
            XCTAssertFalse(text.contains("LeakCheck"), "part of the token leaked into: \(text)", file: file, line: line)
        }
    }

    private let failingUsers = ["unauthorized", "limited", "echo-object", "echo-html", "echo-link", "garbled", "nobody"]

    func testTheCommandLineNeverPrintsOrStoresTheToken() async throws {
        let server = try makeServer()
        let directory = try FileManager.default.url(for: .itemReplacementDirectory, in: .userDomainMask, appropriateFor: FileManager.default.temporaryDirectory, create: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let cache = directory.appendingPathComponent("cache")
        let fixtures = directory.appendingPathComponent("fixtures")
        let environment = ["GITHUB_TOKEN": Self.token, "GITHUB_API_URL": server.baseURL.absoluteString]
        var outputs: [String] = []

        let listed = try ReposBinary.run(["--json", "--cache-dir", cache.path, "fine"], environment: environment)
        XCTAssertEqual(listed.status, 0, listed.stderr)
        let recorded = try ReposBinary.run(["record", "fine", "--fixtures", fixtures.path], environment: environment)
        XCTAssertEqual(recorded.status, 0, recorded.stderr)
        outputs += [listed.stdout, listed.stderr, recorded.stdout, recorded.stderr]
        for user in failingUsers {
            for arguments in [[user], ["--json", "--cache-dir", cache.path, user], ["record", user, "--fixtures", fixtures.path]] {
                let run = try ReposBinary.run(arguments, environment: environment)
                XCTAssertEqual(run.status, 1, "\(arguments): \(run.stderr)")
                XCTAssertEqual(run.stdout, "", "\(arguments)")
                XCTAssertTrue(run.stderr.hasPrefix("repos: "), run.stderr)
                outputs += [run.stdout, run.stderr]
            }
        }
        // The echoing server really did send the token back; only the client kept it out.
        XCTAssertTrue(outputs.contains { $0.contains("[token]") }, "a quoted token is shown redacted")
        XCTAssertTrue(server.requests.allSatisfy { $0.header("Authorization") == "Bearer \(Self.token)" })

        // Every file written: the ETag cache and the recorded fixture.
        let files = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: nil)?.compactMap { $0 as? URL } ?? []
        let contents = try files.filter { !$0.hasDirectoryPath }.map { try String(decoding: Data(contentsOf: $0), as: UTF8.self) }
        XCTAssertGreaterThanOrEqual(contents.count, 2, "a cache entry and a fixture were written")
        assertNoToken(outputs + contents)
    }

    func testErrorsDescriptionsAndLogLinesNeverHoldTheToken() async throws {
        let server = try makeServer()
        let clock = TestClock()
        let client = GithubAPIClient(baseURL: server.baseURL, token: Self.token, timeout: .seconds(5), clock: clock)
        var texts: [String] = [client.description, String(reflecting: client), String(describing: client)]
        var dumped = ""
        dump(client, to: &dumped)
        texts.append(dumped)

        let viewModel = GitHubRepositoryViewModel(client: client)
        var log = ""
        let logger = viewModel.logChanges { log += $0 }
        for user in failingUsers {
            do {
                try await viewModel.load(user: user)
                XCTFail("\(user) loaded")
            } catch {
                texts += [String(describing: error), String(reflecting: error), error.localizedDescription]
            }
        }
        logger.flush()
        texts.append(log)
        XCTAssertTrue(log.contains("error"), "the log saw the errors")

        // A time-out, on the injected clock.
        let stalled = try LoopbackHTTPServer { _ in
            var response = LoopbackHTTPServer.Response()
            response.stall = true
            return response
        }
        let slow = GithubAPIClient(baseURL: stalled.baseURL, token: Self.token, timeout: .seconds(5), clock: clock)
        let load = Task { try await slow.fetchRepositories(user: "octocat") }
        while clock.pendingSleepers.isEmpty { await Task.yield() }
        await clock.advance(by: .seconds(5))
        switch await load.result {
        case .success: XCTFail("expected a time-out")
        case .failure(let error):
            XCTAssertEqual(error as? FetcherError, .timedOut(stalled.baseURL.absoluteString + "/users/octocat/repos?per_page=100"))
            texts.append(String(describing: error))
        }
        stalled.stop()
        assertNoToken(texts)
    }
}
#endif
