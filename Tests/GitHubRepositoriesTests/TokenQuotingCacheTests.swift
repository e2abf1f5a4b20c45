import Foundation
import ViewModelKitExampleGitHub
import TestSupport
import XCTest

/// A page whose ETag or `Link` quotes the token is not cached, so the token never lands on disk.
final class TokenQuotingCacheTests: XCTestCase {
    func test_anETagOrLinkQuotingTheToken_isNotCached() async throws {
        let token = "ghp_CacheQuote0123456789abcdefABCDEF"
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        for header in ["ETag", "Link"] {
            let api = try LoopbackHTTPServer { request in
                let echoed = String((request.header("Authorization") ?? "").dropFirst(7).prefix(12))
                let headers = header == "ETag"
                    ? [("ETag", "W/\"\(echoed)\"")]
                    : [("ETag", "W/\"1\""), ("Link", "<https://elsewhere.example/\(echoed)>; rel=\"help\"")]
                return .json("[]", headers: headers)
            }
            let cache = ResponseCache(directory: scratch.url)
            _ = try await GithubAPIClient(baseURL: api.baseURL, token: token, cache: cache).fetchRepositories(user: "octocat")
            let files = try FileManager.default.contentsOfDirectory(atPath: scratch.url.path)
            XCTAssertEqual(files, [], "\(header): \(files)")
        }
    }
}
