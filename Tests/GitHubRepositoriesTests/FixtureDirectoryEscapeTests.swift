import XCTest
import ViewModelKitExampleGitHub
import TestSupport
import ViewModelKit

/// The fixture client and the recorder never read or write outside the fixture directory.
final class FixtureDirectoryEscapeTests: XCTestCase {
    func testASymlinkedUserDirectoryPointingOutsideIsRefused() async throws {
        let root = try TestPaths.temporaryDirectory()
        let outside = try TestPaths.temporaryDirectory()
        try Data("[]".utf8).write(to: outside.appendingPathComponent("repos.json"))
        try FileManager.default.createDirectory(at: root.appendingPathComponent("github/users"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: root.appendingPathComponent("github/users/evil").path, withDestinationPath: outside.path)
        do {
            _ = try await FixtureGithubAPIClient(directory: root).fetchRepositories(user: "evil")
            XCTFail("expected a refusal")
        } catch {
            guard case .unsafeFixturePath(let message)? = error as? FetcherError else { return XCTFail("\(error)") }
            XCTAssertTrue(message.contains("leads outside the fixture directory"), message)
        }
    }

    func testTheRecorderDoesNotWriteThroughASymlinkPointingOutside() async throws {
        let root = try TestPaths.temporaryDirectory()
        let outside = try TestPaths.temporaryDirectory()
        try FileManager.default.createSymbolicLink(atPath: root.appendingPathComponent("github").path, withDestinationPath: outside.path)
        let server = try LoopbackHTTPServer { _ in .json("[]") }
        do {
            _ = try await GitHubFixtureRecorder(client: GithubAPIClient(baseURL: server.baseURL)).record(user: "octocat", into: root)
            XCTFail("expected a refusal")
        } catch {
            guard case .unsafeFixturePath? = error as? FetcherError else { return XCTFail("\(error)") }
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: outside.path), [])
        XCTAssertEqual(server.requests.count, 0, "refused before fetching")
    }
}
