// It starts other programs (Foundation's `Process`), which exist only on macOS and Linux: the iOS,
// tvOS, watchOS and visionOS simulators' test builds leave it out.
#if os(macOS) || os(Linux)
import Foundation
import TestSupport
import XCTest
@testable import repos

/// The bad-input table through the command line: fixture files read by `repos --fixtures`, user names
/// given as arguments, and the environment variables the front ends read.
@MainActor
final class BadInputCommandLineTests: XCTestCase {
    private struct Outcome {
        var status: Int32
        var stdout = ""
        var stderr = ""
    }

    /// Runs `repos` in process.
    private func repos(_ arguments: [String], environment: [String: String] = [:]) async -> Outcome {
        var outcome = Outcome(status: 0)
        outcome.status = await ReposCommand.run(
            arguments: arguments, environment: environment, defaultFixtures: ReposBinary.packageRoot.appendingPathComponent("Fixtures"),
            output: { outcome.stdout += $0 }, errorOutput: { outcome.stderr += $0 }
        )
        return outcome
    }

    func testEveryBadFixtureFileIsAOneLineErrorNamingTheFile() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("repos-bad-\(UUID().uuidString)")
        let file = directory.appendingPathComponent("github/users/octocat/repos.json")
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        for body in BadInput.bodies {
            try body.data.write(to: file)
            let outcome = await repos(["--fixtures", directory.path, "--min-stars", "0", "--json", "octocat"])
            if let reason = body.reason {
                XCTAssertEqual(outcome.status, 1, body.name)
                XCTAssertEqual(outcome.stdout, "", body.name)
                XCTAssertTrue(outcome.stderr.hasPrefix("repos: unexpected JSON in \(file.path): "), "\(body.name): \(outcome.stderr)")
                XCTAssertTrue(outcome.stderr.contains(reason), "\(body.name): \(outcome.stderr)")
                XCTAssertEqual(outcome.stderr.filter { $0 == "\n" }.count, 1, "\(body.name): one line")
            } else {
                XCTAssertEqual(outcome.status, 0, "\(body.name): \(outcome.stderr)")
                let printed = try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [Any]
                XCTAssertEqual(printed?.count, body.count, body.name)
            }
        }
    }

    func testBadUserNamesAreUsageErrorsBeforeAnyRequestOrFileAccess() async throws {
        let server = try LoopbackHTTPServer { _ in .json("[]") }
        // Files a traversal would reach exist, so a name that got through would succeed.
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("repos-names-\(UUID().uuidString)")
        for path in ["github/users/x", "github/x", "x", "github/users/a/b"] {
            try FileManager.default.createDirectory(at: directory.appendingPathComponent(path), withIntermediateDirectories: true)
            try Data("[]".utf8).write(to: directory.appendingPathComponent(path + "/repos.json"))
        }
        defer { try? FileManager.default.removeItem(at: directory) }
        let names = [
            "../x", "../../x", "a/b", "?x=1", "%2e%2e", "a b", " x", "x\n", "a\r\nb", "аpple", "ｘ", "x\u{200B}",
            String(repeating: "x", count: 40), "-x", "-", "--x", ".", "..", "",
        ]
        for name in names {
            for source in [["--fixtures", directory.path], ["--api-url", server.baseURL.absoluteString]] {
                let outcome = await repos(source + ["--", name])
                XCTAssertEqual(outcome.status, 2, "\(name.debugDescription): \(outcome.stderr)")
                XCTAssertTrue(outcome.stderr.hasPrefix("repos: invalid user name ") || outcome.stderr.hasPrefix("repos: missing the user name"), "\(name.debugDescription): \(outcome.stderr)")
            }
        }
        XCTAssertEqual(server.requests.count, 0)
    }

    /// Old accounts GitHub still serves end in a hyphen or hold two in a row: they are listed, from
    /// fixtures and from the live API alike.
    func testOldAccountNamesWithTrailingOrDoubleHyphensWork() async throws {
        let server = try LoopbackHTTPServer { request in
            request.path.hasPrefix("/users/") ? .json(#"[{"id": 1, "name": "kept", "full_name": "old/kept", "stargazers_count": 60}]"#) : .json("{}", status: 404)
        }
        let directory = try TestPaths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        for name in ["foo-", "a--b"] {
            let file = directory.appendingPathComponent("github/users/\(name)/repos.json")
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(#"[{"id": 1, "name": "kept", "full_name": "old/kept", "stargazers_count": 60}]"#.utf8).write(to: file)
            for source in [["--fixtures", directory.path], ["--api-url", server.baseURL.absoluteString]] {
                let outcome = await repos(source + ["--json", name])
                XCTAssertEqual(outcome.status, 0, "\(name): \(outcome.stderr)")
                XCTAssertTrue(outcome.stdout.contains(#""kept""#), "\(name): \(outcome.stdout)")
            }
        }
        XCTAssertEqual(server.requests.map(\.path), ["/users/foo-/repos", "/users/a--b/repos"])
    }

    func testBadEnvironmentVariablesAreClearErrors() async throws {
        let server = try LoopbackHTTPServer { _ in .json("[]") }
        for url in ["nonsense", "ftp://x", "file:///etc", "http://", "javascript:alert(1)", "http://exa mple.com", "https://x\n.example"] {
            let outcome = await repos(["octocat"], environment: ["GITHUB_API_URL": url])
            XCTAssertEqual(outcome.status, 2, "\(url.debugDescription): \(outcome.stderr)")
            XCTAssertTrue(outcome.stderr.hasPrefix("repos: the API URL must be an http(s) URL, not "), outcome.stderr)
            XCTAssertEqual(outcome.stderr.split(separator: "\n").first?.contains("\n"), false)
        }
        for token in ["ghp_x\nInjected: yes", "ghp_x y", "ghp_\u{1B}[31m"] {
            let outcome = await repos(["octocat"], environment: ["GITHUB_API_URL": server.baseURL.absoluteString, "GITHUB_TOKEN": token])
            XCTAssertEqual(outcome.status, 1, outcome.stderr)
            XCTAssertTrue(outcome.stderr.hasPrefix("repos: the token (GITHUB_TOKEN) cannot be used: it holds "), outcome.stderr)
            XCTAssertFalse(outcome.stderr.contains("ghp_"))
        }
        XCTAssertEqual(server.requests.count, 0, "no request carried a broken token")
    }

    func testTheCounterRefusesABadNumbersAPIURL() async throws {
        let counter = try ReposBinary.binary.deletingLastPathComponent().appendingPathComponent("counter")
        for url in ["nonsense", "ftp://numbers", "http://"] {
            let process = Process()
            process.executableURL = counter
            process.arguments = []
            process.environment = ProcessInfo.processInfo.environment.merging(["NUMBERS_API_URL": url]) { $1 }
            let errors = Pipe()
            process.standardError = errors
            process.standardOutput = Pipe()
            let text = try process.runUntilExit { String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self) }
            XCTAssertEqual(process.terminationStatus, 2, text)
            XCTAssertTrue(text.hasPrefix("counter: the Numbers API URL must be an http(s) URL, not "), text)
        }
    }
}
#endif
