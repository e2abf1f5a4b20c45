import ViewModelKitClientSupport
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import XCTest

/// Which redirects are followed: within the origin only; never https to http, never to a `file:` URL.
final class RedirectPolicyTests: XCTestCase {
    private func decide(_ from: String, _ to: String) throws -> RedirectPolicy.Decision {
        RedirectPolicy.decide(from: try XCTUnwrap(URL(string: from)), to: try XCTUnwrap(URL(string: to)))
    }

    private func reason(_ decision: RedirectPolicy.Decision) -> String? {
        if case .refuse(let refusal) = decision { return refusal.reason }
        return nil
    }

    func test_sameOrigin_isFollowed_defaultPortsCountAsGiven() throws {
        XCTAssertEqual(try decide("https://api.github.com/a", "https://API.github.com:443/b?page=2"), .follow)
        XCTAssertEqual(try decide("http://127.0.0.1:8080/a", "http://127.0.0.1:8080/b"), .follow)
    }

    func test_anotherPortHostOrScheme_isRefused_namingTheNewOrigin() throws {
        let port = try XCTUnwrap(reason(try decide("http://127.0.0.1:8080/a", "http://127.0.0.1:9090/a")))
        XCTAssertTrue(port.contains("http://127.0.0.1:9090"), port)
        let host = try XCTUnwrap(reason(try decide("https://api.github.com/a", "https://user:pw@evil.example/a")))
        XCTAssertTrue(host.contains("https://evil.example:443"), host)
        XCTAssertFalse(host.contains("pw"), host)
        XCTAssertNotNil(reason(try decide("http://api.example/a", "https://api.example/a")))
    }

    func test_httpsToHttp_isAlwaysRefused() throws {
        let text = try XCTUnwrap(reason(try decide("https://api.example/a", "http://api.example/a")))
        XCTAssertTrue(text.contains("from https to plain http"), text)
    }

    func test_fileAndDataURLs_areNamedAsSuch() throws {
        let file = try XCTUnwrap(reason(try decide("http://127.0.0.1:8080/a", "file:///etc/passwd")))
        XCTAssertTrue(file.contains("a file: URL"), file)
        let data = try XCTUnwrap(reason(try decide("http://127.0.0.1:8080/a", "data:text/plain,hi")))
        XCTAssertTrue(data.contains("a data: URL"), data)
    }

    func test_aFollowedRedirect_keepsMethodAndHeaders() throws {
        var request = URLRequest(url: try XCTUnwrap(URL(string: "http://127.0.0.1:1/a")))
        request.setValue("Bearer x", forHTTPHeaderField: "Authorization")
        let followed = RedirectPolicy.redirected(request, to: try XCTUnwrap(URL(string: "http://127.0.0.1:1/b")))
        XCTAssertEqual(followed.url?.path, "/b")
        XCTAssertEqual(followed.value(forHTTPHeaderField: "Authorization"), "Bearer x")
    }
}
