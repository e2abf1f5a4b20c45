// It starts other programs (Foundation's `Process`), which exist only on macOS and Linux: the iOS,
// tvOS, watchOS and visionOS simulators' test builds leave it out.
#if os(macOS) || os(Linux)
import Foundation
import TestSupport
import XCTest

/// `repos` refuses a cache directory others can write to (one line, then goes on without it), treats a
/// missing `--fixtures` directory as a usage error, and names the real cause when `record` fails.
final class CacheAndFixtureCommandLineTests: XCTestCase {

    private static let real = #"[{"id":1,"name":"real","full_name":"o/real","stargazers_count":90,"description":"from the server","html_url":"https://github.com/o/real"}]"#

    func test_aPlantedEntryInAWorldWritableCache_isNeverShown() throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        let root = scratch.url
        let api = try LoopbackHTTPServer { request in
            request.header("If-None-Match") != nil
                ? .init(status: 304) : .json(Self.real, headers: [("ETag", "W/\"1\"")])
        }
        let cache = root.appendingPathComponent("cache")
        let environment = ["GITHUB_API_URL": api.baseURL.absoluteString]
        let first = try ReposBinary.run(["--json", "--cache-dir", cache.path, "octocat"], environment: environment)
        XCTAssertEqual(first.status, 0, first.stderr)
        // Someone else plants a list in the entry and the directory is world-writable.
        let entry = try XCTUnwrap(FileManager.default.contentsOfDirectory(at: cache, includingPropertiesForKeys: nil).first)
        let planted = try String(contentsOf: entry, encoding: .utf8).replacingOccurrences(
            of: Data(Self.real.utf8).base64EncodedString(),
            with: Data(Self.real.replacingOccurrences(of: "\"real\"", with: "\"planted\"").utf8).base64EncodedString()
        )
        try planted.write(to: entry, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: cache.path)

        let second = try ReposBinary.run(["--json", "--cache-dir", cache.path, "octocat"], environment: environment)
        XCTAssertEqual(second.status, 0, second.stderr)
        XCTAssertTrue(second.stdout.contains("\"real\""), second.stdout)
        XCTAssertFalse(second.stdout.contains("planted"), second.stdout)
        XCTAssertEqual(second.stderr, "repos: not using the cache directory \"\(cache.path)\": others can write to it (mode 777); continuing without a cache\n")
        XCTAssertNil(api.requests.last?.header("If-None-Match"), "the planted entry's ETag was not sent")
    }

    func test_aMissingOrFileFixtureDirectory_isAUsageError() throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        let root = scratch.url
        let file = root.appendingPathComponent("plain-file")
        try Data().write(to: file)
        for (directory, reason) in [(root.appendingPathComponent("missing").path, "does not exist"), (file.path, "is not a directory")] {
            let run = try ReposBinary.run(["--fixtures", directory, "x"])
            XCTAssertEqual(run.status, 2, run.stderr)
            XCTAssertTrue(run.stderr.hasPrefix("repos: the fixture directory \"\(directory)\" \(reason)\n"), run.stderr)
        }
    }

    func test_recordNamesTheRealCause() throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        let root = scratch.url
        let api = try LoopbackHTTPServer { _ in
            .json(#"[{"id":1,"name":"a","full_name":"o/a","stargazers_count":1,"description":null,"html_url":"https://github.com/o/a","size":1e400}]"#)
        }
        let environment = ["GITHUB_API_URL": api.baseURL.absoluteString]
        let number = try ReposBinary.run(["record", "octocat", "--fixtures", root.path], environment: environment)
        XCTAssertEqual(number.status, 1)
        XCTAssertEqual(number.stderr, "repos: nothing recorded: the answer for \"octocat\" holds a number JSON cannot hold (such as 1e400)\n")

        let good = try LoopbackHTTPServer { _ in .json(Self.real) }
        let blocked = root.appendingPathComponent("github/users/octocat/repos.json")
        try FileManager.default.createDirectory(at: blocked, withIntermediateDirectories: true)
        let directory = try ReposBinary.run(["record", "octocat", "--fixtures", root.path], environment: ["GITHUB_API_URL": good.baseURL.absoluteString])
        XCTAssertEqual(directory.status, 1)
        XCTAssertEqual(directory.stderr, "repos: could not write the fixture \"\(blocked.path)\": a directory of that name is in the way\n")
    }
}
#endif
