import TestSupport
import XCTest
@testable import ViewModelKitExampleGitHub

final class GitHubRepositoryDecodingTests: XCTestCase {
    private func decode(_ url: URL) throws -> [GitHubRepository] {
        try GitHubRepository.decodeList(from: Data(contentsOf: url), source: url.lastPathComponent)
    }

    func testEveryShippedFixtureDecodes() throws {
        let users = try FileManager.default.contentsOfDirectory(atPath: TestPaths.fixtures.appendingPathComponent("github/users").path)
        XCTAssertGreaterThanOrEqual(users.count, 3)
        for user in users {
            let url = TestPaths.fixtures.appendingPathComponent("github/users/\(user)/repos.json")
            let repositories = try decode(url)
            XCTAssertFalse(repositories.isEmpty, user)
            // The raw file has as many objects as we decoded, and every one keeps GitHub's full shape.
            let raw = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [[String: Any]])
            XCTAssertEqual(raw.count, repositories.count, user)
            for object in raw {
                XCTAssertNotNil(object["owner"], "\(user): fixtures keep every field GitHub sends")
                XCTAssertNotNil(object["node_id"], user)
            }
            XCTAssertTrue(repositories.allSatisfy { $0.fullName.hasPrefix("\(user)/") }, user)
        }
    }

    func testShippedFixturesCoverTheCasesTheIssueNames() throws {
        let counts = try ["kohsuke", "nerdishbynature", "jacquev6", "many-repos-org"].map { user in
            let all = try decode(TestPaths.fixtures.appendingPathComponent("github/users/\(user)/repos.json"))
            return (user, all.count, all.filter { $0.stargazersCount >= 50 }.count)
        }
        XCTAssertTrue(counts.contains { $0.2 == 0 }, "one user has no major repository")
        XCTAssertTrue(counts.contains { $0.1 > 100 }, "one user has more than 100 repositories")
    }

    func testEveryRealListPayloadDecodes() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: TestPaths.recordedGitHub.path).filter { $0.hasSuffix(".json") }
        var lists = 0
        var objects = 0
        for name in names {
            let data = try Data(contentsOf: TestPaths.recordedGitHub.appendingPathComponent(name))
            if let raw = try JSONSerialization.jsonObject(with: data) as? [Any] {
                let repositories = try decode(TestPaths.recordedGitHub.appendingPathComponent(name))
                XCTAssertEqual(repositories.count, raw.count, name)
                lists += 1
            } else {
                // A single repository (GET /repos/{owner}/{repo}).
                let repository = try JSONDecoder().decode(GitHubRepository.self, from: data)
                XCTAssertTrue(repository.fullName.hasSuffix("/" + repository.name), name)
                objects += 1
            }
        }
        XCTAssertGreaterThanOrEqual(lists, 8)
        XCTAssertGreaterThanOrEqual(objects, 2)
    }

    func testRealObjectsDecodeToTheirValues() throws {
        let page = try decode(TestPaths.recordedGitHub.appendingPathComponent("hub4j-users-kohsuke-repos-per_page30-page1.json"))
        let args4j = try XCTUnwrap(page.first { $0.name == "args4j" })
        XCTAssertEqual(args4j.fullName, "kohsuke/args4j")
        XCTAssertEqual(args4j.stargazersCount, 663)
        XCTAssertEqual(args4j.htmlURL?.absoluteString, "https://github.com/kohsuke/args4j")

        let docs = try decode(TestPaths.recordedGitHub.appendingPathComponent("openapi-example-minimal-repository-items.json"))
        XCTAssertEqual(docs.first?.fullName, "octocat/Hello-World")
        XCTAssertEqual(docs.first?.stargazersCount, 80)
        XCTAssertEqual(docs.first?.language, nil)
    }

    func testPayloadsFrom2012UseWatchersAsTheStarCount() throws {
        let repositories = try decode(TestPaths.recordedGitHub.appendingPathComponent("pygithub-orgs-BeaverSoftware-repos-type_public-2012.json"))
        let raw = try XCTUnwrap(JSONSerialization.jsonObject(
            with: Data(contentsOf: TestPaths.recordedGitHub.appendingPathComponent("pygithub-orgs-BeaverSoftware-repos-type_public-2012.json"))
        ) as? [[String: Any]])
        XCTAssertEqual(repositories.map(\.stargazersCount), raw.compactMap { $0["watchers"] as? Int })
        XCTAssertFalse(repositories[0].isArchived, "absent archived means not archived")
    }

    func testNullsWhereGitHubSendsThem() throws {
        let json = #"[{"id":1,"name":"a","full_name":"o/a","stargazers_count":3,"description":null,"language":null,"html_url":null,"fork":true,"archived":true}]"#
        let repositories = try GitHubRepository.decodeList(from: Data(json.utf8), source: "test")
        XCTAssertEqual(repositories, [GitHubRepository(id: 1, name: "a", fullName: "o/a", stargazersCount: 3, isFork: true, isArchived: true)])
    }

    func testMalformedBodiesBecomeDecodingErrorsThatSayWhere() {
        let cases: [(String, String)] = [
            (#"[{"id":1,"name":"a","full_name":"o/a","stargazers_count":"many"}]"#, "at [0].stargazers_count"),
            (#"[{"id":1,"name":"a","stargazers_count":1}]"#, #"missing key "full_name" at [0]"#),
            (#"[{"id":1,"name":null,"full_name":"o/a","stargazers_count":1}]"#, "at [0].name: expected String, found null"),
            (#"{"message":"Not Found"}"#, #"expected a JSON array, but the body is a JSON object with message "Not Found""#),
            (#"[{"id":1,"#, "truncated: 2 array(s) or object(s) are never closed"),
            ("<html><body>Unicorn!</body></html>", "not JSON (looks like HTML)"),
        ]
        for (body, expected) in cases {
            XCTAssertThrowsError(try GitHubRepository.decodeList(from: Data(body.utf8), source: "https://example/x")) { error in
                guard case .decodingFailed(let source, let reason) = error as? FetcherError else {
                    return XCTFail("\(body): \(error)")
                }
                XCTAssertEqual(source, "https://example/x")
                XCTAssertTrue(reason.contains(expected), "\(body): \(reason)")
            }
        }
    }

    func testEmptyBodyIsADecodingErrorThatNamesTheSource() {
        XCTAssertThrowsError(try GitHubRepository.decodeList(from: Data(), source: "x")) {
            XCTAssertEqual($0 as? FetcherError, .decodingFailed(source: "x", reason: "the body is empty"))
        }
    }

    func testEncodesWithGitHubKeys() throws {
        let data = try JSONEncoder().encode(GitHubRepository(id: 1, name: "a", fullName: "o/a", stargazersCount: 5))
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String: Any])
        XCTAssertEqual(object["full_name"] as? String, "o/a")
        XCTAssertEqual(object["stargazers_count"] as? Int, 5)
        XCTAssertEqual(try JSONDecoder().decode(GitHubRepository.self, from: data).fullName, "o/a")
    }
}
