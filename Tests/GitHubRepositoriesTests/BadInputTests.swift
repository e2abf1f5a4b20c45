import XCTest
@testable import ViewModelKitExampleGitHub
import Synchronization
import TestSupport

/// Every body in ``BadInput`` through every way a body reaches the library: the decoder, a live
/// response, a fixture file and the view model. Each must give a typed error naming the input (or
/// decode, for the tricky but valid ones); none may crash or hang.
@MainActor
final class BadInputTests: XCTestCase {
    /// Checks one outcome against the table.
    private func check(
        _ result: Result<[GitHubRepository], any Error>, _ body: BadInput.Body, source: String,
        file: StaticString = #filePath, line: UInt = #line
    ) {
        switch (result, body.reason) {
        case (.success(let repositories), nil):
            XCTAssertEqual(repositories.count, body.count, body.name, file: file, line: line)
        case (.success(let repositories), let reason?):
            XCTFail("\(body.name): decoded \(repositories.count) repositories, expected \(reason)", file: file, line: line)
        case (.failure(let error), nil):
            XCTFail("\(body.name): expected it to decode, got \(error)", file: file, line: line)
        case (.failure(let error), let reason?):
            guard case .decodingFailed(let reported, let message)? = error as? FetcherError else {
                return XCTFail("\(body.name): not a decoding error: \(error)", file: file, line: line)
            }
            XCTAssertEqual(reported, source, body.name, file: file, line: line)
            XCTAssertTrue(message.contains(reason), "\(body.name): \(message)", file: file, line: line)
            let description = (error as? FetcherError)?.description ?? ""
            XCTAssertTrue(description.contains(source), "\(body.name): the message names the input: \(description)", file: file, line: line)
            XCTAssertFalse(description.contains("\n"), "\(body.name): one line", file: file, line: line)
            XCTAssertLessThan(description.utf8.count, 1000, "\(body.name): no body dumped into the message", file: file, line: line)
        }
    }

    private func result(_ operation: () async throws -> [GitHubRepository]) async -> Result<[GitHubRepository], any Error> {
        do { return .success(try await operation()) } catch { return .failure(error) }
    }

    func testTheTableCoversWhatTheIssueNames() {
        let names = Set(BadInput.bodies.map(\.name))
        for required in [
            "truncated", "wrong-type", "null-required", "error-object", "html", "empty", "twenty-megabytes",
            "nested-10000", "invalid-utf8", "bom", "duplicate-key", "int64-overflow", "unknown-fields",
        ] {
            XCTAssertTrue(names.contains(required), required)
        }
    }

    func testDecoding() async {
        for body in BadInput.bodies {
            check(await result { try GitHubRepository.decodeList(from: body.data, source: "table:\(body.name)") }, body, source: "table:\(body.name)")
            check(await result { try await GitHubRepository.decodeListConcurrently(from: body.data, source: "table:\(body.name)") },
                  body, source: "table:\(body.name)")
        }
    }

    func testLiveBodies() async throws {
        for body in BadInput.bodies {
            let server = try LoopbackHTTPServer { _ in
                LoopbackHTTPServer.Response(status: 200, headers: [("Content-Type", "application/json")], body: body.data)
            }
            let client = GithubAPIClient(baseURL: server.baseURL)
            let source = server.baseURL.absoluteString + "/users/octocat/repos?per_page=100"
            check(await result { try await client.fetchRepositories(user: "octocat") }, body, source: source)
            server.stop()
        }
    }

    func testFixtureFiles() async throws {
        let directory = try TestPaths.temporaryDirectory()
        let file = directory.appendingPathComponent("github/users/octocat/repos.json")
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        let client = FixtureGithubAPIClient(directory: directory)
        for body in BadInput.bodies {
            try body.data.write(to: file)
            check(await result { try await client.fetchRepositories(user: "octocat") }, body, source: file.path)
        }
    }

    /// 8,000 valid elements: past the size from which the clients' decode checks beside the decoder.
    private static let padding = Array(repeating: #"{"id":1,"name":"a","full_name":"o/a","stargazers_count":1}"#, count: 8_000)
        .joined(separator: ",")

    /// Large bodies, each refused for its last element.
    private static let largeBadBodies: [(text: String, reason: String)] = {
        let padding = BadInputTests.padding
        return [
            ("[" + padding + #",{"id":2,"name":"b","full_name":"o/b","stargazers_count":1,"stargazers_count":900}]"#,
             #"duplicate key "stargazers_count" in the element at [8000]"#),
            ("[" + padding + "," + String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000) + "]",
             "nested more than 100 levels deep"),
        ]
    }()

    func testLargeBodiesAreCheckedAsStrictlyWhileTheyDecode() async {
        // From 256 KB on, the clients' decode checks in a child task while it decodes: the check's
        // verdict must still win, and the synchronous decode must give the same one.
        for (text, reason) in Self.largeBadBodies {
            XCTAssertGreaterThan(text.utf8.count, 256 << 10)
            let outcomes = [
                await result { try await GitHubRepository.decodeListConcurrently(from: Data(text.utf8), source: "big") },
                await result { try GitHubRepository.decodeList(from: Data(text.utf8), source: "big") },
            ]
            for outcome in outcomes {
                guard case .failure(let error) = outcome, case .decodingFailed("big", let message)? = error as? FetcherError else {
                    return XCTFail("\(outcome)")
                }
                XCTAssertTrue(message.contains(reason), message)
            }
        }
        let valid = Data(("[" + Self.padding + "]").utf8)
        let decoded = try? await GitHubRepository.decodeListConcurrently(from: valid, source: "big")
        XCTAssertEqual(decoded?.count, 8_000)
    }

    func testRepositoryDetailBodiesFromFixturesAndTheNetwork() async throws {
        // The single-repository endpoint expects an object: every table body (arrays included) is a
        // decoding error naming the file or URL, and none crashes.
        let directory = try TestPaths.temporaryDirectory()
        let file = directory.appendingPathComponent("github/repos/octocat/hello.json")
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        let fixtures = FixtureGithubAPIClient(directory: directory)
        for body in BadInput.bodies {
            try body.data.write(to: file)
            await assertDecodingFailure(source: file.path, body.name) { try await fixtures.fetchRepository(owner: "octocat", name: "hello") }
            let server = try LoopbackHTTPServer { _ in .init(status: 200, body: body.data) }
            let live = GithubAPIClient(baseURL: server.baseURL)
            await assertDecodingFailure(source: server.baseURL.absoluteString + "/repos/octocat/hello", body.name) {
                try await live.fetchRepository(owner: "octocat", name: "hello")
            }
            server.stop()
        }
    }

    func testARepositoryFixtureCannotEscapeThroughASymlink() async throws {
        let directory = try TestPaths.temporaryDirectory()
        let outside = try TestPaths.temporaryDirectory()
        try Data(#"{"id": 1, "name": "hello", "full_name": "octocat/hello"}"#.utf8).write(to: outside.appendingPathComponent("hello.json"))
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("github/repos"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: directory.appendingPathComponent("github/repos/octocat"), withDestinationURL: outside)
        do {
            _ = try await FixtureGithubAPIClient(directory: directory).fetchRepository(owner: "octocat", name: "hello")
            XCTFail("read a file outside the fixture directory")
        } catch let error as FetcherError {
            guard case .unsafeFixturePath = error else { return XCTFail("\(error)") }
        }
    }

    private func assertDecodingFailure(
        source: String, _ name: String, file: StaticString = #filePath, line: UInt = #line,
        _ operation: () async throws -> GitHubRepositoryDetail
    ) async {
        do {
            let detail = try await operation()
            XCTFail("\(name): decoded \(detail.fullName)", file: file, line: line)
        } catch let FetcherError.decodingFailed(reported, _) {
            XCTAssertEqual(reported, source, name, file: file, line: line)
        } catch {
            XCTFail("\(name): not a decoding error: \(error)", file: file, line: line)
        }
    }

    func testDeepNestingIsRefusedBeforeTheParserEvenOnASmallStack() throws {
        // Foundation's parser recurses up to 512 levels before it gives up; on a 128 KB thread stack
        // (an app's own thread may have one) that overflows the stack and kills the process. The
        // preflight refuses more than 100 levels first, without recursing, whatever the body's size.
        let small = try XCTUnwrap(BadInput.bodies.first { $0.name == "nested-objects-10000" })
        let large = try XCTUnwrap(Self.largeBadBodies.last)
        XCTAssertEqual(
            decodeOnASmallStack(small.data), "unexpected JSON in deep: nested more than 100 levels deep (at byte 496)"
        )
        let outcome = try XCTUnwrap(decodeOnASmallStack(Data(large.text.utf8)))
        XCTAssertTrue(outcome.contains(large.reason), outcome)
    }

    /// The error `decodeList` throws for `data` on a thread with a 128 KB stack.
    private func decodeOnASmallStack(_ data: Data) -> String? {
        let outcome = Mutex<String?>(nil)
        let finished = DispatchSemaphore(value: 0)
        let thread = Thread {
            do {
                _ = try GitHubRepository.decodeList(from: data, source: "deep")
            } catch {
                outcome.withLock { $0 = "\(error)" }
            }
            finished.signal()
        }
        thread.stackSize = 128 << 10
        thread.start()
        finished.wait()
        return outcome.withLock { $0 }
    }

    func testTheViewModelKeepsItsListAndStaysUsable() async throws {
        let directory = try TestPaths.temporaryDirectory()
        for user in ["good", "bad"] {
            try FileManager.default.createDirectory(at: directory.appendingPathComponent("github/users/\(user)"), withIntermediateDirectories: true)
        }
        try Data("[\(BadInput.repositoryObject)]".utf8).write(to: directory.appendingPathComponent("github/users/good/repos.json"))
        let viewModel = GitHubRepositoryViewModel(client: FixtureGithubAPIClient(directory: directory))
        try await viewModel.load(user: "good")
        let shown = try XCTUnwrap(viewModel.repositories)
        XCTAssertEqual(shown.count, 1)
        for body in BadInput.bodies where body.reason != nil {
            try body.data.write(to: directory.appendingPathComponent("github/users/bad/repos.json"))
            do {
                try await viewModel.load(user: "bad")
                XCTFail("\(body.name): expected an error")
            } catch {
                guard case .decodingFailed? = viewModel.error else { return XCTFail("\(body.name): \(String(describing: viewModel.error))") }
            }
            XCTAssertEqual(viewModel.repositories, shown, "\(body.name): the previous list stays")
            XCTAssertEqual(viewModel.majorRepositories, shown, body.name)
            XCTAssertFalse(viewModel.isLoading, body.name)
        }
        try await viewModel.load(user: "good")
        XCTAssertNil(viewModel.error, "still usable")
        XCTAssertEqual(viewModel.userName, "good")
    }

    // MARK: - Links and tokens

    func testALinkHeaderAnnouncingAbsurdlyManyPagesIsRefusedNotFollowed() async throws {
        // Regression: a `last` link with page=999999999 made the client build a billion page URLs.
        for last in ["999999999", "9223372036854775807", "1001"] {
            let server = try LoopbackHTTPServer { request in
                let next = "<http://127.0.0.1:\(request.header("Host")?.split(separator: ":").last ?? "")/user/1/repos?per_page=100&page="
                return .json("[]", headers: [("Link", next + "2>; rel=\"next\", " + next + last + ">; rel=\"last\"")])
            }
            let client = GithubAPIClient(baseURL: server.baseURL)
            let outcome = await result { try await client.fetchRepositories(user: "octocat") }
            guard case .failure(FetcherError.unexpectedResponse(_, let reason)) = outcome else { return XCTFail("\(last): \(outcome)") }
            XCTAssertTrue(reason.contains("at most 1000"), reason)
            XCTAssertEqual(server.requests.count, 1, "only the first page was requested")
        }
        XCTAssertEqual(LinkHeader.pageURLs(from: 2, toLast: try XCTUnwrap(URL(string: "https://x/r?page=999999999"))), [])
    }

    func testALastLinkWithoutAUsablePageNumberFallsBackToNext() async throws {
        // Regression: a `last` link whose page was not a number silently dropped every page after the first.
        let first = "[" + Array(repeating: BadInput.repositoryObject, count: 100).joined(separator: ",") + "]"
        let second = "[" + Array(repeating: BadInput.repositoryObject, count: 50).joined(separator: ",") + "]"
        let server = try LoopbackHTTPServer { request in
            guard request.query["page"] == "2" else {
                let base = "<http://127.0.0.1:\(request.header("Host")?.split(separator: ":").last ?? "")/users/octocat/repos?per_page=100&page="
                return .json(first, headers: [("Link", base + "2>; rel=\"next\", " + base + "last>; rel=\"last\"")])
            }
            return .json(second)
        }
        let repositories = try await GithubAPIClient(baseURL: server.baseURL).fetchRepositories(user: "octocat")
        XCTAssertEqual(repositories.count, 150)
        XCTAssertEqual(server.requests.count, 2)
    }

    func testATokenThatCannotGoInAHeaderIsRefusedWithoutSayingIt() async throws {
        let server = try LoopbackHTTPServer { _ in .json("[]") }
        for token in ["ghp_abc\r\nX-Injected: 1", "ghp_a b", "ghp_\u{7F}", "ghp_é", "ghp_\u{0}x"] {
            let client = GithubAPIClient(baseURL: server.baseURL, token: token)
            let outcome = await result { try await client.fetchRepositories(user: "octocat") }
            guard case .failure(let error) = outcome, case .invalidToken(let reason)? = error as? FetcherError else {
                return XCTFail("\(token.debugDescription): \(outcome)")
            }
            XCTAssertFalse("\(error)".contains("ghp_"), reason)
        }
        XCTAssertEqual(server.requests.count, 0, "nothing was sent")
        // Surrounding white space (a token read from a file) is not part of the token.
        _ = try await GithubAPIClient(baseURL: server.baseURL, token: " ghp_fine\n").fetchRepositories(user: "octocat")
        XCTAssertEqual(server.requests.last?.header("Authorization"), "Bearer ghp_fine")
    }
}
