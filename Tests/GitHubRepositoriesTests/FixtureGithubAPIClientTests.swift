import XCTest
import ViewModelKitExampleGitHub
import TestSupport
import ViewModelKit

@MainActor
final class FixtureGithubAPIClientTests: XCTestCase {
    func testServesTheFileAtTheAPIPath() async throws {
        let client = FixtureGithubAPIClient(directory: TestPaths.fixtures)
        XCTAssertEqual(try client.fileURL(forUser: "kohsuke").path, TestPaths.resolved(TestPaths.fixtures).path + "/github/users/kohsuke/repos.json")
        let repositories = try await client.fetchRepositories(user: "kohsuke")
        XCTAssertEqual(repositories.count, 60)
        XCTAssertEqual(repositories.first?.fullName, "kohsuke/access-modifier")
    }

    func testBothVariantsAgree() async throws {
        let client = FixtureGithubAPIClient(directory: TestPaths.fixtures)
        let viaAsync = try await client.fetchRepositories(user: "nerdishbynature")
        let viaClosure: [GitHubRepository] = try await withCallback { resume in
            client.fetchRepositories(user: "nerdishbynature") { repositories, error in
                resume(Result { if let error { throw error }; return repositories ?? [] })
            }
        }
        XCTAssertEqual(viaAsync, viaClosure)
        XCTAssertEqual(viaAsync.count, 42)
    }

    func testAMissingFileIsUserNotFound() async throws {
        let client = FixtureGithubAPIClient(directory: TestPaths.fixtures)
        await assertFails(client, user: "nobody-here", with: .userNotFound("nobody-here"))
    }

    func testAMalformedFileIsADecodingErrorThatNamesTheFile() async throws {
        let directory = try TestPaths.temporaryDirectory()
        let file = directory.appendingPathComponent("github/users/broken/repos.json")
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(#"[{"id": 1, "name": "x"}]"#.utf8).write(to: file)
        let client = FixtureGithubAPIClient(directory: directory)
        await assertFails(client, user: "broken", with: .decodingFailed(source: file.path, reason: #"missing key "full_name" at [0]"#))

        try Data().write(to: file)
        await assertFails(client, user: "broken", with: .decodingFailed(source: file.path, reason: "the body is empty"))
    }

    func testInvalidNamesAreRejectedBeforeAnyFileAccess() async throws {
        // A file that a traversal would reach exists; the name is refused anyway.
        let directory = try TestPaths.temporaryDirectory()
        let outside = directory.appendingPathComponent("github/users/x/repos.json")
        try FileManager.default.createDirectory(at: outside.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("[]".utf8).write(to: outside)
        let client = FixtureGithubAPIClient(directory: directory.appendingPathComponent("inner"))
        await assertFails(client, user: "../../../x", with: .invalidUserName("../../../x", reason: .invalidCharacter(".")))
    }

    private func assertFails(
        _ client: FixtureGithubAPIClient, user: String, with expected: FetcherError,
        file: StaticString = #filePath, line: UInt = #line
    ) async {
        do {
            _ = try await client.fetchRepositories(user: user)
            XCTFail("expected \(expected)", file: file, line: line)
        } catch {
            XCTAssertEqual(error as? FetcherError, expected, file: file, line: line)
        }
        // The closure variant reports the same error.
        let reported: FetcherError? = await withCheckedContinuation { continuation in
            client.fetchRepositories(user: user) { repositories, error in
                XCTAssertNil(repositories, file: file, line: line)
                continuation.resume(returning: error as? FetcherError)
            }
        }
        XCTAssertEqual(reported, expected, file: file, line: line)
    }
}
