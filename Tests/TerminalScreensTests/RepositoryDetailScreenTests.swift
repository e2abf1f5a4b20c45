import Foundation
import ViewModelKitExampleGitHub
import TerminalScreens
import XCTest

final class RepositoryDetailScreenTests: XCTestCase {
    private let utc = TimeZone(identifier: "UTC") ?? .current

    func testTheDetailScreen() {
        let detail = GitHubRepositoryDetail(
            id: 1, name: "octokit.swift", owner: "nerdishbynature", description: "A Swift API Client for GitHub and GitHub Enterprise",
            stargazersCount: 521, forksCount: 134, openIssuesCount: 6, language: "Swift", license: "MIT",
            topics: ["api-client", "github"], pushedAt: Date(timeIntervalSince1970: 1_778_770_697),
            htmlURL: URL(string: "https://github.com/nerdishbynature/octokit.swift"), isArchived: true
        )
        let frame = RepositoryDetailScreen.render(
            .init(fullName: detail.fullName, repository: detail, depth: 1), columns: 60, rows: 16, timeZone: utc
        )
        XCTAssertEqual(frame.text, """
            ‹ nerdishbynature/octokit.swift                         521★
            
            ────────────────────────────────────────────────────────────
            A Swift API Client for GitHub and GitHub Enterprise
            
            Stars       521
            Forks       134
            Open issues 6
            Language    Swift
            Licence     MIT
            Topics      api-client, github
            Last push   2026-05-14
            Page        https://github.com/nerdishbynature/octokit.swift
            Archived    yes (read-only)
            
            Esc/⌫ back  o owner's repositories  r reload  q quit
            """)
    }

    func testLoadingAndErrorAndTinyTerminals() {
        let loading = RepositoryDetailScreen.render(.init(fullName: "a/b", isLoading: true, depth: 2, spinner: "⠙"), columns: 30, rows: 5)
        XCTAssertEqual(loading.lines[0].trimmingCharacters(in: .whitespaces), "‹ ‹ a/b")
        XCTAssertEqual(loading.lines[1].trimmingCharacters(in: .whitespaces), "⠙ loading…")
        let failed = RepositoryDetailScreen.render(.init(fullName: "a/b", error: .repositoryNotFound("a/b")), columns: 40, rows: 6)
        XCTAssertTrue(failed.lines.contains { $0.hasPrefix("✖ repository \"a/b\" not found") }, failed.text)
        for (columns, rows) in [(1, 1), (2, 3), (10, 2), (200, 60)] {
            let frame = RepositoryDetailScreen.render(.init(fullName: "a/b\u{1B}[31m"), columns: columns, rows: rows)
            XCTAssertEqual(frame.lines.count, rows)
            XCTAssertFalse(frame.text.contains("\u{1B}"), "escape sequences from input are sanitized")
        }
    }
}
