import Foundation
import ViewModelKitExampleGitHub
import TestSupport
import ViewModelKit
import ViewModelKitTesting
import XCTest

final class LinkHeaderTests: XCTestCase {
    func testParsesGitHubsRealHeaders() throws {
        let text = try String(contentsOf: TestPaths.recordedGitHub.appendingPathComponent("hub4j-user-50003-repos-per_page30-page2.headers.txt"), encoding: .utf8)
        let value = try XCTUnwrap(text.split(separator: "\n").first { $0.hasPrefix("Link: ") }).dropFirst(6)
        let links = LinkHeader(String(value))
        XCTAssertEqual(links.next?.absoluteString, "https://api.github.com/user/50003/repos?per_page=30&page=3")
        XCTAssertEqual(links.last?.absoluteString, "https://api.github.com/user/50003/repos?per_page=30&page=9")
        XCTAssertEqual(links.relations["prev"]?.absoluteString, "https://api.github.com/user/50003/repos?per_page=30&page=1")
        XCTAssertEqual(links.relations["first"]?.absoluteString, "https://api.github.com/user/50003/repos?per_page=30&page=1")
    }

    func testTheLastPageHasNoNextOrLast() throws {
        let text = try String(contentsOf: TestPaths.recordedGitHub.appendingPathComponent("hub4j-organizations-107424-repos-per_page100-page23-last.headers.txt"), encoding: .utf8)
        let value = try XCTUnwrap(text.split(separator: "\n").first { $0.hasPrefix("Link: ") }).dropFirst(6)
        let links = LinkHeader(String(value))
        XCTAssertNil(links.next)
        XCTAssertNil(links.last)
        XCTAssertEqual(Set(links.relations.keys), ["prev", "first"])
    }

    func testDerivesPageURLsFromTheLastURL() throws {
        let last = try XCTUnwrap(URL(string: "https://api.github.com/organizations/107424/repos?per_page=100&page=23"))
        let urls = LinkHeader.pageURLs(from: 2, toLast: last)
        XCTAssertEqual(urls.count, 22)
        XCTAssertEqual(urls.first?.absoluteString, "https://api.github.com/organizations/107424/repos?per_page=100&page=2")
        XCTAssertEqual(urls.last, last)
        XCTAssertEqual(LinkHeader.pageURLs(from: 2, toLast: try XCTUnwrap(URL(string: "https://x/y?page=1"))), [])
    }

    func testALinkThatIsNotAValidURLAsWrittenIsSkipped() {
        // Regression (found by fuzzing): Foundation percent-encoded a NUL or a space inside `<…>`, so
        // the parser returned a URL the header did not hold.
        for broken in ["https://x.example/a\u{0}b?page=2", "https://x.example/a b?page=2", "https://x.example/\u{1B}[31m?page=2"] {
            let links = LinkHeader("<\(broken)>; rel=\"next\", <https://x.example/r?page=9>; rel=\"last\"")
            XCTAssertNil(links.next, broken.debugDescription)
            XCTAssertEqual(links.last?.absoluteString, "https://x.example/r?page=9")
        }
    }

    func testPageURLsNeverChangeTheHost() throws {
        // Regression (found by fuzzing): rebuilding the odd URL "tps://://+s?page=30" moved the slashes
        // into another part, so the derived page URLs had another host than the `last` link.
        let links = LinkHeader(#"<tps://://+s?page=30&p9>; rel=+s?page=30&p9>; rel=last""#)
        let last = try XCTUnwrap(links.last)
        XCTAssertEqual(LinkHeader.pageURLs(from: 2, toLast: last), [])
        let normal = try XCTUnwrap(URL(string: "https://api.github.com/user/1/repos?per_page=100&page=4"))
        XCTAssertEqual(LinkHeader.pageURLs(from: 2, toLast: normal).map { LinkHeader.pageNumber(of: $0) }, [2, 3, 4])
    }

    func testToleratesOddButValidHeaders() {
        let links = LinkHeader(#"<https://a.example/x?q=1,2&page=2>; rel="next last", <>; rel="prev",garbage"#)
        XCTAssertEqual(links.next?.absoluteString, "https://a.example/x?q=1,2&page=2")
        XCTAssertEqual(links.last, links.next)
        XCTAssertNil(links.relations["prev"])
        XCTAssertEqual(LinkHeader("").relations, [:])
    }
}
