// It starts other programs (Foundation's `Process`), which exist only on macOS and Linux: the iOS,
// tvOS, watchOS and visionOS simulators' test builds leave it out.
#if os(macOS) || os(Linux)
import Foundation
import TestSupport
import XCTest

/// `repos` against servers that misbehave on purpose: each run ends with exit 1 and one line on
/// standard error, the token never reaches another origin or any output.
final class HostileServerTests: XCTestCase {
    private static let token = "github_pat_11HOSTILE0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ_0123456789ab"

    private func assertOneErrorLine(_ run: ReposBinary.Run, containing expected: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(run.status, 1, run.stderr, file: file, line: line)
        XCTAssertEqual(run.stdout, "", file: file, line: line)
        XCTAssertTrue(run.stderr.hasPrefix("repos: ") && run.stderr.hasSuffix("\n"), run.stderr, file: file, line: line)
        XCTAssertEqual(run.stderr.filter { $0 == "\n" }.count, 1, run.stderr, file: file, line: line)
        XCTAssertTrue(run.stderr.contains(expected), "\(run.stderr) lacks \(expected)", file: file, line: line)
    }

    func test_aRedirectToAnotherPort_isRefused_theOtherServerGetsNothing() throws {
        let other = try LoopbackHTTPServer { _ in .json("[]") }
        let api = try LoopbackHTTPServer { request in
            .init(status: 307, headers: [("Location", other.baseURL.absoluteString + request.target)])
        }
        let environment = ["GITHUB_TOKEN": Self.token, "GITHUB_API_URL": api.baseURL.absoluteString]
        let fixtures = FileManager.default.temporaryDirectory.appendingPathComponent("hostile-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: fixtures) }
        for arguments in [["octocat"], ["--json", "octocat"], ["record", "octocat", "--fixtures", fixtures.path]] {
            let run = try ReposBinary.run(arguments, environment: environment)
            assertOneErrorLine(run, containing: "redirect refused: \(api.baseURL.absoluteString) redirected to another origin, http://127.0.0.1:\(other.port)")
        }
        XCTAssertEqual(other.requests.count, 0, "headers the other origin got: \(other.requests.map(\.headers))")
    }

    func test_anEndlessChunkedBody_failsAt64MB() throws {
        let api = try LoopbackHTTPServer { _ in
            LoopbackHTTPServer.Response(headers: [("Content-Type", "application/json")], stream: .endless(piece: Data(repeating: 0x20, count: 16 << 10)))
        }
        let run = try ReposBinary.run(["--json", "octocat"], environment: ["GITHUB_API_URL": api.baseURL.absoluteString])
        assertOneErrorLine(run, containing: "response from \(api.baseURL.absoluteString)/users/octocat/repos?per_page=100 is larger than 64 MB")
        api.stop()
    }

    /// A redirect whose body never ends, which FoundationNetworking keeps to itself: `repos` still
    /// ends, at once, with one line naming the server; a hang is terminated after a minute and fails.
    /// A 302 here, and a 301, 307 and 308 under full stress.
    func test_aRedirectWithAnEndlessBody_endsTheRun() throws {
        for status in FullStress.isOn ? [301, 302, 307, 308] : [302] {
            let api = try LoopbackHTTPServer { _ in
                .init(status: status, headers: [("Location", "/users/octocat/repos?per_page=100&hop=1")], stream: .endless(piece: Data(repeating: 0x20, count: 16 << 10)))
            }
            defer { api.stop() }
            let run = try ReposBinary.run(["--timeout", "1", "octocat"], environment: ["GITHUB_API_URL": api.baseURL.absoluteString], timeLimit: .seconds(60))
            #if canImport(FoundationNetworking)
            assertOneErrorLine(run, containing: api.baseURL.absoluteString)
            #else
            // Darwin's URLSession follows each hop (back to the same URL) as soon as its head arrives,
            // drops its body unread, and gives up after 20 hops (16 before macOS 11) with
            // `NSURLErrorHTTPTooManyRedirects`: a network error, in the user's language, naming no URL.
            assertOneErrorLine(run, containing: "network error: ")
            #endif
        }
    }

    func test_aGzipBomb_failsAt64MB() throws {
        let bomb = GzipBomb.spaces(count: 80 << 20, checksum: false)
        let api = try LoopbackHTTPServer { _ in
            .init(headers: [("Content-Type", "application/json"), ("Content-Encoding", "gzip")], body: bomb)
        }
        let run = try ReposBinary.run(["--json", "octocat"], environment: ["GITHUB_API_URL": api.baseURL.absoluteString])
        assertOneErrorLine(run, containing: "is larger than 64 MB")
    }

    func test_aProxyQuotingTheTokenAtTheCut_leaksNoPieceOfIt() throws {
        for offset in [197, 193, 120] {
            let api = try LoopbackHTTPServer { request in
                let echoed = request.header("Authorization") ?? ""
                return .json(#"{"message":"\#(String(repeating: "-", count: offset - 7))\#(echoed)"}"#)
            }
            let run = try ReposBinary.run(["octocat"], environment: ["GITHUB_TOKEN": Self.token, "GITHUB_API_URL": api.baseURL.absoluteString])
            assertOneErrorLine(run, containing: "expected a JSON array")
            XCTAssertFalse(run.stderr.contains("github_"), run.stderr)
            XCTAssertFalse(run.stderr.contains("HOSTILE"), run.stderr)
        }
    }

    func test_aUserNameAndPasswordInTheAPIURL_areNeverPrinted() throws {
        let api = try LoopbackHTTPServer { _ in .json("[{") }
        let url = "http://alice:s3cretpass@127.0.0.1:\(api.port)"
        let run = try ReposBinary.run(["octocat"], environment: ["GITHUB_API_URL": url])
        assertOneErrorLine(run, containing: "http://127.0.0.1:\(api.port)/users/octocat/repos")
        XCTAssertFalse(run.stderr.contains("s3cretpass") || run.stderr.contains("alice"), run.stderr)
    }

    func test_theWholeFetchDeadline_isAnOption() throws {
        for bad in ["0", "-1", "soon", "86401"] {
            let run = try ReposBinary.run(["--timeout", bad, "octocat"])
            XCTAssertEqual(run.status, 2, run.stderr)
            XCTAssertTrue(run.stderr.contains("--timeout needs a whole number of seconds"), run.stderr)
        }
        let api = try LoopbackHTTPServer { _ in
            LoopbackHTTPServer.Response(headers: [("Content-Type", "application/json")], stream: .trickle(Data("[]".utf8), every: .seconds(60)))
        }
        let run = try ReposBinary.run(["--timeout", "1", "octocat"], environment: ["GITHUB_API_URL": api.baseURL.absoluteString])
        assertOneErrorLine(run, containing: "took longer than 1 s (the whole-fetch deadline; see --timeout)")
        api.stop()
    }

    func test_aRedirectToAFileURL_isNamedAsSuch() throws {
        let api = try LoopbackHTTPServer { _ in .init(status: 302, headers: [("Location", "file:///etc/passwd")]) }
        let run = try ReposBinary.run(["octocat"], environment: ["GITHUB_API_URL": api.baseURL.absoluteString])
        assertOneErrorLine(run, containing: "redirected to a file: URL")
        XCTAssertFalse(run.stderr.contains("too many HTTP redirects"), run.stderr)
    }

    func test_aUserNameAndPasswordInARefusedAPIURL_areNotPrinted() throws {
        let run = try ReposBinary.run(["--api-url", "ftp://alice:s3cretpass@example.com/", "octocat"])
        XCTAssertEqual(run.status, 2, run.stderr)
        XCTAssertFalse(run.stderr.contains("s3cretpass") || run.stderr.contains("alice"), run.stderr)
    }
}
#endif
