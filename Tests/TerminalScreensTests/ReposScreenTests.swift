import Foundation
import ViewModelKitExampleGitHub
import TerminalScreens
import TerminalUI
import XCTest

final class ReposScreenTests: XCTestCase {
    private let utc = TimeZone(identifier: "UTC") ?? .current
    private let repositories = [
        GitHubRepository(id: 1, name: "akuma", stargazersCount: 110, description: "Embeddable daemonization library"),
        GitHubRepository(id: 2, name: "args4j", stargazersCount: 663, description: "args4j"),
        GitHubRepository(id: 3, name: "com4j", stargazersCount: 102, description: "Type-safe Java/COM binding"),
    ]

    func testTheEmptyScreenInvitesTyping() {
        let frame = ReposScreen.render(.init(), columns: 50, rows: 8, timeZone: utc)
        XCTAssertEqual(frame.text, """
            GitHub repositories                          ≥ 50★
            User: ▏
            ──────────────────────────────────────────────────
            Type a GitHub user name.



            type a user  Enter/↓ list  Ctrl-C quit
            """)
    }

    func testTheListWithStarBarsScaledToTheLargest() {
        let state = ReposScreen.State(userName: "kohsuke", focus: .list, repositories: repositories, totalCount: 60, selection: 1)
        let frame = ReposScreen.render(state, columns: 80, rows: 9, timeZone: utc)
        XCTAssertEqual(frame.text, """
            GitHub repositories                                                        ≥ 50★
            User: kohsuke
            ────────────────────────────────────────────────────────────────────────────────
              akuma   110★ ██▋               Embeddable daemonization library
            › args4j  663★ ████████████████  args4j
              com4j   102★ ██▌               Type-safe Java/COM binding

            3 of 60 repositories
            j/k move  Enter open  r refresh  m stars  / user  q quit
            """)
    }

    func testLoadingShowsTheSpinnerBesideTheField() {
        let frame = ReposScreen.render(.init(userName: "app", isLoading: true, spinner: "⠹"), columns: 40, rows: 6, timeZone: utc)
        XCTAssertEqual(frame.trimmedLines[1], "User: app▏  ⠹ loading…")
    }

    func testErrorsAreInlineWithTheResetTime() {
        let limited = ReposScreen.State(userName: "x", error: .rateLimited(resetAt: Date(timeIntervalSince1970: 1_700_000_000)))
        XCTAssertEqual(ReposScreen.render(limited, columns: 80, rows: 6, timeZone: utc).trimmedLines[3],
                       "✖ rate limited until 22:13; set GITHUB_TOKEN for more")
        let missing = ReposScreen.State(userName: "nobody", error: .userNotFound("nobody"))
        XCTAssertEqual(ReposScreen.render(missing, columns: 80, rows: 6, timeZone: utc).trimmedLines[3], "✖ user \"nobody\" not found")
    }

    func testNoMajorRepository() {
        let frame = ReposScreen.render(.init(userName: "jacquev6", repositories: [], totalCount: 10), columns: 70, rows: 6, timeZone: utc)
        XCTAssertEqual(frame.trimmedLines[3], "No repository with 50 or more stars (10 checked).")
    }

    func testTheThresholdField() {
        let frame = ReposScreen.render(.init(focus: .threshold, repositories: repositories, thresholdText: "50"), columns: 70, rows: 8, timeZone: utc)
        XCTAssertEqual(frame.trimmedLines[6], "Minimum stars: 50▏  (Enter apply, Esc cancel)")
        XCTAssertEqual(frame.trimmedLines[7], "digits  Enter apply  Esc cancel")
    }

    func testTheSelectionStaysVisibleWhenScrolling() {
        let many = (0..<100).map { GitHubRepository(id: $0, name: "repo-\($0)", stargazersCount: 100 + $0) }
        let frame = ReposScreen.render(.init(focus: .list, repositories: many, selection: 57), columns: 60, rows: 10, timeZone: utc)
        XCTAssertTrue(frame.text.contains("› repo-57"), frame.text)
        XCTAssertEqual(frame.lines.count, 10)
    }

    func testLongNamesAndDescriptionsAndNarrowTerminalsNeverBreakTheLayout() {
        let odd = [
            GitHubRepository(id: 1, name: String(repeating: "very-long-name-", count: 10), stargazersCount: 1_000_000,
                             description: "evil \u{1B}[31mred\u{1B}[0m and a\nnewline, 漢字も"),
            GitHubRepository(id: 2, name: "漢字リポジトリ", stargazersCount: 7, description: String(repeating: "word ", count: 100)),
        ]
        for (columns, rows) in [(1, 1), (10, 4), (20, 5), (33, 7), (80, 24), (200, 60)] {
            let frame = ReposScreen.render(.init(userName: String(repeating: "u", count: 39), focus: .list, repositories: odd, totalCount: 2), columns: columns, rows: rows, timeZone: utc)
            XCTAssertEqual(frame.lines.count, rows, "\(columns)×\(rows)")
            for line in frame.lines {
                XCTAssertLessThanOrEqual(TextLayout.width(of: line), columns, "\(columns)×\(rows): \(line)")
                XCTAssertFalse(line.contains("\u{1B}") || line.contains("\n"), "\(columns)×\(rows): \(line)")
            }
        }
    }
}

extension Frame {
    /// The lines without the padding to the frame's width.
    var trimmedLines: [String] { text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) }
}
