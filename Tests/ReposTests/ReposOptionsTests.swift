// It imports the `repos` executable, which the iOS, tvOS, watchOS and visionOS simulators' test builds
// leave out (Package.swift builds it only for macOS and Linux).
#if os(macOS) || os(Linux)
import CommandLineSupport
import Foundation
import XCTest
@testable import repos

final class ReposOptionsTests: XCTestCase {
    private let fixtures = URL(fileURLWithPath: "/fixtures")

    private func parse(_ arguments: [String], environment: [String: String] = [:]) throws -> ParsedCommand {
        try ReposOptions.parse(arguments, environment: environment, defaultFixtures: fixtures)
    }

    func testDefaults() throws {
        XCTAssertEqual(try parse(["octocat"]), .run(ReposOptions(
            user: "octocat", source: .live(URL(string: "https://api.github.com")!), minimumStars: 50, json: false
        )))
    }

    func testFlagsInBothSpellings() throws {
        let expected = ParsedCommand.run(ReposOptions(
            user: "octocat", source: .live(URL(string: "https://ghe.example/api/v3")!), minimumStars: 7, json: true
        ))
        XCTAssertEqual(try parse(["--api-url", "https://ghe.example/api/v3", "--min-stars", "7", "--json", "octocat"]), expected)
        XCTAssertEqual(try parse(["octocat", "--json", "--min-stars=7", "--api-url=https://ghe.example/api/v3"]), expected)
    }

    func testCacheDirectory() throws {
        XCTAssertEqual(
            try parse(["--cache-dir", "/tmp/c", "x"]),
            .run(ReposOptions(user: "x", source: .live(URL(string: "https://api.github.com")!, cache: URL(fileURLWithPath: "/tmp/c")), minimumStars: 50, json: false))
        )
    }

    func testSources() throws {
        XCTAssertEqual(try parse(["--offline", "x"]), .run(ReposOptions(user: "x", source: .fixtures(fixtures), minimumStars: 50, json: false)))
        XCTAssertEqual(
            try parse(["--fixtures", "/data", "x"]),
            .run(ReposOptions(user: "x", source: .fixtures(URL(fileURLWithPath: "/data")), minimumStars: 50, json: false))
        )
        XCTAssertEqual(
            try parse(["x"], environment: ["GITHUB_API_URL": "http://127.0.0.1:9/api/v3"]),
            .run(ReposOptions(user: "x", source: .live(URL(string: "http://127.0.0.1:9/api/v3")!), minimumStars: 50, json: false))
        )
        // The flag wins over the environment.
        XCTAssertEqual(
            try parse(["--api-url", "https://a.example", "x"], environment: ["GITHUB_API_URL": "https://b.example"]),
            .run(ReposOptions(user: "x", source: .live(URL(string: "https://a.example")!), minimumStars: 50, json: false))
        )
    }

    func testRecord() throws {
        XCTAssertEqual(
            try parse(["record", "octocat"]),
            .record(RecordOptions(user: "octocat", apiURL: URL(string: "https://api.github.com")!, directory: fixtures))
        )
        XCTAssertEqual(
            try parse(["record", "--fixtures", "/data", "octocat", "--api-url=https://ghe.example/api/v3"]),
            .record(RecordOptions(user: "octocat", apiURL: URL(string: "https://ghe.example/api/v3")!, directory: URL(fileURLWithPath: "/data")))
        )
        XCTAssertThrowsError(try parse(["record", "--min-stars", "3", "x"]))
        XCTAssertThrowsError(try parse(["record"]))
        XCTAssertThrowsError(try parse(["record", "x"], environment: ["GITHUB_API_URL": "nonsense"]))
    }

    func testRecordTestGoesWithTheBrowser() throws {
        XCTAssertEqual(
            try parse(["--interactive", "--offline", "--record-test", "/t"]),
            .interactive(InteractiveOptions(user: nil, source: .fixtures(fixtures), minimumStars: 50, recordTest: URL(fileURLWithPath: "/t")))
        )
    }

    func testUsageErrorsSayWhatIsWrong() {
        let cases: [([String], String)] = [
            ([], "missing the user name"),
            (["--nope", "x"], #"unknown option "--nope""#),
            (["--min-stars", "-3", "x"], #"--min-stars needs a whole number of 0 or more, not "-3""#),
            (["--min-stars"], "--min-stars needs a value"),
            (["a", "b"], #"one user at a time; unexpected "b""#),
            (["a b"], #"invalid user name "a b": contains " "; only letters A-Z, digits and hyphens are allowed"#),
            (["--api-url", "ftp://x", "a"], #"the API URL must be an http(s) URL, not "ftp://x""#),
            (["--offline", "--fixtures", "/d", "a"], "--offline and --fixtures exclude each other"),
            (["--record-test", "/t", "a"], "--record-test goes with --interactive"),
        ]
        for (arguments, message) in cases {
            XCTAssertThrowsError(try parse(arguments), "\(arguments)") { error in
                XCTAssertEqual((error as? UsageError)?.description, message)
            }
        }
        XCTAssertEqual(try parse(["-h"]), .help)
        XCTAssertThrowsError(try parse(["--", "-x"]), "after --, -x is a user name, and an invalid one") { error in
            XCTAssertEqual((error as? UsageError)?.description, #"invalid user name "-x": must not start with a hyphen"#)
        }
    }
}
#endif
